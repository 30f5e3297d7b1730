"""A player's rating history as an SVG line with its deviation band. Pure Python, no Django."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from html import escape

from django.utils.translation import gettext as _

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 24, 28


@dataclass(frozen=True)
class Point:
    day: date
    rating: float
    deviation: float = 0.0


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def rating_history_svg(points: Sequence[Point], title: str, *, band_label: str | None = None) -> str:
    """An accessible SVG: a title, the rating line, a band of ± one deviation, first/last labels."""
    label = escape(title)
    band_label = _("±1 deviation") if band_label is None else band_label
    if not points:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} 40" role="img" aria-label="{label}">'
            f'<title>{label}</title><text x="8" y="24">{escape(_("No rated game yet."))}</text></svg>'
        )
    lows = [p.rating - p.deviation for p in points]
    highs = [p.rating + p.deviation for p in points]
    low, high = min(lows), max(highs)
    pad = max(10.0, (high - low) * 0.05)
    low, high = low - pad, high + pad
    first, last = points[0].day.toordinal(), points[-1].day.toordinal()

    def x(p: Point) -> float:
        return _scale(p.day.toordinal(), first, last, LEFT, WIDTH - RIGHT)

    def y(value: float) -> float:
        return _scale(value, low, high, HEIGHT - BOTTOM, TOP)

    line = " ".join(f"{x(p):.1f},{y(p.rating):.1f}" for p in points)
    band = [f"{x(p):.1f},{y(p.rating + p.deviation):.1f}" for p in points]
    band += [f"{x(p):.1f},{y(p.rating - p.deviation):.1f}" for p in reversed(points)]
    dots = "".join(
        f'<circle cx="{x(p):.1f}" cy="{y(p.rating):.1f}" r="3"><title>{p.day.isoformat()}: '
        f"{p.rating:.0f} ± {p.deviation:.0f}</title></circle>"
        for p in points
    )
    summary = escape(
        _("%(title)s: from %(first)s on %(first_day)s to %(last)s on %(last_day)s")
        % {
            "title": title,
            "first": f"{points[0].rating:.0f}",
            "first_day": points[0].day,
            "last": f"{points[-1].rating:.0f}",
            "last_day": points[-1].day,
        }
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{summary}" class="rating-chart">'
        f"<title>{summary}</title>"
        f'<rect x="{LEFT}" y="{TOP}" width="{WIDTH - LEFT - RIGHT}" height="{HEIGHT - TOP - BOTTOM}" '
        f'fill="none" stroke="#ccc"/>'
        f'<polygon points="{" ".join(band)}" fill="#8ab4f8" fill-opacity="0.3"><title>{escape(band_label)}</title>'
        f"</polygon>"
        f'<polyline points="{line}" fill="none" stroke="#1a5fb4" stroke-width="2"/>'
        f'<g fill="#1a5fb4">{dots}</g>'
        f'<text x="4" y="{TOP + 10}" font-size="11">{high:.0f}</text>'
        f'<text x="4" y="{HEIGHT - BOTTOM}" font-size="11">{low:.0f}</text>'
        f'<text x="{LEFT}" y="{HEIGHT - 8}" font-size="11">{points[0].day.isoformat()}</text>'
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" font-size="11" text-anchor="end">'
        f"{points[-1].day.isoformat()}</text>"
        "</svg>"
    )
