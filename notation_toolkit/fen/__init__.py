"""FEN, Forsyth-Edwards Notation: parse, validate, serialize and convert chess positions.

    >>> from notation_toolkit.fen import parse, dumps
    >>> pos = parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    >>> pos.turn, pos.en_passant, pos.squares[28]
    ('b', 20, 'P')
    >>> dumps(pos)
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'

The grammar is ``grammars/fen.lark`` (one named rule per field, written to be extended: DFEN
extends it). The package follows the notation template (docs/architecture.md): ``grammar``
(parsers and the regex fast path), ``transform`` (Lark tree to fields), ``validate`` (the checks
the grammar cannot say; fields to AST), ``format`` (``dumps``), ``parser`` (the pipeline and
syntax diagnostics), ``codes``.
Conversions to FEEN, DFEN and ``chess.Board`` live in ``notation_toolkit.convert``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.fen import codes as _codes  # noqa: F401  (registers the FEN codes)

if TYPE_CHECKING:
    from notation_toolkit.fen.api import canonicalize, check, format_text, is_valid, parse
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
    from notation_toolkit.fen.validate import validate, warnings

# Imported on first use (core.lazy): importing the package (the notation registry, ``ntk explain
# FEN111``) loads no parser, grammar or AST class.
_API = "notation_toolkit.fen.api"
_AST = "notation_toolkit.fen.ast"
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Board": _AST,
        "CastlingRights": _AST,
        "EnPassantSquare": _AST,
        "FenPosition": _AST,
        "FullmoveNumber": _AST,
        "HalfmoveClock": _AST,
        "SQUARE_INDEX": _AST,
        "SQUARE_NAMES": _AST,
        "Side": _AST,
        "canonicalize": _API,
        "check": _API,
        "dumps": "notation_toolkit.fen.format",
        "format_text": _API,
        "is_valid": _API,
        "parse": _API,
        "validate": "notation_toolkit.fen.validate",
        "warnings": "notation_toolkit.fen.validate",
    },
)

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
