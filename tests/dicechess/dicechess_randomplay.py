"""Random play for the Dice Chess tests (seeded, bounded)."""

from __future__ import annotations

import random
from collections.abc import Callable

from notation_toolkit.dicechess import Position
from notation_toolkit.dicechess.dice import roll


def random_game(
    seed: int,
    *,
    max_micro_moves: int = 10_000,
    on_position: Callable[[Position], None] | None = None,
) -> Position:
    """Play one random game (R8-legal micro-moves) from the start; call ``on_position`` after each step.

    Stops at a king capture, a draw (R16) or after ``max_micro_moves`` micro-moves.
    """
    rng = random.Random(seed)
    pos = Position.start()
    played = 0
    while played < max_micro_moves:
        pos.set_pool(roll(rng))
        while True:
            legal = pos.legal_moves()
            if not legal:
                break
            pos.push(rng.choice(legal))
            played += 1
            if on_position is not None:
                on_position(pos)
            if pos.is_game_over:
                return pos
        pos.end_turn()
        if on_position is not None:
            on_position(pos)
        if pos.halfmove >= 100:
            return pos
    return pos


def sample_positions(seeds: range, every: int = 7, max_micro_moves: int = 400) -> list[str]:
    """DFEN strings sampled from random games (every ``every``-th step, kings present)."""
    out: list[str] = []
    counter = 0

    def keep(pos: Position) -> None:
        nonlocal counter
        counter += 1
        if counter % every == 0 and not pos.is_game_over:
            out.append(pos.dfen())

    for seed in seeds:
        random_game(seed, max_micro_moves=max_micro_moves, on_position=keep)
    return out
