"""python manage.py brume_backup [--output PATH]: the site's database into one file (docs/deploy.md,
"Backups"): a pg_dump custom-format archive on PostgreSQL, an SQLite database (online backup API)
in embedded mode."""

from django.core.management.base import BaseCommand, CommandError

from config import backup


class Command(BaseCommand):
    help = "Back up the site's database into one file (var/backups/brume-<UTC time>.dump or .sqlite3 by default)."

    def add_arguments(self, parser):
        parser.add_argument("--output", "-o", metavar="PATH", help="the file to write (replaced if it exists)")

    def handle(self, *args, output=None, **options):
        try:
            done = backup.backup(output)
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"{done.kind} database {done.database} backed up to {done.path} "
            f"({done.size / 1e6:.1f} MB in {done.seconds:.2f} s)"
        )
