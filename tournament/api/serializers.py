"""Output serializers: what the API says about events, participants, stages, rounds, matches and
series games. Read-only; the request bodies are in ``tournament.api.inputs``.
"""

from __future__ import annotations

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournament.models import Event, Match, MatchSeat, Participant, ResultEntry, Round, SeriesGame, Stage
from tournament.pairing.groups import group_name
from tournament.permissions import is_organiser


class StatusField(serializers.ChoiceField):
    """A read-only status with its own named enum in the schema (EventStatus, MatchStatus…):
    several models have a ``status`` with different choices, and one name per set keeps the
    schema unambiguous."""

    def __init__(self, choices_class, schema_name: str, **kwargs):
        self.schema_name = schema_name
        kwargs.setdefault("read_only", True)
        super().__init__(choices=choices_class.choices, **kwargs)


class StatusFieldSchema(OpenApiSerializerFieldExtension):
    target_class = StatusField

    def map_serializer_field(self, auto_schema, direction):
        field = self.target
        schema = {"type": "string", "enum": list(field.choices), "description": _choices_text(field.choices)}
        component = ResolvedComponent(
            name=field.schema_name, type=ResolvedComponent.SCHEMA, object=field.schema_name, schema=schema
        )
        auto_schema.registry.register_on_missing(component)
        return component.ref


def _choices_text(choices: dict) -> str:
    return "\n".join(f"* `{value}` - {label}" for value, label in choices.items())


class ParticipantBriefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Participant
        fields = ["id", "name", "seed", "is_ai"]
        read_only_fields = fields


class ParticipantSerializer(serializers.ModelSerializer):
    user = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)
    status = StatusField(Participant.Status, "ParticipantStatus")

    class Meta:
        model = Participant
        fields = [
            "id", "name", "user", "ai_level", "is_ai", "seed", "rating", "club", "checked_in", "status",
            "withdrawn_after_round", "late_entry_round", "granted_points",
        ]  # fmt: skip
        read_only_fields = fields


class WithdrawalSerializer(ParticipantSerializer):
    removed = serializers.BooleanField(
        read_only=True, help_text="true when the registration was deleted (before any match was played)"
    )

    class Meta(ParticipantSerializer.Meta):
        fields = [*ParticipantSerializer.Meta.fields, "removed"]
        read_only_fields = fields


class StageSerializer(serializers.ModelSerializer):
    status = StatusField(Stage.Status, "StageStatus")
    rounds_published = serializers.SerializerMethodField()

    class Meta:
        model = Stage
        fields = [
            "number", "name", "format", "settings", "series_length", "points_win", "points_draw", "points_loss",
            "points_bye", "tiebreaks", "level_series", "advance_count", "status", "rounds_published", "groups",
            "time_base_minutes", "time_increment_seconds", "time_days_per_move", "auto_confirm_hours", "at_deadline",
        ]  # fmt: skip
        read_only_fields = fields

    groups = serializers.SerializerMethodField(
        help_text="a group stage's groups once drawn (at round 1): each a name and its participant ids"
    )

    def get_rounds_published(self, stage: Stage) -> int:
        return stage.rounds.count()

    def get_groups(self, stage: Stage) -> list[dict] | None:
        if not stage.groups:
            return None
        return [{"name": group_name(index), "participants": ids} for index, ids in enumerate(stage.groups)]


class ViewerSerializer(serializers.Serializer):
    """What the caller is in this event."""

    organiser = serializers.BooleanField()
    participant_id = serializers.IntegerField(allow_null=True)


class EventSerializer(serializers.ModelSerializer):
    owner = serializers.SlugRelatedField(slug_field="username", read_only=True)
    status = StatusField(Event.Status, "EventStatus")
    participant_count = serializers.SerializerMethodField()

    class Meta:
        model = Event
        fields = [
            "slug", "name", "game", "options", "description", "location", "starts_on", "status", "visibility",
            "owner", "participant_count", "created_at", "updated_at", "time_zone", "starts_at",
        ]  # fmt: skip
        read_only_fields = fields

    def get_participant_count(self, event: Event) -> int:
        annotated = getattr(event, "participant_count", None)
        return annotated if annotated is not None else event.participants.count()


class EventDetailSerializer(EventSerializer):
    arbiters = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    stages = StageSerializer(many=True, read_only=True)
    you = serializers.SerializerMethodField()

    class Meta(EventSerializer.Meta):
        fields = [*EventSerializer.Meta.fields, "arbiters", "stages", "you"]
        read_only_fields = fields

    @extend_schema_field(ViewerSerializer)
    def get_you(self, event: Event) -> dict:
        user = self.context["request"].user
        mine = (
            event.participants.filter(user=user).values_list("pk", flat=True).first() if user.is_authenticated else None
        )
        return {"organiser": is_organiser(user, event), "participant_id": mine}


class SeatSerializer(serializers.ModelSerializer):
    participant = ParticipantBriefSerializer(read_only=True)

    class Meta:
        model = MatchSeat
        fields = ["seat", "participant", "rank", "games_won", "score_total", "match_points"]
        read_only_fields = fields


class GameBriefSerializer(serializers.ModelSerializer):
    status = StatusField(SeriesGame.Status, "GameStatus")

    class Meta:
        model = SeriesGame
        fields = ["number", "status", "seat_order", "ranks", "scores", "version"]
        read_only_fields = fields


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    games = GameBriefSerializer(many=True, read_only=True)
    status = StatusField(Match.Status, "MatchStatus")

    class Meta:
        model = Match
        fields = ["id", "table", "label", "is_bye", "status", "seats", "games"]
        read_only_fields = fields


class MatchDetailSerializer(MatchSerializer):
    event = serializers.CharField(source="round.stage.event.slug", read_only=True)
    stage = serializers.IntegerField(source="round.stage.number", read_only=True)
    round = serializers.IntegerField(source="round.number", read_only=True)
    series_length = serializers.IntegerField(source="round.stage.series_length", read_only=True)
    setup_seed = serializers.SerializerMethodField(
        help_text="a duplicate round's shared setup seed, shown once the round is over (null before, and for "
        "other rounds): from it the whole setup, hidden parts included, can be rebuilt"
    )

    class Meta(MatchSerializer.Meta):
        fields = [
            "id", "event", "stage", "round", "table", "label", "is_bye", "status", "series_length", "seats", "games",
            "setup_seed", "explanation", "completed_at",
        ]  # fmt: skip
        read_only_fields = fields

    def get_setup_seed(self, match: Match) -> int | None:
        return match.setup_seed if match.round.status == Round.Status.CLOSED else None


class RoundSerializer(serializers.ModelSerializer):
    published_by = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)
    matches = MatchSerializer(many=True, read_only=True)
    status = StatusField(Round.Status, "RoundStatus")

    class Meta:
        model = Round
        fields = ["number", "status", "seed", "published_at", "published_by", "starts_at", "report_deadline", "matches"]
        read_only_fields = fields


class RoundDetailSerializer(RoundSerializer):
    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "explanation"]
        read_only_fields = fields


class LedgerEntrySerializer(serializers.ModelSerializer):
    author = serializers.SlugRelatedField(slug_field="username", read_only=True, allow_null=True)
    participant = ParticipantBriefSerializer(read_only=True, allow_null=True)
    status_after = StatusField(SeriesGame.Status, "GameStatus")

    class Meta:
        model = ResultEntry
        fields = ["version", "action", "role", "author", "participant", "ranks", "scores", "reason", "status_after"]
        fields += ["created_at"]
        read_only_fields = fields


class SeriesGameSerializer(serializers.ModelSerializer):
    """One game of a series with its whole ledger. ``players`` follow the seat order of this game."""

    match = serializers.IntegerField(source="match_id", read_only=True)
    players = serializers.SerializerMethodField()
    reported_by = ParticipantBriefSerializer(read_only=True, allow_null=True)
    ledger = LedgerEntrySerializer(many=True, read_only=True)
    status = StatusField(SeriesGame.Status, "GameStatus")
    record = serializers.CharField(
        source="record.public_id",
        read_only=True,
        allow_null=True,
        default=None,
        help_text="the public id of the game's log",
    )
    log_reported_by = ParticipantBriefSerializer(
        source="record_reporter",
        read_only=True,
        allow_null=True,
        help_text="the player whose report the attached log is; null when Brume or an organiser attached it",
    )
    log_effect = serializers.SerializerMethodField(help_text="what the attached log does to the result")

    class Meta:
        model = SeriesGame
        fields = [
            "match", "number", "players", "status", "ranks", "scores", "version", "reported_by", "ledger",
            "record", "log_reported_by", "log_effect",
        ]  # fmt: skip
        read_only_fields = fields

    def get_log_effect(self, game: SeriesGame) -> str:
        from tournament.services.logs import log_effect

        return log_effect(game)

    @extend_schema_field(ParticipantBriefSerializer(many=True))
    def get_players(self, game: SeriesGame) -> list[dict]:
        by_id = {seat.participant_id: seat.participant for seat in game.match.seats.all()}
        return [ParticipantBriefSerializer(by_id[pid]).data for pid in game.seat_order if pid in by_id]


# Previews are not rows: plain serializers over the pairing's JSON.


class PreviewSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    participant = ParticipantBriefSerializer()


class PreviewTableSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    label = serializers.CharField()
    seats = PreviewSeatSerializer(many=True)
    explanation = serializers.JSONField()


class PreviewOmissionSerializer(serializers.Serializer):
    participant = ParticipantBriefSerializer()
    reason = serializers.CharField()


class RoundPreviewSerializer(serializers.Serializer):
    """The next round as it would be paired now. Nothing is stored."""

    number = serializers.IntegerField()
    format = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)
    tables = PreviewTableSerializer(many=True)
    byes = PreviewOmissionSerializer(many=True)
    absences = PreviewOmissionSerializer(many=True)
    notes = serializers.ListField(child=serializers.CharField())


class NextActionSerializer(serializers.Serializer):
    label = serializers.CharField()
    detail = serializers.CharField()
    action = serializers.CharField()
    urgent = serializers.BooleanField()
    needs = serializers.CharField(help_text="the matches concerned: GET matches/?needs=<this> (empty: none)")


class PlayerTaskSerializer(serializers.Serializer):
    event = serializers.CharField(source="match.round.stage.event.slug")
    match = serializers.IntegerField(source="match.pk")
    round = serializers.IntegerField(source="match.round.number")
    game = serializers.IntegerField(source="game.number", allow_null=True, default=None)
    text = serializers.CharField()
    needs_me = serializers.BooleanField()


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class AILevelSerializer(serializers.Serializer):
    level = serializers.CharField()
    description = serializers.CharField()


class BulkRowSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField()
    ai_level = serializers.CharField()
    club = serializers.CharField()
    rating = serializers.FloatField(allow_null=True)
    seed = serializers.IntegerField(allow_null=True)
    becomes = serializers.ChoiceField(choices=["account", "ai", "duplicate", "error"])
    detail = serializers.CharField()


class BulkPreviewSerializer(serializers.Serializer):
    rows = BulkRowSerializer(many=True)
    addable = serializers.IntegerField()


class ConflictSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    first = ParticipantBriefSerializer()
    second = ParticipantBriefSerializer()
    reason = serializers.CharField()
