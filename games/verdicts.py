"""A record's verdict in the reader's language.

A verdict is written once, by a worker that speaks no language in particular: its JSON keeps its
problems and notes in English and, since issue 20, also as translatable texts (``texts``: a
template marked in games/gamelog/validator.py and its params) and as said in each of the site's
other languages when it was written (``texts.said``: an engine's reason is an object with its
params only then; stored, it is its English). A page or the API shows it here in the active
language; a verdict stored before keeps its English texts.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext

from games.engine_texts import translated as engine_text  # an engine's reason in the active language


def render_text(template: str, params: dict[str, Any]) -> str:
    """One of the validator's texts in the active language (params named "reason" are the engines')."""
    params = {key: engine_text(value) if key == "reason" else value for key, value in (params or {}).items()}
    return gettext(template) % params if params else gettext(template)


def said_in_each_language(verdict) -> dict[str, dict[str, Any]]:
    """A fresh Verdict's texts in each of the site's languages but English (its stored texts),
    rendered while its engine texts are still objects: stored with the verdict."""
    said = {}
    for code, _name in settings.LANGUAGES:
        if code == "en":
            continue
        with translation.override(code):
            said[code] = {
                "problems": [render_text(template, params) for template, params in verdict.problem_texts],
                "notes": [render_text(template, params) for template, params in verdict.note_texts],
                "outcome_reason": engine_text(verdict.outcome.reason)
                if verdict.outcome and verdict.outcome.reason
                else "",
                "bad_move_reason": engine_text(verdict.bad_move.reason) if verdict.bad_move else "",
            }
    return said


def stored_json(verdict) -> dict[str, Any]:
    """What a record keeps of a fresh Verdict: its JSON, its texts, and them said in each language."""
    data = verdict.to_json(texts=True)
    data["texts"]["said"] = said_in_each_language(verdict)
    return data


def _said(verdict: dict) -> dict | None:
    said = (verdict.get("texts") or {}).get("said") or {}
    return said.get(translation.get_language() or "")


def _texts(verdict: dict, kind: str) -> list[str]:
    said = _said(verdict)
    if said is not None and kind in said:
        return list(said[kind])
    texts = (verdict.get("texts") or {}).get(kind)
    if texts is None:  # stored before the verdicts kept their texts: as written
        return list(verdict.get(kind) or [])
    return [render_text(template, params) for template, params in texts]


def summary(verdict: dict, problems: list[str]) -> str:
    """The verdict's one line, as Verdict.summary writes it in English; ``verdict`` as shown (its
    outcome's reason already in the active language)."""
    if not verdict.get("valid"):
        return gettext("invalid: %(problems)s") % {"problems": "; ".join(problems)}
    count = verdict.get("plies_replayed", 0)
    outcome = verdict.get("outcome")
    if not outcome:
        return ngettext("valid: %(count)d moves replayed", "valid: %(count)d moves replayed", count) % {"count": count}
    params = {"count": count, "ranks": "-".join(map(str, outcome.get("ranks") or ())), "reason": outcome.get("reason")}
    if params["reason"]:
        return (
            ngettext(
                "valid: %(count)d moves replayed; result %(ranks)s (%(reason)s)",
                "valid: %(count)d moves replayed; result %(ranks)s (%(reason)s)",
                count,
            )
            % params
        )
    return (
        ngettext(
            "valid: %(count)d moves replayed; result %(ranks)s",
            "valid: %(count)d moves replayed; result %(ranks)s",
            count,
        )
        % params
    )


def translated_verdict(verdict: dict | None) -> dict | None:
    """A copy of a stored verdict whose texts speak the active language (``texts`` left out)."""
    if verdict is None:
        return None
    shown = {key: value for key, value in verdict.items() if key != "texts"}
    if "summary" not in verdict:  # not a verdict of the validator (a parse error's answer)
        return shown
    problems = _texts(verdict, "problems")
    shown["problems"] = problems
    shown["notes"] = _texts(verdict, "notes")
    said = _said(verdict) or {}
    if verdict.get("outcome") and verdict["outcome"].get("reason"):
        reason = said.get("outcome_reason") or engine_text(verdict["outcome"]["reason"])
        shown["outcome"] = {**verdict["outcome"], "reason": reason}
    if verdict.get("bad_move") and verdict["bad_move"].get("reason"):
        reason = said.get("bad_move_reason") or engine_text(verdict["bad_move"]["reason"])
        shown["bad_move"] = {**verdict["bad_move"], "reason": reason}
    shown["summary"] = summary(shown, problems)
    return shown


def redacted_verdict(verdict: dict) -> dict:
    """What anyone may see of a hidden-information game's verdict before it is over."""
    bad = verdict.get("bad_move")
    if verdict["valid"]:
        line = gettext("valid")
    elif bad:
        line = gettext("invalid at move %(ply)d") % {"ply": bad["ply"]}
    else:
        line = gettext("invalid")
    return {
        "valid": verdict["valid"],
        "finished": verdict["finished"],
        "plies_replayed": verdict["plies_replayed"],
        "bad_move": {"ply": bad["ply"]} if bad else None,
        "summary": line,
        "redacted": gettext("this hidden-information game is not over: only its uploader sees the reasons"),
    }
