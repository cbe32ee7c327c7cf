"""The public API of ``notation_toolkit.fen``, re-exported lazily by its ``__init__``.

Kept out of the package's ``__init__`` so that importing the package (``ntk explain FEN111``,
the notation registry) loads no parser, grammar or AST.
"""

from __future__ import annotations

import os

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fen.ast import (
    SQUARE_INDEX,
    SQUARE_NAMES,
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    Side,
)
from notation_toolkit.fen.format import dumps
from notation_toolkit.fen.grammar import MAX_INPUT
from notation_toolkit.fen.parser import READER, check_text
from notation_toolkit.fen.validate import validate, warnings

__all__ = [
    "SQUARE_INDEX",
    "SQUARE_NAMES",
    "Board",
    "CastlingRights",
    "EnPassantSquare",
    "FenPosition",
    "FullmoveNumber",
    "HalfmoveClock",
    "Side",
    "canonicalize",
    "check",
    "dumps",
    "format_text",
    "is_valid",
    "parse",
    "validate",
    "warnings",
]


def parse(
    text: str,
    *,
    lenient: bool = False,
    max_input: int | None = MAX_INPUT,
    grammar: str | os.PathLike[str] | None = None,
) -> FenPosition:
    """Parse a standard six-field FEN into a ``FenPosition``; raises a ``NotationError`` subclass.

    Strict by default: adjacent empty counts (``44``), castling letters out of ``KQkq`` order and
    numbers with leading zeros are refused (``CanonicalFormError``); ``lenient=True`` accepts them.

    ``grammar``: the path of your own ``.lark`` file that ``%import``s ``fen`` and ``%extend``s /
    ``%override``s its rules. It is parsed with that grammar's LALR parser; the known fields are
    checked as usual and the rules it adds appear in ``FenPosition.extensions`` as ``GenericNode``s.
    """
    position, _fixes = READER.read(text, lenient=lenient, max_input=max_input, grammar=grammar)
    result: FenPosition = position
    return result


def canonicalize(
    text: str, *, max_input: int | None = MAX_INPUT, grammar: str | os.PathLike[str] | None = None
) -> tuple[str, list[Diagnostic]]:
    """Lenient parse, then the canonical FEN and the fixes applied (INFO diagnostics with a ``Fix``).

    With ``grammar`` (an extension grammar) the text keeps its own syntax: each known field is
    replaced in place by its canonical spelling.
    """
    return READER.canonical(text, lenient=True, max_input=max_input, grammar=grammar)


def format_text(
    text: str,
    *,
    lenient: bool = False,
    max_input: int | None = MAX_INPUT,
    grammar: str | os.PathLike[str] | None = None,
) -> str:
    """The canonical FEN of ``text`` (strict unless ``lenient``); raises a ``NotationError``.

    Deprecated for standard text: use ``dumps(parse(text))`` (``dumps`` is the one name for "AST
    back to text" across notations), or ``canonicalize`` for a lenient read. It stays (without a
    warning) because with ``grammar`` it does what ``dumps`` cannot: the user's syntax is kept and
    only the known fields are rewritten canonically in place (the registry's ``format``).
    """
    return READER.canonical(text, lenient=lenient, max_input=max_input, grammar=grammar)[0]


def check(
    text: str,
    *,
    lenient: bool = False,
    max_input: int | None = MAX_INPUT,
    grammar: str | os.PathLike[str] | None = None,
) -> list[Diagnostic]:
    """Every diagnostic for ``text`` (errors, or warnings when valid); never raises for bad input."""
    return check_text(lambda: parse(text, lenient=lenient, max_input=max_input, grammar=grammar), warnings)


def is_valid(text: str, *, lenient: bool = False) -> bool:
    """True if ``text`` parses (warnings do not count)."""
    return not any(d.is_error for d in check_text(lambda: parse(text, lenient=lenient), lambda _p: []))
