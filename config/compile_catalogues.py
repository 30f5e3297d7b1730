"""Compile every .po catalogue of the project into its .mo, for machines without GNU gettext's
msgfmt (Django's compilemessages needs it; `make catalogues` uses it when it is there).

    python -m config.compile_catalogues
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "var", "node_modules", ".git"}


def catalogues(root: Path = ROOT) -> list[Path]:
    return sorted(
        path for path in root.rglob("locale/*/LC_MESSAGES/*.po") if not SKIPPED & set(path.relative_to(root).parts)
    )


def main() -> int:
    for po_path in catalogues():
        polib.pofile(str(po_path)).save_as_mofile(str(po_path.with_suffix(".mo")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
