"""Score-challenge rounds published before setup seeds became secret wrote the event's seed and
the round's setup seed into their explanations (round and match), from which a hidden layout can
be rebuilt. This takes them out; the setup seed stays on the matches, where the API shows it
only once the round is over."""

from django.db import migrations

NOTE = "every table plays the same setup, drawn in secret when the round is published and shown once the round is over"


def _leaks(reason) -> bool:
    return isinstance(reason, str) and "setup of seed" in reason


def scrub(apps, schema_editor):
    Round = apps.get_model("tournament", "Round")
    Match = apps.get_model("tournament", "Match")
    for round_ in Round.objects.filter(stage__format="score_challenge"):
        explanation = dict(round_.explanation or {})
        if explanation:
            explanation["seed"] = round_.seed
            explanation["notes"] = [NOTE if _leaks(note) else note for note in explanation.get("notes") or []]
            pairings = []
            for item in explanation.get("pairings") or []:
                item = {**item, "setup_seed": None}
                if isinstance(item.get("explanation"), dict) and _leaks(item["explanation"].get("seat_reason")):
                    item["explanation"] = {**item["explanation"], "seat_reason": NOTE}
                pairings.append(item)
            if "pairings" in explanation:
                explanation["pairings"] = pairings
            round_.explanation = explanation
            round_.save(update_fields=["explanation"])
        for match in Match.objects.filter(round=round_, is_bye=False):
            if isinstance(match.explanation, dict) and _leaks(match.explanation.get("seat_reason")):
                match.explanation = {**match.explanation, "seat_reason": NOTE}
                match.save(update_fields=["explanation"])


class Migration(migrations.Migration):
    dependencies = [("tournament", "0007_series_game_record_reporter")]

    operations = [migrations.RunPython(scrub, migrations.RunPython.noop)]
