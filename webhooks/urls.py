from django.urls import path

from webhooks import views

ACTIONS = "<int:endpoint_id>/<str:action>/"

urlpatterns = [
    path("events/<slug:slug>/webhooks/", views.event_webhooks, name="event-webhooks"),
    path(
        "events/<slug:slug>/webhooks/deliveries/<uuid:delivery_uuid>/redeliver/",
        views.event_delivery_redeliver,
        name="event-delivery-redeliver",
    ),
    path(f"events/<slug:slug>/webhooks/{ACTIONS}", views.event_webhook_action, name="event-webhook-action"),
    path("me/webhooks/", views.my_webhooks, name="my-webhooks"),
    path(
        "me/webhooks/deliveries/<uuid:delivery_uuid>/redeliver/",
        views.my_delivery_redeliver,
        name="my-delivery-redeliver",
    ),
    path(f"me/webhooks/{ACTIONS}", views.my_webhook_action, name="my-webhook-action"),
]
