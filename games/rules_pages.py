"""The rules as Brume reads them (``docs/games/<slug>.md``) rendered as a page of the site.

Markdown is rendered with markdown-it-py in CommonMark mode with tables; raw HTML in the file is
shown as text, never passed through (the page must hold no script, no inline style: see
``config/security.py``). Headings get ids so that other pages can link to a section (an AI
entrant's name links to its game's "AI levels" section).

Languages: ``docs/games/<slug>.<lang>.md`` (``fr``, ``nl``) is the same document translated, with
the same headings in the same order; its headings take the English document's ids, so a link to a
section works in every language. A reader whose language has no translation reads the English.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from markdown_it import MarkdownIt

from games.engines import get_engine


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    anchor: str


@dataclass(frozen=True)
class RulesPage:
    slug: str
    html: str
    headings: tuple[Heading, ...]
    language: str = "en"  # the language the page is written in

    @property
    def ai_anchor(self) -> str | None:
        """The section that describes the game's AI levels, if the page has one."""
        # by the id, which a translation takes from the English ("AI levels" → ai-levels)
        return next(
            (h.anchor for h in self.headings if h.level == 2 and (h.anchor == "ai" or h.anchor.startswith("ai-"))), None
        )


def _anchor_of(text: str, taken: set[str]) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    anchor = re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"
    unique, number = anchor, 2
    while unique in taken:
        unique, number = f"{anchor}-{number}", number + 1
    taken.add(unique)
    return unique


def _renderer() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")


TRANSLATED = ("fr", "nl")


def rules_file(slug: str, language: str = "en") -> Path:
    suffix = f".{language}" if language in TRANSLATED else ""
    return Path(settings.BASE_DIR) / "docs" / "games" / f"{slug}{suffix}.md"


def render_markdown(text: str, anchors: list[str] | None = None) -> RulesPage:
    """Markdown to HTML with ids on headings; raw HTML escaped. ``anchors``: the ids to give the
    headings in order (a translation takes its English document's)."""
    md = _renderer()
    tokens = md.parse(text)
    taken: set[str] = set()
    headings = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            inline = tokens[index + 1]
            words = "".join(child.content for child in inline.children or () if child.type in ("text", "code_inline"))
            anchor = anchors[len(headings)] if anchors else _anchor_of(words, taken)
            token.attrSet("id", anchor)
            headings.append(Heading(int(token.tag[1]), words, anchor))
    return RulesPage("", md.renderer.render(tokens, md.options, {}), tuple(headings))


def heading_count(text: str) -> int:
    return sum(1 for token in _renderer().parse(text) if token.type == "heading_open")


@lru_cache(maxsize=32)
def _rendered(slug: str, modified: float) -> RulesPage:
    page = render_markdown(rules_file(slug).read_text(encoding="utf-8"))
    return RulesPage(slug, page.html, page.headings)


@lru_cache(maxsize=32)
def _translated(slug: str, language: str, modified: float, english: RulesPage) -> RulesPage | None:
    text = rules_file(slug, language).read_text(encoding="utf-8")
    if heading_count(text) != len(english.headings):
        return None  # out of step with the English (a section added since): the English is shown
    page = render_markdown(text, [heading.anchor for heading in english.headings])
    return RulesPage(slug, page.html, page.headings, language)


def rules_page(slug: str, language: str = "en") -> RulesPage | None:
    """The game's rules page in ``language`` when it is translated, else in English; None when the
    game has no rules file (or is unknown)."""
    get_engine(slug)  # an unknown slug raises UnknownGame: never a path built from any text
    path = rules_file(slug)
    if not path.is_file():
        return None
    english = _rendered(slug, path.stat().st_mtime)
    translated = rules_file(slug, language)
    if language in TRANSLATED and translated.is_file():
        return _translated(slug, language, translated.stat().st_mtime, english) or english
    return english
