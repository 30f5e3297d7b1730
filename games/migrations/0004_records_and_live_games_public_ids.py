"""Records and live games get a random public id (their name in URLs and the API), filled in
for the rows that exist; database ids stay internal."""

import secrets

from django.db import migrations, models

import games.models


def fill_public_ids(apps, schema_editor):
    for name in ("GameRecord", "LiveGame"):
        model = apps.get_model("games", name)
        taken = set()
        for row in model.objects.filter(public_id__isnull=True).only("pk").iterator():
            public_id = secrets.token_urlsafe(12)
            while public_id in taken:  # 96 random bits: a repeat is practically impossible
                public_id = secrets.token_urlsafe(12)
            taken.add(public_id)
            model.objects.filter(pk=row.pk).update(public_id=public_id)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0003_live_game_turn_clock"),
    ]

    operations = [
        migrations.AddField(
            model_name="gamerecord",
            name="public_id",
            field=models.CharField(max_length=16, null=True, editable=False),
        ),
        migrations.AddField(
            model_name="livegame",
            name="public_id",
            field=models.CharField(max_length=16, null=True, editable=False),
        ),
        migrations.RunPython(fill_public_ids, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name="gamerecord",
            name="public_id",
            field=models.CharField(
                default=games.models.new_public_id,
                editable=False,
                help_text="its name in URLs",
                max_length=16,
                unique=True,
            ),
        ),
        migrations.AlterField(
            model_name="livegame",
            name="public_id",
            field=models.CharField(
                default=games.models.new_public_id,
                editable=False,
                help_text="its name in URLs",
                max_length=16,
                unique=True,
            ),
        ),
    ]
