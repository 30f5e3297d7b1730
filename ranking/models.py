"""Ranking data: what standings need beyond the tournament's rows, and ratings across events.

Standings are computed on the fly from confirmed results (``ranking.selectors``). Ratings are
stored: ``RatedGame`` is the list of confirmed games each pool replays, ``RatingHistory`` the
state of each player after each rating period they played, ``Rating`` the current state. All of
it can be rebuilt from the tournament's confirmed games (``manage.py recompute_ratings``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy

from tournament.models import Match, SeriesGame


class GameDetail(models.Model):
    """The engine's tie-break tuple per seat of one series game (Carnac: dolmen count, then sizes
    largest first), which ``SeriesGame`` does not keep. Valid only for the game's version it was
    recorded against: a corrected result needs its detail recorded again."""

    game = models.OneToOneField(SeriesGame, on_delete=models.CASCADE, related_name="ranking_detail")
    tiebreaks = models.JSONField(help_text="one list of numbers per seat, in the game's seat order")
    game_version = models.PositiveIntegerField(help_text="the SeriesGame version this detail belongs to")
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("game detail")
        verbose_name_plural = gettext_lazy("game details")

    def __str__(self) -> str:
        return f"tie-breaks of {self.game}"


class Forfeit(models.Model):
    """A match decided without being played: who did not play. Its result (the ruling) stays in
    the tournament's ledger; this only tells the tie-breaks that the round was unplayed."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="ranking_forfeit")
    absent = models.JSONField(help_text="ids of the participants who did not play")
    reason = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("forfeit")
        verbose_name_plural = gettext_lazy("forfeits")

    def __str__(self) -> str:
        return f"forfeit at {self.match}"


class Player(models.Model):
    """Whoever holds ratings: a person, or an AI level of one game."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="ranking_player"
    )
    ai_game = models.CharField(max_length=40, blank=True)
    ai_level = models.CharField(max_length=40, blank=True)
    name = models.CharField(max_length=150)

    class Meta:
        verbose_name = gettext_lazy("player")
        verbose_name_plural = gettext_lazy("players")
        constraints = [
            models.CheckConstraint(
                condition=(Q(user__isnull=False) & Q(ai_level="")) | (Q(user__isnull=True) & ~Q(ai_level="")),
                name="ranking_player_is_a_person_or_an_ai",
            ),
            models.UniqueConstraint(
                fields=["ai_game", "ai_level"], condition=Q(user__isnull=True), name="one_player_per_ai_level"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str | None:
        return reverse("ranking-player", args=[self.user.get_username()]) if self.user_id else None

    @property
    def is_ai(self) -> bool:
        return bool(self.ai_level)


class RatingPool(models.Model):
    """One ladder: a game (and the options that change it, such as Carnac's board) and a system."""

    class System(models.TextChoices):
        GLICKO2 = "glicko2", gettext_lazy("Glicko-2 (two players)")
        OPENSKILL = "openskill", gettext_lazy("OpenSkill Plackett–Luce (multiplayer)")
        LADDER = "ladder", gettext_lazy("Score ladder (solo and cooperative)")

    slug = models.SlugField(max_length=120, unique=True)
    game = models.CharField(max_length=40)
    variant = models.JSONField(default=dict, blank=True, help_text="the options that define this pool")
    system = models.CharField(max_length=20, choices=System.choices)
    name = models.CharField(max_length=160)

    class Meta:
        verbose_name = gettext_lazy("rating pool")
        verbose_name_plural = gettext_lazy("rating pools")
        ordering = ["game", "slug"]
        indexes = [models.Index(fields=["game"])]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("ranking-leaderboard", args=[self.slug])


class RatedGame(models.Model):
    """A confirmed game as its pool replays it: players in seat order, ranks, scores."""

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="games")
    series_game = models.OneToOneField(SeriesGame, on_delete=models.CASCADE, related_name="rated_game")
    period = models.IntegerField(help_text="the rating period: weeks since 1970-01-05, a Monday")
    played_on = models.DateField()
    players = models.JSONField(help_text="Player ids in seat order")
    ranks = models.JSONField()
    scores = models.JSONField(null=True, blank=True)
    tiebreaks = models.JSONField(null=True, blank=True)
    game_version = models.PositiveIntegerField()

    class Meta:
        verbose_name = gettext_lazy("rated game")
        verbose_name_plural = gettext_lazy("rated games")
        ordering = ["pool", "period", "id"]
        indexes = [models.Index(fields=["pool", "period"])]

    def __str__(self) -> str:
        return f"{self.pool}: {self.series_game}"


class Rating(models.Model):
    """A player's current standing in a pool (after the last period they played)."""

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    rating = models.FloatField(help_text="Glicko-2 rating; OpenSkill's μ−3σ on the same scale; a ladder's best")
    deviation = models.FloatField(default=0)
    volatility = models.FloatField(default=0)
    mu = models.FloatField(null=True, blank=True)
    sigma = models.FloatField(null=True, blank=True)
    provisional = models.BooleanField(default=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    last_period = models.IntegerField()
    last_played = models.DateField()
    best_tiebreak = models.JSONField(null=True, blank=True, help_text="ladders: the best game's tie-break")
    level = models.CharField(max_length=60, blank=True, help_text="ladders: the level the best score reaches")

    class Meta:
        verbose_name = gettext_lazy("rating")
        verbose_name_plural = gettext_lazy("ratings")
        constraints = [models.UniqueConstraint(fields=["pool", "player"], name="one_rating_per_pool_and_player")]
        indexes = [
            models.Index(fields=["pool", "-rating", "player"], name="rating_leaderboard_order"),
            models.Index(fields=["pool", "last_played"], name="rating_activity"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.pool}: {self.rating:.0f}"


class RatingHistory(models.Model):
    """The state after one rating period in which the player played."""

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="history")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="history")
    period = models.IntegerField()
    rating = models.FloatField()
    deviation = models.FloatField(default=0)
    volatility = models.FloatField(default=0)
    mu = models.FloatField(null=True, blank=True)
    sigma = models.FloatField(null=True, blank=True)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    best_tiebreak = models.JSONField(null=True, blank=True)
    last_played = models.DateField(null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("rating history")
        verbose_name_plural = gettext_lazy("rating histories")
        ordering = ["pool", "player", "period"]
        constraints = [models.UniqueConstraint(fields=["pool", "player", "period"], name="one_history_row_per_period")]
        indexes = [models.Index(fields=["player", "pool", "period"])]

    def __str__(self) -> str:
        return f"{self.player} in {self.pool}, period {self.period}"


class RatingUpdate(models.Model):
    """The rating outbox: a series game whose rated game and ratings must be brought up to date.

    Written in the same transaction as the change that calls for it (a ledger entry, a
    tie-break detail, a forfeit), so a rating update cannot be lost between the commit and its
    task: the task deletes the row once the ratings are done, and the sweep sends again a task
    for any row left waiting (broker down, worker lost, an error). ``version`` grows with each
    request, so a change arriving while the task runs keeps its row.
    """

    game_id = models.BigIntegerField(unique=True, help_text="the SeriesGame (not a key: a deleted game is synced too)")
    version = models.PositiveIntegerField(default=1)
    requested_at = models.DateTimeField()
    due_at = models.DateTimeField(help_text="when the sweep sends the task again if the row is still here")
    attempts = models.PositiveIntegerField(default=0, help_text="failed attempts; each doubles the wait")
    last_error = models.TextField(blank=True)

    class Meta:
        verbose_name = gettext_lazy("rating update")
        verbose_name_plural = gettext_lazy("rating updates")
        indexes = [models.Index(fields=["due_at"])]

    def __str__(self) -> str:
        return f"ratings of series game {self.game_id} to update"
