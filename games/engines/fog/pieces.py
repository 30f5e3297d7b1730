"""The pieces of The FOG in players' words: nations, islander types, characteristics, colours."""

from __future__ import annotations

from games.engines.text import Np_

NATIONS = ("blue", "green", "red", "purple", "olive")
NATION_LETTERS = {"blue": "b", "green": "g", "red": "r", "purple": "p", "olive": "o"}

# Islander types: the letter used in data files and views, the name players use.
TYPES = {"L": "leader", "E": "elder", "W": "warrior", "S": "sailor", "C": "commoner"}
TYPE_LETTERS = tuple(TYPES)

# Characteristics: the symbol beneath an islander chip.
PUSH, SQUEEZE, JUMP, CROSS, ALLROUNDER, ENDURANCE = "p", "q", "j", "x", "a", "e"
CHARACTERISTICS = {
    PUSH: "push",
    SQUEEZE: "squeeze",
    JUMP: "jump",
    CROSS: "cross",
    ALLROUNDER: "all-rounder",
    ENDURANCE: "endurance",
}

OBSTACLES = ("rock", "driftwood", "bush")

# The same names in players' words (the site translates them; the names above never change).
NATION_WORDS = {
    "blue": Np_("FOG nation", "blue"),
    "green": Np_("FOG nation", "green"),
    "red": Np_("FOG nation", "red"),
    "purple": Np_("FOG nation", "purple"),
    "olive": Np_("FOG nation", "olive"),
}
OBSTACLE_WORDS = {
    "rock": Np_("FOG obstacle", "rock"),
    "driftwood": Np_("FOG obstacle", "driftwood"),
    "bush": Np_("FOG obstacle", "bush"),
}

# Player colours, in the order a table takes them (ours: the rulebook's example uses black,
# pink and yellow; the 5/6-player colours are our choice).
COLOURS = ("black", "pink", "yellow", "white", "orange", "teal")
# The colours in players' words (the site translates them; the names above never change).
COLOUR_WORDS = {
    "black": Np_("FOG colour", "black"),
    "pink": Np_("FOG colour", "pink"),
    "yellow": Np_("FOG colour", "yellow"),
    "white": Np_("FOG colour", "white"),
    "orange": Np_("FOG colour", "orange"),
    "teal": Np_("FOG colour", "teal"),
}


def colour_word(name: str) -> str:
    """A colour in players' words (a marked word), or the name itself for an unknown one."""
    return COLOUR_WORDS.get(name, name)


# Boat areas from the bow (the highest Boat Scoring) to the lowest, and the sides of a boat.
AREAS = ("A", "B", "C", "D")
SIDES = ("l", "m", "r")
SIDE_NAMES = {"l": "left", "m": "middle", "r": "right"}
