"""A turn of Mists over Carcassonne, step by step.

A turn is a queue of steps (docs/games/mists.md, "Turn flow"). ``run`` works through the queue:
a step either happens by itself or waits for the team's choice (``state.legal``); a step with
a single possible choice is taken without asking. ``choose`` applies a choice and runs on.
"""

from __future__ import annotations

from collections.abc import Callable

from games.engines.mists import board as geo
from games.engines.mists.levels import Level
from games.engines.mists.state import CEMETERY, Key, MistsState, Pos, meeples_per_colour, seat_colours
from games.engines.mists.tiles import START_QUARTERS, face_ghosts, oriented, tile_set
from games.engines.text import N_, Nn_, Text

CAT_GHOSTS = 7  # Spell Circles: the ghosts in front of Eloise at the start
CALM = 3  # ghosts removed from one tile instead of a scoring, and by a hound
HOUND_TILES = 2

TURN_STEPS = (
    ("mist",),
    ("bury_check",),
    ("ghosts",),
    ("circles",),
    ("yard_check",),
    ("spread",),
    ("cat_check",),
    ("meeple",),
    ("score_check",),
    ("cat_move",),
    ("hound_check",),
    ("haunt",),
)


# --- setup -------------------------------------------------------------------------------


def new_game(level: Level, spell_circles: bool, seats: int, layout: dict, cemetery_closing: str = "tile") -> MistsState:
    state = MistsState(
        level=level, spell_circles=spell_circles, seats=seats, layout=layout, cemetery_closing=cemetery_closing
    )
    for pos, tile_id in START_QUARTERS.items():
        state.board[pos] = (tile_id, 0)
        for region, count in face_ghosts(tile_id):
            if count:
                state.ghosts[(pos[0], pos[1], region)] = count
    on_board = state.ghosts_on_board()
    if spell_circles:
        state.cat, state.cat_supply = "supply", CAT_GHOSTS
    state.supply = level.ghosts - on_board - state.cat_supply
    state.in_hand = [0] * 6
    for colour in state.colours:
        state.in_hand[colour] = meeples_per_colour(seats)
    state.hounds = ["track"] * len(level.hounds)
    state.piles = [list(pile) for pile in layout["piles"]]
    begin_turn(state)
    return state


# --- ghosts in and out of the supply ---------------------------------------------------------


def take(state: MistsState, count: int, why: str) -> bool:
    """Take ghosts from the supply (Eloise's first). The team loses when the supply cannot cover them."""
    if count <= 0:
        return True
    if state.available_ghosts() < count:
        lose(
            state,
            Text(
                Nn_(
                    "the ghost supply ran out: {n} ghost needed {why}, {left} left",
                    "the ghost supply ran out: {n} ghosts needed {why}, {left} left",
                ),
                n=count,
                why=why,
                left=state.available_ghosts(),
            ),
        )
        return False
    from_cat = min(count, state.cat_supply)
    state.cat_supply -= from_cat
    state.supply -= count - from_cat
    return True


def give_back(state: MistsState, count: int) -> None:
    if state.cat == "supply":
        state.cat_supply += count
    else:
        state.supply += count


def free_on_tile(state: MistsState, pos: Pos) -> list[tuple[int, int, int]]:
    """Where the free (not trapped) ghosts of a tile sit: mist regions in order, then its cemetery."""
    spots = [spot for spot in state.ghosts if (spot[0], spot[1]) == pos and state.ghosts[spot] > 0]
    return sorted(spots, key=lambda spot: (spot[2] == CEMETERY, spot[2]))


def free_count(state: MistsState, pos: Pos) -> int:
    return sum(state.ghosts[spot] for spot in free_on_tile(state, pos))


def remove_from_tile(state: MistsState, pos: Pos, most: int) -> int:
    """Return up to ``most`` free ghosts of one tile to the supply (trapped ghosts stay)."""
    removed = 0
    for spot in free_on_tile(state, pos):
        while removed < most and state.ghosts.get(spot, 0) > 0:
            _lift(state, spot)
            removed += 1
    give_back(state, removed)
    return removed


def _lift(state: MistsState, spot: tuple[int, int, int]) -> None:
    state.ghosts[spot] -= 1
    if not state.ghosts[spot]:
        del state.ghosts[spot]


def tiles_with_free_ghosts(state: MistsState, places: list[Pos] | None = None) -> list[Pos]:
    found = {(x, y) for (x, y, _), n in state.ghosts.items() if n > 0}
    if places is not None:
        found &= set(places)
    return sorted(found)


# --- scores and the end ------------------------------------------------------------------------


def gain(state: MistsState, colours: list[int], points: int) -> None:
    """Each colour present scores the full value (no majorities)."""
    for colour in colours:
        state.scores[colour] += points
    state.score = sum(state.scores)
    if reached(state, state.level.goal):
        win(state)


def reached(state: MistsState, mark: int) -> bool:
    """Level 6 resolves a mark once every colour in play has passed it; otherwise the shared score."""
    if state.level.scoring == "per_colour":
        return all(state.scores[c] >= mark for c in state.colours)
    return state.score >= mark


def win(state: MistsState) -> None:
    if state.result is None:
        state.result = "won"
        state.reason = Text(N_("the team reached the goal of {goal} points"), goal=state.level.goal)
        state.queue, state.legal = [], ()


def lose(state: MistsState, reason: str) -> None:
    if state.result is None:
        state.result = "lost"
        state.reason = reason
        state.queue, state.legal = [], ()


# --- the turn ----------------------------------------------------------------------------------


def begin_turn(state: MistsState) -> None:
    """Draw from the active pile; a tile that fits nowhere is set aside and the next one drawn."""
    state.turn = {}
    while True:
        if not state.piles or not state.piles[0]:
            state.tile = None
            if len(state.piles) > 1:
                lose(state, Text(N_("no land tile can be drawn from the active pile")))
            else:
                lose(state, Text(N_("no land tile can be drawn")))
            return
        tile_id = state.piles[0].pop(0)
        if geo.fits_somewhere(state.board, tile_id):
            state.tile = tile_id
            state.queue = [("place",)]
            state.legal = None  # the placements, worked out when asked for
            return
        state.discarded.append(tile_id)


def end_turn(state: MistsState) -> None:
    state.seat = (state.seat + 1) % state.seats
    state.turns += 1
    begin_turn(state)


def run(state: MistsState) -> None:
    """Carry on until the team must choose, or the game ends."""
    while state.result is None:
        if not state.queue:
            end_turn(state)
            return
        task = state.queue.pop(0)
        choices = STEPS[task[0]](state, task)
        if choices is None:
            continue
        if len(choices) == 1:
            APPLY[task[0]](state, task, choices[0])
            continue
        state.queue.insert(0, task)
        state.legal = tuple(choices)
        return
    state.legal = ()


def choose(state: MistsState, move: tuple) -> None:
    task = state.queue.pop(0)
    state.legal = ()
    APPLY[task[0]](state, task, move)
    run(state)


def placed(state: MistsState) -> Pos:
    return state.turn["pos"]


# --- 1. the tile and the mist ------------------------------------------------------------------


def apply_place(state: MistsState, task: tuple, move: tuple) -> None:
    _, x, y, rotation = move
    state.board[(x, y)] = (state.tile, rotation)
    state.turn = {"pos": (x, y), "finished": [], "from_supply": False, "chased": []}
    state.tile = None
    state.queue = list(TURN_STEPS) + state.queue


def step_mist(state: MistsState, task: tuple) -> None:
    """A finished mist bank releases every ghost in it, trapped ones included."""
    pos = placed(state)
    for region in range(len(geo.face(state.board, pos).mist)):
        found = geo.bank(state.board, pos, region)
        if found.status != geo.FINISHED:
            continue
        state.turn["finished"].append(region)
        released = 0
        for spot in found.regions:
            released += state.ghosts.pop(spot, 0) + state.trapped.pop(spot, 0)
        give_back(state, released)


# --- 1c. cemeteries and burying ------------------------------------------------------------------


def step_bury_check(state: MistsState, task: tuple) -> None:
    rule = state.level.cemeteries
    if rule == "none":
        return
    newly = []
    for spot in geo.cemeteries(state.board):
        if spot not in state.closed and geo.cemetery_closed(state.board, spot, rule):
            newly.append(spot)
    for spot in reversed(newly):
        state.closed.append(spot)
        if rule == "four_sides":
            free_closed_cemetery(state, spot)
        state.queue.insert(0, ("bury", spot[0], spot[1]))


def free_closed_cemetery(state: MistsState, spot: Pos) -> None:
    """Levels 2-4: "remove all ghosts from this cemetery tile" [Dized].

    Every free ghost on the tile goes back to the supply, those in its mist included; ghosts
    trapped in spell circles stay, as only a finished mist bank frees them. With the option
    ``cemetery_closing: cemetery`` only the ghosts resting on the cemetery itself go back.
    """
    if state.cemetery_closing == "cemetery":
        give_back(state, state.ghosts.pop((spot[0], spot[1], CEMETERY), 0))
        return
    remove_from_tile(state, spot, free_count(state, spot))


def step_bury(state: MistsState, task: tuple) -> list[tuple] | None:
    """Bury a meeple from the board; with none there, one from the active player's supply."""
    if state.meeples:
        return [("B", *key) for key in sorted(state.meeples)]
    colours = [c for c in seat_colours(state.seats)[state.seat] if state.in_hand[c] > 0]
    return [("BS", c) for c in colours] or None


def apply_bury(state: MistsState, task: tuple, move: tuple) -> None:
    where = (task[1], task[2])
    if move[0] == "BS":
        colour = move[1]
        state.in_hand[colour] -= 1
    else:
        key = move[1:]
        colour = state.meeples.pop(key)
        if state.cat == key:
            state.cat = "beside"
        state.hounds = ["lost" if hound == key else hound for hound in state.hounds]
    state.buried.append((where, colour))


# --- 2a. ghosts ----------------------------------------------------------------------------------


def step_ghosts(state: MistsState, task: tuple) -> None:
    """Ghost symbols of the unfinished mist, one fewer when the tile extended a mist bank."""
    pos = placed(state)
    turned = geo.face(state.board, pos)
    finished = state.turn["finished"]
    open_regions = [r for r in range(len(turned.mist)) if r not in finished]
    counts = {r: turned.mist[r].ghosts for r in open_regions}
    extended = [r for r in range(len(turned.mist)) if geo.extends_mist(state.board, pos, r)]
    if extended:
        for r in sorted(open_regions, key=lambda r: (r not in extended, r)):
            if counts[r] > 0:
                counts[r] -= 1
                break
    need = sum(counts.values())
    if need and take(state, need, N_("on the tile just placed")):
        state.turn["from_supply"] = True
        for r, count in counts.items():
            if count:
                state.ghosts[(pos[0], pos[1], r)] = state.ghosts.get((pos[0], pos[1], r), 0) + count


def step_circles(state: MistsState, task: tuple) -> None:
    """Spell circles in unfinished mist each draw one ghost (the special case: none if it finished)."""
    if not state.spell_circles:
        return
    turned = geo.face(state.board, placed(state))
    tasks = [
        ("circle", r)
        for r, region in enumerate(turned.mist)
        if r not in state.turn["finished"]
        for _ in range(region.circles)
    ]
    state.queue[0:0] = tasks


def circle_sources(state: MistsState) -> list[Pos]:
    """The eight neighbouring tiles with a free ghost (trapped ghosts never move)."""
    return tiles_with_free_ghosts(state, geo.around(placed(state)))


def circle_draws(state: MistsState, pos: Pos) -> list[tuple]:
    """The ways to draw one ghost from a tile: its first free ghost, or any other spot holding one.

    A tile may hold free ghosts in several places (two mist regions, or mist and its cemetery);
    which one goes matters, as a mist bank and a cemetery free their ghosts at different times.
    ("G", x, y) draws the first (mist regions in order, then the cemetery): the reading before the
    choice existed, so older logs replay. ("G", x, y, spot) draws from another spot.
    """
    spots = free_on_tile(state, pos)
    return [("G", *pos), *(("G", *pos, spot[2]) for spot in spots[1:])]


def step_circle(state: MistsState, task: tuple) -> list[tuple] | None:
    sources = circle_sources(state)
    if sources:
        return [draw for pos in sources for draw in circle_draws(state, pos)]
    pos = placed(state)
    if take(state, 1, N_("for a spell circle")):
        state.turn["from_supply"] = True
        spot = (pos[0], pos[1], task[1])
        state.trapped[spot] = state.trapped.get(spot, 0) + 1
    return None


def apply_circle(state: MistsState, task: tuple, move: tuple) -> None:
    source = (move[1], move[2])
    _lift(state, (*source, move[3]) if len(move) > 3 else free_on_tile(state, source)[0])
    pos = placed(state)
    spot = (pos[0], pos[1], task[1])
    state.trapped[spot] = state.trapped.get(spot, 0) + 1


def open_cemeteries(state: MistsState) -> list[Pos]:
    return [spot for spot in geo.cemeteries(state.board) if spot not in state.closed]


def step_yard_check(state: MistsState, task: tuple) -> list[tuple] | None:
    """Levels 2-4: ghosts taken from the supply this turn bring one more to an open cemetery."""
    if state.level.cemeteries != "four_sides" or not state.turn["from_supply"]:
        return None
    spots = open_cemeteries(state)
    return [("Y", x, y) for x, y in spots] or None


def apply_yard(state: MistsState, task: tuple, move: tuple) -> None:
    if take(state, 1, N_("for the open cemetery")):
        spot = (move[1], move[2], CEMETERY)
        state.ghosts[spot] = state.ghosts.get(spot, 0) + 1


def step_spread(state: MistsState, task: tuple) -> None:
    """Levels 5-6: a new cemetery haunts every misty tile around it with one ghost."""
    pos = placed(state)
    if state.level.cemeteries != "haunted" or not geo.face(state.board, pos).tile.cemetery:
        return
    misty = [p for p in geo.around(pos) if (t := geo.face(state.board, p)) is not None and t.mist]
    if take(state, len(misty), N_("around the new cemetery")):
        for x, y in misty:
            state.ghosts[(x, y, 0)] = state.ghosts.get((x, y, 0), 0) + 1


def meeple_choices(state: MistsState) -> list[tuple]:
    return [("E", *key) for key in sorted(state.meeples)]


def step_cat_check(state: MistsState, task: tuple) -> list[tuple] | None:
    """Eloise's supply is empty: she joins a meeple (or waits beside the board for the next one)."""
    if state.cat != "supply" or state.cat_supply > 0:
        return None
    choices = meeple_choices(state)
    if not choices:
        state.cat = "beside"
    return choices or None


def apply_cat(state: MistsState, task: tuple, move: tuple) -> None:
    state.cat = move[1:]


# --- 2b. a meeple -----------------------------------------------------------------------------------


def meeple_spots(state: MistsState) -> list[Key]:
    """Unoccupied roads, cities and castle of the new tile; never in mist or on a spell circle."""
    pos = placed(state)
    turned = geo.face(state.board, pos)
    spots = []
    for key in geo.features_on(state.board, pos):
        kind, index = key[2], key[3]
        if kind == "r" and (turned.road_misty[index] or _road_on_circle(turned, index)):
            continue
        if any(k in state.meeples for k in geo.feature(state.board, key).keys):
            continue
        spots.append(key)
    return spots


def _road_on_circle(turned, index: int) -> bool:
    return any(turned.mist_at[side] >= 0 and turned.mist[turned.mist_at[side]].circles for side in turned.roads[index])


def step_meeple(state: MistsState, task: tuple) -> list[tuple]:
    colours = [c for c in seat_colours(state.seats)[state.seat] if state.in_hand[c] > 0]
    choices = [("M", key[2], key[3], c) for key in meeple_spots(state) for c in colours]
    return [("N",), *choices]


def apply_meeple(state: MistsState, task: tuple, move: tuple) -> None:
    if move[0] == "N":
        return
    _, kind, index, colour = move
    pos = placed(state)
    key = (pos[0], pos[1], kind, index)
    state.meeples[key] = colour
    state.in_hand[colour] -= 1
    if state.cat == "beside":
        state.cat = key


# --- 3. scoring ----------------------------------------------------------------------------------------


def step_score_check(state: MistsState, task: tuple) -> None:
    pos = placed(state)
    found: dict[frozenset, geo.Feature] = {}
    keys = [k for k in geo.features_on(state.board, pos) if k[2] != "k"]
    keys += [(p[0], p[1], "k", 0) for p in [pos, *geo.around(pos)] if _castle_at(state, p)]
    for key in keys:
        done = geo.feature(state.board, key)
        if done.complete and done.meeple_keys(state.meeples) and done.keys not in found:
            found[done.keys] = done
    tasks = [("score", f.kind, f.value, tuple(f.meeple_keys(state.meeples))) for f in found.values()]
    state.queue[0:0] = tasks


def _castle_at(state: MistsState, pos: Pos) -> bool:
    turned = geo.face(state.board, pos)
    return turned is not None and turned.tile.castle


def step_score(state: MistsState, task: tuple) -> list[tuple]:
    """Score the feature, or forgo the whole scoring to calm up to 3 ghosts of one tile."""
    return [("S",), *(("X", x, y) for x, y in tiles_with_free_ghosts(state))]


def apply_score(state: MistsState, task: tuple, move: tuple) -> None:
    _, _, value, keys = task
    colours = sorted({state.meeples[key] for key in keys})
    if move[0] == "S":
        gain(state, colours, value)
    else:
        remove_from_tile(state, (move[1], move[2]), CALM)
    for key in keys:
        colour = state.meeples.pop(key)
        state.in_hand[colour] += 1
        for index, hound in enumerate(state.hounds):
            if hound == key:
                state.hounds[index] = "done"
                gain(state, [colour], state.ghosts_on_board())
        if state.cat == key:
            state.cat = "moving"
            gain(state, [colour], sum(state.trapped.values()))


def step_cat_move(state: MistsState, task: tuple) -> list[tuple] | None:
    """After the scoring, Eloise moves on to another meeple (or waits beside the board)."""
    if state.cat != "moving":
        return None
    choices = meeple_choices(state)
    if not choices:
        state.cat = "beside"
    return choices or None


# --- 3b. hounds ----------------------------------------------------------------------------------------


def step_hound_check(state: MistsState, task: tuple) -> None:
    for index, hound in enumerate(state.hounds):
        if hound == "track" and reached(state, state.level.hounds[index]):
            if len(state.piles) > 1:
                # the rest of the finished pile goes on top of the next one
                state.piles[0:2] = [state.piles[0] + state.piles[1]]
            state.hounds[index] = "placing"
            state.queue[0:0] = [("hound", index), ("chase", index, HOUND_TILES), ("hound_check",)]
            return


def step_hound(state: MistsState, task: tuple) -> list[tuple] | None:
    choices = [("H", *key) for key in sorted(state.meeples)]
    if not choices:
        state.hounds[task[1]] = "lost"  # the publisher's FAQ: no meeple on the board, the hound is lost
    return choices or None


def apply_hound(state: MistsState, task: tuple, move: tuple) -> None:
    state.hounds[task[1]] = move[1:]
    state.turn["chased"] = []


def step_chase(state: MistsState, task: tuple) -> list[tuple] | None:
    """The hound calms up to 3 free ghosts on each of 2 different tiles around it (its own included)."""
    _, index, left = task
    key = state.hounds[index]
    if not isinstance(key, tuple) or left <= 0:
        return None
    pos = (key[0], key[1])
    places = [p for p in [pos, *geo.around(pos)] if list(p) not in state.turn["chased"]]
    tiles = tiles_with_free_ghosts(state, places)
    if not tiles:
        return None
    return [("D",), *(("C", x, y) for x, y in tiles)]


def apply_chase(state: MistsState, task: tuple, move: tuple) -> None:
    if move[0] == "D":
        return
    remove_from_tile(state, (move[1], move[2]), CALM)
    state.turn["chased"] = [*state.turn["chased"], [move[1], move[2]]]
    state.queue.insert(0, ("chase", task[1], task[2] - 1))


# --- 3c. haunted cemeteries ----------------------------------------------------------------------------


def step_haunt(state: MistsState, task: tuple) -> list[tuple] | None:
    """Levels 5-6: while a cemetery is open, a face-down tile goes next to one at the end of the turn.

    The place is one of the eight around an open cemetery that shares a side with a tile already
    there: like every tile, a face-down one is laid adjacent by a side, never only by a corner.
    """
    if state.level.cemeteries != "haunted" or not state.piles or not state.piles[0]:
        return None
    spots = {
        p
        for c in open_cemeteries(state)
        for p in geo.around(c)
        if p not in state.board and geo.touches_by_a_side(state.board, p)
    }
    return [("F", x, y) for x, y in sorted(spots)] or None


def apply_haunt(state: MistsState, task: tuple, move: tuple) -> None:
    tile_id = state.piles[0].pop(0)
    state.board[(move[1], move[2])] = (tile_id, -1)
    state.queue.insert(0, ("bury_check",))


STEPS: dict[str, Callable] = {
    "place": lambda state, task: list(state.choices()),
    "mist": step_mist,
    "bury_check": step_bury_check,
    "bury": step_bury,
    "ghosts": step_ghosts,
    "circles": step_circles,
    "circle": step_circle,
    "yard_check": step_yard_check,
    "spread": step_spread,
    "cat_check": step_cat_check,
    "meeple": step_meeple,
    "score_check": step_score_check,
    "score": step_score,
    "cat_move": step_cat_move,
    "hound_check": step_hound_check,
    "hound": step_hound,
    "chase": step_chase,
    "haunt": step_haunt,
}

APPLY: dict[str, Callable] = {
    "place": apply_place,
    "bury": apply_bury,
    "circle": apply_circle,
    "yard_check": apply_yard,
    "cat_check": apply_cat,
    "meeple": apply_meeple,
    "score": apply_score,
    "cat_move": apply_cat,
    "hound": apply_hound,
    "chase": apply_chase,
    "haunt": apply_haunt,
}


def all_tiles_for(level: Level, spell_circles: bool) -> list[str]:
    from games.engines.mists.tiles import box

    kinds = (*level.kinds, "circle") if spell_circles else level.kinds
    return box(tuple(kinds))


def known_tile(tile_id: str) -> bool:
    return tile_id in tile_set() and oriented(tile_id, 0).tile.kind != "start"
