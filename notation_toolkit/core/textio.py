"""Reading text files as every text tool does.

* UTF-8; a leading byte-order mark (U+FEFF, which editors on Windows write) is dropped. A BOM
  anywhere else, or in a string given on the command line or to the API, is text like any other
  character and the notation reports it.
* Newlines ``\\r\\n``, ``\\r`` and ``\\n`` all end a line and are read as ``\\n``; the style of
  the file is remembered (``TextFile.newline``) so a formatter can write it back the same way.
* A last line without a newline is a line; an empty file is an empty text.
* Bytes that are not UTF-8 give a ``NotationError`` (code ``NTK005``) pointing at the first bad
  byte by line and column, never a ``UnicodeDecodeError``; a file that cannot be opened gives the
  same code with the system's reason.

``-`` names standard input, read with the same rules.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

from notation_toolkit.core.codes import NTK005
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.span import Span

STDIN = "-"
BOM = "\ufeff"
_BOM_BYTES = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class TextFile:
    """A decoded text file: ``text`` has ``\\n`` newlines and no leading BOM.

    ``newline`` is the file's newline (the first one found; ``"\\n"`` when it has none) and
    ``bom`` whether it started with a byte-order mark, so that writing it back can keep both.
    """

    source: str
    text: str
    newline: str = "\n"
    bom: bool = False

    def encode(self, text: str) -> bytes:
        """``text`` (with ``\\n`` newlines) as bytes in this file's newline style and BOM."""
        if self.newline != "\n":
            text = text.replace("\n", self.newline)
        data = text.encode("utf-8")
        return _BOM_BYTES + data if self.bom else data


def decode(data: bytes, source: str = "<bytes>") -> TextFile:
    """Decode the bytes of a text file (see the module docstring for the rules)."""
    bom = data.startswith(_BOM_BYTES)
    if bom:
        data = data[len(_BOM_BYTES) :]
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_utf8(data, exc, source) from None
    newline = _newline_of(raw)
    text = raw.replace("\r\n", "\n").replace("\r", "\n") if "\r" in raw else raw
    return TextFile(source, text, newline, bom)


def read_text_file(path: str | os.PathLike[str]) -> TextFile:
    """Read the text file ``path`` (``"-"``: standard input); ``NotationError`` ``NTK005`` if it cannot be."""
    source = os.fspath(path)
    if source == STDIN:
        return decode(read_stdin_bytes(), "<stdin>")
    try:
        with open(source, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        reason = exc.strerror or str(exc)
        template = "directory" if exc.errno == errno.EISDIR else ""
        raise NTK005.error(NotationError, template, source=source, reason=reason) from None
    return decode(data, source)


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the file ``path`` (``"-"``: standard input), as :func:`read_text_file` reads it."""
    return read_text_file(path).text


def write_text_file(original: TextFile, text: str) -> None:
    """Write ``text`` back over ``original.source`` in the same newline style and BOM."""
    with open(original.source, "wb") as handle:
        handle.write(original.encode(text))


def stdin_stream() -> BinaryIO | None:
    """The binary standard input, or ``None`` when it is a text-only stream (tests, embedding).

    Raises ``OSError(EBADF)`` when standard input is closed (``ntk ... <&-``): Python then sets
    ``sys.stdin`` to ``None``, and the command line's error boundary reports the OSError.
    """
    stream = require_stdin()
    buffer: BinaryIO | None = getattr(stream, "buffer", None)
    return buffer


def require_stdin() -> object:
    """``sys.stdin``, or ``OSError(EBADF)`` when standard input is closed."""
    if sys.stdin is None or getattr(sys.stdin, "closed", False):
        raise OSError(errno.EBADF, "standard input is closed")
    return sys.stdin


def read_stdin_bytes() -> bytes:
    """All of standard input as bytes (a text stream without a buffer is encoded back to UTF-8)."""
    buffer = stdin_stream()
    if buffer is not None:
        return buffer.read()
    text: str = sys.stdin.read()
    return text.encode("utf-8", "surrogatepass")


def _newline_of(text: str) -> str:
    cr = text.find("\r")
    if cr < 0:
        return "\n"
    lf = text.find("\n")
    if 0 <= lf < cr:
        return "\n"
    return "\r\n" if text.startswith("\r\n", cr) else "\r"


def _hex(data: bytes) -> str:
    return " ".join(f"0x{b:02x}" for b in data)


def _not_utf8(data: bytes, exc: UnicodeDecodeError, source: str) -> NotationError:
    """The diagnostic for bytes that are not UTF-8: where the first bad byte is."""
    good = data[: exc.start].decode("utf-8")
    text = good.replace("\r\n", "\n").replace("\r", "\n")
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    bad = data[exc.start : exc.end]
    span = Span(len(text), 1, line, column)
    diagnostic = NTK005.diagnostic(
        "not_utf8", span=span, source=source, bytes=_hex(bad), line=line, column=column
    )
    # The text shown under the message: the bad bytes as U+FFFD, so the caret points at them.
    shown = data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
    return NotationError([diagnostic], shown)


# --------------------------------------------------------------------------------------------
# streaming: files of any size in constant memory, with the same rules as read_text_file

_CHUNK = 1 << 20


class StreamDecodeError(NotationError):
    """Bytes that are not UTF-8 found while streaming: the diagnostic of :func:`read_text_file`.

    Its span is located in the whole stream (offset, line, column); ``text`` is the decoded line
    holding the bad byte (as U+FFFD) and ``text_offset`` where that line starts in the stream, so
    that a renderer shows the line without the whole stream in memory.
    """

    def __init__(self, diagnostics: list[Diagnostic], text: str, text_offset: int) -> None:
        super().__init__(diagnostics, text)
        self.text_offset = text_offset


def _open_binary(source: str) -> BinaryIO:
    try:
        return open(source, "rb")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        template = "directory" if exc.errno == errno.EISDIR else ""
        raise NTK005.error(NotationError, template, source=source, reason=reason) from None


def count_lines(path: str | os.PathLike[str]) -> int:
    """Check that ``path`` can be read as text and count its lines, in constant memory.

    Raises the same ``NotationError`` (NTK005) as :func:`read_text_file` would, so a command can
    refuse a bad file before it prints anything, then stream it with :func:`iter_lines`. The
    count is that of ``text.split("\\n")`` (a last line without a newline counts; an empty file
    has one empty line).
    """
    import codecs

    source = os.fspath(path)
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = 1
    previous_cr = False
    with _open_binary(source) as handle:
        while chunk := handle.read(_CHUNK):
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError:
                read_text_file(source)  # raises the located NTK005 (reading the file: a rare path)
                raise
            # CRLF, CR and LF are one newline each; a CRLF may straddle two chunks.
            lines += chunk.count(b"\n") + chunk.count(b"\r") - chunk.count(b"\r\n")
            if previous_cr and chunk.startswith(b"\n"):
                lines -= 1
            previous_cr = chunk.endswith(b"\r")
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            read_text_file(source)
            raise
    return lines


def iter_lines(path: str | os.PathLike[str]) -> Iterator[str]:
    """The lines of the text file ``path`` (``"-"``: standard input), without their newline.

    The same text as ``read_text_file(path).text.split("\\n")``, read lazily: constant memory in
    the size of the file. A file that cannot be opened raises NTK005 at once; bytes that are not
    UTF-8 raise :class:`StreamDecodeError` (NTK005, located in the whole file) when reached.
    """
    source = os.fspath(path)
    if source == STDIN:
        buffer = stdin_stream()
        if buffer is None:  # a text-only stream (tests, embedding): already decoded
            yield from _split_text_stream(sys.stdin)
            return
        yield from _split_binary(buffer, "<stdin>")
        return
    with _open_binary(source) as handle:
        yield from _split_binary(handle, source)


def _split_text_stream(stream: object) -> Iterator[str]:
    text_lines: Iterator[str] = iter(stream)  # type: ignore[call-overload]
    tail = ""
    first = True
    for raw in text_lines:
        if first:
            raw = raw.removeprefix(BOM)
            first = False
        piece = tail + raw
        if "\r" in piece:
            piece = piece.replace("\r\n", "\n").replace("\r", "\n")
        *done, tail = piece.split("\n")
        yield from done
    yield tail


def _split_binary(handle: BinaryIO, source: str) -> Iterator[str]:
    lines_before = 0  # lines already yielded
    chars_before = 0  # characters (with their "\n") already yielded
    tail = ""
    first = True
    for raw in handle:  # binary lines end at b"\n", so a CRLF is never split
        if first:
            raw = raw.removeprefix(_BOM_BYTES)
            first = False
        try:
            piece = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _stream_not_utf8(raw, exc, source, tail, lines_before, chars_before) from None
        if "\r" in piece:
            piece = piece.replace("\r\n", "\n").replace("\r", "\n")
        piece = tail + piece
        *done, tail = piece.split("\n")
        for line in done:
            yield line
            lines_before += 1
            chars_before += len(line) + 1
    yield tail


def _stream_not_utf8(
    raw: bytes, exc: UnicodeDecodeError, source: str, tail: str, lines_before: int, chars_before: int
) -> StreamDecodeError:
    """The diagnostic ``_not_utf8`` gives for the whole file, found in one binary line."""
    good = tail + raw[: exc.start].decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    line = lines_before + good.count("\n") + 1
    line_start = good.rfind("\n") + 1
    column = len(good) - line_start + 1
    bad = raw[exc.start : exc.end]
    diagnostic = NTK005.diagnostic(
        "not_utf8",
        span=Span(chars_before + len(good), 1, line, column),
        source=source,
        bytes=_hex(bad),
        line=line,
        column=column,
    )
    shown = (tail + raw.decode("utf-8", "replace")).replace("\r\n", "\n").replace("\r", "\n")
    shown_line = shown[line_start:].split("\n", 1)[0]
    return StreamDecodeError([diagnostic], shown_line, chars_before + line_start)
