from django.urls import path

from notifications import views

urlpatterns = [
    path("me/notifications/", views.my_notifications, name="my-notifications"),
    path("me/notifications/<int:notification_id>/read/", views.notification_read, name="notification-read"),
    path("me/notifications/read-all/", views.notifications_read_all, name="notifications-read-all"),
    path("me/notifications/preferences/", views.notification_preferences, name="notification-preferences"),
]
