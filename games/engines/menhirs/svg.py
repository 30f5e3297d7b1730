"""An SVG picture of a Menhirs view: forest, Menhirs (covered or not), fog, and the last turn."""

from __future__ import annotations

import math
from html import escape
from typing import Any

from games.engines.menhirs.board import DIRECTIONS, HEX_BITS, HEX_NAMES, HEX_PLACES, HEXES
from games.engines.menhirs.gestures import DIRECTION_WORDS, direction_target, hex_targets
from games.engines.text import N_, Np_, Text, Translate, identity

BOARD_LABEL = Text(N_("Menhirs dans le Brouillard board"))
SLIDE = N_("slide {direction}")
PHASE_WORDS = {
    "placement": Np_("menhirs phase", "placement"),
    "moving": Np_("menhirs phase", "moving"),
    "clearing": Np_("menhirs phase", "clearing"),
    "over": Np_("menhirs phase", "over"),
}

SIZE = 34.0  # hex circumradius in SVG units
ROOT3 = math.sqrt(3)
MARGIN = 14.0
HEADER = 40.0
COMPASS = 112.0  # the strip below the board where the six slide arrows are drawn

FOREST = "#3d6b35"
FACE_DOWN = "#58664d"
GROUND = "#d8cfae"
STONE = "#7d7f86"
UNCOVERED_RING = "#e0a800"
FOG = "#f4f6f8"
LAST = "#e8590c"
REMOVED = "#c92a2a"


def _axial_row(column: int, position: int) -> int:
    return -min(column, 3) - 1 + position


def centre(name: str) -> tuple[float, float]:
    column, position = HEX_PLACES[HEX_BITS[name]]
    doubled = 2 * _axial_row(column, position) + column  # half-hex steps from the board's middle row
    x = MARGIN + SIZE + column * 1.5 * SIZE
    y = HEADER + MARGIN + ROOT3 / 2 * SIZE * (doubled + 6)
    return x, y


def _corners(x: float, y: float, radius: float) -> str:
    points = []
    for k in range(6):
        angle = math.pi / 3 * k
        points.append(f"{x + radius * math.cos(angle):.1f},{y + radius * math.sin(angle):.1f}")
    return " ".join(points)


def _stone(x: float, y: float, opacity: float) -> str:
    # A standing stone: a rounded pillar, wider at the foot.
    path = (
        f"M{x - 9:.1f},{y + 13:.1f} L{x - 7:.1f},{y - 9:.1f} Q{x:.1f},{y - 18:.1f} {x + 7:.1f},{y - 9:.1f} "
        f"L{x + 9:.1f},{y + 13:.1f} Z"
    )
    return f'<path d="{path}" fill="{STONE}" stroke="#3b3d42" stroke-width="1.5" opacity="{opacity}"/>'


def _arrow(start: tuple[float, float], end: tuple[float, float]) -> str:
    (x1, y1), (x2, y2) = start, end
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x1 + (x2 - x1) * 0.8:.1f}" y2="{y1 + (y2 - y1) * 0.8:.1f}" '
        f'stroke="{LAST}" stroke-width="3" marker-end="url(#menhirs-arrow)"/>'
    )


def _wrap(text: str, width: int = 54) -> list[str]:
    lines = [""]
    for word in text.split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines[:2]


def _title(view: dict[str, Any], translate: Translate = identity) -> str:
    result = view.get("result")
    if result is not None:
        reason = translate(result["reason"])
        return reason[:1].upper() + reason[1:]
    title = Text(
        N_("Round {round} of 12 · {phase} · {who} · {fog} fog tiles on the board"),
        round=view["round"],
        phase=PHASE_WORDS.get(view["phase"], view["phase"]),
        who=Text(N_("player {player} to play"), player=view["to_move"] + 1),
        fog=len(view["fog"]),
    )
    return translate(title)


def render(view: dict[str, Any], translate: Translate = identity) -> str:
    width = 2 * MARGIN + SIZE * (2 + 6 * 1.5)
    board_bottom = HEADER + 2 * MARGIN + ROOT3 * SIZE * 6
    height = board_bottom + COMPASS
    menhirs, face_down = set(view["menhirs"]), set(view["face_down"])
    fog = set(view["fog"])
    last = view.get("last_turn") or {}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="sans-serif" role="group" aria-label="{escape(translate(BOARD_LABEL))}">',
        f"<title>{escape(_title(view, translate))}</title>",
        '<defs><marker id="menhirs-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" '
        f'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{LAST}"/></marker></defs>',
        '<rect width="100%" height="100%" fill="#20262e"/>',
    ]
    for number, line in enumerate(_wrap(_title(view, translate))):
        parts.append(
            f'<text x="{MARGIN}" y="{MARGIN + 4 + 16 * number}" fill="#f1f3f5" font-size="13">{escape(line)}</text>'
        )
    for index in HEXES:
        name = HEX_NAMES[index]
        x, y = centre(name)
        fill = GROUND if name in menhirs else FACE_DOWN if name in face_down else FOREST
        parts.append(f'<polygon points="{_corners(x, y, SIZE - 1)}" fill="{fill}" stroke="#1b2a18" stroke-width="2"/>')
        if name in face_down:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="9" fill="none" stroke="#a3ad98" stroke-dasharray="3 3"/>'
            )
        if name in menhirs:
            parts.append(_stone(x, y, 1.0))
            if name not in fog:
                parts.append(
                    f'<polygon points="{_corners(x, y, SIZE - 5)}" fill="none" stroke="{UNCOVERED_RING}" '
                    'stroke-width="3"/>'
                )
    for name in view["fog"]:
        x, y = centre(name)
        parts.append(
            f'<polygon points="{_corners(x, y, SIZE - 4)}" fill="{FOG}" fill-opacity="0.86" stroke="#adb5bd" '
            'stroke-width="1.5"/>'
        )
        if name in menhirs:  # a covered Menhir shows faintly through the fog
            parts.append(_stone(x, y, 0.35))
    parts.extend(_last_turn(last))
    for index in HEXES:
        name = HEX_NAMES[index]
        x, y = centre(name)
        colour = "#495057" if name in fog else "#f8f9fa"
        parts.append(
            f'<text x="{x - SIZE * 0.6:.1f}" y="{y - SIZE * 0.42:.1f}" font-size="11" fill="{colour}">{name}</text>'
        )
    parts.extend(_hex_targets(view, translate))
    if view.get("phase") in ("moving", "clearing"):
        parts.extend(_compass(width / 2, board_bottom + 52, translate))
    parts.append("</svg>")
    return "".join(parts)


def _hex_targets(view: dict[str, Any], translate: Translate = identity) -> list[str]:
    """A clear hex over each hex, on top of everything: a fog tile's click names its cluster."""
    targets = hex_targets(view["fog"])
    out = []
    for index in HEXES:
        name = HEX_NAMES[index]
        x, y = centre(name)
        what = translate(Text(N_("fog cluster at {hex}"), hex=name)) if targets[name].startswith("k-") else name
        out.append(
            f'<polygon points="{_corners(x, y, SIZE - 1)}" fill="transparent" class="board-target" '
            f'data-target="{targets[name]}" aria-label="{what}"/>'
        )
    return out


def _compass(cx: float, cy: float, translate: Translate = identity) -> list[str]:
    """Six arrows around a centre, one per direction of a slide (N is up, as on the board)."""
    out = [f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="12" fill="#495057"/>']
    reach = 38.0
    for number, direction in enumerate(DIRECTIONS):
        angle = math.radians(-90 + 60 * number)  # N up, then clockwise
        x, y = cx + reach * math.cos(angle), cy + reach * math.sin(angle)
        out.append(
            f'<g class="board-target compass" data-target="{direction_target(direction)}" '
            f'aria-label="{escape(translate(Text(SLIDE, direction=DIRECTION_WORDS[direction])))}">'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="18" fill="#f1f3f5" stroke="#868e96" stroke-width="1.5"/>'
            f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="13" text-anchor="middle" fill="#212529">{direction}</text></g>'
        )
    return out


def _last_turn(last: dict[str, Any]) -> list[str]:
    out = []
    if last.get("placed"):
        x, y = centre(last["placed"])
        out.append(f'<polygon points="{_corners(x, y, SIZE - 6)}" fill="none" stroke="{LAST}" stroke-width="3"/>')
    for before, after in zip(last.get("moved", []), last.get("moved_to", [])):
        out.append(_arrow(centre(before), centre(after)))
    if last.get("removed"):
        x, y = centre(last["removed"])
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE * 0.6:.1f}" fill="none" stroke="{REMOVED}" '
            'stroke-width="2.5" stroke-dasharray="5 4"/>'
            f'<path d="M{x - 6:.1f},{y - 6:.1f} L{x + 6:.1f},{y + 6:.1f} M{x + 6:.1f},{y - 6:.1f} L{x - 6:.1f},{y + 6:.1f}" '
            f'stroke="{REMOVED}" stroke-width="2.5"/>'
        )
    return out
