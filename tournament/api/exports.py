"""CSV exports (pairings, results, match-point standings) and the rows of the calendar feeds.

CSV follows RFC 4180: a header row, CRLF line ends, quoting by the csv module. Text that a
person typed (names, labels, clubs) and that a spreadsheet would run as a formula (it starts
with = + - @ or a tab) is written with a leading apostrophe, the usual guard against CSV
injection; numbers are written as they are.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC
from decimal import Decimal

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournament import bounds
from tournament.api.ics import Entry
from tournament.models import Event, Match, MatchSeat, Participant, ResultEntry, Round, SeriesGame, Stage

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_text(value: str) -> str:
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def to_csv(header: list[str], rows: list[list]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _seats(match: Match) -> list[MatchSeat]:
    return sorted(match.seats.all(), key=lambda seat: seat.seat)


def _round_matches(round_: Round) -> list[Match]:
    seats = MatchSeat.objects.select_related("participant").order_by("seat")
    return list(round_.matches.order_by("table").prefetch_related(Prefetch("seats", queryset=seats)))


# Pairings of one round: one row per table, as many player columns as the largest table.


def pairings_csv(round_: Round, *, results: bool = True) -> str:
    """``results=False``: a silent round read by someone it hides from (statuses and games blank)."""
    matches = _round_matches(round_)
    width = max((len(_seats(match)) for match in matches), default=2)
    header = ["stage", "round", "table", "label"]
    for seat in range(1, width + 1):
        header += [f"player_{seat}_id", f"player_{seat}"]
    header += ["status", "games_won"]
    rows = []
    for match in matches:
        seats = _seats(match)
        row = [round_.stage.number, round_.number, match.table, safe_text(match.label)]
        for index in range(width):
            seat = seats[index] if index < len(seats) else None
            row += [seat.participant_id, safe_text(seat.participant.name)] if seat else ["", ""]
        status = "bye" if match.is_bye else match.status
        won = "" if match.is_bye or match.status != Match.Status.COMPLETED else _games_won(seats)
        rows.append([*row, status, won] if results else [*row, "bye" if match.is_bye else "", ""])
    return to_csv(header, rows)


def _games_won(seats: list[MatchSeat]) -> str:
    return "-".join(number(seat.games_won) for seat in seats)


# Results: one row per player of every confirmed game (so that tables of any size fit).

RESULT_HEADER = [
    "stage", "round", "table", "match_id", "game", "seat", "participant_id", "name", "rank", "score",
    "decided_by", "decided_at",
]  # fmt: skip


def results_csv(event: Event, *, hidden_rounds: frozenset[int] = frozenset()) -> str:
    games = (
        SeriesGame.objects.filter(match__round__stage__event=event, status=SeriesGame.Status.CONFIRMED)
        .exclude(match__round_id__in=hidden_rounds)
        .select_related("match__round__stage")
        .prefetch_related(Prefetch("ledger", queryset=ResultEntry.objects.order_by("version")))
        .order_by("match__round__stage__number", "match__round__number", "match__table", "number")
    )
    names = dict(event.participants.values_list("pk", "name"))
    rows = []
    for game in games:
        last = list(game.ledger.all())[-1]
        match = game.match
        for seat, pid in enumerate(game.seat_order, start=1):
            score = game.scores[seat - 1] if game.scores else ""
            rows.append(
                [
                    match.round.stage.number,
                    match.round.number,
                    match.table,
                    match.pk,
                    game.number,
                    seat,
                    pid,
                    safe_text(names.get(pid, "")),
                    game.ranks[seat - 1],
                    score,
                    last.action,
                    last.created_at.isoformat(),
                ]
            )
    return to_csv(RESULT_HEADER, rows)


# Standings: the ranks, order and tie-break figures of the standings page and API (one source,
# ``ranking.selectors.stage_standings``), with each participant's tally of matches beside them.


@dataclass
class StandingRow:
    participant: Participant
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    games_won: Decimal = Decimal(0)
    match_points: Decimal = Decimal(0)
    rank: int = 0

    @property
    def total(self) -> Decimal:
        return self.match_points + self.participant.granted_points


def _record(row: StandingRow, seat: MatchSeat, match: Match, firsts: int) -> None:
    row.match_points += seat.match_points
    if match.is_bye:
        row.byes += 1
        return
    row.played += 1
    row.games_won += seat.games_won
    if seat.rank == 1 and firsts == 1:
        row.wins += 1
    elif seat.rank == 1:
        row.draws += 1
    else:
        row.losses += 1


def stage_tallies(stage: Stage, hidden_rounds: frozenset[int] = frozenset()) -> list[StandingRow]:
    """Every settled match of the stage summed per participant (ranked by total, for reference)."""
    seats = (
        MatchSeat.objects.filter(match__round__stage=stage)
        .exclude(match__round_id__in=hidden_rounds)
        .select_related("participant", "match")
    )
    by_match: dict[int, list[MatchSeat]] = defaultdict(list)
    for seat in seats:
        by_match[seat.match_id].append(seat)
    people = {seat.participant_id: seat.participant for seat in seats}
    if stage.number == 1:  # the first stage lists everyone registered, played or not
        people |= {p.pk: p for p in stage.event.participants.all()}
    rows = {pid: StandingRow(person) for pid, person in people.items()}
    for match_seats in by_match.values():
        settled = [seat for seat in match_seats if seat.match_points is not None]
        firsts = sum(1 for seat in settled if seat.rank == 1)
        for seat in settled:
            _record(rows[seat.participant_id], seat, seat.match, firsts)
    ordered = sorted(rows.values(), key=lambda r: (-r.total, r.participant.seed or 10**9, r.participant.name))
    for index, row in enumerate(ordered):
        same = index and ordered[index - 1].total == row.total
        row.rank = ordered[index - 1].rank if same else index + 1
    return ordered


STANDINGS_HEADER = [
    "rank",
    "participant_id",
    "name",
    "seed",
    "status",
    "played",
    "wins",
    "draws",
    "losses",
    "byes",
    "games_won",
    "match_points",
    "granted_points",
    "total",
]  # then tiebreak_<key> for each tie-break of the stage, then group


def number(value: Decimal) -> str:
    """1, 0.5, 2.25: no trailing zeros, never an exponent."""
    return f"{value.normalize():f}"


def _standing_cells(ranked, tally: StandingRow) -> list:
    person = tally.participant
    cells = [ranked.rank, person.pk, safe_text(person.name), person.seed or "", person.status]
    cells += [tally.played, tally.wins, tally.draws, tally.losses, tally.byes, ranked.games_won]
    cells += [number(tally.match_points), number(person.granted_points), number(tally.total)]
    return [*cells, *(cell.shown for cell in ranked.cells), ranked.group]


def standings_csv(stage: Stage, *, hidden_rounds: frozenset[int] = frozenset()) -> str:
    """The standings as the page and the API rank them: same order, same ranks (in a group stage
    ranks count within each group, named in ``group``), ``games_won`` the games won outright, and
    one column per tie-break with the figure the page shows."""
    from ranking.selectors import stage_standings

    standings = stage_standings(stage, hidden_rounds)
    tallies = {row.participant.pk: row for row in stage_tallies(stage, hidden_rounds)}
    header = [*STANDINGS_HEADER, *(f"tiebreak_{column['key']}" for column in standings.columns), "group"]
    rows = [
        _standing_cells(ranked, tallies.get(ranked.participant.pk) or StandingRow(ranked.participant))
        for ranked in standings
    ]
    return to_csv(header, rows)


# Calendar entries. A round with a start time or a report deadline is a timed entry (start to
# deadline, in UTC); a round without times is an all-day entry on the event's start date (none
# when the event has no date either). An event with a start time has an entry of its own.


def _table_line(match: Match) -> str:
    names = [seat.participant.name for seat in _seats(match)]
    if match.is_bye:
        return _("%(name)s: bye") % {"name": names[0]}
    words = {"table": match.table, "label": match.label, "names": " – ".join(names)}
    if match.label:
        return _("Table %(table)s (%(label)s): %(names)s") % words
    return _("Table %(table)s: %(names)s") % words


def _round_times(round_: Round | None) -> dict:
    """The timed part of a round's entry: start to deadline, or the one time it has."""
    if round_ is None or (round_.starts_at is None and round_.report_deadline is None):
        return {}
    if round_.starts_at is None:
        return {"start": round_.report_deadline}
    return {"start": round_.starts_at, "end": round_.report_deadline}


def _deadline_line(round_: Round | None) -> list[str]:
    if round_ is None or round_.report_deadline is None:
        return []
    when = f"{round_.report_deadline.astimezone(UTC):%Y-%m-%d %H:%M}"
    return [_("Report results by %(when)s UTC") % {"when": when}]


def event_entries(event: Event, *, host: str, url_of) -> list[Entry]:
    """One entry per round: the published ones with their pairings, the planned ones as
    tentative; and the event's start."""
    entries = []
    if event.starts_at is not None:
        entries.append(
            Entry(
                uid=f"brume-event-{event.pk}-start@{host}",
                summary=_("%(event)s starts") % {"event": event.name},
                start=event.starts_at,
                location=event.location,
                url=url_of(event),
            )
        )
    for stage in event.stages.order_by("number"):
        published = {round_.number: round_ for round_ in stage.rounds.order_by("number")}
        # A stored setting is bounded when saved; an old row is still never expanded past the bound.
        planned = stage.settings.get("rounds")
        planned = min(planned, bounds.MAX_ROUNDS) if isinstance(planned, int) and not isinstance(planned, bool) else 0
        for number in sorted(set(published) | set(range(1, planned + 1))):
            round_ = published.get(number)
            times = _round_times(round_)
            if not times and event.starts_on is None:
                continue
            lines = [_table_line(match) for match in _round_matches(round_)] if round_ else [_("not paired yet")]
            entries.append(
                Entry(
                    uid=f"brume-stage-{stage.pk}-round-{number}@{host}",
                    summary=_("%(event)s — %(stage)s, round %(number)s")
                    % {"event": event.name, "stage": stage.name, "number": number},
                    day=None if times else event.starts_on,
                    description="\n".join(_deadline_line(round_) + lines),
                    location=event.location,
                    url=url_of(event),
                    tentative=round_ is None,
                    last_modified=round_.published_at if round_ else None,
                    **times,
                )
            )
    return entries


def player_entries(matches, *, user, host: str, url_of) -> list[Entry]:
    """One entry per match the user sits at (byes included: a round without a game is worth knowing)."""
    entries = []
    for match in matches:
        event = match.round.stage.event
        times = _round_times(match.round)
        if not times and event.starts_on is None:
            continue
        seats = _seats(match)
        others = [seat.participant.name for seat in seats if seat.participant.user_id != user.pk]
        what = _("bye") if match.is_bye else _("vs %(opponents)s") % {"opponents": ", ".join(others)}
        entries.append(
            Entry(
                uid=f"brume-match-{match.pk}@{host}",
                summary=_("%(event)s — round %(number)s: %(what)s")
                % {"event": event.name, "number": match.round.number, "what": what},
                day=None if times else event.starts_on,
                description="\n".join([*_deadline_line(match.round), _table_line(match), match.get_status_display()]),
                location=event.location,
                url=url_of(event),
                last_modified=match.round.published_at,
                **times,
            )
        )
    return entries


def player_matches(user, events):
    """The user's matches in the given events, oldest round first."""
    seats = MatchSeat.objects.select_related("participant").order_by("seat")
    return (
        Match.objects.filter(seats__participant__user=user, round__stage__event__in=events)
        .select_related("round__stage__event")
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("round__stage__event__starts_on", "round__stage__number", "round__number")
    )
