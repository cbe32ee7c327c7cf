"""FEN and DFEN <-> ``chess.Board`` (python-chess), through FEN text.

python-chess is optional: every function imports it lazily and raises an ``ImportError`` that says
how to install it. DFEN goes through FEN, so DFEN -> ``chess.Board`` loses what DFEN -> FEN loses
(``convert.dfen_fen``).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from notation_toolkit import dfen, fen
from notation_toolkit.convert.dfen_fen import dfen_position_to_fen, fen_position_to_dfen
from notation_toolkit.dfen.ast import DICE_ORDER, DfenPosition, DicePool, sort_dice
from notation_toolkit.fen.ast import FenPosition

if TYPE_CHECKING:
    import chess


def _chess() -> Any:
    try:
        import chess
    except ImportError:
        raise ImportError(
            "python-chess is not installed; it is needed only for chess.Board conversions: "
            "pip install 'notation-toolkit[chess]' (or pip install chess)"
        ) from None
    return chess


def to_chess_board(position: FenPosition | DfenPosition | str) -> chess.Board:
    """A ``chess.Board`` for a FEN or DFEN position, or for FEN text. Needs python-chess.

    A DFEN position converts as DFEN -> FEN (its dice and extra en-passant targets are lost);
    for DFEN text use :func:`dfen_to_chess_board`.
    """
    chess_module = _chess()
    if isinstance(position, str):
        position = fen.parse(position)
    elif isinstance(position, DfenPosition):
        position = dfen_position_to_fen(position)
    board: chess.Board = chess_module.Board(fen.dumps(position))
    return board


def dfen_to_chess_board(text: str) -> chess.Board:
    """A ``chess.Board`` for DFEN text (as DFEN -> FEN). Needs python-chess."""
    return to_chess_board(dfen.parse(text))


def from_chess_board(board: chess.Board) -> FenPosition:
    """The FEN position of a ``chess.Board`` (its en-passant square kept as set, legal or not)."""
    return fen.parse(board.fen(en_passant="fen"))


def dfen_from_chess_board(board: chess.Board, dice: str | None = None) -> DfenPosition:
    """The DFEN position of a ``chess.Board``, with an optional dice pool (letters, any case).

    Raises ``ValueError`` for a pool DFEN cannot hold (more than 3 dice, a letter not in PNBRQK),
    as ``DfenPosition.from_values`` does.
    """
    pos = fen_position_to_dfen(from_chess_board(board))
    if dice:
        if len(dice) > 3 or any(c.upper() not in DICE_ORDER for c in dice):
            raise ValueError(f"a dice pool holds at most 3 letters from PNBRQK, got {tuple(dice)}")
        pos = dataclasses.replace(pos, pool=DicePool(sort_dice(dice)))
    return pos
