"""Matches and series games: reading them, and the result actions on the ledger (report,
confirm, dispute, decide) with optimistic concurrency through ETag / If-Match."""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from tournament import selectors
from tournament.api.base import TournamentView, errors, event_match, match_game, validated, visible_event
from tournament.api.concurrency import expected_version, game_etag, none_match
from tournament.api.inputs import ConfirmReportedInput, DecisionInput, DisputeInput, ForfeitInput, ResultInput
from tournament.api.serializers import MatchDetailSerializer, PlayerTaskSerializer, SeriesGameSerializer
from tournament.errors import NotAllowed, StaleVersion
from tournament.models import ResultEntry, SeriesGame
from tournament.organiser_lists import MATCH_NEEDS, matches_needing
from tournament.services.bulk_results import games_confirm_reported
from tournament.services.events import check_organiser
from tournament.services.results import game_confirm, game_decide, game_dispute, game_report, ranks_from_winner
from tournament.services.walkovers import match_forfeit
from tournament.silence import HIDDEN, match_hidden_from

MATCH_TAGS = ["matches"]
GAME_TAGS = ["series games"]

IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description='the ETag of the game you read, e.g. "game-12-v3": the write is refused with 412 if the result '
    "changed since. Optional: without it the write applies to the current result.",
)
ETAG_HEADER = OpenApiResponse(SeriesGameSerializer, description="the game; the ETag header holds its new version")


class MatchDetailView(TournamentView):
    @extend_schema(
        tags=MATCH_TAGS,
        summary="A match: its seats, series result and games",
        responses={200: MatchDetailSerializer, **errors(404)},
    )
    def get(self, request, slug: str, match_id: int):
        match = event_match(visible_event(request, slug), match_id)
        refuse_if_silent(request, match)
        return Response(MatchDetailSerializer(selectors.match_detail(match.pk)).data)


def refuse_if_silent(request, match) -> None:
    """A match of a silent round is read only by its players and the organisers until the round is over."""
    if match_hidden_from(request.user, match):
        raise NotAllowed(_(HIDDEN), code="results_hidden")


class MatchForfeitView(TournamentView):
    @extend_schema(
        tags=MATCH_TAGS,
        summary="Record a forfeit (organisers): the other player wins every game the series still needs",
        request=ForfeitInput,
        responses={200: MatchDetailSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str, match_id: int):
        match = event_match(visible_event(request, slug), match_id)
        data = validated(ForfeitInput, request)
        match_forfeit(match=match, by=request.user, absent=data["absent"], reason=data["reason"])
        return Response(MatchDetailSerializer(selectors.match_detail(match.pk)).data)


def game_with_ledger(game_id: int) -> SeriesGame:
    entries = ResultEntry.objects.select_related("author", "participant").order_by("version")
    return (
        SeriesGame.objects.select_related("match", "reported_by", "record", "record_reporter")
        .prefetch_related("match__seats__participant", Prefetch("ledger", queryset=entries))
        .get(pk=game_id)
    )


def game_response(game_id: int, status_code: int = status.HTTP_200_OK) -> Response:
    game = game_with_ledger(game_id)
    return Response(SeriesGameSerializer(game).data, status=status_code, headers={"ETag": game_etag(game)})


class SeriesGameView(TournamentView):
    @extend_schema(
        tags=GAME_TAGS,
        summary="A series game with its result ledger; the ETag header holds its version",
        parameters=[OpenApiParameter("If-None-Match", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False)],
        responses={200: ETAG_HEADER, 304: OpenApiResponse(description="your copy is current"), **errors(404)},
    )
    def get(self, request, slug: str, match_id: int, game_number: int):
        match = event_match(visible_event(request, slug), match_id)
        refuse_if_silent(request, match)
        game = match_game(match, game_number)
        if none_match(request.headers.get("If-None-Match"), game):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"ETag": game_etag(game)})
        return game_response(game.pk)


class LedgerActionView(TournamentView):
    """Base of the result actions: find the game, honour If-Match, run the service."""

    def post(self, request, slug: str, match_id: int, game_number: int):
        event = visible_event(request, slug)
        match = event_match(event, match_id)
        refuse_if_silent(request, match)  # nobody outside the match acts on it; its versions say nothing
        game = match_game(match, game_number)
        self.precheck(request, event)
        data = validated(self.inputs["POST"], request) if "POST" in self.inputs else {}
        try:
            version = expected_version(request.headers.get("If-Match"), game)
            self.act(request, game, data, version)
        except StaleVersion as exc:
            exc.game_id = game.pk  # the 412 carries the current ETag
            raise
        return game_response(game.pk)

    def precheck(self, request, event) -> None:
        """A check on who asks before reading the body (the service checks again)."""

    def act(self, request, game: SeriesGame, data: dict, version: int | None) -> None:
        raise NotImplementedError


def result_ranks(game: SeriesGame, data: dict) -> list[int]:
    if "ranks" in data:
        return data["ranks"]
    return ranks_from_winner(game, data.get("winner"))


def _action_schema(summary: str, request, statuses=(400, 401, 403, 404, 412)):
    return extend_schema(
        tags=GAME_TAGS,
        summary=summary,
        request=request,
        parameters=[IF_MATCH],
        responses={200: ETAG_HEADER, **errors(*statuses)},
    )


class ReportView(LedgerActionView):
    inputs = {"POST": ResultInput}

    @_action_schema("Report a game's result (a player of the match)", ResultInput)
    def post(self, request, slug: str, match_id: int, game_number: int):
        return super().post(request, slug, match_id, game_number)

    def act(self, request, game, data, version):
        game_report(
            game=game,
            by=request.user,
            ranks=result_ranks(game, data),
            scores=data.get("scores"),
            expected_version=version,
        )


class ConfirmView(LedgerActionView):
    @_action_schema("Confirm the reported result (the opponent, or an organiser)", None)
    def post(self, request, slug: str, match_id: int, game_number: int):
        return super().post(request, slug, match_id, game_number)

    def act(self, request, game, data, version):
        game_confirm(game=game, by=request.user, expected_version=version)


class DisputeView(LedgerActionView):
    inputs = {"POST": DisputeInput}

    @_action_schema("Dispute the reported result (the opponent); an organiser will rule", DisputeInput)
    def post(self, request, slug: str, match_id: int, game_number: int):
        return super().post(request, slug, match_id, game_number)

    def act(self, request, game, data, version):
        game_dispute(game=game, by=request.user, reason=data["reason"], expected_version=version)


class DecideView(LedgerActionView):
    inputs = {"POST": DecisionInput}

    @_action_schema("Rule on a dispute or correct a result (organisers), with a reason", DecisionInput)
    def post(self, request, slug: str, match_id: int, game_number: int):
        return super().post(request, slug, match_id, game_number)

    def precheck(self, request, event) -> None:
        check_organiser(request.user, event)

    def act(self, request, game, data, version):
        game_decide(
            game=game,
            by=request.user,
            ranks=result_ranks(game, data),
            scores=data.get("scores"),
            reason=data["reason"],
            expected_version=version,
        )


class MyTasksView(TournamentView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=MATCH_TAGS,
        summary="Your open matches and what each expects of you",
        responses={200: PlayerTaskSerializer(many=True), **errors(401)},
    )
    def get(self, request):
        return Response(PlayerTaskSerializer(selectors.player_tasks(request.user), many=True).data)


class OpenGameSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    number = serializers.IntegerField()
    status = serializers.CharField()
    version = serializers.IntegerField()


class OpenMatchSerializer(serializers.Serializer):
    match = serializers.IntegerField(source="match.pk")
    stage = serializers.IntegerField(source="match.round.stage.number")
    round = serializers.IntegerField(source="match.round.number")
    table = serializers.IntegerField(source="match.table")
    games = OpenGameSerializer(many=True, help_text="its games without a confirmed result")


class RefusedSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="game_id")
    reason = serializers.CharField()


class BulkConfirmationSerializer(serializers.Serializer):
    confirmed = OpenGameSerializer(many=True)
    refused = RefusedSerializer(many=True)


class OpenMatchesView(TournamentView):
    @extend_schema(
        tags=MATCH_TAGS,
        summary="Open matches (organisers), filtered by what they need: ?needs=dispute, confirmation or result",
        parameters=[OpenApiParameter("needs", OpenApiTypes.STR, enum=list(MATCH_NEEDS), required=False)],
        responses={200: OpenMatchSerializer(many=True), **errors(401, 403, 404)},
    )
    def get(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        needs = request.query_params.get("needs")
        if any(value not in MATCH_NEEDS for value in request.query_params.getlist("needs")):
            choices = ", ".join(MATCH_NEEDS)
            raise exceptions.ValidationError({"needs": [_("one of %(choices)s") % {"choices": choices}]})
        rows = matches_needing(event, needs if needs in MATCH_NEEDS else None)
        return Response(OpenMatchSerializer(rows, many=True).data)


class ConfirmReportedView(TournamentView):
    inputs = {"POST": ConfirmReportedInput}

    @extend_schema(
        tags=GAME_TAGS,
        summary="Confirm many reported results at once (organisers); each with the version you read",
        description="Each game is confirmed on its own; one that changed since its version, is not reported, "
        "or is not a game of this event is listed under `refused` with the reason, and the others still are.",
        request=ConfirmReportedInput,
        responses={200: BulkConfirmationSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request, slug: str):
        event = visible_event(request, slug)
        check_organiser(request.user, event)
        data = validated(ConfirmReportedInput, request)
        items = [(item["id"], item["version"]) for item in data["games"]]
        return Response(
            BulkConfirmationSerializer(games_confirm_reported(event=event, by=request.user, items=items)).data
        )
