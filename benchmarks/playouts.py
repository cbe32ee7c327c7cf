"""Session 9's experiment: root choices ranked by playouts that add the exact king-capture chance.

Players for the ladder (``ntk dice ladder --players py:benchmarks/playouts.py:FACTORY:OPTION,...``):

* ``playout:WxNxL`` - the depth-1 engine's ``W`` best root choices (made exact), each valued by
  ``N`` playouts of ``L`` turns. At every turn of a playout the side to move's exact probability of
  capturing the king (``exposure.capture_mask``) is added to the value, weighted by the chance that
  the line got there, instead of being sampled; the roll is then drawn among the rolls that do not
  capture (stratified per turn, the same numbers for every root choice) and the side plays the
  turn of the engine's budgeted depth-1 policy (the one depth-2 searches use below the root). The
  line ends with ``evaluate.leaf_value``. ``L = 0`` is the depth-1 engine; ``L = 2`` is a sampled
  depth 3 (our turn, theirs, ours, their exposure).
* ``hybrid:W[xE]`` - depth 2 on the ``W`` best root choices with every opponent roll enumerated
  (the opponent's reply by the same policy), then ``E`` (default 1) sampled rolls of ours per
  opponent roll, our reply, and the exact leaf: depth 3 with the last chance node sampled.

Both are fixed-effort players (their games do not depend on the machine's load). They reach into
the engine's internals (``Engine._choices``, ``_lazy_max``, ``_refine``): this is an experiment,
not an API. Results are in ``docs/engine.md`` ("Session 9 experiment"). Example (about 8 minutes
on 2 cores with the compiled build):

    ntk dice ladder --players py:benchmarks/playouts.py:playout:4x16x2,baseline:d1 \\
        --games 200 --seed 1000 --jobs 2
"""

from __future__ import annotations

import random
from typing import Any

from notation_toolkit.dicechess.dice import ROLL_OUTCOMES
from notation_toolkit.dicechess.engine.evaluate import WIN, leaf_value
from notation_toolkit.dicechess.engine.exposure import capture_mask
from notation_toolkit.dicechess.engine.search import REFINE_BUDGET, Engine, _key_kind
from notation_toolkit.dicechess.fullturn import roll_turns
from notation_toolkit.dicechess.moves import uci
from notation_toolkit.dicechess.position import Position

_POOLS = tuple(o.pool for o in ROLL_OUTCOMES)
_WEIGHTS = tuple(o.weight for o in ROLL_OUTCOMES)
_EXACT_FIRST = 12  # root choices made exact before the W best are taken, as the engine's depth 2


def _mask_weight(mask: int) -> int:
    return sum(w for i, w in enumerate(_WEIGHTS) if mask >> i & 1)


def _sample_roll(mask: int, u: float) -> int:
    """Index of a roll outside ``mask`` (the capturing rolls), by weight, from a uniform ``u``."""
    free = [i for i in range(len(_WEIGHTS)) if not mask >> i & 1]
    target = u * sum(_WEIGHTS[i] for i in free)
    acc = 0
    for i in free:
        acc += _WEIGHTS[i]
        if acc > target:
            return i
    return free[-1]


def _stratified(rng: random.Random, n: int) -> list[float]:
    """``n`` uniforms, one in each ``1/n`` slice, in random order."""
    order = list(range(n))
    rng.shuffle(order)
    return [(k + rng.random()) / n for k in order]


class _RootRanker:
    """The depth-1 engine's root, with the ``width`` best choices re-ranked by ``_value``."""

    def __init__(self, width: int, seed: int) -> None:
        self.engine = Engine(refine_budget=REFINE_BUDGET)
        self.width = width
        self.rng = random.Random(seed)
        self.name = type(self).__name__

    def _policy(self, pos: Position) -> int:
        """Play the budgeted depth-1 turn of the side to move (dice rolled); the pushes made."""
        choices, win = self.engine._choices(pos)
        pushes = 0
        if win is not None:
            moves: tuple[int, ...] = win
        elif choices:
            moves = self.engine._lazy_max(pos, choices)[1].moves
        else:
            moves = ()
        for m in moves:
            pos.push(m)
            pushes += 1
        if win is None:
            pos.end_turn()
            pushes += 1
        return pushes

    def _value(self, pos: Position, streams: Any) -> float:
        raise NotImplementedError

    def _streams(self) -> Any:
        return None

    def choose(self, pos: Position) -> tuple[str, ...]:
        """The turn: depth 1, then the ``width`` best root choices re-ranked."""
        engine = self.engine
        work = pos.copy()
        choices, win = engine._choices(work)
        if win is not None:
            return tuple(uci(m) for m in win)
        if not choices:
            return ()
        for c in sorted(choices, key=lambda c: -c.bound)[:_EXACT_FIRST]:
            while c.level < 2:
                engine._refine(work, c)
        order = sorted(choices, key=lambda c: -c.bound)
        top = [c for c in order[: self.width] if not c.draw]
        if len(top) <= 1:
            return tuple(uci(m) for m in order[0].moves)
        streams = self._streams()
        best, best_value = order[0], -2.0 * WIN
        for c in top:
            for m in c.moves:
                work.push(m)
            work.end_turn()
            value = self._value(work, streams)
            work.pop()
            for _ in c.moves:
                work.pop()
            if value > best_value:
                best, best_value = c, value
        return tuple(uci(m) for m in best.moves)


class PlayoutPlayer(_RootRanker):
    """``playout:WxNxL`` (module docstring)."""

    def __init__(self, width: int, playouts: int, length: int, seed: int) -> None:
        super().__init__(width, seed)
        self.playouts = playouts
        self.length = length

    def _streams(self) -> list[list[float]]:
        columns = [_stratified(self.rng, self.playouts) for _ in range(self.length)]
        return [[col[i] for col in columns] for i in range(self.playouts)]

    def _value(self, pos: Position, streams: list[list[float]]) -> float:
        return sum(self._playout(pos, s) for s in streams) / len(streams)

    def _playout(self, pos: Position, uniforms: list[float]) -> float:
        """Value for the root mover of ``pos`` (opponent to move, no dice) along one sampled line."""
        pushes = 0
        reach, total, sign = 1.0, 0.0, -1.0
        try:
            for u in uniforms:
                mask = capture_mask(pos)
                weight = _mask_weight(mask)
                total += reach * weight / 216 * WIN * sign
                reach *= 1 - weight / 216
                if weight == 216:
                    return total
                pos.set_pool(_POOLS[_sample_roll(mask, u)])
                pushes += 1 + self._policy(pos)
                if pos.is_game_over:  # not expected: the capturing rolls were left out
                    return total + reach * sign * WIN
                sign = -sign
            return total + reach * sign * leaf_value(pos)
        finally:
            for _ in range(pushes):
                pos.pop()


class HybridPlayer(_RootRanker):
    """``hybrid:W[xE]`` (module docstring)."""

    def __init__(self, width: int, extra: int, seed: int) -> None:
        super().__init__(width, seed)
        self.extra = extra

    def _value(self, pos: Position, streams: None) -> float:
        """Value for the root mover of ``pos`` (opponent to move, no dice): every opponent roll."""
        mask = capture_mask(pos)
        total = -_mask_weight(mask) * WIN
        free = [i for i in range(len(_POOLS)) if not mask >> i & 1]
        if not free:
            return total / 216
        turns = roll_turns(pos, key=_key_kind(pos))
        slices = _stratified(self.rng, len(free))
        for k, i in enumerate(free):
            pos.set_pool(_POOLS[i])
            pushes = 1
            try:
                choices, win = self.engine._choices(pos, turns[_POOLS[i]])
                if win is not None:
                    total -= _WEIGHTS[i] * WIN
                    continue
                if choices:
                    c = self.engine._lazy_max(pos, choices)[1]
                    if c.draw:
                        continue
                    for m in c.moves:
                        pos.push(m)
                        pushes += 1
                pos.end_turn()
                pushes += 1
                uniforms = [slices[k]] + [self.rng.random() for _ in range(self.extra - 1)]
                total += _WEIGHTS[i] * sum(self._our_turn(pos, u) for u in uniforms) / self.extra
            finally:
                for _ in range(pushes):
                    pos.pop()
        return total / 216

    def _our_turn(self, pos: Position, u: float) -> float:
        """Root mover to move at ``pos`` (no dice): its exact capture chance, one sampled roll, its
        reply, and the opponent's leaf."""
        mask = capture_mask(pos)
        p = _mask_weight(mask) / 216
        if p == 1:
            return WIN
        pos.set_pool(_POOLS[_sample_roll(mask, u)])
        pushes = 1
        try:
            pushes += self._policy(pos)
            if pos.is_game_over:
                return WIN
            return p * WIN + (1 - p) * -leaf_value(pos)
        finally:
            for _ in range(pushes):
                pos.pop()


def _numbers(option: str, count: int, defaults: tuple[int, ...]) -> list[int]:
    parts = [int(x) for x in option.split("x")] if option else []
    if len(parts) > count or any(n < 1 for n in parts):
        raise ValueError(f"expected up to {count} whole numbers >= 1 joined by 'x', got {option!r}")
    return parts + list(defaults[len(parts) :])


def playout(option: str, seed: int) -> PlayoutPlayer:
    """``py:benchmarks/playouts.py:playout:WxNxL`` (defaults 4x16x2)."""
    width, playouts, length = _numbers(option, 3, (4, 16, 2))
    return PlayoutPlayer(width, playouts, length, seed)


def hybrid(option: str, seed: int) -> HybridPlayer:
    """``py:benchmarks/playouts.py:hybrid:W[xE]`` (defaults 3x1)."""
    width, extra = _numbers(option, 2, (3, 1))
    return HybridPlayer(width, extra, seed)
