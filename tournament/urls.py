from django.urls import path

from tournament.views import calendars, organiser, organiser_tools, players, public, schedules, sheets, site, trf_import

urlpatterns = [
    path("", site.home, name="home"),
    path("games/<slug:slug>/", site.game_detail, name="game-detail"),
    path("events/", public.event_list, name="event-list"),
    path("events/new/", organiser.event_create, name="event-create"),
    path("events/<slug:slug>/", public.event_detail, name="event-detail"),
    path("events/<slug:slug>/playing/", public.event_live_games, name="event-live-games"),
    path("events/<slug:slug>/action/", organiser.event_action, name="event-action"),
    path("events/<slug:slug>/edit/", organiser_tools.event_edit, name="event-edit"),
    path("events/<slug:slug>/participants/bulk/", organiser_tools.participants_bulk, name="participants-bulk"),
    path("events/<slug:slug>/seeds/", organiser_tools.seeds_update, name="seeds-update"),
    path("events/<slug:slug>/conflicts/", organiser_tools.conflict_add, name="conflict-add"),
    path(
        "events/<slug:slug>/conflicts/<int:conflict_id>/remove/",
        organiser_tools.conflict_remove,
        name="conflict-remove",
    ),
    path("events/<slug:slug>/register/", players.event_register, name="event-register"),
    path("events/<slug:slug>/participants/add/", organiser.participant_add, name="participant-add"),
    path(
        "events/<slug:slug>/participants/<int:participant_id>/check-in/",
        organiser.participant_check_in,
        name="participant-check-in",
    ),
    path(
        "events/<slug:slug>/participants/<int:participant_id>/withdraw/",
        players.participant_withdraw,
        name="participant-withdraw",
    ),
    path("events/<slug:slug>/stages/add/", organiser.stage_form, name="stage-add"),
    path("events/<slug:slug>/stages/<int:stage_id>/edit/", organiser.stage_form, name="stage-edit"),
    path("events/<slug:slug>/stages/<int:stage_id>/pair/", organiser.round_pair, name="round-pair"),
    path(  # issue 18: TRF import
        "events/<slug:slug>/stages/<int:stage_id>/import-trf/",
        trf_import.stage_import_trf_page,
        name="stage-import-trf",
    ),
    path("events/<slug:slug>/jobs/<str:public_id>/", trf_import.job_detail, name="job-detail"),  # issue 31
    path("events/<slug:slug>/stages/<int:number>/rounds/<int:round_number>/", public.round_detail, name="round-detail"),
    path("events/<slug:slug>/rounds/<int:round_id>/swap/", organiser.round_swap, name="round-swap"),
    path("events/<slug:slug>/matches/", organiser.event_matches, name="event-matches"),
    path("events/<slug:slug>/matches/confirm/", organiser.event_games_confirm, name="event-games-confirm"),
    path("events/<slug:slug>/matches/<int:match_id>/", public.match_detail, name="match-detail"),
    path("events/<slug:slug>/matches/<int:match_id>/forfeit/", organiser.match_forfeit, name="match-forfeit"),
    path("events/<slug:slug>/games/<int:game_id>/", players.game_action, name="game-action"),
    path("me/matches/", players.my_matches, name="my-matches"),
    # Schedules (tournament/views/calendars.py, schedules.py)
    path("events/<slug:slug>/calendar.ics", calendars.event_calendar, name="event-calendar"),
    path("me/calendar.ics", calendars.my_calendar, name="my-calendar"),
    path("calendar/<int:user_id>/<str:token>.ics", calendars.my_calendar_private, name="my-calendar-private"),
    path("events/<slug:slug>/rounds/<int:round_id>/schedule/", schedules.round_schedule, name="round-schedule"),
    path("events/<slug:slug>/stages/<int:stage_id>/deadlines/", schedules.stage_deadlines, name="stage-deadlines"),
    # Print sheets for the venue (tournament/views/sheets.py)
    path(
        "events/<slug:slug>/stages/<int:number>/rounds/<int:round_number>/print/",
        sheets.round_sheet,
        name="round-sheet",
    ),
    path("events/<slug:slug>/stages/<int:number>/standings/print/", sheets.standings_sheet, name="standings-sheet"),
    path("events/<slug:slug>/matches/<int:match_id>/scoresheet/", sheets.match_scoresheet, name="match-scoresheet"),
]
