"""Log lines as JSON (production) or text (``make run``), each with the id of its request.

A request's id is the ``X-Request-ID`` it came with when that is a short plain token (a proxy or a
client that already named the request), else a new random one; it is echoed in the response
(config/observe.py). It lives in a context variable for the request's duration, so every line
logged while the request is served carries it, and it travels in the headers of the tasks the
request sends, so that a worker's lines about that work carry it too (config/celery.py).

``BRUME_LOG_FORMAT``: ``json`` (one object per line: time, level, logger, message, request_id,
task and task_id inside a task, exception, and the ``extra`` a caller passed) or ``text`` (the
plain format the site always had). Default: text when DEBUG or embedded, json otherwise.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
from datetime import UTC, datetime

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("brume_request_id", default=None)
# (task name, task id) while a task runs (config/celery.py)
TASK: contextvars.ContextVar[tuple[str, str] | None] = contextvars.ContextVar("brume_task", default=None)
# A header value taken as it is: what proxies and tracing tools send (uuids, hex, base64url).
_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{8,64}")
# What every LogRecord has; anything else on a record came from ``extra=`` and is logged too.
_STANDARD = frozenset(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "request_id", "taskName"}


def request_id_from(header: str | None) -> str:
    """The incoming id when it is a sane short token, else a new one (32 hex digits)."""
    if header and _SANE_ID.fullmatch(header):
        return header
    return secrets.token_hex(16)


class RequestIdFilter(logging.Filter):
    """Puts the current request's id on every record a handler emits (None outside requests)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = getattr(record, "request_id", None) or REQUEST_ID.get()
        if request_id:
            line["request_id"] = request_id
        task = TASK.get()
        if task is not None:
            line["task"], line["task_id"] = task
        for name, value in record.__dict__.items():
            if name not in _STANDARD and not name.startswith("_"):
                line.setdefault(name, value)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, default=str, ensure_ascii=False)
