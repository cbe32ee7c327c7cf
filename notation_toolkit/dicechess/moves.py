"""Micro-moves as ints (the fast internal form) and the ``MicroMove`` view used at the API edge.

Layout of a move int: bits 0-5 from-square, 6-11 to-square, 12-14 promotion piece type (0 = none),
15-17 the moving piece type (which is also the die it spends: a promotion spends a P die, R12),
18-19 a flag (normal, double push, en passant, castling).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from notation_toolkit.dicechess.tables import (
    PIECE_NAMES,
    PIECE_SYMBOLS,
    SQUARE_BY_NAME,
    SQUARE_NAMES,
    PieceType,
    Square,
)

FLAG_NORMAL: Final = 0
FLAG_DOUBLE: Final = 1
FLAG_EN_PASSANT: Final = 2
FLAG_CASTLING: Final = 3

_UCI_RE: Final = re.compile(r"([a-h][1-8])([a-h][1-8])([nbrqNBRQ]?)")


def encode(
    from_square: Square, to_square: Square, piece: PieceType, promotion: PieceType = 0, flag: int = 0
) -> int:
    """Pack a micro-move into an int."""
    return from_square | (to_square << 6) | (promotion << 12) | (piece << 15) | (flag << 18)


def move_from(move: int) -> Square:
    """From-square of a move int."""
    return move & 63


def move_to(move: int) -> Square:
    """To-square of a move int."""
    return (move >> 6) & 63


def move_promotion(move: int) -> PieceType:
    """Promotion piece type of a move int (0 if none)."""
    return (move >> 12) & 7


def move_piece(move: int) -> PieceType:
    """Piece type that moves (and so the die spent; K for castling, which also spends an R die)."""
    return (move >> 15) & 7


def move_flag(move: int) -> int:
    """The move's flag (``FLAG_*``)."""
    return move >> 18


def move_cost(move: int) -> int:
    """Dice spent by the move: 2 for castling (R13), else 1."""
    return 2 if move >> 18 == FLAG_CASTLING else 1


def uci(move: int) -> str:
    """UCI text of a move int (``e2e4``, ``e7e8n``; castling as the king's move ``e1g1``)."""
    promo = (move >> 12) & 7
    text = SQUARE_NAMES[move & 63] + SQUARE_NAMES[(move >> 6) & 63]
    return text + PIECE_SYMBOLS[promo] if promo else text


def parse_uci(text: str) -> tuple[Square, Square, PieceType] | None:
    """``(from, to, promotion)`` of a UCI micro-move string, or ``None`` if it is not one."""
    match = _UCI_RE.fullmatch(text.strip())
    if match is None:
        return None
    promo = PIECE_SYMBOLS.index(match.group(3).lower()) if match.group(3) else 0
    return SQUARE_BY_NAME[match.group(1)], SQUARE_BY_NAME[match.group(2)], promo


# The standard decorator, not core.nodeclass: `ntk dice compile` builds this module with mypyc,
# which needs to see the real dataclass.
@dataclass(frozen=True, slots=True)
class MicroMove:
    """A readable view of one micro-move (the engine itself works on move ints)."""

    from_square: Square
    to_square: Square
    piece: PieceType
    promotion: PieceType = 0
    flag: int = FLAG_NORMAL

    @classmethod
    def from_int(cls, move: int) -> MicroMove:
        """View of a move int."""
        return cls(move & 63, (move >> 6) & 63, (move >> 15) & 7, (move >> 12) & 7, move >> 18)

    def to_int(self) -> int:
        """The packed move int."""
        return encode(self.from_square, self.to_square, self.piece, self.promotion, self.flag)

    def uci(self) -> str:
        """UCI text, e.g. ``e7e8n``."""
        return uci(self.to_int())

    @property
    def cost(self) -> int:
        """Dice spent: 2 for castling, else 1."""
        return 2 if self.flag == FLAG_CASTLING else 1

    @property
    def dice(self) -> str:
        """Letters of the dice spent (``P`` for a promotion, ``KR`` for castling)."""
        return "KR" if self.flag == FLAG_CASTLING else "PNBRQK"[self.piece - 1]

    @property
    def is_castling(self) -> bool:
        """True for castling (spends a K and an R die)."""
        return self.flag == FLAG_CASTLING

    @property
    def is_en_passant(self) -> bool:
        """True for an en-passant capture."""
        return self.flag == FLAG_EN_PASSANT

    def describe(self) -> str:
        """Short English description, e.g. ``knight g1f3`` or ``pawn e7e8n (promotes to knight)``."""
        text = f"{PIECE_NAMES[self.piece]} {self.uci()}"
        if self.flag == FLAG_CASTLING:
            return f"castling {self.uci()}"
        if self.flag == FLAG_EN_PASSANT:
            return text + " (en passant)"
        if self.promotion:
            return text + f" (promotes to {PIECE_NAMES[self.promotion]})"
        return text

    def __str__(self) -> str:
        return self.uci()


__all__ = [
    "FLAG_CASTLING",
    "FLAG_DOUBLE",
    "FLAG_EN_PASSANT",
    "FLAG_NORMAL",
    "MicroMove",
    "encode",
    "move_cost",
    "move_flag",
    "move_from",
    "move_piece",
    "move_promotion",
    "move_to",
    "parse_uci",
    "uci",
]
