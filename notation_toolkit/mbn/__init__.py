"""MBN (Modified Betza Notation, C/CIF): piece definitions, move expressions, promotion rules.

``parse("Q=R+N")`` returns a typed AST (``notation_toolkit.mbn.ast``), ``dumps`` writes it back
canonically, ``validate`` lists the semantic diagnostics of an AST and ``check`` those of a text.
Rule files that combine FBR rules and MBN items are handled by ``notation_toolkit.fbr``.

``parse_item`` and ``check_item`` are the former names of ``parse`` and ``validate`` (kept as
aliases); ``format_item``, the former name of ``dumps``, is deprecated (it warns).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.mbn import codes as _codes  # noqa: F401  (registers the MBN codes)

if TYPE_CHECKING:
    from notation_toolkit.core.diagnostics import Diagnostic
    from notation_toolkit.mbn.format import dumps, format_moves
    from notation_toolkit.mbn.parser import MAX_DEPTH, MAX_INPUT, GrammarRef, parse_item, parse_moves
    from notation_toolkit.mbn.validate import check_item, validate

    parse = parse_item

# Imported on first use (core.lazy): `notation_toolkit.mbn.ast`, which FBR's AST builds on, must
# not load the MBN parser and formatter with it.
_FORMAT = "notation_toolkit.mbn.format"
_PARSER = "notation_toolkit.mbn.parser"
_VALIDATE = "notation_toolkit.mbn.validate"
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "MAX_DEPTH": _PARSER,
        "MAX_INPUT": _PARSER,
        "GrammarRef": _PARSER,
        "check_item": _VALIDATE,
        "dumps": _FORMAT,
        "format_moves": _FORMAT,
        "parse": f"{_PARSER}:parse_item",
        "parse_item": _PARSER,
        "parse_moves": _PARSER,
        "validate": _VALIDATE,
    },
)


def check(text: str, *, grammar: GrammarRef = None) -> list[Diagnostic]:
    """Every diagnostic of one MBN item given as text; never raises for bad input."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.mbn.parser import parse_item
    from notation_toolkit.mbn.validate import validate

    try:
        return validate(parse_item(text, grammar=grammar))
    except NotationError as exc:
        return list(exc.diagnostics)


def canonicalize(text: str, *, grammar: GrammarRef = None) -> tuple[str, list[Diagnostic]]:
    """The canonical text of one item and (when it differs from ``text``) an INFO saying so."""
    from notation_toolkit.core.diagnostics import Severity
    from notation_toolkit.mbn.codes import INFO
    from notation_toolkit.mbn.format import dumps
    from notation_toolkit.mbn.parser import parse_item

    canonical = dumps(parse_item(text, grammar=grammar))
    if canonical == text:
        return canonical, []
    code = INFO["MBN001"]
    return canonical, [code.diagnostic(severity=Severity.INFO, fix=code.fix("", canonical))]


def format_item(node: object) -> str:
    """Deprecated: the former name of :func:`dumps` (the canonical text of an MBN node)."""
    import warnings

    from notation_toolkit.mbn.format import dumps

    warnings.warn("mbn.format_item is deprecated; use mbn.dumps", DeprecationWarning, stacklevel=2)
    return dumps(node)


def is_valid(text: str, *, grammar: GrammarRef = None) -> bool:
    """True when the item parses and has no error."""
    from notation_toolkit.core.diagnostics import has_errors

    return not has_errors(check(text, grammar=grammar))


__all__ = [
    "MAX_DEPTH",
    "MAX_INPUT",
    "canonicalize",
    "check",
    "check_item",
    "dumps",
    "format_item",
    "format_moves",
    "is_valid",
    "parse",
    "parse_item",
    "parse_moves",
    "validate",
]
