"""Fit the leaf's static terms to the search's own value one turn deeper (search bootstrapping).

    .venv/bin/python benchmarks/fit_leaf.py --games 200 --jobs 2 [--seed 1] [--every 2] [--save F]
    .venv/bin/python benchmarks/fit_leaf.py --load F

``tune_eval.py`` fits the weights to game results, which in Dice Chess are mostly dice. This script
fits them to a target with far less noise: the depth-1 value of the position before the roll,

    T = sum over the 56 rolls of weight / 216 * (best turn of the side to move, valued by the leaf)

which the leaf ``p * WIN + (1 - p) * static`` approximates without searching. Rolls that capture the
king are worth ``WIN`` in both, so the static part has an exact target:
``s* = (T - p * WIN) / (1 - p)``, the mover's expected best turn on the rolls that do not win at
once. It holds what the static terms only guess: the material the mover wins this turn and the king
exposure its best turn leaves (the opponent's exact capture chance). Positions come from depth-1
self-play games (every ``--every``-th turn start, both sides).

The fit is least squares, ``s* ~ b + sum w_i x_i``, over ``evaluate.FEATURES`` and three candidate
terms that ``evaluate`` does not have: ``threat`` (the exact probability that the opponent could
capture our king if it rolled now: what our coming turn must parry), ``king_moves`` (free squares
next to our king: the maximum-dice rule R8 makes a K die move it) and ``their_king_moves``. It
prints the mean squared error of today's static score (at its best affine scale) and of fits on
growing feature sets, each on held-out positions (odd games fit, even games test).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tune_eval import solve  # the same Gauss-Jordan step (run from benchmarks/ or as a script)

from notation_toolkit.dicechess import Position
from notation_toolkit.dicechess.engine import evaluate
from notation_toolkit.dicechess.engine.exposure import capture_weight
from notation_toolkit.dicechess.engine.match import play_game
from notation_toolkit.dicechess.engine.players import EnginePlayer
from notation_toolkit.dicechess.engine.search import Engine
from notation_toolkit.dicechess.tables import KING, KING_ATTACKS

WIN = evaluate.WIN
NAMES = (*evaluate.FEATURES, "threat", "king_moves", "their_king_moves")
Row = tuple[int, str, list[float], float, float]  # game seed, DFEN, features, p, target T


def _king_moves(pos: Position, color: int) -> int:
    king = pos.pieces[KING] & pos.occ[color]
    if not king:
        return 0
    return (KING_ATTACKS[king.bit_length() - 1] & ~pos.occ[color]).bit_count()


def row_of(pos: Position, engine: Engine) -> tuple[list[float], float, float]:
    """Features, the mover's capture probability and the depth-1 value of ``pos`` (dice not rolled)."""
    feats, _ = evaluate.features(pos)
    p = capture_weight(pos) / 216
    pos.end_turn()  # a null turn: what the opponent could do if it rolled now
    threat = capture_weight(pos) / 216
    pos.pop()
    x = [*feats, threat, float(_king_moves(pos, pos.turn)), float(_king_moves(pos, pos.turn ^ 1))]
    target = engine.analyse(pos, depth=1).value
    return x, p, target


class _Recorder:
    def __init__(self, inner: EnginePlayer, sink: list[Position], every: int) -> None:
        self.inner = inner
        self.name = inner.name
        self.sink = sink
        self.every = every
        self.count = 0

    def choose(self, pos: Position) -> tuple[str, ...]:
        self.count += 1
        if self.count % self.every == 0:
            before = pos.copy()
            before.set_pool(0)
            self.sink.append(before)
        return self.inner.choose(pos)


def play_one(task: tuple[int, int]) -> list[Row]:
    """One depth-1 self-play game; a row per sampled turn start."""
    seed, every = task
    sink: list[Position] = []
    play_game(
        _Recorder(EnginePlayer(depth=1), sink, every),
        _Recorder(EnginePlayer(depth=1), sink, every),
        seed=seed,
    )
    engine = Engine()
    rows: list[Row] = []
    for pos in sink:
        x, p, target = row_of(pos, engine)
        rows.append((seed, pos.dfen(), x, p, target))
    return rows


def retarget(chunk: list[tuple[int, str]]) -> list[Row]:
    """Rows recomputed with today's evaluation for saved positions (a second bootstrap round)."""
    engine = Engine()
    rows: list[Row] = []
    for seed, dfen in chunk:
        pos = Position.from_dfen(dfen)
        x, p, target = row_of(pos, engine)
        rows.append((seed, dfen, x, p, target))
    return rows


def lstsq(xs: list[list[float]], ys: list[float], l2: float = 1e-6) -> list[float]:
    """Least squares with an intercept (first weight) by the normal equations."""
    n = len(xs[0]) + 1
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for x, y in zip(xs, ys, strict=True):
        full = [1.0, *x]
        for i in range(n):
            b[i] += full[i] * y
            ai = a[i]
            for j in range(n):
                ai[j] += full[i] * full[j]
    for i in range(1, n):
        a[i][i] += l2 * a[i][i] + 1e-9
    return solve(a, b)


def mse(xs: list[list[float]], ys: list[float], w: list[float]) -> float:
    """Mean squared error of ``b + w . x``."""
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        e = w[0] + sum(wi * xi for wi, xi in zip(w[1:], x, strict=True)) - y
        total += e * e
    return total / len(ys)


def current_static(x: list[float]) -> float:
    """Today's static score from the features (``evaluate.static_and_threat``)."""
    return (
        x[0]
        + evaluate.PLACEMENT * x[1]
        + evaluate.GAIN_NOW * x[2]
        - evaluate.GAIN_LATER * x[3]
        - evaluate.KING_DANGER * x[4]
    )


def _collect(args: argparse.Namespace) -> list[Row]:
    """Rows from self-play games, from a saved file, or recomputed for a saved file's positions."""
    if args.load is not None and not args.retarget:
        lines = args.load.read_text(encoding="utf-8").splitlines()
        return [(int(s), str(d), list(x), float(p), float(t)) for s, d, x, p, t in map(json.loads, lines)]
    sink = args.save.open("w", encoding="utf-8") if args.save is not None else None
    rows: list[Row] = []
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        if args.load is not None:
            lines = args.load.read_text(encoding="utf-8").splitlines()
            saved = [(int(seed), str(dfen)) for seed, dfen, *_ in map(json.loads, lines)]
            batches = pool.map(retarget, [saved[i : i + 50] for i in range(0, len(saved), 50)])
        else:
            tasks = [(args.seed + i, args.every) for i in range(args.games)]
            batches = pool.map(play_one, tasks)
        for got in batches:
            rows.extend(got)
            if sink is not None:
                # written batch by batch, so an interrupted run can still be fitted with --load
                sink.write("".join(json.dumps(list(r)) + "\n" for r in got))
                sink.flush()
    if sink is not None:
        sink.close()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=2, help="sample every N-th turn of each side")
    parser.add_argument("--save", type=Path, default=None, help="write the rows as JSON lines")
    parser.add_argument("--load", type=Path, default=None, help="fit rows written by --save")
    parser.add_argument(
        "--retarget", action="store_true", help="with --load: recompute the rows with today's code"
    )
    parser.add_argument("--cap", type=float, default=0.9, help="skip positions with p above this")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = _collect(args)
    print(f"{len(rows)} positions, {time.perf_counter() - start:.0f} s")
    data = [(seed, x, (t - p * WIN) / (1 - p)) for seed, _, x, p, t in rows if p <= args.cap]
    train = [(x, s) for seed, x, s in data if seed % 2]
    test = [(x, s) for seed, x, s in data if not seed % 2]
    if not train or not test:
        print("too few positions to fit")
        return 1
    tx, ty = [x for x, _ in train], [s for _, s in train]
    vx, vy = [x for x, _ in test], [s for _, s in test]
    mean = sum(vy) / len(vy)
    var = sum((y - mean) ** 2 for y in vy) / len(vy)
    print(f"s*: {len(train)} fit / {len(test)} test positions (odd / even games), sd {math.sqrt(var):.0f} cp")
    cur = lstsq([[current_static(x)] for x in tx], ty)
    err = mse([[current_static(x)] for x in vx], vy, cur)
    print(
        f"today's static at its best affine scale ({cur[1]:.3f} x {cur[0]:+.0f}): "
        f"test rmse {math.sqrt(err):.0f} cp, R2 {1 - err / var:.3f}"
    )
    for k in (5, 6, 7, 8):
        w = lstsq([x[:k] for x in tx], ty)
        err = mse([x[:k] for x in vx], vy, w)
        terms = ", ".join(f"{n} {wi:+.3f}" for n, wi in zip(NAMES[:k], w[1:], strict=True))
        print(f"fit on {k} terms: test rmse {math.sqrt(err):.0f} cp, R2 {1 - err / var:.3f}")
        print(f"  bias {w[0]:+.0f}, {terms}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
