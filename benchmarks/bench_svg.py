"""SVG board drawing speed vs python-chess ``chess.svg.board`` on the same 300 positions.

Run: ``.venv/bin/python benchmarks/bench_svg.py``. Positions come from seeded random games played
with python-chess. Both sides draw an already parsed position (ours: ``fen.parse`` done before
timing; python-chess: ``chess.Board`` built before timing), with coordinates, default size. Prints
microseconds per picture (best of several passes) and the ratio python-chess time / ours (> 1.0
means we are faster). Our pictures carry more (captions, tooltips, side bands), so sizes are printed
too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import chess
import chess.svg

from notation_toolkit import fen, svg

N = 300
PASSES = 5


def positions(n: int, seed: int = 7) -> list[str]:
    """``n`` FENs from random games."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        board = chess.Board()
        for _ in range(rng.randint(0, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append(board.fen())
    return out


def best(run: Callable[[], object]) -> float:
    times = []
    for _ in range(PASSES):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    texts = positions(N)
    ours = [fen.parse(t) for t in texts]
    theirs = [chess.Board(t) for t in texts]
    t_ours = best(lambda: [svg.board(p) for p in ours])
    t_theirs = best(lambda: [chess.svg.board(b) for b in theirs])
    size_ours = sum(len(svg.board(p)) for p in ours) / N
    size_theirs = sum(len(chess.svg.board(b)) for b in theirs) / N
    print(f"positions: {N}, best of {PASSES} passes")
    print(f"notation_toolkit.svg.board: {t_ours / N * 1e6:9.1f} us/picture, {size_ours:8.0f} bytes")
    print(f"chess.svg.board:            {t_theirs / N * 1e6:9.1f} us/picture, {size_theirs:8.0f} bytes")
    print(f"ratio (python-chess / ours): {t_theirs / t_ours:.2f}")


if __name__ == "__main__":
    main()
