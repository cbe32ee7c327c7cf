"""LSP message framing that survives any client: ``Content-Length`` headers, then a body.

:class:`FrameReader` is a byte-stream splitter without I/O (fed chunks, it yields events), so that
any sequence of bytes can be tested and fuzzed without a server. It never raises on input and
holds at most ``max_body`` plus one chunk of bytes, whatever arrives:

* a header block whose ``Content-Length`` is missing, not a number, negative or above
  ``max_body`` is a :class:`Malformed` event, and the bytes after it are skipped up to the next
  ``Content-Length`` header;
* bytes that are not a header where one is expected (the rest of a body shorter than its
  ``Content-Length`` said, say) are skipped up to the next ``Content-Length`` header, with one
  :class:`Malformed` event;
* a body announced longer than it is (the next message's header arrives inside it) ends where
  that header starts: a :class:`Malformed` event, and the next message is read normally. This is
  safe because a header line (``Content-Length: N`` then a raw newline) cannot occur inside a
  JSON text: JSON strings hold no raw newline, and outside strings the words are not JSON.

Header lines may end in CRLF (the protocol's) or a bare LF; names are matched case-insensitively.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

MAX_MESSAGE: Final = 16 << 20
"""Largest message body read, in bytes (``ntk lsp --max-message`` changes it)."""
MAX_HEADER: Final = 8 << 10
"""Largest header block, in bytes: real clients send one or two short lines."""

# A Content-Length header line with a number: what the reader resynchronises on. It cannot occur
# in a JSON text: a digit then a raw newline is neither inside a string nor JSON outside one.
_RESYNC = re.compile(rb"content-length[ \t]*:[ \t]*[0-9]+[ \t]*\r?\n", re.IGNORECASE)
_HEADER_END = re.compile(rb"\r?\n\r?\n")
_TOKEN = rb"[A-Za-z0-9!#$%&'*+.^_`|~-]"  # the characters of a header name (RFC 9110)
_HEADER_LINE = re.compile(_TOKEN + rb"+[ \t]*:[^\r\n]*")
_LENGTH = re.compile(rb"[ \t]*([0-9]+)[ \t]*")
_KEEP = 64  # bytes kept while skipping, so a header split between two chunks is still found


@dataclass(frozen=True, slots=True)
class Message:
    """A complete message body (bytes, not yet decoded)."""

    body: bytes


@dataclass(frozen=True, slots=True)
class Malformed:
    """Bytes that were not a well-formed message, and why (one line, for the client)."""

    reason: str


Event = Message | Malformed


class FrameReader:
    """Split a byte stream into LSP messages (see the module docstring)."""

    def __init__(self, *, max_body: int = MAX_MESSAGE, max_header: int = MAX_HEADER) -> None:
        self.max_body = max_body
        self.max_header = max_header
        self._buffer = bytearray()
        self._length: int | None = None  # the body length of the header just read
        self._scanned = 0  # bytes of the pending body already searched for a header
        self._skipping = False  # discarding bytes up to the next Content-Length header

    def feed(self, data: bytes) -> Iterator[Event]:
        """Add ``data`` and yield every event it completes."""
        self._buffer += data
        while True:
            event = self._step()
            if event is None:
                return
            if isinstance(event, (Message, Malformed)):
                yield event

    def _step(self) -> Event | object | None:
        """One event, ``_AGAIN`` when state changed without one, ``None`` when more bytes are needed."""
        buffer = self._buffer
        if self._length is not None:
            return self._body(self._length)
        if self._skipping:
            return self._skip()
        # Blank lines between messages are tolerated (some clients end a body with a newline).
        start = 0
        while start < len(buffer) and buffer[start] in b"\r\n":
            start += 1
        if start:
            del buffer[:start]
        if not buffer:
            return None
        end = _HEADER_END.search(buffer, 0, self.max_header + 4)
        if end is None:
            first = buffer.split(b"\n", 1)[0]
            complete_line = b"\n" in buffer
            looks_like_header = _HEADER_LINE.fullmatch(first.rstrip(b"\r")) is not None
            if len(buffer) <= self.max_header and (
                looks_like_header or (not complete_line and _may_start_header(bytes(first)))
            ):
                return None  # wait for the rest of the header
            return self._start_skipping("the message header was not understood", offset=1)
        lines = bytes(buffer[: end.start()]).split(b"\n")
        lines = [line.rstrip(b"\r") for line in lines]
        if not all(_HEADER_LINE.fullmatch(line) for line in lines):
            return self._start_skipping("bytes outside a message were skipped", offset=1)
        del buffer[: end.end()]
        length: bytes | None = None
        for line in lines:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = value
        if length is None:
            return self._start_skipping("a message header had no Content-Length", offset=0)
        number = _LENGTH.fullmatch(length)
        shown = _show(length.strip())
        if number is None:
            return self._start_skipping(f"the Content-Length {shown} is not a number of bytes", offset=0)
        digits = number.group(1).lstrip(b"0") or b"0"
        if len(digits) > 15 or int(digits) > self.max_body:
            return self._start_skipping(
                f"the Content-Length {shown} is larger than the {self.max_body} bytes the server reads",
                offset=0,
            )
        self._length = int(digits)
        self._scanned = 0
        return _AGAIN

    def _body(self, length: int) -> Event | None:
        buffer = self._buffer
        # A header inside the announced body: the body was shorter than announced.
        found = _RESYNC.search(buffer, max(0, self._scanned - _KEEP), min(len(buffer), length + _KEEP))
        if found is not None and found.start() < length:
            del buffer[: found.start()]
            self._length = None
            return Malformed(
                f"a message was shorter than its Content-Length ({length} bytes); "
                "the next header was read instead"
            )
        if len(buffer) < length:
            self._scanned = len(buffer)
            return None
        body = bytes(buffer[:length])
        del buffer[:length]
        self._length = None
        return Message(body)

    def _start_skipping(self, reason: str, *, offset: int) -> Event | object:
        self._skipping = True
        found = _RESYNC.search(self._buffer, offset)
        if found is not None:
            del self._buffer[: found.start()]
            self._skipping = False
        return Malformed(reason)

    def _skip(self) -> object | None:
        buffer = self._buffer
        found = _RESYNC.search(buffer)
        if found is None:
            if len(buffer) > _KEEP:
                del buffer[:-_KEEP]
            return None
        del buffer[: found.start()]
        self._skipping = False
        return _AGAIN


_AGAIN: Final = object()


def _may_start_header(data: bytes) -> bool:
    """Whether ``data`` (an incomplete first line) can still become a header line."""
    return re.fullmatch(_TOKEN + rb"*([ \t]*:[^\r\n]*)?\r?", data) is not None


def _show(value: bytes) -> str:
    text = value[:24].decode("utf-8", "replace")
    return repr(text + ("..." if len(value) > 24 else ""))
