"""Players: the engine, and two baselines to measure it against (random and greedy)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

from notation_toolkit.dicechess.engine.search import REFINE_BUDGET, Engine, SearchResult
from notation_toolkit.dicechess.errors import PlayerSpecError
from notation_toolkit.dicechess.moves import uci
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.turns import walk_turns

MAX_FIXED_DEPTH: Final = 2
"""The deepest fixed depth a match or ladder player may have (``engine:dN``). One depth-3 turn in a
middle game takes hours (56 rolls x replies x 56 rolls x turns, each leaf with its exact exposure);
a player under a time limit still searches deeper where the position allows it (endgames)."""


def fixed_depth(spec: str, option: str) -> int:
    """The depth ``N`` of an option ``dN`` (1 <= N <= ``MAX_FIXED_DEPTH``), else ``PlayerSpecError``."""
    digits = option[1:]
    # ASCII digits only: str.isdigit() also takes '²', which int() refuses
    if not (option.startswith("d") and _is_number(digits) and 1 <= int(digits) <= MAX_FIXED_DEPTH):
        raise PlayerSpecError(
            f"{spec!r}: a fixed depth must be d1 or d{MAX_FIXED_DEPTH} (one turn of depth 3 in a middle "
            "game takes hours; a time limit such as engine:1 searches deeper where time allows)"
        )
    return int(digits)


def _is_number(text: str) -> bool:
    """True for a whole number written in ASCII digits (what ``int`` reads without surprise)."""
    return text.isascii() and text.isdigit()


# Material for the greedy baseline (classical 1/3/3/5/9 in centipawns).
_GREEDY_VALUES = (0, 100, 300, 300, 500, 900, 0)


class Player(Protocol):
    """Something that picks a whole turn: the micro-moves (UCI) for a position with rolled dice."""

    name: str

    def choose(self, pos: Position) -> tuple[str, ...]:
        """The micro-moves of the chosen turn (empty for a pass); ``pos`` must be left unchanged."""
        ...


class RandomPlayer:
    """Plays a uniformly random legal micro-move (R8) at each step of its turn."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, pos: Position) -> tuple[str, ...]:
        """See ``Player.choose``."""
        work = pos.copy()
        out: list[str] = []
        while not work.is_game_over:
            moves = work.legal_moves()
            if not moves:
                break
            m = self.rng.choice(moves)
            out.append(uci(m))
            work.push(m)
        return tuple(out)


class GreedyPlayer:
    """Captures the king when any legal turn can; otherwise takes the turn with the best material gain
    (captures plus promotions, 1/3/3/5/9), ties broken at random.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)

    def choose(self, pos: Position) -> tuple[str, ...]:
        """See ``Player.choose``."""
        work = pos.copy()
        us = work.turn
        start = _material(work, us)
        best_gain = -1
        best: list[tuple[int, ...]] = []
        won: list[tuple[int, ...]] = []

        def visit(path: Sequence[int]) -> bool:
            nonlocal best_gain
            if work.is_game_over:
                won.append(tuple(path))
                return True
            # own material only grows by promotion, the opponent's only shrinks by capture
            gain = _material(work, us) - start
            if gain > best_gain:
                best_gain = gain
                best.clear()
            if gain == best_gain:
                best.append(tuple(path))
            return False

        if walk_turns(work, visit, kings_first=True):
            return tuple(uci(m) for m in won[0])
        return tuple(uci(m) for m in self.rng.choice(best)) if best else ()


def _material(pos: Position, color: int) -> int:
    """``color``'s material minus the opponent's, in greedy values."""
    own = pos.occ[color]
    theirs = pos.occ[color ^ 1]
    total = 0
    for t in range(1, 6):
        bb = pos.pieces[t]
        total += _GREEDY_VALUES[t] * ((bb & own).bit_count() - (bb & theirs).bit_count())
    return total


class EnginePlayer:
    """The expectimax engine under a time limit (seconds per turn) and/or a depth limit (turns)."""

    def __init__(
        self,
        *,
        time_limit: float | None = None,
        depth: int | None = None,
        width: int | None = None,
        refine_budget: int = REFINE_BUDGET,
    ) -> None:
        self.engine = Engine(refine_budget=refine_budget)
        self.time_limit = time_limit
        self.depth = depth
        self.width = width
        self.last: SearchResult | None = None
        self.turns = 0
        self.seconds = 0.0
        self.depths: dict[int, int] = {}
        self.deep_choices = 0  # root choices searched deeper than 1, over all turns
        limit = f"{time_limit:g}s" if time_limit is not None else f"depth {depth or 1}"
        self.name = f"engine({limit}{'' if width is None else f', width {width}'})"

    def choose(self, pos: Position) -> tuple[str, ...]:
        """See ``Player.choose``."""
        if self.width is None:
            result = self.engine.best_turn(pos, time_limit=self.time_limit, depth=self.depth)
        else:
            result = self.engine.best_turn(
                pos, time_limit=self.time_limit, depth=self.depth, width=self.width
            )
        self.deep_choices += getattr(self.engine, "deep_choices", 0)
        self.last = result
        self.turns += 1
        self.seconds += result.seconds
        self.depths[result.depth] = self.depths.get(result.depth, 0) + 1
        return result.moves


def make_player(spec: str, *, seed: int | None = None, time_limit: float | None = None) -> Player:
    """A player from a name: ``engine``, ``random`` or ``greedy`` (``engine:d2`` = depth 2).

    ``engine`` plays under ``time_limit`` (default 0.5 s); ``engine:dN`` at the fixed depth ``N``
    (1 or 2, ``MAX_FIXED_DEPTH``). Any other name or option is a ``PlayerSpecError`` (DICE005)
    naming the choices.
    """
    name, sep, option = spec.partition(":")
    if name in ("random", "greedy") and sep:
        raise PlayerSpecError(f"{spec!r}: {name} takes no option")
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name == "engine":
        if sep:
            if not option.startswith("d"):
                raise PlayerSpecError(
                    f"{spec!r}: the engine's one option is a fixed depth, d1 or d{MAX_FIXED_DEPTH} "
                    "(the time is --time)"
                )
            return EnginePlayer(depth=fixed_depth(spec, option), time_limit=None)
        return EnginePlayer(time_limit=time_limit if time_limit is not None else 0.5)
    raise PlayerSpecError(f"unknown player {spec!r}: use engine, engine:dN, random or greedy")
