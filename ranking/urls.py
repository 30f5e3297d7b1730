from django.urls import path

from ranking import views

urlpatterns = [
    path("events/<slug:slug>/stages/<int:number>/standings/", views.stage_standings, name="ranking-stage-standings"),
    path("ratings/", views.pool_list, name="ranking-pools"),
    path("ratings/players/<str:username>/", views.player_detail, name="ranking-player"),
    path("ratings/<slug:pool>/", views.leaderboard, name="ranking-leaderboard"),
]
