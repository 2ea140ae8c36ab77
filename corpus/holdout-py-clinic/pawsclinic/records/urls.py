from django.urls import path

from pawsclinic.records import views

urlpatterns = [
    path("pets/<int:pet_id>/certificate/", views.vaccination_certificate),
    path("pets/<int:pet_id>/xray/", views.xray_image),
    path("pets/<int:pet_id>/xray/<int:image_id>/tags/", views.tag_xray),
    path("pets/<int:pet_id>/history.csv", views.export_history),
]
