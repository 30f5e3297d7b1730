"""The checks that keep Brume translated (issue 20). The tests in tests/i18n/ run them; so can you:

    python -m tools.i18n_check [catalogues] [sync] [templates]     (all three when none is named)

- catalogues: every .po file is complete (no untranslated, fuzzy or obsolete entry), has a clean
  header, and each translation keeps its msgid's placeholders;
- sync: the extraction (`make messages`, run in a temporary copy of the tree) finds no msgid that
  the committed catalogues lack, and the catalogues hold no msgid the code no longer marks;
- templates: no visible text in templates/ is left outside {% translate %}/{% blocktranslate %}.

The page crawler (tests/i18n/test_pages_translated.py) uses ``visible_texts`` and ``Catalogues``.
"""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from html.parser import HTMLParser
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".venv", "var", "node_modules", ".git", "__pycache__", "build", "anchors"}


# --- 1. the catalogues are complete -------------------------------------------------------------


def catalogues(root: Path = ROOT) -> list[Path]:
    """Every .po file of the project: locale/, <app>/locale/, games/engines/locale/."""
    return sorted(
        path for path in root.rglob("locale/*/LC_MESSAGES/*.po") if not SKIPPED & set(path.relative_to(root).parts)
    )


# %(name)s, %s, %d, %.1f ... (%% is a literal per cent sign) and {name}, {0}
PERCENT = re.compile(r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\d+|\*)?(?:\.\d+)?(?P<conv>[diouxXeEfFgGcrsa%])")
BRACE = re.compile(r"(?<!\{)\{(?:[A-Za-z_]\w*|\d*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")
PERCENT_FLAGS = {"python-format", "c-format", "javascript-format"}


def _percent_placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(named placeholders, positional placeholders in order)."""
    named, positional = set(), []
    for match in PERCENT.finditer(text):
        if match["conv"] == "%":
            continue
        if match["name"] is not None:
            named.add(match.group(0))
        else:
            positional.append(match.group(0))
    return frozenset(named), tuple(positional)


def placeholders(entry: polib.POEntry, text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The placeholders of ``text`` that formatting fills: %-style when the entry is a format string
    (flagged so, or with a named %(x)s), and {x} braces. Named ones as a set, positional ones in order."""
    named: set[str] = set()
    positional: tuple[str, ...] = ()
    source = entry.msgid + entry.msgid_plural
    if "no-python-format" not in entry.flags and (PERCENT_FLAGS & set(entry.flags) or "%(" in source):
        percent_named, positional = _percent_placeholders(text)
        named |= percent_named
    if "no-python-brace-format" not in entry.flags and BRACE.search(source):
        named |= {match.group(0) for match in BRACE.finditer(text)}
    return frozenset(named), positional


def _plural_forms(po: polib.POFile) -> tuple[int, list[set[int]]] | None:
    """nplurals and, for each form, the values of n (0..999) that use it."""
    header = po.metadata.get("Plural-Forms", "")
    match = re.search(r"nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+)", header)
    if not match:
        return None
    count, rule = int(match.group(1)), gettext.c2py(match.group(2).strip())
    users: list[set[int]] = [set() for _ in range(count)]
    for n in range(1000):
        form = int(rule(n))
        if 0 <= form < count:
            users[form].add(n)
    return count, users


def _where(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def _label(entry: polib.POEntry) -> str:
    context = f"[{entry.msgctxt}] " if entry.msgctxt else ""
    return f"{context}{entry.msgid!r}"


def catalogue_problems(path: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with one .po file: one line per problem, naming the file and the msgid."""
    where = _where(path, root)
    language = path.parent.parent.name
    try:
        po = polib.pofile(str(path), wrapwidth=0)
    except (OSError, ValueError) as error:
        return [f"{where}: cannot be read: {error}"]
    problems: list[str] = []
    header = po.metadata
    if po.metadata_is_fuzzy:
        problems.append(f"{where}: the header is marked fuzzy")
    if header.get("Language", "").strip() != language:
        problems.append(f"{where}: header Language is {header.get('Language', '')!r}, not {language!r}")
    if header.get("Project-Id-Version", "").strip() != "Brume":
        problems.append(f"{where}: header Project-Id-Version is {header.get('Project-Id-Version', '')!r}, not 'Brume'")
    if "charset=utf-8" not in header.get("Content-Type", "").lower().replace(" ", ""):
        problems.append(f"{where}: header Content-Type is not text/plain; charset=UTF-8")
    forms = _plural_forms(po)
    if forms is None:
        problems.append(f"{where}: header Plural-Forms is missing or unreadable")
    for entry in po:
        label = _label(entry)
        if entry.obsolete:
            problems.append(f"{where}: obsolete entry (#~) {label}: remove it")
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"{where}: fuzzy {label}")
        if entry.msgid_plural:
            strings = [entry.msgstr_plural[index] for index in sorted(entry.msgstr_plural)]
            if forms and len(strings) != forms[0]:
                problems.append(f"{where}: {label} has {len(strings)} plural forms, the language has {forms[0]}")
        else:
            strings = [entry.msgstr]
        if not all(string.strip() for string in strings):
            problems.append(f"{where}: untranslated {label}")
            continue
        problems += [f"{where}: {problem}" for problem in _placeholder_problems(entry, strings, forms)]
    return problems


def _placeholder_problems(entry, strings: list[str], forms) -> list[str]:
    label = _label(entry)
    if not entry.msgid_plural:
        expected, translated = placeholders(entry, entry.msgid), placeholders(entry, strings[0])
        if expected == translated:
            return []
        return [f"{label}: placeholders {_show(expected)} in English, {_show(translated)} in {strings[0]!r}"]
    singular, plural = placeholders(entry, entry.msgid), placeholders(entry, entry.msgid_plural)
    expected_named = singular[0] | plural[0]
    problems = []
    for index, string in enumerate(strings):
        named, positional = placeholders(entry, string)
        only_one_n = bool(forms) and index < len(forms[1]) and len(forms[1][index]) == 1
        missing, extra = expected_named - named, named - expected_named
        # A form used for one value of n alone ("1 partij") may leave the count out; no form may
        # bring in a placeholder the English does not have, or reorder positional ones.
        if extra or (missing and not only_one_n) or (positional not in (singular[1], plural[1]) and not only_one_n):
            problems.append(
                f"{label}: placeholders {_show(plural)} in English, {_show((named, positional))} in form {index} {string!r}"
            )
    return problems


def _show(found: tuple[frozenset[str], tuple[str, ...]]) -> str:
    return "{" + ", ".join(sorted(found[0]) + list(found[1])) + "}"


def msgfmt_problems(path: Path, root: Path = ROOT) -> list[str]:
    """GNU msgfmt's own --check, when it is installed (CI installs it)."""
    if not shutil.which("msgfmt"):
        return []
    done = subprocess.run(
        ["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True, check=False
    )
    if done.returncode == 0:
        return []
    return [f"{_where(path, root)}: msgfmt --check: {line}" for line in done.stderr.splitlines() if line.strip()]


def all_catalogue_problems(root: Path = ROOT) -> list[str]:
    problems = []
    for path in catalogues(root):
        problems += catalogue_problems(path, root) + msgfmt_problems(path, root)
    return problems


# --- 2. the catalogues are in step with the code ------------------------------------------------

COPIED_OUT = {*SKIPPED, "tests", "bench", "static/collected", ".ruff_cache", ".pytest_cache"}


def _copy_tree(root: Path, into: Path) -> None:
    """The sources makemessages reads, without the committed catalogues (so the extraction writes
    fresh ones) and without anything big or unrelated."""

    def ignore(directory: str, names: list[str]) -> set[str]:
        relative = Path(directory).relative_to(root)
        skipped = set()
        for name in names:
            path = (relative / name).as_posix()
            if name in COPIED_OUT or path in COPIED_OUT or name.endswith((".po", ".mo", ".pyc", ".sqlite3")):
                skipped.add(name)
        return skipped

    shutil.copytree(root, into, ignore=ignore, symlinks=True, dirs_exist_ok=True)


def extract(root: Path = ROOT) -> tuple[Path, Path]:
    """Runs `make messages` (the Makefile's own recipe, every catalogue) in a temporary copy of the
    tree. Returns (the temporary directory, the copy); the caller removes the directory."""
    scratch = Path(tempfile.mkdtemp(prefix="brume-messages-"))
    copy = scratch / "tree"
    _copy_tree(root, copy)
    venv = copy / ".venv"
    if venv.is_symlink() or venv.exists():
        venv.unlink() if venv.is_symlink() else shutil.rmtree(venv)
    venv.symlink_to(Path(sys.prefix).resolve(), target_is_directory=True)  # the Makefile calls .venv/bin/python
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "BRUME_VAR_DIR": str(scratch / "var")}
    env.pop("MAKEFLAGS", None)
    env.pop("MESSAGE_DIRS", None)
    done = subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.installed", "messages"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        shutil.rmtree(scratch, ignore_errors=True)
        raise RuntimeError(f"make messages failed in a copy of the tree:\n{done.stdout}\n{done.stderr}")
    return scratch, copy


def _keys(path: Path) -> set[tuple[str | None, str, str]]:
    if not path.exists():
        return set()
    return {(e.msgctxt, e.msgid, e.msgid_plural) for e in polib.pofile(str(path)) if e.msgid and not e.obsolete}


def _describe(key: tuple[str | None, str, str]) -> str:
    context, msgid, plural = key
    return (f"[{context}] " if context else "") + repr(msgid) + (f" / plural {plural!r}" if plural else "")


@dataclass
class SyncReport:
    missing: list[str]  # marked in the code, absent from the committed catalogue
    stale: list[str]  # in the committed catalogue, no longer marked anywhere in the code


def sync_report(root: Path = ROOT) -> SyncReport:
    scratch, copy = extract(root)
    try:
        missing, stale = [], []
        extracted = {path.relative_to(copy) for path in catalogues(copy)}
        committed = {path.relative_to(root) for path in catalogues(root)}
        for relative in sorted(extracted | committed):
            fresh, ours = _keys(copy / relative), _keys(root / relative)
            missing += [f"{relative}: {_describe(key)}" for key in sorted(fresh - ours, key=str)]
            stale += [f"{relative}: {_describe(key)}" for key in sorted(ours - fresh, key=str)]
        return SyncReport(missing, stale)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# --- visible text in HTML (the template linter and the page crawler) ----------------------------

HOLE = "\ue000"  # stands for a {{ variable }} or {% tag %} in a template's skeleton

# Attributes whose value a person reads or hears: tooltips, image text, screen-reader names, hints,
# the confirm dialog htmx opens; ``value`` only where it is a button's face; ``content`` of a
# page description.
TEXT_ATTRIBUTES = {"title", "alt", "aria-label", "aria-description", "aria-valuetext", "placeholder", "hx-confirm"}
BUTTON_INPUTS = {"submit", "button", "reset"}
# Never text for a person, or code and notation shown as they are (a move log, an API path).
SILENT_ELEMENTS = {"script", "style", "code", "pre", "kbd", "samp"}
VOID_ELEMENTS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
}  # fmt: skip


@dataclass(frozen=True)
class Text:
    line: int
    where: str  # "text" or the attribute's name
    text: str


class VisibleTextParser(HTMLParser):
    """Collects text nodes and the texts of TEXT_ATTRIBUTES, skipping SILENT_ELEMENTS and anything
    inside an element marked translate="no" (HTML's own mark for text that is not translated)."""

    def __init__(self, language: str | None = None):
        super().__init__(convert_charrefs=True)
        self.language = language  # when given, text under lang="<another language>" is left out
        self.texts: list[Text] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, silent)

    @property
    def silent(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag, attrs):
        attributes = {name: value for name, value in attrs}
        silent = self.silent or tag in SILENT_ELEMENTS or (attributes.get("translate") or "").lower() == "no"
        spoken = (attributes.get("lang") or "").split("-")[0].lower()
        silent |= bool(self.language and spoken and tag != "html" and spoken != self.language)
        if not silent:
            line = self.getpos()[0]
            for name, value in attrs:
                visible = name in TEXT_ATTRIBUTES or (name == "label" and tag in {"option", "optgroup", "track"})
                visible |= (
                    name == "value" and tag == "input" and (attributes.get("type") or "").lower() in BUTTON_INPUTS
                )
                visible |= name == "content" and tag == "meta" and attributes.get("name") == "description"
                if visible and value and value.strip():
                    self.texts.append(Text(line, name, " ".join(value.split())))
        if tag not in VOID_ELEMENTS:
            self.stack.append((tag, silent))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):  # tolerate unclosed elements
            if self.stack[index][0] == tag:
                del self.stack[index:]
                return

    def handle_data(self, data):
        if self.silent or not data.strip():
            return
        lead = re.match(f"[\\s{HOLE}]*", data).group(0)  # the text starts after blanks and holes
        line = self.getpos()[0] + lead.count("\n")
        self.texts.append(Text(line, "text", " ".join(data.split())))


def visible_texts(html: str, language: str | None = None) -> list[Text]:
    parser = VisibleTextParser(language)
    parser.feed(html)
    parser.close()
    return parser.texts


# --- 3. no unmarked text in the templates -------------------------------------------------------


# The allow-list, kept tiny. Text that is the same in every language:
# - the site's name and the games' names (brand names: a French page says "Carnac" too);
BRANDS = ("Brume",)  # the games' titles come from the engines' registry, see brand_names()
# - the marks of a format or a protocol shown as they are.
SAME_IN_EVERY_LANGUAGE = {
    "API",  # a link to the API root, named the same in French and Dutch
    "ICS",  # the calendar format
    "RSS",
    "JSON",
    "SVG",
    "Elo",  # the rating system's name
    "OpenSkill",  # the multiplayer rating system's name
    "Redoc",  # the API documentation tools' names
    "Swagger",
}


def brand_names() -> list[str]:
    """Brume and the games' names (full titles first, then the short names the pages use)."""
    from games.engines import all_engines

    titles = {engine.info.title for engine in all_engines()}
    short = {re.split(r"[:]| over | dans ", title)[0].strip() for title in titles}
    return sorted({*BRANDS, *titles, *short}, key=len, reverse=True)


def is_untranslatable(text: str, brands: Iterable[str]) -> bool:
    """True for text with nothing to translate: only holes, symbols, numbers, brand names, marks."""
    rest = text.replace(HOLE, " ")
    for brand in brands:
        rest = rest.replace(brand, " ")
    words = [word for word in re.split(r"[\s·•|/,:;()\[\]«»\"'—–-]+", rest) if word]
    words = [word for word in words if word not in SAME_IN_EVERY_LANGUAGE]
    return not any(_has_letters(word) for word in words)


def _has_letters(text: str) -> bool:
    return any(character.isalpha() for character in text)


# {{ x|default:"never" }}, {{ flag|yesno:"yes,no" }}, {{ names|join:" v " }}: a literal shown in
# place of a value (write it _("never") to translate it). Date formats and the like are no text.
SHOWN_LITERAL = re.compile(r"""\|\s*(default|default_if_none|yesno|join)\s*:\s*(["'])(.*?)\2""")
TRANSLATING_TAGS = {"blocktranslate": "endblocktranslate", "blocktrans": "endblocktrans"}
SKIPPED_TAGS = {"comment": "endcomment", "verbatim": "endverbatim"}


def template_skeleton(source: str) -> str:
    """The template's HTML with every variable and tag replaced by HOLE and the text inside
    {% blocktranslate %}…{% endblocktranslate %} and {% comment %} blanked (line breaks kept)."""
    from django.template.base import Lexer, TokenType

    parts: list[str] = []
    closing: str | None = None
    for token in Lexer(source).tokenize():
        contents = token.contents
        if token.token_type == TokenType.BLOCK:
            name = contents.split()[0] if contents.split() else ""
            if closing is None and name in TRANSLATING_TAGS | SKIPPED_TAGS:
                closing = (TRANSLATING_TAGS | SKIPPED_TAGS)[name]
            elif name == closing:
                closing = None
            parts.append(f" {HOLE} ")
        elif token.token_type == TokenType.TEXT:
            parts.append("\n" * contents.count("\n") if closing else contents)
        elif token.token_type == TokenType.VAR:
            # a literal shown in place of a value stays in the skeleton, where the parser judges it
            shown = [escape(match.group(3)) for match in SHOWN_LITERAL.finditer(contents)] if not closing else []
            parts.append(f" {HOLE} " + " ".join(shown) + (f" {HOLE} " if shown else ""))
        else:  # a {# comment #}
            parts.append("")
    return "".join(parts)


@dataclass(frozen=True)
class Unmarked:
    path: str
    line: int
    where: str
    text: str

    def __str__(self) -> str:
        where = "" if self.where == "text" else f" ({self.where}=)"
        return f"{self.path}:{self.line}:{where} {self.text.replace(HOLE, '…')}"


def unmarked_in_template(path: Path, root: Path = ROOT, brands: Iterable[str] | None = None) -> list[Unmarked]:
    brands = list(brand_names() if brands is None else brands)
    source = path.read_text()
    skeleton = template_skeleton(source)
    found = []
    if path.suffix == ".txt":  # an email's text part: every line is text
        texts = [Text(number, "text", " ".join(line.split())) for number, line in enumerate(skeleton.splitlines(), 1)]
    else:
        texts = visible_texts(skeleton)
    for text in texts:
        if text.text and not is_untranslatable(text.text, brands):
            shown = text.text.strip(f"{HOLE} ")  # holes at either end say nothing
            found.append(Unmarked(_where(path, root), text.line, text.where, shown))
    return sorted(found, key=lambda found: found.line)


def templates(root: Path = ROOT) -> list[Path]:
    return sorted([*root.glob("templates/**/*.html"), *root.glob("templates/**/*.txt")])


def unmarked_template_text(root: Path = ROOT) -> list[Unmarked]:
    brands = brand_names()
    found = []
    for path in templates(root):
        found += unmarked_in_template(path, root, brands)
    return found


# --- the catalogues as a dictionary (the crawler) -----------------------------------------------


class Catalogues:
    """Every msgid of the project's catalogues for one language, with its translation."""

    def __init__(self, language: str, root: Path = ROOT):
        self.language = language
        # English text without placeholders -> every translation it has (all contexts and plural
        # forms; "" when one is missing): the same English word may be translated differently by
        # context ("Status" of a participant, of the site) and a plural has several forms.
        self.exact: dict[str, set[str]] = {}
        found: dict[str, set[str]] = {}
        for path in catalogues(root):
            if path.parent.parent.name != language:
                continue
            for entry in polib.pofile(str(path)):
                if entry.obsolete or not entry.msgid:
                    continue
                forms = [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values())
                if "fuzzy" in entry.flags:
                    forms = [""]
                for english in filter(None, (entry.msgid, entry.msgid_plural)):
                    english = " ".join(english.split())
                    if PERCENT.search(english) or BRACE.search(english):
                        if not _has_letters(BRACE.sub("", PERCENT.sub("", english))):
                            continue  # only placeholders ("{nation} {type}"): no English words to find
                        found.setdefault(english, set()).update(forms)
                    else:
                        self.exact.setdefault(english, set()).update(forms)
        self.patterns = [(_as_pattern(english), english, translations) for english, translations in found.items()]

    def english(self, text: str, masked: str | None = None) -> tuple[str, str] | None:
        """(msgid, translation) when ``text`` reads exactly as an English msgid whose translation
        differs from it (an empty translation differs): the page left it in English.

        A msgid with placeholders matches when its words are there and what fills each placeholder
        has no lower-case word: pass as ``masked`` the text with the names it holds (people, events,
        games) replaced by NAME, so that "Carnac Cup, round 2" reads as "%(event)s, round %(number)s"
        but a sentence never passes for "%(score)s to %(other)s"."""
        text = " ".join(text.split())
        if text in self.exact:
            translations = self.exact[text]
            if any(" ".join(translated.split()) == text for translated in translations):
                return None  # one of its translations reads the same ("Brouillard", "match")
            return text, sorted(translations)[-1]
        masked = " ".join((masked if masked is not None else text).split())
        if not _has_letters(masked.replace(NAME, "")):
            return None
        for pattern, english, translations in self.patterns:
            if pattern.fullmatch(masked) and not any(_as_pattern(t).fullmatch(masked) for t in translations if t):
                return english, sorted(translations)[-1]
        return None


NAME = "\ue001"  # stands for a name in a text the crawler judges


def _as_pattern(english: str) -> re.Pattern:
    pieces, last = [], 0
    for match in re.finditer(f"{PERCENT.pattern}|{BRACE.pattern}", english):
        pieces.append(re.escape(english[last : match.start()]))
        pieces.append("%" if match.group(0) == "%%" else "[^a-z]+?")  # a number, a name, a score
        last = match.end()
    pieces.append(re.escape(english[last:]))
    return re.compile("".join(pieces), re.DOTALL)


# --- the command line ---------------------------------------------------------------------------


def _print(title: str, lines: list) -> int:
    print(f"== {title}: {len(lines)}")
    for line in lines:
        print(f"  {line}")
    return len(lines)


def main(argv: list[str] | None = None) -> int:
    wanted = set(argv if argv is not None else sys.argv[1:]) or {"catalogues", "sync", "templates"}
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    failures = 0
    if "catalogues" in wanted:
        failures += _print("catalogue problems", all_catalogue_problems())
    if "sync" in wanted:
        report = sync_report()
        failures += _print("msgids marked in the code, missing from the catalogues", report.missing)
        failures += _print("msgids in the catalogues the code no longer marks", report.stale)
    if "templates" in wanted:
        failures += _print("unmarked template text", [str(found) for found in unmarked_template_text()])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
