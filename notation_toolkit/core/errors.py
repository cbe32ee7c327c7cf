"""The one error hierarchy of the toolkit, rooted at ``NotationError``.

Every failure caused by input (text, grammar files, catalogs, moves) is a ``NotationError``
subclass carrying a list of ``Diagnostic`` records, so callers can catch one class and still get
codes, spans and hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.span import Span


class NotationError(ValueError):
    """Base class: the input is not acceptable. ``diagnostics`` says why, where and how to fix it."""

    def __init__(self, diagnostics: Sequence[Diagnostic], text: str | None = None) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        self.text = text
        super().__init__(self._summary())

    @classmethod
    def single(
        cls,
        code: str,
        message: str,
        *,
        span: Span | None = None,
        text: str | None = None,
        hint: str | None = None,
        fix: Fix | None = None,
        field: str | None = None,
    ) -> Self:
        """Build an error holding one diagnostic."""
        return cls([Diagnostic(code, message, span, Severity.ERROR, hint, fix, field)], text)

    @property
    def code(self) -> str:
        """Code of the first diagnostic (the main reason)."""
        return self.diagnostics[0].code if self.diagnostics else "NTK000"

    def _summary(self) -> str:
        if not self.diagnostics:
            return "invalid input"
        d = self.diagnostics[0]
        where = f" at line {d.span.line}, column {d.span.column}" if d.span else ""
        more = f" (+{len(self.diagnostics) - 1} more)" if len(self.diagnostics) > 1 else ""
        hint = f" (hint: {d.hint})" if d.hint else ""
        return f"{d.code}{where}: {d.message}{hint}{more}"

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.diagnostics, self.text))


class ParseError(NotationError):
    """The grammar refuses the text (syntax)."""


class ValidationError(NotationError):
    """The text is well-formed but breaks a rule the grammar cannot express."""


class CanonicalFormError(ValidationError):
    """Valid content written in a non-canonical form (strict mode); the diagnostic carries the fix."""


class LimitError(NotationError):
    """The input exceeds a configured limit (size cap, nesting depth, reference limits)."""


class GrammarError(NotationError):
    """A grammar (usually a user's extension grammar) cannot be loaded."""


class UnknownNameError(NotationError, LookupError):
    """An unknown name was asked for (notation, rule, code ...); the hint suggests close matches."""
