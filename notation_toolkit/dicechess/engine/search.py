"""Expectimax search over whole Dice Chess turns.

Tree shape (values are always for the side to move, negamax style):

* a **chance node** is a position whose dice are not rolled: its value is the probability-weighted
  sum over the 56 roll outcomes (R2) of the max nodes below;
* a **max node** is a position with a rolled pool: the mover picks one of the distinct positions its
  R8-legal micro-move sequences can reach (transpositions merged: sequences reaching the same
  position after R11 are one choice). A sequence that captures the king is worth ``WIN`` (R17) and
  ends the search of that node. A choice whose half-move clock reaches 100 is a draw, 0 (R16).
  No legal micro-move is a pass (R10): the value is the one of the opponent's chance node.

Depth counts turns (max nodes on a path). At depth 1 the children of a max node are evaluated with
``evaluate.leaf_value`` lazily: every choice gets the cheap bound, and the exact king exposure is
computed in bound order only while a bound can still beat the best exact value (sound, not a
heuristic cut). Deeper chance nodes use Star1 (Ballard 1983) with the value bounds
``[-WIN, WIN]``: a chance node stops as soon as the outcomes seen so far prove its value is outside the
window, whatever the others are worth. A transposition table keyed by the Zobrist key (pieces, side,
castling, en passant, pool) stores values with their bound type and the best choice. Iterative
deepening runs depth 1, 2, ... until the time limit; an iteration that cannot finish is abandoned,
except that root choices it finished are used when they beat the previous best.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field
from typing import Final

from notation_toolkit.dicechess.dice import ROLL_OUTCOMES, to_letters
from notation_toolkit.dicechess.engine.evaluate import WIN, cheap_leaf, leaf_value, mix
from notation_toolkit.dicechess.engine.exposure import capture_mask_lower, capture_weight, mask_weight
from notation_toolkit.dicechess.fullturn import KeyKind, RollTurns, reduced_key, roll_turns
from notation_toolkit.dicechess.moves import uci
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.tables import BLACK

DRAW_CLOCK: Final = 100
_DEEPEN_FACTOR: Final = 56.0
_DEPTH2_SHARE: Final = 0.25
REFINE_BUDGET: Final = 4
"""The players' budget of exposure refinements in a depth-1 max node below the root
(``Engine(refine_budget=)``): the node then takes its best exact choice, a lower bound of its value.
On the benchmark positions a depth-2 chance node costs 30-50% less and moves by 0-40 cp."""
# Root choices made exact after depth 1 to order the depth-2 iteration (the rest keep their bounds).
_ORDER_EXACT: Final = 12
# Outcomes in decreasing probability: Star1 cuts sooner when the heavy outcomes come first.
_OUTCOMES: Final = tuple(sorted(ROLL_OUTCOMES, key=lambda o: -o.weight))
_EXACT, _LOWER, _UPPER = 0, 1, 2
# The half-move clock only matters near the R16 limit; within four turns (12 micro-moves) a clock
# below 88 cannot reach 100, so such positions share table entries.
_CLOCK_KEYS: Final = tuple(
    0 if n < 88 else (0x9E3779B97F4A7C15 * (n + 1)) & ((1 << 64) - 1) for n in range(256)
)


def _key_kind(pos: Position) -> KeyKind:
    """Ends are merged on the F2 key unless the clock may reach the R16 limit within the turn."""
    return "exact" if pos.halfmove >= _CLOCK_EXACT else "reduced"


_CLOCK_EXACT: Final = 85


def _tt_key(pos: Position) -> int:
    """Table key: the F2 reduced key (dead en-passant targets dropped), the clock only near R16."""
    return reduced_key(pos) ^ _CLOCK_KEYS[min(pos.halfmove, 255)]


class SearchTimeout(Exception):
    """Raised inside the search when the time limit is reached (caught by the driver)."""


@dataclass(slots=True)
class _Choice:
    """One distinct end-of-turn position of a max node."""

    moves: tuple[int, ...]
    bound: float  # upper bound of the value for the mover (exact for wins and draws)
    static: float  # static score of the child for its side to move
    level: int = 0  # 0: cheap bound, 1: two-dice exposure bound, 2: exact
    king_capture: bool = False
    draw: bool = False
    ident: int = 0


@dataclass(frozen=True, slots=True)
class LineStep:
    """One turn of a principal line: who moves, with which roll, and the micro-moves."""

    side: str
    roll: str
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The engine's answer for a position with a rolled pool."""

    moves: tuple[str, ...]
    value: float
    depth: int
    nodes: int
    seconds: float
    choices: int
    king_capture: bool
    line: tuple[LineStep, ...] = field(default=())
    partial: bool = False  # the move comes from an unfinished deeper iteration (it beat the previous best)

    @property
    def win_probability_hint(self) -> float:
        """``value / WIN`` clipped to [-1, 1]: a rough "how winning" number for display."""
        return max(-1.0, min(1.0, self.value / WIN))


@dataclass(frozen=True, slots=True)
class OutcomeAnalysis:
    """Value of one roll outcome before the roll (see ``Engine.analyse``)."""

    roll: str
    weight: int
    value: float
    moves: tuple[str, ...]
    depth: int


@dataclass(frozen=True, slots=True)
class Analysis:
    """Value of a position before the roll: the expectation over the 56 outcomes, and each outcome."""

    value: float
    king_capture_probability: float
    outcomes: tuple[OutcomeAnalysis, ...]
    nodes: int
    seconds: float


class Engine:
    """Expectimax engine. One instance keeps its transposition table between searches."""

    def __init__(self, *, table_size: int = 1 << 20, refine_budget: int = 0) -> None:
        self.table: dict[int, tuple[int, int, float, tuple[int, ...] | None, int]] = {}
        self.table_size = table_size
        self.nodes = 0
        self._deadline = float("inf")
        self._soft_deadline = float("inf")
        self._check = 0
        # 0: every max node below the root is exact. N > 0: a depth-1 max node below the root stops
        # after N exposure refinements with its best exact choice (a lower bound of its value).
        self.refine_budget = refine_budget
        # root choices finished by the deepest iteration of the last best_turn (0: depth 1 only)
        self.deep_choices = 0

    # ------------------------------------------------------------------ public API

    def best_turn(
        self,
        pos: Position,
        *,
        time_limit: float | None = None,
        depth: int | None = None,
        width: int | None = None,
    ) -> SearchResult:
        """Best turn for ``pos`` (which must hold the rolled pool) under a time and/or depth limit.

        With neither limit, depth 1 is searched. ``width``: iterations deeper than 1 search only the
        ``width`` best root choices of the iteration before (late-move pruning at the root: a fixed
        effort, unlike a time limit). ``pos`` is restored. The result's ``moves`` is empty for a pass
        (no usable die, R10).
        """
        if not pos.pool:
            from notation_toolkit.dicechess.codes import DICE003
            from notation_toolkit.dicechess.errors import IllegalMoveError

            raise DICE003.error(IllegalMoveError, "no_dice", field="dice")
        start = time.perf_counter()
        self.nodes = 0
        self.deep_choices = 0
        max_depth = depth if depth is not None else (64 if time_limit is not None else 1)
        self._deadline = float("inf")
        self._soft_deadline = start + time_limit if time_limit is not None else float("inf")
        work = pos.copy()
        # the root's own turns are always enumerated and evaluated: a move is needed whatever the clock
        choices, win = self._choices(work)
        if win is not None:
            return SearchResult(
                tuple(uci(m) for m in win),
                WIN,
                1,
                self.nodes,
                time.perf_counter() - start,
                1,
                True,
                (self._step(work, win),),
            )
        if not choices:
            return SearchResult(
                (),
                self._pass_value(work, 1),
                1,
                self.nodes,
                time.perf_counter() - start,
                0,
                False,
                (LineStep("wb"[work.turn], to_letters(work.pool), ()),),
            )
        best: _Choice | None = None
        best_value = -WIN
        done = 0
        partial = False
        # cost of the last finished iteration; depth 1 includes enumerating the root's own turns
        last_iter = time.perf_counter() - start
        for d in range(1, max_depth + 1):
            iter_start = time.perf_counter()
            if d == 2 and time_limit is not None:
                self._deadline = start + time_limit
            if d > 1 and time_limit is not None:
                remaining = self._deadline - iter_start
                # Depth 2 is tried while a quarter of the time is left: its root choices are searched
                # best first and every finished one counts (see _root). Deeper, one more turn costs
                # at least 56 rolls times a max node like the last iteration: an iteration that
                # cannot finish its first root choice is not started.
                if remaining < (_DEPTH2_SHARE * time_limit if d == 2 else last_iter * _DEEPEN_FACTOR):
                    break
            try:
                if d > 1:
                    self.deep_choices = 0
                chosen, value = self._root(work, choices, d, best, width)
            except SearchTimeout:
                # the previous best was searched first, so a partial result ranks it against the
                # choices finished at this depth
                if self._partial is not None:
                    partial = self._partial[0] is not best
                    best, best_value = self._partial
                break
            best, best_value, done = chosen, value, d
            spent = time.perf_counter() - iter_start
            last_iter = last_iter + spent if d == 1 else spent
            if abs(value) >= WIN or len(choices) == 1:
                break
        assert best is not None
        line = self._line(work, best, done)
        return SearchResult(
            tuple(uci(m) for m in best.moves),
            best_value,
            max(done, 1),
            self.nodes,
            time.perf_counter() - start,
            len(choices),
            False,
            line,
            partial,
        )

    def analyse(self, pos: Position, *, time_limit: float | None = None, depth: int = 1) -> Analysis:
        """Value of ``pos`` before the roll: each of the 56 outcomes searched (``time_limit`` is split
        evenly across them), and their probability-weighted expectation (R2).
        """
        start = time.perf_counter()
        work = pos.copy()
        if work.pool:
            work.set_pool(0)
        per = time_limit / len(ROLL_OUTCOMES) if time_limit is not None else None
        outcomes: list[OutcomeAnalysis] = []
        nodes = 0
        total = 0.0
        for o in ROLL_OUTCOMES:
            work.set_pool(o.pool)
            result = self.best_turn(work, time_limit=per, depth=None if per is not None else depth)
            work.pop()
            nodes += result.nodes
            total += o.weight * result.value
            outcomes.append(OutcomeAnalysis(o.letters, o.weight, result.value, result.moves, result.depth))
        return Analysis(
            total / 216,
            capture_weight(work) / 216,
            tuple(outcomes),
            nodes,
            time.perf_counter() - start,
        )

    # ------------------------------------------------------------------ root

    _partial: tuple[_Choice, float] | None = None
    _searched = 0

    def _root(
        self,
        pos: Position,
        choices: list[_Choice],
        depth: int,
        previous: _Choice | None,
        width: int | None = None,
    ) -> tuple[_Choice, float]:
        """One iteration at the root. Deeper than 1, the choices go best first (the previous best,
        then by depth-1 value: the top ones are made exact first) with the window of the best so
        far, so that Star2 fails the weaker ones low cheaply; ``width`` keeps only the first ones.
        """
        self._partial = None
        self._searched = 0
        if depth == 1:
            value, first = self._lazy_max(pos, choices, hurry=True)
            self._searched = len(choices)
            return first, value
        if depth == 2:
            for c in sorted(choices, key=lambda c: -c.bound)[:_ORDER_EXACT]:
                while c.level < 2:
                    self._refine(pos, c)
        order = sorted(choices, key=lambda c: -c.bound)
        if previous is not None:
            order.remove(previous)
            order.insert(0, previous)
        if width is not None:
            order = order[: max(width, 1)]
        best_value = -WIN - 1
        best: _Choice | None = None
        for c in order:
            value = self._child_value(pos, c, depth, -WIN - 1, WIN + 1, best_value)
            self._searched += 1
            self.deep_choices = self._searched
            if value > best_value:
                best_value, best = value, c
                self._partial = (c, value)
        assert best is not None
        return best, best_value

    # ------------------------------------------------------------------ nodes

    def _tick(self) -> None:
        self.nodes += 1
        self._check += 1
        if self._check >= 16:
            self._check = 0
            if time.perf_counter() > self._deadline:
                raise SearchTimeout

    def _choices(
        self, pos: Position, turns: RollTurns | None = None
    ) -> tuple[list[_Choice], tuple[int, ...] | None]:
        """Distinct end-of-turn positions of the pool (cheaply evaluated), or a king-capture line.

        The ends come from the multiset pass (``fullturn.roll_turns``; ``turns`` when the chance node
        above already computed all 56 rolls), merged on the F2 reduced key, or on the exact key near
        the R16 limit where the clock matters.
        """
        if turns is None:
            turns = roll_turns(pos, (pos.pool,), key=_key_kind(pos))[pos.pool]
        if turns.wins:
            # a turn that can take the king is a win (R17) whatever else it could do: the shortest line
            return [], min(turns.wins.values(), key=len)
        if turns.is_pass:
            return [], None
        lines = list(turns.ends.values())
        found: list[_Choice | None] = [None] * len(lines)
        push = pos.push
        pop = pos.pop
        end_turn = pos.end_turn
        # Visit the ends in path order so that consecutive lines share their pushed prefix (about half
        # the make/unmake of reaching every end from the node); each choice keeps its index, so the
        # list, and the tie-breaks that depend on its order, are those of one push per line.
        stack: list[int] = []
        try:
            for index in sorted(range(len(lines)), key=lines.__getitem__):
                line = lines[index]
                self._tick()
                common = 0
                limit = min(len(stack), len(line))
                while common < limit and stack[common] == line[common]:
                    common += 1
                for _ in range(len(stack) - common):
                    pop()
                del stack[common:]
                for m in line[common:]:
                    push(m)
                    stack.append(m)
                end_turn()
                if pos.halfmove >= DRAW_CLOCK:
                    found[index] = _Choice(line, 0.0, 0.0, 2, draw=True)
                else:
                    cheap, static = cheap_leaf(pos)
                    found[index] = _Choice(line, -cheap, static)
                pop()
        finally:
            for _ in stack:
                pop()
        return [c for c in found if c is not None], None

    def _pass_value(self, pos: Position, depth: int) -> float:
        pos.end_turn()
        try:
            if pos.halfmove >= DRAW_CLOCK:
                return 0.0
            if depth <= 1:
                return -leaf_value(pos)
            return -self._chance(pos, depth - 1, -WIN - 1, WIN + 1)
        finally:
            pos.pop()

    def _refine(self, pos: Position, c: _Choice) -> None:
        """Tighten the bound of a choice one level: two-dice exposure, then the exact value."""
        for m in c.moves:
            pos.push(m)
        pos.end_turn()
        if c.level == 0:
            c.bound = -mix(c.static, mask_weight(capture_mask_lower(pos)))
            c.level = 1
        else:
            c.bound = -mix(c.static, capture_weight(pos))
            c.level = 2
        pos.pop()
        for _ in c.moves:
            pos.pop()
        self._tick()

    def _lazy_max(
        self,
        pos: Position,
        choices: list[_Choice],
        *,
        hurry: bool = False,
        alpha: float = -WIN - 1,
    ) -> tuple[float, _Choice]:
        """Depth-1 max node, best first: refine the choice with the highest bound until it is exact.

        Bounds only go down when refined, so the first exact choice on top is the maximum. With
        ``hurry`` (root, time is up) the top choice is made exact and taken. When the top bound is at
        most ``alpha`` the node fails low at once with that bound (every choice is worth at most it).
        Below the root (not ``hurry``) with ``refine_budget`` N > 0, after N refinements the best
        exact choice so far is taken: a lower bound of the node's value, never above it.
        """
        heap = [(-c.bound, i, c) for i, c in enumerate(choices)]
        heapq.heapify(heap)
        budget = self.refine_budget if not hurry else 0
        spent = 0
        best_exact: _Choice | None = None
        if budget:
            for c in choices:
                if c.level == 2 and (best_exact is None or c.bound > best_exact.bound):
                    best_exact = c
        while True:
            _, i, c = heapq.heappop(heap)
            if c.level == 2 or c.bound <= alpha:
                return c.bound, c
            if hurry and time.perf_counter() > self._soft_deadline:
                while c.level < 2:
                    self._refine(pos, c)
                return c.bound, c
            if budget and spent >= budget and best_exact is not None:
                return best_exact.bound, best_exact
            self._refine(pos, c)
            spent += 1
            if c.level == 2 and (best_exact is None or c.bound > best_exact.bound):
                best_exact = c
            heapq.heappush(heap, (-c.bound, i, c))

    def _child_value(
        self, pos: Position, c: _Choice, depth: int, alpha: float, beta: float, best: float
    ) -> float:
        if c.draw:
            return 0.0
        for m in c.moves:
            pos.push(m)
        pos.end_turn()
        try:
            return -self._chance(pos, depth - 1, -beta, -max(alpha, best))
        finally:
            pos.pop()
            for _ in c.moves:
                pos.pop()

    def _max(
        self,
        pos: Position,
        depth: int,
        alpha: float,
        beta: float,
        prepared: tuple[list[_Choice], tuple[int, ...] | None] | None = None,
    ) -> float:
        """Max node (pool rolled) searched to ``depth`` turns, window (alpha, beta), fail-soft.

        ``prepared`` holds the node's choices when the chance node above has enumerated them.
        """
        key = _tt_key(pos)
        entry = self.table.get(key)
        hint: tuple[int, ...] | None = None
        if entry is not None:
            e_depth, flag, value, hint, _ = entry
            if e_depth >= depth and (
                flag == _EXACT or (flag == _LOWER and value >= beta) or (flag == _UPPER and value <= alpha)
            ):
                return value
        choices, win = prepared if prepared is not None else self._choices(pos)
        if win is not None:
            self._store(key, 99, _EXACT, WIN, win, -1)
            return WIN
        if not choices:
            return self._pass_value(pos, depth)
        best_choice: _Choice | None
        if depth == 1:
            value, best_choice = self._lazy_max(pos, choices, alpha=alpha)
        else:
            # ordering: the table's best choice, then exact values before bounds, highest first
            choices.sort(key=lambda c: (c.level != 2, -c.bound))
            if hint is not None:
                for i, c in enumerate(choices):
                    if c.moves == hint:
                        choices.insert(0, choices.pop(i))
                        break
            value = -WIN - 1
            best_choice = None
            for c in choices:
                v = self._child_value(pos, c, depth, alpha, beta, value)
                if v > value:
                    value, best_choice = v, c
                    if value >= beta:
                        break
        flag = _LOWER if value >= beta else _UPPER if value <= alpha else _EXACT
        self._store(key, depth, flag, value, best_choice.moves if best_choice else None, -1)
        return value

    def _probe(
        self, pos: Position, prepared: tuple[list[_Choice], tuple[int, ...] | None], depth: int
    ) -> tuple[float, float]:
        """Star2 probe of a max node: ``(lower, upper)`` bounds of its value without searching it.

        A king capture is ``WIN`` exactly and a pass is left to the search. At depth 1 the upper bound
        is the best cheap bound (bounds only fall when refined) and the lower bound is the exact value
        of the choice with that bound (a max is at least any one choice); deeper, only the bounds of
        the value range are known.
        """
        choices, win = prepared
        if win is not None:
            return WIN, WIN
        if not choices or depth > 1:
            return -WIN, WIN
        top = max(choices, key=lambda c: c.bound)
        upper = top.bound
        while top.level < 2:
            self._refine(pos, top)
        lower = max(c.bound for c in choices if c.level == 2)
        return lower, max(upper, lower)

    def _chance(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        """Chance node (dice not rolled) searched to ``depth`` turns with Star2 pruning, fail-soft.

        All 56 rolls' turns come from one multiset pass. Probing phase (Ballard's Star2): every roll's
        max node gets cheap bounds (``_probe``); if their weighted sums already put the node outside
        (alpha, beta) it returns at once. Search phase: the rolls in decreasing probability, each with
        the window implied by the rolls seen so far and the bounds of the rolls still to come.
        """
        key = _tt_key(pos)
        entry = self.table.get(key)
        if entry is not None:
            e_depth, flag, value, _, _ = entry
            if e_depth >= depth and (
                flag == _EXACT or (flag == _LOWER and value >= beta) or (flag == _UPPER and value <= alpha)
            ):
                return value
        self._tick()
        tables = roll_turns(pos, key=_key_kind(pos))
        nodes: list[tuple[list[_Choice], tuple[int, ...] | None]] = []
        lows: list[float] = []
        highs: list[float] = []
        for o in _OUTCOMES:
            pos.set_pool(o.pool)
            try:
                prepared = self._choices(pos, tables[o.pool])
                lo, hi = self._probe(pos, prepared, depth)
            finally:
                pos.pop()
            nodes.append(prepared)
            lows.append(lo)
            highs.append(hi)
        low_sum = sum(o.weight * v for o, v in zip(_OUTCOMES, lows, strict=True)) / 216
        high_sum = sum(o.weight * v for o, v in zip(_OUTCOMES, highs, strict=True)) / 216
        if low_sum >= beta:
            self._store(key, depth, _LOWER, low_sum, None, -1)
            return low_sum
        if high_sum <= alpha:
            self._store(key, depth, _UPPER, high_sum, None, -1)
            return high_sum
        seen = 0.0  # sum of p_i * v_i so far
        rest_low = low_sum  # sum of p_j * lower_j over the rolls not searched yet
        rest_high = high_sum
        worst_roll = -1
        worst_value = -WIN - 1
        for i, o in enumerate(_OUTCOMES):
            p = o.weight / 216
            rest_low -= p * lows[i]
            rest_high -= p * highs[i]
            # Star2: the window this roll must hit for the node to stay inside (alpha, beta)
            a = (alpha - seen - rest_high) / p
            b = (beta - seen - rest_low) / p
            if lows[i] == highs[i]:
                v = lows[i]
            else:
                pos.set_pool(o.pool)
                try:
                    v = self._max(pos, depth, max(a, lows[i] - 1), min(b, highs[i] + 1), nodes[i])
                finally:
                    pos.pop()
            seen += p * v
            if v > worst_value:
                worst_value, worst_roll = v, o.pool
            if v <= a:
                bound = seen + rest_high
                self._store(key, depth, _UPPER, bound, None, worst_roll)
                return bound
            if v >= b:
                bound = seen + rest_low
                self._store(key, depth, _LOWER, bound, None, worst_roll)
                return bound
        self._store(key, depth, _EXACT, seen, None, worst_roll)
        return seen

    def _store(
        self, key: int, depth: int, flag: int, value: float, best: tuple[int, ...] | None, roll: int
    ) -> None:
        table = self.table
        if len(table) >= self.table_size:
            table.clear()
        old = table.get(key)
        if old is not None and old[0] > depth:
            return
        table[key] = (depth, flag, value, best, roll)

    # ------------------------------------------------------------------ principal line

    def _step(self, pos: Position, moves: tuple[int, ...]) -> LineStep:
        return LineStep(
            "wb"[pos.turn], to_letters(pos.pool, black=pos.turn == BLACK), tuple(uci(m) for m in moves)
        )

    def _line(self, pos: Position, best: _Choice, depth: int) -> tuple[LineStep, ...]:
        """Our turn, then for each later chance node the roll best for its mover and that mover's reply."""
        steps = [self._step(pos, best.moves)]
        pushed = 0
        for m in best.moves:
            pos.push(m)
            pushed += 1
        pos.end_turn()
        pushed += 1
        for _ in range(depth - 1):
            entry = self.table.get(_tt_key(pos))
            if entry is None or entry[4] < 0:
                break
            pos.set_pool(entry[4])
            pushed += 1
            reply = self.table.get(_tt_key(pos))
            if reply is None or reply[3] is None:
                steps.append(LineStep("wb"[pos.turn], to_letters(pos.pool, black=pos.turn == BLACK), ()))
                break
            steps.append(self._step(pos, reply[3]))
            for m in reply[3]:
                pos.push(m)
                pushed += 1
            if pos.is_game_over:
                break
            pos.end_turn()
            pushed += 1
        for _ in range(pushed):
            pos.pop()
        return tuple(steps)
