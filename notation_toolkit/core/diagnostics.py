"""Diagnostics: structured records of what is wrong, where, and how to fix it."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.span import Span

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) without an exec per method at import (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass


class Severity(StrEnum):
    """How serious a diagnostic is. Only errors make an input invalid."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True, slots=True)
class Fix:
    """A concrete repair: replace ``span`` (the whole input when ``None``) with ``replacement``."""

    description: str
    replacement: str
    span: Span | None = None

    def apply(self, text: str) -> str:
        """Return ``text`` with this fix applied."""
        if self.span is None:
            return self.replacement
        return text[: self.span.offset] + self.replacement + text[self.span.end :]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "description": self.description,
            "replacement": self.replacement,
            "span": _span_dict(self.span),
        }


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding about an input.

    ``code`` is stable (``ntk explain CODE`` describes it), ``message`` is written in the user's
    words, ``hint`` says how to repair the input, ``fix`` (when one exists) is the repair itself,
    ``field`` names the part of the notation (``"placement"``, ``"en-passant"`` ...).
    """

    code: str
    message: str
    span: Span | None = None
    severity: Severity = Severity.ERROR
    hint: str | None = None
    fix: Fix | None = None
    field: str | None = None

    @property
    def is_error(self) -> bool:
        """True for diagnostics that make the input invalid."""
        return self.severity is Severity.ERROR

    def shifted(self, offset: int, line: int = 0, column: int = 0) -> Diagnostic:
        """The same diagnostic with its spans re-based into a larger text (see ``Span.shifted``)."""
        span = self.span.shifted(offset, line, column) if self.span else None
        fix = self.fix
        if fix is not None and fix.span is not None:
            fix = Fix(fix.description, fix.replacement, fix.span.shifted(offset, line, column))
        return Diagnostic(self.code, self.message, span, self.severity, self.hint, fix, self.field)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (stable keys; spans as offset/length/line/column)."""
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "field": self.field,
            "span": _span_dict(self.span),
            "hint": self.hint,
            "fix": self.fix.to_dict() if self.fix else None,
        }


def _span_dict(span: Span | None) -> dict[str, int] | None:
    if span is None:
        return None
    return {"offset": span.offset, "length": span.length, "line": span.line, "column": span.column}


def has_errors(diagnostics: list[Diagnostic] | tuple[Diagnostic, ...]) -> bool:
    """True if any diagnostic is an error."""
    return any(d.severity is Severity.ERROR for d in diagnostics)
