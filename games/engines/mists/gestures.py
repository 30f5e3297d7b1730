"""Mists over Carcassonne by clicking: which board element makes each decision of a turn.

Built from the view and the moves it offers (``player_moves``), like every player-form call.

- Place the drawn tile: click the empty place; when it fits there in several ways, a picker
  names each turn by what then lies north, east, south and west.
- A meeple: click the road, city or castle of the new tile, then its colour when the seat has
  several; "No meeple" is a button.
- Score, or forgo the scoring: "Score" is a button; clicking a tile with free ghosts forgoes
  the scoring and calms that tile.
- Spell circles, the extra cemetery ghost, the hound's chase, the face-down tile: click the tile
  (a picker says which ghost when the tile holds free ghosts in several places).
- Bury a meeple, Eloise and the hound joining a meeple: click the meeple's feature; burying
  one from the supply is a button per colour.

Target ids: ``x:y`` for a place on the board (tile or empty), ``x:y:road1`` / ``x:y:city2`` /
``x:y:castle`` for a feature (the notation's feature names).
"""

from __future__ import annotations

from typing import Any

from games.engines.gestures import Gesture
from games.engines.mists import notation
from games.engines.mists.state import CEMETERY
from games.engines.mists.tiles import oriented
from games.engines.text import N_, Np_, Text, Verbatim, join

SIDES = ("N", "E", "S", "W")
FEATURE_WORDS = {"r": Np_("feature", "road"), "c": Np_("feature", "city"), "k": Np_("feature", "castle")}
EDGE_WORDS = {"C": Np_("tile edge", "city"), "R": Np_("tile edge", "road"), "F": Np_("tile edge", "field")}
COLOUR_WORDS = {
    "red": Np_("meeple colour", "red"),
    "green": Np_("meeple colour", "green"),
    "blue": Np_("meeple colour", "blue"),
    "yellow": Np_("meeple colour", "yellow"),
    "black": Np_("meeple colour", "black"),
    "pink": Np_("meeple colour", "pink"),
}
BURY_FROM_SUPPLY = {
    "red": N_("Bury a red meeple from the supply"),
    "green": N_("Bury a green meeple from the supply"),
    "blue": N_("Bury a blue meeple from the supply"),
    "yellow": N_("Bury a yellow meeple from the supply"),
    "black": N_("Bury a black meeple from the supply"),
    "pink": N_("Bury a pink meeple from the supply"),
}
# The decisions that are made on a feature: the new tile's (a meeple) or a meeple's (the rest).
NEW_TILE_FEATURES = ("meeple",)
MEEPLE_FEATURES = ("bury", "cat_check", "cat_move", "hound")


def cell_target(x: int, y: int) -> str:
    return f"{x}:{y}"


def feature_target(x: int, y: int, kind: str, index: int) -> str:
    return f"{x}:{y}:{notation.feature_text(kind, index)}"


def clickable_features(view: dict[str, Any]) -> list[tuple[int, int, str, int]]:
    """The features the picture makes clickable: those a decision of this phase may name.

    Only then, so that a click meant for a tile (calming, drawing a ghost) never lands on a
    feature instead.
    """
    phase = view.get("phase")
    if phase in NEW_TILE_FEATURES and view["turn"].get("pos"):
        x, y = view["turn"]["pos"]
        tiles = {(bx, by): (tile, rot) for bx, by, tile, rot in view["board"]}
        tile, rot = tiles.get((x, y), (None, -1))
        if tile is None or rot < 0:
            return []
        turned = oriented(tile, rot)
        keys = [(x, y, "r", i) for i in range(len(turned.roads))]
        keys += [(x, y, "c", i) for i in range(len(turned.cities))]
        if turned.tile.castle:
            keys.append((x, y, "k", 0))
        return keys
    if phase in MEEPLE_FEATURES:
        return [(x, y, kind, index) for x, y, kind, index, _ in view["meeples"]]
    return []


def turn_label(tile: str, rotation: int) -> Text:
    """A turn of the drawn tile in a player's words: what lies on each side, where the mist is."""
    turned = oriented(tile, rotation)
    sides = join(
        ", ",
        [
            Text(Verbatim("{side} {kind}"), side=SIDES[side], kind=EDGE_WORDS[kind])
            for side, kind in enumerate(turned.edges)
        ],
    )
    mist = sorted({side for region in turned.mist for side in region.edges})
    if mist:
        return Text(
            N_("{degrees}°: {sides}; mist {mist}"),
            degrees=rotation * 90,
            sides=sides,
            mist="+".join(SIDES[side] for side in mist),
        )
    return Text(Verbatim("{degrees}°: {sides}"), degrees=rotation * 90, sides=sides)


def _free_spots(view: dict[str, Any], x: int, y: int) -> list[int]:
    """Where a tile's free ghosts sit, in the engine's order: mist regions, then the cemetery."""
    spots = [region for gx, gy, region, count in view["ghosts"] if (gx, gy) == (x, y) and count > 0]
    return sorted(spots, key=lambda region: (region == CEMETERY, region))


def _spot_words(view: dict[str, Any], x: int, y: int, spot: int) -> Text:
    if spot == CEMETERY:
        return Text(N_("a ghost from the cemetery"))
    regions = [s for s in _free_spots(view, x, y) if s != CEMETERY]
    if len(regions) <= 1:
        return Text(N_("a ghost from the mist"))
    return Text(N_("a ghost from mist {number}"), number=spot + 1)


def _scoring_label(view: dict[str, Any]) -> Text:
    queue = view.get("queue") or []
    task = queue[0] if queue else []
    if len(task) >= 3 and task[0] == "score":
        feature = FEATURE_WORDS.get(task[1], Np_("feature", "feature"))
        return Text(N_("Score the {feature}: {points} points"), feature=feature, points=task[2])
    return Text(Np_("gesture", "Score"))


def move_gestures(view: dict[str, Any], moves: list[str]) -> list[Gesture]:
    pos = view["turn"].get("pos") or (0, 0)
    gestures = []
    for text in moves:
        move = notation.parse_move(text)
        code = move[0]
        if code == "P":
            _, x, y, rotation = move
            gestures.append(
                Gesture(text, (cell_target(x, y),), turn_label(view["tile"], rotation), N_("Turn the tile"))
            )
        elif code == "M":
            _, kind, index, colour = move
            target = feature_target(pos[0], pos[1], kind, index)
            name = notation.COLOURS[colour]
            gestures.append(Gesture(text, (target,), COLOUR_WORDS.get(name, name), N_("Meeple colour")))
        elif code == "N":
            gestures.append(Gesture(text, (), N_("No meeple")))
        elif code == "S":
            gestures.append(Gesture(text, (), _scoring_label(view)))
        elif code == "X":
            gestures.append(
                Gesture(text, (cell_target(move[1], move[2]),), N_("forgo the scoring: calm 3 ghosts here"))
            )
        elif code == "G":
            x, y = move[1], move[2]
            spots = _free_spots(view, x, y)
            spot = move[3] if len(move) > 3 else (spots[0] if spots else 0)
            gestures.append(
                Gesture(text, (cell_target(x, y),), _spot_words(view, x, y, spot), N_("Into the spell circle"))
            )
        elif code == "Y":
            gestures.append(
                Gesture(text, (cell_target(move[1], move[2]),), N_("the extra ghost goes to this cemetery"))
            )
        elif code in ("B", "E", "H"):
            words = {
                "B": N_("bury this meeple"),
                "E": N_("Eloise joins this meeple"),
                "H": N_("the hound joins this meeple"),
            }
            gestures.append(Gesture(text, (feature_target(*move[1:]),), words[code]))
        elif code == "BS":
            name = notation.COLOURS[move[1]]
            label = BURY_FROM_SUPPLY.get(name) or Text(N_("Bury a {colour} meeple from the supply"), colour=name)
            gestures.append(Gesture(text, (), label))
        elif code == "C":
            gestures.append(Gesture(text, (cell_target(move[1], move[2]),), N_("the hound calms this tile")))
        elif code == "D":
            gestures.append(Gesture(text, (), N_("The hound calms no more")))
        elif code == "F":
            gestures.append(Gesture(text, (cell_target(move[1], move[2]),), N_("the face-down tile goes here")))
    return gestures
