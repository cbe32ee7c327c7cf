"""Full-turn generation speed: the multiset pass against the walk, and the ratio to the C++ peer.

    .venv/bin/python benchmarks/bench_turns.py [--quick] [--profile]

Positions: the start position, Kiwipete and three middle games (move 8 of seeded greedy-vs-greedy
games); rolls PPP, PNB, RRK, NNN and QKB. For each position and roll, in the same run and interleaved:

* ``walk``: ``count_turns_walk`` - the depth-first walk that asks the maximum-dice rule (R8) at every
  step (the reference algorithm), with the L* memo cleared before each run (cold);
* ``multiset``: ``roll_turns`` restricted to that roll - the breadth-first pass over dice multisets.

Both must give the same counts (checked). Figures: distinct end positions per second (exact key: the
positions DFEN tells apart) and turn sequences per second. The walk lists every sequence; the
multiset pass counts sequences through multiplicities without listing them, so its sequences/s figure
is a counting rate (the walk's is an enumeration rate). Each figure is the median over repeats of
one (position, roll) run; a row's figure is the median over its rolls.

The C++ peer (kezsulap/dice-chess-engine, g++ -O2) was measured on this machine at 5.1-5.7 M
sequences/s and 0.70-0.94 M distinct positions/s on the same positions; the ratio printed
is ``C++ figure / ours`` (low and high end of the peer's range), so "within 10x" means <= 10.

The last table is the chance node's job: all 56 rolls of a position, one multiset pass against 56
walks.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial

from notation_toolkit.dicechess import ROLL_OUTCOMES, Position, count_turns_walk, roll_turns
from notation_toolkit.dicechess.dice import from_letters
from notation_toolkit.dicechess.position import clear_caches

POSITIONS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "middle-1": "2q1kb1r/2pb1ppp/r1n5/1p2P3/8/N1K1P3/PPPB2PP/R2Q2R1 w - b6 1 8",
    "middle-2": "1rb2br1/ppqpkppp/2n2p2/8/PP1PP1P1/4BK1P/1RP2P2/5BNR w - - 2 8",
    "middle-3": "2rq2nr/p1pp1kpp/1p2pp2/8/3n4/2bP4/PPP1KPPP/R1BQ1B1R w - - 0 8",
}
ROLLS = ("PPP", "PNB", "RRK", "NNN", "QKB")
CPP_SEQ = (5.1e6, 5.7e6)
CPP_DISTINCT = (0.70e6, 0.94e6)


def ratio(cpp: tuple[float, float], ours: float) -> str:
    """The C++ peer's figure range divided by ours, e.g. ``5.5-7.4``."""
    return f"{cpp[0] / ours:.1f}-{cpp[1] / ours:.1f}"


def timed(fn: Callable[[], object], min_time: float) -> float:
    """Median seconds of one call, repeating until ``min_time`` has passed (at least 3 calls)."""
    times: list[float] = []
    spent = 0.0
    while len(times) < 3 or spent < min_time:
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        times.append(dt)
        spent += dt
    return statistics.median(times)


def run_walk(pos: Position) -> tuple[int, int]:
    clear_caches()
    return count_turns_walk(pos)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="shorter timing runs")
    parser.add_argument("--profile", action="store_true", help="cProfile the multiset pass on Kiwipete")
    args = parser.parse_args(argv)
    min_time = 0.1 if args.quick else 0.4
    if args.profile:
        pos = Position.from_dfen(POSITIONS["kiwipete"])
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(5):
            roll_turns(pos)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(10)
        return 0

    print(
        f"{'position':10} {'roll':4} {'seqs':>6} {'dist':>5} | {'walk dist/s':>11} {'new dist/s':>10} "
        f"{'x':>5} | {'walk seq/s':>10} {'new seq/s':>10}"
    )
    rows: dict[str, list[tuple[float, float, float, float]]] = {}
    for name, fen in POSITIONS.items():
        for letters in ROLLS:
            pool = from_letters(letters)
            pos = Position.from_dfen(f"{fen} {letters}")
            old_counts = run_walk(pos)
            result = roll_turns(pos, (pool,))[pool]
            new_counts = (result.sequences, result.distinct)
            if old_counts != new_counts:
                print(f"MISMATCH {name} {letters}: walk {old_counts} multiset {new_counts}")
                return 1
            t_walk = timed(partial(run_walk, pos), min_time)
            t_new = timed(partial(roll_turns, pos, (pool,)), min_time)
            seqs, dist = new_counts
            figures = (dist / t_walk, dist / t_new, seqs / t_walk, seqs / t_new)
            rows.setdefault(name, []).append(figures)
            print(
                f"{name:10} {letters:4} {seqs:6d} {dist:5d} | {figures[0]:11,.0f} {figures[1]:10,.0f} "
                f"{t_walk / t_new:5.1f} | {figures[2]:10,.0f} {figures[3]:10,.0f}"
            )
    print()
    print("median over the five rolls, and the C++ peer's figures divided by ours (low-high):")
    print(
        f"{'position':10} | {'walk dist/s':>11} {'new dist/s':>10} {'C++/new dist':>13} "
        f"{'C++/walk dist':>14} | {'new seq/s':>10} {'C++/new seq':>12} {'C++/walk seq':>13}"
    )
    all_new: list[float] = []
    all_old: list[float] = []
    for name, figs in rows.items():
        walk_d = statistics.median(f[0] for f in figs)
        new_d = statistics.median(f[1] for f in figs)
        walk_s = statistics.median(f[2] for f in figs)
        new_s = statistics.median(f[3] for f in figs)
        all_new += [f[1] for f in figs]
        all_old += [f[0] for f in figs]
        print(
            f"{name:10} | {walk_d:11,.0f} {new_d:10,.0f} {ratio(CPP_DISTINCT, new_d):>13} "
            f"{ratio(CPP_DISTINCT, walk_d):>14} | {new_s:10,.0f} {ratio(CPP_SEQ, new_s):>12} "
            f"{ratio(CPP_SEQ, walk_s):>13}"
        )
    med_new = statistics.median(all_new)
    med_old = statistics.median(all_old)
    print(
        f"{'all':10} | {med_old:11,.0f} {med_new:10,.0f} {ratio(CPP_DISTINCT, med_new):>13} "
        f"{ratio(CPP_DISTINCT, med_old):>14}"
    )

    print()
    print("all 56 rolls of a position (the chance node): one multiset pass vs 56 cold walks")
    print(
        f"{'position':10} {'seqs':>7} {'dist':>6} | {'walk s':>7} {'new s':>7} {'x':>5} | {'new dist/s':>10}"
    )
    for name, fen in POSITIONS.items():
        pos = Position.from_dfen(fen)

        def walks(pos: Position = pos) -> tuple[int, int]:
            clear_caches()
            s = d = 0
            for o in ROLL_OUTCOMES:
                pos.set_pool(o.pool)
                a, b = count_turns_walk(pos)
                pos.pop()
                s, d = s + a, d + b
            return s, d

        seqs, dist = walks()
        table = roll_turns(pos)
        assert (seqs, dist) == (
            sum(r.sequences for r in table.values()),
            sum(r.distinct for r in table.values()),
        )
        t_walk = timed(walks, min_time)
        t_new = timed(partial(roll_turns, pos), min_time)
        print(
            f"{name:10} {seqs:7d} {dist:6d} | {t_walk:7.3f} {t_new:7.3f} {t_walk / t_new:5.1f} | "
            f"{dist / t_new:10,.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
