"""An elimination bracket drawn as SVG: one column per bracket round, winners in bold.

Plain Python: the bracket as stored (``Stage.bracket``), the names, and what is known of each
bracket match (who sits there, who won) in; an ``<svg>`` string out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _

BOX_W, BOX_H, GAP_X, ROW_H, PAD = 170, 44, 40, 60, 12
# Every bracket is drawn at its own size in CSS pixels (width and height set, never scaled to the
# page), so that its text is FONT_SIZE px in every bracket; a bracket wider than the screen scrolls.
FONT_SIZE = 13
_ROUND_OF = re.compile(r"Round of (\d+)(?:, match (\d+))?")
_NAMED = re.compile(r"(Semifinal|Quarterfinal|Losers round (\d+)), match (\d+)")


def bracket_label(label: str) -> str:
    """A bracket match's label (stored in English by ``tournament.pairing.elimination``) in the
    reader's language; a label of another shape is shown as it is."""
    fixed = {
        "Final": _("Final"),
        "Grand final": _("Grand final"),
        "Grand final reset (the losers-bracket champion won the first final)": _(
            "Grand final reset (the losers-bracket champion won the first final)"
        ),
        "Third-place match": _("Third-place match"),
    }
    if label in fixed:
        return fixed[label]
    if found := _ROUND_OF.fullmatch(label):
        size, number = found.groups()
        if number is None:
            return _("Round of %(size)s") % {"size": size}
        return _("Round of %(size)s, match %(number)s") % {"size": size, "number": number}
    if found := _NAMED.fullmatch(label):
        name, losers_round, number = found.groups()
        if losers_round:
            return _("Losers round %(round)s, match %(number)s") % {"round": losers_round, "number": number}
        if name == "Semifinal":
            return _("Semifinal, match %(number)s") % {"number": number}
        return _("Quarterfinal, match %(number)s") % {"number": number}
    return label


def _column_title(section: str, round_number: int) -> str:
    if section == "losers":
        return _("Losers' Round %(number)s") % {"number": round_number}
    return _("Round %(number)s") % {"number": round_number}


@dataclass(frozen=True)
class PlayedMatch:
    players: tuple[int, ...]
    winner: int | None


def _occupant(slot: dict, seeds: list, played: Mapping[str, PlayedMatch], names: Mapping[int, str]) -> str:
    kind, ref = slot["kind"], slot["ref"]
    if kind == "seed":
        return names.get(seeds[ref - 1], "?") if ref - 1 < len(seeds) else _("bye")
    if kind == "empty":
        return _("bye")
    known = played.get(ref)
    if known and known.winner is not None:
        if kind == "winner":
            return names.get(known.winner, "?")
        loser = next((p for p in known.players if p != known.winner), None)
        return names.get(loser, "?") if loser is not None else _("bye")
    if kind == "winner":
        return _("Winner of %(match)s") % {"match": ref}
    return _("Loser of %(match)s") % {"match": ref}


def bracket_svg(bracket: Mapping, names: Mapping[int, str], played: Mapping[str, PlayedMatch]) -> str:
    columns: dict[tuple[str, int], list[dict]] = {}
    for match in bracket["matches"]:
        columns.setdefault((match["section"], match["round"]), []).append(match)
    height = max(len(matches) for matches in columns.values()) * ROW_H + 2 * PAD + 20
    width = len(columns) * (BOX_W + GAP_X) + 2 * PAD
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
        f'height="{height}" class="bracket-svg" role="img" '
        f'aria-label="{escape(_("Elimination bracket"))}" font-family="system-ui, sans-serif" font-size="{FONT_SIZE}">'
    ]
    places: dict[str, tuple[float, float]] = {}  # match id -> its box's top-left corner
    for col, matches in enumerate(columns.values()):
        band = (height - 2 * PAD - 20) / len(matches)
        for index, match in enumerate(matches):
            places[match["id"]] = (PAD + col * (BOX_W + GAP_X), PAD + 20 + band * (index + 0.5) - BOX_H / 2)
    # Lines from each match to the slot its winner fills (losers' drops are named in the slot).
    for match in bracket["matches"]:
        x, y = places[match["id"]]
        for slot_index, slot in enumerate(match["slots"][:2]):
            if slot["kind"] != "winner" or slot["ref"] not in places:
                continue
            fx, fy = places[slot["ref"]]
            start_x, start_y = fx + BOX_W, fy + BOX_H / 2
            end_y = y + BOX_H / 4 + slot_index * BOX_H / 2
            middle = (start_x + x) / 2
            parts.append(
                f'<path d="M{start_x:.1f} {start_y:.1f} H{middle:.1f} V{end_y:.1f} H{x:.1f}" '
                f'fill="none" stroke="#c9d1da" stroke-width="1.5"/>'
            )
    for (section, round_number), matches in columns.items():
        x = places[matches[0]["id"]][0]
        title = bracket_label(matches[0]["label"]) if len(matches) == 1 else _column_title(section, round_number)
        parts.append(f'<text x="{x}" y="{PAD + 4}" font-weight="600" fill="#1d232b">{escape(title)}</text>')
        for match in matches:
            y = places[match["id"]][1]
            known = played.get(match["id"])
            lines = [_occupant(slot, bracket["seeds"], played, names) for slot in match["slots"]]
            winners = []
            if known is not None:
                lines = [names.get(pid, "?") for pid in known.players] or lines
                winners = [known.winner == pid for pid in known.players]
            parts.append(
                f"<g><title>{escape(bracket_label(match['label']))}</title>"
                f'<rect x="{x}" y="{y:.1f}" width="{BOX_W}" height="{BOX_H}" rx="4" fill="#fff" stroke="#8a96a3"/>'
                f'<line x1="{x}" y1="{y + BOX_H / 2:.1f}" x2="{x + BOX_W}" y2="{y + BOX_H / 2:.1f}" stroke="#c9d1da"/>'
            )
            for line_index, text in enumerate(lines[:2]):
                bold = ' font-weight="700"' if line_index < len(winners) and winners[line_index] else ""
                ty = y + 15 + line_index * (BOX_H / 2)
                parts.append(f'<text x="{x + 6}" y="{ty:.1f}"{bold} fill="#1d232b">{escape(text[:24])}</text>')
            parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)
