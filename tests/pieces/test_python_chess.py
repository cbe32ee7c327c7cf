"""The orthodox pieces compiled from MBN base letters move as python-chess says: pseudo-legal moves
of every piece of the side to move (castling aside) on positions of seeded random games, including
the pawn's double step, its en-passant capture and the squares a double step makes capturable."""

from __future__ import annotations

import random

import chess

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces import BLACK, WHITE, EnPassant, compile_piece

G = Geometry.of(8, 8)
PIECES = {pt: compile_piece(chess.piece_symbol(pt).upper(), G) for pt in chess.PIECE_TYPES}


def test_pseudo_legal_moves_equal_python_chess() -> None:
    rng = random.Random(2024)
    positions = 0
    ep_seen = 0
    for _ in range(40):
        board = chess.Board()
        for _ in range(rng.randint(5, 120)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
            positions += 1
            us = board.turn
            side = WHITE if us == chess.WHITE else BLACK
            friends = int(board.occupied_co[us])
            enemies = int(board.occupied_co[not us])
            occ = friends | enemies
            ep = None
            if board.ep_square is not None:
                victim = board.ep_square + (-8 if us == chess.WHITE else 8)
                ep = EnPassant(1 << board.ep_square, victim, "P")
            expected: dict[int, set[tuple[int, int | None]]] = {}
            for mv in board.generate_pseudo_legal_moves():
                if board.is_castling(mv):
                    continue
                captured = None
                if board.is_en_passant(mv):
                    captured = mv.to_square + (-8 if us == chess.WHITE else 8)
                    ep_seen += 1
                elif board.piece_at(mv.to_square) is not None:
                    captured = mv.to_square
                expected.setdefault(mv.from_square, set()).add((mv.to_square, captured))
            for sq in chess.SquareSet(board.occupied_co[us]):
                piece = board.piece_at(sq)
                assert piece is not None
                compiled = PIECES[piece.piece_type]
                got = {(m.target, m.captured) for m in compiled.moves(sq, side, occ, friends, enemies, ep=ep)}
                assert got == expected.get(sq, set()), (board.fen(), chess.square_name(sq))
                if compiled.simple:
                    bb = compiled.quiets(sq, side, occ) | compiled.captures(sq, side, occ, enemies)
                    assert bb == sum(1 << t for t, _c in got)
    assert positions > 1000 and ep_seen > 0


def test_double_step_marks_the_passed_square() -> None:
    pawn = PIECES[chess.PAWN]
    board = chess.Board()
    for sq in chess.SquareSet(board.pawns & board.occupied_co[chess.WHITE]):
        for m in pawn.moves(sq, WHITE, int(board.occupied), int(board.occupied_co[chess.WHITE]), 0):
            copy = board.copy()
            copy.push(chess.Move(sq, m.target))
            expected = 0 if copy.ep_square is None else 1 << copy.ep_square
            # python-chess keeps ep_square only when a capture is possible; compare the potential
            if abs(m.target - sq) == 16:
                assert m.ep_squares == 1 << ((m.target + sq) // 2)
            else:
                assert m.ep_squares == 0 == expected
