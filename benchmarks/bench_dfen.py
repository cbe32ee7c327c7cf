"""DFEN/FEN parse + validate speed vs python-chess ``chess.Board(fen)`` on the same 1,000 positions.

Run: ``.venv/bin/python benchmarks/bench_dfen.py``. Positions come from seeded random games played
with python-chess; each DFEN is the same position with a random dice pool of the side to move
(``-`` or 1-3 dice). Every figure is the best of several passes, and the toolkit's caches (rank
widths, en-passant fields, expanded boards) are emptied before each pass, so no pass profits from
an earlier one. Prints microseconds per position and the ratio (python-chess time / ours;
> 1.0 means we are faster).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

import chess

from notation_toolkit import dfen, fen
from notation_toolkit.dfen.parser import READER as DFEN_READER
from notation_toolkit.dfen.validate import _EP_CACHE
from notation_toolkit.fen import ast as fen_ast
from notation_toolkit.fen.validate import _RANK_INFO

N = 1000
PASSES = 7


def positions(n: int, seed: int = 2024) -> list[str]:
    """``n`` distinct FENs from random games (openings to endgames)."""
    rnd = random.Random(seed)
    seen: dict[str, None] = {}
    while len(seen) < n:
        board = chess.Board()
        for _ in range(rnd.randint(1, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rnd.choice(moves))
            if rnd.random() < 0.08:
                seen[board.fen(en_passant="fen")] = None
    return list(seen)[:n]


def with_dice(fens: list[str], seed: int = 7) -> list[str]:
    rnd = random.Random(seed)
    out = []
    for text in fens:
        k = rnd.randint(0, 3)
        dice = "".join(rnd.choice("PNBRQK") for _ in range(k))
        dice = "".join(sorted(dice, key="PNBRQK".index)) or "-"
        out.append(f"{text} {dice if text.split()[1] == 'w' else dice.lower()}")
    return out


def clear_caches() -> None:
    _RANK_INFO.clear()
    _EP_CACHE.clear()
    _EP_CACHE["-"] = (frozenset(), "-")
    fen_ast._SQUARES_CACHE.clear()


def best(func: Callable[[str], object], items: list[str]) -> float:
    """Best per-item time in microseconds over PASSES passes (caches cleared before each)."""
    times = []
    for _ in range(PASSES):
        clear_caches()
        start = time.perf_counter()
        for item in items:
            func(item)
        times.append(time.perf_counter() - start)
    return min(times) / len(items) * 1e6


def main() -> int:
    fens = positions(N)
    dfens = with_dice(fens)
    for f, d in zip(fens, dfens, strict=True):  # sanity: both tools accept everything
        assert chess.Board(f).fen(en_passant="fen") == f
        assert dfen.dumps(dfen.parse(d)) == d
    lalr = DFEN_READER
    rows = [
        ("python-chess chess.Board(fen)", best(chess.Board, fens)),
        ("fen.parse (parse + validate)", best(fen.parse, fens)),
        ("dfen.parse (parse + validate)", best(dfen.parse, dfens)),
        ("dfen.parse + .squares (64-tuple)", best(lambda t: dfen.parse(t).squares, dfens)),
        ("dfen.check (+ sanity warnings, F5)", best(dfen.check, dfens)),
        ("DFEN through LALR only (no regex)", best(lambda t: lalr.read(t, fast=False), dfens)),
    ]
    peer = rows[0][1]
    print(f"{N} positions, best of {PASSES} passes, caches cleared before each pass")
    print(f"python {sys.version.split()[0]}, python-chess {chess.__version__}")
    print(f"{'':38} {'us/position':>12} {'vs python-chess':>16}")
    for name, micros in rows:
        print(f"{name:38} {micros:12.1f} {peer / micros:15.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
