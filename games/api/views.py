"""The games API: the catalogue, checking a log, and stored game records."""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import cache
from django.db import DataError, transaction
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from config.api_schema import ErrorSerializer
from config.errors import error_body, error_response
from games.api.parsers import BoundedJSONParser, PlainTextParser
from games.engines import UnknownGame
from games.gamelog import LogFormatError, jsonform, parse_log
from games.gamelog.validator import validate
from games.log_errors import log_error_text
from games.models import GameRecord, LiveGame
from games.push import announce
from games.selectors import (
    HIDDEN_DUPLICATE,
    game_catalogue,
    game_entry,
    live_game_for_seat,
    live_game_for_viewer,
    may_open_record,
    public_verdict,
    record_for_viewer,
    records_visible_to,
)
from games.services import RecordRejected, record_upload, records_enqueue
from games.verdicts import translated_verdict

MAX_BULK = 100
logger = logging.getLogger(__name__)


class GameSerializer(serializers.Serializer):
    """What the API says about a game (documentation only; the data comes from GameInfo)."""

    slug = serializers.CharField()
    title = serializers.CharField()
    seats = serializers.DictField(child=serializers.IntegerField())
    kinds = serializers.ListField(child=serializers.CharField())
    hidden_information = serializers.BooleanField()
    setup_chance = serializers.BooleanField()
    options = serializers.ListField(child=serializers.DictField())
    default_tiebreaks = serializers.ListField(child=serializers.CharField())
    ai_levels = serializers.ListField(child=serializers.CharField())


class RecordSerializer(serializers.ModelSerializer):
    id = serializers.CharField(source="public_id", read_only=True, help_text="the record's public id")
    url = serializers.CharField(source="get_absolute_url", read_only=True)
    verdict = serializers.SerializerMethodField()

    def get_verdict(self, record) -> dict | None:
        request = self.context.get("request")
        return public_verdict(record, request.user) if request is not None else None

    class Meta:
        model = GameRecord
        fields = [
            "id",
            "url",
            "game",
            "status",
            "source",
            "move_count",
            "finished",
            "bad_move_ply",
            "verdict",
            "error",
            "content_hash",
            "created_at",
            "validated_at",
        ]
        read_only_fields = fields


class RecordPageSerializer(serializers.Serializer):
    """One page of records (documentation only)."""

    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = RecordSerializer(many=True)


def _game_json(entry) -> dict:
    return {**entry.info.to_json(), "ai_levels": list(entry.ai_levels)}


class GameListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=GameSerializer(many=True), summary="Every game Brume can run")
    def get(self, request):
        return Response([_game_json(entry) for entry in game_catalogue()])


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=GameSerializer, summary="One game: seats, options, tie-breaks, AI levels")
    def get(self, request, slug: str):
        try:
            return Response(_game_json(game_entry(slug)))
        except UnknownGame as exc:
            raise NotFound(str(exc)) from None


class ValidateLogView(APIView):
    """Replay a game log (JSON or text form) and return the verdict. Nothing is stored."""

    permission_classes = [AllowAny]
    parser_classes = [BoundedJSONParser, PlainTextParser]
    throttle_classes = [AnonRateThrottle]

    @extend_schema(
        request={"application/json": dict, "text/plain": str},
        responses={200: dict, 400: ErrorSerializer},
        summary="Check a game log against the game's engine",
        examples=[OpenApiExample("text form", value="Brume log 1\nGame: carnac\nSeat 1: A\nSeat 2: B\n\n1. ...")],
    )
    def post(self, request):
        try:
            log = parse_log(request.data) if isinstance(request.data, str) else jsonform.log_from_dict(request.data)
        except LogFormatError as exc:
            return error_response(400, "invalid_log", log_error_text(exc), field=exc.where)
        return Response(translated_verdict(validate(log).to_json(texts=True)))


def _rejected(exc: RecordRejected) -> dict:
    return error_body("rejected", exc.message, field=exc.where)


class RecordListView(APIView):
    """List the records you may see; upload a game log to be stored and validated by a worker."""

    permission_classes = [IsAuthenticated]
    parser_classes = [BoundedJSONParser, PlainTextParser]
    throttle_classes = [UserRateThrottle]

    def get_permissions(self):
        return [AllowAny()] if self.request.method in ("GET", "HEAD", "OPTIONS") else super().get_permissions()

    def get_throttles(self):
        if self.request.method in ("GET", "HEAD", "OPTIONS"):
            return [AnonRateThrottle(), UserRateThrottle()]
        return super().get_throttles()

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, description="only this game's records (its slug)"),
            OpenApiParameter("source", str, enum=GameRecord.Source.values, description="only records of this origin"),
            OpenApiParameter("page", int, description="the page, from 1"),
        ],
        responses={200: RecordPageSerializer, 400: ErrorSerializer},
        summary="The records you may see, newest first (a private event's records only to its people)",
        operation_id="v1_records_list",
    )
    def get(self, request):
        records = records_visible_to(request.user, listing=True)
        game, source = request.query_params.get("game"), request.query_params.get("source")
        if game:
            try:
                game_entry(game)
            except UnknownGame as exc:
                return error_response(400, "invalid", exc, field="game")
            records = records.filter(game=game)
        if source:
            if source not in GameRecord.Source.values:
                detail = gettext("source is one of %(values)s") % {"values": ", ".join(GameRecord.Source.values)}
                return error_response(400, "invalid", detail, field="source")
            records = records.filter(source=source)
        paginator = PageNumberPagination()
        page = paginator.paginate_queryset(records.order_by("-created_at", "-pk"), request, view=self)
        return paginator.get_paginated_response(RecordSerializer(page, many=True, context={"request": request}).data)

    @extend_schema(
        request={"application/json": dict, "text/plain": str},
        responses={201: RecordSerializer, 200: RecordSerializer, 400: ErrorSerializer, 409: ErrorSerializer},
        summary="Upload a game log (JSON or text form); 200 with the first record when it was uploaded before "
        "(409 when that record belongs to an event game you may not see)",
    )
    def post(self, request):
        try:
            upload = record_upload(data=request.data, by=request.user)
        except RecordRejected as exc:
            return Response(_rejected(exc), status=status.HTTP_400_BAD_REQUEST)
        if not upload.created and not may_open_record(upload.record, request.user):
            return error_response(409, "duplicate", HIDDEN_DUPLICATE)
        body = {**RecordSerializer(upload.record, context={"request": request}).data, "duplicate": not upload.created}
        headers = {"Location": upload.record.get_absolute_url()}
        return Response(body, status=status.HTTP_201_CREATED if upload.created else status.HTTP_200_OK, headers=headers)


class RecordBulkView(APIView):
    """Upload many logs at once: each gets its own answer, one bad log spoils nothing else."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [UserRateThrottle]

    @extend_schema(
        request={"application/json": dict}, responses={207: dict, 400: ErrorSerializer}, summary="Upload up to 100 logs"
    )
    def post(self, request):
        logs = request.data.get("logs") if isinstance(request.data, dict) else None
        if not isinstance(logs, list) or not logs:
            return error_response(400, "invalid", gettext('send {"logs": [...]} with one to 100 logs'), field="logs")
        if len(logs) > MAX_BULK:
            detail = gettext("at most %(count)d logs at once") % {"count": MAX_BULK}
            return error_response(400, "invalid", detail, field="logs")
        results, created = [], []
        for index, item in enumerate(logs):
            results.append(self._store_one(request, index, item, created))
        records_enqueue(created)  # sent after commit; a failed send leaves them pending for the sweep
        counts = {"stored": 0, "duplicates": 0, "refused": 0, "failed": 0}
        for entry in results:
            counts[{201: "stored", 200: "duplicates", 400: "refused"}.get(entry["status"], "failed")] += 1
        return Response({**counts, "results": results}, status=207)

    @staticmethod
    def _store_one(request, index: int, item, created: list[int]) -> dict:
        """One log of the batch, in its own savepoint: whatever goes wrong with it is its own
        entry (400 for a log Brume cannot take, 500 for a fault of ours) and the others stand."""
        if not isinstance(item, str | dict):
            detail = gettext("each log is a JSON object (the log) or a string (its text form)")
            return {"index": index, "status": 400, **error_body("rejected", detail, field=f"logs[{index}]")}
        try:
            with transaction.atomic():
                upload = record_upload(data=item, by=request.user, enqueue=False)
        except RecordRejected as exc:
            return {"index": index, "status": 400, **_rejected(exc)}
        except (DataError, TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError) as exc:
            logger.warning("bulk upload: log %d could not be stored: %r", index, exc)
            detail = gettext(
                "this log could not be read or stored as a Brume game log (check its text for "
                "control characters such as \\u0000 and for values of the wrong type)"
            )
            return {"index": index, "status": 400, **error_body("rejected", detail, field=f"logs[{index}]")}
        except Exception:
            logger.exception("bulk upload: log %d failed", index)
            detail = gettext("this log was not stored because of an error on our side; send it again later")
            return {"index": index, "status": 500, **error_body("server_error", detail, field=f"logs[{index}]")}
        if upload.created:
            created.append(upload.record.pk)
        return {
            "index": index,
            "status": 201 if upload.created else 200,
            "record": RecordSerializer(upload.record, context={"request": request}).data,
        }


class RecordDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=RecordSerializer, summary="A stored record with its verdict once validated")
    def get(self, request, public_id: str):
        record = record_for_viewer(public_id, request.user)
        if record is None:
            raise NotFound(gettext("no such record"))
        return Response(RecordSerializer(record, context={"request": request}).data)


class LiveMoveSerializer(serializers.Serializer):
    move = serializers.CharField(
        help_text="the move as your seat writes it: one of legal_moves (Brouillard: c2c4 or ?d4, without an answer)"
    )
    version = serializers.IntegerField(
        required=False,
        help_text="the game's version you saw (expected version): the move is refused with 409, nothing "
        "changed, when the game moved on since; a repeated POST of a played move is refused so",
    )


class LiveGameSerializer(serializers.Serializer):
    """A live game as one seat (or a spectator) sees it."""

    id = serializers.CharField(help_text="the live game's public id")
    game = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    my_turn = serializers.BooleanField()
    legal_moves = serializers.ListField(
        child=serializers.CharField(), help_text="your legal moves, built from your view alone; empty off your turn"
    )
    seconds_left = serializers.IntegerField(allow_null=True)
    view = serializers.DictField()
    record = serializers.CharField(allow_null=True, help_text="the public id of its record, once it is over")
    termination = serializers.CharField(
        help_text="how it ended off the board: resignation, agreement, timeout, aborted"
    )
    draw_offer = serializers.IntegerField(allow_null=True, help_text="the seat offering a draw")
    time_control = serializers.DictField(help_text='{"base": s, "increment": s}, {"per_move": s} or {}')
    clocks = serializers.ListField(child=serializers.DictField(), help_text="seconds left per seat, and which runs")
    actions = serializers.ListField(child=serializers.CharField(), help_text="what you may POST to actions/")
    history = serializers.ListField(
        child=serializers.DictField(), help_text='the moves as your seat may read them; "" for one hidden from you'
    )


class LiveActionSerializer(serializers.Serializer):
    action = serializers.ChoiceField(
        choices=["resign", "draw_offer", "draw_accept", "draw_decline", "abort", "claim_time"]
    )
    version = serializers.IntegerField(min_value=0, help_text="the game's version you saw; refused if it moved on")


def _live_json(state) -> dict:
    live = state.live
    return {
        "id": live.public_id,
        "game": live.game,
        "status": live.status,
        "version": live.version,
        "seat": state.seat,
        "my_turn": state.my_turn,
        "legal_moves": state.moves,
        "seconds_left": state.seconds_left,
        "view": state.view,
        "record": live.record.public_id if live.record_id else None,
        "termination": live.termination,
        "draw_offer": live.draw_offer if live.status == "playing" else None,
        "time_control": live.time_control,
        "clocks": [{"seat": i, "seconds": c.seconds, "running": c.running} for i, c in enumerate(state.clocks)],
        "actions": sorted(state.actions),
        "history": [{"ply": line.ply, "seat": line.seat, "text": line.text} for line in state.history],
    }


class LiveGameView(APIView):
    """A game played online: what the caller's seat may see, and its legal moves on its turn."""

    permission_classes = [AllowAny]

    @extend_schema(responses=LiveGameSerializer, summary="A live game, as your seat sees it")
    def get(self, request, public_id: str):
        from games.live import live_enforce_clock, live_view

        live = live_game_for_viewer(public_id, request.user)
        if live is None:
            raise NotFound(gettext("no such live game"))
        if live_enforce_clock(live_id=live.pk, current=live) is not None:
            live.refresh_from_db()
        return Response(_live_json(live_view(live, request.user)))


IDEMPOTENCY_SECONDS = 24 * 3600  # how long a move's Idempotency-Key is remembered


def _idempotency_key(request, live, what: str) -> str | None:
    """The cache key of a move's ``Idempotency-Key`` header (per game and user), or None."""
    sent = request.headers.get("Idempotency-Key", "")
    if what != "move" or not sent:
        return None
    digest = hashlib.sha256(sent.encode()).hexdigest()[:32]
    return f"brume:live-move-key:{live.public_id}:{request.user.pk}:{digest}"


def _announce_if_moved_on(live, sent_version: int | None) -> None:
    """A move or action refused because the game moved on since the version it was sent at: tell
    the game's streams its current version again. The change may have been stored by a web node
    that died between its commit and its push (a retry after a lost answer lands here), and the
    other seats would then wait for an event that never comes. One publish, on a refusal only;
    a stream drops a version it has already seen."""
    if sent_version is None:
        return
    current = LiveGame.objects.filter(pk=live.pk).only("public_id", "version", "revision", "status").first()
    if current is not None and current.version > sent_version:
        announce(current)


class _SeatRequest(APIView):
    """A POST from one seat of a live game: the game the caller may see, its seat in it, the
    request's data checked, the clock enforced; then ``act`` and the game as the seat sees it."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [UserRateThrottle]
    serializer_class: type[serializers.Serializer]
    what = "move"  # the word of the refusals
    example = ""  # the body a refusal of bad data shows

    def act(self, live, seat: int, data: dict):
        raise NotImplementedError

    def post(self, request, public_id: str):
        from games.live import LiveMoveRefused, ai_may_have_answered, live_enforce_clock, live_view

        live, seat = live_game_for_seat(public_id, request.user)
        if live is None:
            return error_response(404, "not_found", gettext("no such live game"))
        if seat is None:
            detail = (
                gettext("only the players of this game may move")
                if self.what == "move"
                else gettext("only the players of this game may do that")
            )
            return error_response(403, "forbidden", detail)
        data = self.serializer_class(data=request.data)
        if not data.is_valid():
            detail = gettext("send %(example)s") % {"example": self.example}
            return error_response(400, "invalid", detail, field=self.what)
        key = _idempotency_key(request, live, self.what)
        if key is not None and cache.get(key) is not None:  # sent again: played once, answered alike
            body = _live_json(live_view(live, request.user, picture=False))
            announce(live)  # the first copy's push may have failed: streams drop what they have seen
            return Response(body, headers={"Idempotent-Replayed": "true"})
        live = live_enforce_clock(live_id=live.pk, current=live) or live
        played = len(live.moves)
        try:
            live = self.act(live, seat, data.validated_data)
        except LiveMoveRefused as exc:
            _announce_if_moved_on(live, data.validated_data.get("version"))
            return error_response(409, "refused", exc, field=self.what)
        if key is not None:
            cache.set(key, live.version, IDEMPOTENCY_SECONDS)
        # The game's last move is the caller's (not when its time ran out: then nothing was played).
        moved_by = seat if self.what == "move" and len(live.moves) == played + 1 else None
        if ai_may_have_answered(live):
            live.refresh_from_db()  # embedded: an AI seat answered on commit, show its move too
            moved_by = None
        return Response(_live_json(live_view(live, request.user, picture=False, moved_by=moved_by)))


class LiveMoveView(_SeatRequest):
    """Play a move from your seat; AI seats answer by themselves."""

    serializer_class = LiveMoveSerializer
    what = "move"
    example = '{"move": "..."}'

    def act(self, live, seat: int, data: dict):
        from games.live import live_play

        return live_play(
            live_id=live.pk, seat=seat, text=data["move"], expected_version=data.get("version"), current=live
        )

    @extend_schema(
        request=LiveMoveSerializer,
        parameters=[
            OpenApiParameter(
                "Idempotency-Key",
                str,
                location=OpenApiParameter.HEADER,
                description="any unique text per move (a UUID): a POST repeated with the same key plays the move "
                "once and answers 200 with the game as your seat sees it now, with the header "
                "Idempotent-Replayed: true (remembered for a day)",
            )
        ],
        responses={
            200: LiveGameSerializer,
            400: ErrorSerializer,
            403: ErrorSerializer,
            404: ErrorSerializer,
            409: OpenApiResponse(
                ErrorSerializer,
                description="refused, nothing changed: the game moved on since the version you sent (a late or "
                "repeated move), another move arrived first, it is not your turn, the move is illegal, or the "
                "game is over; detail says which",
            ),
        },
        summary="Play a move from your seat (send the version you saw; an Idempotency-Key makes a retry safe)",
    )
    def post(self, request, public_id: str):
        return super().post(request, public_id)


class LiveActionView(_SeatRequest):
    """Resign, offer / accept / decline a draw, abort before the first move, or claim a win on
    time, from your seat (docs/live-play.md)."""

    serializer_class = LiveActionSerializer
    what = "action"
    example = '{"action": "...", "version": n}'

    def act(self, live, seat: int, data: dict):
        from games.live_actions import LIVE_ACTIONS

        return LIVE_ACTIONS[data["action"]](live_id=live.pk, seat=seat, expected_version=data["version"])

    @extend_schema(
        request=LiveActionSerializer,
        responses={200: LiveGameSerializer, 400: ErrorSerializer, 403: ErrorSerializer, 409: ErrorSerializer},
    )
    def post(self, request, public_id: str):
        return super().post(request, public_id)
