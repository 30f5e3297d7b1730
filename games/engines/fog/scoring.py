"""Final scoring: the four categories, the options' extra categories, missions, solo goals and ranks."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.engines.fog import components as comp
from games.engines.fog.pieces import AREAS
from games.engines.fog.state import FogState

LEVELS = ((175, "Guardian Legend"), (150, "Guardian Hero"), (125, "Guardian Protector"), (80, "Guardian Novice"))
LOWEST_LEVEL = "Guardian Apprentice"
BOATLESS_PENALTY = -12
CREW_PENALTY = -20


def rescue_level(points: int) -> str:
    for floor, name in LEVELS:
        if points >= floor:
            return name
    return LOWEST_LEVEL


class Tally:
    """Where every islander ended, computed once for all categories."""

    def __init__(self, state: FogState):
        rules = self.rules = state.rules
        board = self.board = rules.board
        self.state = state
        hexes = board.hexes
        self.boat_of: dict[int, int] = {}  # islander -> boat index (aboard)
        self.place_of: dict[int, int] = {}  # islander -> place index (productive places only)
        self.scored: set[int] = set()  # aboard islanders that score (Intensive Drive Off: only the top)
        for k, islanders in enumerate(state.aboard):
            place = board.places[k]
            for pos, i in enumerate(islanders):
                self.boat_of[i] = place.boat
                if not place.stern:
                    self.place_of[i] = k
                if rules.opt("drive_off") != "intensive" or place.stern or pos == len(islanders) - 1:
                    self.scored.add(i)
        self.on_pier = {i for i, u in enumerate(state.where) if 0 <= u < hexes and board.kinds[u] == "pier"}
        check_crew = rules.opt("minimum_crew") or (rules.solo and rules.scenario.get("minimum_crew", False))
        self.departs = [not check_crew or self._has_crew(b) for b in range(len(board.boats))]

    def _has_crew(self, b: int) -> bool:
        boat = self.board.boats[b]
        for area, need in boat.min_crew:
            count = sum(
                1
                for i, k in self.place_of.items()
                if self.board.places[k].boat == b and self.board.places[k].area == area
            )
            if count < need:
                return False
        return True

    def rescued(self, i: int) -> bool:
        return i in self.boat_of or i in self.on_pier

    def crew_ab(self, b: int, colour: int) -> int:
        return sum(
            1
            for i, k in self.place_of.items()
            if self.board.places[k].boat == b
            and self.board.places[k].area in ("A", "B")
            and self.state.owner[i] == colour
        )


def colour_scores(state: FogState) -> list[dict[str, Any]]:
    """Every category for every colour (in solo, every nation), in the rulebook's order."""
    tally = Tally(state)
    rules, board = state.rules, state.rules.board
    rows = []
    for colour in range(rules.colours):
        mine = [i for i, o in enumerate(state.owner) if o == colour]
        cats: dict[str, int] = {}
        cats["nation"] = board.nation_points * sum(
            1
            for i in mine
            if i in tally.scored
            and tally.departs[tally.boat_of[i]]
            and board.boats[tally.boat_of[i]].nation == board.islanders[i].nation
        )
        cats["boat_areas"] = sum(
            rules.area_values[board.places[tally.place_of[i]].boat][AREAS.index(board.places[tally.place_of[i]].area)]
            for i in mine
            if i in tally.place_of and i in tally.scored and tally.departs[tally.boat_of[i]]
        )
        if rules.opt("boats_without_colour") and not rules.solo:
            with_me = {board.places[tally.place_of[i]].boat for i in mine if i in tally.place_of}
            cats["boats_without_colour"] = BOATLESS_PENALTY * (len(board.boats) - len(with_me))
        if rules.leaders:
            cats["leaders"] = sum(_leader_points(state, tally, i) for i in mine if i in rules.leaders)
        cats["lost"] = sum(rules.penalties[state.lost_row[i]] for i in mine if state.lost_row[i] >= 0)
        if not rules.solo:
            cats["bonuses"] = sum(state.bonuses[colour])
        rows.append(
            {
                "colour": rules.colour_names[colour],
                "categories": cats,
                "lost": sum(1 for i in mine if state.lost_row[i] >= 0),
                "commoners_rescued": sum(1 for i in mine if board.islanders[i].type == "C" and tally.rescued(i)),
                "rescued": sum(1 for i in mine if tally.rescued(i)),
            }
        )
    if rules.opt("minimum_crew") and not rules.solo:
        for b, departs in enumerate(tally.departs):
            if departs:
                continue
            crews = [tally.crew_ab(b, c) for c in range(rules.colours)]
            for c, crew in enumerate(crews):
                if crew == min(crews):
                    rows[c]["categories"]["minimum_crew"] = rows[c]["categories"].get("minimum_crew", 0) + CREW_PENALTY
    _missions(state, tally, rows)
    for row in rows:
        row["rp"] = sum(row["categories"].values())
    return rows


def _leader_points(state: FogState, tally: Tally, i: int) -> int:
    board = state.rules.board
    if state.lost_row[i] >= 0:
        return -5
    if i not in tally.boat_of:
        return 0
    own_boat = board.boats[tally.boat_of[i]].nation == board.islanders[i].nation
    if own_boat and i in tally.place_of:
        return 15
    return 5


def solo_goals(state: FogState) -> dict[str, int]:
    """The scenario's minimum goals: boats that do not depart, boats without a Commoner of their nation."""
    tally = Tally(state)
    board, scenario = state.rules.board, state.rules.scenario or {}
    goals = {}
    if scenario.get("minimum_crew", False):
        goals["minimum_crew"] = scenario.get("crew_penalty", CREW_PENALTY) * tally.departs.count(False)
    if "commoner_penalty" in scenario:
        missing = 0
        for b, boat in enumerate(board.boats):
            if not any(
                tally.boat_of.get(i) == b
                and board.islanders[i].type == "C"
                and board.islanders[i].nation == boat.nation
                for i in tally.boat_of
            ):
                missing += 1
        goals["commoner_rescue"] = scenario["commoner_penalty"] * missing
    return goals


# --- missions ------------------------------------------------------------------------------------------


def _missions(state: FogState, tally: Tally, rows: list[dict[str, Any]]) -> None:
    rules = state.rules
    if rules.opt("missions") == "off" or rules.solo:
        return
    for colour in range(rules.colours):
        cards = state.missions[colour] if rules.opt("missions_mode") == "secret" else state.open_missions
        rescued = [card for card in cards if comp.MISSIONS[card].kind == "rescued"]
        total = rescued_points(state, tally, colour, rescued)
        total += sum(mission_points(state, tally, colour, card) for card in cards if card not in rescued)
        rows[colour]["categories"]["missions"] = total
        rows[colour]["missions"] = list(cards)


def rescued_points(state: FogState, tally: Tally, colour: int, cards: list[int]) -> int:
    """The best total of "Rescued Islanders" cards when each rescued islander is scored only once.

    With open missions several such cards are scored together; the colour's rescued islanders are
    shared out among the cards' requirements in the way that scores most (a Warrior wanted by two
    cards counts for one of them), so the result does not depend on the order of the cards.
    """
    board = state.rules.board
    pool: dict[tuple[str, str], int] = {}  # (type, nation) -> rescued islanders of the colour
    for i, owner in enumerate(state.owner):
        if owner == colour and tally.rescued(i):
            chip = board.islanders[i]
            pool[(chip.type, chip.nation)] = pool.get((chip.type, chip.nation), 0) + 1
    groups = sorted(pool)
    slots = [(k, kind, nation) for k, card in enumerate(cards) for kind, nation in comp.MISSIONS[card].needs]
    points = [comp.MISSIONS[card].points for card in cards]

    @cache
    def best(slot: int, left: tuple[int, ...], met: tuple[int, ...]) -> int:
        if slot == len(slots):
            return sum(points[k][n - 1] for k, n in enumerate(met) if n)
        k, kind, nation = slots[slot]
        result = best(slot + 1, left, met)  # this requirement stays unmet
        now_met = (*met[:k], met[k] + 1, *met[k + 1 :])
        for g, (g_kind, g_nation) in enumerate(groups):
            if left[g] and g_kind == kind and (not nation or g_nation == nation):
                fewer = (*left[:g], left[g] - 1, *left[g + 1 :])
                result = max(result, best(slot + 1, fewer, now_met))
        return result

    return best(0, tuple(pool[g] for g in groups), (0,) * len(cards))


def mission_points(state: FogState, tally: Tally, colour: int, number: int) -> int:
    """A "Rescue Achievements" card: its RP if the colour has the most (a tie is enough), else 0."""
    card = comp.MISSIONS[number]
    counts = _mission_counts(state, tally, card)
    mine_count = counts[colour]
    if mine_count and mine_count >= max(counts):
        return comp.MISSION_POINTS[card.kind]
    return 0


def _mission_counts(state: FogState, tally: Tally, card: comp.Mission) -> list[int]:
    board, colours = state.rules.board, state.rules.colours
    if card.kind == "most_any_boat":
        # 1 for each colour that has the most islanders (a tie is enough) in at least one boat
        qualifies = [0] * colours
        for b in range(len(board.boats)):
            counts = [0] * colours
            for i, boat in tally.boat_of.items():
                if boat == b:
                    counts[state.owner[i]] += 1
            top = max(counts)
            for c in range(colours):
                if top and counts[c] == top:
                    qualifies[c] = 1
        return qualifies
    counts = [0] * colours
    for i, o in enumerate(state.owner):
        if o < 0:
            continue
        if card.kind == "most_in_boat" and i in tally.boat_of and board.boats[tally.boat_of[i]].nation == card.nation:
            counts[o] += 1
        if card.kind == "most_rescued" and board.islanders[i].nation == card.nation and tally.rescued(i):
            counts[o] += 1
    return counts
