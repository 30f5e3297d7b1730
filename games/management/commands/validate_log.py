"""python manage.py validate_log FILE [--json]: replay a game log and print the verdict.

Exit status: 0 valid, 1 invalid, 2 not a log (or the file cannot be read).
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from games.gamelog import LogFormatError, parse_log
from games.gamelog.model import MAX_LOG_BYTES
from games.gamelog.validator import validate


class Command(BaseCommand):
    help = "Replay a Brume game log (JSON or text form) through its engine and print the verdict."

    def add_arguments(self, parser):
        parser.add_argument("file", help="path of the log, or - for standard input")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")

    def handle(self, *args, **options):
        as_json = options["json"]
        try:
            data = self._read(options["file"])
            log = parse_log(data)
        except (OSError, LogFormatError) as exc:
            self._finish(as_json, {"valid": False, "error": "not a Brume game log", "detail": str(exc)}, str(exc), 2)
        verdict = validate(log)
        lines = [verdict.summary]
        if verdict.outcome is not None and verdict.outcome.reason:
            lines.append(f"outcome: {verdict.outcome.reason}")
        lines.extend(f"note: {note}" for note in verdict.notes)
        self._finish(as_json, verdict.to_json(), "\n".join(lines), 0 if verdict.valid else 1)

    def _read(self, path: str) -> bytes:
        if path == "-":
            return sys.stdin.buffer.read(MAX_LOG_BYTES + 1)
        with open(path, "rb") as handle:
            return handle.read(MAX_LOG_BYTES + 1)

    def _finish(self, as_json: bool, payload: dict, text: str, code: int) -> None:
        if as_json:
            self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2))
        elif code == 0:
            self.stdout.write(text)
        else:
            self.stderr.write(text) if code == 2 else self.stdout.write(text)
        sys.exit(code)
