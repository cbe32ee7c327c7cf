"""The shared core: spans, diagnostics, errors, grammar loading, the notation registry, rendering.

Every notation package builds on these modules; none of them knows about a particular notation.
"""

from __future__ import annotations

from notation_toolkit.core import display as _display  # noqa: F401  (notebook hooks of Diagnostic, NotationError)
from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.errors import (
    CanonicalFormError,
    GrammarError,
    LimitError,
    NotationError,
    ParseError,
    UnknownNameError,
    ValidationError,
)
from notation_toolkit.core.span import Span

__all__ = [
    "CanonicalFormError",
    "Diagnostic",
    "Fix",
    "GrammarError",
    "LimitError",
    "NotationError",
    "ParseError",
    "Severity",
    "Span",
    "UnknownNameError",
    "ValidationError",
]
