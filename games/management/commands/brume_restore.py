"""python manage.py brume_restore PATH [--force]: the site's database from a file brume_backup wrote
(docs/deploy.md, "Backups"). It refuses a database that is not empty unless --force; then it
replaces all of it."""

from django.core.management.base import BaseCommand, CommandError

from config import backup


class Command(BaseCommand):
    help = (
        "Restore the site's database from a backup made by brume_backup (refuses a non-empty database unless --force)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", metavar="PATH", help="a file written by brume_backup")
        parser.add_argument(
            "--force", action="store_true", help="replace the database's contents even if it is not empty"
        )

    def handle(self, *args, path, force=False, **options):
        try:
            done = backup.restore(path, force=force)
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from None
        taken = f", taken {done.created}" if done.created else ""
        self.stdout.write(
            f"Restored {done.kind} database {done.database} from {done.path}{taken} in {done.seconds:.2f} s:"
        )
        for label, count in done.contents.items():
            self.stdout.write(f"  {count:>8} {label}")
        self.stdout.write("Restart the web, worker and beat processes so that none keeps what it read before.")
