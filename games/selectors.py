"""Reads about games: the catalogue of engines, records and their replays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from django.db.models import Q, QuerySet
from django.utils.translation import gettext, gettext_lazy

from config.kept_queries import KeptQuery
from games.ai.registry import levels
from games.engine_texts import reason_of, render_svg
from games.engines import Engine, EngineError, all_engines, get_engine
from games.gamelog import jsonform
from games.gamelog.validator import start_state
from games.models import GameRecord, LiveGame


class VisibilityRule(Protocol):
    """A rule from an app above games (the tournament app: a record inherits its event's
    visibility) that hides some records and live games from some people.

    ``listing`` asks what may appear in a list, which is narrower than what may be opened by its
    link (an unlisted event's games open by link but are never listed to outsiders).

    A rule never hides a live game from a person seated in it (``live_game_for_seat`` relies on
    it: a move POST checks the seat on the row it read, with no visibility query).
    """

    def hidden_records(self, user, *, listing: bool) -> Q: ...

    def hidden_live_games(self, user, *, listing: bool) -> Q: ...


_visibility_rules: list[VisibilityRule] = []


def register_visibility_rule(rule: VisibilityRule) -> None:
    """Called by an app's ``AppConfig.ready`` (games never imports the apps above it)."""
    if rule not in _visibility_rules:
        _visibility_rules.append(rule)


def records_visible_to(user, *, listing: bool = False) -> QuerySet[GameRecord]:
    """Every record this user may open (``listing=False``) or see in a list (``listing=True``).

    The one place that says who sees which record: pages, the API and lists all read through it.
    A record nobody restricts (uploaded on its own, from an AI batch) is visible to everyone.
    """
    records = GameRecord.objects.all()
    for rule in _visibility_rules:
        records = records.exclude(rule.hidden_records(user, listing=listing))
    return records


def record_for_viewer(public_id: str, user) -> GameRecord | None:
    """The record with this public id if this user may open it; None otherwise (answer 404, so
    that a hidden record and a missing one look the same)."""
    return records_visible_to(user).filter(public_id=public_id).first()


def may_open_record(record: GameRecord, user) -> bool:
    return records_visible_to(user).filter(pk=record.pk).exists()


# An upload of a log that is already stored as the record of an event's game the uploader may not
# see: they are told so, without the record (its public id, its verdict) and without a link.
HIDDEN_DUPLICATE = gettext_lazy("this log is already stored, as the record of an event's game that you cannot see")


def live_games_visible_to(user, *, listing: bool = False) -> QuerySet[LiveGame]:
    """Every live game this user may open or see in a list; the same rules as for records."""
    games = LiveGame.objects.all()
    for rule in _visibility_rules:
        games = games.exclude(rule.hidden_live_games(user, listing=listing))
    return games


_live_link_providers: list = []


def register_live_links(provider) -> None:
    """``provider(live) -> [(label, url), ...]``: where a live game belongs (its match and event),
    registered by an app above games in ``AppConfig.ready``."""
    if provider not in _live_link_providers:
        _live_link_providers.append(provider)


def live_game_links(live: LiveGame) -> list[tuple[str, str]]:
    return [link for provider in _live_link_providers for link in provider(live)]


def live_game_for_viewer(public_id: str, user) -> LiveGame | None:
    """The live game with this public id if this user may open it; None otherwise (404).

    One read of the row; the visibility rules' query only for someone not seated in the game (no
    rule hides a game from its own players): a player's page, API read and stream opening, after
    each move, cost no exclusion query."""
    from games.live import seat_of

    live = _LIVE_GAME_BY_PUBLIC_ID.first(public_id)
    if live is None or seat_of(live, user) is not None:
        return live
    return live if _may_open_unseated(live, user) else None


def _may_open_unseated(live: LiveGame, user) -> bool:
    return live_games_visible_to(user).filter(pk=live.pk).exists()


@dataclass(frozen=True)
class CatalogueEntry:
    engine: Engine
    ai_levels: tuple[str, ...]

    @property
    def info(self):
        return self.engine.info


def game_catalogue() -> list[CatalogueEntry]:
    return [CatalogueEntry(engine, tuple(levels(engine.info.slug))) for engine in all_engines()]


def game_entry(slug: str) -> CatalogueEntry:
    engine = get_engine(slug)
    return CatalogueEntry(engine, tuple(levels(slug)))


def record_seat_of(record: GameRecord, user) -> int | None:
    """The seat this user played in the record, if the log names them (``user:<id>``)."""
    if not user.is_authenticated:
        return None
    for index, seat in enumerate(record.log.get("seats", [])):
        if seat.get("player") == f"user:{user.pk}":
            return index
    return None


def allowed_viewers(record: GameRecord, user) -> list[int | None]:
    """Whose view this user may open: everyone's once the game is over (or for games without
    hidden information); otherwise the spectator's and their own seat's."""
    engine = get_engine(record.game)
    seats = list(range(len(record.log.get("seats", []))))
    if not engine.info.hidden_information or (record.status == GameRecord.Status.VALID and record.finished):
        return [None, *seats]
    own = record_seat_of(record, user)
    return [None] if own is None else [None, own]


@dataclass(frozen=True)
class ReplayFrame:
    ply: int  # 0 is the start; n is after the n-th move
    plies: int  # how many moves can be replayed
    move_text: str
    svg: str
    view: dict[str, Any]
    error: str = ""


def replay_frame(record: GameRecord, ply: int, viewer: int | None) -> ReplayFrame:
    """The picture after ``ply`` moves, as ``viewer`` (a seat, or None for the spectator) saw it.

    Replays only the legal prefix of the log: an invalid log stops at its first bad move.
    """
    engine = get_engine(record.game)
    log = jsonform.log_from_dict(record.log)
    limit = len(log.moves) if record.bad_move_ply is None else record.bad_move_ply - 1
    ply = max(0, min(ply, limit))
    try:
        state = start_state(log, engine)
        for text in log.moves[:ply]:
            state = engine.play_text(state, text)
    except EngineError as exc:
        return ReplayFrame(0, 0, "", "", {}, error=reason_of(exc))
    if engine.info.hidden_information and viewer is None and not engine.is_over(state) and record.finished:
        pass  # the spectator sees what the engine's spectator view allows, even mid-replay
    view = engine.observe(state, viewer)
    return ReplayFrame(ply, limit, log.moves[ply - 1] if ply else "", render_svg(engine, view), view)


def may_see_everything(record: GameRecord, user) -> bool:
    """Whether this user may see the whole record (its moves, its verdict's reasons).

    A hidden-information game is public once it is over; before that (an unfinished or invalid
    log) only its uploader and staff see inside it, since its moves hold both sides' secrets.
    """
    if not get_engine(record.game).info.hidden_information:
        return True
    if record.status == GameRecord.Status.VALID and record.finished:
        return True
    return user.is_authenticated and (user.is_staff or record.uploaded_by_id == user.pk)


def public_verdict(record: GameRecord, user) -> dict | None:
    """The verdict as this user may see it, in the active language: reasons and outcome removed
    when they could tell secrets."""
    from games.verdicts import redacted_verdict, translated_verdict

    if record.verdict is None or may_see_everything(record, user):
        return translated_verdict(record.verdict)
    return redacted_verdict(record.verdict)


# --- a player's own records, and downloading a log ---------------------------------------------------


def records_of_player(user) -> QuerySet[GameRecord]:
    """The records this user uploaded or played a seat in (their log names ``user:<id>``), as far
    as they may open them: newest first. One query, whatever the number of records."""
    if not user.is_authenticated:
        return GameRecord.objects.none()
    seats = max((engine.info.max_seats for engine in all_engines()), default=0)
    me = f"user:{user.pk}"
    played = Q()
    for index in range(seats):  # a key path per seat: works on SQLite and PostgreSQL alike
        played |= Q(**{f"log__seats__{index}__player": me})
    return records_visible_to(user).filter(Q(uploaded_by=user) | played).order_by("-created_at", "-pk")


def log_download_refusal(record: GameRecord, user) -> str | None:
    """Why this user may not download the record's whole log (None: they may). The record is
    already one they may open; the file holds everything (a Menhirs board, a Mists tile order), so
    it is given only when the whole record may be seen (``may_see_everything``) and no app above
    keeps it under embargo (a duplicate round still being played: other tables play the same
    setup)."""
    if not may_see_everything(record, user):
        return gettext("the log of a hidden-information game opens once the game is over and its log is found valid")
    for rule in _visibility_rules:
        embargoed = getattr(rule, "embargoed_logs", None)
        if embargoed is not None and GameRecord.objects.filter(embargoed(user), pk=record.pk).exists():
            return gettext(
                "this game's round is still being played at other tables with the same setup: "
                "its log opens when the round closes"
            )
    return None


def log_text(record: GameRecord) -> str:
    """The record's log in its text form (the form people read and write)."""
    from games.gamelog import textform

    return textform.dumps(jsonform.log_from_dict(record.log))


# A move's one read of the game's row, its SQL compiled once per process (config/kept_queries.py).
_LIVE_GAME_BY_PUBLIC_ID = KeptQuery(
    lambda public_id: LiveGame.objects.select_related("record").filter(public_id=public_id)
)


def live_game_for_seat(public_id: str, user) -> tuple[LiveGame | None, int | None]:
    """(the live game, the user's seat in it) for a move or an action, in one read of the row.

    A person seated in a game may always open it (no visibility rule hides a game from its own
    players: tests/live/test_cheap_move.py), so a seated user needs no visibility query; for
    anyone else the game is returned only when they may open it (the caller answers 403), and
    (None, None) when they may not or it does not exist (404: the two look the same)."""
    from games.live import seat_of

    live = _LIVE_GAME_BY_PUBLIC_ID.first(public_id)
    if live is None:
        return None, None
    seat = seat_of(live, user)
    if seat is not None:
        return live, seat
    return (live if _may_open_unseated(live, user) else None), None
