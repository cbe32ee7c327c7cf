"""Dice Chess engine benchmark: speed of the search and of the exact king exposure, and strength.

    .venv/bin/python benchmarks/bench_engine.py             # speed (about a minute)
    .venv/bin/python benchmarks/bench_engine.py --matches   # + the two 200-game matches (long)

Speed part: a fixed, seeded set of positions (taken from greedy-vs-random games) with seeded rolls.
It prints the engine's average time per turn at the default setting (``ntk dice play``: 1 s per
turn), nodes per second (a node is an evaluated end-of-turn position, a refined bound or a chance
node), the depth reached, and the exact king-exposure computation against the core's exhaustive
``king_capture_probability`` (same answers, speed ratio).

Matches part: ``ntk dice selfplay`` against random (200 games) and greedy (200 games) at 0.5 s per
turn with 2 processes, seeds from 1; the tables are printed as they finish.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from notation_toolkit.dicechess import Position, king_capture_probability
from notation_toolkit.dicechess.engine.cli import DEFAULT_TIME
from notation_toolkit.dicechess.engine.exposure import capture_probability, clear_cache
from notation_toolkit.dicechess.engine.match import play_game
from notation_toolkit.dicechess.engine.players import GreedyPlayer, Player, RandomPlayer
from notation_toolkit.dicechess.engine.search import Engine

ROOT = Path(__file__).resolve().parents[1]


class _Recorder:
    """Wraps a player and records the DFEN of every position it is asked about."""

    def __init__(self, inner: Player, sink: list[str]) -> None:
        self.inner = inner
        self.name = inner.name
        self.sink = sink

    def choose(self, pos: Position) -> tuple[str, ...]:
        self.sink.append(pos.dfen())
        return self.inner.choose(pos)


def sample_positions(count: int, seed: int = 7) -> list[str]:
    """Positions with rolled dice from seeded greedy-vs-random games, spread over the games."""
    seen: list[str] = []
    game = 0
    while len(seen) < count * 6:
        play_game(
            _Recorder(GreedyPlayer(seed + game), seen),
            _Recorder(RandomPlayer(seed + game), seen),
            seed=seed + game,
        )
        game += 1
    rng = random.Random(seed)
    return rng.sample(seen, count)


def bench_search(dfens: list[str], time_limit: float) -> None:
    engine = Engine()
    times: list[float] = []
    nodes = 0
    seconds = 0.0
    depths: dict[int, int] = {}
    partial = 0
    clear_cache()
    for dfen in dfens:
        pos = Position.from_dfen(dfen)
        result = engine.best_turn(pos, time_limit=time_limit)
        times.append(result.seconds)
        nodes += result.nodes
        seconds += result.seconds
        depths[result.depth] = depths.get(result.depth, 0) + 1
        partial += result.partial
    print(f"engine at the default setting ({time_limit:g} s per turn), {len(dfens)} positions:")
    print(
        f"  time per turn: mean {statistics.mean(times):.3f} s, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s"
    )
    print(
        f"  nodes per second: {nodes / seconds:,.0f}   depth completed: {dict(sorted(depths.items()))}"
        f"   moves from a partial deeper iteration: {partial}"
    )


def bench_depth1(dfens: list[str]) -> None:
    clear_cache()  # cold exposure cache: no help from the run above
    engine = Engine()
    nodes = 0
    start = time.perf_counter()
    for dfen in dfens:
        nodes += engine.best_turn(Position.from_dfen(dfen), depth=1).nodes
    elapsed = time.perf_counter() - start
    print(
        f"depth 1 (whole turn + exact exposure where needed): {elapsed / len(dfens):.3f} s per turn, "
        f"{nodes / elapsed:,.0f} nodes/s"
    )


def bench_exposure(count: int, seed: int = 11) -> None:
    positions: list[Position] = []
    for dfen in sample_positions(count, seed):
        pos = Position.from_dfen(dfen)
        pos.set_pool(0)
        positions.append(pos)
    clear_cache()
    start = time.perf_counter()
    fast = [capture_probability(p) for p in positions]
    t_fast = time.perf_counter() - start
    start = time.perf_counter()
    slow = [king_capture_probability(p) for p in positions]
    t_slow = time.perf_counter() - start
    agree = sum(a == b for a, b in zip(fast, slow, strict=True))
    print(f"exact king exposure over the 56 rolls, {len(positions)} positions (R8 semantics B):")
    print(f"  engine.exposure: {t_fast / len(positions) * 1000:.2f} ms per position")
    print(
        f"  core king_capture_probability (exhaustive): {t_slow / len(positions) * 1000:.2f} ms per position"
    )
    print(f"  speed-up {t_slow / t_fast:.1f}x; identical answers: {agree}/{len(positions)}")


def run_matches() -> None:
    for opponent in ("random", "greedy"):
        cmd = [
            sys.executable,
            "-m",
            "notation_toolkit.cli",
            "dice",
            "selfplay",
            "--games",
            "200",
            "--opponent",
            opponent,
            "--time",
            "0.5",
            "--seed",
            "1",
            "--jobs",
            "2",
        ]
        print("$ " + " ".join(["ntk", *cmd[3:]]), flush=True)
        subprocess.run(cmd, check=True, cwd=ROOT)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=24, help="positions for the speed part")
    parser.add_argument("--matches", action="store_true", help="also run the two 200-game matches")
    args = parser.parse_args()
    dfens = sample_positions(args.positions)
    bench_search(dfens, DEFAULT_TIME)
    bench_depth1(dfens)
    bench_exposure(args.positions)
    if args.matches:
        run_matches()


if __name__ == "__main__":
    main()
