"""The games API: the catalogue, checking a log, and stored game records."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle
from rest_framework.views import APIView

from games.api.parsers import BoundedJSONParser, PlainTextParser
from games.engines import UnknownGame
from games.gamelog import LogFormatError, jsonform, parse_log
from games.gamelog.validator import validate
from games.models import GameRecord
from games.selectors import game_catalogue, game_entry, public_verdict
from games.services import RecordRejected, record_upload, records_enqueue

MAX_BULK = 100


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


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField()
    detail = serializers.CharField()
    where = serializers.CharField(allow_null=True)


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
            return Response(
                {"error": "not a Brume game log", "detail": str(exc), "where": exc.where},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(validate(log).to_json())


def _rejected(exc: RecordRejected) -> dict:
    return {"error": "rejected", "detail": exc.message, "where": exc.where}


class RecordListView(APIView):
    """Upload a game log to be stored and validated by a worker."""

    permission_classes = [IsAuthenticated]
    parser_classes = [BoundedJSONParser, PlainTextParser]
    throttle_classes = [UserRateThrottle]

    @extend_schema(
        request={"application/json": dict, "text/plain": str},
        responses={201: RecordSerializer, 200: RecordSerializer, 400: ErrorSerializer},
        summary="Upload a game log (JSON or text form); 200 with the first record when it was uploaded before",
    )
    def post(self, request):
        try:
            upload = record_upload(data=request.data, by=request.user)
        except RecordRejected as exc:
            return Response(_rejected(exc), status=status.HTTP_400_BAD_REQUEST)
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
            return Response(
                {"error": "invalid", "detail": 'send {"logs": [...]} with one to 100 logs', "where": "logs"}, status=400
            )
        if len(logs) > MAX_BULK:
            return Response(
                {"error": "invalid", "detail": f"at most {MAX_BULK} logs at once", "where": "logs"}, status=400
            )
        results, created = [], []
        for index, item in enumerate(logs):
            try:
                upload = record_upload(data=item, by=request.user, enqueue=False)
            except RecordRejected as exc:
                results.append({"index": index, "status": 400, **_rejected(exc)})
            else:
                if upload.created:
                    created.append(upload.record.pk)
                results.append(
                    {
                        "index": index,
                        "status": 201 if upload.created else 200,
                        "record": RecordSerializer(upload.record, context={"request": request}).data,
                    }
                )
        records_enqueue(created)
        return Response({"results": results}, status=207)


class RecordDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=RecordSerializer, summary="A stored record with its verdict once validated")
    def get(self, request, pk: int):
        record = GameRecord.objects.filter(pk=pk).first()
        if record is None:
            raise NotFound("no such record")
        return Response(RecordSerializer(record, context={"request": request}).data)


class LiveMoveSerializer(serializers.Serializer):
    move = serializers.CharField(help_text="the move in the game's notation")
    version = serializers.IntegerField(required=False, help_text="the game's version you saw; refused if it moved on")


class LiveGameSerializer(serializers.Serializer):
    """A live game as one seat (or a spectator) sees it."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    my_turn = serializers.BooleanField()
    legal_moves = serializers.ListField(child=serializers.CharField())
    seconds_left = serializers.IntegerField(allow_null=True)
    view = serializers.DictField()
    record = serializers.IntegerField(allow_null=True)


def _live_json(state) -> dict:
    live = state.live
    return {
        "id": live.pk,
        "game": live.game,
        "status": live.status,
        "version": live.version,
        "seat": state.seat,
        "my_turn": state.my_turn,
        "legal_moves": state.moves,
        "seconds_left": state.seconds_left,
        "view": state.view,
        "record": live.record_id,
    }


class LiveGameView(APIView):
    """A game played online: what the caller's seat may see, and its legal moves on its turn."""

    permission_classes = [AllowAny]

    @extend_schema(responses=LiveGameSerializer, summary="A live game, as your seat sees it")
    def get(self, request, pk: int):
        from games.live import live_enforce_clock, live_view
        from games.models import LiveGame

        live = LiveGame.objects.filter(pk=pk).first()
        if live is None:
            raise NotFound("no such live game")
        if live_enforce_clock(live_id=live.pk) is not None:
            live.refresh_from_db()
        return Response(_live_json(live_view(live, request.user)))


class LiveMoveView(APIView):
    """Play a move from your seat; AI seats answer by themselves."""

    permission_classes = [IsAuthenticated]
    throttle_classes = [UserRateThrottle]

    @extend_schema(
        request=LiveMoveSerializer, responses={200: LiveGameSerializer, 400: ErrorSerializer, 403: ErrorSerializer}
    )
    def post(self, request, pk: int):
        from games.live import LiveMoveRefused, live_enforce_clock, live_play, live_view, seat_of
        from games.models import LiveGame

        live = LiveGame.objects.filter(pk=pk).first()
        if live is None:
            raise NotFound("no such live game")
        seat = seat_of(live, request.user)
        if seat is None:
            return Response(
                {"error": "forbidden", "detail": "only the players of this game may move", "where": None}, status=403
            )
        data = LiveMoveSerializer(data=request.data)
        if not data.is_valid():
            return Response({"error": "invalid", "detail": 'send {"move": "..."}', "where": "move"}, status=400)
        live_enforce_clock(live_id=live.pk)
        try:
            live = live_play(
                live_id=live.pk,
                seat=seat,
                text=data.validated_data["move"],
                expected_version=data.validated_data.get("version"),
            )
        except LiveMoveRefused as exc:
            return Response({"error": "refused", "detail": str(exc), "where": "move"}, status=409)
        return Response(_live_json(live_view(live, request.user)))
