"""An SVG picture of a view: beach, woods, obstacles, islanders, boats, piers, the FOG and the last moves.

Islanders are discs in their nation's colour with their type letter; the ring is the colour of
the player who drafted them. Swallowed rows are greyed out under the FOG. Drawn from a view
only, so what a seat cannot see never reaches the picture.
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Any

from games.engines.fog.board import from_data, shipped
from games.engines.fog.pieces import NATION_WORDS, OBSTACLE_WORDS, colour_word
from games.engines.text import N_, Np_, Text, Translate, identity, join

S = 16.0  # hex radius in pixels
R3 = math.sqrt(3)
NATION_FILL = {"blue": "#2f6fd6", "green": "#2e9e4f", "red": "#d23a3a", "purple": "#8a4fc2", "olive": "#8c8c2a"}
COLOUR_RING = {
    "black": "#111",
    "pink": "#ff6fb5",
    "yellow": "#f5d000",
    "white": "#fff",
    "orange": "#ff8c1a",
    "teal": "#1fb5b0",
}
KIND_FILL = {"beach": "#f3e2b3", "woods": "#4f7d3a", "shore": "#bfe3f2", "pier": "#a07850"}
OBSTACLE_FILL = {"rock": "#7d7d7d", "driftwood": "#8b5a2b", "bush": "#3f8f3f"}


def board_of(view: dict[str, Any]):
    data = view.get("layout", {}).get("board")
    if isinstance(data, dict):
        return from_data(data)
    return shipped(view["board"])


# A hex's corners around its centre (pointy-top), worked out once.
CORNERS = tuple((S * math.cos(math.radians(60 * k + 30)), S * math.sin(math.radians(60 * k + 30))) for k in range(6))


@lru_cache(maxsize=8192)  # the same boards are drawn again and again: their hexes are too
def _hex_points(x: float, y: float) -> str:
    return " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in CORNERS)


def render(view: dict[str, Any], translate: Translate = identity) -> str:
    board = board_of(view)
    top_row = max(board.rows)
    width = max(board.cols) + 2
    margin_top = 6 * S

    def centre(h: int) -> tuple[float, float]:
        col, row = board.cols[h], board.rows[h]
        return S * R3 * (col + 0.5 * (row & 1)) + S * 2.5, margin_top + (top_row - row) * 1.5 * S + S

    w = S * R3 * width + S * 4
    h = margin_top + (top_row + 1) * 1.5 * S + 5 * S
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}" font-family="sans-serif" font-size="10">'
    ]
    out.append(f'<rect width="{w:.0f}" height="{h:.0f}" fill="#9fd0e6"/>')
    swallowed = set(view.get("swallowed_rows", []))
    obstacles = view.get("obstacles", {})
    for hx in range(board.hexes):
        x, y = centre(hx)
        kind = board.kinds[hx]
        fill = KIND_FILL[kind]
        row_name = board.row_names[board.rows[hx]] if board.rows[hx] < len(board.row_names) and kind != "pier" else ""
        if row_name in swallowed:
            fill = "#8a8a8a"
        name = board.names[hx]
        out.append(
            f'<polygon points="{_hex_points(x, y)}" fill="{fill}" stroke="#6b6b6b" stroke-width="0.6"><title>{name}</title></polygon>'
        )
        if name in obstacles:
            out.append(
                f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" rx="3" fill="{OBSTACLE_FILL.get(obstacles[name], "#777")}"><title>{escape(translate(_obstacle_words(obstacles[name], name)))}</title></rect>'
            )
    for r, name in enumerate(board.row_names):
        y = margin_top + (top_row - r) * 1.5 * S + S
        penalty = view.get("penalties", {}).get(name, "")
        out.append(
            f'<text x="3" y="{y + 3:.1f}" fill="#222">{name}</text><text x="{w - 22:.0f}" y="{y + 3:.1f}" fill="#a00">{penalty}</text>'
        )
    row_a = [hx for hx in range(board.hexes) if board.rows[hx] == 0]
    for hx in row_a:  # column numbers under row A, for the notation (D7 = row D, column 7)
        x, y = centre(hx)
        out.append(
            f'<text x="{x:.1f}" y="{y + S + 10:.1f}" text-anchor="middle" font-size="8" fill="#222">{board.cols[hx] + 1}</text>'
        )
    _fog_line(out, board, view, w, margin_top, top_row, translate)
    _boats(out, board, view, centre, translate)
    by_place = view.get("aboard", {})
    islanders = {entry["code"]: entry for entry in view.get("islanders", [])}
    for entry in view.get("islanders", []):
        at = entry["at"]
        if at is None or board.node(at) >= board.hexes:
            continue
        x, y = centre(board.node(at))
        _disc(out, x, y, entry, view.get("transit") == entry["code"], translate=translate)
    for place_name, codes in by_place.items():
        node = board.node(place_name)
        px, py = _place_xy(board, node, centre)
        for k, code in enumerate(codes):
            _disc(out, px + 4 * k, py - 3 * k, islanders[code], False, radius=7, translate=translate)
    status = [
        Text(
            N_("{title} · round {round} · FOG {fog}"),
            title=view.get("title", ""),
            round=view.get("round"),
            fog=view.get("fog"),
        )
    ]
    if view.get("over"):
        status.append(Text(N_("game over")))
    elif view.get("colour"):
        status.append(Text(N_("{colour} to move, {mp} MP"), colour=colour_word(view["colour"]), mp=view.get("mp")))
    if view.get("event_text"):
        status.append(Text(N_("event: {event}"), event=view["event_text"]))
    out.append(f'<text x="6" y="14" font-size="12" fill="#000">{escape(translate(join(" · ", status)))}</text>')
    lost = _lost_summary(view)
    if lost:
        out.append(f'<text x="6" y="28" fill="#600">{escape(translate(lost))}</text>')
    last = " ".join(view.get("last", [])[-6:])
    out.append(f'<text x="6" y="{h - 8:.0f}" fill="#000">{escape(translate(Text(LAST_MOVES, moves=last)))}</text>')
    _targets(out, board, view, centre, translate)
    out.append("</svg>")
    return "\n".join(out)


def _disc(
    out: list[str],
    x: float,
    y: float,
    entry: dict[str, Any],
    transit: bool,
    radius: float = 10,
    translate: Translate = identity,
) -> None:
    fill = NATION_FILL.get(entry["nation"], "#999")
    ring = COLOUR_RING.get(entry.get("owner") or "", "#ddd")
    dash = ' stroke-dasharray="3,2"' if transit else ""
    title = translate(_islander_words(entry))
    out.append(
        f'<g><title>{escape(title)}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="{radius}" fill="{fill}" stroke="{ring}" stroke-width="3"{dash}/>'
        f'<text x="{x:.1f}" y="{y + 3.5:.1f}" text-anchor="middle" fill="#fff" font-weight="bold">{entry["type"]}</text></g>'
    )


def _place_xy(board, node: int, centre) -> tuple[float, float]:
    place = board.place(node)
    boat = board.boats[place.boat]
    lx, _ = centre(boat.left_pier[0])
    rx, _ = centre(boat.right_pier[0])
    _, top = centre(boat.left_pier[-1])
    _, bottom = centre(boat.left_pier[0])
    if place.stern:
        return (lx + rx) / 2, bottom + S * 0.9
    x = {"l": lx + (rx - lx) * 0.25, "m": (lx + rx) / 2, "r": lx + (rx - lx) * 0.75}[place.side]
    area = "ABCD".index(place.area)
    y = top - S * 2.2 + area * (bottom - top + S * 2.2) / 4
    return x, y


def _boats(out: list[str], board, view: dict[str, Any], centre, translate: Translate = identity) -> None:
    for b, boat in enumerate(board.boats):
        lx, _ = centre(boat.left_pier[0])
        rx, _ = centre(boat.right_pier[0])
        _, top = centre(boat.left_pier[-1])
        _, bottom = centre(boat.left_pier[0])
        fill = NATION_FILL.get(boat.nation, "#999")
        out.append(
            f'<rect x="{lx + S:.1f}" y="{top - S * 3:.1f}" width="{rx - lx - 2 * S:.1f}" height="{bottom - top + S * 5:.1f}" rx="{S}" '
            f'fill="{fill}" fill-opacity="0.25" stroke="{fill}" stroke-width="2"/>'
        )
        values = view.get("area_values", {}).get(boat.nation, [])
        for k in [*list(boat.places), boat.stern]:
            node = board.hexes + k
            place = board.places[k]
            x, y = _place_xy(board, node, centre)
            label = place.type or f"stern {place.capacity}"
            out.append(
                f'<rect x="{x - 9:.1f}" y="{y - 9:.1f}" width="18" height="18" rx="3" fill="#fff" fill-opacity="0.7" stroke="{fill}">'
                f"<title>{escape(translate(_place_title(place)))}</title></rect>"
            )
            if place.type:  # the type that may take this place, under any islander standing on it
                out.append(
                    f'<text x="{x:.1f}" y="{y + 3.5:.1f}" text-anchor="middle" font-size="10" fill="#999">{place.type}</text>'
                )
            out.append(
                f'<text x="{x:.1f}" y="{y + 14:.1f}" text-anchor="middle" font-size="7" fill="#222">{escape(place.name)}</text>'
            )
            if place.stern:
                out.append(
                    f'<text x="{x:.1f}" y="{y - 11:.1f}" text-anchor="middle" font-size="7">{escape(label)}</text>'
                )
        for a, value in enumerate(values):
            _, y = _place_xy(board, board.hexes + boat.places[0], centre)
            top_y = top - S * 2.2 + a * (bottom - top + S * 2.2) / 4
            out.append(
                f'<text x="{lx + S + 2:.1f}" y="{top_y + 3:.1f}" font-size="8" fill="#000">{"ABCD"[a]}:{value}</text>'
            )
        taken = view.get("bonus_next", [0] * len(board.boats))[b]
        left = boat.bonuses[taken:]
        out.append(
            f'<text x="{(lx + rx) / 2:.1f}" y="{top - S * 3.3:.1f}" text-anchor="middle" font-size="8">{boat.nation} bonuses {"/".join(map(str, left)) or "-"}</text>'
        )


LAST_MOVES = N_("last: {moves}")
TYPE_WORDS = {
    "L": Np_("FOG place", "Leader"),
    "E": Np_("FOG place", "Elder"),
    "W": Np_("FOG place", "Warrior"),
    "S": Np_("FOG place", "Sailor"),
    "C": Np_("FOG place", "Commoner"),
}
SIDE_WORDS = {"l": Np_("boat side", "left"), "m": Np_("boat side", "middle"), "r": Np_("boat side", "right")}


def _place_title(place) -> Text:
    if place.stern:
        return Text(N_("{place}: stern, room for {capacity}"), place=place.name, capacity=place.capacity)
    return Text(
        N_("{place}: {type} place, area {area} {side}, room for {capacity}"),
        place=place.name,
        type=TYPE_WORDS[place.type],
        area=place.area,
        side=SIDE_WORDS[place.side],
        capacity=place.capacity,
    )


def _fog_line(
    out: list[str],
    board,
    view: dict[str, Any],
    w: float,
    margin_top: float,
    top_row: int,
    translate: Translate = identity,
) -> None:
    """The front of the FOG: between the rows it swallowed and the first it has not, with its track position."""
    swallowed = int(view.get("swallowed", 0))
    first_free = min(swallowed, len(board.row_names))
    y = margin_top + (top_row - first_free) * 1.5 * S + S + 0.75 * S
    rows = view.get("swallowed_rows", [])
    if rows:
        title = Text(N_("FOG {fog}: rows {rows} swallowed"), fog=view.get("fog"), rows=", ".join(rows))
    else:
        title = Text(N_("FOG {fog}: nothing swallowed yet"), fog=view.get("fog"))
    title = translate(title)
    label = f"FOG {view.get('fog')}"
    out.append(
        f'<g><title>{escape(title)}</title><line x1="0" y1="{y:.1f}" x2="{w:.0f}" y2="{y:.1f}" stroke="#333" '
        f'stroke-width="2.5" stroke-dasharray="8,4"/>'
        f'<rect x="{w / 2 - 22:.1f}" y="{y - 7:.1f}" width="44" height="14" rx="4" fill="#fff" stroke="#333"/>'
        f'<text x="{w / 2:.1f}" y="{y + 3.5:.1f}" text-anchor="middle" font-size="9" fill="#333">{label}</text></g>'
    )


def _lost_summary(view: dict[str, Any]) -> Text | str:
    """Who lost how many islanders to the FOG, and what they cost (row penalties)."""
    penalties = view.get("penalties", {})
    lost: dict[str, list[int]] = {}
    for entry in view.get("islanders", []):
        if entry.get("lost_row"):
            owner = entry.get("owner") or ""
            lost.setdefault(owner, []).append(int(penalties.get(entry["lost_row"], 0)))
    if not lost:
        return ""
    parts = [
        Text(
            N_("{owner} {count} ({rp} RP)"),
            owner=colour_word(owner) if owner else Np_("FOG islanders", "undrafted"),
            count=len(values),
            rp=sum(values),
        )
        for owner, values in lost.items()
    ]
    return Text(N_("lost to the FOG: {parts}"), parts=join(" · ", parts))


def _targets(out: list[str], board, view: dict[str, Any], centre, translate: Translate = identity) -> None:
    """Clear shapes on top of everything, what a click or a tap lands on (``gestures.py``): every
    hex and boat place, named as in the notation. An islander is clicked through its hex or
    place, so each shape's hover text names who stands there (the discs are under it)."""
    standing: dict[str, list[str]] = {}
    for entry in view.get("islanders", []):
        if entry["at"]:
            standing.setdefault(entry["at"], []).append(translate(_islander_words(entry)))
    obstacles = view.get("obstacles", {})
    for hx in range(board.hexes):
        name = board.names[hx]
        x, y = centre(hx)
        obstacle = [translate(OBSTACLE_WORDS.get(obstacles[name], obstacles[name]))] if name in obstacles else []
        about = [name, *obstacle, *standing.get(name, [])]
        out.append(
            f'<path d="M{_hex_points(x, y)} Z" fill="transparent" class="board-target" data-target="{name}">'
            f"<title>{escape(' · '.join(about))}</title></path>"
        )
    for k, place in enumerate(board.places):
        node = board.hexes + k
        x, y = _place_xy(board, node, centre)
        about = [translate(_place_title(place)), *standing.get(place.name, [])]
        out.append(
            f'<path d="M{x - 9:.1f},{y - 9:.1f} h18 v18 h-18 Z" fill="transparent" class="board-target" '
            f'data-target="{escape(place.name)}"><title>{escape(" · ".join(about))}</title></path>'
        )


def _islander_words(entry: dict[str, Any]) -> Text:
    return Text(
        N_("{code} {nation} {type} ({trait}) owner {owner}"),
        code=entry["code"],
        nation=NATION_WORDS.get(entry["nation"], entry["nation"]),
        type=entry["type"],
        trait=entry["trait"],
        owner=colour_word(entry["owner"]) if entry.get("owner") else "-",
    )


def _obstacle_words(kind: str, name: str) -> Text:
    return Text(N_("{obstacle} {hex}"), obstacle=OBSTACLE_WORDS.get(kind, kind), hex=name)
