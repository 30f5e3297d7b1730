"""Printed sheets for a venue: what a match's scoresheet lists, and the QR code it carries.

Plain data in, plain data out (the views load the rows). The QR code is drawn on the server as an
SVG (segno), so the printed page needs no script and no image service.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from math import ceil

import segno
from django.utils.translation import gettext as _

QR_ERROR_LEVEL = "m"  # survives a crease or a coffee ring on a printed sheet
QR_BORDER = 2  # quiet zone in modules; the sheet's white margin adds to it


def qr_code(text: str) -> segno.QRCode:
    return segno.make(text, error=QR_ERROR_LEVEL, micro=False)


def qr_svg(text: str, *, title: str) -> str:
    """An inline SVG of the QR code for ``text``: scalable (a viewBox, no fixed size), black
    modules on a white square so that it scans on screen in dark mode too, no script or style."""
    out = io.BytesIO()
    qr_code(text).save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        nl=False,
        border=QR_BORDER,
        omitsize=True,
        dark="#000",
        light="#fff",
        title=title,
        svgclass="qr-code",
        lineclass=None,
    )
    svg = out.getvalue().decode("ascii")
    return svg.replace(
        "<svg ", '<svg role="img" aria-label="' + _attr(_("QR code: %(title)s") % {"title": title}) + '" ', 1
    )


def _attr(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass(frozen=True)
class SheetGame:
    number: int
    first_player: str
    if_needed: bool  # a best-of-N game that is played only if the series is not yet decided


def series_games(series_length: int, names: Sequence[str], seat_orders: Sequence[Sequence[str]]) -> list[SheetGame]:
    """The rows of a scoresheet: every game the series may need, with who plays first.

    ``seat_orders`` are the games already drawn (their real order, in names); the later ones
    follow the rule that the first player alternates: game n starts with the seat n-1 places on
    from game 1's first player."""
    first_order = list(seat_orders[0]) if seat_orders else list(names)
    needed = ceil(series_length / 2)
    rows = []
    for number in range(1, max(series_length, 1) + 1):
        if number <= len(seat_orders) and seat_orders[number - 1]:
            first = seat_orders[number - 1][0]
        else:
            first = first_order[(number - 1) % len(first_order)] if first_order else ""
        rows.append(SheetGame(number=number, first_player=first, if_needed=number > needed))
    return rows
