"""FIDE TRF export of a Swiss event's history, and reading back a pairing engine's output.

Written for the side-by-side benchmark against bbpPairings (the FIDE Dutch engine). Column
layout of the TRF-16 player line ("001" record), from the FIDE Tournament Report File
specification: start rank 5-8, name 15-47, rating 49-52, points 81-84, rank 86-89, then one
10-column block per round from column 92: opponent 92-95 ("0000" for none), colour at 97
(w, b or -), result at 99 (1, 0, = for played games; U for a pairing-allocated bye).
"""

from tournament.pairing import Entrant


def _place(line: list[str], column: int, text: str) -> None:
    """Write text so that it starts at the 1-based column."""
    end = column - 1 + len(text)
    if len(line) < end:
        line.extend(" " * (end - len(line)))
    line[column - 1 : end] = list(text)


def write_trf(entrants: list[Entrant], rounds: list[dict], planned_rounds: int, name: str = "Brume bench") -> str:
    """TRF text for ``entrants`` (ids 1..n, start rank = id) after ``rounds``.

    ``rounds`` holds one dict per played round: entrant id -> (opponent id or None for a bye,
    seat 0/1 or None, points scored).
    """
    lines = [f"012 {name}", f"XXR {planned_rounds}"]
    ordered = sorted(entrants, key=lambda entrant: -entrant.score)
    rank = {entrant.id: place for place, entrant in enumerate(ordered, start=1)}
    for entrant in sorted(entrants, key=lambda e: e.id):
        line: list[str] = []
        _place(line, 1, "001")
        _place(line, 5, f"{entrant.id:>4}")
        _place(line, 15, f"Player {entrant.id}"[:33])
        _place(line, 49, f"{round(entrant.rating):>4}")
        _place(line, 81, f"{entrant.score:>4.1f}")
        _place(line, 86, f"{rank[entrant.id]:>4}")
        for index, played in enumerate(rounds):
            column = 92 + 10 * index
            opponent, seat, points = played.get(entrant.id, (None, None, 0.0))
            if opponent is None:
                _place(line, column, "0000 - " + ("U" if points else "-"))
                continue
            result = {1.0: "1", 0.5: "=", 0.0: "0"}[points]
            _place(line, column, f"{opponent:>4} {'w' if seat == 0 else 'b'} {result}")
        lines.append("".join(line).rstrip())
    return "\r\n".join(lines) + "\r\n"


def read_pairs(text: str) -> tuple[list[tuple[int, int]], int | None]:
    """(pairs as (first, second), bye receiver) from a JaVaFo/bbpPairings pairing output file."""
    rows = [row.split() for row in text.strip().splitlines()[1:]]
    pairs = [(int(a), int(b)) for a, b in rows if int(b) != 0]
    byes = [int(a) for a, b in rows if int(b) == 0]
    return pairs, (byes[0] if byes else None)
