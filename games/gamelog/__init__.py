"""The portable game log (model, JSON and text forms) and its replay validator. No Django."""

from games.gamelog import jsonform, textform
from games.gamelog.model import FORMAT_VERSION, ClaimedResult, GameLog, LogFormatError, Seat, decode_input


def parse_log(data: str | bytes) -> GameLog:
    """Read either form: JSON when the first non-blank character is '{', text otherwise."""
    data = decode_input(data)
    if data.lstrip()[:1] == "{":
        return jsonform.loads(data)
    return textform.loads(data)


__all__ = ["FORMAT_VERSION", "ClaimedResult", "GameLog", "LogFormatError", "Seat", "jsonform", "parse_log", "textform"]
