from django.urls import path

from . import views

urlpatterns = [
    path("notes/by-owner/", views.notes_by_owner),
    path("notes/by-title/", views.notes_by_title),
    path("banner/", views.banner),
    path("notice/", views.notice),
    path("notes/import/", views.import_notes),
]
