"""What a site's database holds, as JSON on standard output, for comparing a database before a
backup with the one restored from it: counts, every stage's standings computed afresh, every
rating, every record's verdict.

Run as ``python -m tests.backup.snapshot`` with the site's environment (DATABASE_URL or
BRUME_VAR_DIR).
"""

import json
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from config.backup import contents  # noqa: E402
from games.models import GameRecord  # noqa: E402
from ranking.models import Rating  # noqa: E402
from ranking.selectors import stage_standings  # noqa: E402
from tournament.models import Event  # noqa: E402


def standings() -> dict[str, list]:
    found = {}
    for event in Event.objects.order_by("slug"):
        for stage in event.stages.order_by("pk"):
            rows = stage_standings(stage).rows
            found[f"{event.slug}/{stage.pk}"] = [
                [row.rank, row.group, row.participant.name, [cell.shown for cell in row.cells]] for row in rows
            ]
    return found


def ratings() -> list:
    rows = Rating.objects.select_related("pool", "player").order_by("pool__name", "-rating", "player__name")
    return [[r.pool.name, r.player.name, round(r.rating, 6), round(r.deviation, 6), r.games, r.wins] for r in rows]


def records() -> list:
    rows = GameRecord.objects.order_by("content_hash").values_list("content_hash", "status", "verdict", "move_count")
    return [list(row) for row in rows]


if __name__ == "__main__":
    counts = contents()
    if not counts:  # an empty database: no table to read
        print(json.dumps({"counts": counts}))
    else:
        print(json.dumps({"counts": counts, "standings": standings(), "ratings": ratings(), "records": records()}))
