from django.urls import path

from games import converters, views  # noqa: F401  (converters registers <public_id:...>)
from games.jsi18n import javascript_catalogue
from games.push.views import live_game_events

urlpatterns = [
    path("games/<slug:slug>/rules/", views.game_rules, name="game-rules"),
    path("records/upload/", views.record_upload_page, name="record-upload"),
    path("records/<public_id:public_id>/", views.record_detail, name="record-detail"),
    path("records/<public_id:public_id>/log/", views.record_log, name="record-log"),
    path("me/records/", views.my_records, name="my-records"),
    path("play/<public_id:public_id>/", views.live_game, name="live-game"),
    path("play/<public_id:public_id>/events/", live_game_events, name="live-game-events"),
    path("ai/", views.ai_batch_list, name="ai-batch-list"),
    path("ai/start/", views.ai_batch_start, name="ai-batch-start"),
    path("ai/<int:pk>/", views.ai_batch_detail, name="ai-batch-detail"),
    path("jsi18n/<str:language>/", javascript_catalogue, name="javascript-catalogue"),
]
