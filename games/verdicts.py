"""A record's verdict in the reader's language.

A verdict is written once, by a worker that speaks no language in particular: its JSON keeps its
problems and notes in English and, since issue 20, also as translatable texts (``texts``: a
template marked in games/gamelog/validator.py and its params). A page or the API shows it here
in the active language; a verdict stored before keeps its English texts.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext


def engine_text(text: str) -> str:
    """An engine's text (a refusal reason, an outcome's reason) in the active language, through
    the engines' catalogue (games/engine_texts.py) once it is there; else as the engine wrote it."""
    try:
        from games.engine_texts import translated
    except ImportError:  # the engines' catalogue is not there (yet)
        return text
    return translated(text)


def render_text(template: str, params: dict[str, Any]) -> str:
    """One of the validator's texts in the active language (params named "reason" are the engines')."""
    params = {key: engine_text(value) if key == "reason" else value for key, value in (params or {}).items()}
    return gettext(template) % params if params else gettext(template)


def _texts(verdict: dict, kind: str) -> list[str]:
    texts = (verdict.get("texts") or {}).get(kind)
    if texts is None:  # stored before the verdicts kept their texts: as written
        return list(verdict.get(kind) or [])
    return [render_text(template, params) for template, params in texts]


def summary(verdict: dict, problems: list[str]) -> str:
    """The verdict's one line, as Verdict.summary writes it in English."""
    if not verdict.get("valid"):
        return gettext("invalid: %(problems)s") % {"problems": "; ".join(problems)}
    count = verdict.get("plies_replayed", 0)
    outcome = verdict.get("outcome")
    if not outcome:
        return ngettext("valid: %(count)d moves replayed", "valid: %(count)d moves replayed", count) % {"count": count}
    params = {"count": count, "ranks": "-".join(map(str, outcome.get("ranks") or ())), "reason": outcome.get("reason")}
    if params["reason"]:
        params["reason"] = engine_text(params["reason"])
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
    shown["summary"] = summary(verdict, problems)
    if verdict.get("outcome") and verdict["outcome"].get("reason"):
        shown["outcome"] = {**verdict["outcome"], "reason": engine_text(verdict["outcome"]["reason"])}
    if verdict.get("bad_move") and verdict["bad_move"].get("reason"):
        shown["bad_move"] = {**verdict["bad_move"], "reason": engine_text(verdict["bad_move"]["reason"])}
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
