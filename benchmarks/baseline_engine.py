"""The ladder's reference player: the engine's search and evaluation as they were first released.

A ladder player loaded from this file (it is not part of the package)::

    ntk dice ladder --players "py:benchmarks/baseline_engine.py:player:1,engine:1" --games 200

``player(OPTION, seed)`` takes ``OPTION`` as seconds per turn (``1``, ``0.5``) or a fixed depth
(``d1``, ``d2``). The file shares only the game core and the exact king exposure
(``engine.exposure``) with the package's engine, so a ladder against it measures what the changes
to the search and the evaluation since then are worth at equal time. ``bench_engine.py`` also
times its static evaluation against the package's.

Evaluation (``leaf_value``):


``leaf_value`` is the value for the side to move (S), in centipawns, with a king capture worth
``WIN``:

    value = p * WIN + (1 - p) * static(S)

where ``p`` is the exact probability that S captures the enemy king on the coming roll (R17; see
``exposure``) and ``static`` scores material, piece-square tables, pieces that S can win on the coming
roll (hanging or under-defended, weighted by the chance of rolling the right die), the same for the
opponent a turn later, and the opponent's direct threats on S's king (S may lack the dice to parry).

``cheap_leaf`` returns the same formula with ``p1`` (only direct one-die attacks) in place of ``p``.
Since ``p1 <= p`` and ``static < WIN``, the cheap value is a lower bound of ``leaf_value`` for S and so
an upper bound for the side that just moved: the search evaluates every turn cheaply and computes
the exact exposure only while a cheap bound can still beat the best exact value.

Search (``Engine``):


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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from notation_toolkit.dicechess.dice import ROLL_OUTCOMES, to_letters
from notation_toolkit.dicechess.engine.exposure import (
    any_type_weight,
    capture_mask_lower,
    capture_weight,
    mask_weight,
)
from notation_toolkit.dicechess.engine.players import EnginePlayer, fixed_depth
from notation_toolkit.dicechess.moves import uci
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.tables import (
    BISHOP,
    BISHOP_MASKS,
    BISHOP_TABLES,
    BLACK,
    KING,
    KING_ATTACKS,
    KNIGHT,
    KNIGHT_ATTACKS,
    PAWN,
    QUEEN,
    ROOK,
    ROOK_MASKS,
    ROOK_TABLES,
    WHITE,
)
from notation_toolkit.dicechess.turns import walk_turns

WIN: Final = 10000.0
"""Value of capturing the enemy king (R17), in centipawns."""

PIECE_VALUES: Final = (0, 100, 310, 330, 500, 900, 0)

# Weights of the static terms (centipawns per unit); chosen by short engine-vs-greedy matches.
GAIN_NOW: Final = 0.7  # what S can capture on the coming roll (S moves first)
GAIN_LATER: Final = 0.3  # what the opponent can capture a turn later (S may move the piece away)
KING_DANGER: Final = 800.0  # per unit probability of the opponent's direct threats on S's king

# Piece-square tables from White's point of view, a1 = index 0 (rank 1 first).
# fmt: off
_PAWN = (
    0, 0, 0, 0, 0, 0, 0, 0,
    5, 5, 5, -5, -5, 5, 5, 5,
    5, 0, 5, 10, 10, 0, 0, 5,
    0, 0, 10, 20, 20, 5, 0, 0,
    10, 10, 15, 25, 25, 15, 10, 10,
    25, 25, 30, 35, 35, 30, 25, 25,
    60, 60, 60, 60, 60, 60, 60, 60,
    0, 0, 0, 0, 0, 0, 0, 0,
)
_KNIGHT = (
    -40, -25, -20, -20, -20, -20, -25, -40,
    -25, -10, 0, 5, 5, 0, -10, -25,
    -20, 5, 10, 15, 15, 10, 5, -20,
    -20, 0, 15, 20, 20, 15, 0, -20,
    -20, 5, 15, 20, 20, 15, 5, -20,
    -20, 0, 10, 15, 15, 10, 0, -20,
    -25, -10, 0, 0, 0, 0, -10, -25,
    -40, -25, -20, -20, -20, -20, -25, -40,
)
_BISHOP = (
    -15, -10, -10, -10, -10, -10, -10, -15,
    -10, 5, 0, 0, 0, 0, 5, -10,
    -10, 10, 10, 10, 10, 10, 10, -10,
    -10, 0, 10, 10, 10, 10, 0, -10,
    -10, 5, 5, 10, 10, 5, 5, -10,
    -10, 0, 5, 10, 10, 5, 0, -10,
    -10, 0, 0, 0, 0, 0, 0, -10,
    -15, -10, -10, -10, -10, -10, -10, -15,
)
_ROOK = (
    0, 0, 5, 10, 10, 5, 0, 0,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    -5, 0, 0, 0, 0, 0, 0, -5,
    10, 15, 15, 15, 15, 15, 15, 10,
    0, 0, 0, 0, 0, 0, 0, 0,
)
_QUEEN = (
    -15, -10, -5, 0, 0, -5, -10, -15,
    -10, 0, 5, 5, 5, 5, 0, -10,
    -5, 5, 5, 5, 5, 5, 5, -5,
    0, 0, 5, 5, 5, 5, 0, 0,
    -5, 0, 5, 5, 5, 5, 0, -5,
    -10, 0, 5, 5, 5, 5, 0, -10,
    -10, 0, 0, 0, 0, 0, 0, -10,
    -15, -10, -5, 0, 0, -5, -10, -15,
)
_KING = (
    10, 15, 5, 0, 0, 5, 15, 10,
    5, 5, 0, -5, -5, 0, 5, 5,
    -10, -15, -15, -20, -20, -15, -15, -10,
    -20, -25, -25, -30, -30, -25, -25, -20,
    -30, -35, -35, -40, -40, -35, -35, -30,
    -30, -35, -35, -40, -40, -35, -35, -30,
    -30, -35, -35, -40, -40, -35, -35, -30,
    -30, -35, -35, -40, -40, -35, -35, -30,
)
# fmt: on
_TABLES: Final = (None, _PAWN, _KNIGHT, _BISHOP, _ROOK, _QUEEN, _KING)

# PSQ[code][sq]: material + table value of a piece code, signed for White (+) / Black (-).
PSQ: Final = tuple(
    tuple(
        0
        if not (code & 7) or (code & 7) > KING
        else (
            PIECE_VALUES[code & 7] + _TABLES[code & 7][sq]  # type: ignore[index]
            if code >> 3 == WHITE
            else -(PIECE_VALUES[code & 7] + _TABLES[code & 7][sq ^ 56])  # type: ignore[index]
        )
        for sq in range(64)
    )
    for code in range(16)
)

# P_NONE[k]: probability that a roll holds no die of k given types.
_P_NONE: Final = tuple(((6 - k) / 6) ** 3 for k in range(7))


def material_psq(pos: Position) -> int:
    """Material plus piece-square score from White's point of view."""
    total = 0
    board = pos.board
    psq = PSQ
    bb = pos.occ[0] | pos.occ[1]
    while bb:
        low = bb & -bb
        bb ^= low
        sq = low.bit_length() - 1
        total += psq[board[sq]][sq]
    return total


def _attacks(pos: Position, color: int, occupied: int) -> tuple[list[int], int]:
    """Squares attacked by ``color``, per piece type (index = type) and in total."""
    own = pos.occ[color]
    pieces = pos.pieces
    by_type = [0] * 7
    pawns = pieces[PAWN] & own
    if pawns:
        if color == WHITE:
            by_type[PAWN] = ((pawns & ~0x0101010101010101) << 7 | (pawns & ~0x8080808080808080) << 9) & (
                (1 << 64) - 1
            )
        else:
            by_type[PAWN] = (pawns & ~0x0101010101010101) >> 9 | (pawns & ~0x8080808080808080) >> 7
    for t in (KNIGHT, BISHOP, ROOK, QUEEN, KING):
        bb = pieces[t] & own
        acc = 0
        while bb:
            low = bb & -bb
            bb ^= low
            sq = low.bit_length() - 1
            if t == KNIGHT:
                acc |= KNIGHT_ATTACKS[sq]
            elif t == KING:
                acc |= KING_ATTACKS[sq]
            elif t == BISHOP:
                acc |= BISHOP_TABLES[sq][occupied & BISHOP_MASKS[sq]]
            elif t == ROOK:
                acc |= ROOK_TABLES[sq][occupied & ROOK_MASKS[sq]]
            else:
                acc |= (
                    BISHOP_TABLES[sq][occupied & BISHOP_MASKS[sq]]
                    | ROOK_TABLES[sq][occupied & ROOK_MASKS[sq]]
                )
        by_type[t] = acc
    total = 0
    for a in by_type:
        total |= a
    return by_type, total


def _expected_gain(pos: Position, att: list[int], victims: int, defended: int) -> float:
    """Expected material won with one capture on a roll: best capture per die type, then E[max] over rolls."""
    board = pos.board
    gains: list[int] = []
    for t in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING):
        targets = att[t] & victims
        best = 0
        while targets:
            low = targets & -targets
            targets ^= low
            sq = low.bit_length() - 1
            value = PIECE_VALUES[board[sq] & 7]
            if low & defended:
                if t == KING:
                    continue  # the king would stand on a defended square: a king-capture risk
                value -= PIECE_VALUES[t]
            if value > best:
                best = value
        if best > 0:
            gains.append(best)
    if not gains:
        return 0.0
    gains.sort(reverse=True)
    expected = 0.0
    for k, g in enumerate(gains):
        expected += g * (_P_NONE[k] - _P_NONE[k + 1])
    return expected


def static_and_threat(pos: Position) -> tuple[float, int]:
    """``(static score for the side to move, weight /216 of its direct one-die king attacks)``."""
    us = pos.turn
    them = us ^ 1
    occ = pos.occ
    occupied = occ[0] | occ[1]
    kings = pos.pieces[KING]
    att_us, all_us = _attacks(pos, us, occupied)
    att_them, all_them = _attacks(pos, them, occupied)
    score = float(material_psq(pos))
    if us != WHITE:
        score = -score
    non_king = ~kings
    score += GAIN_NOW * _expected_gain(pos, att_us, occ[them] & non_king, all_them)
    score -= GAIN_LATER * _expected_gain(pos, att_them, occ[us] & non_king, all_us)
    our_king = kings & occ[us]
    their_king = kings & occ[them]
    danger = 0
    direct = 0
    for t in range(1, 7):
        if att_them[t] & our_king:
            danger |= 1 << t
        if att_us[t] & their_king:
            direct |= 1 << t
    if danger:
        score -= KING_DANGER * any_type_weight(danger) / 216
    return score, any_type_weight(direct)


def mix(score: float, weight: int) -> float:
    """``p * WIN + (1 - p) * score`` for ``p = weight / 216`` (king capture probability of the mover)."""
    p = weight / 216
    return p * WIN + (1 - p) * score


def cheap_leaf(pos: Position) -> tuple[float, float]:
    """``(cheap value, static score)`` for the side to move; the cheap value is a lower bound."""
    score, direct = static_and_threat(pos)
    return mix(score, direct), score


def leaf_value(pos: Position) -> float:
    """Exact-exposure leaf value for the side to move (see the module docstring)."""
    score, _ = static_and_threat(pos)
    return mix(score, capture_weight(pos))


DRAW_CLOCK: Final = 100
_DEEPEN_FACTOR: Final = 56.0
# Outcomes in decreasing probability: Star1 cuts sooner when the heavy outcomes come first.
_OUTCOMES: Final = tuple(sorted(ROLL_OUTCOMES, key=lambda o: -o.weight))
_EXACT, _LOWER, _UPPER = 0, 1, 2
# The half-move clock only matters near the R16 limit; within four turns (12 micro-moves) a clock
# below 88 cannot reach 100, so such positions share table entries.
_CLOCK_KEYS: Final = tuple(
    0 if n < 88 else (0x9E3779B97F4A7C15 * (n + 1)) & ((1 << 64) - 1) for n in range(256)
)


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

    def __init__(self, *, table_size: int = 1 << 20) -> None:
        self.table: dict[int, tuple[int, int, float, tuple[int, ...] | None, int]] = {}
        self.table_size = table_size
        self.nodes = 0
        self._deadline = float("inf")
        self._soft_deadline = float("inf")
        self._check = 0

    # ------------------------------------------------------------------ public API

    def best_turn(
        self, pos: Position, *, time_limit: float | None = None, depth: int | None = None
    ) -> SearchResult:
        """Best turn for ``pos`` (which must hold the rolled pool) under a time and/or depth limit.

        With neither limit, depth 1 is searched. ``pos`` is restored. The result's ``moves`` is empty for
        a pass (no usable die, R10).
        """
        if not pos.pool:
            raise ValueError("best_turn needs a position with rolled dice (DFEN field 7)")
        start = time.perf_counter()
        self.nodes = 0
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
                # One more turn of depth costs at least 56 rolls times a max node like the last
                # iteration: an iteration that cannot finish its first root choice is not started.
                if remaining < last_iter * _DEEPEN_FACTOR:
                    break
            try:
                chosen, value = self._root(work, choices, d, best)
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

    def _root(
        self, pos: Position, choices: list[_Choice], depth: int, previous: _Choice | None
    ) -> tuple[_Choice, float]:
        self._partial = None
        if depth == 1:
            value, first = self._lazy_max(pos, choices, hurry=True)
            return first, value
        order = sorted(choices, key=lambda c: -c.bound)
        if previous is not None:
            order.remove(previous)
            order.insert(0, previous)
        best_value = -WIN - 1
        best: _Choice | None = None
        for c in order:
            value = self._child_value(pos, c, depth, -WIN - 1, WIN + 1, best_value)
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

    def _choices(self, pos: Position) -> tuple[list[_Choice], tuple[int, ...] | None]:
        """Distinct end-of-turn positions of the pool (cheaply evaluated), or a king-capture line."""
        found: dict[int, _Choice] = {}
        win: list[tuple[int, ...]] = []
        pieces = pos.pieces
        occ = pos.occ
        them = pos.turn ^ 1

        def visit(path: Sequence[int]) -> bool:
            if not path:
                return False  # a pass: the caller values it
            if not pieces[KING] & occ[them]:  # the last move took the king
                win.append(tuple(path))
                return True
            self._tick()
            pos.end_turn()
            ident = pos.key ^ _CLOCK_KEYS[min(pos.halfmove, 255)]
            if ident not in found:
                if pos.halfmove >= DRAW_CLOCK:
                    found[ident] = _Choice(tuple(path), 0.0, 0.0, 2, draw=True, ident=ident)
                else:
                    cheap, static = cheap_leaf(pos)
                    found[ident] = _Choice(tuple(path), -cheap, static, ident=ident)
            pos.pop()
            return False

        # King captures first: a turn that can take the king is a win (R17) whatever else it could do.
        # Merged transpositions only skip sequences whose end positions were already found.
        if walk_turns(pos, visit, kings_first=True, merge_transpositions=True):
            return [], win[0]
        return list(found.values()), None

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
        self, pos: Position, choices: list[_Choice], *, hurry: bool = False
    ) -> tuple[float, _Choice]:
        """Depth-1 max node, best first: refine the choice with the highest bound until it is exact.

        Bounds only go down when refined, so the first exact choice on top is the maximum. With
        ``hurry`` (root, time is up) the top choice is made exact and taken.
        """
        heap = [(-c.bound, i, c) for i, c in enumerate(choices)]
        heapq.heapify(heap)
        while True:
            _, i, c = heapq.heappop(heap)
            if c.level == 2:
                return c.bound, c
            if hurry and time.perf_counter() > self._soft_deadline:
                while c.level < 2:
                    self._refine(pos, c)
                return c.bound, c
            self._refine(pos, c)
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

    def _max(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        """Max node (pool rolled) searched to ``depth`` turns, window (alpha, beta), fail-soft."""
        key = pos.key ^ _CLOCK_KEYS[min(pos.halfmove, 255)]
        entry = self.table.get(key)
        hint: tuple[int, ...] | None = None
        if entry is not None:
            e_depth, flag, value, hint, _ = entry
            if e_depth >= depth and (
                flag == _EXACT or (flag == _LOWER and value >= beta) or (flag == _UPPER and value <= alpha)
            ):
                return value
        choices, win = self._choices(pos)
        if win is not None:
            self._store(key, 99, _EXACT, WIN, win, -1)
            return WIN
        if not choices:
            return self._pass_value(pos, depth)
        best_choice: _Choice | None
        if depth == 1:
            value, best_choice = self._lazy_max(pos, choices)
        else:
            choices.sort(key=lambda c: -c.bound)
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

    def _chance(self, pos: Position, depth: int, alpha: float, beta: float) -> float:
        """Chance node (dice not rolled) searched to ``depth`` turns with Star1 pruning, fail-soft."""
        key = pos.key ^ _CLOCK_KEYS[min(pos.halfmove, 255)]
        entry = self.table.get(key)
        if entry is not None:
            e_depth, flag, value, _, _ = entry
            if e_depth >= depth and (
                flag == _EXACT or (flag == _LOWER and value >= beta) or (flag == _UPPER and value <= alpha)
            ):
                return value
        self._tick()
        lo, hi = -WIN, WIN
        seen = 0.0  # sum of p_i * v_i so far
        left = 1.0  # probability not yet seen
        worst_roll = -1
        worst_value = -WIN - 1
        for o in _OUTCOMES:
            p = o.weight / 216
            left -= p
            # Star1: the window this outcome must hit for the node to stay inside (alpha, beta)
            a = (alpha - seen - hi * left) / p
            b = (beta - seen - lo * left) / p
            pos.set_pool(o.pool)
            try:
                v = self._max(pos, depth, max(a, lo - 1), min(b, hi + 1))
            finally:
                pos.pop()
            seen += p * v
            if v > worst_value:
                worst_value, worst_roll = v, o.pool
            if v <= a:
                bound = seen + hi * left
                self._store(key, depth, _UPPER, bound, None, worst_roll)
                return bound
            if v >= b:
                bound = seen + lo * left
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
            entry = self.table.get(pos.key ^ _CLOCK_KEYS[min(pos.halfmove, 255)])
            if entry is None or entry[4] < 0:
                break
            pos.set_pool(entry[4])
            pushed += 1
            reply = self.table.get(pos.key ^ _CLOCK_KEYS[min(pos.halfmove, 255)])
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


def player(option: str, seed: int) -> EnginePlayer:
    """The ladder player ``py:benchmarks/baseline_engine.py:player:OPTION`` (seconds or ``dN``)."""
    spec = f"baseline:{option}"
    if option.startswith("d"):
        seconds, depth = None, fixed_depth(spec, option)
    else:
        seconds, depth = float(option or 1.0), None
        if not 0 < seconds <= 600:
            raise ValueError(f"{spec!r}: the time per turn must be between 0 and 600 seconds")
    chosen = EnginePlayer(time_limit=seconds, depth=depth, refine_budget=0)
    chosen.engine = Engine()  # type: ignore[assignment]
    chosen.name = spec
    return chosen
