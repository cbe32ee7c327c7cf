"""Source spans: where in the input a node or a diagnostic lies."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) without an exec per method at import (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """A region of the source text.

    ``offset`` is a 0-based character offset into the text handed to the parser, ``length`` the
    number of characters, ``line`` and ``column`` are 1-based (as editors show them).
    """

    offset: int
    length: int
    line: int = 1
    column: int = 1

    @property
    def end(self) -> int:
        """Offset one past the last character of the span."""
        return self.offset + self.length

    @classmethod
    def from_offsets(cls, text: str, start: int, end: int) -> Span:
        """Build a span for ``text[start:end]``, computing line and column."""
        start = max(0, min(start, len(text)))
        end = max(start, min(end, len(text)))
        line = text.count("\n", 0, start) + 1
        line_start = text.rfind("\n", 0, start) + 1
        return cls(start, end - start, line, start - line_start + 1)

    @classmethod
    def from_token(cls, token: Any) -> Span:
        """Span of a Lark ``Token`` (which carries its own positions)."""
        start = token.start_pos if token.start_pos is not None else 0
        end = token.end_pos if token.end_pos is not None else start + len(token)
        return cls(start, end - start, token.line or 1, token.column or 1)

    @classmethod
    def from_meta(cls, meta: Any) -> Span | None:
        """Span of a Lark tree's ``meta`` (``propagate_positions=True``); ``None`` if empty."""
        if getattr(meta, "empty", True):
            return None
        return cls(meta.start_pos, meta.end_pos - meta.start_pos, meta.line, meta.column)

    def shifted(self, offset: int, line: int = 0, column: int = 0) -> Span:
        """Re-base a span found in a sub-string that starts at ``offset`` of a larger text.

        ``line`` is the number of lines before the sub-string; ``column`` is added only to spans on
        the sub-string's first line (later lines start at column 1 anyway).
        """
        return Span(
            self.offset + offset,
            self.length,
            self.line + line,
            self.column + (column if self.line == 1 else 0),
        )

    def cover(self, other: Span) -> Span:
        """The smallest span covering both (line/column taken from the earlier one)."""
        first = self if self.offset <= other.offset else other
        end = max(self.end, other.end)
        return Span(first.offset, end - first.offset, first.line, first.column)

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"
