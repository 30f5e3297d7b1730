"""Input serializers: the request bodies the API accepts. They check shapes and types only; the
services decide what is allowed (and say why when it is not).
"""

from __future__ import annotations

from rest_framework import serializers

from tournament.models import Event, Stage


class StageInput(serializers.Serializer):
    """A stage's settings. Omitted fields keep their defaults (on create) or values (on update)."""

    name = serializers.CharField(max_length=80, required=False)
    format = serializers.ChoiceField(choices=Stage.Format.choices, required=False)
    settings = serializers.DictField(required=False, help_text='format settings, e.g. {"rounds": 5}')
    series_length = serializers.IntegerField(min_value=1, required=False, help_text="best of N (odd)")
    points_win = serializers.DecimalField(max_digits=5, decimal_places=2, required=False)
    points_draw = serializers.DecimalField(max_digits=5, decimal_places=2, required=False)
    points_loss = serializers.DecimalField(max_digits=5, decimal_places=2, required=False)
    points_bye = serializers.DecimalField(max_digits=5, decimal_places=2, required=False)
    tiebreaks = serializers.ListField(child=serializers.CharField(), required=False)
    level_series = serializers.ChoiceField(choices=Stage.LevelSeries.choices, required=False)
    advance_count = serializers.IntegerField(min_value=1, required=False, allow_null=True)


class EventInput(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    game = serializers.CharField(max_length=40, help_text="a game's slug, see /api/v1/games/")
    options = serializers.DictField(required=False, help_text="the game's options; omitted ones take defaults")
    description = serializers.CharField(required=False, allow_blank=True)
    location = serializers.CharField(max_length=200, required=False, allow_blank=True)
    starts_on = serializers.DateField(required=False, allow_null=True)
    visibility = serializers.ChoiceField(choices=Event.Visibility.choices, required=False)
    stage = StageInput(required=False, help_text="the first stage (a Swiss stage when omitted)")


class EventUpdateInput(serializers.Serializer):
    """Fields to change; the game and its options only before the event runs."""

    name = serializers.CharField(max_length=120, required=False)
    game = serializers.CharField(max_length=40, required=False)
    options = serializers.DictField(required=False)
    description = serializers.CharField(required=False, allow_blank=True)
    location = serializers.CharField(max_length=200, required=False, allow_blank=True)
    starts_on = serializers.DateField(required=False, allow_null=True)
    visibility = serializers.ChoiceField(choices=Event.Visibility.choices, required=False)


class ParticipantInput(serializers.Serializer):
    """An organiser adds a person (by username) or an AI entrant (by level), not both."""

    user = serializers.CharField(required=False, help_text="the username of the person to add")
    ai_level = serializers.CharField(required=False, help_text="an AI level of the event's game, e.g. random")
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    seed = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    rating = serializers.FloatField(required=False)
    club = serializers.CharField(max_length=120, required=False, allow_blank=True)
    granted_points = serializers.DecimalField(
        max_digits=6, decimal_places=2, required=False, help_text="points granted to a late entrant"
    )

    def validate(self, attrs):
        if ("user" in attrs) == ("ai_level" in attrs):
            raise serializers.ValidationError("give either user (a person) or ai_level (an AI entrant)")
        return attrs


class CheckInInput(serializers.Serializer):
    checked_in = serializers.BooleanField(default=True)


class PublishInput(serializers.Serializer):
    number = serializers.IntegerField(
        min_value=1,
        help_text="the round you mean to publish (the preview's number): a second publish of it answers 409",
    )


class ResultInput(serializers.Serializer):
    """A game's result: ``ranks`` in the game's seat order (1 = best, ties share a rank), or, for
    two players, ``winner`` (a participant id) or ``draw``."""

    ranks = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False, min_length=1)
    winner = serializers.IntegerField(required=False, help_text="the winner's participant id")
    draw = serializers.BooleanField(required=False)
    scores = serializers.ListField(
        child=serializers.FloatField(), required=False, allow_null=True, help_text="per seat, in seat order"
    )

    def validate(self, attrs):
        given = [key for key in ("ranks", "winner") if key in attrs] + (["draw"] if attrs.get("draw") else [])
        if len(given) != 1:
            raise serializers.ValidationError("give the result as exactly one of ranks, winner or draw")
        return attrs


class DisputeInput(serializers.Serializer):
    reason = serializers.CharField(help_text="why the reported result is wrong; the organisers read it")


class DecisionInput(ResultInput):
    reason = serializers.CharField(help_text="the reason of the ruling or correction; the players see it")


class ForfeitInput(serializers.Serializer):
    absent = serializers.IntegerField(help_text="the participant id of the player who did not play")
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)


class TokenInput(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)
