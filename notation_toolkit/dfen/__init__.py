"""DFEN, Dice Chess FEN: parse, validate, serialize and convert Dice Chess positions.

    >>> from notation_toolkit.dfen import parse, dumps
    >>> pos = parse("rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq e3c3a3 0 1")
    >>> sorted(pos.en_passant), pos.dice
    ([16, 18, 20], None)
    >>> dumps(pos)
    'rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -'

The grammar is ``grammars/dfen.lark``, a small extension of ``grammars/fen.lark``. Rules F1-F6 of
the project's Dice Chess rules are checked; see ``docs/dfen.md``. The package follows the notation
template (docs/architecture.md); each module extends FEN's: ``grammar``, ``transform``,
``validate``, ``format`` (``dumps``), ``parser``, ``codes``. Conversions to FEN, FEEN and
``chess.Board`` live in ``notation_toolkit.convert``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.dfen import codes as _codes  # noqa: F401  (registers the DFEN codes)

if TYPE_CHECKING:
    from notation_toolkit.dfen.api import canonicalize, check, format_text, is_valid, parse
    from notation_toolkit.dfen.ast import DICE_ORDER, DfenPosition, DicePool, EnPassantTargets, sort_dice
    from notation_toolkit.dfen.format import dumps
    from notation_toolkit.dfen.validate import validate, warnings

# Imported on first use (core.lazy): importing the package (the notation registry, ``ntk explain
# DFEN111``) loads no parser, grammar or AST class.
_API = "notation_toolkit.dfen.api"
_AST = "notation_toolkit.dfen.ast"
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "DICE_ORDER": _AST,
        "DfenPosition": _AST,
        "DicePool": _AST,
        "EnPassantTargets": _AST,
        "canonicalize": _API,
        "check": _API,
        "dumps": "notation_toolkit.dfen.format",
        "format_text": _API,
        "is_valid": _API,
        "parse": _API,
        "sort_dice": _AST,
        "validate": "notation_toolkit.dfen.validate",
        "warnings": "notation_toolkit.dfen.validate",
    },
)

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
