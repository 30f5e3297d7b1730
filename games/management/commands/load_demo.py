"""python manage.py load_demo: demo data for the embedded site, loaded once.

Safe to run again: it creates what is missing and changes nothing that exists. Later issues
add their demo events here through services.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

DEMO_USERS = [
    # (user name, is organiser/staff, is superuser)
    ("admin", True, True),
    ("orga", True, False),
    ("alice", False, False),
    ("bob", False, False),
    ("chloe", False, False),
    ("dmitri", False, False),
]
DEMO_PASSWORD = "brume-demo"


class Command(BaseCommand):
    help = "Load the demo data (users with the password 'brume-demo'). Embedded mode only unless --force."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="load even outside the embedded mode")

    @transaction.atomic
    def handle(self, *args, **options):
        if not settings.EMBEDDED and not options["force"]:
            raise CommandError("demo data has well-known passwords: refusing outside the embedded mode (use --force)")
        User = get_user_model()
        created = []
        for username, staff, superuser in DEMO_USERS:
            if User.objects.filter(username=username).exists():
                continue
            user = User(username=username, is_staff=staff, is_superuser=superuser, email=f"{username}@example.org")
            user.set_password(DEMO_PASSWORD)
            user.save()
            created.append(username)
        from tournament.demo import load_tournament_demo

        events = load_tournament_demo()
        from notifications.demo import load_notifications_demo

        load_notifications_demo()  # alice's latest notices, some read, some not (safe to run twice)
        if created or events:
            self.stdout.write(f"demo users created: {', '.join(created) or 'none'} (password {DEMO_PASSWORD!r})")
            self.stdout.write(f"demo events created: {', '.join(events) or 'none'}")
        else:
            self.stdout.write("demo data already loaded")
