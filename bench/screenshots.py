"""Screenshots of every kind of page, on a phone and a desktop, light and dark, for a visual review.

    python -m bench.screenshots [--out var/screenshots] [--only SUBSTRING] [--keep-db] [--language fr]

Loads the demo (``manage.py load_demo``) into a scratch SQLite directory, adds what the demo lacks
(a live game, an AI batch), serves it with ``runserver`` (DEBUG off, so 404 is the real page), signs
in as the demo users and saves ``<page>-<width>-<scheme>.png`` under ``--out``. Beside the pictures
it writes ``checks.txt``: for each page at 390 px, what overflows the viewport sideways outside a
scroll container and which tap targets are smaller than 44 px. Needs Debian's Chromium.

``--language fr`` (or nl, en; repeat it or give ``all`` for each language) shows the pages in that
language (the switcher's cookie, which beats the demo users' profile language) and writes them under
``<out>/<language>/``. The page list, ``demo_pages()``, is also the list the translation crawler
(tests/i18n/test_pages_translated.py) reads.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "brume-demo"
WIDTHS = (390, 1280)
SCHEMES = ("light", "dark")
LANGUAGES = ("en", "fr", "nl")  # settings.LANGUAGES
LANGUAGE_COOKIE = "brume_language"  # settings.LANGUAGE_COOKIE_NAME: the switcher's choice
CHROMIUM = os.environ.get("BRUME_CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")

# Evaluated in the page: elements sticking out of the viewport sideways (not inside a box that
# scrolls), and tap targets under 44 px (links inside running text are exempt, as WCAG 2.5.8 says).
CHECKS_JS = """
(() => {
  const width = document.documentElement.clientWidth;
  const scrolls = el => { for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p); if (/(auto|scroll|hidden)/.test(s.overflowX) && p !== document.body
        && p !== document.documentElement) return true; } return false; };
  const name = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > width + 1 && !scrolls(el)) wide.push(name(el) + ' right=' + Math.round(r.right));
  }
  const small = [];
  for (const el of document.querySelectorAll('a:not(.skip), button, input, select, textarea, summary')) {
    const box = /^(radio|checkbox)$/.test(el.type) && el.closest('label') ? el.closest('label') : el;
    const r = box.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const inText = el.tagName === 'A' && /^(P|LI|TD|SMALL|FIGCAPTION|DD|SPAN|ABBR)$/.test(el.parentElement.tagName)
      && el.parentElement.textContent.trim().length > el.textContent.trim().length + 2;
    if (r.height < 44 && !inText && el.type !== 'hidden')
      small.push(name(el) + ' "' + (el.textContent || el.value || '').trim().slice(0, 30) + '" h=' + Math.round(r.height));
  }
  return {scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 8), small: small.slice(0, 12)};
})()
"""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True)


def _extras_and_pages() -> list[tuple[str, str | None, str]]:
    import django

    django.setup()
    return demo_pages()


def demo_pages() -> list[tuple[str, str | None, str]]:
    """Adds a live game and an AI batch to the demo; returns (name, user, path) for every page kind."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from games.ai_batches import batch_create, batch_play
    from games.live import live_create
    from games.models import AIBatch, GameRecord, LiveGame
    from ranking.models import RatingPool
    from tournament.models import Event, Match

    users = {user.username: user for user in get_user_model().objects.all()}
    if not LiveGame.objects.exists():
        with transaction.atomic():
            live_create(
                game="carnac",
                seats=[
                    {"name": "alice", "player": f"user:{users['alice'].pk}"},
                    {"name": "bob", "player": f"user:{users['bob'].pk}"},
                ],
                seed=7,
            )
    if not AIBatch.objects.exists():
        with transaction.atomic():
            batch = batch_create(game="carnac", players=["random", "random"], games=2, seed=3, move_seconds=0)
        batch_play(batch_id=batch.pk)

    swiss = Event.objects.get(slug="carnac-autumn-swiss")
    stage = swiss.stages.get(number=1)
    last_round = stage.rounds.order_by("-number").first()
    match = Match.objects.filter(round=last_round, seats__participant__user=users["alice"]).first()
    match = match or last_round.matches.first()
    record = GameRecord.objects.filter(status="valid").first()
    pages = [
        ("home", None, "/"),
        ("events", None, "/events/"),
        ("game", None, "/games/carnac/"),
        ("rules", None, "/games/carnac/rules/"),
        ("rules-fog", None, "/games/fog/rules/"),
        ("sign-in", None, "/accounts/login/"),
        ("sign-up", None, "/accounts/signup/"),
        ("password-reset", None, "/accounts/password/reset/"),
        ("profile", "alice", "/me/profile/"),
        ("notifications", "alice", "/me/notifications/"),
        ("notification-preferences", "alice", "/me/notifications/preferences/"),
        ("my-records", "alice", "/me/records/"),
        ("my-webhooks", "orga", "/me/webhooks/"),
        ("status", None, "/status/"),
        ("not-found", None, "/no-such-page/"),
        ("api-root", None, "/api/v1/"),
        ("api-docs", None, "/api/docs/"),
        ("leaderboards", None, "/ratings/"),
        ("leaderboard", None, f"/ratings/{RatingPool.objects.order_by('slug').first().slug}/"),
        ("player", None, "/ratings/players/alice/"),
        ("round", None, f"/events/{swiss.slug}/stages/1/rounds/{last_round.number}/"),
        ("standings", None, f"/events/{swiss.slug}/stages/1/standings/"),
        ("playing", None, f"/events/{swiss.slug}/playing/"),
        ("event-matches", "orga", f"/events/{swiss.slug}/matches/"),
        ("event-edit", "orga", f"/events/{swiss.slug}/edit/"),
        ("event-webhooks", "orga", f"/events/{swiss.slug}/webhooks/"),
        ("match", "alice", match.get_absolute_url()),
        ("match-organiser", "orga", match.get_absolute_url()),
        ("my-matches", "alice", "/me/matches/"),
        ("upload", "alice", "/records/upload/"),
        ("record", None, record.get_absolute_url()),
        ("record-replay", None, record.get_absolute_url() + "?ply=6"),
        ("live-game", "alice", LiveGame.objects.first().get_absolute_url()),
        ("ai-batches", "orga", "/ai/"),
        ("ai-batch", "orga", f"/ai/{AIBatch.objects.first().pk}/"),
        ("event-new", "orga", "/events/new/"),
        ("print-pairings", None, f"/events/{swiss.slug}/stages/1/rounds/{last_round.number}/print/"),
        ("print-standings", None, f"/events/{swiss.slug}/stages/1/standings/print/"),
        ("print-scoresheet", None, f"/events/{swiss.slug}/matches/{match.pk}/scoresheet/"),
    ]
    for event in Event.objects.order_by("slug"):
        pages.append((f"event-{event.slug}", "orga", event.get_absolute_url()))
    return [(name, user, path) for name, user, path in pages if path]


def _sign_in(browser, base: str, username: str) -> dict:
    context = browser.new_context()
    page = context.new_page()
    page.goto(base + "/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(base + "/")
    state = context.storage_state()
    context.close()
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "var" / "screenshots"))
    parser.add_argument("--only", default="", help="only pages whose name contains this")
    parser.add_argument("--keep-db", help="reuse (or create) the scratch directory here")
    parser.add_argument(
        "--language",
        action="append",
        choices=[*LANGUAGES, "all"],
        help="the pages in this language, under <out>/<language>/ (repeat it, or 'all')",
    )
    args = parser.parse_args(argv)
    languages: list[str | None] = [None]  # without --language: the site's default, straight into --out
    if args.language:
        languages = list(LANGUAGES) if "all" in args.language else list(dict.fromkeys(args.language))

    scratch = Path(args.keep_db or tempfile.mkdtemp(prefix="brume-shots-"))
    scratch.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "BRUME_VAR_DIR": str(scratch), "DEBUG": "false", "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    os.environ.update({k: env[k] for k in ("BRUME_VAR_DIR", "DEBUG", "DJANGO_SETTINGS_MODULE")})
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    if not (scratch / "brume.sqlite3").exists():
        print("loading the demo into", scratch)
        _manage(env, "migrate", "--noinput")
        _manage(env, "load_demo")
    _manage(env, "collectstatic", "--noinput", "--clear")  # DEBUG off: WhiteNoise serves the collected files
    sys.path.insert(0, str(ROOT))
    pages = [page for page in _extras_and_pages() if args.only in page[0]]

    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", "--insecure", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless=new", "--no-sandbox"])
            states = {user: _sign_in(browser, base, user) for user in {u for _, u, _ in pages if u}}
            for language in languages:
                out = Path(args.out) / language if language else Path(args.out)
                _shoot(browser, base, pages, states, language, out)
            browser.close()
    finally:
        server.terminate()
        server.wait(10)
    return 0


def _shoot(browser, base: str, pages, states: dict, language: str | None, out: Path) -> None:
    """Every page at every width and scheme, in one language, into ``out``; checks.txt beside them."""
    out.mkdir(parents=True, exist_ok=True)
    checks = []
    for name, user, path in pages:
        for width in WIDTHS:
            for scheme in SCHEMES:
                context = browser.new_context(
                    viewport={"width": width, "height": 844 if width < 600 else 900},
                    color_scheme=scheme,
                    storage_state=states.get(user),
                    **({"locale": language, "extra_http_headers": {"Accept-Language": language}} if language else {}),
                )
                if language:  # the switcher's cookie: it beats the signed-in person's profile language
                    context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": base}])
                page = context.new_page()
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(out / f"{name}-{width}-{scheme}.png"), full_page=True)
                if name.startswith("print-") and scheme == "light" and width == WIDTHS[-1]:
                    page.emulate_media(media="print")  # the sheet as the printer gets it
                    page.screenshot(path=str(out / f"{name}-print.png"), full_page=True)
                    page.emulate_media(media="screen")
                if width == 390 and scheme == "light":
                    found = page.evaluate(CHECKS_JS)
                    checks.append({"page": name, "path": path, **found})
                context.close()
        print("shot", language or "", name, path)
    with open(out / "checks.txt", "w") as report:
        for check in checks:
            report.write(json.dumps(check) + "\n")
    print(f"{len(pages) * len(WIDTHS) * len(SCHEMES)} screenshots in {out}; checks in {out / 'checks.txt'}")


if __name__ == "__main__":
    raise SystemExit(main())
