"""What a movement costs: base costs, characteristics, Guardians, Enhanced Movements and events."""

from __future__ import annotations

from games.engines.fog import components as comp
from games.engines.fog.moves import CROSS, JUMP, PULL, PUSH, RUN, SQUEEZE, SWAP
from games.engines.fog.pieces import ALLROUNDER
from games.engines.fog.state import FogState

BASE = {RUN: 1, SWAP: 3, PUSH: 3, JUMP: 3, CROSS: 4, SQUEEZE: 4, PULL: 1}
TRAIT_OF = {PUSH: "p", SQUEEZE: "q", JUMP: "j", CROSS: "x"}
GUARDIAN_A_COST = {(3, PUSH): 2, (4, JUMP): 2, (5, CROSS): 3, (6, SQUEEZE): 3}
ENHANCEMENT = 2


def guardian(state: FogState) -> tuple[int, str]:
    return state.guardians[state.colour] if state.guardians else (0, "")


def uses_trait(trait: str, kind: str) -> bool:
    return TRAIT_OF.get(kind) == trait or (trait == ALLROUNDER and kind in (SQUEEZE, CROSS))


def adjust(state: FogState, islander: int, kind: str, cost: int, trait_used: bool) -> int:
    event = state.event
    if event < 0:
        return cost
    chip = state.rules.board.islanders[islander]
    types, delta = comp.EVENT_TYPE_COST.get(event, ("", 0))
    if chip.type in types:
        cost += delta
    if event == 30 and not trait_used:
        cost -= 1
    if event == 31 and trait_used:
        cost += 1
    if event == 32 and kind in (RUN, PULL):
        cost += 1
    if event == 33 and kind == SWAP:
        cost -= 1
    return max(1, cost)


def movement_cost(state: FogState, islander: int, kind: str, enhanced: bool = False) -> int:
    """One beach movement (or one water step when ``kind`` is RUN or PULL).

    The islander pays the cheapest of the ways open to it: its characteristic, or else the base
    cost, and a Guardian (side A) price. The two never add up (a Jump islander with the Guardian
    of Air A jumps for 2), and an event changing movements "with" or "without a special
    characteristic" (30, 31) changes the way it applies to: a Guardian's price is not a
    characteristic, so a characteristic never makes the Guardian's movement dearer.
    """
    trait = state.rules.board.islanders[islander].trait
    used = uses_trait(trait, kind)
    ways = [((3 if trait == ALLROUNDER else 2) if used else BASE[kind], used)]
    card, side = guardian(state)
    if side == "A":
        if (card, kind) in GUARDIAN_A_COST:
            ways.append((GUARDIAN_A_COST[(card, kind)], False))
        if card == 2 and kind == SWAP:
            swaps = sum(1 for i, k in state.spent if i == islander and k == SWAP)
            if swaps in (1, 2):
                ways.append((2, False))
    plus = ENHANCEMENT if enhanced else 0
    return min(adjust(state, islander, kind, cost + plus, trait_used) for cost, trait_used in ways)


def water_cost(state: FogState, islander: int, steps: int, boards: bool) -> int:
    """A water path of ``steps`` Runs of 1 MP, each a movement; entering a boat may cost more."""
    per_step = movement_cost(state, islander, RUN)
    extra = {24: 1, 25: 2}.get(state.event, 0) if boards else 0
    return per_step * steps + extra


def forbidden(state: FogState, kind: str) -> bool:
    return (state.event == 34 and kind in (JUMP, CROSS)) or (state.event == 35 and kind in (PUSH, SQUEEZE))


def turn_mp(state: FogState, colour: int) -> int:
    return comp.EVENT_MP.get(state.event, state.rules.turn_mp[colour])
