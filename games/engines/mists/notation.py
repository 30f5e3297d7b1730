"""The notation: one short text per decision, no spaces.

3,-1@90        place the drawn tile at column 3, row -1 (north is up), turned 90° clockwise
road1=red      a red meeple on the tile's first road (city2=blue, castle=green); pass: no meeple
score          score the finished feature; calm:3,-1 forgo it and calm 3 ghosts on tile 3,-1
draw:2,0       a spell circle draws a ghost from tile 2,0 (its first: the mist, then the cemetery)
draw:2,0:cemetery  ... the ghost on the tile's cemetery; draw:2,0:mist2 one in the tile's second mist
yard:4,1       the extra ghost goes to the open cemetery on 4,1
bury:2,0:road1 bury the meeple on that feature; bury:red a red meeple from the supply
cat:2,0:city1  Eloise joins the meeple on that feature
hound:2,0:road1  a hound joins that meeple; chase:1,1 it calms tile 1,1; done to stop
haunt:5,2      the face-down tile goes to 5,2
"""

from __future__ import annotations

import re

from games.engines.base import NotationError
from games.engines.mists.state import CEMETERY, COLOURS
from games.engines.text import N_, Text

FEATURE_NAMES = {"r": "road", "c": "city", "k": "castle"}
FEATURE_KINDS = {name: kind for kind, name in FEATURE_NAMES.items()}
WORDS = {"S": "score", "N": "pass", "D": "done"}
PLACES = {"G": "draw", "Y": "yard", "X": "calm", "C": "chase", "F": "haunt"}
KEYED = {"B": "bury", "E": "cat", "H": "hound"}
NUMBER = r"-?\d+"
PLACE = re.compile(rf"^({NUMBER}),({NUMBER})$")
PLACEMENT = re.compile(rf"^({NUMBER}),({NUMBER})@(0|90|180|270)$")
FEATURE = re.compile(r"^(road|city|castle)(\d*)$")
GHOST_SPOT = re.compile(r"^(?:mist([1-9]\d*)|cemetery)$")


def spot_text(spot: int) -> str:
    return "cemetery" if spot == CEMETERY else f"mist{spot + 1}"


def feature_text(kind: str, index: int) -> str:
    return "castle" if kind == "k" else f"{FEATURE_NAMES[kind]}{index + 1}"


def move_to_text(move: tuple) -> str:
    code = move[0]
    if code == "P":
        return f"{move[1]},{move[2]}@{move[3] * 90}"
    if code in WORDS:
        return WORDS[code]
    if code == "G" and len(move) == 4:
        return f"draw:{move[1]},{move[2]}:{spot_text(move[3])}"
    if code in PLACES:
        return f"{PLACES[code]}:{move[1]},{move[2]}"
    if code in KEYED:
        return f"{KEYED[code]}:{move[1]},{move[2]}:{feature_text(move[3], move[4])}"
    if code == "BS":
        return f"bury:{COLOURS[move[1]]}"
    if code == "M":
        return f"{feature_text(move[1], move[2])}={COLOURS[move[3]]}"
    raise ValueError(f"not a Mists move: {move!r}")


def _feature(text: str, whole: str) -> tuple[str, int]:
    match = FEATURE.match(text)
    if not match:
        raise NotationError(
            Text(N_("{whole}: {text} is not a feature (road1, city2, castle)"), whole=repr(whole), text=repr(text)),
            move_text=whole,
        )
    kind = FEATURE_KINDS[match.group(1)]
    if kind == "k":
        return kind, 0
    if not match.group(2) or int(match.group(2)) < 1:
        raise NotationError(
            Text(
                N_("{whole}: number the {feature} from 1, as in {feature}1"), whole=repr(whole), feature=match.group(1)
            ),
            move_text=whole,
        )
    return kind, int(match.group(2)) - 1


def _place(text: str, whole: str) -> tuple[int, int]:
    match = PLACE.match(text)
    if not match:
        raise NotationError(
            Text(
                N_("{whole}: {text} is not a place written column,row such as 2,-1"), whole=repr(whole), text=repr(text)
            ),
            move_text=whole,
        )
    return int(match.group(1)), int(match.group(2))


def parse_move(text: str) -> tuple:
    whole = text
    text = text.strip().lower()
    if (match := PLACEMENT.match(text)) is not None:
        return ("P", int(match.group(1)), int(match.group(2)), int(match.group(3)) // 90)
    for code, word in WORDS.items():
        if text == word:
            return (code,)
    if "=" in text:
        name, _, colour = text.partition("=")
        if colour not in COLOURS:
            raise NotationError(
                Text(
                    N_("{whole}: {colour} is not a colour ({colours})"),
                    whole=repr(whole),
                    colour=repr(colour),
                    colours=", ".join(COLOURS),
                ),
                move_text=whole,
            )
        return ("M", *_feature(name, whole), COLOURS.index(colour))
    word, _, rest = text.partition(":")
    if word == "draw" and rest.count(":") == 1:
        place, _, where = rest.partition(":")
        match = GHOST_SPOT.match(where)
        if not match:
            raise NotationError(
                Text(
                    N_("{whole}: {where} is not a ghost's place on a tile (mist1, mist2, cemetery)"),
                    whole=repr(whole),
                    where=repr(where),
                ),
                move_text=whole,
            )
        return ("G", *_place(place, whole), CEMETERY if match.group(1) is None else int(match.group(1)) - 1)
    for code, name in PLACES.items():
        if word == name:
            return (code, *_place(rest, whole))
    if word == "bury" and rest in COLOURS:
        return ("BS", COLOURS.index(rest))
    for code, name in KEYED.items():
        if word == name:
            place, _, feature = rest.partition(":")
            return (code, *_place(place, whole), *_feature(feature, whole))
    raise NotationError(
        Text(
            N_(
                "{whole} is not a Mists move: write a placement like 0,-1@90, a meeple like road1=red, "
                "or score, calm:x,y, pass, draw:x,y, draw:x,y:cemetery, yard:x,y, bury:x,y:road1, cat:x,y:city1, "
                "hound:x,y:road1, chase:x,y, done, haunt:x,y"
            ),
            whole=repr(whole),
        ),
        move_text=whole,
    )
