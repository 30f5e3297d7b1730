"""The portable game log (model, JSON and text forms) and its replay validator. No Django."""

from games.gamelog import jsonform, textform
from games.gamelog.model import FORMAT_VERSION, MAX_LOG_BYTES, ClaimedResult, GameLog, LogFormatError, Seat


def parse_log(data: str | bytes) -> GameLog:
    """Read either form: JSON when the first non-blank character is '{', text otherwise."""
    if isinstance(data, bytes):
        if len(data) > MAX_LOG_BYTES:
            raise LogFormatError(f"the log is larger than {MAX_LOG_BYTES // 1000} kB")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogFormatError(f"not UTF-8 text (byte {exc.start})") from None
    data = data.lstrip("\ufeff")
    if data.lstrip()[:1] == "{":
        return jsonform.loads(data)
    return textform.loads(data)


__all__ = ["FORMAT_VERSION", "ClaimedResult", "GameLog", "LogFormatError", "Seat", "jsonform", "parse_log", "textform"]
