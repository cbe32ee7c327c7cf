"""Dice Chess engine benchmark: speed of the search and of the exact king exposure, and strength.

    .venv/bin/python benchmarks/bench_engine.py             # speed (about a minute)
    .venv/bin/python benchmarks/bench_engine.py --matches   # + the two 200-game matches (long)
    .venv/bin/python benchmarks/bench_engine.py --losses 60 --seed 3000   # why games are lost

Speed part: a fixed, seeded set of positions (taken from greedy-vs-random games) with seeded rolls.
It prints the engine's average time per turn at the default setting (``ntk dice play``: 1 s per
turn), nodes per second (a node is an evaluated end-of-turn position, a refined bound or a chance
node), the depth reached, the static evaluation against the reference player's
(``baseline_engine.py``: same values, speed ratio), and the exact king-exposure computation against
the core's exhaustive ``king_capture_probability`` (same answers, speed ratio).

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
from notation_toolkit.dicechess.engine.players import EnginePlayer, GreedyPlayer, Player, RandomPlayer
from notation_toolkit.dicechess.engine.search import REFINE_BUDGET, Engine
from notation_toolkit.dicechess.moves import uci

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
    """The players' engine (refinement budget below the root) at ``time_limit`` per turn."""
    engine = Engine(refine_budget=REFINE_BUDGET)
    times: list[float] = []
    nodes = 0
    seconds = 0.0
    depths: dict[int, int] = {}
    partial = 0
    deep: list[str] = []
    clear_cache()
    for dfen in dfens:
        pos = Position.from_dfen(dfen)
        result = engine.best_turn(pos, time_limit=time_limit)
        times.append(result.seconds)
        nodes += result.nodes
        seconds += result.seconds
        depths[result.depth] = depths.get(result.depth, 0) + 1
        partial += result.partial
        deep.append(f"{engine.deep_choices}/{result.choices}")
    print(f"engine at the default setting ({time_limit:g} s per turn), {len(dfens)} positions:")
    print(
        f"  time per turn: mean {statistics.mean(times):.3f} s, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s"
    )
    print(
        f"  nodes per second: {nodes / seconds:,.0f}   depth completed: {dict(sorted(depths.items()))}"
        f"   moves from a partial deeper iteration: {partial}"
    )
    print(f"  root choices searched to depth 2 / root choices, per position: {' '.join(deep)}")


def bench_depth2(dfens: list[str], width: int) -> None:
    """Fixed effort: depth 2 on the ``width`` best root choices (the ladder's ``engine:d2wK``)."""
    clear_cache()
    engine = Engine(refine_budget=REFINE_BUDGET)
    nodes = 0
    times: list[float] = []
    for dfen in dfens:
        result = engine.best_turn(Position.from_dfen(dfen), depth=2, width=width)
        nodes += result.nodes
        times.append(result.seconds)
    total = sum(times)
    print(
        f"depth 2 on the {width} best root choices (engine:d2w{width}): "
        f"mean {statistics.mean(times):.3f} s, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s per turn, {nodes / total:,.0f} nodes/s"
    )


def bench_chance_node(dfens: list[str]) -> None:
    """One root choice searched to depth 2 (our best depth-1 turn, then the opponent's 56 rolls and
    replies), exact against the refinement budget of the players.
    """
    for budget in (0, REFINE_BUDGET):
        clear_cache()
        spent: list[float] = []
        for dfen in dfens:
            engine = Engine(refine_budget=budget)
            pos = Position.from_dfen(dfen)
            first = engine.best_turn(pos, depth=1)
            if first.king_capture or not first.moves:
                continue
            start = time.perf_counter()
            engine.best_turn(pos, depth=2, width=1)
            spent.append(time.perf_counter() - start)
        print(
            f"one root choice to depth 2, refinement budget {budget or 'none (exact)'}: "
            f"median {statistics.median(spent):.3f} s, max {max(spent):.3f} s over {len(spent)} positions"
        )


def bench_static(dfens: list[str], repeat: int = 5) -> None:
    """Static evaluation of every end of the positions' own rolls (the work of a chance node's
    replies): ``evaluate.static_and_threat`` (one fused pass per colour) against the reference
    player's (``baseline_engine.py``: per-type loops), same positions, same run, best of ``repeat``;
    the two must give equal values.
    """
    import baseline_engine as frozen  # beside this script: its directory is on sys.path

    from notation_toolkit.dicechess.engine.evaluate import static_and_threat
    from notation_toolkit.dicechess.fullturn import roll_turns

    ends: list[Position] = []
    for dfen in dfens:
        pos = Position.from_dfen(dfen)
        turns = roll_turns(pos, (pos.pool,), key="reduced")[pos.pool]
        for line in turns.ends.values():
            for m in line:
                pos.push(m)
            pos.end_turn()
            ends.append(pos.copy())
            pos.pop()
            for _ in line:
                pos.pop()
    if not ends:
        return
    mismatches = sum(static_and_threat(p) != frozen.static_and_threat(p) for p in ends)
    best: dict[str, float] = {}
    for _ in range(repeat):
        for name, fn in (("fused", static_and_threat), ("baseline", frozen.static_and_threat)):
            start = time.perf_counter()
            for p in ends:
                fn(p)
            spent = (time.perf_counter() - start) / len(ends)
            best[name] = min(best.get(name, spent), spent)
    print(
        f"static evaluation of {len(ends):,} ends: fused {best['fused'] * 1e6:.1f} us, "
        f"reference player {best['baseline'] * 1e6:.1f} us per position "
        f"({best['baseline'] / best['fused']:.2f}x), {mismatches} different values"
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


class _SafetyAudit:
    """Wraps the engine: after each of its turns, the opponent's exact king-capture probability for
    the turn it chose and the smallest one any of its turns allowed (a perfect 1-ply safety player).
    """

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.turns: list[tuple[str, tuple[str, ...], float, float]] = []

    def choose(self, pos: Position) -> tuple[str, ...]:
        moves = self.inner.choose(pos)
        work = pos.copy()
        choices, win = Engine()._choices(work)
        if win is None and choices:
            chosen = least = 1.0
            for c in choices:
                for m in c.moves:
                    work.push(m)
                work.end_turn()
                p = float(capture_probability(work))
                work.pop()
                for _ in c.moves:
                    work.pop()
                least = min(least, p)
                if tuple(uci(m) for m in c.moves) == moves:
                    chosen = p
            self.turns.append((pos.dfen(), moves, chosen, least))
        return moves


def bench_losses(pairs: int, seed: int) -> None:
    """Why the engine (depth 1) loses to greedy: the exposure it chose against the least it could
    have chosen at each turn, summed over the games (expected king losses per game), and the
    positions before its last turns in every lost game.
    """
    score = 0.0
    chosen_sum = least_sum = 0.0
    survive_chosen = survive_least = 0.0
    games = 0
    for s in range(seed, seed + pairs):
        for engine_white in (True, False):
            audit = _SafetyAudit(EnginePlayer(depth=1))
            greedy = GreedyPlayer(s)
            record = play_game(audit if engine_white else greedy, greedy if engine_white else audit, seed=s)
            games += 1
            won = record.result == ("1-0" if engine_white else "0-1")
            score += 0.5 if record.result == "1/2-1/2" else float(won)
            alive_c = alive_l = 1.0
            for _, _, chosen, least in audit.turns:
                chosen_sum += chosen
                least_sum += least
                alive_c *= 1 - chosen
                alive_l *= 1 - least
            survive_chosen += alive_c
            survive_least += alive_l
            if not won and record.result != "1/2-1/2":
                tail = [(round(c, 3), round(m, 3)) for _, _, c, m in audit.turns[-4:]]
                print(
                    f"  lost: seed {s}, engine {'White' if engine_white else 'Black'}, {record.turns} turns;"
                    f" last turns (chosen, least) exposure {tail}"
                )
                for dfen, moves, _, _ in audit.turns[-2:]:
                    print(f"      {dfen}  played {' '.join(moves) or '(pass)'}")
    print(
        f"engine:d1 against greedy, {games} games (seeds {seed}-{seed + pairs - 1}, colours swapped):"
        f" score {100 * score / games:.1f}%"
    )
    print(
        f"  expected king losses per game: chosen {chosen_sum / games:.3f}, least possible at each turn"
        f" {least_sum / games:.3f}"
    )
    print(
        f"  P(no king capture against us) on these games: engine {survive_chosen / games:.3f},"
        f" perfect 1-ply safety {survive_least / games:.3f}"
    )


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
    parser.add_argument(
        "--losses",
        type=int,
        default=0,
        metavar="PAIRS",
        help="only the loss audit: engine:d1 against greedy, PAIRS pairs of games",
    )
    parser.add_argument("--seed", type=int, default=3000, help="first dice seed of the loss audit")
    args = parser.parse_args()
    if args.losses:
        bench_losses(args.losses, args.seed)
        return
    dfens = sample_positions(args.positions)
    bench_static(dfens)
    bench_search(dfens, DEFAULT_TIME)
    bench_depth1(dfens)
    bench_depth2(dfens, 3)
    bench_chance_node(dfens)
    bench_exposure(args.positions)
    if args.matches:
        run_matches()


if __name__ == "__main__":
    main()
