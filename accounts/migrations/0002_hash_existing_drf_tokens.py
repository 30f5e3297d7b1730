"""The single DRF tokens made before named tokens become named tokens kept as hashes: their keys
keep working until they expire, and no key stays readable in the database."""

import hashlib
from datetime import timedelta

from django.conf import settings
from django.db import migrations


def hash_existing_tokens(apps, schema_editor):
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("accounts", "ApiToken")
    lifetime = timedelta(days=settings.BRUME_TOKEN_TTL_DAYS)
    for token in Token.objects.all().iterator():
        named = ApiToken.objects.create(
            user_id=token.user_id,
            name="API token (from before named tokens)",
            key_hash=hashlib.sha256(token.key.encode()).hexdigest(),
            prefix=token.key[:8],
            expires=token.created + lifetime,
        )
        ApiToken.objects.filter(pk=named.pk).update(created=token.created)  # auto_now_add set "now"
    Token.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_profiles_and_hashed_api_tokens"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    operations = [migrations.RunPython(hash_existing_tokens, migrations.RunPython.noop)]
