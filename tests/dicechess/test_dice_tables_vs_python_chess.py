"""The Dice Chess attack tables against python-chess's (an independent implementation of the same
board: square 0 is a1, file = square & 7, rank = square >> 3)."""

from __future__ import annotations

import random

import pytest

chess = pytest.importorskip("chess")

from notation_toolkit.dicechess import tables as t  # noqa: E402


def test_leaper_and_pawn_attacks_are_python_chess_s() -> None:
    for sq in range(64):
        assert t.KNIGHT_ATTACKS[sq] == chess.BB_KNIGHT_ATTACKS[sq], chess.square_name(sq)
        assert t.KING_ATTACKS[sq] == chess.BB_KING_ATTACKS[sq], chess.square_name(sq)
        assert t.PAWN_ATTACKS[t.WHITE][sq] == chess.BB_PAWN_ATTACKS[chess.WHITE][sq], chess.square_name(sq)
        assert t.PAWN_ATTACKS[t.BLACK][sq] == chess.BB_PAWN_ATTACKS[chess.BLACK][sq], chess.square_name(sq)


def test_slider_attacks_are_python_chess_s_on_random_boards() -> None:
    rng = random.Random(17)
    boards = [0, chess.BB_ALL, chess.BB_RANK_1 | chess.BB_RANK_8] + [rng.getrandbits(64) for _ in range(40)]
    for occupied in boards:
        for sq in range(64):
            expected_rook = (
                chess.BB_RANK_ATTACKS[sq][chess.BB_RANK_MASKS[sq] & occupied]
                | (chess.BB_FILE_ATTACKS[sq][chess.BB_FILE_MASKS[sq] & occupied])
            )
            expected_bishop = chess.BB_DIAG_ATTACKS[sq][chess.BB_DIAG_MASKS[sq] & occupied]
            assert t.rook_attacks(sq, occupied) == expected_rook, (chess.square_name(sq), hex(occupied))
            assert t.bishop_attacks(sq, occupied) == expected_bishop, (chess.square_name(sq), hex(occupied))
            assert t.queen_attacks(sq, occupied) == expected_rook | expected_bishop
