"""Reads of the ranking app: a stage's standings, leaderboards and player profiles."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import cached_property
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import F, QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ranking.models import Player, RatedGame, Rating, RatingHistory, RatingPool
from ranking.standings.compute import Standings, compute_standings
from ranking.standings.gc_pause import collector_paused
from ranking.standings.loading import stage_entrants
from ranking.standings.model import Entrant
from ranking.tiebreaks import UnknownTieBreak, get_tiebreak
from ranking.warming import language_read
from tournament.models import Participant, Stage
from tournament.pairing.groups import group_name

EPOCH_MONDAY = date(1970, 1, 5)


def period_of(day: date) -> int:
    """The rating period of a day: one week, Monday to Sunday."""
    return (day - EPOCH_MONDAY).days // 7


def period_start(period: int) -> date:
    return EPOCH_MONDAY + timedelta(weeks=period)


# --- standings -----------------------------------------------------------------------------


class StandingCell(NamedTuple):
    """One tie-break's value in a row. A named tuple (not a dataclass): a 1,000-entrant Swiss has
    9,000 of them in its cached standings, and a tuple pickles in a third of the space."""

    key: str
    name: str
    short: str
    shown: str  # the number on the page ("" when the tie-break was not needed for this entrant)
    detail: str  # how it was computed


@dataclass(frozen=True, slots=True)
class StandingParticipant:
    """A participant as a cached standings row shows it, in plain values. A model instance costs
    about half a millisecond to pickle into the cache: half a second at a thousand entrants."""

    pk: int
    name: str
    status: str
    user_id: int | None
    username: str | None
    ai_level: object
    seed: int | None

    @property
    def id(self) -> int:
        return self.pk

    @classmethod
    def of(cls, participant) -> StandingParticipant:
        from tournament.people import participant_username

        return cls(
            participant.pk,
            participant.name,
            participant.status,
            participant.user_id,
            participant_username(participant),
            participant.ai_level,
            participant.seed,
        )


@dataclass(frozen=True)
class StandingRow:
    rank: int
    participant: Participant | StandingParticipant  # the latter in the cached copy
    cells: list[StandingCell]
    explanation: str  # why this row is above the next one ("" for the last row)
    decided_by: str | None  # the tie-break key that separated it from the next row
    group: str = ""  # the group's name in a group stage (ranks count within the group)
    entrant: Entrant | None = field(default=None, repr=False)  # what the row was computed from
    won: int | None = None  # games won, counted once for the cached copy (which drops the games)

    @property
    def games_won(self) -> int:
        """Games won outright (a shared first place is not a win), as the page counts them."""
        if self.won is not None:
            return self.won
        return sum(1 for game in self.entrant.games if game.won) if self.entrant else 0

    @property
    def points(self) -> str:
        return self.cells[0].shown if self.cells else ""


@dataclass
class StageStandings:
    """Iterable rows, the columns, and ``why(a, b)`` for any two participant ids."""

    columns: list[dict[str, str]]
    rows: list[StandingRow]
    notes: list[str] = field(default_factory=list)
    computed: Standings | None = field(default=None, repr=False)
    # A group stage: each group's standings, computed on their own.
    computed_by_group: dict[str, Standings] = field(default_factory=dict, repr=False)

    def __iter__(self):
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __bool__(self) -> bool:
        return bool(self.rows)

    @cached_property  # a cached copy is read by every view of the page: worked out once
    def participant_ids(self) -> frozenset[int]:
        return frozenset(row.participant.pk for row in self.rows)

    def why_choices(self, a: int | None, b: int | None) -> tuple[int | None, int | None]:
        """Who the "why is one above the other" choosers start on: the two asked for when both
        are in these standings and differ; otherwise two different people, never one twice
        (the first asked, else the leader, and the next one down)."""
        ids = [row.participant.pk for row in self.rows]
        first = a if a in self.participant_ids else (ids[0] if ids else None)
        if b in self.participant_ids and b != first:
            return first, b
        return first, next((pk for pk in ids if pk != first), None)

    @cached_property
    def groups(self) -> list[tuple[str, list[StandingRow]]]:
        """(group name, its rows) in order; one unnamed group when the stage has none."""
        named: dict[str, list[StandingRow]] = {}
        for row in self.rows:
            named.setdefault(row.group, []).append(row)
        return list(named.items()) or [("", [])]

    def why(self, a: int, b: int) -> str:
        if self.computed_by_group:
            group_of = {row.participant.pk: row.group for row in self.rows}
            if group_of.get(a) != group_of.get(b):
                return _("they play in different groups: each group is ranked on its own")
            return self.computed_by_group[group_of[a]].why(a, b)
        return self.computed.why(a, b) if self.computed else ""


def known_tiebreaks(keys: list[str]) -> tuple[list[str], list[str]]:
    """The keys the registry knows, and notes about those it does not."""
    known, notes = [], []
    for key in keys:
        try:
            get_tiebreak(key)
            known.append(key)
        except UnknownTieBreak as exc:
            notes.append(_("%(error)s; it is left out") % {"error": exc})
    return known, notes


@collector_paused()  # hundreds of thousands of small acyclic objects at a thousand entrants
def stage_standings(
    stage: Stage, hidden_rounds: frozenset[int] = frozenset(), *, plain: bool = False
) -> StageStandings:
    """The stage's standings from confirmed results, in the stage's order of tie-breaks;
    without the rounds of ``hidden_rounds`` (silent rounds, for those they hide from).

    ``plain``: the copy the cache keeps, which pages and ``why`` read — participants as plain
    values and entrants without their round-by-round results (most of the size of a large
    Swiss's standings, and a model instance costs half a millisecond to pickle)."""
    order, notes = known_tiebreaks(list(stage.tiebreaks or []))
    if not order:
        order = ["match_points"]
    if hidden_rounds:
        notes = [
            *notes,
            _("The results of the round under way are hidden until it is over: these standings are before it."),
        ]
    entrants, scoring = stage_entrants(stage, hidden_rounds)
    participants = _plain_participants(stage) if plain else _participants(stage)
    deciding = None
    if stage.bracket:  # an elimination stage: the bracket places everyone, the rest is information
        from tournament.services.brackets import stage_bracket_placings

        places = {pid: (p.place, p.how) for pid, p in stage_bracket_placings(stage, hidden_rounds).items()}
        scoring.extra["bracket_places"] = places
        order, deciding = ["bracket_place", *(key for key in order if key != "bracket_place")], 1
    if not stage.groups:
        computed = compute_standings(entrants, order, scoring, deciding=deciding)
        columns = [t.describe() for t in computed.tiebreaks]
        return StageStandings(columns, _rows(computed, participants, "", plain), notes, computed)
    # A group stage: every group is ranked on its own (its games never leave the group).
    rows, by_group = [], {}
    for index, ids in enumerate(stage.groups):
        name = group_name(index)
        members = set(ids)
        by_group[name] = computed = compute_standings([e for e in entrants if e.id in members], order, scoring)
        rows += _rows(computed, participants, name, plain)
    columns = [t.describe() for t in computed.tiebreaks]
    return StageStandings(columns, rows, notes, None, by_group)


def _participants(stage: Stage) -> dict[int, Participant]:
    # The username rides along (annotated, not a joined user row): names link to player pages.
    return {p.pk: p for p in stage.event.participants.annotate(username=F("user__username"))}


def _plain_participants(stage: Stage) -> dict[int, StandingParticipant]:
    fields = ("pk", "name", "status", "user_id", "user__username", "ai_level", "seed")
    return {
        pk: StandingParticipant(pk, name, status, user_id, username if user_id else None, ai_level, seed)
        for pk, name, status, user_id, username, ai_level, seed in stage.event.participants.values_list(*fields)
    }


def stage_standings_cached(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> StageStandings:
    """``stage_standings`` computed once per change of the event (see ``ranking.cache``); the
    standings without hidden rounds are cached apart."""
    from ranking import cache

    # One copy per language: the names of the tie-breaks and every explanation are in words.
    name = f"standings:{get_language() or 'en'}:{stage.pk}" + cache.hiding(hidden_rounds)

    def compute() -> StageStandings:
        language_read(stage.event_id, get_language() or "en")  # a worker keeps it warm (ranking/warming.py)
        return stage_standings(stage, hidden_rounds, plain=True)

    return cache.cached(stage.event_id, name, compute)


def _without_rounds(entrant: Entrant) -> Entrant:
    return Entrant(entrant.id, entrant.name, (), entrant.seed, entrant.rating, entrant.granted_points)


def _rows(computed: Standings, participants: dict, group: str, plain: bool) -> list[StandingRow]:
    # Each tie-break's words translated once, not once per row (28,000 lookups at 1,000 entrants).
    named = [(t.key, _(t.name), _(t.short or t.name)) for t in computed.tiebreaks]
    not_needed = _("not needed to separate")
    rows = []
    for row in computed.rows:
        cells = [
            StandingCell(key, name, short, v.shown if v else "", v.detail if v else not_needed)
            for key, name, short in named
            for v in [row.values.get(key)]
        ]
        entrant, won = row.entrant, None
        if plain:  # what the page shows of the rounds is counted now; then they are dropped
            won = sum(1 for r in entrant.rounds for game in r.games if game.won)
            entrant = row.entrant = _without_rounds(entrant)
        rows.append(
            StandingRow(row.rank, participants[entrant.id], cells, row.explanation, row.decided_by, group, entrant, won)
        )
    return rows


# --- leaderboards --------------------------------------------------------------------------


def pools(game: str | None = None) -> QuerySet[RatingPool]:
    found = RatingPool.objects.all()
    return found.filter(game=game) if game else found


def leaderboard(
    pool: RatingPool,
    *,
    active_days: int | None = None,
    min_games: int = 0,
    include_provisional: bool = True,
    today: date | None = None,
) -> QuerySet[Rating]:
    """The pool's ratings, best first; filters: played in the last days, at least N games."""
    ratings = pool.ratings.all()
    if active_days:
        since = (today or date.today()) - timedelta(days=active_days)
        ratings = ratings.filter(last_played__gte=since)
    if min_games:
        ratings = ratings.filter(games__gte=min_games)
    if not include_provisional:
        ratings = ratings.filter(provisional=False)
    return ratings.order_by("-rating", "player_id")


def ratings_in_order(ids) -> list[Rating]:
    """Load the ratings of one leaderboard page, keeping its order.

    Pages are cut on ids alone (the index on pool, rating, player covers that), then only the
    page's rows are joined to their players: a deep page then skips rows without joining them.
    """
    ids = list(ids)
    found = Rating.objects.select_related("player__user").in_bulk(ids)
    return [found[pk] for pk in ids if pk in found]


@dataclass(frozen=True)
class PlayerResult:
    pool: RatingPool
    played_on: date
    event_name: str
    event_url: str
    opponents: list[str]
    rank: int
    seats: int
    score: float | None
    tied: bool = False  # another seat has the same rank

    @property
    def place(self) -> str:
        """The result in players' words: won, lost or draw between two; a place at a table."""
        if self.seats == 2:
            return _("draw") if self.tied else _("won") if self.rank == 1 else _("lost")
        if self.seats == 1:
            return _("played")
        words = {"place": _ordinal(self.rank), "seats": self.seats}
        return (_("tied %(place)s of %(seats)s") if self.tied else _("%(place)s of %(seats)s")) % words


def _ordinal(number: int) -> str:
    if number in (1, 2, 3):
        return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}[number]
    if 10 <= number % 100 <= 20 or number % 10 not in (1, 2, 3):
        return _("%(n)sth") % {"n": number}
    return {1: _("%(n)sst"), 2: _("%(n)snd"), 3: _("%(n)srd")}[number % 10] % {"n": number}


@dataclass
class PlayerProfile:
    player: Player
    ratings: list[Rating]
    history: dict[int, list[RatingHistory]]  # per pool id, oldest first
    results: list[PlayerResult]


def player_for_username(username: str, viewer=None) -> Player | None:
    """The player behind a user name, or None: also when ``viewer`` (if given) may not learn of them.

    A person is shown only when they have something public: a rating, or a participation in an
    event the viewer may see (or it is the viewer themselves). Anyone else answers as a name
    that does not exist, so that player pages cannot tell which accounts exist.
    """
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        return None
    player = Player.objects.filter(user=user).first()
    if viewer is not None and not _has_something_public(user, player, viewer):
        return None
    return player or Player(user=user, name=user.get_username())


def _has_something_public(user, player: Player | None, viewer) -> bool:
    from tournament.selectors import visible_events

    if viewer.is_authenticated and viewer.pk == user.pk:
        return True
    if player is not None and player.ratings.exists():
        return True
    return visible_events(viewer).filter(participants__user=user).exists()


def player_profile(player: Player, *, results_limit: int = 50) -> PlayerProfile:
    if player.pk is None:
        return PlayerProfile(player, [], {}, [])
    ratings = list(player.ratings.select_related("pool").order_by("pool__game", "pool__slug"))
    history: dict[int, list[RatingHistory]] = {}
    for row in player.history.order_by("pool_id", "period"):
        history.setdefault(row.pool_id, []).append(row)
    rated = (
        RatedGame.objects.filter(players__contains=[player.pk])
        if _json_contains_supported()
        else RatedGame.objects.filter(pool__ratings__player=player).distinct()
    )
    rated = rated.select_related("pool", "series_game__match__round__stage__event").order_by("-period", "-id")
    games = [game for game in rated[: results_limit * 4] if player.pk in game.players][:results_limit]
    others = {pid for game in games for pid in game.players}
    names = dict(Player.objects.filter(pk__in=others).values_list("pk", "name"))
    results = []
    for game in games:
        index = game.players.index(player.pk)
        event = game.series_game.match.round.stage.event
        results.append(
            PlayerResult(
                pool=game.pool,
                played_on=game.played_on,
                event_name=event.name,
                event_url=event.get_absolute_url(),
                opponents=[names.get(p, "?") for p in game.players if p != player.pk],
                rank=game.ranks[index],
                seats=len(game.players),
                score=game.scores[index] if game.scores else None,
                tied=game.ranks.count(game.ranks[index]) > 1,
            )
        )
    return PlayerProfile(player, ratings, history, results)


def _json_contains_supported() -> bool:
    from django.db import connection

    return connection.features.supports_json_field_contains
