"""Items of a bulk input: one per non-blank, non-comment line, with its place in the source.

Lines are read lazily, so a file of any size is read in constant memory. Offsets and line indexes
are those of the text as Python reads it (universal newlines: CRLF and CR count as one newline), which
is what the rest of the toolkit reports diagnostics against.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from notation_toolkit.core.errors import NotationError


@dataclass(frozen=True, slots=True)
class Item:
    """One item to process: its text, the line it stands on (0-based) and its offset in the source."""

    source: str
    line: int
    offset: int
    text: str


def iter_items(lines: Iterable[str], source: str = "<input>", *, per_line: bool = True) -> Iterator[Item]:
    """The items of ``lines`` (each with or without its newline).

    Blank lines and lines starting with ``#`` are skipped, as ``ntk check`` does. With
    ``per_line=False`` the whole input is one item (FBR rule files).
    """
    if not per_line:
        text = "".join(line if line.endswith("\n") else line + "\n" for line in lines)
        yield Item(source, 0, 0, text)
        return
    offset = 0
    for index, raw in enumerate(lines):
        content = raw[:-1] if raw.endswith("\n") else raw
        line = content[:-1] if content.endswith("\r") else content
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield Item(source, index, offset, line)
        offset += len(content) + 1


def _open_lines(path: str) -> Iterator[str]:
    try:
        handle: io.TextIOBase
        # utf-8-sig: a byte-order mark at the start of a file is not part of its text.
        handle = open(path, encoding="utf-8-sig")  # noqa: SIM115 (closed in the finally below)
    except OSError as exc:
        raise NotationError.single(
            "NTK005", f"cannot read {path}: {exc.strerror or exc}", hint="check the path and permissions"
        ) from None
    try:
        yield from handle
    except UnicodeDecodeError as exc:
        raise NotationError.single(
            "NTK005",
            f"cannot read {path}: byte {exc.object[exc.start]:#04x} is not UTF-8 text",
            hint="convert the file to UTF-8",
        ) from None
    finally:
        handle.close()


def iter_file_items(path: str | Path, *, per_line: bool = True) -> Iterator[Item]:
    """The items of a file, read lazily (``NotationError`` NTK005 if it cannot be read)."""
    name = str(path)
    if not per_line:
        yield from iter_items(_open_lines(name), name, per_line=False)
        return
    yield from iter_items(_open_lines(name), name)


def read_items(paths: Iterable[str | Path], *, per_line: bool = True) -> Iterator[Item]:
    """The items of several files, one file after the other."""
    for path in paths:
        yield from iter_file_items(path, per_line=per_line)
