"""A minimal Server-Sent Events client over asyncio streams, for the push benchmark and tests.

Plain HTTP/1.1 on loopback, chunked bodies understood; thousands of them fit in one process.
"""

from __future__ import annotations

import asyncio
import json


class Stream:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        self.reader = reader
        self.writer = writer
        self.status = 0
        self.headers: dict[str, str] = {}
        self._chunked = False
        self._buffer = ""
        self.ended = False

    async def _read_head(self) -> None:
        line = await self.reader.readline()
        self.status = int(line.split()[1])
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            self.headers[name.strip().lower()] = value.strip()
        self._chunked = self.headers.get("transfer-encoding", "").lower() == "chunked"

    async def _more(self) -> bool:
        if self._chunked:
            size = int((await self.reader.readline()).split(b";")[0] or b"0", 16)
            if size == 0:
                return False
            data = await self.reader.readexactly(size + 2)
            self._buffer += data[:-2].decode()
            return True
        data = await self.reader.read(65536)
        self._buffer += data.decode()
        return bool(data)

    async def next_block(self, timeout: float = 10.0) -> dict | None:
        """The next block (event, retry or comment) as its fields; None when the stream ended."""
        async with asyncio.timeout(timeout):
            while "\n\n" not in self._buffer:
                if self.ended or not await self._more():
                    self.ended = True
                    return None
        block, self._buffer = self._buffer.split("\n\n", 1)
        fields: dict = {}
        for line in block.split("\n"):
            name, _, value = line.partition(":")
            fields[name or "comment"] = value[1:] if value.startswith(" ") else value
        return fields

    async def next_event(self, timeout: float = 10.0) -> dict | None:
        """The next event's data (parsed JSON) with its id, skipping retry and comment blocks."""
        while (block := await self.next_block(timeout)) is not None:
            if "data" in block:
                return {**json.loads(block["data"]), "id": block.get("id")}
        return None

    async def rest(self, timeout: float = 10.0) -> list[dict]:
        blocks = []
        while (block := await self.next_block(timeout)) is not None:
            blocks.append(block)
        return blocks

    def close(self) -> None:
        self.writer.close()


async def open_stream(host: str, port: int, path: str, headers: dict[str, str] | None = None) -> Stream:
    reader, writer = await asyncio.open_connection(host, port)
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Accept: text/event-stream", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
    await writer.drain()
    stream = Stream(reader, writer)
    await stream._read_head()
    if stream.status != 200:
        stream.ended = True
    return stream


async def http_request(
    host: str, port: int, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b""
) -> tuple[int, bytes]:
    """One plain HTTP/1.1 request on its own connection: (status, body)."""
    reader, writer = await asyncio.open_connection(host, port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}:{port}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
    if body or method == "POST":
        lines.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    stream = Stream(reader, writer)
    await stream._read_head()
    if stream._chunked:
        while await stream._more():
            pass
        content = stream._buffer.encode()
    elif "content-length" in stream.headers:
        content = await reader.readexactly(int(stream.headers["content-length"]))
    else:
        content = await reader.read()
    writer.close()
    return stream.status, content
