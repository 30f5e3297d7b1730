from django.urls import path

from notifications import api

urlpatterns = [
    path("me/notifications/", api.MyNotificationsView.as_view(), name="api-my-notifications"),
    path("me/notifications/read-all/", api.NotificationsReadAllView.as_view(), name="api-notifications-read-all"),
    path(
        "me/notifications/preferences/",
        api.NotificationPreferencesView.as_view(),
        name="api-notification-preferences",
    ),
    path(
        "me/notifications/<int:notification_id>/read/",
        api.NotificationReadView.as_view(),
        name="api-notification-read",
    ),
]
