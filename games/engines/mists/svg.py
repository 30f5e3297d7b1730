"""An SVG picture of a view: tiles with mist, ghosts (trapped ones ringed), meeples, hounds, Eloise,
and the score against the goal. Sized by its viewBox, so it scales to a phone's width."""

from __future__ import annotations

from html import escape
from typing import Any

from games.engines.mists.gestures import cell_target, clickable_features, feature_target
from games.engines.mists.tiles import oriented
from games.engines.text import N_, Text, Translate, identity

BOARD_LABEL = N_("Mists over Carcassonne, level {level}")
FEATURE_AT = N_("{feature} on {x},{y}")

CELL = 60
HALF = CELL / 2
PALETTE = {"red": "#d33", "green": "#2a2", "blue": "#36c", "yellow": "#eb2", "black": "#222", "pink": "#e6a"}
# Where each side's middle lies on a tile, as a fraction of the cell.
SIDE_POINT = ((0.5, 0.08), (0.92, 0.5), (0.5, 0.92), (0.08, 0.5))
TRIANGLES = (
    ((0, 0), (1, 0), (0.5, 0.5)),
    ((1, 0), (1, 1), (0.5, 0.5)),
    ((1, 1), (0, 1), (0.5, 0.5)),
    ((0, 1), (0, 0), (0.5, 0.5)),
)


def _poly(points, ox: float, oy: float, fill: str, extra: str = "") -> str:
    text = " ".join(f"{ox + px * CELL:.1f},{oy + py * CELL:.1f}" for px, py in points)
    return f'<polygon points="{text}" fill="{fill}" {extra}/>'


def _tile(tile: str | None, rotation: int, ox: float, oy: float) -> list[str]:
    if tile is None or rotation < 0:
        return [
            f'<rect x="{ox}" y="{oy}" width="{CELL}" height="{CELL}" fill="#4a3f55" stroke="#222"/>',
            f'<text x="{ox + HALF}" y="{oy + HALF + 5}" font-size="16" text-anchor="middle" fill="#ccc">?</text>',
        ]
    turned = oriented(tile, rotation)
    parts = [f'<rect x="{ox}" y="{oy}" width="{CELL}" height="{CELL}" fill="#9c6" stroke="#555"/>']
    for city in turned.cities:
        for side in city.edges:
            parts.append(_poly(TRIANGLES[side], ox, oy, "#c96"))
        if city.shields:
            sx, sy = SIDE_POINT[city.edges[0]]
            parts.append(f'<circle cx="{ox + sx * CELL:.1f}" cy="{oy + sy * CELL:.1f}" r="4" fill="#36c"/>')
    for road in turned.roads:
        for side in road:
            sx, sy = SIDE_POINT[side]
            ex, ey = (0.5, 0.5) if len(road) != 1 else (0.5 + (sx - 0.5) * 0.3, 0.5 + (sy - 0.5) * 0.3)
            parts.append(
                f'<line x1="{ox + sx * CELL:.1f}" y1="{oy + sy * CELL:.1f}" x2="{ox + ex * CELL:.1f}" '
                f'y2="{oy + ey * CELL:.1f}" stroke="#eee" stroke-width="5"/>'
            )
    for region in turned.mist:
        for side in region.edges:
            parts.append(_poly(TRIANGLES[side], ox, oy, "#ddd", 'fill-opacity="0.75"'))
        if region.circles:
            sx, sy = SIDE_POINT[region.edges[0]]
            cx, cy = ox + (0.5 + (sx - 0.5) * 0.6) * CELL, oy + (0.5 + (sy - 0.5) * 0.6) * CELL
            parts.append(
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="9" fill="none" stroke="#83c" stroke-dasharray="3 2"/>'
            )
    if turned.tile.castle:
        parts.append(
            f'<rect x="{ox + HALF - 8}" y="{oy + HALF - 8}" width="16" height="16" fill="#777" stroke="#222"/>'
        )
    if turned.tile.cemetery:
        parts.append(f'<text x="{ox + HALF}" y="{oy + HALF + 6}" font-size="18" text-anchor="middle">✝</text>')
    return parts


def _spot(view_tile: tuple[str | None, int] | None, region: int, ox: float, oy: float) -> tuple[float, float]:
    if view_tile is None or view_tile[0] is None or view_tile[1] < 0 or region < 0:
        return ox + HALF + 10, oy + HALF - 12
    turned = oriented(*view_tile)
    if region >= len(turned.mist):
        return ox + HALF, oy + HALF
    sx, sy = SIDE_POINT[turned.mist[region].edges[0]]
    return ox + (0.5 + (sx - 0.5) * 0.6) * CELL, oy + (0.5 + (sy - 0.5) * 0.6) * CELL


def _feature_point(view_tile, kind: str, index: int, ox: float, oy: float) -> tuple[float, float]:
    if kind == "k" or view_tile is None or view_tile[0] is None:
        return ox + HALF, oy + HALF
    turned = oriented(*view_tile)
    sides = turned.roads[index] if kind == "r" else turned.cities[index].edges
    sx, sy = SIDE_POINT[sides[0]]
    return ox + (0.5 + (sx - 0.5) * 0.45) * CELL, oy + (0.5 + (sy - 0.5) * 0.45) * CELL


def render(view: dict[str, Any], translate: Translate = identity) -> str:
    tiles = {(x, y): (tile, rot) for x, y, tile, rot in view["board"]}
    xs = [x for x, _ in tiles] or [0]
    ys = [y for _, y in tiles] or [0]
    left, top = min(xs) - 1, min(ys) - 1
    width, height = (max(xs) - left + 2) * CELL, (max(ys) - top + 2) * CELL + 70
    origin = lambda x, y: ((x - left) * CELL, (y - top) * CELL + 70)  # noqa: E731
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%" '
        f'font-family="sans-serif" role="img" aria-label="{escape(translate(Text(BOARD_LABEL, level=view["level"])))}">',
        f'<rect width="{width}" height="{height}" fill="#2d3b2d"/>',
    ]
    parts += _header(view, width, translate)
    for (x, y), (tile, rot) in sorted(tiles.items()):
        parts += _tile(tile, rot, *origin(x, y))
    for x, y, region, count in view["ghosts"]:
        gx, gy = _spot(tiles.get((x, y)), region, *origin(x, y))
        parts.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="7" fill="#fff" stroke="#333"/>')
        parts.append(f'<text x="{gx:.1f}" y="{gy + 4:.1f}" font-size="10" text-anchor="middle">{count}</text>')
    for x, y, region, count in view["trapped"]:
        gx, gy = _spot(tiles.get((x, y)), region, *origin(x, y))
        parts.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="7" fill="#fff" stroke="#83c" stroke-width="3"/>')
        parts.append(f'<text x="{gx:.1f}" y="{gy + 4:.1f}" font-size="10" text-anchor="middle">{count}</text>')
    for x, y, kind, index, colour in view["meeples"]:
        mx, my = _feature_point(tiles.get((x, y)), kind, index, *origin(x, y))
        parts.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="6" fill="{PALETTE[colour]}" stroke="#fff"/>')
    for x, y, colour in view["buried"]:
        ox, oy = origin(x, y)
        parts.append(f'<rect x="{ox + 6}" y="{oy + CELL - 14}" width="8" height="8" fill="{PALETTE[colour]}"/>')
    parts += _markers(view, tiles, origin)
    parts += _targets(view, tiles, origin, (left, top, max(xs) + 1, max(ys) + 1), translate)
    parts.append("</svg>")
    return "".join(parts)


def _header(view: dict[str, Any], width: float, translate: Translate = identity) -> list[str]:
    if view["scoring"] == "per_colour":
        scores = " ".join(f"{c} {s}" for c, s in view["colour_scores"].items())
        score = Text(N_("{scores} (each needs {goal})"), scores=scores, goal=view["goal"])
    else:
        score = Text(N_("{score} / {goal} points"), score=view["score"], goal=view["goal"])
    supply = view["supply"] + view["cat_supply"]
    if view["spell_circles"]:
        line2 = Text(
            N_("ghosts: {board} on the board, {supply} in supply (Eloise guards {cat})"),
            board=view["ghosts_on_board"],
            supply=supply,
            cat=view["cat_supply"],
        )
    else:
        line2 = Text(
            N_("ghosts: {board} on the board, {supply} in supply"), board=view["ghosts_on_board"], supply=supply
        )
    piles = "+".join(map(str, view["piles"]))
    if view["tile"]:
        line3 = Text(N_("tiles left: {piles} · drawn: {tile}"), piles=piles, tile=view["tile"])
    else:
        line3 = Text(N_("tiles left: {piles}"), piles=piles)
    if view["over"]:
        if view["result"] == "won":
            line3 = Text(N_("WON: {reason}"), reason=view["reason"])
        else:
            line3 = Text(N_("LOST: {reason}"), reason=view["reason"])
    line1 = Text(N_("Level {level} · {score}"), level=view["level"], score=score)
    return [
        f'<text x="8" y="20" font-size="16" fill="#fff">{escape(translate(line1))}</text>',
        f'<text x="8" y="40" font-size="13" fill="#ddd">{escape(translate(line2))}</text>',
        f'<text x="8" y="60" font-size="13" fill="#ddd">{escape(translate(line3))}</text>',
    ]


def _markers(view: dict[str, Any], tiles, origin) -> list[str]:
    parts = []
    cat = view["cat"]
    if isinstance(cat, list):
        ox, oy = origin(cat[0], cat[1])
        parts.append(f'<text x="{ox + CELL - 12}" y="{oy + 14}" font-size="13" fill="#fff">🐈</text>')
    for hound in view["hounds"]:
        if isinstance(hound, list):
            ox, oy = origin(hound[0], hound[1])
            parts.append(f'<text x="{ox + 2}" y="{oy + 14}" font-size="13" fill="#fff">🐕</text>')
    return parts


def _targets(
    view: dict[str, Any], tiles, origin, bounds: tuple[int, int, int, int], translate: Translate = identity
) -> list[str]:
    """Clear shapes on top of everything, what a click or a tap lands on (``gestures.py``): every
    place of the board, tile or empty, and the features a decision of this phase may name."""
    left, top, right, bottom = bounds
    parts = []
    for y in range(top, bottom + 1):
        for x in range(left, right + 1):
            ox, oy = origin(x, y)
            if (x, y) not in tiles:
                what = translate(Text(N_("empty place {x},{y}"), x=x, y=y))
            else:
                what = translate(Text(N_("tile {x},{y}"), x=x, y=y))
            parts.append(
                f'<rect x="{ox}" y="{oy}" width="{CELL}" height="{CELL}" fill="transparent" class="board-target" '
                f'data-target="{cell_target(x, y)}" aria-label="{escape(what)}"/>'
            )
    for x, y, kind, index in clickable_features(view):
        fx, fy = _feature_point(tiles.get((x, y)), kind, index, *origin(x, y))
        target = feature_target(x, y, kind, index)
        parts.append(
            f'<circle cx="{fx:.1f}" cy="{fy:.1f}" r="10" fill="transparent" class="board-target" '
            f'data-target="{target}" aria-label="{escape(translate(Text(FEATURE_AT, feature=target.split(":")[-1], x=x, y=y)))}"/>'
        )
    return parts
