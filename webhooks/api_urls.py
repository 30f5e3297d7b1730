from django.urls import path

from webhooks import api

urlpatterns = [
    path("webhooks/", api.EndpointListView.as_view(), name="api-webhook-list"),
    path("webhooks/<int:pk>/", api.EndpointDetailView.as_view(), name="api-webhook-detail"),
    path("webhooks/<int:pk>/rotate-secret/", api.RotateSecretView.as_view(), name="api-webhook-rotate-secret"),
    path("webhooks/<int:pk>/ping/", api.PingView.as_view(), name="api-webhook-ping"),
    path("webhooks/<int:pk>/deliveries/", api.EndpointDeliveriesView.as_view(), name="api-webhook-deliveries"),
    path("webhooks/deliveries/<uuid:delivery_id>/", api.DeliveryDetailView.as_view(), name="api-delivery-detail"),
    path(
        "webhooks/deliveries/<uuid:delivery_id>/redeliver/",
        api.RedeliverView.as_view(),
        name="api-delivery-redeliver",
    ),
]
