from django.urls import path

from ranking import api

urlpatterns = [
    path(
        "events/<slug:slug>/stages/<int:number>/standings/",
        api.StageStandingsView.as_view(),
        name="api-stage-standings",
    ),
    path("ratings/", api.PoolListView.as_view(), name="api-rating-pools"),
    path("ratings/players/<str:username>/", api.PlayerView.as_view(), name="api-rating-player"),
    path("ratings/<slug:pool>/", api.LeaderboardView.as_view(), name="api-leaderboard"),
]
