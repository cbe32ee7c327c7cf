"""Squares, piece codes, precomputed attack tables and Zobrist keys of the Dice Chess core.

Conventions follow python-chess: squares ``a1 = 0 .. h8 = 63`` (little-endian rank-file), bitboards
are plain ``int`` masks. Piece types double as die faces (R2): ``PAWN = 1 .. KING = 6``. Colours are
``WHITE = 0`` and ``BLACK = 1`` so that ``them = us ^ 1`` and bitboard lists index by colour. A piece
code on the mailbox is ``type | colour << 3`` (0 = empty square).
"""

from __future__ import annotations

import random
from typing import Final

from notation_toolkit.core.geometry import Geometry

Square = int
Bitboard = int
Color = int
PieceType = int

WHITE: Final = 0
BLACK: Final = 1
COLOR_NAMES: Final = ("White", "Black")

PAWN: Final = 1
KNIGHT: Final = 2
BISHOP: Final = 3
ROOK: Final = 4
QUEEN: Final = 5
KING: Final = 6
PIECE_TYPES: Final = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
PIECE_SYMBOLS: Final = ("", "p", "n", "b", "r", "q", "k")
PIECE_NAMES: Final = ("", "pawn", "knight", "bishop", "rook", "queen", "king")
DIE_LETTERS: Final = "PNBRQK"

# fmt: off
A1, B1, C1, D1, E1, F1, G1, H1 = range(0, 8)
A2, B2, C2, D2, E2, F2, G2, H2 = range(8, 16)
A3, B3, C3, D3, E3, F3, G3, H3 = range(16, 24)
A4, B4, C4, D4, E4, F4, G4, H4 = range(24, 32)
A5, B5, C5, D5, E5, F5, G5, H5 = range(32, 40)
A6, B6, C6, D6, E6, F6, G6, H6 = range(40, 48)
A7, B7, C7, D7, E7, F7, G7, H7 = range(48, 56)
A8, B8, C8, D8, E8, F8, G8, H8 = range(56, 64)
# fmt: on

FILE_NAMES: Final = "abcdefgh"
RANK_NAMES: Final = "12345678"
SQUARES: Final = tuple(range(64))
# Square names and file/rank masks are the core board geometry's (one definition for every core).
_BOARD: Final = Geometry.of(8, 8)
SQUARE_NAMES: Final = _BOARD.square_names
SQUARE_BY_NAME: Final = {name: sq for sq, name in enumerate(SQUARE_NAMES)}

BB_ALL: Final = _BOARD.full
BB_SQUARES: Final = tuple(1 << sq for sq in SQUARES)
BB_FILES: Final = _BOARD.file_masks
BB_RANKS: Final = _BOARD.rank_masks
BB_FILE_A: Final = BB_FILES[0]
BB_FILE_H: Final = BB_FILES[7]
BB_RANK_1: Final = BB_RANKS[0]
BB_RANK_3: Final = BB_RANKS[2]
BB_RANK_6: Final = BB_RANKS[5]
BB_RANK_8: Final = BB_RANKS[7]

# Castling rights as a 4-bit mask, in DFEN field-3 order.
CASTLE_K: Final = 1
CASTLE_Q: Final = 2
CASTLE_k: Final = 4
CASTLE_q: Final = 8
CASTLING_LETTERS: Final = ((CASTLE_K, "K"), (CASTLE_Q, "Q"), (CASTLE_k, "k"), (CASTLE_q, "q"))


def square_file(sq: Square) -> int:
    """File index 0..7 (a..h) of a square."""
    return sq & 7


def square_rank(sq: Square) -> int:
    """Rank index 0..7 (1..8) of a square."""
    return sq >> 3


def square_name(sq: Square) -> str:
    """Algebraic name of a square, e.g. ``e4``."""
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> Square:
    """Square index of an algebraic name; raises ``KeyError`` for a bad name."""
    return SQUARE_BY_NAME[name]


def popcount(bb: Bitboard) -> int:
    """Number of set squares."""
    return bb.bit_count()


def _step_attacks(sq: Square, deltas: tuple[int, ...]) -> Bitboard:
    # within two files and two ranks (no wrap round an edge), tested inline: these tables are
    # built at import, and a function call per test cost about 2,800 calls
    bb = 0
    file, rank = sq & 7, sq >> 3
    for d in deltas:
        to = sq + d
        if 0 <= to < 64 and abs(file - (to & 7)) <= 2 and abs(rank - (to >> 3)) <= 2:
            bb |= 1 << to
    return bb


def _sliding_attacks(sq: Square, occupied: Bitboard, deltas: tuple[int, ...]) -> Bitboard:
    bb = 0
    for d in deltas:
        cur = sq
        while True:
            nxt = cur + d
            # off the board, or wrapped round an edge (more than one file or rank away)
            if not (0 <= nxt < 64) or abs((cur & 7) - (nxt & 7)) > 1 or abs((cur >> 3) - (nxt >> 3)) > 1:
                break
            cur = nxt
            bb |= 1 << cur
            if occupied & (1 << cur):
                break
    return bb


KNIGHT_DELTAS: Final = (17, 15, 10, 6, -17, -15, -10, -6)
KING_DELTAS: Final = (9, 8, 7, 1, -9, -8, -7, -1)
ROOK_DELTAS: Final = (8, 1, -8, -1)
BISHOP_DELTAS: Final = (9, 7, -9, -7)

KNIGHT_ATTACKS: Final = tuple(_step_attacks(sq, KNIGHT_DELTAS) for sq in SQUARES)
KING_ATTACKS: Final = tuple(_step_attacks(sq, KING_DELTAS) for sq in SQUARES)
PAWN_ATTACKS: Final = (
    tuple(_step_attacks(sq, (7, 9)) for sq in SQUARES),
    tuple(_step_attacks(sq, (-7, -9)) for sq in SQUARES),
)


def _edges(sq: Square) -> Bitboard:
    return ((BB_RANK_1 | BB_RANK_8) & ~BB_RANKS[sq >> 3]) | ((BB_FILE_A | BB_FILE_H) & ~BB_FILES[sq & 7])


class SlidingTable(dict[int, int]):
    """Attack sets of one slider on one square, keyed by the relevant occupancy (``occ & mask``).

    Filled lazily: a miss computes the ray scan once and stores it. The key space is bounded by the
    subsets of ``mask`` (at most 4096 for a rook in a corner), so memory stays bounded, start-up is
    instant, and a hit costs one dict lookup (the same idea as python-chess's masked tables, with
    one table per slider instead of one per line).
    """

    __slots__ = ("deltas", "square")

    def __init__(self, square: Square, deltas: tuple[int, ...]) -> None:
        super().__init__()
        self.square = square
        self.deltas = deltas

    def __missing__(self, occupancy: int) -> int:
        attacks = _sliding_attacks(self.square, occupancy, self.deltas)
        self[occupancy] = attacks
        return attacks


ROOK_MASKS: Final = tuple(_sliding_attacks(sq, 0, ROOK_DELTAS) & ~_edges(sq) for sq in SQUARES)
BISHOP_MASKS: Final = tuple(_sliding_attacks(sq, 0, BISHOP_DELTAS) & ~_edges(sq) for sq in SQUARES)
ROOK_TABLES: Final = tuple(SlidingTable(sq, ROOK_DELTAS) for sq in SQUARES)
BISHOP_TABLES: Final = tuple(SlidingTable(sq, BISHOP_DELTAS) for sq in SQUARES)


def rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard:
    """Squares a rook on ``sq`` attacks given the occupancy."""
    return ROOK_TABLES[sq][occupied & ROOK_MASKS[sq]]


def bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard:
    """Squares a bishop on ``sq`` attacks given the occupancy."""
    return BISHOP_TABLES[sq][occupied & BISHOP_MASKS[sq]]


def queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard:
    """Squares a queen on ``sq`` attacks given the occupancy."""
    return ROOK_TABLES[sq][occupied & ROOK_MASKS[sq]] | BISHOP_TABLES[sq][occupied & BISHOP_MASKS[sq]]


# Castling geometry: king target square -> (rook from, rook to, squares that must be empty, right).
CASTLING_GEOMETRY: Final = {
    G1: (H1, F1, BB_SQUARES[F1] | BB_SQUARES[G1], CASTLE_K),
    C1: (A1, D1, BB_SQUARES[B1] | BB_SQUARES[C1] | BB_SQUARES[D1], CASTLE_Q),
    G8: (H8, F8, BB_SQUARES[F8] | BB_SQUARES[G8], CASTLE_k),
    C8: (A8, D8, BB_SQUARES[B8] | BB_SQUARES[C8] | BB_SQUARES[D8], CASTLE_q),
}
# R14: the right tied to each rook corner (lost when the own rook leaves it or anything captures there).
CORNER_RIGHT: Final = {H1: CASTLE_K, A1: CASTLE_Q, H8: CASTLE_k, A8: CASTLE_q}
# Per square, the rights that survive a capture on it (all rights except the corner's).
KEEP_AFTER_CAPTURE_ON: Final = tuple(15 & ~CORNER_RIGHT.get(sq, 0) for sq in SQUARES)
# Per colour and square, the rights that survive that colour's rook leaving the square.
KEEP_AFTER_ROOK_LEAVES: Final = (
    tuple(15 & ~(CORNER_RIGHT.get(sq, 0) if sq in (A1, H1) else 0) for sq in SQUARES),
    tuple(15 & ~(CORNER_RIGHT.get(sq, 0) if sq in (A8, H8) else 0) for sq in SQUARES),
)
COLOR_RIGHTS: Final = (CASTLE_K | CASTLE_Q, CASTLE_k | CASTLE_q)

# Zobrist keys from a fixed seed, so keys are stable across runs and processes.
_rng = random.Random(0x0D1CE5)
PIECE_SQUARE_KEYS: Final = tuple(
    tuple(_rng.getrandbits(64) if (code & 7) and (code & 7) <= KING else 0 for _ in SQUARES)
    for code in range(16)
)
TURN_KEY: Final = _rng.getrandbits(64)
_castle_bits = [_rng.getrandbits(64) for _ in range(4)]
CASTLING_KEYS: Final = tuple(
    (_castle_bits[0] if r & 1 else 0)
    ^ (_castle_bits[1] if r & 2 else 0)
    ^ (_castle_bits[2] if r & 4 else 0)
    ^ (_castle_bits[3] if r & 8 else 0)
    for r in range(16)
)
EP_KEYS: Final = tuple(_rng.getrandbits(64) for _ in SQUARES)
# POOL_KEYS[t][n]: contribution of holding n dice of type t (0 for n = 0).
POOL_KEYS: Final = tuple(
    (0, *(_rng.getrandbits(64) for _ in range(3))) if t else (0, 0, 0, 0) for t in range(7)
)
del _rng, _castle_bits
