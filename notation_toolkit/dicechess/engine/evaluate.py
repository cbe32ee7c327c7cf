"""Static evaluation of a Dice Chess position at a chance node (dice not yet rolled).

``leaf_value`` is the value for the side to move (S), in centipawns, with a king capture worth
``WIN``:

    value = p * WIN + (1 - p) * static(S)

where ``p`` is the exact probability that S captures the enemy king on the coming roll (R17; see
``exposure``) and ``static`` scores material, piece-square tables, pieces that S can win on the coming
roll (hanging or under-defended, weighted by the chance of rolling the right die), the same for the
opponent a turn later, and the opponent's direct threats on S's king (S may lack the dice to parry).

``cheap_leaf`` returns the same formula with ``p1`` (only direct one-die attacks) in place of ``p``.
Since ``p1 <= p`` and ``static < WIN``, the cheap value is a lower bound of ``leaf_value`` for S and so
an upper bound for the side that just moved: the search evaluates every turn cheaply and computes
the exact exposure only while a cheap bound can still beat the best exact value.
"""

from __future__ import annotations

from typing import Final

from notation_toolkit.dicechess.engine.exposure import any_type_weight, capture_weight
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.tables import (
    BB_ALL,
    BB_FILE_A,
    BB_FILE_H,
    BISHOP,
    BISHOP_MASKS,
    BISHOP_TABLES,
    KING,
    KING_ATTACKS,
    KNIGHT,
    KNIGHT_ATTACKS,
    PAWN,
    QUEEN,
    ROOK,
    ROOK_MASKS,
    ROOK_TABLES,
    WHITE,
    bishop_attacks,
    queen_attacks,
    rook_attacks,
)

WIN: Final = 10000.0
"""Value of capturing the enemy king (R17), in centipawns."""

PIECE_VALUES: Final = (0, 100, 310, 330, 500, 900, 0)

# Weights of the static terms, relative to material (see ``features``), chosen by short
# engine-vs-greedy matches. Weights fitted to the results of self-play games (placement 5.5, gain now
# 1.45, gain later 0.55, king danger 690) played weaker in the ladder, and so did weights fitted to
# the search one turn deeper: a better fit is not a stronger player here (docs/engine.md, "What did
# not help").
PLACEMENT: Final = 1.0  # piece-square tables
GAIN_NOW: Final = 0.7  # what S can capture on the coming roll (S moves first)
GAIN_LATER: Final = 0.3  # what the opponent can capture a turn later (S may move the piece away)
KING_DANGER: Final = 800.0  # per unit probability of the opponent's direct threats on S's king

# Piece-square tables from White's point of view, a1 = index 0 (rank 1 first).
# fmt: off
_PAWN = (
    0, 0, 0, 0, 0, 0, 0, 0,
    5, 5, 5, -5, -5, 5, 5, 5,
    5, 0, 5, 10, 10, 0, 0, 5,
    0, 0, 10, 20, 20, 5, 0, 0,
    10, 10, 15, 25, 25, 15, 10, 10,
    25, 25, 30, 35, 35, 30, 25, 25,
    60, 60, 60, 60, 60, 60, 60, 60,
    0, 0, 0, 0, 0, 0, 0, 0,
)
_KNIGHT = (
    -40, -25, -20, -20, -20, -20, -25, -40,
    -25, -10, 0, 5, 5, 0, -10, -25,
    -20, 5, 10, 15, 15, 10, 5, -20,
    -20, 0, 15, 20, 20, 15, 0, -20,
    -20, 5, 15, 20, 20, 15, 5, -20,
    -20, 0, 10, 15, 15, 10, 0, -20,
    -25, -10, 0, 0, 0, 0, -10, -25,
    -40, -25, -20, -20, -20, -20, -25, -40,
)
_BISHOP = (
    -15, -10, -10, -10, -10, -10, -10, -15,
    -10, 5, 0, 0, 0, 0, 5, -10,
    -10, 10, 10, 10, 10, 10, 10, -10,
    -10, 0, 10, 10, 10, 10, 0, -10,
    -10, 5, 5, 10, 10, 5, 5, -10,
    -10, 0, 5, 10, 10, 5, 0, -10,
    -10, 0, 0, 0, 0, 0, 0, -10,
    -15, -10, -10, -10, -10, -10, -10, -15,
)
_ROOK = (
    0, 0, 5, 10, 10, 5, 0, 0,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    10, 15, 15, 15, 15, 15, 15, 10,
    0, 0, 0, 0, 0, 0, 0, 0,
)
_QUEEN = (
    -15, -10, -5, 0, 0, -5, -10, -15,
    -10, 0, 5, 5, 5, 5, 0, -10,
    -5, 5, 5, 5, 5, 5, 5, -5,
    0, 0, 5, 5, 5, 5, 0, 0,
    -5, 0, 5, 5, 5, 5, 0, -5,
    -10, 0, 5, 5, 5, 5, 0, -10,
    -10, 0, 0, 0, 0, 0, 0, -10,
    -15, -10, -5, 0, 0, -5, -10, -15,
)
_KING = (
    10, 15, 5, 0, 0, 5, 15, 10,
    5, 5, 0, -5, -5, 0, 5, 5,
    -10, -15, -15, -20, -20, -15, -15, -10,
    -20, -25, -25, -30, -30, -25, -25, -20,
    -30, -35, -35, -40, -40, -35, -35, -30,
    -30, -35, -35, -40, -40, -35, -35, -30,
    -30, -35, -35, -40, -40, -35, -35, -30,
    -30, -35, -35, -40, -40, -35, -35, -30,
)
# fmt: on
_TABLES: Final = (None, _PAWN, _KNIGHT, _BISHOP, _ROOK, _QUEEN, _KING)

# PSQ[code][sq]: material + table value of a piece code, signed for White (+) / Black (-).
PSQ: Final = tuple(
    tuple(
        0
        if not (code & 7) or (code & 7) > KING
        else (
            PIECE_VALUES[code & 7] + _TABLES[code & 7][sq]  # type: ignore[index]
            if code >> 3 == WHITE
            else -(PIECE_VALUES[code & 7] + _TABLES[code & 7][sq ^ 56])  # type: ignore[index]
        )
        for sq in range(64)
    )
    for code in range(16)
)

# P_NONE[k]: probability that a roll holds no die of k given types.
_P_NONE: Final = tuple(((6 - k) / 6) ** 3 for k in range(7))


def material_psq(pos: Position) -> int:
    """Material plus piece-square score from White's point of view."""
    total = 0
    board = pos.board
    psq = PSQ
    bb = pos.occ[0] | pos.occ[1]
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        total += psq[board[sq]][sq]
    return total


def _attacks(pos: Position, color: int, occupied: int) -> tuple[list[int], int]:
    """Squares attacked by ``color``, per piece type (index = type) and in total."""
    own = pos.occ[color]
    pieces = pos.pieces
    by_type = [0] * 7
    pawns = pieces[PAWN] & own
    if pawns:
        if color == WHITE:
            by_type[PAWN] = ((pawns & ~BB_FILE_A) << 7 | (pawns & ~BB_FILE_H) << 9) & BB_ALL
        else:
            by_type[PAWN] = (pawns & ~BB_FILE_A) >> 9 | (pawns & ~BB_FILE_H) >> 7
    for t in (KNIGHT, BISHOP, ROOK, QUEEN, KING):
        bb = pieces[t] & own
        acc = 0
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            if t == KNIGHT:
                acc |= KNIGHT_ATTACKS[sq]
            elif t == KING:
                acc |= KING_ATTACKS[sq]
            elif t == BISHOP:
                acc |= bishop_attacks(sq, occupied)
            elif t == ROOK:
                acc |= rook_attacks(sq, occupied)
            else:
                acc |= queen_attacks(sq, occupied)
        by_type[t] = acc
    total = 0
    for a in by_type:
        total |= a
    return by_type, total


def _expected_gain(pos: Position, att: list[int], victims: int, defended: int) -> float:
    """Expected material won with one capture on a roll: best capture per die type, then E[max] over rolls."""
    board = pos.board
    gains: list[int] = []
    for t in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING):
        targets = att[t] & victims
        best = 0
        while targets:
            low = targets & -targets
            targets ^= low
            sq = low.bit_length() - 1
            value = PIECE_VALUES[board[sq] & 7]
            if low & defended:
                if t == KING:
                    continue  # the king would stand on a defended square: a king-capture risk
                value -= PIECE_VALUES[t]
            if value > best:
                best = value
        if best > 0:
            gains.append(best)
    if not gains:
        return 0.0
    gains.sort(reverse=True)
    expected = 0.0
    for k, g in enumerate(gains):
        expected += g * (_P_NONE[k] - _P_NONE[k + 1])
    return expected


FEATURES: Final = ("material", "placement", "gain_now", "gain_later", "king_danger")
"""Names of the static terms, in the order of ``features`` and of the tuning script's weights."""


def _side(pos: Position, color: int, occupied: int) -> tuple[list[int], int, int]:
    """``color``'s attacked squares per piece type and in total, and its material + piece-square sum
    (signed for White, as ``material_psq``) in one pass over its pieces.

    ``features`` runs for every distinct reply of a depth-2 chance node, so the per-type loops, the
    slider tables and the piece-square rows are inlined here (same results as ``_attacks`` and
    ``material_psq``; ``tests/dicechess_engine`` compares them).
    """
    own = pos.occ[color]
    pieces = pos.pieces
    base = color << 3
    by_type = [0, 0, 0, 0, 0, 0, 0]
    psq = 0
    bb = pieces[PAWN] & own
    if bb:
        if color == WHITE:
            by_type[PAWN] = ((bb & ~BB_FILE_A) << 7 | (bb & ~BB_FILE_H) << 9) & BB_ALL
        else:
            by_type[PAWN] = (bb & ~BB_FILE_A) >> 9 | (bb & ~BB_FILE_H) >> 7
        row = PSQ[base | PAWN]
        while bb:
            low = bb & -bb
            bb ^= low
            psq += row[low.bit_length() - 1]
    bb = pieces[KNIGHT] & own
    if bb:
        row = PSQ[base | KNIGHT]
        acc = 0
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            acc |= KNIGHT_ATTACKS[sq]
            psq += row[sq]
        by_type[KNIGHT] = acc
    bb = pieces[BISHOP] & own
    if bb:
        row = PSQ[base | BISHOP]
        acc = 0
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            acc |= BISHOP_TABLES[sq][occupied & BISHOP_MASKS[sq]]
            psq += row[sq]
        by_type[BISHOP] = acc
    bb = pieces[ROOK] & own
    if bb:
        row = PSQ[base | ROOK]
        acc = 0
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            acc |= ROOK_TABLES[sq][occupied & ROOK_MASKS[sq]]
            psq += row[sq]
        by_type[ROOK] = acc
    bb = pieces[QUEEN] & own
    if bb:
        row = PSQ[base | QUEEN]
        acc = 0
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            acc |= ROOK_TABLES[sq][occupied & ROOK_MASKS[sq]] | BISHOP_TABLES[sq][occupied & BISHOP_MASKS[sq]]
            psq += row[sq]
        by_type[QUEEN] = acc
    bb = pieces[KING] & own
    if bb:
        row = PSQ[base | KING]
        acc = 0
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            acc |= KING_ATTACKS[sq]
            psq += row[sq]
        by_type[KING] = acc
    total = by_type[1] | by_type[2] | by_type[3] | by_type[4] | by_type[5] | by_type[6]
    return by_type, total, psq


def features(pos: Position) -> tuple[tuple[float, float, float, float, float], int]:
    """The static terms for the side to move S, and the weight /216 of S's direct one-die king attacks.

    ``material`` (centipawns, S minus the opponent), ``placement`` (piece-square tables, S minus the
    opponent), ``gain_now`` (expected material S wins on the coming roll), ``gain_later`` (the same
    for the opponent a turn later), ``king_danger`` (probability that the opponent has a direct
    one-die shot at S's king). ``static = material + placement + GAIN_NOW*gain_now -
    GAIN_LATER*gain_later - KING_DANGER*king_danger``: the inputs of a fit of the weights.
    """
    us = pos.turn
    them = us ^ 1
    occ = pos.occ
    occupied = occ[0] | occ[1]
    pieces = pos.pieces
    kings = pieces[KING]
    att_us, all_us, psq_us = _side(pos, us, occupied)
    att_them, all_them, psq_them = _side(pos, them, occupied)
    own = occ[us]
    other = occ[them]
    material = 0
    for t in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN):
        bb = pieces[t]
        material += PIECE_VALUES[t] * ((bb & own).bit_count() - (bb & other).bit_count())
    total = psq_us + psq_them
    placement = (total if us == WHITE else -total) - material
    non_king = ~kings
    gain_now = _expected_gain(pos, att_us, other & non_king, all_them)
    gain_later = _expected_gain(pos, att_them, own & non_king, all_us)
    our_king = kings & own
    their_king = kings & other
    danger = 0
    direct = 0
    for t in range(1, 7):
        if att_them[t] & our_king:
            danger |= 1 << t
        if att_us[t] & their_king:
            direct |= 1 << t
    king_danger = any_type_weight(danger) / 216 if danger else 0.0
    return (float(material), float(placement), gain_now, gain_later, king_danger), any_type_weight(direct)


def static_and_threat(pos: Position) -> tuple[float, int]:
    """``(static score for the side to move, weight /216 of its direct one-die king attacks)``."""
    (material, placement, gain_now, gain_later, danger), direct = features(pos)
    score = (
        material
        + PLACEMENT * placement
        + GAIN_NOW * gain_now
        - GAIN_LATER * gain_later
        - KING_DANGER * danger
    )
    return score, direct


def mix(score: float, weight: int) -> float:
    """``p * WIN + (1 - p) * score`` for ``p = weight / 216`` (king capture probability of the mover)."""
    p = weight / 216
    return p * WIN + (1 - p) * score


def cheap_leaf(pos: Position) -> tuple[float, float]:
    """``(cheap value, static score)`` for the side to move; the cheap value is a lower bound."""
    score, direct = static_and_threat(pos)
    return mix(score, direct), score


def leaf_value(pos: Position) -> float:
    """Exact-exposure leaf value for the side to move (see the module docstring)."""
    score, _ = static_and_threat(pos)
    return mix(score, capture_weight(pos))
