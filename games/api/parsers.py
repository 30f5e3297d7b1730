"""Request parsers for logs sent as plain text."""

from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser

from games.gamelog.model import MAX_LOG_BYTES


class PlainTextParser(BaseParser):
    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None):
        data = stream.read(MAX_LOG_BYTES + 1)
        if len(data) > MAX_LOG_BYTES:
            raise ParseError(f"the log is larger than {MAX_LOG_BYTES // 1000} kB")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ParseError(f"not UTF-8 text (byte {exc.start})") from None
