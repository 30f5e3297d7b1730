"""Drawing of lots from the event's recorded seed: the same seed always draws the same order."""

from __future__ import annotations

import hashlib

from ranking.tiebreaks.base import Context, TieBreak, Value, register
from ranking.tiebreaks.text import N_, _


def lot(seed: int, entrant_id) -> float:
    digest = hashlib.sha256(f"{seed}:lots:{entrant_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


class DrawingOfLots(TieBreak):
    key = "lots"
    name = N_("Drawing of lots")
    short = N_("Lot")
    unplayed = N_("not affected")

    def values(self, context: Context, group):
        seed = context.scoring.lots_seed
        detail = _("drawn from the event's recorded seed %(seed)s") % {"seed": seed}
        drawn = {eid: lot(seed, eid) for eid in group}
        return {eid: Value(drawn[eid], f"{drawn[eid]:.4f}", detail) for eid in group}

    def difference(self, above: Value, below: Value, names: tuple[str, str] = ("", "")) -> str:
        return _("the drawing of lots decided (%(above)s to %(below)s, drawn from the event's recorded seed)") % {
            "above": above.shown,
            "below": below.shown,
        }


register(DrawingOfLots())
