"""Perft and divide, in two flavours.

* **Per-die perft** (``perft_die``): the convention of the reference ``perft_suite.json``. Each ply is
  one pseudo-legal micro-move with a single die type, then end of turn (R11); castling counts under a
  K die alone; R8 is not applied. A position whose king was captured has no moves.
* **Full-turn perft** (``perft_turns``): each ply is a whole turn. From a position without a pool it
  sums, over the 56 roll outcomes (unweighted), the number of R8-legal micro-move sequences (a pass
  counts as one sequence); a position with a pool uses that pool for its first turn. A turn that
  captures a king ends the game: it counts 1 at the last ply and 0 below it (like mate in chess).
"""

from __future__ import annotations

from collections.abc import Sequence

from notation_toolkit.dicechess.dice import DIE, ROLL_OUTCOMES
from notation_toolkit.dicechess.moves import uci
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.tables import PieceType
from notation_toolkit.dicechess.turns import walk_turns


def perft_die(pos: Position, die: PieceType, depth: int) -> int:
    """Per-die pseudo-legal perft (see the module docstring). ``pos`` is restored afterwards."""
    if depth <= 0:
        return 1
    if pos.is_game_over:
        return 0
    moves = pos.generate(DIE[die], castling_needs_rook=False)
    if depth == 1:
        return len(moves)
    pool_before = pos.pool
    pos.set_pool(DIE[die])
    total = 0
    for m in moves:
        pos.push(m)
        pos.end_turn()
        total += perft_die(pos, die, depth - 1)
        pos.pop()
        pos.pop()
    pos.pop()
    assert pos.pool == pool_before
    return total


def divide_die(pos: Position, die: PieceType, depth: int) -> list[tuple[str, int]]:
    """Per-die perft split by the first micro-move: ``[(uci, nodes), ...]`` in generation order."""
    if depth <= 0 or pos.is_game_over:
        return []
    out: list[tuple[str, int]] = []
    pos.set_pool(DIE[die])
    for m in pos.generate(DIE[die], castling_needs_rook=False):
        pos.push(m)
        pos.end_turn()
        out.append((uci(m), perft_die(pos, die, depth - 1)))
        pos.pop()
        pos.pop()
    pos.pop()
    return out


def perft_turns(pos: Position, depth: int) -> int:
    """Full-turn perft (see the module docstring). ``pos`` is restored afterwards."""
    if depth <= 0:
        return 1
    if pos.is_game_over:
        return 0
    if pos.pool:
        return _turns_from(pos, depth)
    total = 0
    for outcome in ROLL_OUTCOMES:
        pos.set_pool(outcome.pool)
        total += _turns_from(pos, depth)
        pos.pop()
    return total


def _turns_from(pos: Position, depth: int) -> int:
    total = 0

    def visit(_path: Sequence[int]) -> None:
        nonlocal total
        if depth == 1:
            total += 1
        elif not pos.is_game_over:
            # a king capture ends the game: no turns below it (counts 1 only at the last ply)
            pos.end_turn()
            total += perft_turns(pos, depth - 1)
            pos.pop()

    walk_turns(pos, visit)
    return total


def divide_turns(pos: Position, depth: int) -> list[tuple[str, int]]:
    """Full-turn perft split by the first micro-move (pool present) or by roll outcome (no pool)."""
    if depth <= 0 or pos.is_game_over:
        return []
    out: list[tuple[str, int]] = []
    if not pos.pool:
        for outcome in ROLL_OUTCOMES:
            pos.set_pool(outcome.pool)
            out.append((outcome.letters, _turns_from(pos, depth)))
            pos.pop()
        return out
    moves = pos.legal_moves()
    if not moves:
        return [("(pass)", perft_turns(_passed(pos), depth - 1) if depth > 1 else 1)]
    for m in moves:
        pos.push(m)
        n = int(depth == 1) if pos.is_game_over else _turns_from(pos, depth)
        pos.pop()
        out.append((uci(m), n))
    return out


def _passed(pos: Position) -> Position:
    work = pos.copy()
    work.end_turn()
    return work
