"""The games API: the catalogue, and a synchronous check of a game log."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from games.api.parsers import PlainTextParser
from games.engines import UnknownGame
from games.gamelog import LogFormatError, jsonform, parse_log
from games.gamelog.validator import validate
from games.selectors import game_catalogue, game_entry


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
    parser_classes = [JSONParser, PlainTextParser]
    throttle_classes = [AnonRateThrottle]
    throttle_scope = "anon"

    @extend_schema(
        request={"application/json": dict, "text/plain": str},
        responses={200: dict, 400: dict},
        summary="Check a game log against the game's engine",
        examples=[OpenApiExample("text form", value="Brume log 1\nGame: carnac\nSeat 1: A\nSeat 2: B\n\n1. ...")],
    )
    def post(self, request):
        try:
            if isinstance(request.data, str):
                log = parse_log(request.data)
            else:
                log = jsonform.log_from_dict(request.data)
        except LogFormatError as exc:
            return Response(
                {"error": "not a Brume game log", "detail": str(exc), "where": exc.where},
                status=status.HTTP_400_BAD_REQUEST,
            )
        return Response(validate(log).to_json())
