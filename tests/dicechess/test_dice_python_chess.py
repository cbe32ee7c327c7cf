"""Cross-check of per-die pseudo-legal micro-moves against python-chess (test-only dependency).

For every piece type, our micro-moves of that type equal python-chess's pseudo-legal moves of that
type, except where the rules differ, which are checked separately: castling (K+R dice, attacks
ignored, R13), en passant (several targets, R15) and a pawn taking the king on the last rank (no
promotion, R12).
"""

from __future__ import annotations

from typing import Any

import pytest
from dicechess_randomplay import sample_positions

from notation_toolkit.dicechess import Position
from notation_toolkit.dicechess.moves import FLAG_CASTLING, FLAG_EN_PASSANT, uci

chess = pytest.importorskip("chess")

POSITIONS = sample_positions(range(40), every=5)


def board_for(pos: Position, *, castling: str = "-") -> Any:
    fields = pos.dfen().split()
    return chess.Board(f"{fields[0]} {fields[1]} {castling} - 0 1")


def test_enough_positions_sampled() -> None:
    assert len(POSITIONS) >= 300
    assert any(Position.from_dfen(d).ep for d in POSITIONS)


@pytest.mark.parametrize("chunk", range(8))
def test_per_die_moves_equal_python_chess(chunk: int) -> None:
    for text in POSITIONS[chunk::8]:
        pos = Position.from_dfen(text)
        board = board_for(pos)
        colour = board.turn
        for piece_type in range(1, 7):
            ours = {uci(m) for m in pos.generate_type(piece_type) if m >> 18 != FLAG_EN_PASSANT}
            theirs: set[str] = set()
            mask = board.pieces_mask(piece_type, colour)
            for m in board.generate_pseudo_legal_moves(from_mask=mask):
                victim = board.piece_at(m.to_square)
                if m.promotion and victim is not None and victim.piece_type == chess.KING:
                    theirs.add(m.uci()[:4])  # R12: taking the king does not promote
                else:
                    theirs.add(m.uci())
            assert ours == theirs, (text, piece_type)


def test_en_passant_equals_python_chess_target_by_target() -> None:
    checked = 0
    for text in POSITIONS:
        pos = Position.from_dfen(text)
        ours = {uci(m) for m in pos.generate_type(1) if m >> 18 == FLAG_EN_PASSANT}
        theirs: set[str] = set()
        board = board_for(pos)
        for sq in chess.SquareSet(pos.ep):
            board.ep_square = sq
            theirs |= {m.uci() for m in board.generate_pseudo_legal_ep()}
        assert ours == theirs, text
        checked += bool(ours)
    assert checked >= 3


def test_castling_is_python_chess_castling_without_attack_tests() -> None:
    extra = 0
    for text in POSITIONS:
        pos = Position.from_dfen(text)
        fields = text.split()
        ours = {uci(m) for m in pos.generate(0b11 << 8 | 1 << 12) if m >> 18 == FLAG_CASTLING}
        board = board_for(pos, castling=fields[2])
        theirs = {board.uci(m) for m in board.generate_castling_moves()}
        theirs = {"e1g1" if t == "e1h1" else "e1c1" if t == "e1a1" else t for t in theirs}
        theirs = {"e8g8" if t == "e8h8" else "e8c8" if t == "e8a8" else t for t in theirs}
        assert theirs <= ours, text
        for move in ours - theirs:
            # the only reason python-chess refuses: an attacked king, path or target square
            king = chess.E1 if board.turn == chess.WHITE else chess.E8
            path = range(king, king + 3) if move[2] == "g" else range(king - 2, king + 1)
            assert any(board.is_attacked_by(not board.turn, sq) for sq in path), (text, move)
            extra += 1
    positions_with_rights = sum(1 for t in POSITIONS if t.split()[2] != "-")
    assert positions_with_rights > 50
