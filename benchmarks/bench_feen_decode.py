"""Benchmark: a FEEN position decoded to its pieces, against python-chess ``Board(fen)`` + ``piece_map()``.

Same 1,000 positions as ``bench_feen.py`` (seeded random games, FEN and the equivalent FEEN). Ours:
``feen.parse(text)`` then ``list(position.placement.pieces())`` (every occupied square with its
coordinate, piece and span). Peer: ``chess.Board(fen).piece_map()``. Then the cost per cell of
boards of one shape against another, to show lookups and iteration are linear in the cells:
1,000 cells in one rank, one cell per rank for 1,000 ranks, and a 10×10×10 3D board.

Run:  .venv/bin/python benchmarks/bench_feen_decode.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).parent))
from bench_feen import generate

from notation_toolkit import feen

REPEATS = 7


def best(func: Callable[[], object]) -> float:
    """Best-of-REPEATS seconds for one call of ``func``."""
    out = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        func()
        out = min(out, time.perf_counter() - start)
    return out


def main() -> None:
    """Print decode figures and ratios (peer time / our time; >= 1.0 means ours is faster)."""
    pairs = generate(1000)
    fens = [f for f, _ in pairs]
    feens = [g for _, g in pairs]
    for fen_text, feen_text in pairs[:50]:
        ours = {sq.coordinate: sq.piece.letter for sq in feen.parse(feen_text).placement.pieces() if sq.piece}
        theirs = {
            (7 - chess.square_rank(s), chess.square_file(s)): p.symbol()
            for s, p in chess.Board(fen_text).piece_map().items()
        }
        assert ours == theirs, (fen_text, feen_text)

    def ours_all() -> None:
        for text in feens:
            list(feen.parse(text).placement.pieces())

    def peer_all() -> None:
        for text in fens:
            chess.Board(text).piece_map()

    def map_all() -> None:
        for text in feens:
            feen.parse(text).placement.piece_map()

    def squares_all() -> None:
        for text in feens:
            list(feen.parse(text).placement.squares())

    t_ours, t_peer, t_squares, t_map = best(ours_all), best(peer_all), best(squares_all), best(map_all)
    n = len(feens)
    print(f"FEEN decode, {n} chess positions (best of {REPEATS})")
    rows = [
        ("python-chess Board(fen) + piece_map()", t_peer),
        ("feen.parse + pieces()", t_ours),
        ("feen.parse + piece_map()", t_map),
        ("feen.parse + squares()", t_squares),
    ]
    for label, seconds in rows:
        print(f"  {label:<40}{seconds / n * 1e6:8.1f} µs/position   ratio {t_peer / seconds:.2f}×")

    shapes = {
        "1 rank of 1,000 cells": "K" + "p" * 998 + "k",
        "1,000 ranks of 1 cell": "/".join(["K"] + ["p"] * 998 + ["k"]),
        "10×10×10 (3D)": "//".join("/".join("pppppppppp" for _ in range(10)) for _ in range(10)),
    }
    print("\nper cell, parse + pieces() + a lookup of every cell by coordinate")
    for label, board in shapes.items():
        text = f"{board} / C/c"

        def run(text: str = text) -> None:
            placement = feen.parse(text, max_input=None).placement
            for square in placement.pieces():
                placement.square(square.coordinate)

        cells = feen.parse(text, max_input=None).placement.square_count
        print(f"  {label:<24} {best(run) / cells * 1e6:6.2f} µs/cell")


if __name__ == "__main__":
    main()
