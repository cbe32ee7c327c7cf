"""Three-check, Crazyhouse and Antichess of the example rule files against python-chess's variant
boards (``chess.variant``) as the oracle: legal-move lists, FEN and perft 2 along seeded random
games."""

from __future__ import annotations

import random

import chess
import chess.variant
import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.variant import Variant, perft

BOARDS = {
    "3check.fbr": chess.variant.ThreeCheckBoard,
    "crazyhouse.fbr": chess.variant.CrazyhouseBoard,
    "antichess.fbr": chess.variant.AntichessBoard,
}


def _pc_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += _pc_perft(board, depth - 1)
        board.pop()
    return n


def _fen_fields(fen: str) -> list[str]:
    # placement (crazyhouse pockets as a sorted multiset: python-chess orders them otherwise),
    # side, castling, en passant, the check counters, clocks; in crazyhouse python-chess does not
    # reset the half-move clock on a drop (Fairy-Stockfish, the core's reference, does)
    fields = fen.split()
    board = fields[0]
    if "[" in board:
        placement, _, pockets = board[:-1].partition("[")
        fields[0] = placement + "[" + "".join(sorted(pockets)) + "]"
        del fields[-2]
    return fields


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_random_games_match_python_chess(name: str) -> None:
    variant = Variant.load(EXAMPLES / name)
    rnd = random.Random(name)
    for game in range(4):
        board = BOARDS[name]()
        pos = variant.start()
        for ply in range(80):
            ours = sorted(m.text for m in pos.legal_moves())
            assert ours == sorted(m.uci() for m in board.legal_moves), (name, board.fen())
            # python-chess's "xfen" writes the en-passant square where a pawn could take, as
            # Fairy-Stockfish does
            assert _fen_fields(pos.fen()) == _fen_fields(board.fen(en_passant="xfen")), (name, board.fen())
            if ply % 20 == 10 and game < 2:
                assert perft(pos, 2) == _pc_perft(board, 2), (name, board.fen())
            if not ours:
                break
            mv = rnd.choice(ours)
            pos.push(mv)
            board.push_uci(mv)
