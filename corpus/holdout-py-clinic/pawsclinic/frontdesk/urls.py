from django.urls import path

from pawsclinic.frontdesk import views

urlpatterns = [
    path("appointments/search/", views.appointment_search),
    path("appointments/<int:appointment_id>/check-in/", views.check_in),
    path("microchip/", views.microchip_lookup),
    path("vaccinations/upcoming/", views.upcoming_vaccinations),
    path("reminders/preview/", views.reminder_preview),
    path("receipts/note-preview/", views.receipt_note_preview),
    path("boarding/roster/", views.boarding_roster),
    path("portal/landing/", views.portal_landing),
    path("ward/", views.ward_board),
]
