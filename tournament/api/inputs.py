"""Input serializers: the request bodies the API accepts. They check shapes, types and the
bounds of tournament.bounds (docs/limits.md); the services decide what is allowed (and check
the same bounds again, so that no way in skips them).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers

from games.validators import visible_multiline_text, visible_text
from tournament import bounds
from tournament.models import Event, Stage


class Text(serializers.CharField):
    """One line of visible text (docs/limits.md): no control or invisible formatting characters."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 200)
        super().__init__(**kwargs)
        self.validators.append(visible_text)


class LongText(serializers.CharField):
    """Several lines of visible text: descriptions and reasons."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", 20_000)
        super().__init__(**kwargs)
        self.validators.append(visible_multiline_text)


def Id(**kwargs) -> serializers.IntegerField:
    """A database id: a positive 64-bit integer (a larger one names nothing, and is refused)."""
    return serializers.IntegerField(min_value=1, max_value=bounds.MAX_ID, **kwargs)


def Points(**kwargs) -> serializers.DecimalField:
    return serializers.DecimalField(
        max_digits=5, decimal_places=2, min_value=-bounds.POINTS_LIMIT, max_value=bounds.POINTS_LIMIT, **kwargs
    )


class LocalDateTime(serializers.DateTimeField):
    """An ISO 8601 date and time. With an offset (``+01:00``, ``Z``) it is that moment; without
    one it is read in the event's time zone (by tournament.services.schedules)."""

    def enforce_timezone(self, value):
        from django.utils import timezone

        return value if timezone.is_naive(value) else super().enforce_timezone(value)


class ScheduleInput(serializers.Serializer):
    """A round's times (organisers); null clears one."""

    starts_at = LocalDateTime(required=False, allow_null=True, help_text="when the round starts")
    report_deadline = LocalDateTime(
        required=False,
        allow_null=True,
        help_text="results are due by then (stage settings say what happens after)",
    )


class StageInput(serializers.Serializer):
    """A stage's settings. Omitted fields keep their defaults (on create) or values (on update)."""

    name = Text(max_length=80, required=False)
    format = serializers.ChoiceField(choices=Stage.Format.choices, required=False)
    settings = serializers.DictField(
        required=False,
        help_text=f'format settings, e.g. {{"rounds": 5}} (rounds 1–{bounds.MAX_ROUNDS}, groups '
        f"{bounds.MIN_GROUPS}–{bounds.MAX_GROUPS}, table sizes within the game's seats; docs/limits.md)",
    )
    series_length = serializers.IntegerField(
        min_value=1,
        max_value=max(bounds.SERIES_LENGTHS),
        required=False,
        help_text="best of N: 1, 3, 5, 7 or 9",
    )
    points_win = Points(required=False)
    points_draw = Points(required=False)
    points_loss = Points(required=False)
    points_bye = Points(required=False)
    tiebreaks = serializers.ListField(child=Text(max_length=40), required=False, max_length=bounds.MAX_TIEBREAKS)
    level_series = serializers.ChoiceField(choices=Stage.LevelSeries.choices, required=False)
    advance_count = serializers.IntegerField(min_value=1, max_value=bounds.MAX_ADVANCE, required=False, allow_null=True)
    time_base_minutes = serializers.IntegerField(
        min_value=1,
        max_value=24 * 60,
        required=False,
        allow_null=True,
        help_text="clock: minutes per player",
    )
    time_increment_seconds = serializers.IntegerField(
        min_value=0, max_value=600, required=False, help_text="clock: seconds added after each turn"
    )
    time_days_per_move = serializers.IntegerField(
        min_value=1,
        max_value=30,
        required=False,
        allow_null=True,
        help_text="correspondence: days per move",
    )
    auto_confirm_hours = serializers.IntegerField(
        min_value=1,
        max_value=720,
        required=False,
        allow_null=True,
        help_text="a one-sided report is confirmed this many hours after it was made unless disputed; null: never",
    )
    at_deadline = serializers.ChoiceField(
        choices=Stage.AtDeadline.choices,
        required=False,
        help_text="what happens to a match with no result at its round's report deadline",
    )

    def validate_series_length(self, value):
        try:
            return bounds.series_length(value)
        except bounds.OutOfBounds as exc:
            raise serializers.ValidationError(exc.message) from None

    def validate_settings(self, value):
        try:
            return bounds.stage_settings(value)  # the format's keys and the game's seats: in the service
        except bounds.OutOfBounds as exc:
            raise serializers.ValidationError(exc.message) from None


class EventInput(serializers.Serializer):
    name = Text(max_length=120)
    game = Text(max_length=40, help_text="a game's slug, see /api/v1/games/")
    options = serializers.DictField(required=False, help_text="the game's options; omitted ones take defaults")
    description = LongText(required=False, allow_blank=True)
    location = Text(max_length=200, required=False, allow_blank=True)
    starts_on = serializers.DateField(required=False, allow_null=True)
    visibility = serializers.ChoiceField(choices=Event.Visibility.choices, required=False)
    time_zone = Text(max_length=64, required=False, help_text="an IANA time zone name, e.g. Europe/Paris")
    starts_at = LocalDateTime(
        required=False,
        allow_null=True,
        help_text="when the event starts (without an offset: in its time zone)",
    )
    stage = StageInput(required=False, help_text="the first stage (a Swiss stage when omitted)")


class EventUpdateInput(serializers.Serializer):
    """Fields to change; the game and its options only before the event runs."""

    name = Text(max_length=120, required=False)
    game = Text(max_length=40, required=False)
    options = serializers.DictField(required=False)
    description = LongText(required=False, allow_blank=True)
    location = Text(max_length=200, required=False, allow_blank=True)
    starts_on = serializers.DateField(required=False, allow_null=True)
    visibility = serializers.ChoiceField(choices=Event.Visibility.choices, required=False)
    time_zone = Text(max_length=64, required=False, help_text="an IANA time zone name, e.g. Europe/Paris")
    starts_at = LocalDateTime(required=False, allow_null=True, help_text="when the event starts")


class ParticipantInput(serializers.Serializer):
    """An organiser adds a person (by username) or an AI entrant (by level), not both."""

    user = Text(max_length=150, required=False, help_text="the username of the person to add")
    ai_level = Text(max_length=40, required=False, help_text="an AI level of the event's game, e.g. random")
    name = Text(max_length=120, required=False, allow_blank=True)
    seed = serializers.IntegerField(
        min_value=1,
        max_value=bounds.MAX_SEED,
        required=False,
        allow_null=True,
        help_text="1 is the top seed",
    )
    rating = serializers.FloatField(min_value=-bounds.MAX_RATING, max_value=bounds.MAX_RATING, required=False)
    club = Text(max_length=120, required=False, allow_blank=True)
    granted_points = serializers.DecimalField(
        max_digits=6,
        decimal_places=2,
        min_value=-bounds.GRANTED_POINTS_LIMIT,
        max_value=bounds.GRANTED_POINTS_LIMIT,
        required=False,
        help_text="points granted to a late entrant",
    )

    def validate(self, attrs):
        if ("user" in attrs) == ("ai_level" in attrs):
            raise serializers.ValidationError(_("give either user (a person) or ai_level (an AI entrant)"))
        return attrs


class CheckInInput(serializers.Serializer):
    checked_in = serializers.BooleanField(default=True)


class PublishInput(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=1,
        max_value=bounds.MAX_ID,
        help_text="the round you mean to publish (the preview's number): a second publish of it answers 409",
    )
    starts_at = LocalDateTime(required=False, allow_null=True, help_text="the round's start (optional)")
    report_deadline = LocalDateTime(required=False, allow_null=True, help_text="the round's report deadline (optional)")


class ResultInput(serializers.Serializer):
    """A game's result: ``ranks`` in the game's seat order (1 = best, ties share a rank), or, for
    two players, ``winner`` (a participant id) or ``draw``."""

    ranks = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=100), required=False, min_length=1, max_length=100
    )
    winner = Id(required=False, help_text="the winner's participant id")
    draw = serializers.BooleanField(required=False)
    scores = serializers.ListField(
        child=serializers.FloatField(min_value=-1e12, max_value=1e12),
        required=False,
        allow_null=True,
        max_length=100,
        help_text="per seat, in seat order",
    )

    def validate(self, attrs):
        given = [key for key in ("ranks", "winner") if key in attrs] + (["draw"] if attrs.get("draw") else [])
        if len(given) != 1:
            raise serializers.ValidationError(_("give the result as exactly one of ranks, winner or draw"))
        return attrs


class DisputeInput(serializers.Serializer):
    reason = LongText(max_length=2000, help_text="why the reported result is wrong; the organisers read it")


class DecisionInput(ResultInput):
    reason = LongText(max_length=2000, help_text="the reason of the ruling or correction; the players see it")


class ForfeitInput(serializers.Serializer):
    absent = Id(help_text="the participant id of the player who did not play")
    reason = LongText(required=False, allow_blank=True, default="", max_length=200)


class TokenInput(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class BulkInput(serializers.Serializer):
    """A list of participants: user names one a line, or CSV with a header (docs/organisers.md)."""

    entries = serializers.CharField(max_length=bounds.MAX_BULK_BYTES, trim_whitespace=False)


class SeedOrderInput(serializers.Serializer):
    order = serializers.ListField(
        child=Id(), max_length=100_000, help_text="every participant id of the event, top seed first"
    )


class SeedByRatingInput(serializers.Serializer):
    source = serializers.ChoiceField(choices=["brume", "entered"], default="brume")


class ConflictInput(serializers.Serializer):
    first = Id()
    second = Id()
    reason = Text(max_length=200, required=False, allow_blank=True, default="")


class GameVersionInput(serializers.Serializer):
    id = Id(help_text="the series game's id")
    version = serializers.IntegerField(min_value=0, max_value=2**31 - 1, help_text="its version as you read it")


class ConfirmReportedInput(serializers.Serializer):
    games = serializers.ListField(child=GameVersionInput(), min_length=1, max_length=500)
