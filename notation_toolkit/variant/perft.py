"""Perft (performance test: the number of leaf nodes of the legal-move tree) and divide.

In a variant whose turns have several moves (rules ``turn``, ``progressive``, ``monster``) the
depth counts whole turns by default (``unit="turn"``): a leaf is a position where a turn has just
ended, and a turn's moves count as one step; ``unit="move"`` counts single moves (plies). In a
variant of one move per turn both units agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from notation_toolkit.variant.position import Position

Unit = Literal["turn", "move"]
UNITS: tuple[Unit, ...] = ("turn", "move")


def perft(
    pos: Position,
    depth: int,
    *,
    unit: Unit = "turn",
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Number of leaf positions ``depth`` turns (``unit="move"``: plies) below ``pos``
    (python-chess's ``perft`` for a game of one move per turn).

    Positions decided by a win condition of the rules (a hill reached, the n-th check) have no
    moves, as in Fairy-Stockfish. ``progress(done, total)`` is called after each root move.
    """
    if unit not in UNITS:
        raise ValueError(f"unit must be 'turn' or 'move', not {unit!r}")
    if depth <= 0:
        return 1
    by_turn = unit == "turn" and pos.core.turn_lengths is not None
    moves = pos._legal_codes()
    if depth == 1 and not (by_turn and pos.phase + 1 < pos.turn_len):
        if progress is not None:
            progress(len(moves), len(moves))
        return len(moves)
    total = 0
    for i, m in enumerate(moves):
        pos._push_code(m)
        if by_turn:
            total += _below(pos, depth)
        else:
            total += _perft(pos, depth - 1)
        pos._pop_code()
        if progress is not None:
            progress(i + 1, len(moves))
    return total


def _below(pos: Position, depth: int) -> int:
    """The turn count below a move just made, ``depth`` turns counted from before it."""
    if pos.phase:  # the turn goes on
        return _turns(pos, depth)
    return 1 if depth == 1 else _turns(pos, depth - 1)


def _turns(pos: Position, depth: int) -> int:
    """Leaves ``depth`` whole turns below ``pos`` (which may stand inside a turn: its rest counts
    as the first of them)."""
    if depth == 1 and pos.phase + 1 >= pos.turn_len:
        return pos._legal_count()  # every move ends the turn
    total = 0
    push = pos._push_code
    pop = pos._pop_code
    for m in pos._legal_codes():
        push(m)
        total += _below(pos, depth)
        pop()
    return total


def _perft(pos: Position, depth: int) -> int:
    if depth == 1:
        return pos._legal_count()  # drops counted in bulk where they cannot be illegal
    moves = pos._legal_codes()
    total = 0
    push = pos._push_code
    pop = pos._pop_code
    for m in moves:
        push(m)
        total += _perft(pos, depth - 1)
        pop()
    return total


def divide(pos: Position, depth: int, *, unit: Unit = "turn") -> dict[str, int]:
    """Perft per legal move (its text) at the root: ``{"e2e4": 20, ...}``; ``depth`` counts as
    in ``perft`` (a move that does not end its turn keeps the whole depth below it)."""
    if unit not in UNITS:
        raise ValueError(f"unit must be 'turn' or 'move', not {unit!r}")
    by_turn = unit == "turn" and pos.core.turn_lengths is not None
    out: dict[str, int] = {}
    for mv in pos.legal_moves():
        pos._push_code(mv.code)
        if by_turn:
            out[mv.text] = _below(pos, depth) if depth >= 1 else 1
        else:
            out[mv.text] = _perft(pos, depth - 1) if depth > 1 else 1
        pos._pop_code()
    return out
