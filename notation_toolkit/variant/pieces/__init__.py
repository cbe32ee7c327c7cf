"""MBN pieces made executable: compile piece definitions into move generators for any board.

    >>> from notation_toolkit.core.geometry import Geometry
    >>> from notation_toolkit.variant.pieces import compile_piece, WHITE
    >>> g = Geometry.of(8, 8)
    >>> rook = compile_piece("R=W0", g)
    >>> g.names(rook.quiets(g.parse_square("a1"), WHITE, occupied=g.mask("a4 c1")))
    ['b1', 'a2', 'a3']
    >>> rook.same_moves(compile_piece("R", g))
    True

``compile_piece`` compiles one MBN item (text or AST; a bare letter means its base definition:
``R`` = ``W0``, ``Q`` = ``RB``); ``compile_rule_file`` compiles every piece of an FBR rule file
(respecting ``mirror`` and ``@`` macro redefinitions). The result, ``CompiledPiece``, answers with
bitboards from per-square tables built once and cached per (definition, board, mirror): ``quiets``,
``captures``, ``attacks`` (check detection) and ``moves`` (records, for multi-leg and en-passant
moves). Constructs that cannot be executed yet are reported as ``PCE2xx`` diagnostics with the
span of the construct; ``strict=True`` (the default) raises ``NotExecutableError`` for them.
Semantics and the differences to Fairy-Stockfish's Betza are documented in docs/pieces.md.
"""

from __future__ import annotations

from notation_toolkit.variant.pieces import codes as _codes  # noqa: F401  (registers PCE codes)
from notation_toolkit.variant.pieces.baseletters import BASE_LETTERS, base_definition
from notation_toolkit.variant.pieces.compiler import (
    Mirror,
    NotExecutableError,
    board_range_mask,
    compile_piece,
    compile_rule_file,
)
from notation_toolkit.variant.pieces.model import BLACK, WHITE, CompiledPiece, EnPassant, PieceMove, Side

__all__ = [
    "BASE_LETTERS",
    "BLACK",
    "WHITE",
    "CompiledPiece",
    "EnPassant",
    "Mirror",
    "NotExecutableError",
    "PieceMove",
    "Side",
    "base_definition",
    "board_range_mask",
    "compile_piece",
    "compile_rule_file",
]
