"""An SVG picture of a view: the seat's pieces (the Queen crowned), the shadows, the mist, and
the last probe with its answer; after the end, the full board of both sides.

It draws only what the view holds, so a picture can never show more than its seat may know.
"""

from __future__ import annotations

from typing import Any

from games.engines.brouillard.board import FILES, SIZE, parse_square
from games.engines.brouillard.gestures import PROBE_TARGET, target
from games.engines.text import N_, Text, Translate, identity

PROBE_STRIP = 48  # below the caption: the "Probe a square" button of a seat in play

CELL = 56
MARGIN = 22
COLOURS = ("#efe6cf", "#35466b")  # Seat 1 ivory, Seat 2 slate
OUTLINES = ("#7a6a45", "#101828")


def render(view: dict[str, Any], translate: Translate = identity) -> str:
    flip = view.get("seat") == 1  # each seat sees its own side at the bottom
    width = MARGIN * 2 + CELL * SIZE
    probing = view.get("seat") is not None and view.get("phase") == "play"
    height = width + 28 + (PROBE_STRIP if probing else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#f7f7f2"/>',
    ]
    parts += _board(flip)
    parts += _mist(view, flip)
    parts += _pieces(view, flip)
    parts += _probe(view, flip)
    parts += _targets(flip)
    parts.append(_caption(view, width, width + 28, translate))
    if probing:
        parts.append(_probe_button(width, width + 28, translate))
    parts.append("</svg>")
    return "".join(parts)


def _xy(square_name: str, flip: bool) -> tuple[int, int]:
    square = parse_square(square_name)
    row, col = divmod(square, SIZE)
    if flip:
        row, col = SIZE - 1 - row, SIZE - 1 - col
    return MARGIN + col * CELL, MARGIN + (SIZE - 1 - row) * CELL


def _board(flip: bool) -> list[str]:
    out = []
    for row in range(SIZE):
        for col in range(SIZE):
            x, y = _xy(f"{FILES[col]}{row + 1}", flip)
            shade = "#d9d3c1" if (row + col) % 2 else "#e9e4d6"
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{shade}"/>')
    for index in range(SIZE):
        file = FILES[SIZE - 1 - index] if flip else FILES[index]
        rank = index + 1 if flip else SIZE - index
        out.append(
            f'<text x="{MARGIN + index * CELL + CELL // 2}" y="{MARGIN + SIZE * CELL + 15}" '
            f'font-size="12" text-anchor="middle" fill="#555">{file}</text>'
        )
        out.append(
            f'<text x="{MARGIN // 2}" y="{MARGIN + index * CELL + CELL // 2 + 4}" '
            f'font-size="12" text-anchor="middle" fill="#555">{rank}</text>'
        )
    return out


def _mist(view: dict[str, Any], flip: bool) -> list[str]:
    if view.get("over"):
        return []
    clear = set(view.get("zone", []))
    out = []
    for row in range(SIZE):
        for col in range(SIZE):
            square = f"{FILES[col]}{row + 1}"
            if square not in clear:
                x, y = _xy(square, flip)
                out.append(
                    f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="#9aa3ad" opacity="0.72" class="mist"/>'
                )
    return out


def _piece(square: str, seat: int, kind: str | None, flip: bool) -> str:
    x, y = _xy(square, flip)
    cx, cy, r = x + CELL // 2, y + CELL // 2, CELL * 0.34
    shape = (
        f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{COLOURS[seat]}" stroke="{OUTLINES[seat]}" '
        f'stroke-width="2" class="piece seat{seat + 1} {"queen" if kind == "Q" else "watcher"}"/>'
    )
    if kind == "Q":
        crown_colour = "#c9a227"
        top, base = cy - 10, cy + 6
        points = [
            (cx - 12, base),
            (cx - 12, top + 4),
            (cx - 6, top + 10),
            (cx, top),
            (cx + 6, top + 10),
            (cx + 12, top + 4),
            (cx + 12, base),
        ]
        text = " ".join(f"{px:.0f},{py:.0f}" for px, py in points)
        shape += f'<polygon points="{text}" fill="{crown_colour}" stroke="#6b5210" stroke-width="1" class="crown"/>'
    return shape


def _shadow(square: str, flip: bool) -> str:
    x, y = _xy(square, flip)
    cx, cy = x + CELL // 2, y + CELL // 2
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{CELL * 0.32:.1f}" fill="#1b1b1b" opacity="0.55" class="shadow"/>'
        f'<text x="{cx}" y="{cy + 6}" font-size="17" text-anchor="middle" fill="#fff">?</text>'
    )


def _pieces(view: dict[str, Any], flip: bool) -> list[str]:
    if view.get("over"):
        revealed = view["revealed"]["pieces"]
        return [_piece(p["square"], seat, p["kind"], flip) for seat in (0, 1) for p in revealed[seat]]
    seat = view.get("seat")
    out = []
    if seat is not None:
        out += [_piece(p["square"], seat, p["kind"], flip) for p in view.get("mine", [])]
        out += [_shadow(square, flip) for square in view.get("shadows", [])]
    return out


def _probe(view: dict[str, Any], flip: bool) -> list[str]:
    probe = view.get("last_probe")
    if not probe:
        return []
    x, y = _xy(probe["square"], flip)
    return [
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" fill="none" stroke="#d9480f" '
        f'stroke-width="3" stroke-dasharray="6 3" class="probe"/>',
        f'<circle cx="{x + CELL - 11}" cy="{y + 11}" r="9" fill="#d9480f"/>',
        f'<text x="{x + CELL - 11}" y="{y + 15}" font-size="12" text-anchor="middle" fill="#fff" '
        f'class="probe-count">{int(probe["count"])}</text>',
    ]


def _targets(flip: bool) -> list[str]:
    """A clear square over each square, on top of everything: what a click or a tap lands on."""
    out = []
    for row in range(SIZE):
        for col in range(SIZE):
            square = f"{FILES[col]}{row + 1}"
            x, y = _xy(square, flip)
            out.append(
                f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="transparent" class="board-target" '
                f'data-target="{target(square)}" aria-label="{square}"/>'
            )
    return out


def _probe_button(width: int, top: int, translate: Translate = identity) -> str:
    aria = _escape(translate(Text(N_("probe a square"))))
    label = _escape(translate(Text(N_("Probe a square"))))
    return (
        f'<g class="board-target board-button" data-target="{PROBE_TARGET}" aria-label="{aria}">'
        f'<rect x="{width // 2 - 80}" y="{top + 4}" width="160" height="36" rx="8" fill="#fff4e6" '
        f'stroke="#d9480f" stroke-width="2"/>'
        f'<text x="{width // 2}" y="{top + 27}" font-size="15" text-anchor="middle" fill="#862e05">{label}</text>'
        "</g>"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _caption(view: dict[str, Any], width: int, height: int, translate: Translate = identity) -> str:
    if view.get("over"):
        text = view["result"]["reason"]
    else:
        seat = view.get("seat")
        who = Text(N_("Spectator")) if seat is None else Text(N_("Seat {seat}"), seat=seat + 1)
        left = view.get("pieces_left", [0, 0])
        mover = view.get("to_move")
        turn = Text(N_("Seat {seat} to play"), seat=mover + 1) if mover is not None else ""
        text = Text(N_("{who} · pieces {mine}–{theirs} · {turn}"), who=who, mine=left[0], theirs=left[1], turn=turn)
    text = translate(text)
    safe = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f'<text x="{width // 2}" y="{height - 10}" font-size="14" text-anchor="middle" fill="#222">{safe}</text>'
