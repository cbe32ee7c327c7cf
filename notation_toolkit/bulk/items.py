"""Items of a bulk input: one per non-blank, non-comment line, with its place in the source.

Lines are read lazily, so a file of any size is read in constant memory. Offsets and line indexes
are those of the text as ``core.textio`` reads it (a leading byte-order mark dropped; CRLF and CR
count as one newline), which is what the rest of the toolkit reports diagnostics against.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass


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


def iter_file_items(path: str | os.PathLike[str], *, per_line: bool = True) -> Iterator[Item]:
    """The items of a file (``-``: standard input), read lazily with ``core.textio``'s rules.

    NTK005 (a ``NotationError``) if it cannot be opened, or when bytes that are not UTF-8 are
    reached (``core.textio.StreamDecodeError``, located in the file).
    """
    from notation_toolkit.core.textio import iter_lines, read_text_file

    name = os.fspath(path)
    if not per_line:  # the whole file is one item: the text read_text_file gives (capped)
        yield Item(name, 0, 0, read_text_file(name).text)
        return
    yield from iter_items(iter_lines(name), name)


def read_items(paths: Iterable[str | os.PathLike[str]], *, per_line: bool = True) -> Iterator[Item]:
    """The items of several files, one file after the other."""
    for path in paths:
        yield from iter_file_items(path, per_line=per_line)
