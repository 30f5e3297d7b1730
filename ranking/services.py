"""Writes of the ranking app: game details and forfeits for tie-breaks, rated games and ratings.

Ratings are derived data. ``rated_game_sync`` mirrors one series game into its pool's list of
rated games (only a confirmed result counts) and replays the pool from that game's rating period
on, so a corrected result recomputes exactly what depended on it. ``ratings_recompute_all``
rebuilds everything from the tournament's confirmed games, deterministically.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import date, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.engines import Kind, get_engine
from ranking.cache import pool_changed
from ranking.models import Forfeit, GameDetail, Player, RatedGame, Rating, RatingHistory, RatingPool, RatingUpdate
from ranking.profiles import profile_for, score_level
from ranking.ratings import replay
from ranking.ratings.replay import GameRow, State
from ranking.selectors import period_of, period_start
from ranking.standings.loading import game_tiebreaks
from tournament.errors import NotAllowed, ServiceError
from tournament.models import Event, Match, Participant, Round, SeriesGame, Stage
from tournament.permissions import is_organiser

logger = logging.getLogger(__name__)
Progress = Callable[[int], None]
BATCH = 5000


# --- what standings need beyond the tournament's rows --------------------------------------


@transaction.atomic
def game_detail_record(*, game: SeriesGame, tiebreaks: list[list[float]], by) -> GameDetail:
    """An organiser records the engine's tie-break tuple of each seat (Carnac: the dolmen count,
    then each dolmen's size, largest first) for the game's current confirmed result."""
    game = SeriesGame.objects.select_related("match__round__stage__event").get(pk=game.pk)
    if not is_organiser(by, game.match.round.stage.event):
        raise NotAllowed(_("only the event's organisers may record a game's tie-break details"))
    if len(tiebreaks) != len(game.seat_order) or not all(
        isinstance(t, list) and all(isinstance(v, int | float) and not isinstance(v, bool) for v in t)
        for t in tiebreaks
    ):
        raise ServiceError(
            _("give one list of numbers per player (%(count)s), in seat order") % {"count": len(game.seat_order)}
        )
    detail, __ = GameDetail.objects.update_or_create(
        game=game, defaults={"tiebreaks": tiebreaks, "game_version": game.version, "recorded_by": by}
    )
    return detail


@transaction.atomic
def forfeit_record(*, match: Match, absent: Iterable[int], by, reason: str = "") -> Forfeit:
    """An organiser records that a match was not played: who did not turn up. The result itself
    is ruled in the tournament's ledger; tie-breaks then treat the round as unplayed."""
    match = Match.objects.select_related("round__stage__event").get(pk=match.pk)
    if not is_organiser(by, match.round.stage.event):
        raise NotAllowed(_("only the event's organisers may record a forfeit"))
    seated = set(match.seats.values_list("participant_id", flat=True))
    absent = sorted(set(absent))
    if not absent or not set(absent) <= seated:
        raise ServiceError(_("name who did not play: one or more of the players of this match"))
    forfeit, __ = Forfeit.objects.update_or_create(
        match=match, defaults={"absent": absent, "reason": reason.strip(), "recorded_by": by}
    )
    return forfeit


# --- pools ---------------------------------------------------------------------------------


def _system(engine, stage: Stage, seats: int) -> str:
    kinds = set(engine.info.kinds)
    if stage.format == Stage.Format.SCORE_CHALLENGE or not ({Kind.VERSUS, Kind.MULTIPLAYER} & kinds):
        return RatingPool.System.LADDER
    if seats == 2 and Kind.VERSUS in kinds:
        return RatingPool.System.GLICKO2
    return RatingPool.System.OPENSKILL


def pool_for(event: Event, stage: Stage, seats: int) -> RatingPool:
    """The pool a game of this event and stage goes to, created on first use."""
    engine = get_engine(event.game)
    profile = profile_for(engine)
    system = _system(engine, stage, seats)
    keys = profile.ladder_options if system == RatingPool.System.LADDER else profile.pool_options
    defaults = {spec.name: spec.default for spec in engine.info.options}
    variant = {key: event.options.get(key, defaults.get(key)) for key in keys}
    parts = [event.game, *(str(variant[key]) for key in keys)]
    specs = {spec.name: spec for spec in engine.info.options}
    words = [
        specs[key].describe(variant[key]) if key in specs else f"{key.replace('_', ' ')} {variant[key]}" for key in keys
    ]
    if system == RatingPool.System.OPENSKILL and Kind.VERSUS in engine.info.kinds:
        parts.append("tables")
        words.append("tables")
    if system == RatingPool.System.LADDER:
        variant["team_size"] = seats
        parts.append("solo" if seats == 1 else f"team-{seats}")
        words.append("solo" if seats == 1 else f"teams of {seats}")
    slug = slugify("-".join(parts))
    words = [word for word in words if word]
    described = ", ".join(words)
    name = engine.info.title + (f" — {described[:1].upper()}{described[1:]}" if described else "")
    pool, created = RatingPool.objects.get_or_create(
        slug=slug, defaults={"game": event.game, "variant": variant, "system": system, "name": name}
    )
    if not created and pool.name != name:  # a pool named before the engine's option labels
        RatingPool.objects.filter(pk=pool.pk).update(name=name)
        pool_changed(pool.pk)
        pool.name = name
    return pool


def player_for(participant: Participant, game: str) -> Player:
    if participant.user_id:
        player, __ = Player.objects.get_or_create(
            user_id=participant.user_id, defaults={"name": participant.user.get_username()}
        )
        return player
    player, __ = Player.objects.get_or_create(
        user=None, ai_game=game, ai_level=participant.ai_level, defaults={"name": f"AI {participant.ai_level}"}
    )
    return player


# --- rated games ---------------------------------------------------------------------------


def _counts(game: SeriesGame) -> bool:
    if game.status != SeriesGame.Status.CONFIRMED or not game.ranks or game.match.is_bye:
        return False
    if not _ranked_level(game.match.round.stage.event):
        return False
    if game.match.round.status == Round.Status.PUBLISHED and (game.match.round.stage.settings or {}).get("silent"):
        return False  # a silent round's results count once it is over (tournament.silence)
    return not Forfeit.objects.filter(match_id=game.match_id).exists()


def _ranked_level(event: Event) -> bool:
    """A game whose levels are partly our own numbers ranks only the confirmed ones
    (``GameInfo.extra["ranked_levels"]``, e.g. Mists' level 1)."""
    from games.engines import get_engine

    ranked = get_engine(event.game).info.extra.get("ranked_levels")
    return ranked is None or event.options.get("level") in ranked


def _rated_fields(game: SeriesGame) -> tuple[RatingPool, dict]:
    stage = game.match.round.stage
    event = stage.event
    pool = pool_for(event, stage, len(game.seat_order))
    participants = Participant.objects.select_related("user").in_bulk(game.seat_order)
    players = [player_for(participants[pid], event.game).pk for pid in game.seat_order]
    detail = GameDetail.objects.filter(game=game).first()
    played_on = timezone.localdate(game.match.round.published_at)  # the site's day, not UTC's
    return pool, {
        "pool": pool,
        "period": period_of(played_on),
        "played_on": played_on,
        "players": players,
        "ranks": list(game.ranks),
        "scores": list(game.scores) if game.scores else None,
        "tiebreaks": game_tiebreaks(game, detail),
        "game_version": game.version,
    }


def rated_game_sync(*, game_id: int) -> list[tuple[RatingPool, int]]:
    """Mirror one series game into its pool and replay what it changed. Idempotent.

    Returns the (pool, first period) pairs that were recomputed, none when nothing changed.
    """
    with transaction.atomic():
        # Two updates of one game (a result changed twice, a detail and a confirmation at once)
        # take turns here: each sees the other's rated game, none creates a second one.
        list(SeriesGame.objects.select_for_update().filter(pk=game_id).values_list("pk", flat=True))
        game = SeriesGame.objects.select_related("match__round__stage__event").filter(pk=game_id).first()
        existing = RatedGame.objects.select_related("pool").filter(series_game_id=game_id).first()
        wanted = _rated_fields(game) if game is not None and _counts(game) else None
        if wanted is not None and len(set(wanted[1]["players"])) < len(wanted[1]["players"]):
            wanted = None  # two entrants of one AI level: a mirror game says nothing about strength
        affected: dict[int, tuple[RatingPool, int]] = {}
        if existing is not None:
            same = wanted is not None and all(getattr(existing, k) == v for k, v in wanted[1].items() if k != "pool")
            if same and existing.pool_id == wanted[0].pk:
                return []
            affected[existing.pool_id] = (existing.pool, existing.period)
            existing.delete()
        if wanted is not None:
            pool, fields = wanted
            RatedGame.objects.create(series_game_id=game_id, **fields)
            since = min(fields["period"], affected.get(pool.pk, (pool, fields["period"]))[1])
            affected[pool.pk] = (pool, since)
    for pool, since in affected.values():
        pool_recompute(pool=pool, since=since)
    return list(affected.values())


# --- the rating outbox ----------------------------------------------------------------------


def _sweep_after() -> timedelta:
    return timedelta(seconds=settings.BRUME_SWEEP_AFTER)


def rating_update_request(*, game_id: int) -> None:
    """Write down, in the caller's transaction, that this game's ratings must be brought up to
    date. The row outlives any lost message: the task deletes it when done, the sweep resends."""
    now = timezone.now()
    fields = {"version": F("version") + 1, "requested_at": now, "due_at": now + _sweep_after(), "attempts": 0}
    if RatingUpdate.objects.filter(game_id=game_id).update(**fields):
        return
    try:
        with transaction.atomic():
            RatingUpdate.objects.create(game_id=game_id, requested_at=now, due_at=now + _sweep_after())
    except IntegrityError:  # a change of the same game in another transaction wrote it first
        RatingUpdate.objects.filter(game_id=game_id).update(**fields)


def rating_update_process(*, game_id: int) -> list[tuple[RatingPool, int]]:
    """Bring one game's ratings up to date, then clear its outbox row unless a newer request
    arrived meanwhile (that one's own task, or the sweep, does it again). A failure is counted
    on the row and pushes its next try back (doubling, at most an hour), then raised."""
    version = RatingUpdate.objects.filter(game_id=game_id).values_list("version", flat=True).first()
    try:
        changed = rated_game_sync(game_id=game_id)
    except Exception as exc:
        row = RatingUpdate.objects.filter(game_id=game_id).first()
        if row is not None:
            wait = min(_sweep_after() * 2 ** (row.attempts + 1), timedelta(hours=1))
            RatingUpdate.objects.filter(pk=row.pk).update(
                attempts=F("attempts") + 1,
                due_at=timezone.now() + wait,
                last_error=f"{type(exc).__name__}: {exc}"[:2000],
            )
        raise
    if version is not None:
        RatingUpdate.objects.filter(game_id=game_id, version=version).delete()
    return changed


def rating_updates_requeue(*, older_than: float | None = None, limit: int = 1000) -> list[int]:
    """Send again the rating update of every outbox row still waiting: due (``BRUME_SWEEP_AFTER``
    after its request, later after failures), or requested over ``older_than`` seconds ago.
    Returns the game ids sent."""
    from games.tasks import publish_each
    from ranking.tasks import update_ratings_for_game

    now = timezone.now()
    rows = RatingUpdate.objects.order_by("due_at", "pk")
    if older_than is None:
        rows = rows.filter(due_at__lte=now)
    else:
        rows = rows.filter(requested_at__lte=now - timedelta(seconds=older_than))
    game_ids = list(rows.values_list("game_id", flat=True)[:limit])
    if game_ids:
        logger.info("re-queueing %d rating updates", len(game_ids))
    return publish_each(update_ratings_for_game, game_ids, what=lambda pk: f"the rating update of series game {pk}")


def rated_games_rebuild(*, progress: Progress | None = None) -> int:
    """Recreate every rated game from the tournament's confirmed games (before a full recompute)."""
    RatedGame.objects.all().delete()
    games = (
        SeriesGame.objects.filter(status=SeriesGame.Status.CONFIRMED, match__is_bye=False)
        .exclude(match__ranking_forfeit__isnull=False)
        .select_related("match__round__stage__event")
        .order_by("pk")
    )
    batch, done = [], 0
    for game in games.iterator(chunk_size=2000):
        if not game.ranks:
            continue
        __, fields = _rated_fields(game)
        if len(set(fields["players"])) < len(fields["players"]):
            continue  # a mirror game between two entrants of one AI level
        batch.append(RatedGame(series_game_id=game.pk, **fields))
        if len(batch) >= BATCH:
            RatedGame.objects.bulk_create(batch)
            done += len(batch)
            batch = []
            if progress:
                progress(done)
    RatedGame.objects.bulk_create(batch)
    done += len(batch)
    if progress:
        progress(done)
    return done


# --- replaying pools -----------------------------------------------------------------------


def _start_states(pool: RatingPool, players: set[int], since: int) -> dict[int, State]:
    """Each player's state at the end of their last period before ``since``."""
    latest: dict[int, RatingHistory] = {}
    rows = RatingHistory.objects.filter(pool=pool, player_id__in=players, period__lt=since).order_by("period")
    for row in rows:
        latest[row.player_id] = row
    totals = {
        row["player_id"]: row
        for row in RatingHistory.objects.filter(pool=pool, player_id__in=players, period__lt=since)
        .values("player_id")
        .annotate(g=Sum("games"), w=Sum("wins"), d=Sum("draws"), lo=Sum("losses"))
    }
    states = {}
    for player, row in latest.items():
        total = totals[player]
        states[player] = State(
            rating=row.rating,
            deviation=row.deviation,
            volatility=row.volatility,
            mu=row.mu,
            sigma=row.sigma,
            last_period=row.period,
            games=total["g"],
            wins=total["w"],
            draws=total["d"],
            losses=total["lo"],
            best_tiebreak=tuple(row.best_tiebreak) if row.best_tiebreak is not None else None,
            last_day=row.last_played.toordinal() if row.last_played else period_start(row.period).toordinal(),
        )
    return states


def _rows(games: Iterable[RatedGame], counter: list[int]) -> Iterable[GameRow]:
    for game in games:
        counter[0] += 1
        yield GameRow(
            game.period,
            tuple(game.players),
            tuple(game.ranks),
            tuple(game.scores) if game.scores else None,
            tuple(tuple(t) if t is not None else None for t in game.tiebreaks) if game.tiebreaks else None,
            game.played_on.toordinal(),
        )


def _replay(pool: RatingPool, rows: Iterable[GameRow], start: dict[int, State], progress) -> replay.Replay:
    if pool.system == RatingPool.System.GLICKO2:
        return replay.replay_glicko2(rows, start, progress=progress)
    if pool.system == RatingPool.System.OPENSKILL:
        return replay.replay_openskill(rows, start, progress=progress)
    return replay.replay_ladder(rows, start, progress=progress)


def _history_row(pool: RatingPool, snap: replay.Snapshot) -> RatingHistory:
    s = snap.state
    return RatingHistory(
        pool=pool,
        player_id=snap.player,
        period=snap.period,
        rating=s.rating,
        deviation=s.deviation,
        volatility=s.volatility,
        mu=s.mu,
        sigma=s.sigma,
        games=snap.games,
        wins=snap.wins,
        draws=snap.draws,
        losses=snap.losses,
        best_tiebreak=list(s.best_tiebreak) if s.best_tiebreak is not None else None,
        # The day of the player's last game in this period: charts date their dots by it.
        last_played=date.fromordinal(s.last_day) if s.last_day else None,
    )


def _rating_row(pool: RatingPool, player: int, s: State, level: str) -> Rating:
    from ranking.selectors import period_start

    last_played = max(
        period_start(s.last_period),
        RatedGame.objects.filter(pool=pool, period=s.last_period)
        .order_by("-played_on")
        .values_list("played_on", flat=True)
        .first()
        or period_start(s.last_period),
    )
    return Rating(
        pool=pool,
        player_id=player,
        rating=s.rating,
        deviation=s.deviation,
        volatility=s.volatility,
        mu=s.mu,
        sigma=s.sigma,
        provisional=s.provisional,
        games=s.games,
        wins=s.wins,
        draws=s.draws,
        losses=s.losses,
        last_period=s.last_period,
        last_played=last_played,
        best_tiebreak=list(s.best_tiebreak) if s.best_tiebreak is not None else None,
        level=level,
    )


RATING_FIELDS = [
    "rating", "deviation", "volatility", "mu", "sigma", "provisional", "games", "wins", "draws", "losses",
    "last_period", "last_played", "best_tiebreak", "level",
]  # fmt: skip


def pool_recompute(*, pool: RatingPool, since: int | None = None, progress: Progress | None = None) -> int:
    """Replay the pool's rated games from period ``since`` (all of them when None).

    Only players who played from that period on can change; everyone else keeps their row.
    Returns the number of games replayed.
    """
    with transaction.atomic():
        pool = RatingPool.objects.select_for_update().get(pk=pool.pk)
        games = RatedGame.objects.filter(pool=pool).order_by("period", "id")
        if since is None:
            RatingHistory.objects.filter(pool=pool).delete()
            Rating.objects.filter(pool=pool).delete()
            start: dict[int, State] = {}
            affected: set[int] = set()
        else:
            games = games.filter(period__gte=since)
            affected = set(
                RatingHistory.objects.filter(pool=pool, period__gte=since).values_list("player_id", flat=True)
            )
            for players in games.values_list("players", flat=True):
                affected.update(players)
            start = _start_states(pool, affected, since)
            RatingHistory.objects.filter(pool=pool, period__gte=since).delete()
        fields = ("period", "players", "ranks", "scores", "tiebreaks", "played_on")
        counter = [0]
        result = _replay(pool, _rows(games.only(*fields).iterator(chunk_size=5000), counter), start, progress)
        for offset in range(0, len(result.history), BATCH):
            RatingHistory.objects.bulk_create(_history_row(pool, s) for s in result.history[offset : offset + BATCH])
        _store_ratings(pool, result.states, affected if since is not None else None)
        pool_changed(pool.pk)  # written in bulk: no signal says it
        return counter[0]


def _store_ratings(pool: RatingPool, states: dict[int, State], affected: set[int] | None) -> None:
    profile = profile_for(get_engine(pool.game)) if pool.system == RatingPool.System.LADDER else None
    wanted = states if affected is None else {p: states[p] for p in affected if p in states}
    if affected is not None:
        Rating.objects.filter(pool=pool, player_id__in=affected - set(wanted)).delete()
        existing = {r.player_id: r for r in Rating.objects.filter(pool=pool, player_id__in=wanted)}
    else:
        existing = {}
    create, update = [], []
    for player, state in wanted.items():
        level = score_level(profile, state.rating) if profile else ""
        row = _rating_row(pool, player, state, level)
        if player in existing:
            row.pk = existing[player].pk
            update.append(row)
        else:
            create.append(row)
    for offset in range(0, len(create), BATCH):
        Rating.objects.bulk_create(create[offset : offset + BATCH])
    if update:
        Rating.objects.bulk_update(update, RATING_FIELDS, batch_size=BATCH)


def ratings_recompute_all(*, progress: Callable[[str, int, int], None] | None = None) -> dict[str, int]:
    """Rebuild every pool from the tournament's confirmed games, from scratch, deterministically."""
    total = SeriesGame.objects.filter(status=SeriesGame.Status.CONFIRMED, match__is_bye=False).count()
    with transaction.atomic():
        rebuilt = rated_games_rebuild(progress=(lambda n: progress("collect", n, total)) if progress else None)
        counts = {}
        pools = list(RatingPool.objects.order_by("slug"))
        done = 0
        for pool in pools:
            size = pool.games.count()

            def step(n, base=done):
                if progress:
                    progress("replay", base + n, rebuilt)

            pool_recompute(pool=pool, since=None, progress=step)
            counts[pool.slug] = size
            done += size
    return counts
