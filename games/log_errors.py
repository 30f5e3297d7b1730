"""Why an upload is not a game log, in the reader's language.

The game log code (games/gamelog/) never imports Django: its refusals (LogFormatError,
InputRefused) carry a template marked with ``N_`` and its params, and the English message. Pages
and the API show them here through the games catalogue. ``where`` (the line or field at fault) is
also said in words where it is words ("line 3"); a log's field names (result, seats...) stay as
they are, as the API's ``where`` field does.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext

from games.gamelog import LogFormatError
from games.gamelog.limits import N_, InputRefused

_WHERE = [
    (re.compile(r"^line (?P<line>\d+), column (?P<column>\d+)$"), N_("line %(line)s, column %(column)s")),
    (re.compile(r"^line (?P<line>\d+) \((?P<header>.+)\)$"), N_("line %(line)s (%(header)s)")),
    (re.compile(r"^line (?P<line>\d+)$"), N_("line %(line)s")),
    (re.compile(r"^seat (?P<seat>\d+)$"), N_("seat %(seat)s")),
    (re.compile(r"^move (?P<move>\d+)$"), N_("move %(move)s")),
    (re.compile(r"^meta (?P<key>.+)$"), N_("meta %(key)s")),
    (re.compile(r"^header$"), N_("header")),
    (re.compile(r"^end of log$"), N_("end of log")),
    (re.compile(r"^seat name$"), N_("seat name")),
    (re.compile(r"^seat player$"), N_("seat player")),
]
_MARKED_PARAMS = {"what"}  # params that are marked texts themselves ("the log", "the JSON body")


def _param(key: str, value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], dict):
        return text_of(*value)
    if key in _MARKED_PARAMS and isinstance(value, str):
        return gettext(value)
    return value


def text_of(template: str, params: dict | None) -> str:
    """A marked template with its params, in the active language."""
    if not params:
        return gettext(template)
    return gettext(template) % {key: _param(key, value) for key, value in params.items()}


def where_text(where: str | None) -> str | None:
    if not where:
        return where
    for pattern, template in _WHERE:
        match = pattern.match(where)
        if match:
            return gettext(template) % match.groupdict() if match.groupdict() else gettext(template)
    return where  # a log's field name: as it is written in the log


def log_error_text(exc: LogFormatError) -> str:
    """The refusal as str(exc) says it in English, in the active language."""
    message = text_of(getattr(exc, "template", exc.message), getattr(exc, "params", None))
    where = where_text(exc.where)
    return gettext("%(where)s: %(message)s") % {"where": where, "message": message} if where else message


def refusal_text(exc: InputRefused) -> str:
    return text_of(getattr(exc, "template", str(exc)), getattr(exc, "params", None))
