"""Sample a full state that a seat cannot tell apart from the truth, given its view.

The enemy arrangement is drawn from the seat's belief (``belief.Belief``), rebuilt from the
record of plies the view carries, so it agrees with every shadow, probe answer and capture the
seat has seen. The belief is kept per seat and extended when the next view's record extends
the last one, so a search that determinizes the same view many times pays once.

``sample_enemy`` is the fallback when no belief is available: it keeps only the facts that
still bind the present position (the shadows, the enemy's count, a square it is known to hold,
probes since it last moved, how far it can have come from its home rows).
"""

from __future__ import annotations

import random
from threading import Lock
from typing import Any

from games.engines.base import EngineError
from games.engines.brouillard.belief import Belief
from games.engines.brouillard.board import HOME_ROWS, RING, SQUARES, bit, parse_square, row_of, squares_of
from games.engines.brouillard.state import BrouillardState

TRIES = 400
PARTICLES = 800
_beliefs: dict[tuple[int, bool], Belief] = {}
_lock = Lock()


def belief_for(view: dict[str, Any]) -> Belief:
    """The seat's belief after the view's record (built once, then extended)."""
    key = (view["seat"], view["options"]["diagonal_two_step"])
    events = view["events"]
    with _lock:
        belief = _beliefs.get(key)
        if belief is None or not belief.extends(events):
            belief = Belief(key[0], key[1], PARTICLES, random.Random(0))
            _beliefs[key] = belief
        belief.update(events)
        return belief


def _mask(names) -> int:
    return sum(bit(parse_square(n)) for n in names)


def facts(view: dict[str, Any]) -> dict[str, Any]:
    """The present-position facts a sample must respect (see the module docstring)."""
    seat = view["seat"]
    enemy = 1 - seat
    events = view["events"]
    enemy_moves = [e for e in events if e["by"] == enemy and e["type"] == "move"]
    known = 0
    if enemy_moves and enemy_moves[-1]["to"] is not None:
        last = enemy_moves[-1]
        later_captures = [
            e
            for e in events
            if e["ply"] > last["ply"] and e["by"] == seat and e.get("captured") and e["to"] == last["to"]
        ]
        if not later_captures:
            known = bit(parse_square(last["to"]))
    since = enemy_moves[-1]["ply"] if enemy_moves else 0
    probes = [
        (RING[parse_square(e["square"])], e["count"])
        for e in events
        if e["type"] == "probe" and e["by"] == seat and e["ply"] > since
    ]
    return {
        "enemy_placed": any(e["type"] == "setup" and e["by"] == enemy for e in events),
        "count": view["pieces_left"][enemy],
        "mine": _mask(p["square"] for p in view["mine"]),
        "zone": _mask(view["zone"]),
        "shadows": _mask(view["shadows"]),
        "known": known,
        "probes": probes,
        "enemy_moves": len(enemy_moves),
    }


def rows_from_home(square: int, seat: int) -> int:
    """How many rows a piece of ``seat`` on ``square`` stands outside that seat's home rows."""
    rows = HOME_ROWS[seat]
    row = row_of(square)
    return max(0, rows[0] - row, row - rows[-1])


def plausible(army: int, seat: int, moves_made: int) -> bool:
    """Could ``seat``'s pieces stand here after ``moves_made`` steps? A step covers at most two rows."""
    needed = sum((rows_from_home(s, seat) + 1) // 2 for s in squares_of(army))
    return needed <= moves_made


def sample_enemy(view: dict[str, Any], rng: random.Random, tries: int = TRIES) -> tuple[int, int]:
    """(enemy army bitmask, enemy Queen square) consistent with the view's present facts."""
    seat = view["seat"]
    enemy = 1 - seat
    f = facts(view)
    if not f["enemy_placed"]:
        return 0, -1
    fixed = f["shadows"] | f["known"]
    missing = f["count"] - fixed.bit_count()
    free = [s for s in SQUARES if not (f["mine"] | f["zone"] | fixed) & bit(s)]
    if missing < 0 or missing > len(free):
        raise EngineError("the view is inconsistent: more shadows than enemy pieces")
    army = fixed
    for attempt in range(tries):
        army = fixed | sum(bit(s) for s in rng.sample(free, missing))
        strict = attempt < tries // 2  # relax the slower constraints if nothing fits
        if all((army & ring).bit_count() == n for ring, n in f["probes"]) and (
            not strict or plausible(army, enemy, f["enemy_moves"])
        ):
            break
    pieces = squares_of(army)
    return army, pieces[rng.randrange(len(pieces))]


def determinize(view: dict[str, Any], rng: random.Random) -> BrouillardState:
    seat = view.get("seat")
    if seat is None:
        raise EngineError("the spectator has no seat: determinize a player's view")
    options = view["options"]
    mine = _mask(p["square"] for p in view["mine"])
    my_queen = next((parse_square(p["square"]) for p in view["mine"] if p["kind"] == "Q"), -1)
    if view["over"]:
        pieces = view["revealed"]["pieces"]
        armies = tuple(_mask(p["square"] for p in pieces[s]) for s in (0, 1))
        queens = tuple(next((parse_square(p["square"]) for p in pieces[s] if p["kind"] == "Q"), -1) for s in (0, 1))
        winner = view["result"]["winner"] if view["result"]["ended_by"] == "queen" else None
    else:
        worlds = belief_for(view).sample(1, rng)
        enemy_queen, enemy_army = worlds[0] if worlds else (None, None)
        if enemy_army is None or enemy_army.bit_count() != view["pieces_left"][1 - seat]:
            enemy_army, enemy_queen = sample_enemy(view, rng)
        armies = (mine, enemy_army) if seat == 0 else (enemy_army, mine)
        queens = (my_queen, enemy_queen) if seat == 0 else (enemy_queen, my_queen)
        winner = None
    return BrouillardState(
        turns=options["turns"],
        diagonal_two_step=options["diagonal_two_step"],
        first=options["first_seat"] - 1,
        armies=armies,
        queens=queens,
        taken=tuple(view["turns_taken"]),
        to_move=view["to_move"],
        winner=winner,
    )
