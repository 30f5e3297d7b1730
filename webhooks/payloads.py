"""What each kind of news says: the ``data`` of a JSON payload, and a Discord message from it.

Only what the event's public page shows goes out: names, tables, results, standings with their
tie-breaks. Never a seed, a game log, a live game's state or the results of a silent round that
is still under way (``tournament.silence``): a webhook usually feeds a public channel or site.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from tournament.models import Event, Match, Round, SeriesGame, Stage
from tournament.silence import hidden_round_ids, round_is_silent

# Discord's documented limits for a webhook message (see docs/webhooks.md).
DISCORD_CONTENT = 2000
DISCORD_TITLE = 256
DISCORD_DESCRIPTION = 4096
DISCORD_EMBEDS = 10
DISCORD_EMBED_TOTAL = 6000
NAME_CHARS = 80  # a participant's name as shown in a Discord line


def event_summary(event: Event) -> dict:
    return {
        "slug": event.slug,
        "name": event.name,
        "game": event.game,
        "status": event.status,
        "path": event.get_absolute_url(),
    }


def _names(match: Match) -> list[dict]:
    return [{"seat": seat.seat, "name": seat.participant.name} for seat in match.seats.all()]


def pairings_data(round_: Round) -> dict:
    matches = round_.matches.prefetch_related("seats__participant").order_by("table")
    return {
        "stage": {"number": round_.stage.number, "name": round_.stage.name},
        "round": round_.number,
        "pairings": [
            {"table": match.table, "label": match.label, "bye": match.is_bye, "players": _names(match)}
            for match in matches
        ],
    }


def result_data(game: SeriesGame) -> dict | None:
    """The confirmed game and, once settled, its match; None while the round is silent."""
    match = game.match
    round_ = match.round
    if round_is_silent(round_):
        return None
    names = {p.pk: p.name for p in round_.stage.event.participants.filter(pk__in=game.seat_order)}
    ranks, scores = game.ranks or [], game.scores or []
    players = [
        {
            "name": names.get(pid, "?"),
            "rank": ranks[i] if i < len(ranks) else None,
            "score": scores[i] if i < len(scores) else None,
        }
        for i, pid in enumerate(game.seat_order)
    ]
    seats = match.seats.select_related("participant").order_by("seat")
    return {
        "stage": {"number": round_.stage.number, "name": round_.stage.name},
        "round": round_.number,
        "table": match.table,
        "game": {"number": game.number, "players": players},
        "match": {
            "status": match.status,
            "players": [
                {
                    "name": seat.participant.name,
                    "rank": seat.rank,
                    "games_won": float(seat.games_won),
                    "match_points": None if seat.match_points is None else float(seat.match_points),
                }
                for seat in seats
            ],
        },
    }


def standings_data(stage: Stage, *, rows: int | None = None) -> dict:
    """The top rows as the public standings page shows them (silent rounds left out)."""
    from ranking.selectors import stage_standings

    rows = rows or settings.BRUME_WEBHOOKS_STANDINGS_ROWS
    standings = stage_standings(stage, hidden_round_ids(AnonymousUser(), stage))
    return {
        "stage": {"number": stage.number, "name": stage.name},
        "columns": [{"key": c["key"], "name": c["name"]} for c in standings.columns if "key" in c],
        "rows": [
            {
                "rank": row.rank,
                "name": row.participant.name,
                "group": row.group,
                "points": row.points,
                "tiebreaks": {cell.key: cell.shown for cell in row.cells},
            }
            for row in standings.rows[:rows]
        ],
        "notes": standings.notes,
        "total": len(standings),
    }


def finished_data(event: Event) -> dict:
    stage = event.stages.order_by("-number").first()
    if stage is None:
        return {"winners": [], "standings": None}
    standings = standings_data(stage)
    return {"winners": [row["name"] for row in standings["rows"] if row["rank"] == 1], "standings": standings}


def json_payload(delivery_id: str, kind: str, event: Event | None, data: dict) -> dict:
    return {
        "id": delivery_id,
        "type": kind,
        "created": timezone.now().isoformat(),
        "event": event_summary(event) if event else None,
        "data": data,
    }


# --- Discord -------------------------------------------------------------------------------


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain(text: str) -> str:
    """A name shown as itself: Discord's markdown characters escaped, cut to NAME_CHARS."""
    text = _cut(" ".join(str(text).split()), NAME_CHARS)
    for char in "\\*_~`|>#[]()":
        text = text.replace(char, "\\" + char)
    return text


def _lines_to_description(lines: list[str]) -> str:
    out, used = [], 0
    for line in lines:
        if used + len(line) + 1 > DISCORD_DESCRIPTION - 40:
            out.append(f"… and {len(lines) - len(out)} more")
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def _describe(kind: str, data: dict) -> tuple[str, list[str]]:
    if kind == "pairings_published":
        title = f"Round {data['round']} pairings ({_plain(data['stage']['name'])})"
        lines = []
        for p in data["pairings"]:
            who = " vs ".join(_plain(seat["name"]) for seat in p["players"])
            lines.append(f"Table {p['table']}: {who} (bye)" if p["bye"] else f"Table {p['table']}: {who}")
        return title, lines
    if kind == "result_confirmed":
        title = f"Result: round {data['round']}, table {data['table']}, game {data['game']['number']}"
        lines = [
            f"{player['rank']}. {_plain(player['name'])}"
            + (f" — {player['score']}" if player["score"] is not None else "")
            for player in sorted(data["game"]["players"], key=lambda p: p["rank"] or 99)
        ]
        return title, lines
    if kind == "standings_changed":
        return f"Standings ({_plain(data['stage']['name'])})", _standing_lines(data)
    if kind == "event_finished":
        winners = ", ".join(_plain(name) for name in data["winners"]) or "—"
        lines = [f"Winner: {winners}", ""]
        if data["standings"]:
            lines += _standing_lines(data["standings"])
        return "Final standings", lines
    return "Test ping", ["Brume can reach this webhook."]


def _standing_lines(data: dict) -> list[str]:
    names = {c["key"]: c["name"] for c in data["columns"]}
    lines = []
    for row in data["rows"]:
        breaks = ", ".join(f"{names.get(k, k)} {v}" for k, v in list(row["tiebreaks"].items())[1:] if v)
        lines.append(f"{row['rank']}. {_plain(row['name'])} — {row['points']}" + (f" ({breaks})" if breaks else ""))
    return lines


def discord_payload(kind: str, event: Event | None, data: dict) -> dict:
    """A Discord webhook message: one line of content and one embed, within Discord's limits;
    no mention in it pings anyone (``allowed_mentions``)."""
    title, lines = _describe(kind, data)
    event_name = _plain(event.name) if event else "Brume"
    embed = {"title": _cut(f"{event_name}: {title}", DISCORD_TITLE)}
    description = _lines_to_description(lines)
    if description:
        embed["description"] = description
    base = settings.BRUME_WEBHOOKS_SITE_URL
    if event and base:
        embed["url"] = base.rstrip("/") + event.get_absolute_url()
    overflow = len(embed["title"]) + len(embed.get("description", "")) - DISCORD_EMBED_TOTAL
    if overflow > 0:
        embed["description"] = _cut(embed["description"], len(embed["description"]) - overflow)
    return {
        "content": _cut(f"**{event_name}** — {title}", DISCORD_CONTENT),
        "embeds": [embed][:DISCORD_EMBEDS],
        "allowed_mentions": {"parse": []},
    }
