"""What commands print: styled lines, trees and tables, shown by rich on a terminal and as plain
text in a pipe or a file.

Importing rich's console costs about 20 ms, a third of a one-line command's start-up,
and output that goes to a pipe or a file has no colours anyway. So commands build their output
from these small neutral pieces and :func:`show` them: on a terminal (or with ``FORCE_COLOR`` /
``TTY_COMPATIBLE=1``, as rich decides) they become rich ``Text``, ``Tree`` and ``Table`` objects
and rich prints them; elsewhere they are laid out here, as rich lays them out without colour:
the same tree guides, the same table boxes (``HEAVY_HEAD``, ASCII when the stream's encoding is
not UTF), the same padding and justification. One difference is deliberate: plain text is never
wrapped. rich wraps at 80 columns when it cannot ask a pipe for its width, which splits long
lines for ``grep`` and friends; a plain line is as long as its content.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text
    from rich.tree import Tree as RichTree

__all__ = ["Line", "Table", "Tree", "cell_width", "console", "lines_of", "plain_output", "show"]

if TYPE_CHECKING:  # aliases for the annotations only: subscripting Literal at import costs time
    Justify: TypeAlias = Literal["left", "right", "center"]
    Segment: TypeAlias = tuple[str, str]  # text and a rich style ("" for none)

# rich's tree guides (rich.tree.Tree.TREE_GUIDES[0] and ASCII_GUIDES): space, continue, fork, end
_GUIDES = ("    ", "│   ", "├── ", "└── ")
_ASCII_GUIDES = ("    ", "|   ", "+-- ", "`-- ")
# rich.box.HEAVY_HEAD and rich.box.ASCII, row by row: top, head, head row, mid, row, foot row, foot, bottom
_HEAVY_HEAD = ("┏━┳┓", "┃ ┃┃", "┡━╇┩", "│ ││", "├─┼┤", "├─┼┤", "│ ││", "└─┴┘")
_ASCII_BOX = ("+--+", "| ||", "|-+|", "| ||", "|-+|", "|-+|", "| ||", "+--+")


def cell_width(text: str) -> int:
    """The number of terminal cells ``text`` takes (wide East Asian characters take two,
    combining marks none)."""
    if text.isascii():
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def plain_output(stream: IO[str] | None = None) -> bool:
    """Whether output to ``stream`` (default: standard output) is plain text, as rich decides
    whether a console is a terminal: ``TTY_COMPATIBLE`` (``0``/``1``) first, then ``FORCE_COLOR``
    (set and not empty: a terminal), then ``isatty()``. A notebook is never plain (rich renders
    there)."""
    if "ipykernel" in sys.modules:
        return False
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "0"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color == ""
    stream = sys.stdout if stream is None else stream
    try:
        return not stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream: not a terminal
        return True


def console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A rich console on standard output (or standard error), for what rich shows on a terminal.

    A closed pipe raises ``BrokenPipeError`` for the command line's error boundary (rich itself
    would exit 1).
    """
    # emoji=False: a ":name:" in the user's text is text, not an emoji code (and the emoji table
    # costs about 2 ms of start-up to import).
    return _console_class()(stderr=stderr, highlight=False, emoji=False, width=width)


@functools.cache
def _console_class() -> type[Console]:
    from rich.console import Console

    class NtkConsole(Console):
        """rich's Console, leaving a closed pipe to the command line's error boundary."""

        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

    return NtkConsole


def _ascii_only(stream: IO[str]) -> bool:
    # rich's rule: a stream whose encoding is not a UTF gets ASCII guides and boxes.
    encoding = getattr(stream, "encoding", None) or "utf-8"
    return not encoding.lower().startswith("utf")


class Line:
    """One line of styled text: segments of ``(text, rich style)``.

    ``Line("plain")``, ``Line(("error", "bold red"), ": ", "message")``; ``+`` joins lines.
    """

    __slots__ = ("segments",)

    def __init__(self, *parts: str | Segment) -> None:
        segments = [(part, "") if isinstance(part, str) else part for part in parts if part and part[0]]
        if any(_CONTROL.intersection(text) for text, _ in segments):
            segments = _displayed(segments)
        self.segments: tuple[Segment, ...] = tuple(segments)

    def __add__(self, other: Line | str) -> Line:
        extra = other.segments if isinstance(other, Line) else ((other, ""),)
        return Line(*self.segments, *extra)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and self.segments == other.segments

    def __hash__(self) -> int:
        return hash(self.segments)

    def __repr__(self) -> str:
        return f"Line{self.segments!r}"

    @property
    def plain(self) -> str:
        """The text without styles."""
        return "".join(text for text, _ in self.segments)

    def to_rich(self) -> Text:
        """The line as rich ``Text``."""
        from rich.text import Text

        text = Text()
        for part, style in self.segments:
            text.append(part, style=style or None)
        return text


# What rich's Text does to the text it is given, so that plain text shows what rich would show:
# bell, backspace, vertical tab, form feed and carriage return are dropped, tabs expanded to the
# next multiple of 8 cells from the start of the line.
_CONTROL = frozenset("\a\b\v\f\r\t")
_STRIP = dict.fromkeys(map(ord, "\a\b\v\f\r"))


def _displayed(segments: list[Segment]) -> list[Segment]:
    out: list[Segment] = []
    column = 0
    for text, style in segments:
        text = text.translate(_STRIP)
        if "\t" in text:
            pieces = text.split("\t")
            expanded = []
            for index, piece in enumerate(pieces):
                expanded.append(piece)
                column += cell_width(piece)
                if index < len(pieces) - 1:
                    pad = 8 - column % 8
                    expanded.append(" " * pad)
                    column += pad
            text = "".join(expanded)
        else:
            column += cell_width(text)
        if text:
            out.append((text, style))
    return out


def _line(value: Line | str) -> Line:
    return value if isinstance(value, Line) else Line(value)


class Tree:
    """A tree of lines, shown as ``rich.tree.Tree`` shows it (guides ``├──``, ``│``, ``└──``)."""

    __slots__ = ("children", "label")

    def __init__(self, label: Line | str) -> None:
        self.label = _line(label)
        self.children: list[Tree] = []

    def add(self, label: Line | str) -> Tree:
        """Add a child with ``label`` and return it."""
        child = Tree(label)
        self.children.append(child)
        return child

    def to_rich(self) -> RichTree:
        """The tree as a ``rich.tree.Tree``."""
        from rich.tree import Tree as RichTree

        root = RichTree(self.label.to_rich())
        todo: list[tuple[Tree, RichTree]] = [(self, root)]
        while todo:  # iterative, as plain_lines
            node, into = todo.pop()
            todo.extend((child, into.add(child.label.to_rich())) for child in node.children)
        return root

    def plain_lines(self, *, ascii_only: bool = False) -> list[str]:
        """The tree as lines of plain text."""
        space, through, fork, end = _ASCII_GUIDES if ascii_only else _GUIDES
        lines = [self.label.plain]
        # iterative, so that a deep tree cannot exhaust the recursion limit
        stack: list[tuple[Tree, str, bool]] = [
            (child, "", i == len(self.children) - 1) for i, child in enumerate(self.children)
        ][::-1]
        while stack:
            node, prefix, last = stack.pop()
            lines.append(prefix + (end if last else fork) + node.label.plain)
            below = prefix + (space if last else through)
            count = len(node.children)
            stack.extend(
                (child, below, i == count - 1) for i, child in reversed(list(enumerate(node.children)))
            )
        return lines


class _Column:
    __slots__ = ("header", "justify", "no_wrap", "overflow")

    def __init__(self, header: str, justify: Justify, overflow: str, no_wrap: bool) -> None:
        self.header = header
        self.justify = justify
        self.overflow = overflow
        self.no_wrap = no_wrap


class Table:
    """A table with a header row and an optional title, shown as rich's default ``Table`` shows it
    (box ``HEAVY_HEAD``, one space of padding, the title above in its justification)."""

    __slots__ = ("columns", "rows", "title", "title_justify", "title_on_one_line")

    def __init__(
        self, title: str | None = None, *, title_justify: Justify = "center", title_on_one_line: bool = False
    ) -> None:
        """``title_on_one_line``: make the table at least as wide as its title, which rich would
        otherwise wrap to the width of narrow columns."""
        self.title = title
        self.title_justify: Justify = title_justify
        self.title_on_one_line = title_on_one_line
        self.columns: list[_Column] = []
        self.rows: list[tuple[Line, ...]] = []

    def add_column(
        self, header: str, *, justify: Justify = "left", overflow: str = "ellipsis", no_wrap: bool = False
    ) -> None:
        """Add a column; ``overflow`` and ``no_wrap`` say what rich does with a cell too wide for
        the terminal (plain text is never wrapped)."""
        self.columns.append(_Column(header, justify, overflow, no_wrap))

    def add_row(self, *cells: Line | str) -> None:
        """Add a row of cells (one per column)."""
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells in a table of {len(self.columns)} columns")
        self.rows.append(tuple(_line(c) for c in cells))

    def to_rich(self) -> RichTable:
        """The table as a ``rich.table.Table``."""
        from rich.table import Table as RichTable

        table = RichTable(title=self.title, title_justify=self.title_justify)
        for column in self.columns:
            table.add_column(
                column.header,
                justify=column.justify,
                overflow=column.overflow,  # type: ignore[arg-type]
                no_wrap=column.no_wrap,
            )
        for row in self.rows:
            table.add_row(*(cell.to_rich() for cell in row))
        if self.title_on_one_line and self.title:
            table.min_width = cell_width(self.title)
        return table

    def plain_lines(self, *, ascii_only: bool = False) -> list[str]:
        """The table as lines of plain text, every column as wide as its widest cell."""
        return [line.plain for line in self.lines(ascii_only=ascii_only)]

    def width(self) -> int:
        """The width of the table at its natural column widths, in terminal cells."""
        return sum(self._widths()) + len(self.columns) + 1

    def fits(self, width: int) -> bool:
        """Whether rich would lay the table out at its natural widths on a console of ``width``
        columns (so that :meth:`lines` is what rich prints): nothing to wrap or to widen."""
        total = self.width()
        return total <= width and (not self.title or cell_width(self.title) <= total)

    def _widths(self) -> list[int]:
        widths = [
            max([cell_width(column.header)] + [cell_width(row[i].plain) for row in self.rows]) + 2
            for i, column in enumerate(self.columns)
        ]
        borders = len(widths) + 1
        if self.title_on_one_line and self.title and cell_width(self.title) > sum(widths) + borders:
            # widened to the title as rich widens a table to its min_width: the extra cells
            # shared out in proportion to the columns' widths, rounding up, first column first
            remaining = cell_width(self.title) - sum(widths) - borders
            weight = sum(widths)
            for index, w in enumerate(widths):
                share = -(-w * remaining // weight) if weight else remaining
                widths[index] += share
                weight -= w
                remaining -= share
        return widths

    def lines(self, *, ascii_only: bool = False) -> list[Line]:
        """The table as styled lines, every column as wide as its widest cell: rich's layout of
        the table when it fits (title in italic, header in bold, as rich's default theme)."""
        box = _ASCII_BOX if ascii_only else _HEAVY_HEAD
        widths = self._widths()
        total = sum(widths) + len(widths) + 1
        out: list[Line] = []
        if self.title:
            # rich justifies the title in the table's width; a longer title is left whole here
            # (rich would wrap it).
            fits = cell_width(self.title) <= total
            title = _justify(self.title, total, self.title_justify) if fits else self.title
            out.append(Line((title, "italic")))

        def rule(chars: str) -> Line:
            return Line(chars[0] + chars[2].join(chars[1] * w for w in widths) + chars[3])

        def row_line(chars: str, cells: Sequence[Line]) -> Line:
            parts: list[str | tuple[str, str]] = [chars[0]]
            for index, (cell, w, column) in enumerate(zip(cells, widths, self.columns, strict=True)):
                if index:
                    parts.append(chars[2])
                pad = max(0, w - 2 - cell_width(cell.plain))
                left = {"right": pad, "center": pad // 2}.get(column.justify, 0)
                parts.append(" " * (1 + left))
                parts.extend(cell.segments)
                parts.append(" " * (1 + pad - left))
            parts.append(chars[3])
            return Line(*parts)

        out.append(rule(box[0]))
        out.append(row_line(box[1], [Line((c.header, "bold")) for c in self.columns]))
        out.append(rule(box[2]))
        out.extend(row_line(box[3], row) for row in self.rows)
        out.append(rule(box[7]))
        return out


def _justify(text: str, width: int, justify: Justify) -> str:
    pad = max(0, width - cell_width(text))
    if justify == "right":
        return " " * pad + text
    if justify == "center":
        return " " * (pad // 2) + text + " " * (pad - pad // 2)
    return text + " " * pad


def show(*items: Line | Tree | Table | str, stderr: bool = False) -> None:
    """Print ``items`` (one or more lines each) on standard output, or on standard error.

    Plain text in a pipe or a file; rich's rendering on a terminal (see :func:`plain_output`).
    """
    stream = sys.stderr if stderr else sys.stdout
    if plain_output(stream):
        stream.write("".join(line + "\n" for line in lines_of(items, ascii_only=_ascii_only(stream))))
        return
    out = console(stderr=stderr)
    for item in items:
        if isinstance(item, Line | str):
            out.print(_line(item).to_rich(), highlight=False, soft_wrap=True)
        elif isinstance(item, Table) and item.fits(out.width):
            # rich's own layout, printed line by line: no need to import rich.table (about 6 ms
            # with the fractions and decimal modules it needs to share out widths)
            for line in item.lines(ascii_only=out.options.ascii_only):
                out.print(line.to_rich(), highlight=False, soft_wrap=True)
        else:
            out.print(item.to_rich())


def lines_of(items: Iterable[Line | Tree | Table | str], *, ascii_only: bool = False) -> list[str]:
    """The plain lines of ``items`` (what :func:`show` writes to a pipe)."""
    out: list[str] = []
    for item in items:
        if isinstance(item, Tree | Table):
            out.extend(item.plain_lines(ascii_only=ascii_only))
        else:
            out.append(_line(item).plain)
    return out
