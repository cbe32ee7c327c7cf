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
from dataclasses import dataclass
from typing import BinaryIO

from notation_toolkit.core.diagnostics import Diagnostic, Severity
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
        raise NotationError.single(
            "NTK005",
            f"cannot read {source}: {reason}",
            hint="check the path and the permissions"
            if exc.errno != errno.EISDIR
            else "give a file, not a directory",
        ) from None
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


def _not_utf8(data: bytes, exc: UnicodeDecodeError, source: str) -> NotationError:
    """The diagnostic for bytes that are not UTF-8: where the first bad byte is."""
    good = data[: exc.start].decode("utf-8")
    text = good.replace("\r\n", "\n").replace("\r", "\n")
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    bad = data[exc.start : exc.end]
    span = Span(len(text), 1, line, column)
    diagnostic = Diagnostic(
        "NTK005",
        f"{source} is not UTF-8 text: byte {' '.join(f'0x{b:02x}' for b in bad)} at line {line}, "
        f"column {column} cannot be decoded",
        span,
        Severity.ERROR,
        hint="save the file as UTF-8 (most editors offer it under 'Save as' or 'Encoding')",
    )
    # The text shown under the message: the bad bytes as U+FFFD, so the caret points at them.
    shown = data.decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
    return NotationError([diagnostic], shown)
