"""Send again the work left undone: records stuck pending or under an expired claim, and rating
updates not yet made (the same sweep beat runs every BRUME_SWEEP_INTERVAL seconds)."""

from django.core.management.base import BaseCommand, CommandError

from games.sweep import sweep


class Command(BaseCommand):
    help = "Re-queue records pending (or validating under an expired claim) and rating updates left undone."

    def add_arguments(self, parser):
        parser.add_argument(
            "--older-than",
            type=float,
            default=None,
            metavar="SECONDS",
            help="only what has waited at least this long (default: BRUME_SWEEP_AFTER, 60 s)",
        )

    def handle(self, *args, older_than=None, **options):
        if older_than is not None and older_than < 0:
            raise CommandError("--older-than is a number of seconds, 0 or more")
        sent = sweep(older_than=older_than)
        for name, count in sent.items():
            self.stdout.write(f"{name}: {count} sent again")
