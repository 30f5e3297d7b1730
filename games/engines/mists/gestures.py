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
from games.engines.mists.tiles import EDGE_KINDS, oriented

SIDES = ("N", "E", "S", "W")
FEATURE_WORDS = {"r": "road", "c": "city", "k": "castle"}
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


def turn_label(tile: str, rotation: int) -> str:
    """A turn of the drawn tile in a player's words: what lies on each side, where the mist is."""
    turned = oriented(tile, rotation)
    sides = ", ".join(f"{SIDES[side]} {EDGE_KINDS[kind]}" for side, kind in enumerate(turned.edges))
    mist = sorted({side for region in turned.mist for side in region.edges})
    label = f"{rotation * 90}°: {sides}"
    if mist:
        label += f"; mist {'+'.join(SIDES[side] for side in mist)}"
    return label


def _free_spots(view: dict[str, Any], x: int, y: int) -> list[int]:
    """Where a tile's free ghosts sit, in the engine's order: mist regions, then the cemetery."""
    spots = [region for gx, gy, region, count in view["ghosts"] if (gx, gy) == (x, y) and count > 0]
    return sorted(spots, key=lambda region: (region == CEMETERY, region))


def _spot_words(view: dict[str, Any], x: int, y: int, spot: int) -> str:
    if spot == CEMETERY:
        return "a ghost from the cemetery"
    regions = [s for s in _free_spots(view, x, y) if s != CEMETERY]
    return "a ghost from the mist" if len(regions) <= 1 else f"a ghost from mist {spot + 1}"


def _scoring_label(view: dict[str, Any]) -> str:
    queue = view.get("queue") or []
    task = queue[0] if queue else []
    if len(task) >= 3 and task[0] == "score":
        return f"Score the {FEATURE_WORDS.get(task[1], 'feature')}: {task[2]} points"
    return "Score"


def move_gestures(view: dict[str, Any], moves: list[str]) -> list[Gesture]:
    pos = view["turn"].get("pos") or (0, 0)
    gestures = []
    for text in moves:
        move = notation.parse_move(text)
        code = move[0]
        if code == "P":
            _, x, y, rotation = move
            gestures.append(Gesture(text, (cell_target(x, y),), turn_label(view["tile"], rotation), "Turn the tile"))
        elif code == "M":
            _, kind, index, colour = move
            target = feature_target(pos[0], pos[1], kind, index)
            gestures.append(Gesture(text, (target,), notation.COLOURS[colour], "Meeple colour"))
        elif code == "N":
            gestures.append(Gesture(text, (), "No meeple"))
        elif code == "S":
            gestures.append(Gesture(text, (), _scoring_label(view)))
        elif code == "X":
            gestures.append(Gesture(text, (cell_target(move[1], move[2]),), "forgo the scoring: calm 3 ghosts here"))
        elif code == "G":
            x, y = move[1], move[2]
            spots = _free_spots(view, x, y)
            spot = move[3] if len(move) > 3 else (spots[0] if spots else 0)
            gestures.append(Gesture(text, (cell_target(x, y),), _spot_words(view, x, y, spot), "Into the spell circle"))
        elif code == "Y":
            gestures.append(Gesture(text, (cell_target(move[1], move[2]),), "the extra ghost goes to this cemetery"))
        elif code in ("B", "E", "H"):
            words = {"B": "bury this meeple", "E": "Eloise joins this meeple", "H": "the hound joins this meeple"}
            gestures.append(Gesture(text, (feature_target(*move[1:]),), words[code]))
        elif code == "BS":
            gestures.append(Gesture(text, (), f"Bury a {notation.COLOURS[move[1]]} meeple from the supply"))
        elif code == "C":
            gestures.append(Gesture(text, (cell_target(move[1], move[2]),), "the hound calms this tile"))
        elif code == "D":
            gestures.append(Gesture(text, (), "The hound calms no more"))
        elif code == "F":
            gestures.append(Gesture(text, (cell_target(move[1], move[2]),), "the face-down tile goes here"))
    return gestures
