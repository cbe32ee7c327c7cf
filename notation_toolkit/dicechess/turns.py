"""Full turns: every R8-legal micro-move sequence for a pool, the distinct resulting positions, and
the chance-node question "can the side to move capture the king this turn?" over the 56 rolls.

``walk_turns`` is the one depth-first walk over a turn's sequences; everything else here, the full-turn
perft and the engine's max nodes are visitors of it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Literal

from notation_toolkit.dicechess.dice import ROLL_OUTCOMES
from notation_toolkit.dicechess.fullturn import KeyKind, dead_ep_targets, roll_turns
from notation_toolkit.dicechess.moves import uci
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.tables import EP_KEYS, KING

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass


@dataclass(frozen=True, slots=True)
class TurnOutcome:
    """One distinct position a turn can end in, with every micro-move sequence that reaches it.

    ``dfen`` is the position after R11 (end of turn), or, when the turn captured a king, the final
    position without R11 (R17: the winner stays to move and keeps the unused dice).
    """

    dfen: str
    sequences: tuple[tuple[str, ...], ...]
    king_captured: bool


def walk_turns(
    pos: Position,
    visit: Callable[[Sequence[int]], object],
    *,
    kings_first: bool = False,
    merge_transpositions: bool = False,
) -> bool:
    """Walk every R8-legal micro-move sequence of the current pool depth first; ``visit`` each end.

    ``visit(path)`` is called once per sequence with ``pos`` standing at its end: after the last
    micro-move of the turn, before R11 (``end_turn``), or right after a king capture (R17, then
    ``pos.is_game_over``). ``path`` holds the sequence's move ints; it is reused by the walk, so copy
    it to keep it. A pass (no legal micro-move, R10) is visited once with an empty ``path``. The
    visitor may push and pop on ``pos`` (e.g. ``end_turn`` then ``pop``) but must leave it as found.
    A truthy return value stops the whole walk.

    Sequences come in ``legal_moves`` order. With ``kings_first``, the king captures of a step are
    visited before its other micro-moves, so a visitor that stops on a king capture never walks past
    the first step that offers one. With ``merge_transpositions``, a mid-turn position reached again
    in another order (same Zobrist key and half-move clock) is not walked again: every distinct end
    position is still visited, but not every sequence leading to it.

    Returns True if the visitor stopped the walk. ``pos`` is restored either way.
    """
    path: list[int] = []
    push = pos.push
    pop = pos.pop
    legal_moves = pos.legal_moves
    board = pos.board
    enemy_king = KING | ((pos.turn ^ 1) << 3)
    # mid-turn positions already walked: Zobrist key with the clock above it (the key lacks the clock)
    seen: set[int] | None = set() if merge_transpositions else None

    def walk(moves: list[int] | None = None) -> bool:
        if moves is None:
            moves = legal_moves()
            if not moves:
                return bool(visit(path))
            for m in moves:
                if board[(m >> 6) & 63] == enemy_king:
                    return walk_with_king_captures(moves)
        # no move of ``moves`` ends the game: each one goes a step deeper
        for m in moves:
            push(m)
            path.append(m)
            # try/finally costs nothing in 3.11 and keeps ``pos`` whole when a visitor raises
            # (the engine's time-out does)
            try:
                if seen is None:
                    stop = walk()
                else:
                    ident = pos.key | (pos.halfmove << 64)
                    if ident in seen:
                        stop = False
                    else:
                        seen.add(ident)
                        stop = walk()
            finally:
                path.pop()
                pop()
            if stop:
                return True
        return False

    def walk_with_king_captures(moves: list[int]) -> bool:
        # the rare step where some moves end the game (R17): those are visited, runs of the others
        # walked, in legal order or with the captures first
        if kings_first:
            moves = sorted(moves, key=lambda m: board[(m >> 6) & 63] != enemy_king)
        rest: list[int] = []
        for m in moves:
            if board[(m >> 6) & 63] != enemy_king:
                rest.append(m)
                continue
            if rest and walk(rest):
                return True
            rest = []
            push(m)
            path.append(m)
            try:
                stop = bool(visit(path))
            finally:
                path.pop()
                pop()
            if stop:
                return True
        return bool(rest) and walk(rest)

    return walk()


def iter_turns(pos: Position) -> Iterator[tuple[int, ...]]:
    """Yield every R8-legal micro-move sequence (move ints) from ``pos`` until the turn is over.

    A pass (no legal micro-move) yields the empty sequence once. ``pos`` is restored afterwards.
    """
    found: list[tuple[int, ...]] = []

    def visit(path: Sequence[int]) -> None:
        found.append(tuple(path))

    walk_turns(pos, visit)
    yield from found


def count_turns(pos: Position, *, key: KeyKind = "exact") -> tuple[int, int]:
    """``(number of legal sequences, number of distinct resulting positions)`` for the current pool.

    ``key="exact"`` (default) tells end positions apart as DFEN does, half-move clock included;
    ``key="reduced"`` is the F2 key (clock set aside, en-passant targets that cannot matter dropped,
    ``fullturn.dead_ep_targets``). Computed by the multiset pass of ``fullturn.roll_turns``; a position
    without a pool, or a finished game, counts like ``count_turns_walk``.
    """
    if not pos.pool or pos.is_game_over:
        return count_turns_walk(pos, key=key)
    result = roll_turns(pos, (pos.pool,), key=key)[pos.pool]
    return result.sequences, result.distinct


def count_turns_walk(pos: Position, *, key: KeyKind = "exact") -> tuple[int, int]:
    """``count_turns`` by the depth-first walk (``walk_turns``, R8 asked at every step): the algorithm
    before the multiset pass, kept as the reference the tests and ``benchmarks/bench_turns.py``
    compare against.
    """
    seen: set[tuple[int, int]] = set()
    sequences = 0
    reduced = key == "reduced"

    def visit(_path: Sequence[int]) -> None:
        nonlocal sequences
        sequences += 1
        if pos.is_game_over:
            seen.add((pos.key, -1))
        else:
            pos.end_turn()
            if reduced:
                dead = dead_ep_targets(pos, pos.turn)
                ident = pos.key
                while dead:
                    sq = dead.bit_length() - 1
                    dead ^= 1 << sq
                    ident ^= EP_KEYS[sq]
                seen.add((ident, 0))
            else:
                seen.add((pos.key, pos.halfmove))
            pos.pop()

    walk_turns(pos, visit)
    return sequences, len(seen)


def turn_outcomes(pos: Position) -> list[TurnOutcome]:
    """Distinct resulting positions of the turn (transpositions merged), in first-found order.

    Two sequences are merged when the resulting DFEN strings are equal (so a different half-move
    clock keeps positions apart, since DFEN field 5 differs).
    """
    groups: dict[tuple[int, int], tuple[str, bool, list[tuple[str, ...]]]] = {}

    def visit(path: Sequence[int]) -> None:
        line = tuple(uci(m) for m in path)
        if pos.is_game_over:
            ident = (pos.key, -1)
            if ident not in groups:
                groups[ident] = (pos.dfen(), True, [])
        else:
            pos.end_turn()
            ident = (pos.key, pos.halfmove)
            if ident not in groups:
                groups[ident] = (pos.dfen(), False, [])
            pos.pop()
        groups[ident][2].append(line)

    walk_turns(pos, visit)
    return [TurnOutcome(dfen, tuple(lines), over) for dfen, over, lines in groups.values()]


Semantics = Literal["B", "A"]


def can_capture_king(pos: Position, semantics: Semantics = "B", _memo: dict[int, bool] | None = None) -> bool:
    """True if the side to move can capture the enemy king with the current pool this turn.

    ``semantics="B"`` (default, R8/D4): only sequences legal under the per-micro-move maximum-dice rule.
    ``semantics="A"`` (D4 option A, "per path"): any pseudo-legal sequence of micro-moves with the
    pool's dice that ends in a king capture; this is what the reference engine's chance-node check
    computes. The two differ only where a setup move would break R8 (see the tests).
    """
    memo: dict[int, bool] = {} if _memo is None else _memo
    key = pos.key
    cached = memo.get(key)
    if cached is not None:
        return cached
    moves = pos.legal_moves() if semantics == "B" else (pos.generate() if not pos.is_game_over else [])
    enemy_king = KING | ((pos.turn ^ 1) << 3)
    board = pos.board
    result = any(board[(m >> 6) & 63] == enemy_king for m in moves)
    if not result:
        for m in moves:
            pos.push(m)
            hit = can_capture_king(pos, semantics, memo)
            pos.pop()
            if hit:
                result = True
                break
    memo[key] = result
    return result


def king_capture_probability(pos: Position, semantics: Semantics = "B") -> Fraction:
    """Probability over the 56 roll outcomes (R2) that the side to move can capture the king this turn.

    Any pool already in ``pos`` is ignored: this is the chance node before the roll. See
    ``can_capture_king`` for ``semantics``.
    """
    work = pos.copy()
    if work.pool:
        work.set_pool(0)
    memo: dict[int, bool] = {}
    hits = 0
    for outcome in ROLL_OUTCOMES:
        work.set_pool(outcome.pool)
        if can_capture_king(work, semantics, memo):
            hits += outcome.weight
        work.pop()
    return Fraction(hits, 216)
