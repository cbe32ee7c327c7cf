"""Tune the engine's static evaluation weights by a logistic fit on positions from self-play games.

    .venv/bin/python benchmarks/tune_eval.py --games 60 --jobs 2 [--seed 1] [--depth 1] [--save FILE]

1. Self-play: the engine against itself at a fixed depth (default 1: deterministic, so a game depends
   only on its dice seed), seeds ``seed .. seed + games - 1``. At every turn start (before the roll)
   the position's ``evaluate.features`` are recorded from the side to move's point of view, with the
   game's final result from that side's point of view (1, 1/2, 0).
2. The exact probability ``p`` that the side to move captures the king on this roll (``exposure``) is
   recorded too, as a sixth input of the fit only: the leaf formula ``p * WIN + (1 - p) * static``
   already values it exactly, and the fit must not credit its effect to the static terms.
3. Fit: ``P(result) = sigmoid(b + sum_i w_i x_i / 100 + w_p p)`` by Newton's method on the
   cross-entropy with soft labels (a draw is 1/2) and a small L2 penalty. The weights in centipawns are
   ``w_i / w_material`` (material is the unit), which is what ``evaluate.PLACEMENT``, ``GAIN_NOW``,
   ``GAIN_LATER`` and ``KING_DANGER`` hold (``GAIN_LATER`` and ``KING_DANGER`` enter with a minus
   sign).

It prints the number of games and positions, the fitted weights, and the log-loss of the current and
of the fitted weights on the same positions (the fit's own data: an in-sample figure). The run used
for the committed weights is documented in docs/engine.md.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from notation_toolkit.dicechess import Position
from notation_toolkit.dicechess.engine import evaluate
from notation_toolkit.dicechess.engine.exposure import capture_weight
from notation_toolkit.dicechess.engine.match import play_game
from notation_toolkit.dicechess.engine.players import EnginePlayer

Sample = tuple[list[float], float]


class _Recorder:
    """Wraps a player: records the features of every position it is asked to move in."""

    def __init__(self, inner: EnginePlayer, sink: list[tuple[list[float], int, int]]) -> None:
        self.inner = inner
        self.name = inner.name
        self.sink = sink

    def choose(self, pos: Position) -> tuple[str, ...]:
        before = pos.copy()
        before.set_pool(0)
        feats, _ = evaluate.features(before)
        # the two probabilities in percent, so that every input has a comparable scale
        x = [feats[0], feats[1], feats[2], feats[3], 100.0 * feats[4], 100.0 * capture_weight(before) / 216]
        self.sink.append((x, before.turn, before.fullmove))
        return self.inner.choose(pos)


def play_one(task: tuple[int, int]) -> list[Sample]:
    """One self-play game; its samples (features, result for the side to move)."""
    seed, depth = task
    sink: list[tuple[list[float], int, int]] = []
    white = _Recorder(EnginePlayer(depth=depth), sink)
    black = _Recorder(EnginePlayer(depth=depth), sink)
    record = play_game(white, black, seed=seed)
    white_score = {"1-0": 1.0, "0-1": 0.0}.get(record.result, 0.5)
    return [(feats, white_score if turn == 0 else 1.0 - white_score) for feats, turn, _ in sink]


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def log_loss(samples: list[Sample], weights: list[float], bias: float) -> float:
    """Mean cross-entropy of the soft labels under ``sigmoid(bias + w . x / 100)``."""
    total = 0.0
    for x, y in samples:
        p = _sigmoid(bias + sum(w * v for w, v in zip(weights, x, strict=True)) / 100)
        p = min(max(p, 1e-12), 1 - 1e-12)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def fit(samples: list[Sample], l2: float = 1e-4, iterations: int = 50) -> tuple[list[float], float]:
    """Newton's method on the L2-penalised cross-entropy; returns (weights per 100 units, bias)."""
    n = len(samples[0][0]) + 1
    theta = [0.0] * n
    rows = [([1.0] + [v / 100 for v in x], y) for x, y in samples]
    m = len(rows)
    for _ in range(iterations):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in rows:
            p = _sigmoid(sum(t * v for t, v in zip(theta, x, strict=True)))
            d = p - y
            w = p * (1 - p)
            for i in range(n):
                grad[i] += d * x[i]
                xi = w * x[i]
                row = hess[i]
                for j in range(n):
                    row[j] += xi * x[j]
        for i in range(n):
            grad[i] = grad[i] / m + (l2 * theta[i] if i else 0.0)
            for j in range(n):
                hess[i][j] /= m
            if i:
                hess[i][i] += l2
        step = solve(hess, grad)
        theta = [t - s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return theta[1:], theta[0]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """The solution of ``a x = b`` by Gauss-Jordan elimination with partial pivoting."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col] or 1e-12
        m[col] = [v / p for v in m[col]]
        for r in range(n):
            if r != col:
                f = m[r][col]
                if f:
                    m[r] = [v - f * c for v, c in zip(m[r], m[col], strict=True)]
    return [m[i][n] for i in range(n)]


def current_weights() -> list[float]:
    """Today's weights of ``evaluate`` in the order of ``evaluate.FEATURES`` (signs included)."""
    return [1.0, evaluate.PLACEMENT, evaluate.GAIN_NOW, -evaluate.GAIN_LATER, -evaluate.KING_DANGER]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=1)
    parser.add_argument("--save", type=Path, default=None, help="write the samples as JSON lines")
    parser.add_argument("--load", type=Path, default=None, help="fit samples written by --save")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    samples: list[Sample] = []
    if args.load is not None:
        for line in args.load.read_text(encoding="utf-8").splitlines():
            x, y = json.loads(line)
            samples.append((x, y))
        games = "?"
    else:
        tasks = [(args.seed + i, args.depth) for i in range(args.games)]
        sink = args.save.open("w", encoding="utf-8") if args.save is not None else None
        with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for got in pool.map(play_one, tasks):
                samples.extend(got)
                if sink is not None:
                    # written game by game, so an interrupted run can still be fitted with --load
                    sink.write("".join(json.dumps([x, y]) + "\n" for x, y in got))
                    sink.flush()
        if sink is not None:
            sink.close()
        games = str(args.games)
    played = time.perf_counter() - start
    print(f"{games} self-play games (engine depth {args.depth}), {len(samples)} positions, {played:.0f} s")
    weights, bias = fit(samples)
    scale = weights[0]
    names = (*evaluate.FEATURES, "king_capture_p")
    print(
        f"fitted (per 100 units): bias {bias:+.4f}, "
        + ", ".join(f"{name} {w:+.4f}" for name, w in zip(names, weights, strict=True))
    )
    if scale <= 0:
        print("material weight is not positive: too few games to tune, nothing to report")
        return 1
    relative = [w / scale for w in weights]
    print(
        "relative to material (evaluate constants): "
        + ", ".join(f"{name} {r:+.3f}" for name, r in zip(names, relative, strict=True))
    )
    print(
        f"  PLACEMENT = {relative[1]:.2f}, GAIN_NOW = {relative[2]:.2f}, GAIN_LATER = {-relative[3]:.2f}, "
        f"KING_DANGER = {-100 * relative[4]:.0f}"  # king_danger was fitted in percent
    )
    if len(samples) >= 200:
        # stability: the same fit on the two halves of the positions (alternate samples)
        for half in (0, 1):
            w, _ = fit(samples[half::2])
            print(
                f"  half {half}: " + ", ".join(f"{n} {v / w[0]:+.3f}" for n, v in zip(names, w, strict=True))
            )
    current = current_weights()
    current[4] /= 100  # the fit's king_danger input is in percent
    now = [*current, weights[5] / scale]
    # the current weights (with the fitted king-capture term) at the best single scale, for a fair
    # log-loss comparison
    best_scale, best_loss = 0.0, float("inf")
    for k in range(1, 400):
        s = scale * k / 100
        loss = log_loss(samples, [w * s for w in now], bias)
        if loss < best_loss:
            best_scale, best_loss = s, loss
    print(
        f"log-loss: current weights {best_loss:.4f} (best scale {best_scale:.4f}), "
        f"fitted {log_loss(samples, weights, bias):.4f}, constant {log_loss(samples, [0.0] * 6, bias):.4f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
