"""The public API of ``notation_toolkit.dfen``, re-exported lazily by its ``__init__``.

Kept out of the package's ``__init__`` so that importing the package (``ntk explain DFEN111``,
the notation registry) loads no parser, grammar or AST.
"""

from __future__ import annotations

import os

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.dfen.ast import DICE_ORDER, DfenPosition, DicePool, EnPassantTargets, sort_dice
from notation_toolkit.dfen.format import dumps
from notation_toolkit.dfen.grammar import MAX_INPUT
from notation_toolkit.dfen.parser import READER
from notation_toolkit.dfen.validate import validate, warnings
from notation_toolkit.fen.parser import check_text

__all__ = [
    "DICE_ORDER",
    "DfenPosition",
    "DicePool",
    "EnPassantTargets",
    "canonicalize",
    "check",
    "dumps",
    "format_text",
    "is_valid",
    "parse",
    "sort_dice",
    "validate",
    "warnings",
]


def parse(
    text: str,
    *,
    lenient: bool = False,
    max_input: int | None = MAX_INPUT,
    grammar: str | os.PathLike[str] | None = None,
) -> DfenPosition:
    """Parse a DFEN string (4 to 7 fields, rule F1) into a ``DfenPosition``.

    Strict by default: dice in the wrong case for the side to move (F3), adjacent empty counts,
    unordered castling letters and leading zeros are refused (``CanonicalFormError``);
    ``lenient=True`` accepts them (``canonicalize`` also lists the fixes). Any order of en-passant
    squares and dice is accepted in both modes. Raises a ``NotationError`` subclass for bad input.

    ``grammar``: the path of your own ``.lark`` file that ``%import``s ``dfen`` and ``%extend``s /
    ``%override``s its rules. It is parsed with that grammar's LALR parser; the known fields are
    checked as usual and the rules it adds appear in ``DfenPosition.extensions`` as ``GenericNode``s.
    """
    position, _fixes = READER.read(text, lenient=lenient, max_input=max_input, grammar=grammar)
    result: DfenPosition = position
    return result


def canonicalize(
    text: str, *, max_input: int | None = MAX_INPUT, grammar: str | os.PathLike[str] | None = None
) -> tuple[str, list[Diagnostic]]:
    """Lenient parse, then the canonical DFEN and the fixes applied (INFO diagnostics with a ``Fix``).

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
    """The canonical DFEN of ``text`` (strict unless ``lenient``); raises a ``NotationError``.

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
