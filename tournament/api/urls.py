"""The tournament REST API (DRF): thin views over tournament.services and tournament.selectors.

Everything of an event lives under its slug; stages are named by number, rounds by number inside
their stage, matches by id, and series games by number inside their match.
"""

from django.urls import path

from tournament.api.views import auth, events, exports, participants, results, stages, trf_import

EVENT = "events/<slug:slug>/"
STAGE = EVENT + "stages/<int:number>/"
ROUND = STAGE + "rounds/<int:round_number>/"
MATCH = EVENT + "matches/<int:match_id>/"
GAME = MATCH + "games/<int:game_number>/"

urlpatterns = [
    path("auth/token/", auth.TokenView.as_view(), name="api-token"),
    path("me/tasks/", results.MyTasksView.as_view(), name="api-my-tasks"),
    path("players/<str:username>/calendar.ics", exports.PlayerCalendarView.as_view(), name="api-player-calendar"),
    # Events
    path("events/", events.EventListView.as_view(), name="api-event-list"),
    path(EVENT, events.EventDetailView.as_view(), name="api-event-detail"),
    path(EVENT + "open-registration/", events.OpenRegistrationView.as_view(), name="api-event-open-registration"),
    path(EVENT + "start/", events.StartEventView.as_view(), name="api-event-start"),
    path(EVENT + "finish/", events.FinishEventView.as_view(), name="api-event-finish"),
    path(EVENT + "next-actions/", events.NextActionsView.as_view(), name="api-event-next-actions"),
    path(EVENT + "results.csv", exports.ResultsCSVView.as_view(), name="api-event-results-csv"),
    path(EVENT + "calendar.ics", exports.EventCalendarView.as_view(), name="api-event-calendar"),
    # Participants
    path(EVENT + "participants/", participants.ParticipantListView.as_view(), name="api-participant-list"),
    path(EVENT + "participants/register/", participants.RegisterView.as_view(), name="api-participant-register"),
    path(
        EVENT + "participants/me/withdraw/", participants.WithdrawMeView.as_view(), name="api-participant-withdraw-me"
    ),
    path(
        EVENT + "participants/bulk/preview/",
        participants.BulkPreviewView.as_view(),
        name="api-participant-bulk-preview",
    ),
    path(EVENT + "participants/bulk/", participants.BulkAddView.as_view(), name="api-participant-bulk"),
    path(EVENT + "seeds/", participants.SeedsView.as_view(), name="api-seeds"),
    path(EVENT + "seeds/by-rating/", participants.SeedByRatingView.as_view(), name="api-seeds-by-rating"),
    path(EVENT + "ai-levels/", participants.AILevelsView.as_view(), name="api-ai-levels"),
    path(EVENT + "conflicts/", participants.ConflictListView.as_view(), name="api-conflict-list"),
    path(EVENT + "conflicts/<int:conflict_id>/", participants.ConflictDetailView.as_view(), name="api-conflict-detail"),
    path(
        EVENT + "participants/<int:participant_id>/",
        participants.ParticipantDetailView.as_view(),
        name="api-participant-detail",
    ),
    path(
        EVENT + "participants/<int:participant_id>/withdraw/",
        participants.WithdrawView.as_view(),
        name="api-participant-withdraw",
    ),
    path(
        EVENT + "participants/<int:participant_id>/check-in/",
        participants.CheckInView.as_view(),
        name="api-participant-check-in",
    ),
    # Stages and rounds
    path(EVENT + "stages/", stages.StageListView.as_view(), name="api-stage-list"),
    path(STAGE, stages.StageDetailView.as_view(), name="api-stage-detail"),
    path(STAGE + "close/", stages.StageCloseView.as_view(), name="api-stage-close"),
    path(STAGE + "standings.csv", exports.StandingsCSVView.as_view(), name="api-stage-standings-csv"),
    path(STAGE + "report.trf", exports.StageTRFView.as_view(), name="api-stage-trf"),
    path(STAGE + "import.trf", trf_import.StageImportTRFView.as_view(), name="api-stage-import-trf"),  # issue 18
    path(EVENT + "jobs/<str:public_id>/", trf_import.JobDetailView.as_view(), name="api-job-detail"),  # issue 31
    path(STAGE + "rounds/", stages.RoundListView.as_view(), name="api-round-list"),
    path(STAGE + "rounds/preview/", stages.RoundPreviewView.as_view(), name="api-round-preview"),
    path(ROUND, stages.RoundDetailView.as_view(), name="api-round-detail"),
    path(ROUND + "pairings.csv", exports.PairingsCSVView.as_view(), name="api-round-pairings-csv"),
    # Matches and series games
    path(EVENT + "matches/", results.OpenMatchesView.as_view(), name="api-open-matches"),
    path(EVENT + "results/confirm-reported/", results.ConfirmReportedView.as_view(), name="api-confirm-reported"),
    path(MATCH, results.MatchDetailView.as_view(), name="api-match-detail"),
    path(MATCH + "forfeit/", results.MatchForfeitView.as_view(), name="api-match-forfeit"),
    path(GAME, results.SeriesGameView.as_view(), name="api-series-game-detail"),
    path(GAME + "report/", results.ReportView.as_view(), name="api-series-game-report"),
    path(GAME + "confirm/", results.ConfirmView.as_view(), name="api-series-game-confirm"),
    path(GAME + "dispute/", results.DisputeView.as_view(), name="api-series-game-dispute"),
    path(GAME + "decide/", results.DecideView.as_view(), name="api-series-game-decide"),
]
