"""Tokens and cards whose values the rule text gives, and the ones it does not (marked as ours).

Given by the text: the Boat Scorings 2/3, 4/5, 5/6, 6/7; row penalties A -9, B -8, C -7 and the
Individual Beach Scorings of variant A (-20, -15, -10); the Guardians, the FOG Uncertainty cards,
the Unforeseen Events and the "Rescue Achievements" missions. Ours (the text shows no values):
the four extra Boat Scorings of option 2, the Individual Boat Scorings, the variant B Beach
Scorings and the contents of the "Rescued Islanders" mission cards.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engines.text import N_, Np_, Text, join

BOAT_SCORINGS = ((2, 3), (4, 5), (5, 6), (6, 7))
EXTRA_BOAT_SCORINGS = ((1, 3), (2, 4), (3, 5), (7, 8))  # ours

# Individual Boat Scorings (ours): the tokens of each area's stack, Standard then with M/L.
INDIVIDUAL_BOAT_SCORINGS = {
    "A": (5, 6, 7, 8, 9, 6, 7, 8),
    "B": (3, 4, 5, 6, 7, 4, 5, 6),
    "C": (2, 3, 4, 5, 6, 3, 4, 5),
    "D": (1, 2, 3, 4, 5, 1, 2, 3),
}
BEACH_SCORINGS_A = {"A": -20, "B": -15, "C": -10}
BEACH_SCORINGS_B = (-12, -11, -10, -9, -8, -8, -7, -6, -6, -5, -5, -4, -4, -3, -2, -1, -10, -6, -3, -2)  # ours

# --- Uncertainty -----------------------------------------------------------------------------

GUARDIANS = {1: "Speed", 2: "Cunning", 3: "Strength", 4: "Air", 5: "Nature", 6: "Skill"}
GUARDIAN_TEXT = {
    (1, "A"): "For 2 MP: Run 3 hexes straight",
    (1, "B"): "Run at least 3 hexes with one islander: +1 free Run at the end",
    (2, "A"): "For 2 MP: the 2nd and 3rd Swap of one islander",
    (2, "B"): "Move the swapped islander 1 hex back",
    (3, "A"): "For 2 MP: Push",
    (3, "B"): "Push up to 3 islanders, straight or angled",
    (4, "A"): "For 2 MP: Jump",
    (4, "B"): "Move the jumped-over islander 1 hex back",
    (5, "A"): "For 3 MP: Cross",
    (5, "B"): "Run +1 for free after a Cross",
    (6, "A"): "For 3 MP: Squeeze",
    (6, "B"): "Move one of the squeezed-through islanders 1 hex back",
}

FOG_SPEED = {**dict.fromkeys(range(7, 14), 1), 14: 0, 15: 2, 16: 0, 17: 2}


class Event(NamedTuple):
    name: str
    text: str


EVENTS = {
    18: Event(N_("Exhaustion"), N_("Each movement of a Sailor costs 1 MP more")),
    19: Event(N_("Dutiful"), N_("Each movement of a Sailor costs 1 MP less (minimum 1)")),
    20: Event(N_("Heavy Baggage"), N_("Each movement of a Warrior/Commoner costs 1 MP more")),
    21: Event(N_("Honorable"), N_("Each movement of a Warrior/Commoner costs 1 MP less (minimum 1)")),
    22: Event(N_("Responsibility"), N_("Each movement of a Leader/Elder costs 1 MP more")),
    23: Event(N_("Exemplary"), N_("Each movement of a Leader/Elder costs 1 MP less (minimum 1)")),
    24: Event(N_("Slippery"), N_("Each entry into a boat costs 1 MP more")),
    25: Event(N_("Slipped"), N_("Each entry into a boat costs 2 MP more")),
    26: Event(N_("Disaster"), N_("Each player has 5 MP available this round")),
    27: Event(N_("Misfortune"), N_("Each player has 6 MP available this round")),
    28: Event(N_("Scope"), N_("Each player has 8 MP available this round")),
    29: Event(N_("Luck"), N_("Each player has 9 MP available this round")),
    30: Event(N_("Easiness"), N_("Each movement without a special characteristic costs 1 MP less (minimum 1)")),
    31: Event(N_("Demanding"), N_("Each movement with a special characteristic costs 1 MP more")),
    32: Event(N_("Headwind"), N_("Each Run costs 1 MP more (Endurance is not affected)")),
    33: Event(N_("Skillful"), N_("Each Swap costs 1 MP less")),
    34: Event(N_("Gusty"), N_("The use of Jump and Cross is forbidden")),
    35: Event(N_("Dizzy Spell"), N_("The use of Push and Squeeze is forbidden")),
    36: Event(N_("Calm"), N_("There is no event")),
}
EVENT_TYPE_COST = {18: ("S", 1), 19: ("S", -1), 20: ("WC", 1), 21: ("WC", -1), 22: ("LE", 1), 23: ("LE", -1)}
EVENT_MP = {26: 5, 27: 6, 28: 8, 29: 9}


class Mission(NamedTuple):
    number: int
    letter: str  # A: every board; B: with the purple boat (A7); C: with the olive boat (A8)
    kind: str  # "rescued" | "most_any_boat" | "most_in_boat" | "most_rescued"
    nation: str = ""
    needs: tuple[tuple[str, str], ...] = ()  # rescued-islander cards: (type letter, nation or "" for any)
    points: tuple[int, ...] = ()  # rescued-islander cards: RP for 1, 2, 3 requirements met


_RESCUED_POINTS = (3, 6, 10)  # ours
_RESCUED = {  # ours: the text shows the cards only as pictures
    37: ("A", (("W", ""), ("S", "red"), ("C", ""))),
    38: ("A", (("E", ""), ("S", "blue"), ("W", "green"))),
    39: ("A", (("L", ""), ("C", "green"), ("S", ""))),
    40: ("A", (("S", ""), ("W", "red"), ("E", "blue"))),
    41: ("A", (("C", ""), ("E", "green"), ("W", "blue"))),
    42: ("A", (("W", ""), ("L", "red"), ("S", "green"))),
    43: ("A", (("E", ""), ("C", "blue"), ("W", "red"))),
    44: ("A", (("S", ""), ("E", "red"), ("L", "blue"))),
    45: ("B", (("W", "purple"), ("S", "purple"), ("E", ""))),
    46: ("B", (("C", "purple"), ("L", ""), ("W", ""))),
    47: ("C", (("W", "olive"), ("S", "olive"), ("E", ""))),
    48: ("C", (("C", "olive"), ("L", ""), ("W", ""))),
}
MISSIONS: dict[int, Mission] = {
    number: Mission(number, letter, "rescued", needs=needs, points=_RESCUED_POINTS)
    for number, (letter, needs) in _RESCUED.items()
}
MISSIONS.update(
    {
        49: Mission(49, "A", "most_any_boat"),
        50: Mission(50, "A", "most_any_boat"),
        51: Mission(51, "A", "most_in_boat", "blue"),
        52: Mission(52, "A", "most_in_boat", "green"),
        53: Mission(53, "A", "most_in_boat", "red"),
        54: Mission(54, "A", "most_rescued", "blue"),
        55: Mission(55, "A", "most_rescued", "green"),
        56: Mission(56, "A", "most_rescued", "red"),
        57: Mission(57, "B", "most_in_boat", "purple"),
        58: Mission(58, "C", "most_in_boat", "olive"),
        59: Mission(59, "B", "most_rescued", "purple"),
        60: Mission(60, "C", "most_rescued", "olive"),
    }
)
MISSION_POINTS = {"most_any_boat": 8, "most_in_boat": 10, "most_rescued": 10}
RESCUED_DECK = tuple(range(37, 49))
ACHIEVEMENT_DECK = tuple(range(49, 61))


def mission_text(number: int) -> Text:
    card = MISSIONS[number]
    if card.kind == "rescued":
        wanted = join(
            ", ",
            [
                Text(N_("{nation} {type}"), nation=_NATION_WORD.get(nation, nation), type=_TYPE_WORD[t])
                if nation
                else Text(N_("any {type}"), type=_TYPE_WORD[t])
                for t, nation in card.needs
            ],
        )
        return Text(N_("Rescue {wanted}: {points} RP for 1/2/3"), wanted=wanted, points="/".join(map(str, card.points)))
    if card.kind == "most_any_boat":
        return Text(N_("8 RP for the most islanders in any one boat (a tie is enough)"))
    if card.kind == "most_in_boat":
        return Text(
            N_("10 RP for the most islanders in the {nation} boat (a tie is enough)"),
            nation=_NATION_WORD.get(card.nation, card.nation),
        )
    return Text(
        N_("10 RP for the most rescued {nation} islanders (in a boat or on the pier; a tie is enough)"),
        nation=_NATION_WORD.get(card.nation, card.nation),
    )


_TYPE_WORD = {
    "L": Np_("FOG islander", "Leader"),
    "E": Np_("FOG islander", "Elder"),
    "W": Np_("FOG islander", "Warrior"),
    "S": Np_("FOG islander", "Sailor"),
    "C": Np_("FOG islander", "Commoner"),
}
_NATION_WORD = {
    "blue": Np_("FOG nation", "blue"),
    "green": Np_("FOG nation", "green"),
    "red": Np_("FOG nation", "red"),
    "purple": Np_("FOG nation", "purple"),
    "olive": Np_("FOG nation", "olive"),
}


def deck_letters(nations: tuple[str, ...]) -> set[str]:
    """Which mission letters a board uses: A always, B with purple, C with olive."""
    letters = {"A"}
    if "purple" in nations:
        letters.add("B")
    if "olive" in nations:
        letters.add("C")
    return letters
