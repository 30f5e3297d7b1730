"""FIDE Tournament Report File (TRF-16) for Swiss stages: write one, read one back, and turn it
into pairing entrants so that a Swiss can be checked by another program or continued here.

Player line ("001"), 1-based columns as the TRF-16 specification places them: start rank 5-8,
name 15-47, rating 49-52, points 81-84, rank 86-89, then one 10-column block per round from
column 92: opponent's start rank 92-95 ("0000" for none), colour at 97 (``w``, ``b`` or ``-``),
result at 99. Results: ``1`` ``=`` ``0`` played; ``+`` ``-`` forfeit win or loss (not a game);
``U`` pairing-allocated bye, ``F`` full-point bye, ``H`` half-point bye, ``Z`` zero-point bye,
blank or ``-`` with no opponent: not paired. The JaVaFo/bbpPairings extensions ``XXR`` (planned
rounds) and ``XXC`` (``white1``/``black1``: the top seed's colour in round 1) are read and
written; "white" is Brume's first seat.

The round to be paired. As pairing programs read a TRF (JaVaFo's manual, bbpPairings), a column
after the rounds played in which nobody has an opponent is not a round: it names who will not be
paired next, ``0000 - -`` (absent: Brume writes it for a withdrawn entrant) or ``0000 - Z``.
``Trf.absent_next`` holds them; ``rounds_played`` does not count that column.
"""

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tournament.pairing.text import _

from .errors import PairingUserError
from .history import requested_byes
from .model import Entrant, EntrantId, RoundPairing

PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}
FORFEIT = {"+": 1.0, "-": 0.0}
BYES = {"U": 1.0, "F": 1.0, "H": 0.5, "Z": 0.0}
NO_BYE_AFTER = {"U", "F", "+"}  # FIDE C.04.1: no pairing-allocated bye after one of these


@dataclass(frozen=True)
class TrfGame:
    """One round of one player: ``opponent`` start rank or None, colour ``w``/``b``/``-``, result code."""

    opponent: int | None
    colour: str
    result: str


@dataclass(frozen=True)
class TrfPlayer:
    number: int
    name: str
    rating: int = 0
    points: float = 0.0
    games: tuple[TrfGame, ...] = ()


@dataclass(frozen=True)
class Trf:
    name: str
    players: tuple[TrfPlayer, ...]
    planned_rounds: int | None = None
    initial_colour: str | None = None  # "first" or "second"
    # Start ranks not to be paired in the next round (withdrawn): "0000 - -" after the last round.
    absent_next: frozenset[int] = frozenset()

    @property
    def rounds_played(self) -> int:
        return max((len(player.games) for player in self.players), default=0)


def _place(line: list[str], column: int, text: str) -> None:
    end = column - 1 + len(text)
    if len(line) < end:
        line.extend(" " * (end - len(line)))
    line[column - 1 : end] = list(text)


def write_trf(trf: Trf) -> str:
    lines = [f"012 {trf.name}"[:200]]
    if trf.planned_rounds:
        lines.append(f"XXR {trf.planned_rounds}")
    if trf.initial_colour:
        lines.append("XXC " + ("white1" if trf.initial_colour == "first" else "black1"))
    ordered = sorted(trf.players, key=lambda p: (-p.points, p.number))
    rank = {player.number: place for place, player in enumerate(ordered, start=1)}
    for player in sorted(trf.players, key=lambda p: p.number):
        line: list[str] = []
        _place(line, 1, "001")
        _place(line, 5, f"{player.number:>4}")
        _place(line, 15, player.name.replace("\r", " ").replace("\n", " ")[:33])
        _place(line, 49, f"{max(0, min(9999, round(player.rating))):>4}")
        _place(line, 81, f"{player.points:>4.1f}")
        _place(line, 86, f"{rank[player.number]:>4}")
        for index, game in enumerate(player.games):
            opponent = "0000" if game.opponent is None else f"{game.opponent:>4}"
            _place(line, 92 + 10 * index, f"{opponent} {game.colour} {game.result}")
        if player.number in trf.absent_next:
            _place(line, 92 + 10 * trf.rounds_played, "0000 - -")
        lines.append("".join(line).rstrip())
    return "\r\n".join(lines) + "\r\n"


def read_trf(text: str) -> Trf:
    """The tournament in a TRF text; a malformed line is a user error naming the line."""
    name, planned, initial, players = "", None, None, []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        code = line[:3]
        if code == "012":
            name = line[4:].strip()
        elif code == "XXR":
            planned = _number(line[4:], number, _("the number of rounds (XXR)"))
        elif code == "XXC":
            word = line[4:].strip().split()[0].lower() if line[4:].strip() else ""
            initial = {"white1": "first", "black1": "second"}.get(word)
        elif code == "001":
            players.append(_player(line, number))
    if not players:
        raise PairingUserError(_("this TRF file has no player line (001)"))
    numbers = [player.number for player in players]
    if len(set(numbers)) != len(numbers):
        raise PairingUserError(_("this TRF file lists a start rank twice"))
    players, absent = _absences_of_the_next_round(players)
    return Trf(name, tuple(players), planned, initial, absent)


ABSENT = {"-", "Z"}


def _absences_of_the_next_round(players: list[TrfPlayer]) -> tuple[list[TrfPlayer], frozenset[int]]:
    """The last column split off when it is the round to be paired: nobody there has an opponent
    and every entry says absent (``-`` or ``Z``; blank for the others). A column with a bye
    (``U F H``) stays a round as it was."""
    last = max((len(player.games) for player in players), default=0)
    if last == 0:
        return players, frozenset()
    entries = {player.number: player.games[last - 1] for player in players if len(player.games) == last}
    if any(game.opponent is not None or game.result not in ABSENT | {" "} for game in entries.values()):
        return players, frozenset()
    absent = frozenset(number for number, game in entries.items() if game.result in ABSENT)
    if not absent:
        return players, frozenset()
    trimmed = [dataclasses.replace(player, games=player.games[: last - 1]) for player in players]
    # Trailing blanks of the others were not written; a blank column 'last - 1' shortens no one else.
    return trimmed, absent


def _number(text: str, line: int, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise PairingUserError(
            _("line %(line)s of the TRF file: %(what)s is not a whole number") % {"line": line, "what": what}
        ) from None


def _player(line: str, line_number: int) -> TrfPlayer:
    number = _number(line[4:8], line_number, _("the start rank (columns 5-8)"))
    rating = int(line[48:52]) if line[48:52].strip().isdigit() else 0
    try:
        points = float(line[80:84]) if line[80:84].strip() else 0.0
    except ValueError:
        raise PairingUserError(
            _("line %(line_number)s of the TRF file: the points (columns 81-84) are not a number")
            % {"line_number": line_number}
        ) from None
    games = []
    column = 91
    while column < len(line):
        block = line[column : column + 10].ljust(10)
        opponent_text, colour, result = block[0:4].strip(), block[5], block[7]
        opponent = None if opponent_text in ("", "0000", "0") else _number(opponent_text, line_number, _("an opponent"))
        if result not in PLAYED and result not in FORFEIT and result not in BYES and result != " ":
            raise PairingUserError(
                _("line %(line_number)s of the TRF file: unknown result code %(result)s")
                % {"line_number": line_number, "result": repr(result)}
            )
        games.append(TrfGame(opponent, colour if colour in "wb" else "-", result))
        column += 10
    return TrfPlayer(number, line[14:47].strip(), rating, points, tuple(games))


def trf_from_history(
    name: str,
    entrants: Sequence[Entrant],
    rounds: Sequence[tuple[RoundPairing, Mapping[EntrantId, float], Mapping[int, Sequence[EntrantId]]]],
    planned_rounds: int | None = None,
    initial_colour: str | None = None,
    names: Mapping[EntrantId, str] | None = None,
    absent_next: frozenset[EntrantId] = frozenset(),
) -> tuple[Trf, dict[EntrantId, int]]:
    """A TRF of a Swiss from its entrants in start order and, per round, its pairing, the points
    scored and the forfeited tables (table -> who did not play); ``absent_next``: entrants not to
    be paired in the next round (withdrawn). Returns the TRF and each entrant's start rank."""
    number = {entrant.id: index for index, entrant in enumerate(entrants, start=1)}
    games: dict[EntrantId, list[TrfGame]] = {entrant.id: [] for entrant in entrants}
    totals = {entrant.id: 0.0 for entrant in entrants}
    for pairing, points, forfeits in rounds:
        for entrant_id, value in points.items():
            if entrant_id in totals:
                totals[entrant_id] += value
        seen = set()
        for table in pairing.pairings:
            first, second = table.seats
            absent = set(forfeits.get(table.table, ()))
            for me, other, colour in ((first, second, "w"), (second, first, "b")):
                if table.table in forfeits:
                    result = "-" if me in absent else "+"
                else:
                    mine, theirs = points.get(me, 0.0), points.get(other, 0.0)
                    result = "1" if mine > theirs else "=" if mine == theirs else "0"
                games[me].append(TrfGame(number[other], colour, result))
                seen.add(me)
        for bye in pairing.byes:
            games[bye.entrant].append(TrfGame(None, "-", "U"))
            seen.add(bye.entrant)
        for entrant_id, letter in requested_byes(pairing).items():
            games[entrant_id].append(TrfGame(None, "-", letter))
            seen.add(entrant_id)
        for entrant_id in games:
            if entrant_id not in seen:
                games[entrant_id].append(TrfGame(None, "-", "Z"))
    names = names or {}
    players = tuple(
        TrfPlayer(
            number[entrant.id],
            names.get(entrant.id, f"Player {number[entrant.id]}"),
            round(entrant.rating),
            totals[entrant.id],
            tuple(games[entrant.id]),
        )
        for entrant in entrants
    )
    absent = frozenset(number[entrant_id] for entrant_id in absent_next if entrant_id in number)
    return Trf(name, players, planned_rounds, initial_colour, absent), number


def trf_entrants(trf: Trf) -> list[Entrant]:
    """Pairing entrants (id = start rank) with the TRF's history replayed round by round, the way
    Brume keeps it: forfeits are not meetings and give no seat, a forfeit win or a full-point or
    pairing-allocated bye rules out the pairing-allocated bye, and floats follow the scores."""
    known = {player.number for player in trf.players}
    entrants = {p.number: Entrant(p.number, rating=p.rating, seed=p.number) for p in trf.players}
    for index in range(trf.rounds_played):
        before = {number: entrant.score for number, entrant in entrants.items()}
        for player in trf.players:
            if index >= len(player.games):
                entrants[player.number] = _after(entrants[player.number], 0.0, float_direction=0)
                continue
            game = player.games[index]
            if game.opponent is not None and game.opponent not in known:
                raise PairingUserError(
                    _("player %(number)s meets %(opponent)s, who is not in the file")
                    % {"number": player.number, "opponent": game.opponent}
                )
            entrant = entrants[player.number]
            if game.result in PLAYED and game.opponent is not None:
                other = before[game.opponent]
                direction = 1 if other > before[player.number] else -1 if other < before[player.number] else 0
                entrants[player.number] = dataclasses.replace(
                    _after(entrant, PLAYED[game.result], direction),
                    opponents=(*entrant.opponents, game.opponent),
                    seats=(*entrant.seats, 0 if game.colour == "w" else 1),
                )
            else:
                points = FORFEIT.get(game.result, BYES.get(game.result, 0.0))
                unplayed_win = game.result in NO_BYE_AFTER
                entrants[player.number] = dataclasses.replace(
                    _after(entrant, points, -1 if unplayed_win else 0), byes=entrant.byes + unplayed_win
                )
    return [entrants[player.number] for player in trf.players]


def _after(entrant: Entrant, points: float, float_direction: int) -> Entrant:
    return dataclasses.replace(entrant, score=entrant.score + points, floats=(*entrant.floats, float_direction))
