"""FEEN (Field Expression Encoding Notation) and the Sashité token notations EPIN, PIN, SIN, QPI.

>>> from notation_toolkit import feen
>>> pos = feen.parse("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s")
>>> pos.placement.shape, pos.style_turn.active_side.value
((9, 9), 'first')
>>> feen.canonicalize("8/8/8/8/8/8/8/8 PpP/p C/c")[0]
'8/8/8/8/8/8/8/8 2Pp/p C/c'

Two profiles: ``feen`` (default; EPIN pieces, SIN styles; 002, 004) and ``feen-legacy`` (PNN
pieces, SNN styles; 001), built as an extension of the ``feen`` grammar. See docs/feen.md.

The API is the one every notation offers: ``parse``, ``check``, ``validate``, ``dumps`` (the
canonical text; ``format_feen`` is its deprecated predecessor), ``canonicalize``, ``is_valid``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.feen import codes as _codes  # noqa: F401  (registers the FEEN codes)

if TYPE_CHECKING:
    from notation_toolkit.feen.ast import (
        Hand,
        HandItem,
        Hands,
        Piece,
        Placement,
        Position,
        Qpi,
        Side,
        Square,
        State,
        Style,
        StyleTurn,
    )
    from notation_toolkit.feen.format import dumps
    from notation_toolkit.feen.limits import DEFAULT, REFERENCE, Limits
    from notation_toolkit.feen.parser import (
        canonicalize,
        check,
        format_feen,
        is_valid,
        loads,
        parse,
        parse_hand,
        parse_hands,
        parse_placement,
        parse_style_turn,
    )
    from notation_toolkit.feen.tokens import is_valid_token, parse_epin, parse_pin, parse_qpi, parse_sin
    from notation_toolkit.feen.validate import validate

# Imported on first use (core.lazy): `from notation_toolkit import feen` alone (the conversions
# module does it for FEN -> DFEN too) loads no parser and builds no AST class.
_AST = "notation_toolkit.feen.ast"
_LIMITS = "notation_toolkit.feen.limits"
_PARSER = "notation_toolkit.feen.parser"
_TOKENS = "notation_toolkit.feen.tokens"
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "DEFAULT": _LIMITS,
        "REFERENCE": _LIMITS,
        "Hand": _AST,
        "HandItem": _AST,
        "Hands": _AST,
        "Limits": _LIMITS,
        "Piece": _AST,
        "Placement": _AST,
        "Position": _AST,
        "Qpi": _AST,
        "Side": _AST,
        "Square": _AST,
        "State": _AST,
        "Style": _AST,
        "StyleTurn": _AST,
        "canonicalize": _PARSER,
        "check": _PARSER,
        "dumps": "notation_toolkit.feen.format",
        "format_feen": _PARSER,
        "is_valid": _PARSER,
        "is_valid_token": _TOKENS,
        "loads": _PARSER,
        "parse": _PARSER,
        "parse_epin": _TOKENS,
        "parse_hand": _PARSER,
        "parse_hands": _PARSER,
        "parse_pin": _TOKENS,
        "parse_placement": _PARSER,
        "parse_qpi": _TOKENS,
        "parse_sin": _TOKENS,
        "parse_style_turn": _PARSER,
        "validate": "notation_toolkit.feen.validate",
    },
)

__all__ = [
    "DEFAULT",
    "REFERENCE",
    "Hand",
    "HandItem",
    "Hands",
    "Limits",
    "Piece",
    "Placement",
    "Position",
    "Qpi",
    "Side",
    "Square",
    "State",
    "Style",
    "StyleTurn",
    "canonicalize",
    "check",
    "dumps",
    "format_feen",
    "is_valid",
    "is_valid_token",
    "loads",
    "parse",
    "parse_epin",
    "parse_hand",
    "parse_hands",
    "parse_pin",
    "parse_placement",
    "parse_qpi",
    "parse_sin",
    "parse_style_turn",
    "validate",
]
