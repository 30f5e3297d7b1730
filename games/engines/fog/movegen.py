"""Legal moves: the draft, mission choices, and every movement of the colour to act.

Beach movements (section 5A) go hex by hex with the six movement types; the water area
(section 5B) is a graph of shore and pier fields and boat places where a movement is a path of
1-MP Runs that may pass occupied fields and ends on a free field or place. Costs come from
costs.py; a movement is offered only if the colour has the MP for it.
"""

from __future__ import annotations

from games.engines.fog import costs
from games.engines.fog.board import BEACH, SHORE
from games.engines.fog.moves import (
    CROSS,
    DASH,
    DRAFT,
    END_MOVE,
    FREE,
    JUMP,
    KEEP,
    PULL,
    PUSH,
    RUN,
    SQUEEZE,
    SWAP,
    Move,
)
from games.engines.fog.pieces import ENDURANCE
from games.engines.fog.state import DRAFT as DRAFT_PHASE
from games.engines.fog.state import EMPTY, MISSIONS, MOVE, OBSTACLE, WOODS_CELL, FogState

ROW_STEP = (0, 1, 1, 0, -1, -1)  # per direction: +1 forward (towards the boats), -1 backward
FORWARD_OR_SIDEWAYS = (0, 1, 2, 3)
BACKWARD = (4, 5)


def legal_moves(state: FogState) -> tuple[Move, ...]:
    if state.phase == MOVE:
        return movement_moves(state)
    if state.phase == DRAFT_PHASE:
        return draft_moves(state)
    if state.phase == MISSIONS:
        hand = state.hands[state.colour]
        if len(hand) == 4:
            return tuple(Move(KEEP, a, b) for a in (0, 1) for b in (0, 1))
        return (Move(KEEP, 0), Move(KEEP, 1))
    return ()


def draft_moves(state: FogState) -> tuple[Move, ...]:
    leaders = state.rules.leaders
    has_leader = any(state.owner[i] == state.colour for i in leaders)
    return tuple(
        Move(DRAFT, state.where[i])
        for i in range(len(state.owner))
        if state.owner[i] < 0 and state.where[i] >= 0 and not (has_leader and i in leaders)
    )


def movement_moves(state: FogState) -> tuple[Move, ...]:
    return tuple(movement_costs(state))


def movement_costs(state: FogState) -> dict[Move, int]:
    """Every movement of the colour to act with its MP cost (free Runs and ending the turn cost 0)."""
    if state.transit >= 0:
        return dict(islander_moves(state, state.transit, state.mp, continuation=True))
    found: dict[Move, int] = {}
    hexes = state.rules.board.hexes
    for i, colour in enumerate(state.owner):
        u = state.where[i]
        if colour != state.colour or u < 0:
            continue
        if u >= hexes and _top_own(state, u) != i:
            continue  # on a shared place, the topmost islander of the colour is the one that moves
        found.update(islander_moves(state, i, state.mp))
    found.update((move, 0) for move in free_run_moves(state))
    found[END_MOVE] = 0
    return found


def _top_own(state: FogState, node: int) -> int:
    for j in reversed(state.aboard[node - state.rules.board.hexes]):
        if state.owner[j] == state.colour:
            return j
    return -1


# --- helpers on the position --------------------------------------------------------------------


class _Look:
    """Fast questions about one position's hexes."""

    def __init__(self, state: FogState):
        board = state.rules.board
        self.state = state
        self.board = board
        self.cells = state.cells
        self.kinds = board.kinds
        self.rows = board.rows
        self.nb = board.neighbours
        self.swallowed = state.swallowed
        self.shore_row = board.shore_row

    def in_fog(self, x: int) -> bool:
        return self.rows[x] < self.swallowed and self.rows[x] <= self.shore_row

    def free_land(self, x: int) -> bool:
        """An empty beach or shore hex outside the FOG: where a beach movement may end."""
        return x >= 0 and self.cells[x] == EMPTY and self.kinds[x] in (BEACH, SHORE) and not self.in_fog(x)

    def free_beach(self, x: int) -> bool:
        return x >= 0 and self.cells[x] == EMPTY and self.kinds[x] == BEACH and not self.in_fog(x)

    def beach_islander(self, x: int) -> bool:
        return x >= 0 and self.cells[x] >= 0 and self.kinds[x] == BEACH

    def shore_islander(self, x: int) -> bool:
        return x >= 0 and self.cells[x] >= 0 and self.kinds[x] == SHORE

    def blocks(self, x: int) -> bool:
        """Islanders, obstacles and woods can be squeezed through (not shore islanders, rule 5B.A)."""
        return x >= 0 and (self.cells[x] in (OBSTACLE, WOODS_CELL) or self.beach_islander(x))

    def back_hexes(self, x: int) -> list[int]:
        return [y for y in (self.nb[x][4], self.nb[x][5]) if self.free_beach(y)]


def room_for(state: FogState, islander: int, node: int) -> bool:
    """A free spot on this place (without Drive Off): the stern up to capacity, a place up to its count."""
    place = state.rules.board.place(node)
    return len(state.aboard[node - state.rules.board.hexes]) < place.capacity


def islander_moves(state: FogState, i: int, mp: int, continuation: bool = False) -> list[tuple[Move, int]]:
    board = state.rules.board
    u = state.where[i]
    if board.is_place(u):
        if board.place(u).stern:
            return []  # nobody ever leaves the stern
        return _water_targets(
            state, i, u, {t: s for t, s in board.water_dist[board.islanders[i].type][u].items()}, mp, False
        )
    if board.kinds[u] in (SHORE, "pier"):
        return _water_moves(state, i, u, mp, continuation)
    return _beach_moves(state, i, u, mp, continuation)


# --- the beach ------------------------------------------------------------------------------------


def _beach_moves(state: FogState, i: int, h: int, mp: int, continuation: bool) -> list[tuple[Move, int]]:
    look = _Look(state)
    nb = look.nb[h]
    moves: list[Move] = []
    rules = state.rules
    card, side = costs.guardian(state)
    enhanced = rules.opt("enhanced_movements") and not continuation

    run = costs.movement_cost(state, i, RUN)
    if run <= mp:
        moves += [(Move(RUN, h, x), run) for x in nb if look.free_beach(x)]
    dash = costs.adjust(state, i, RUN, 2, False)
    if card == 1 and side == "A" and dash <= mp:
        for d in range(6):
            x1 = nb[d]
            x2 = look.nb[x1][d] if x1 >= 0 else -1
            x3 = look.nb[x2][d] if x2 >= 0 else -1
            # Like an ordinary Run it may end on a free shore field (the card does not forbid it).
            if look.free_beach(x1) and look.free_beach(x2) and look.free_land(x3):
                moves.append((Move(DASH, h, x3), dash))
    if not continuation:
        moves += _swaps(state, look, i, h, mp, card, side)
        moves += _pushes(state, look, i, h, mp, card, side, enhanced)
    moves += _jumps(state, look, i, h, mp, card, side, enhanced, continuation)
    moves += _crosses(state, look, i, h, mp, enhanced, continuation)
    moves += _squeezes(state, look, i, h, mp, card, side, enhanced, continuation)
    if any(x >= 0 and look.kinds[x] == SHORE and not look.in_fog(x) for x in nb):
        moves += _water_moves(state, i, h, mp, continuation)
    return moves


def _swaps(state, look, i, h, mp, card, side):
    cost = costs.movement_cost(state, i, SWAP)
    if costs.forbidden(state, SWAP) or cost > mp:
        return []
    moves = []
    for d in FORWARD_OR_SIDEWAYS:
        x = look.nb[h][d]
        if look.beach_islander(x):
            moves.append((Move(SWAP, h, x), cost))
            if card == 2 and side == "B":  # the swapped islander may go one hex further back
                moves += [(Move(SWAP, h, x, extra=y, extra_kind="@"), cost) for y in look.back_hexes(h)]
    return moves


def _pushes(state, look, i, h, mp, card, side, enhanced):
    if costs.forbidden(state, PUSH):
        return []
    base = costs.movement_cost(state, i, PUSH)
    plus = costs.movement_cost(state, i, PUSH, enhanced=True)
    three_at_base = card == 3 and side == "B"
    moves = []
    for d in FORWARD_OR_SIDEWAYS:
        x = look.nb[h][d]
        if not look.beach_islander(x):
            continue
        for d2 in (d, (d + 1) % 6, (d - 1) % 6):
            if ROW_STEP[d2] < 0:
                continue
            first = look.nb[x][d2]
            chain, y = 1, first
            while look.beach_islander(y) and chain < 3:
                chain += 1
                y = look.nb[y][d2]
            if not look.free_land(y) or first < 0:
                continue
            if chain <= 2 or three_at_base:
                if base <= mp:
                    moves.append((Move(PUSH, h, x, first), base))
            elif enhanced and plus <= mp:
                moves.append((Move("epush", h, x, first), plus))
    return moves


def _transit_ok(state: FogState, i: int, frm: int, land: int, mp_left: int) -> bool:
    """Can the islander, standing on an occupied ``land``, move on to a free field with the MP left?"""
    cells = list(state.cells)
    if cells[frm] == i:
        cells[frm] = EMPTY
    probe = state._replace(cells=tuple(cells), where=(*state.where[:i], land, *state.where[i + 1 :]), transit=i)
    return bool(islander_moves(probe, i, mp_left, continuation=True))


def _land(state, look, i, h, land, cost, mp, kind, continuation):
    """The move for a beach movement ending on ``land``, if that ending is allowed."""
    if look.free_land(land):
        return [(Move(kind, h, land), cost)]
    if continuation or land < 0 or look.in_fog(land):
        return []
    if look.shore_islander(land) and _transit_ok(state, i, h, land, mp - cost):
        return [(Move(kind, h, land), cost)]  # rule 5B.C: onto a shore islander, then on
    return []


def _jumps(state, look, i, h, mp, card, side, enhanced, continuation):
    if costs.forbidden(state, JUMP):
        return []
    cost = costs.movement_cost(state, i, JUMP)
    plus = costs.movement_cost(state, i, JUMP, enhanced=True)
    moves = []
    for d in FORWARD_OR_SIDEWAYS:
        x = look.nb[h][d]
        if not look.beach_islander(x):
            continue
        land = look.nb[x][d]
        if cost <= mp and land >= 0:
            found = _land(state, look, i, h, land, cost, mp, JUMP, continuation)
            moves += found
            if found and card == 4 and side == "B" and look.free_land(land):
                moves += [(Move(JUMP, h, land, extra=y, extra_kind="@"), cost) for y in look.back_hexes(x)]
        if enhanced and plus <= mp:
            for d2 in (d, (d + 1) % 6, (d - 1) % 6):
                land2 = look.nb[x][d2]
                if land2 < 0 or ROW_STEP[d] + ROW_STEP[d2] < 0 or look.in_fog(land2):
                    continue
                if (look.free_land(land2) and d2 != d) or (
                    look.beach_islander(land2) and land2 != h and _transit_ok(state, i, h, land2, mp - plus)
                ):
                    moves.append((Move("ejump", h, land2, x), plus))
    return moves


def _crosses(state, look, i, h, mp, enhanced, continuation):
    if costs.forbidden(state, CROSS):
        return []
    cost = costs.movement_cost(state, i, CROSS)
    plus = costs.movement_cost(state, i, CROSS, enhanced=True)
    seen: set[tuple[str, int]] = set()
    moves = []
    for d in FORWARD_OR_SIDEWAYS:
        x = look.nb[h][d]
        if x < 0 or look.cells[x] != OBSTACLE:
            continue
        for d2 in (d, (d + 1) % 6, (d - 1) % 6):
            land = look.nb[x][d2]
            if land < 0 or land == h or ROW_STEP[d] + ROW_STEP[d2] < 0:
                continue
            if cost <= mp and (CROSS, land) not in seen:
                found = _land(state, look, i, h, land, cost, mp, CROSS, continuation)
                if found:
                    seen.add((CROSS, land))
                    moves += found
            enhance = enhanced and plus <= mp and ("ecross", land) not in seen and look.beach_islander(land)
            if enhance and not look.in_fog(land) and _transit_ok(state, i, h, land, mp - plus):
                seen.add(("ecross", land))
                moves.append((Move("ecross", h, land), plus))
    return moves


def _squeezes(state, look, i, h, mp, card, side, enhanced, continuation):
    if costs.forbidden(state, SQUEEZE):
        return []
    cost = costs.movement_cost(state, i, SQUEEZE)
    plus = costs.movement_cost(state, i, SQUEEZE, enhanced=True)
    moves = []
    for k in (0, 1, 2):  # E+NE, NE+NW, NW+W: the squeezes that are not backward
        a, b = look.nb[h][k], look.nb[h][k + 1]
        if not (look.blocks(a) and look.blocks(b)):
            continue
        land = look.nb[a][k + 1]
        if land < 0:
            continue
        if cost <= mp:
            found = _land(state, look, i, h, land, cost, mp, SQUEEZE, continuation)
            moves += found
            if found and card == 6 and side == "B" and look.free_land(land):
                for s in (a, b):
                    if look.beach_islander(s):
                        moves += [
                            (Move(SQUEEZE, h, land, extra=y, extra_kind="@"), cost)
                            for y in look.back_hexes(s)
                            if y != h
                        ]
        enhance = enhanced and plus <= mp and look.beach_islander(land) and not look.in_fog(land)
        if enhance and _transit_ok(state, i, h, land, mp - plus):
            moves.append((Move("esqueeze", h, land), plus))
    return moves


# --- the water area ---------------------------------------------------------------------------------


def _water_moves(state: FogState, i: int, u: int, mp: int, continuation: bool) -> list[tuple[Move, int]]:
    board = state.rules.board
    look = _Look(state)
    dist = board.water_dist[board.islanders[i].type]
    step = costs.movement_cost(state, i, RUN)
    pull = costs.movement_cost(state, i, PULL)
    moves: list[tuple[Move, int]] = []
    if board.kinds[u] == BEACH:
        # From the beach: one Run onto the shore (passing a shore islander is allowed, 5B.B), then on.
        targets: dict[int, int] = {}
        for v in look.nb[u]:
            if v < 0 or board.kinds[v] != SHORE or look.in_fog(v):
                continue
            if state.cells[v] == EMPTY:
                targets[v] = 1
            elif not continuation and pull <= mp and state.cells[v] >= 0:
                moves.append((Move(PULL, u, v), pull))
            for t, steps in dist[v].items():
                if t != v and steps + 1 < targets.get(t, 99):
                    targets[t] = steps + 1
        return moves + _water_targets(state, i, u, targets, mp, True)
    moves += _water_targets(state, i, u, dist[u], mp, True)
    if not continuation and pull <= mp:
        for v in board.water_steps[board.islanders[i].type][u]:
            if v < board.hexes and state.cells[v] >= 0:
                moves.append((Move(PULL, u, v), pull))
    if board.kinds[u] == SHORE and step <= mp:  # Run backward onto the beach
        moves += [(Move(RUN, u, x), step) for x in look.nb[u] if look.free_beach(x)]
    return moves


def _water_targets(
    state: FogState, i: int, u: int, targets: dict[int, int], mp: int, from_outside: bool
) -> list[tuple[Move, int]]:
    board = state.rules.board
    hexes = board.hexes
    from_outside = from_outside and not board.is_place(u)
    costed: dict[int, int] = {}
    for t, steps in targets.items():
        boards = t >= hexes and from_outside
        cost = costs.water_cost(state, i, steps, boards)
        if cost <= mp:
            costed[t] = cost
    moves = []
    for t, cost in costed.items():
        if t < hexes:
            if state.cells[t] == EMPTY and not (board.rows[t] < state.swallowed and board.rows[t] <= board.shore_row):
                moves.append((Move(RUN, u, t), cost))
        elif room_for(state, i, t):
            moves.append((Move(RUN, u, t), cost))
        else:
            moves += [(move, cost) for move in _crowded_place(state, i, u, t, cost, costed)]
    return moves


def _crowded_place(state: FogState, i: int, u: int, t: int, cost: int, costed: dict[int, int]) -> list[Move]:
    """Boarding a full productive place: Rescue the Leaders, or Drive Off (option 3)."""
    rules, board = state.rules, state.rules.board
    place = board.place(t)
    if place.stern:
        return []
    boat = board.boats[place.boat]
    chip = board.islanders[i]
    if i in rules.leaders and chip.nation == boat.nation:
        return [Move(RUN, u, t)]
    mode = rules.opt("drive_off")
    if mode == "off" or chip.nation != boat.nation:
        return []
    held = state.aboard[t - board.hexes]
    if not held or board.islanders[held[-1]].nation == boat.nation:
        return []  # B: the islander on the place (the top one of a stack) must be of another nation
    victims = [held[-1]]
    hexes = board.hexes
    for other in boat.places:  # C: no equivalent place free for the same MP
        node = hexes + other
        if node != t and node in costed and costed[node] <= cost and room_for(state, i, node):
            return []
    if mode != "advanced":
        return [Move(RUN, u, t)]
    return [Move(RUN, u, t, extra=dest, extra_kind="=") for dest in drive_off_destinations(state, t, victims[-1])]


def drive_off_destinations(state: FogState, t: int, victim: int) -> list[int]:
    """Where a driven-off islander may go: its area, another area, else the stern (even if full)."""
    board = state.rules.board
    hexes = board.hexes
    place = board.place(t)
    boat = board.boats[place.boat]
    kind = board.islanders[victim].type
    fitting = [
        hexes + p
        for p in boat.places
        if board.places[p].type == kind and hexes + p != t and room_for(state, victim, hexes + p)
    ]
    same = [n for n in fitting if board.place(n).area == place.area]
    return same or fitting or [hexes + boat.stern]


# --- free Runs (Endurance and Guardians) -------------------------------------------------------------


def free_run_moves(state: FogState) -> list[Move]:
    board = state.rules.board
    look = _Look(state)
    moves = []
    for i in state.free_runs:
        u = state.where[i]
        if u < 0 or state.owner[i] != state.colour:
            continue
        if board.is_place(u) or board.kinds[u] != BEACH:
            if board.is_place(u) and board.place(u).stern:
                continue
            for t in board.water_steps[board.islanders[i].type][u]:
                if (t < board.hexes and state.cells[t] == EMPTY) or (t >= board.hexes and room_for(state, i, t)):
                    moves.append(Move(FREE, u, t))
            if not board.is_place(u) and board.kinds[u] == SHORE:
                moves += [Move(FREE, u, x) for x in look.nb[u] if look.free_beach(x)]
        else:
            moves += [Move(FREE, u, x) for x in look.nb[u] if look.free_land(x)]
    return moves


def has_endurance(state: FogState, i: int) -> bool:
    return state.rules.board.islanders[i].trait == ENDURANCE
