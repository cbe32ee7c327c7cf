"""Positions of seeded random games, written by python-chess (a test-only dependency).

Shared by the bulk benchmark (``benchmarks/bench_bulk.py``) and the bulk tests
(``tests/test_cli_bulk.py``, which load this file by its path): the same seed gives the same
positions in both.
"""

from __future__ import annotations

import random


def game_positions(count: int, seed: int, *, max_plies: int = 60) -> list[str]:
    """``count`` FENs: every position of random legal games of 1 to ``max_plies`` plies, in order."""
    import chess

    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randint(1, max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            out.append(board.fen())
    return out[:count]
