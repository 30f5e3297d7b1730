"""What a seat sees, and a full state sampled back from it for search.

Secret: the mission cards of other colours (until the end) and the order of the face-down FOG
and event decks. Everything else is on the table. Spectators see no mission card until the end.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from games.engines.base import InvalidSetup
from games.engines.fog import components as comp
from games.engines.fog import setup
from games.engines.fog.setup import islander_code
from games.engines.fog.state import EMPTY, OBSTACLE, OVER, PHASE_NAMES, WOODS_CELL, FogState, Rules

HIDDEN_LAYOUT_KEYS = ("fog_deck", "event_deck", "missions")


def public_layout(rules: Rules) -> dict[str, Any]:
    return {k: v for k, v in rules.layout.items() if k not in HIDDEN_LAYOUT_KEYS}


def observe(slug: str, state: FogState, seat: int | None) -> dict[str, Any]:
    rules, board = state.rules, state.rules.board
    names = board.names
    over = state.phase == OVER
    colour_names = rules.colour_names

    def visible(colour: int) -> bool:
        return over or (seat is not None and rules.seat_of[colour] == seat)

    drawn_events = _events_drawn(state)
    view: dict[str, Any] = {
        "game": slug,
        "seat": seat,
        "to_move": state.seat,
        "over": over,
        "board": board.name,
        "title": board.title,
        "options": rules.options,
        "seats": rules.seats,
        "solo": rules.solo,
        "colours": list(colour_names),
        "colour_seats": list(rules.seat_of),
        "layout": public_layout(rules),
        "phase": PHASE_NAMES[state.phase],
        "colour": colour_names[state.colour] if not over else None,
        "round": state.round,
        "fog": state.fog,
        "swallowed": state.swallowed,
        "swallowed_rows": list(board.row_names[: state.swallowed]),
        "mp": state.mp,
        "order": [colour_names[c] for c in state.order],
        "turn": state.turn,
        "islanders": [
            {
                "code": islander_code(board, i),
                "nation": chip.nation,
                "type": chip.type,
                "trait": chip.trait,
                "owner": colour_names[state.owner[i]] if state.owner[i] >= 0 else None,
                "at": names[state.where[i]] if state.where[i] >= 0 else None,
                "lost_row": board.row_names[state.lost_row[i]] if state.lost_row[i] >= 0 else None,
            }
            for i, chip in enumerate(board.islanders)
        ],
        "obstacles": {names[h]: kind for h, kind in sorted(rules.obstacles.items())},
        "aboard": {
            names[board.hexes + k]: [islander_code(board, i) for i in p] for k, p in enumerate(state.aboard) if p
        },
        "area_values": {boat.nation: list(rules.area_values[b]) for b, boat in enumerate(board.boats)},
        "penalties": dict(zip(board.row_names, rules.penalties)),
        "turn_mp": list(rules.turn_mp),
        "bonuses": {colour_names[c]: list(b) for c, b in enumerate(state.bonuses)},
        "bonus_next": [int(n) for n in state.bonus_next],
        "picks": state.picks,
        "moved": [islander_code(board, i) for i in state.moved],
        "spent": [[islander_code(board, i), k] for i, k in state.spent],
        "free_runs": [islander_code(board, i) for i in state.free_runs],
        "transit": islander_code(board, state.transit) if state.transit >= 0 else None,
        "event": state.event if state.event >= 0 else None,
        "event_text": comp.EVENTS[state.event].text if state.event >= 0 else None,
        "events_drawn": drawn_events,
        "event_deck_left": len(state.event_deck),
        "fog_drawn": list(state.fog_drawn),
        "fog_deck_left": len(state.fog_deck),
        "guardians": {colour_names[c]: list(g) for c, g in enumerate(state.guardians)},
        "open_missions": list(state.open_missions),
        "hands": {colour_names[c]: list(h) for c, h in enumerate(state.hands) if visible(c) and h},
        "missions": {colour_names[c]: list(m) for c, m in enumerate(state.missions) if visible(c) and m},
        "missions_kept": [bool(m) for m in state.missions],
        "last": list(state.last),
        "ply": state.ply,
    }
    return view


def _events_drawn(state: FogState) -> list[int]:
    deck = state.rules.layout.get("event_deck", [])
    return list(deck[: len(deck) - len(state.event_deck)])


_rules_cache: dict[str, Rules] = {}


def _rules_for(view: dict[str, Any], rng: random.Random) -> Rules:
    key = json.dumps([view["options"], view["seats"], view["layout"]], sort_keys=True)
    rules = _rules_cache.get(key)
    if rules is None:
        layout = dict(view["layout"])
        options = view["options"]
        board = setup.board_for(options, layout) if not view["solo"] else None
        if board is None:
            first = setup.initial_state(options, 1, {**layout, **_sample_hidden(options, layout, view, rng)})
        else:
            first = setup.initial_state(
                options, view["seats"], {**layout, **_sample_hidden(options, layout, view, rng)}
            )
        rules = first.rules
        if len(_rules_cache) > 64:
            _rules_cache.clear()
        _rules_cache[key] = rules
    return rules


def _sample_hidden(
    options: dict[str, Any], layout: dict[str, Any], view: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """Hidden layout parts that pass the setup checks (only their shape matters for the rules)."""
    board = setup.board_for(options, layout) if not view["solo"] else None
    if board is None:
        from games.engines.fog import scenarios
        from games.engines.fog.board import shipped

        name = layout.get("scenario")
        scenario = (
            scenarios.shipped(name)
            if isinstance(name, str) and name != "custom"
            else scenarios.build(layout.get("scenario_data") or name)
        )
        board = shipped(scenario["board"])
    out: dict[str, Any] = {}
    if options["fog_uncertainty"] != "off":
        out["fog_deck"] = setup._fog_cards(board, options)
    if options["events"] != "off":
        out["event_deck"] = list(range(18, 36 if options["events"] == "always" else 37))
    if options["missions"] != "off" and options["missions_mode"] == "secret":
        decks = setup._mission_decks(board, options)
        hands: dict[str, list[int]] = {c: [] for c in view["colours"]}
        for deck in decks:
            cards = list(deck)
            for c in view["colours"]:
                hands[c] += [cards.pop(), cards.pop()]
        out["missions"] = hands
    return out


def state_from_view(view: dict[str, Any], rng: random.Random) -> FogState:
    try:
        return _state_from_view(view, rng)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, InvalidSetup):
            raise
        raise InvalidSetup(f"this is not a FOG view: {exc!r}") from None


def _state_from_view(view: dict[str, Any], rng: random.Random) -> FogState:
    rules = _rules_for(view, rng)
    board = rules.board
    obstacles = {board.node(name): kind for name, kind in view["obstacles"].items()}
    if obstacles != rules.obstacles:  # the view is the truth about what stands on the beach
        rules = dataclasses.replace(rules, obstacles=obstacles)
    codes = {islander_code(board, i): i for i in range(len(board.islanders))}
    colour_index = {name: c for c, name in enumerate(rules.colour_names)}
    n = len(board.islanders)
    where, owner, lost_row = [-1] * n, [-1] * n, [-1] * n
    for i, entry in enumerate(view["islanders"]):
        where[i] = board.node(entry["at"]) if entry["at"] else -1
        owner[i] = colour_index[entry["owner"]] if entry["owner"] else -1
        lost_row[i] = board.row_names.index(entry["lost_row"]) if entry["lost_row"] else -1
    transit = codes[view["transit"]] if view["transit"] else -1
    cells = [WOODS_CELL if kind == "woods" else EMPTY for kind in board.kinds]
    for h in rules.obstacles:
        cells[h] = OBSTACLE
    for i, u in enumerate(where):
        if 0 <= u < board.hexes and i != transit:
            cells[u] = i
    aboard = [()] * len(board.places)
    for name, members in view["aboard"].items():
        aboard[board.node(name) - board.hexes] = tuple(codes[c] for c in members)
    hands, missions = _sample_missions(view, rules, rng)
    return FogState(
        rules=rules,
        phase=PHASE_NAMES.index(view["phase"]),
        cells=tuple(cells),
        where=tuple(where),
        aboard=tuple(aboard),
        owner=tuple(owner),
        lost_row=tuple(lost_row),
        fog=view["fog"],
        swallowed=view["swallowed"],
        colour=colour_index[view["colour"]] if view["colour"] else -1,
        order=tuple(colour_index[c] for c in view["order"]),
        turn=view["turn"],
        round=view["round"],
        mp=view["mp"],
        moved=tuple(codes[c] for c in view["moved"]),
        spent=tuple((codes[c], k) for c, k in view["spent"]),
        bonus_next=tuple(view["bonus_next"]),
        bonuses=tuple(tuple(view["bonuses"][c]) for c in rules.colour_names),
        picks=view["picks"],
        fog_deck=_unseen_fog(view, rules, rng),
        fog_drawn=tuple(view["fog_drawn"]),
        event_deck=_unseen_events(view, rng),
        event=view["event"] if view["event"] is not None else -1,
        hands=hands,
        missions=missions,
        open_missions=tuple(view["open_missions"]),
        guardians=tuple(tuple(view["guardians"][c]) for c in rules.colour_names) if view["guardians"] else (),
        transit=transit,
        free_runs=tuple(codes[c] for c in view["free_runs"]),
        last=tuple(view["last"]),
        ply=view["ply"],
    )


def _unseen_fog(view: dict[str, Any], rules: Rules, rng: random.Random) -> tuple[int, ...]:
    if rules.opt("fog_uncertainty") == "off":
        return ()
    cards = list(setup._fog_cards(rules.board, rules.options))
    for card in view["fog_drawn"]:
        cards.remove(card)
    rng.shuffle(cards)
    return tuple(cards[: view["fog_deck_left"]])


def _unseen_events(view: dict[str, Any], rng: random.Random) -> tuple[int, ...]:
    options = view["options"]
    if options["events"] == "off":
        return ()
    cards = [c for c in range(18, 36 if options["events"] == "always" else 37) if c not in view["events_drawn"]]
    rng.shuffle(cards)
    return tuple(cards[: view["event_deck_left"]])


def _sample_missions(view: dict[str, Any], rules: Rules, rng: random.Random):
    names = rules.colour_names
    empty = tuple(() for _ in names)
    if rules.opt("missions") == "off" or rules.opt("missions_mode") != "secret":
        return empty, empty
    decks = setup._mission_decks(rules.board, rules.options)
    known = {c for h in view["hands"].values() for c in h} | {c for m in view["missions"].values() for c in m}
    hands, missions = [], []
    pools = [[c for c in deck if c not in known] for deck in decks]
    for pool in pools:
        rng.shuffle(pool)
    for c, name in enumerate(names):
        if name in view["hands"]:
            hand = tuple(view["hands"][name])
        else:
            hand = tuple(card for pool in pools for card in (pool.pop(), pool.pop()))
        hands.append(hand)
        if name in view["missions"]:
            missions.append(tuple(view["missions"][name]))
        elif view["missions_kept"][c]:
            missions.append(tuple(hand[2 * d + rng.randrange(2)] for d in range(len(decks))))
        else:
            missions.append(())
    return tuple(hands), tuple(missions)
