"""Speed of the variant core (figures printed, nothing asserted).

    .venv/bin/python benchmarks/bench_variants.py

1. chess perft through the generic core against python-chess's perft on the same positions
   (target: at least 0.5x python-chess);
2. legal-move lists per position against Fairy-Stockfish through its Python API
   (``pyffish.legal_moves`` per position; target: at least 10x more positions/s);
3. perft nodes/s for Capablanca (10x8), Grand (10x10) and Shogi (9x9).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import chess

from notation_toolkit.variant import Position, Variant, perft

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def timed(fn: Callable[..., int], *args: object) -> tuple[int, float]:
    start = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - start


def _lists(positions: list[Position]) -> None:
    for pos in positions:
        pos.legal_moves()


def _lists_from_text(variant: Variant, feens: list[str]) -> None:
    for feen in feens:
        variant.position(feen).legal_moves()


def _fsf_lists(pyffish: Any, name: str, fens: list[str]) -> None:
    for fen in fens:
        pyffish.legal_moves(name, fen, [])


def best(fn: Callable[[], object], repeat: int = 5) -> float:
    """The shortest of ``repeat`` timings of ``fn()``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    v = Variant.load(EXAMPLES / "chess.fbr")
    print("1. chess perft: generic core vs python-chess (same positions, same run)")
    for fen, depth in ((chess.STARTING_FEN, 4), (KIWIPETE, 3)):
        ours, t_ours = timed(perft, v.position(fen), depth)
        theirs, t_theirs = timed(chess_perft, chess.Board(fen), depth)
        assert ours == theirs
        print(
            f"   {fen[:24]}... depth {depth}: {ours} nodes; core {ours / t_ours:,.0f} nodes/s, python-chess "
            f"{theirs / t_theirs:,.0f} nodes/s, ratio {t_theirs / t_ours:.2f}x"
        )

    try:
        import pyffish
    except ImportError:
        print("2. pyffish not installed: skipped")
    else:
        print("2. legal-move lists per position: core vs pyffish.legal_moves (positions/s)")
        for name, fsf in (
            ("chess", "chess"),
            ("capablanca", "capablanca"),
            ("xiangqi", "xiangqi"),
            ("crazyhouse", "crazyhouse"),
        ):
            var = Variant.load(EXAMPLES / f"{name}.fbr")
            rnd = random.Random(5)
            start = pyffish.start_fen(fsf)
            lines: list[list[str]] = []
            for _ in range(150):
                pos = var.start()
                line: list[str] = []
                for _ in range(rnd.randrange(0, 40)):
                    moves = pos.legal_moves()
                    if not moves or pos.outcome() is not None:
                        break
                    move = rnd.choice(moves)
                    line.append(move.text)
                    pos.push(move)
                lines.append(line)
            fens = [pyffish.get_fen(fsf, start, line) for line in lines]
            positions = []
            for line in lines:
                pos = var.start()
                for mv in line:
                    pos.push(mv)
                positions.append(pos)
            feens = [pos.feen() for pos in positions]
            # best of 5 passes for each side (one pass is ~20 ms: a shared machine makes it noisy)
            t_ours = best(functools.partial(_lists, positions))
            t_text = best(functools.partial(_lists_from_text, var, feens))
            t_fsf = best(functools.partial(_fsf_lists, pyffish, fsf, fens))
            n = len(positions)
            print(
                f"   {name}: core {n / t_ours:,.0f} positions/s (from FEEN text: {n / t_text:,.0f}), "
                f"pyffish {n / t_fsf:,.0f} positions/s, ratio {t_fsf / t_ours:.2f}x "
                f"(from text: {t_fsf / t_text:.2f}x)"
            )

    print("3. perft nodes/s on larger boards")
    for name, depth in (("capablanca", 3), ("grand", 2), ("shogi", 2), ("xiangqi", 3)):
        try:
            var = Variant.load(EXAMPLES / f"{name}.fbr")
        except Exception as exc:
            print(f"   {name}: not loaded ({str(exc)[:80]})")
            continue
        nodes, secs = timed(perft, var.start(), depth)
        print(f"   {name} perft {depth}: {nodes} nodes, {nodes / secs:,.0f} nodes/s")


if __name__ == "__main__":
    main()
