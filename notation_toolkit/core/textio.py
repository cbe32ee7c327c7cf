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

Every reader is bounded, whatever the source (file, pipe, standard input, device such as
``/dev/zero``): a text read whole (an FBR file, a TEXT argument ``-``) has at most ``max_text``
bytes, a streamed line at most ``max_line`` bytes and a stream at most ``max_stream`` bytes.
Crossing a cap is a ``NotationError`` with code ``NTK001``, raised after reading at most the cap
plus one chunk, so memory stays bounded. The caps come from the environment (``NTK_MAX_TEXT``,
``NTK_MAX_LINE``, ``NTK_MAX_STREAM``: a number of bytes, with an optional ``K``, ``M``, ``G`` or
``T`` suffix in powers of 1024), see :func:`read_limits`.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from notation_toolkit.core.codes import NTK001, NTK005
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.span import Span

STDIN = "-"
BOM = "\ufeff"
_BOM_BYTES = b"\xef\xbb\xbf"

DEFAULT_MAX_TEXT = 16 << 20
"""Largest text read whole, in bytes (``NTK_MAX_TEXT``)."""
DEFAULT_MAX_LINE = 1 << 20
"""Longest line of a streamed input, in bytes (``NTK_MAX_LINE``)."""
DEFAULT_MAX_STREAM = 64 << 30
"""Largest streamed input, in bytes (``NTK_MAX_STREAM``)."""


@dataclass(frozen=True, slots=True)
class ReadLimits:
    """The caps of every reader, in bytes (see the module docstring)."""

    max_text: int = DEFAULT_MAX_TEXT
    max_line: int = DEFAULT_MAX_LINE
    max_stream: int = DEFAULT_MAX_STREAM


_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
_ENV = (("max_text", "NTK_MAX_TEXT"), ("max_line", "NTK_MAX_LINE"), ("max_stream", "NTK_MAX_STREAM"))


def parse_size(text: str) -> int | None:
    """A size such as ``1048576``, ``64K``, ``16M``, ``16MiB`` or ``2G`` in bytes; ``None`` if
    ``text`` is not one (or is below 1)."""
    import re

    found = re.fullmatch(r"\s*([0-9]{1,15})\s*([KMGT]?)(?:i?B)?\s*", text, re.IGNORECASE)
    if found is None:
        return None
    size = int(found.group(1)) * _UNITS[found.group(2).upper()]
    return size if size >= 1 else None


def read_limits() -> ReadLimits:
    """The caps in force: the defaults, or the environment's ``NTK_MAX_TEXT``, ``NTK_MAX_LINE``
    and ``NTK_MAX_STREAM``; a value that is not a size is an ``NTK001`` error."""
    values: dict[str, int] = {}
    for name, variable in _ENV:
        raw = os.environ.get(variable)
        if raw is None or not raw.strip():
            continue
        size = parse_size(raw)
        if size is None:
            raise NTK001.error(NotationError, "setting", variable=variable, value=raw[:40])
        values[name] = size
    return ReadLimits(**values)


def _too_large(source: str, limit: int, variable: str, what: str = "text") -> NotationError:
    return NTK001.error(NotationError, what, source=source, limit=limit, variable=variable)


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
        data = read_capped_bytes(source)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        template = "directory" if exc.errno == errno.EISDIR else ""
        raise NTK005.error(NotationError, template, source=source, reason=reason) from None
    return decode(data, source)


def read_capped_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file ``path``, at most ``NTK_MAX_TEXT`` of them: a larger file (or an endless
    device) is a ``NotationError`` NTK001 read in bounded memory; ``OSError`` when it cannot be opened,
    for callers that report an unreadable file with an exit code of their own."""
    source = os.fspath(path)
    limit = read_limits().max_text
    with open(source, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise _too_large(source, limit, "NTK_MAX_TEXT")
    return data


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
    """All of standard input as bytes (a text stream without a buffer is encoded back to UTF-8),
    at most ``max_text`` of them (``NTK001`` beyond)."""
    limit = read_limits().max_text
    buffer = stdin_stream()
    if buffer is not None:
        data = buffer.read(limit + 1)
    else:
        data = sys.stdin.read(limit + 1).encode("utf-8", "surrogatepass")
    if len(data) > limit:
        raise _too_large("<stdin>", limit, "NTK_MAX_TEXT")
    return data


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


class StreamLimitError(StreamDecodeError):
    """A line or a stream over its cap (``NTK001``), found while streaming; shown like a
    :class:`StreamDecodeError` (its ``text`` is the start of the line, when there is one)."""


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
    import re

    source = os.fspath(path)
    limits = read_limits()
    decoder = codecs.getincrementaldecoder("utf-8")()
    lines = 1
    previous_cr = False
    run = 0  # bytes of the line being read, before this chunk
    total = 0
    newline = re.compile(rb"[\r\n]")
    with _open_binary(source) as handle:
        while chunk := handle.read(_CHUNK):
            total += len(chunk)
            if total > limits.max_stream:
                raise _too_large(source, limits.max_stream, "NTK_MAX_STREAM", "stream")
            parts = newline.split(chunk)
            lengths = [run + len(parts[0]), *(len(p) for p in parts[1:])]
            if max(lengths) > limits.max_line:
                index = next(i for i, n in enumerate(lengths) if n > limits.max_line)
                before = chunk[: sum(len(p) + 1 for p in parts[:index])]
                line = lines + before.count(b"\n") + before.count(b"\r") - before.count(b"\r\n")
                raise _line_too_long(source, line, limits.max_line)
            run = lengths[-1]
            try:
                decoder.decode(chunk)
            except UnicodeDecodeError:
                _raise_not_utf8(source)
                raise
            # CRLF, CR and LF are one newline each; a CRLF may straddle two chunks.
            lines += chunk.count(b"\n") + chunk.count(b"\r") - chunk.count(b"\r\n")
            if previous_cr and chunk.startswith(b"\n"):
                lines -= 1
            previous_cr = chunk.endswith(b"\r")
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            _raise_not_utf8(source)
            raise
    return lines


def _raise_not_utf8(source: str) -> None:
    """Raise the located NTK005 of a file holding bytes that are not UTF-8 (a rare path: the
    file is read again, whole when it fits ``max_text``, else streamed to the bad byte)."""
    try:
        read_text_file(source)
    except NotationError as exc:
        if exc.diagnostics and exc.diagnostics[0].code == NTK005.code:
            raise
    for _ in iter_lines(source):
        pass


def _line_too_long(source: str, line: int, limit: int, text: str = "", offset: int = 0) -> StreamLimitError:
    diagnostic = NTK001.diagnostic(
        "line", span=Span(offset, 1, line, 1), source=source, line=line, limit=limit, variable="NTK_MAX_LINE"
    )
    return StreamLimitError([diagnostic], text, offset)


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
    limits = read_limits()
    readline = stream.readline  # type: ignore[attr-defined]
    tail = ""
    first = True
    total = 0
    lines = 0
    while raw := readline(limits.max_line + 1):
        total += len(raw)
        if (len(raw) > limits.max_line and not raw.endswith("\n")) or len(tail) > limits.max_line:
            raise _line_too_long("<stdin>", lines + 1, limits.max_line, raw[:80])
        if total > limits.max_stream:
            raise _too_large("<stdin>", limits.max_stream, "NTK_MAX_STREAM", "stream")
        if first:
            raw = raw.removeprefix(BOM)
            first = False
        piece = tail + raw
        if "\r" in piece:
            piece = piece.replace("\r\n", "\n").replace("\r", "\n")
        *done, tail = piece.split("\n")
        lines += len(done)
        yield from done
    yield tail


def _split_binary(handle: BinaryIO, source: str) -> Iterator[str]:
    limits = read_limits()
    lines_before = 0  # lines already yielded
    chars_before = 0  # characters (with their "\n") already yielded
    total = 0
    tail = ""
    first = True
    while raw := handle.readline(limits.max_line + 1):  # lines end at b"\n": a CRLF is never split
        total += len(raw)
        if total > limits.max_stream:
            raise StreamLimitError(
                [
                    NTK001.diagnostic(
                        "stream", source=source, limit=limits.max_stream, variable="NTK_MAX_STREAM"
                    )
                ],
                "",
                chars_before,
            )
        if (len(raw) > limits.max_line and not raw.endswith(b"\n")) or len(tail) > limits.max_line:
            shown = (tail + raw[:80].decode("utf-8", "replace")).split("\r", 1)[0][:80]
            raise _line_too_long(source, lines_before + 1, limits.max_line, shown, chars_before)
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


MAX_PROMPT_LINE = 4096
"""The longest line :func:`read_prompt_line` returns (a terminal in line mode takes 4,095)."""


class LineTooLongError(NotationError):
    """A line at a prompt is longer than the reader takes (``NTK001``); it has been skipped."""


def read_prompt_line(stream: TextIO, limit: int = MAX_PROMPT_LINE) -> str:
    """The next line of ``stream`` with its newline, for a prompt: ``EOFError`` at the end of input,
    ``LineTooLongError`` (``NTK001``) for a line longer than ``limit`` characters, whose rest is
    read and dropped piece by piece so that memory stays bounded whatever comes."""
    line = stream.readline(limit + 1)
    if not line:
        raise EOFError
    if len(line) <= limit or line.endswith("\n"):
        return line
    while True:
        rest = stream.readline(_CHUNK)
        if not rest or rest.endswith("\n"):
            break
    raise NTK001.error(LineTooLongError, "prompt", limit=limit)
