"""DFEN <-> FEN, DFEN <-> FEEN and DFEN <-> ``chess.Board``, with what each conversion loses.

* FEN -> DFEN loses nothing: the one en-passant square becomes a one-element set, the dice pool
  is ``-`` (not rolled).
* DFEN -> FEN loses the dice pool, and keeps an en-passant square only when exactly one target is
  capturable by the side to move's pawns' rank (rank 6 when White is to move, rank 3 when Black
  is): FEN holds one square, consistent with the side to move. Other targets are dropped. The
  half-move clock is copied as is, although Dice Chess counts micro-moves (R16), not plies.
* DFEN <-> FEEN: as FEN <-> FEEN (see ``notation_toolkit.fen.convert``), and the dice pool is lost.
* ``chess.Board``: through FEN, so as DFEN -> FEN.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.dfen.ast import DfenPosition, DicePool, EnPassantTargets
from notation_toolkit.fen.ast import (
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
)
from notation_toolkit.fen.convert import board_side_to_feen, read_chess_feen

if TYPE_CHECKING:
    import chess

LOSES_FEN_TO_DFEN = "nothing (the dice pool is written '-', not rolled)"
LOSES_DFEN_TO_FEN = (
    "the dice pool, and every en-passant target except a single one on the side to move's capture rank "
    "(rank 6 when White moves, rank 3 when Black moves); FEN holds one square"
)
LOSES_DFEN_TO_FEEN = "castling rights, en-passant targets, both clocks and the dice pool"
LOSES_FEEN_TO_DFEN = (
    "FEEN state modifiers (+/-) and derivation marks ('); castling '-', en passant '-', clocks 0 1, "
    "dice '-'; only chess-style FEEN (8x8, PNBRQK, styles C/c, empty hands) converts"
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
    from notation_toolkit import fen

    return str(fen_position_to_dfen(fen.parse(text)))


def dfen_to_fen(text: str) -> str:
    """Convert DFEN text to FEN text (see the module docstring for what is lost)."""
    from notation_toolkit import dfen

    return str(dfen_position_to_fen(dfen.parse(text)))


def dfen_to_feen(text: str) -> str:
    """Convert DFEN text to chess-style FEEN (placement and side to move only)."""
    from notation_toolkit import dfen

    pos = dfen.parse(text)
    return board_side_to_feen(pos.board, pos.turn)


def feen_to_dfen(text: str) -> str:
    """Convert chess-style FEEN to DFEN (castling '-', en passant '-', clocks 0 1, dice '-')."""
    board, side = read_chess_feen(text)
    return str(
        DfenPosition(
            board,
            side,
            CastlingRights(frozenset()),
            EnPassantTargets(frozenset()),
            HalfmoveClock(0),
            FullmoveNumber(1),
            DicePool(None),
        )
    )


def to_chess_board(position: DfenPosition | str) -> chess.Board:
    """A ``chess.Board`` for a DFEN position or text (as DFEN -> FEN). Needs python-chess."""
    from notation_toolkit import dfen
    from notation_toolkit.fen import convert as fen_convert

    pos = dfen.parse(position) if isinstance(position, str) else position
    return fen_convert.to_chess_board(dfen_position_to_fen(pos))


def from_chess_board(board: chess.Board, dice: str | None = None) -> DfenPosition:
    """The DFEN position of a ``chess.Board``, with an optional dice pool (letters, any case)."""
    import dataclasses

    from notation_toolkit.dfen.ast import sort_dice
    from notation_toolkit.fen import convert as fen_convert

    pos = fen_position_to_dfen(fen_convert.from_chess_board(board))
    if dice:
        pos = dataclasses.replace(pos, pool=DicePool(sort_dice(dice)))
    return pos


def register_fen_pair() -> None:
    """Register FEN <-> DFEN (called by both notation modules, whichever loads first)."""
    from notation_toolkit.core.registry import register_conversion

    register_conversion("fen", "dfen", fen_to_dfen, LOSES_FEN_TO_DFEN)
    register_conversion("dfen", "fen", dfen_to_fen, LOSES_DFEN_TO_FEN)


def register() -> None:
    """Register every DFEN conversion with the notation registry (for ``ntk convert``)."""
    from notation_toolkit.core.registry import register_conversion

    register_fen_pair()
    register_conversion("dfen", "feen", dfen_to_feen, LOSES_DFEN_TO_FEEN)
    register_conversion("feen", "dfen", feen_to_dfen, LOSES_FEEN_TO_DFEN)
