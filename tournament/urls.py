from django.urls import path

from tournament import views

urlpatterns = [
    path("events/", views.event_list, name="event-list"),
    path("events/new/", views.event_create, name="event-create"),
    path("events/<slug:slug>/", views.event_detail, name="event-detail"),
    path("events/<slug:slug>/action/", views.event_action, name="event-action"),
    path("events/<slug:slug>/register/", views.event_register, name="event-register"),
    path("events/<slug:slug>/participants/add/", views.participant_add, name="participant-add"),
    path(
        "events/<slug:slug>/participants/<int:participant_id>/check-in/",
        views.participant_check_in,
        name="participant-check-in",
    ),
    path(
        "events/<slug:slug>/participants/<int:participant_id>/withdraw/",
        views.participant_withdraw,
        name="participant-withdraw",
    ),
    path("events/<slug:slug>/stages/add/", views.stage_form, name="stage-add"),
    path("events/<slug:slug>/stages/<int:stage_id>/edit/", views.stage_form, name="stage-edit"),
    path("events/<slug:slug>/stages/<int:stage_id>/pair/", views.round_pair, name="round-pair"),
    path("events/<slug:slug>/stages/<int:number>/rounds/<int:round_number>/", views.round_detail, name="round-detail"),
    path("events/<slug:slug>/rounds/<int:round_id>/swap/", views.round_swap, name="round-swap"),
    path("events/<slug:slug>/matches/<int:match_id>/", views.match_detail, name="match-detail"),
    path("events/<slug:slug>/matches/<int:match_id>/forfeit/", views.match_forfeit, name="match-forfeit"),
    path("events/<slug:slug>/games/<int:game_id>/", views.game_action, name="game-action"),
    path("me/matches/", views.my_matches, name="my-matches"),
]
