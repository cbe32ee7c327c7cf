"""Perft (performance test: the number of leaf nodes of the legal-move tree) and divide."""

from __future__ import annotations

from collections.abc import Callable

from notation_toolkit.variant.position import Position


def perft(pos: Position, depth: int, *, progress: Callable[[int, int], None] | None = None) -> int:
    """Number of leaf positions ``depth`` plies below ``pos`` (python-chess's ``perft``).

    Positions decided by a win condition of the rules (a hill reached, the n-th check) have no
    moves, as in Fairy-Stockfish. ``progress(done, total)`` is called after each root move.
    """
    if depth <= 0:
        return 1
    moves = pos._legal_codes()
    if depth == 1:
        if progress is not None:
            progress(len(moves), len(moves))
        return len(moves)
    total = 0
    for i, m in enumerate(moves):
        pos._push_code(m)
        total += _perft(pos, depth - 1)
        pos._pop_code()
        if progress is not None:
            progress(i + 1, len(moves))
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


def divide(pos: Position, depth: int) -> dict[str, int]:
    """Perft per legal move (its text) at the root: ``{"e2e4": 20, ...}``."""
    out: dict[str, int] = {}
    for mv in pos.legal_moves():
        pos._push_code(mv.code)
        out[mv.text] = _perft(pos, depth - 1) if depth > 1 else 1
        pos._pop_code()
    return out
