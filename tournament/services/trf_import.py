"""Starting or continuing a Swiss stage from a FIDE Tournament Report File (TRF-16).

An organiser gives the text of a TRF for a Swiss stage that has no round yet; Brume checks the
whole file first, then in one transaction adds the players, stores every round the file played
as Brume rounds and matches, and rules each result through the result ledger as an organiser's
decision. The next round Brume pairs continues the tournament. A bad file stores nothing.

Players. The file's start ranks become the stage's seed order (``Stage.entrants`` and each
participant's ``seed``); a rating above 0 replaces the participant's. A player whose name (case
and spacing aside) is exactly one participant's name in the event is that participant; any other
becomes a new participant. A Brume participant is a person with an account or an AI entrant
(the database says so), so a new one gets a placeholder account: inactive, no password, no
email, user name ``trf-<event id>-<start rank>``. Nobody can sign in with it.

Results (what each TRF code becomes; see docs/pairing.md, "Importing a TRF"):

- ``1 = 0`` (and ``W D L``) with an opponent: a played game, seats in the file's colours (white
  is Brume's first seat), ruled win, draw or loss.
- ``+ -`` with an opponent: a forfeit (``match_forfeit``): the absent side loses, the match is
  recorded as not played. ``- -`` (both absent) is stored as neither being paired.
- ``U``: the pairing-allocated bye, scored as the stage's bye.
- ``F``: a full-point bye, scored as a win; like ``U`` it rules out a later pairing-allocated bye.
- ``H``: a half-point bye, scored as a draw; it does not rule out the pairing-allocated bye.
- ``Z``, blank, or ``-`` with no opponent: not paired that round; nothing is stored.

The round to be paired: a last column in which nobody has an opponent and the entries are
``0000 - -`` or ``0000 - Z`` (as pairing programs read it, and as Brume exports a withdrawn
entrant) names players who will not be paired next: they are imported withdrawn after the last
round played, so Brume's next round leaves them out.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ranking.cache import event_changed
from tournament import bounds
from tournament.errors import ServiceError
from tournament.models import Event, Match, MatchSeat, Participant, Round, SeriesGame, Stage
from tournament.pairing.errors import PairingUserError
from tournament.pairing.trf import BYES, FORFEIT, PLAYED, Trf, TrfGame, read_trf
from tournament.services.events import check_organiser, event_set_status
from tournament.services.results import game_decide
from tournament.services.rounds import round_seed
from tournament.services.walkovers import match_forfeit

MAX_BYTES = 2 * 1024 * 1024
MAX_PLAYERS = 5000
MAX_ROUNDS = 99
# Each result is ruled through the ledger (about 40-90 ms on SQLite, see docs/pairing.md): pages
# and the API run an import as an organiser job (tournament.jobs), which stays within a worker's
# time limit (CELERY_TASK_TIME_LIMIT) at this size.
MAX_RESULTS = 2000
RECORD = re.compile(r"^[0-9A-Za-z]{3}( |$)")  # every TRF line starts with a three-character code
WON = {"1": "1", "W": "1", "+": "+"}
OPPOSITE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}


def _refuse(message: str, line: int | None = None) -> ServiceError:
    if line:
        message = _("line %(line)s of the TRF file: %(message)s") % {"line": line, "message": message}
    return ServiceError(message, code="trf_refused")


@dataclass
class _Table:
    white: int  # start ranks; "white" is the first seat
    black: int
    result: str  # the white player's code
    round: int


@dataclass
class _Round:
    number: int
    tables: list[_Table] = field(default_factory=list)
    byes: dict[int, str] = field(default_factory=dict)  # start rank -> U, F or H


Progress = Callable[[int, int], None]  # (steps done, steps in all): one step a player, a pairing or a bye


@dataclass
class TrfImport:
    """What an import did: the stage, its participants in start order, and the counts."""

    stage: Stage
    participants: list[Participant]
    created: int
    matched: int
    rounds: int
    games: int = 0  # played games ruled through the ledger
    forfeits: int = 0
    byes: int = 0

    @property
    def matches(self) -> int:
        return self.games + self.forfeits

    def summary(self) -> dict:
        """The counts, as an organiser job keeps them."""
        return {
            "stage": self.stage.number,
            "players": len(self.participants),
            "created": self.created,
            "matched": self.matched,
            "rounds": self.rounds,
            "matches": self.matches,
            "games": self.games,
            "forfeits": self.forfeits,
            "byes": self.byes,
        }


class _Steps:
    """Counts the steps of an import and tells ``progress`` after each (it decides how often to
    write anything down)."""

    def __init__(self, total: int, progress: Progress | None):
        self.done, self.total, self.progress = 0, total, progress

    def advance(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)


def import_steps(trf: Trf, rounds: list[_Round]) -> int:
    """How many steps an import of this file reports: its players, pairings and byes."""
    return len(trf.players) + sum(len(found.tables) + len(found.byes) for found in rounds)


# --- reading and checking (nothing is stored) ----------------------------------------------


def _player_lines(text: str) -> dict[int, int]:
    """Start rank -> line number of each player line; a line that is no TRF record, or a start
    rank given twice, is refused with its line."""
    lines: dict[int, int] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if not RECORD.match(line):
            raise _refuse(_("this is not a TRF line (each starts with a code such as 012 or 001)"), number)
        if line[:3] == "001":
            try:
                rank = int(line[4:8])
            except ValueError:
                raise _refuse(_("the start rank (columns 5-8) is not a whole number"), number) from None
            if rank < 1:
                raise _refuse(_("a start rank is 1 or more"), number)
            if rank in lines:
                raise _refuse(
                    _("start rank %(rank)s was already given on line %(lines)s") % {"rank": rank, "lines": lines[rank]},
                    number,
                )
            lines[rank] = number
    return lines


def _xxr_line(text: str) -> int | None:
    return next((n for n, raw in enumerate(text.splitlines(), start=1) if raw.startswith("XXR")), None)


def decode_trf(data: bytes) -> str:
    """A file's bytes as text: UTF-8 (with or without a byte-order mark), else Windows-1252, the
    encoding most pairing programs write; refused beyond the size limit."""
    if len(data) > MAX_BYTES:
        raise _refuse(_("the file is larger than %(value)s MB") % {"value": MAX_BYTES // (1024 * 1024)})
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_import(text: str) -> tuple[Trf, list[_Round], dict[int, int]]:
    """The file read and checked: its rounds as tables and byes, and each player's line."""
    if not isinstance(text, str):
        raise _refuse(_("the file must be text"))
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise _refuse(_("the file is larger than %(value)s MB") % {"value": MAX_BYTES // (1024 * 1024)})
    if "\x00" in text:
        raise _refuse(_("the file is not text"))
    lines = _player_lines(text)
    try:
        trf = read_trf(text)
    except PairingUserError as exc:
        raise _refuse(str(exc)) from None
    if len(trf.players) > MAX_PLAYERS:
        raise _refuse(
            _("at most %(MAX_PLAYERS)s players (%(count)s given)")
            % {"MAX_PLAYERS": MAX_PLAYERS, "count": len(trf.players)}
        )
    for player in trf.players:
        if not player.name:
            raise _refuse(_("the player has no name (columns 15-47)"), lines[player.number])
        try:
            bounds.text(player.name, _("the player's name"), max_length=120)
        except bounds.OutOfBounds as exc:
            raise _refuse(exc.message, lines[player.number]) from None
    played = trf.rounds_played
    if played > MAX_ROUNDS:
        raise _refuse(
            _("at most %(MAX_ROUNDS)s rounds (%(played)s given)") % {"MAX_ROUNDS": MAX_ROUNDS, "played": played}
        )
    if trf.planned_rounds is not None and not 1 <= trf.planned_rounds <= MAX_ROUNDS:
        raise _refuse(
            _("the planned rounds (XXR) must be 1 to %(MAX_ROUNDS)s") % {"MAX_ROUNDS": MAX_ROUNDS}, _xxr_line(text)
        )
    if trf.planned_rounds is not None and played > trf.planned_rounds:
        raise _refuse(
            _("the players' lines have %(played)s rounds but the file plans %(planned_rounds)s (XXR)")
            % {"played": played, "planned_rounds": trf.planned_rounds},
            _xxr_line(text),
        )
    rounds = _rounds(trf, lines)
    results = sum(len(found.tables) for found in rounds)
    if results > MAX_RESULTS:
        raise _refuse(
            _("the file has %(results)s games and forfeits; at most %(MAX_RESULTS)s are imported at once")
            % {"results": results, "MAX_RESULTS": MAX_RESULTS}
        )
    return trf, rounds, lines


def _game(trf_player, index: int) -> TrfGame:
    games = trf_player.games
    return games[index] if index < len(games) else TrfGame(None, "-", " ")


def _rounds(trf: Trf, lines: dict[int, int]) -> list[_Round]:
    players = {player.number: player for player in trf.players}
    rounds = []
    for index in range(trf.rounds_played):
        number = index + 1
        found = _Round(number)
        for player in trf.players:
            game, line = _game(player, index), lines[player.number]
            where = f"round {number}: "
            if game.opponent is None:
                if game.result in BYES and game.result != "Z":
                    found.byes[player.number] = game.result
                elif game.result not in ("Z", " ", "-"):
                    raise _refuse(where + f"result {game.result!r} needs an opponent", line)
                continue
            if game.opponent not in players:
                raise _refuse(where + f"opponent {game.opponent} is not a start rank of this file", line)
            if game.opponent == player.number:
                raise _refuse(where + "a player cannot meet themselves", line)
            if game.result not in PLAYED and game.result not in FORFEIT:
                raise _refuse(where + f"result {game.result!r} is a bye's, yet an opponent is named", line)
            other = _game(players[game.opponent], index)
            if other.opponent != player.number or other.result != OPPOSITE[game.result]:
                raise _refuse(
                    where + f"says {player.number} met {game.opponent} ({game.result}); "
                    f"line {lines[game.opponent]} does not say the same",
                    line,
                )
            if game.result in PLAYED and {game.colour, other.colour} != {"w", "b"}:
                raise _refuse(where + "a played game needs the colours w and b, one for each player", line)
            if game.result == "-" and other.result == "-":
                continue  # both absent: neither is paired (see the module's docstring)
            if player.number > game.opponent:
                continue  # each table once: from the line of the lower start rank
            if game.colour == "w" or (game.colour == "-" and other.colour != "w"):
                found.tables.append(_Table(player.number, game.opponent, game.result, number))
            else:
                found.tables.append(_Table(game.opponent, player.number, other.result, number))
        rounds.append(found)
    return rounds


# --- storing --------------------------------------------------------------------------------


def _normal(name: str) -> str:
    return " ".join(name.split()).casefold()


def _check_stage(stage: Stage, by, rounds: list[_Round]) -> None:
    check_organiser(by, stage.event)
    if stage.format != Stage.Format.SWISS:
        raise ServiceError(_("a TRF file is imported into a Swiss stage"), code="trf_refused")
    if stage.event.status == Event.Status.FINISHED or stage.status == Stage.Status.CLOSED:
        raise ServiceError(_("this stage is closed"), code="trf_refused")
    if stage.rounds.exists():
        raise ServiceError(
            _("this stage has published rounds: a TRF file starts a stage that has none"), code="trf_refused"
        )
    if stage.entrants is not None:
        raise ServiceError(
            _("this stage already has its entrants (sent by the stage before it, or imported)"), code="trf_refused"
        )
    if stage.series_length != 1:
        raise ServiceError(
            _("a TRF file gives one result per pairing: import it into a stage of single games (best of 1)")
        )
    draws = any(table.result in ("=", "D") for round_ in rounds for table in round_.tables)
    if draws and stage.level_series != Stage.LevelSeries.DRAW:
        raise ServiceError(_("the file has draws: set the stage's drawn matches to stay drawn before importing"))


def _placeholder_user(event: Event, number: int, name: str):
    users = get_user_model()
    username, extra = f"trf-{event.pk}-{number}", 1
    while users.objects.filter(username=username).exists():
        extra += 1
        username = f"trf-{event.pk}-{number}-{extra}"
    user = users(username=username, first_name=name[:150], is_active=False)
    user.set_unusable_password()
    user.save()
    return user


def _participants(event: Event, trf: Trf, lines: dict[int, int], steps: _Steps) -> tuple[dict[int, Participant], int]:
    by_name = defaultdict(list)
    for participant in event.participants.all():
        by_name[_normal(participant.name)].append(participant)
    wanted = defaultdict(list)
    for player in trf.players:
        wanted[_normal(player.name)].append(player.number)
    chosen, created = {}, 0
    for seed, player in enumerate(sorted(trf.players, key=lambda p: p.number), start=1):
        same = by_name.get(_normal(player.name), [])
        if len(same) > 1 or (same and len(wanted[_normal(player.name)]) > 1):
            raise _refuse(
                _("%(name)s names more than one player of the event or the file: make the names differ")
                % {"name": repr(player.name)},
                lines[player.number],
            )
        if same:
            participant = same[0]
            participant.seed = seed
            if player.rating > 0:
                participant.rating = float(player.rating)
            participant.save(update_fields=["seed", "rating"])
        else:
            participant = Participant.objects.create(
                event=event,
                user=_placeholder_user(event, player.number, player.name),
                name=player.name,
                seed=seed,
                rating=float(player.rating),
            )
            created += 1
        chosen[player.number] = participant
        steps.advance()
    return chosen, created


def _withdraw_absent(trf: Trf, people: dict[int, Participant], *, after_round: int) -> None:
    """The players the file leaves out of the round to be paired are withdrawn after its last round."""
    numbers = sorted(trf.absent_next)
    if numbers:
        Participant.objects.filter(pk__in=[people[number].pk for number in numbers]).update(
            status=Participant.Status.WITHDRAWN, withdrawn_after_round=after_round or None
        )


def _initial_colour(trf: Trf, rounds: list[_Round]) -> str | None:
    """The file's XXC, else the top seed's colour in round 1 when it played."""
    if trf.initial_colour:
        return trf.initial_colour
    top = min(player.number for player in trf.players)
    for table in rounds[0].tables if rounds else ():
        if table.result in PLAYED and top in (table.white, table.black):
            return "first" if table.white == top else "second"
    return None


def _store_round(stage: Stage, by, found: _Round, people: dict[int, Participant], steps: _Steps) -> None:
    round_ = Round.objects.create(
        stage=stage,
        number=found.number,
        seed=round_seed(stage, found.number),
        explanation={"summary": "imported from a TRF file", "format": "trf_import"},
        published_by=by,
    )
    tables = sorted(found.tables, key=lambda table: min(table.white, table.black))
    reason = f"imported from a TRF file (round {found.number})"
    table_number = 0
    for table_number, table in enumerate(tables, start=1):
        white, black = people[table.white], people[table.black]
        match = Match.objects.create(
            round=round_, table=table_number, explanation={"summary": "imported from a TRF file"}
        )
        MatchSeat.objects.bulk_create(
            [MatchSeat(match=match, participant=white, seat=0), MatchSeat(match=match, participant=black, seat=1)]
        )
        game = SeriesGame.objects.create(match=match, number=1, seat_order=[white.pk, black.pk])
        if table.result in FORFEIT:
            absent = black if table.result == "+" else white
            match_forfeit(match=match, by=by, absent=absent.pk, reason=reason)
        else:
            ranks = [1, 1] if table.result in ("=", "D") else [1, 2] if table.result in WON else [2, 1]
            game_decide(game=game, by=by, ranks=ranks, reason=reason)
        steps.advance()
    points = {"U": stage.points_bye, "F": stage.points_win, "H": stage.points_draw}
    words = {"U": "pairing-allocated bye", "F": "full-point bye", "H": "half-point bye"}
    for number, letter in sorted(found.byes.items()):
        table_number += 1
        explanation = {"summary": f"{words[letter]} (imported from a TRF file)"}
        if letter != "U":
            explanation["trf_bye"] = letter  # read by services.rounds._stored_round
        match = Match.objects.create(
            round=round_,
            table=table_number,
            label=_("bye"),
            is_bye=True,
            status=Match.Status.COMPLETED,
            completed_at=timezone.now(),
            explanation=explanation,
        )
        MatchSeat.objects.create(match=match, participant=people[number], seat=0, rank=1, match_points=points[letter])
        steps.advance()
    if not round_.matches.filter(status=Match.Status.PENDING).exists():
        Round.objects.filter(pk=round_.pk).update(status=Round.Status.CLOSED)


def _start(event: Event, by) -> None:
    """Played rounds are stored in a running event: a draft or open event is started."""
    if event.status == Event.Status.DRAFT:
        event_set_status(event=event, by=by, status=Event.Status.REGISTRATION)
    if event.status != Event.Status.RUNNING:
        event_set_status(event=event, by=by, status=Event.Status.RUNNING)
    event.refresh_from_db()


def _check_plan(stage: Stage, trf: Trf, rounds: list[_Round]) -> None:
    planned = trf.planned_rounds or stage.settings.get("rounds")
    if planned and len(rounds) > planned:
        raise ServiceError(
            _("the file has %(count)s rounds but the stage plans %(planned)s: change the stage's rounds")
            % {"count": len(rounds), "planned": planned},
            code="trf_refused",
        )


def trf_import_check(*, stage: Stage, by, text: str) -> int:
    """Everything about an import that is quick to check, before it is queued: who asks, the
    file (read whole: a bad line is named at once) and the stage as it is now. Stores nothing;
    returns the steps the import will report. ``stage_import_trf`` checks it all again under
    the stage's lock."""
    stage = Stage.objects.select_related("event").get(pk=stage.pk)
    check_organiser(by, stage.event)
    trf, rounds, _lines = read_import(text)
    _check_stage(stage, by, rounds)
    _check_plan(stage, trf, rounds)
    return import_steps(trf, rounds)


def stage_import_trf(*, stage: Stage, by, text: str, progress: Progress | None = None) -> TrfImport:
    """Import a TRF file into a Swiss stage with no round yet: all of it, or nothing.

    ``progress(done, total)`` is called after each player, pairing and bye is stored, inside
    the import's transaction (it must write elsewhere to be seen before the end)."""
    stage = Stage.objects.select_related("event").get(pk=stage.pk)
    check_organiser(by, stage.event)
    trf, rounds, lines = read_import(text)
    steps = _Steps(import_steps(trf, rounds), progress)
    with transaction.atomic():
        stage = Stage.objects.select_for_update().select_related("event").get(pk=stage.pk)
        _check_stage(stage, by, rounds)
        _check_plan(stage, trf, rounds)
        people, created = _participants(stage.event, trf, lines, steps)
        settings = dict(stage.settings or {})
        if trf.planned_rounds:
            settings["rounds"] = trf.planned_rounds
        if (colour := _initial_colour(trf, rounds)) is not None:
            settings["initial_colour"] = colour
        ordered = [people[number] for number in sorted(people)]
        stage.entrants = [participant.pk for participant in ordered]
        stage.settings = settings
        if rounds:
            stage.status = Stage.Status.RUNNING
        stage.save(update_fields=["entrants", "settings", "status"])
        if rounds:
            _start(stage.event, by)
        for found in rounds:
            _store_round(stage, by, found, people, steps)
        _withdraw_absent(trf, people, after_round=len(rounds))
        event_changed(stage.event_id)
    tables = [table for found in rounds for table in found.tables]
    forfeits = sum(1 for table in tables if table.result in FORFEIT)
    return TrfImport(
        stage,
        ordered,
        created,
        len(ordered) - created,
        len(rounds),
        games=len(tables) - forfeits,
        forfeits=forfeits,
        byes=sum(len(found.byes) for found in rounds),
    )


def stage_import_trf_queue(*, stage: Stage, by, text: str, language: str = ""):
    """What pages and the API do: check what is quick to check (a bad file or stage is refused
    at once, nothing queued), then queue the import as an organiser job (tournament.services.jobs)."""
    from tournament.models import OrganiserJob
    from tournament.services.jobs import job_start

    total = trf_import_check(stage=stage, by=by, text=text)
    return job_start(
        kind=OrganiserJob.Kind.TRF_IMPORT, stage=stage, by=by, input_text=text, total=total, language=language
    )
