"""The board from above as SVG: megaliths, their colours, dolmens outlined, the last action ringed.

A standing megalith is a raised block in its top colour with four thin bars along its sides in
the colours of its long faces (what a tilt that way would show). A lying megalith is one long
block over its two squares with a symbol on each. Dolmens get an outline in a darker shade of
their colour; the last action gets a gold ring. Everything is drawn from the view alone.
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.engines.carnac.gestures import target
from games.engines.text import N_, Nn_, Text, Translate, identity, join

CELL = 44
MARGIN = 26
CAPTION = 30
FILL = {"red": "#c4402d", "white": "#f6f3ea"}
SYMBOL = {"red": "#8e2414", "white": "#b9b2a0"}
OUTLINE = {"red": "#6b1208", "white": "#2b5d9c"}
LAST = "#e3a600"
OUTLINE_INSET = 2.5
FILES = "abcdefghijklmn"


class _Grid:
    def __init__(self, width: int, height: int):
        self.width, self.height = width, height

    def corner(self, name: str) -> tuple[float, float]:
        """Top-left pixel of a square; rank 1 is drawn at the bottom."""
        col, row = FILES.index(name[0]), int(name[1:]) - 1
        return MARGIN + col * CELL, MARGIN + (self.height - 1 - row) * CELL

    def cell_of(self, name: str) -> tuple[int, int]:
        return FILES.index(name[0]), int(name[1:]) - 1


def _board(grid: _Grid) -> list[str]:
    w, h = grid.width * CELL, grid.height * CELL
    parts = [
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{w}" height="{h}" fill="#d9d3bf" stroke="#5d5643" stroke-width="2"/>'
    ]
    lines = [f"M{MARGIN + c * CELL} {MARGIN}v{h}" for c in range(1, grid.width)]
    lines += [f"M{MARGIN} {MARGIN + r * CELL}h{w}" for r in range(1, grid.height)]
    parts.append(f'<path d="{" ".join(lines)}" stroke="#b3ab93" stroke-width="1"/>')
    for c in range(grid.width):
        x = MARGIN + c * CELL + CELL / 2
        parts.append(f'<text x="{x}" y="{MARGIN + h + 17}" class="coord">{FILES[c]}</text>')
    for r in range(grid.height):
        y = MARGIN + (grid.height - 1 - r) * CELL + CELL / 2 + 5
        parts.append(f'<text x="{MARGIN / 2}" y="{y}" class="coord">{r + 1}</text>')
    return parts


def _symbol(x: float, y: float, colour: str) -> str:
    return f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="{CELL * 0.16}" fill="none" stroke="{SYMBOL[colour]}" stroke-width="2.5"/>'


def _standing(grid: _Grid, stone: dict[str, Any]) -> list[str]:
    x, y = grid.corner(stone["square"])
    inset, bar = 7, 4
    size = CELL - 2 * inset
    ns, ew = FILL[stone["north_south"]], FILL[stone["east_west"]]
    return [
        # The long faces, as bars just outside the top face: north/south above and below, east/west at the sides.
        f'<rect x="{x + inset}" y="{y + inset - bar}" width="{size}" height="{bar}" fill="{ns}" stroke="#222" stroke-width="0.8"/>',
        f'<rect x="{x + inset}" y="{y + CELL - inset}" width="{size}" height="{bar}" fill="{ns}" stroke="#222" stroke-width="0.8"/>',
        f'<rect x="{x + inset - bar}" y="{y + inset}" width="{bar}" height="{size}" fill="{ew}" stroke="#222" stroke-width="0.8"/>',
        f'<rect x="{x + CELL - inset}" y="{y + inset}" width="{bar}" height="{size}" fill="{ew}" stroke="#222" stroke-width="0.8"/>',
        f'<rect x="{x + inset}" y="{y + inset}" width="{size}" height="{size}" rx="3" fill="{FILL[stone["top"]]}" stroke="#222" stroke-width="2.5"/>',
        _symbol(x, y, stone["top"]),
    ]


def _lying(grid: _Grid, stone: dict[str, Any]) -> list[str]:
    (x1, y1), (x2, y2) = (grid.corner(sq) for sq in stone["squares"])
    x, y = min(x1, x2), min(y1, y2)
    width, height = abs(x1 - x2) + CELL, abs(y1 - y2) + CELL
    inset = 4
    colour = stone["colour"]
    return [
        f'<rect x="{x + inset}" y="{y + inset}" width="{width - 2 * inset}" height="{height - 2 * inset}" rx="6" '
        f'fill="{FILL[colour]}" stroke="#444" stroke-width="1.5"/>',
        _symbol(x1, y1, colour),
        _symbol(x2, y2, colour),
    ]


def _outline(grid: _Grid, squares: list[str], colour: str) -> str:
    """The border of a group of squares, drawn just inside it so that neighbouring dolmens stay apart.

    Each square edge that does not face another member becomes a segment, moved ``OUTLINE_INSET``
    inwards and stretched or shortened at its ends so that the segments meet at the corners.
    """
    cells = {grid.cell_of(sq) for sq in squares}

    def reach(side: tuple[int, int], diagonal: tuple[int, int]) -> float:
        # How far a segment end stays inside its square: in at an outer corner, out at an inner one.
        if side not in cells:
            return OUTLINE_INSET
        return -OUTLINE_INSET if diagonal in cells else 0

    segments = []
    for col, row in cells:
        x, y = grid.corner(f"{FILES[col]}{row + 1}")
        n, s, w, e = (col, row + 1), (col, row - 1), (col - 1, row), (col + 1, row)
        nw, ne, sw, se = (col - 1, row + 1), (col + 1, row + 1), (col - 1, row - 1), (col + 1, row - 1)
        if n not in cells:
            start, stop = reach(w, nw), reach(e, ne)
            segments.append(f"M{x + start} {y + OUTLINE_INSET}h{CELL - start - stop}")
        if s not in cells:
            start, stop = reach(w, sw), reach(e, se)
            segments.append(f"M{x + start} {y + CELL - OUTLINE_INSET}h{CELL - start - stop}")
        if w not in cells:
            start, stop = reach(n, nw), reach(s, sw)
            segments.append(f"M{x + OUTLINE_INSET} {y + start}v{CELL - start - stop}")
        if e not in cells:
            start, stop = reach(n, ne), reach(s, se)
            segments.append(f"M{x + CELL - OUTLINE_INSET} {y + start}v{CELL - start - stop}")
    return (
        f'<path d="{" ".join(sorted(segments))}" fill="none" stroke="{OUTLINE[colour]}" stroke-width="3" '
        f'stroke-linecap="square"><title>{escape(colour)} dolmen of {len(squares)}</title></path>'
    )


def _last_action(grid: _Grid, view: dict[str, Any], translate: Translate = identity) -> list[str]:
    move = view.get("last_move")
    dash = ' stroke-dasharray="5 4"' if move == "x" else ""  # a decline: the megalith was left standing
    parts = []
    for name in view.get("last_squares") or []:
        x, y = grid.corner(name)
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="5" fill="none" '
            f'stroke="{LAST}" stroke-width="3"{dash}><title>{escape(translate(Text(LAST_MOVE, move=str(move))))}</title></rect>'
        )
    return parts


BOARD_LABEL = Text(N_("Carnac board"))
LAST_MOVE = N_("last move {move}")
CAPITAL_COLOURS = {"red": N_("Red"), "white": N_("White")}


def _caption(view: dict[str, Any]) -> Text:
    colours = [CAPITAL_COLOURS.get(c, c.capitalize()) for c in view["colours"]]
    if view["over"]:
        counts = [
            (c, sum(1 for d in view["dolmens"] if d["colour"] == name)) for c, name in zip(colours, view["colours"])
        ]
        tally = join(", ", [Text(Nn_("{colour} {n} dolmen", "{colour} {n} dolmens"), colour=c, n=n) for c, n in counts])
        return Text(N_("Game over · {tally}"), tally=tally)
    who = colours[view["to_move"]]
    left = Text(Nn_("{n} megalith left", "{n} megaliths left"), n=view["stock"])
    if view["phase"] == "decide":
        return Text(
            N_("{colour} to tilt the megalith on {square} or decline · {left}"),
            colour=who,
            square=view["last_square"],
            left=left,
        )
    return Text(N_("{colour} to place · {left}"), colour=who, left=left)


def _targets(grid: _Grid) -> list[str]:
    """A clear square over each cell, on top of everything: what a click or a tap lands on."""
    parts = []
    for col in range(grid.width):
        for row in range(grid.height):
            name = f"{FILES[col]}{row + 1}"
            x, y = grid.corner(name)
            parts.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="transparent" class="board-target" '
                f'data-target="{target(name)}" aria-label="{name}"/>'
            )
    return parts


def render(view: dict[str, Any], translate: Translate = identity) -> str:
    grid = _Grid(int(view["width"]), int(view["height"]))
    total_w = 2 * MARGIN + grid.width * CELL
    total_h = 2 * MARGIN + grid.height * CELL + CAPTION
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {total_w} {total_h}" width="{total_w}" '
        f'height="{total_h}" role="group" aria-label="{escape(translate(BOARD_LABEL))}">',
        "<style>.coord{font:12px sans-serif;fill:#4a4536;text-anchor:middle}"
        ".caption{font:14px sans-serif;fill:#222;text-anchor:middle}</style>",
        *_board(grid),
    ]
    for stone in view["megaliths"]:
        parts.extend(_standing(grid, stone) if stone["standing"] else _lying(grid, stone))
    parts.extend(_outline(grid, d["squares"], d["colour"]) for d in view["dolmens"])
    parts.extend(_last_action(grid, view, translate))
    parts.extend(_targets(grid))
    parts.append(
        f'<text x="{total_w / 2}" y="{total_h - 10}" class="caption">{escape(translate(_caption(view)))}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
