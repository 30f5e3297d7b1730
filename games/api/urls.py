from django.urls import path

from games import converters  # noqa: F401  (registers <public_id:...>)
from games.api import views

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="api-game-list"),
    path("games/<slug:slug>/", views.GameDetailView.as_view(), name="api-game-detail"),
    path("logs/validate/", views.ValidateLogView.as_view(), name="api-log-validate"),
    path("records/", views.RecordListView.as_view(), name="api-record-list"),
    path("records/bulk/", views.RecordBulkView.as_view(), name="api-record-bulk"),
    path("records/<public_id:public_id>/", views.RecordDetailView.as_view(), name="api-record-detail"),
    path("live/<public_id:public_id>/", views.LiveGameView.as_view(), name="api-live-game"),
    path("live/<public_id:public_id>/moves/", views.LiveMoveView.as_view(), name="api-live-move"),
    path("live/<public_id:public_id>/actions/", views.LiveActionView.as_view(), name="api-live-action"),
]
