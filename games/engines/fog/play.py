"""Playing a move: the draft, mission choices, movements, boarding and Preparation Bonuses."""

from __future__ import annotations

from games.engines.base import GameOver, IllegalMove
from games.engines.fog import costs, movegen, turns
from games.engines.fog.moves import (
    DASH,
    DRAFT,
    END,
    FREE,
    PULL,
    PUSH,
    RUN,
    SWAP,
    Move,
    base_kind,
    to_text,
)
from games.engines.fog.pieces import ENDURANCE
from games.engines.fog.state import DRAFT as DRAFT_PHASE
from games.engines.fog.state import EMPTY, MISSIONS, OVER, FogState
from games.engines.fog.why import why_not
from games.engines.text import N_, Text

# The last position's legal movements (play() usually follows legal_moves() on the same state).
# One tuple swapped in whole, so a thread never pairs one state with another state's moves.
_cache: tuple = (None, None)


def movement_costs(state: FogState) -> dict[Move, int]:
    global _cache
    cached_state, cached = _cache
    if cached_state is state:
        return cached
    found = movegen.movement_costs(state)
    _cache = (state, found)
    return found


def legal_moves(state: FogState) -> tuple[Move, ...]:
    if state.phase == OVER:
        return ()
    if state.phase in (DRAFT_PHASE, MISSIONS):
        return movegen.legal_moves(state)
    return tuple(movement_costs(state))


def play(state: FogState, move: Move) -> FogState:
    if state.phase == OVER:
        raise GameOver(Text(N_("the game is over: the boats have departed")))
    if state.phase == MISSIONS:
        if move not in movegen.legal_moves(state):
            raise IllegalMove(why_not(state, move))
        return _keep(state, move)
    if state.phase == DRAFT_PHASE:
        if not isinstance(move, Move) or move.kind != DRAFT or move not in movegen.draft_moves(state):
            raise IllegalMove(why_not(state, move))
        return _draft(state, move)
    table = movement_costs(state)
    cost = table.get(move) if isinstance(move, Move) else None
    if cost is None:
        raise IllegalMove(why_not(state, move))
    state = state._replace(ply=state.ply + 1)
    if move.kind == END:
        return turns.end_turn(state._replace(last=_remember(state, "end")))
    state = _move(state, move, cost)
    if move.kind == FREE:
        return turns.end_turn(state)
    if state.transit < 0 and state.mp == 0 and not movegen.free_run_moves(state):
        return turns.end_turn(state)
    return state


def _remember(state: FogState, text: str) -> tuple[str, ...]:
    return (*state.last, text)[-12:]


def _keep(state: FogState, move: Move) -> FogState:
    hand = state.hands[state.colour]
    kept = (hand[move.frm],) if move.to < 0 else (hand[move.frm], hand[2 + move.to])
    missions = list(state.missions)
    missions[state.colour] = kept
    state = state._replace(missions=tuple(missions), ply=state.ply + 1)
    done = sum(1 for m in missions if m)
    if done == state.rules.colours:
        return turns.after_missions(state)
    return state._replace(colour=turns.draft_colour(state, done))


def _draft(state: FogState, move: Move) -> FogState:
    i = state.cells[move.frm]
    owner = list(state.owner)
    owner[i] = state.colour
    picks = state.picks + 1
    state = state._replace(owner=tuple(owner), picks=picks, ply=state.ply + 1)
    if all(o >= 0 or u < 0 for o, u in zip(owner, state.where)):  # islanders out of the game stay undrafted
        return turns.after_draft(state)
    state = state._replace(colour=turns.draft_colour(state, picks))
    # Rescue the Leaders: a colour that has its Leader passes when only Leaders are left to draft
    # (one of the colours still without a Leader can always pick, so this ends).
    while not movegen.draft_moves(state):
        picks += 1
        state = state._replace(picks=picks, colour=turns.draft_colour(state, picks))
    return state


def mover(state: FogState, node: int) -> int:
    """The islander a movement from ``node`` moves."""
    if state.transit >= 0:
        return state.transit
    board = state.rules.board
    if node < board.hexes:
        return state.cells[node]
    return movegen._top_own(state, node)


class _Board:
    """A position being changed: mutable copies of the cells, places and islander positions."""

    def __init__(self, state: FogState):
        self.state = state
        self.hexes = state.rules.board.hexes
        self.cells = list(state.cells)
        self.where = list(state.where)
        self.aboard = [list(p) for p in state.aboard]
        self.transit = state.transit
        self.bonus_next = list(state.bonus_next)
        self.bonuses = [list(b) for b in state.bonuses]

    def lift(self, i: int) -> None:
        u = self.where[i]
        if u < self.hexes:
            if self.cells[u] == i:
                self.cells[u] = EMPTY
        else:
            self.aboard[u - self.hexes].remove(i)
        if self.transit == i:
            self.transit = -1

    def put(self, i: int, node: int) -> None:
        came_from = self.where[i]
        self.where[i] = node
        if node < self.hexes:
            if self.cells[node] == EMPTY:
                self.cells[node] = i
            else:
                self.transit = i  # standing on another islander: it must move on
            return
        self.aboard[node - self.hexes].append(i)
        board = self.state.rules.board
        place = board.place(node)
        if not place.stern and came_from < self.hexes and not self.state.rules.solo:
            self._bonus(i, place.boat)

    def _bonus(self, i: int, boat: int) -> None:
        stack = self.state.rules.board.boats[boat].bonuses
        if self.bonus_next[boat] < len(stack):
            self.bonuses[self.state.owner[i]].append(stack[self.bonus_next[boat]])
            self.bonus_next[boat] += 1

    def step(self, i: int, node: int) -> None:
        self.lift(i)
        self.put(i, node)

    def done(self, **changes) -> FogState:
        return self.state._replace(
            cells=tuple(self.cells),
            where=tuple(self.where),
            aboard=tuple(tuple(p) for p in self.aboard),
            transit=self.transit,
            bonus_next=tuple(self.bonus_next),
            bonuses=tuple(tuple(b) for b in self.bonuses),
            **changes,
        )


def _move(state: FogState, move: Move, cost: int) -> FogState:
    board = state.rules.board
    i = mover(state, move.frm)
    b = _Board(state)
    kind = base_kind(move.kind)
    if kind in (SWAP, PULL):
        other = state.cells[move.to]
        b.lift(other)
        b.step(i, move.to)
        b.put(other, move.frm)
        if move.extra >= 0:
            b.step(other, move.extra)
    elif kind == PUSH:
        _push(state, b, i, move)
    elif move.kind == RUN and move.extra >= 0:  # Drive Off (advanced): the driven-off islander moves
        nation = board.boats[board.place(move.to).boat].nation
        victim = [j for j in state.aboard[move.to - board.hexes] if board.islanders[j].nation != nation][-1]
        b.lift(victim)
        b.where[victim] = move.extra
        b.aboard[move.extra - board.hexes].append(victim)
        b.step(i, move.to)
    else:
        if move.extra >= 0:  # Guardian side B: the jumped-over or squeezed-through islander goes back
            _send_back(state, b, move)
        b.step(i, move.to)
    spent = (*state.spent, *[(i, kind)] * _steps(state, i, move, cost))
    moved = state.moved if move.kind == FREE else (*state.moved, i)
    free_runs = _free_run_grants(state, i, kind, spent) if move.kind != FREE else ()
    mp = state.mp - cost
    return b.done(mp=mp, moved=moved, spent=spent, free_runs=free_runs, last=_remember(state, to_text(board, move)))


def _steps(state: FogState, i: int, move: Move, cost: int) -> int:
    """How many fields a movement covers for the Guardian of Speed (B): a water path counts each step."""
    if move.kind != RUN or cost <= 0:
        return 1
    board = state.rules.board
    boards = board.is_place(move.to) and not board.is_place(move.frm)
    per_step = costs.movement_cost(state, i, RUN)
    return max(1, (cost - costs.water_cost(state, i, 0, boards)) // per_step)


def _push(state: FogState, b: _Board, i: int, move: Move) -> None:
    board = state.rules.board
    nb = board.neighbours
    x = move.to
    direction = nb[x].index(move.via)
    chain = [x]
    y = move.via
    while y >= 0 and state.cells[y] >= 0 and board.kinds[y] == "beach":
        chain.append(y)
        y = nb[y][direction]
    for hex_ in reversed(chain):  # the far end moves first
        pushed = state.cells[hex_]
        b.step(pushed, nb[hex_][direction])
    b.step(i, x)


def _send_back(state: FogState, b: _Board, move: Move) -> None:
    """The islander jumped over or squeezed past (next to both ends) steps back onto ``move.extra``."""
    nb = state.rules.board.neighbours
    for s in nb[move.frm]:
        if s >= 0 and s in nb[move.to] and state.cells[s] >= 0 and move.extra in (nb[s][4], nb[s][5]):
            b.step(state.cells[s], move.extra)
            return


def _free_run_grants(state: FogState, i: int, kind: str, spent) -> tuple[int, ...]:
    """Who may still make a free last Run this turn: Endurance islanders moved by MP; Guardians."""
    board = state.rules.board
    grants = list(state.free_runs)
    if board.islanders[i].trait == ENDURANCE and i not in grants:
        grants.append(i)
    card, side = state.guardians[state.colour] if state.guardians else (0, "")
    if side == "B" and i not in grants:
        runs = sum(1 for j, k in spent if j == i and k in (RUN, DASH))
        if (card == 1 and runs >= 3) or (card == 5 and kind == "cross"):
            grants.append(i)
    return tuple(grants)
