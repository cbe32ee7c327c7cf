"""Registration of DFEN with the notation registry (``ntk parse dfen ...``, ``.dfen`` files)."""

from __future__ import annotations

from notation_toolkit import dfen
from notation_toolkit.fen.notation import position_notation

NOTATION = position_notation(
    dfen,
    "dfen",
    "DFEN, Dice Chess FEN (several en-passant targets, dice pool)",
    "accept dice in the wrong case for the side to move (F3), '44', unordered castling, "
    "leading zeros (true/false)",
    "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
)
