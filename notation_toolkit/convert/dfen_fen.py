"""DFEN <-> FEN, and what each direction loses.

* FEN -> DFEN loses nothing: the one en-passant square becomes a one-element set, the dice pool
  is ``-`` (not rolled).
* DFEN -> FEN loses the dice pool, and keeps an en-passant square only when exactly one target is
  capturable by the side to move's pawns' rank (rank 6 when White is to move, rank 3 when Black
  is): FEN holds one square, consistent with the side to move. Other targets are dropped. The
  half-move clock is copied as is, although Dice Chess counts micro-moves (R16), not plies.
"""

from __future__ import annotations

from notation_toolkit import dfen, fen
from notation_toolkit.dfen.ast import DfenPosition, DicePool, EnPassantTargets
from notation_toolkit.fen.ast import (
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
)

LOSES_FEN_TO_DFEN = "nothing (the dice pool is written '-', not rolled)"
LOSES_DFEN_TO_FEN = (
    "the dice pool, and every en-passant target except a single one on the side to move's capture rank "
    "(rank 6 when White moves, rank 3 when Black moves); FEN holds one square"
)


def fen_position_to_dfen(position: FenPosition) -> DfenPosition:
    """The DFEN position of a FEN position (nothing lost; dice not rolled)."""
    ep = position.en_passant_target.square
    return DfenPosition(
        position.board,
        position.side,
        position.castling_rights,
        EnPassantTargets(frozenset(() if ep is None else (ep,))),
        position.halfmove,
        position.fullmove,
        DicePool(None),
    )


def fen_ep_square(position: DfenPosition) -> int | None:
    """The single en-passant square FEN can keep: the only target on the mover's capture rank."""
    rank = 5 if position.turn == "w" else 2
    candidates = [s for s in position.en_passant if s // 8 == rank]
    return candidates[0] if len(candidates) == 1 else None


def dfen_position_to_fen(position: DfenPosition) -> FenPosition:
    """The FEN position of a DFEN position (loses the dice pool and extra en-passant targets)."""
    return FenPosition(
        position.board,
        position.side,
        CastlingRights(position.castling),
        EnPassantSquare(fen_ep_square(position)),
        HalfmoveClock(position.halfmove_clock),
        FullmoveNumber(position.fullmove_number),
    )


def fen_to_dfen(text: str) -> str:
    """Convert FEN text to canonical DFEN text."""
    return dfen.dumps(fen_position_to_dfen(fen.parse(text)))


def dfen_to_fen(text: str) -> str:
    """Convert DFEN text to FEN text (see the module docstring for what is lost)."""
    return fen.dumps(dfen_position_to_fen(dfen.parse(text)))
