"""Depth 2 on the best root choices (``width``) and the refinement budget below the root, checked
against brute-force expectimax over the core's turn outcomes (independent of the engine's search).
"""

from __future__ import annotations

import pytest

from notation_toolkit.dicechess import ROLL_OUTCOMES, Position, turn_outcomes
from notation_toolkit.dicechess.engine.evaluate import WIN, leaf_value
from notation_toolkit.dicechess.engine.ladder import LadderError, player_from_spec
from notation_toolkit.dicechess.engine.players import EnginePlayer
from notation_toolkit.dicechess.engine.search import Engine

# White: king e1, knight b1, rook h1; Black: king e8, pawns. Small enough for brute force at depth 2.
SMALL = "4k3/3pp3/8/8/8/8/8/1N2K2R w - - 0 1"


def _children(pos: Position) -> list[tuple[tuple[str, ...], Position | None]]:
    """Each distinct turn: its first sequence and the position after it (None for a king capture)."""
    out: list[tuple[tuple[str, ...], Position | None]] = []
    for outcome in turn_outcomes(pos):
        child = None if outcome.king_captured else Position.from_dfen(outcome.dfen)
        out.append((outcome.sequences[0], child))
    return out


def _brute_max(pos: Position, depth: int) -> float:
    best = -2 * WIN
    for _, child in _children(pos):
        if child is None:
            return WIN
        if child.halfmove >= 100:
            value = 0.0
        elif depth == 1:
            value = -leaf_value(child)
        else:
            value = -_brute_chance(child, depth - 1)
        best = max(best, value)
    return best


def _brute_chance(pos: Position, depth: int) -> float:
    total = 0.0
    for o in ROLL_OUTCOMES:
        pos.set_pool(o.pool)
        total += o.weight * _brute_max(pos, depth)
        pos.pop()
    return total / 216


def _depth2_values(dfen: str) -> dict[str, float]:
    """Brute-force depth-2 value of every root choice, keyed by the choice's end position (DFEN)."""
    values: dict[str, float] = {}
    for _, child in _children(Position.from_dfen(dfen)):
        assert child is not None
        values[child.dfen()] = -_brute_chance(child, 1)
    return values


def _end(dfen: str, moves: tuple[str, ...]) -> str:
    from notation_toolkit.dicechess import Game

    game = Game(dfen, auto_end_turn=False)
    for move in moves:
        game.play(move)
    game.end_turn()
    return game.position.dfen()


@pytest.mark.slow
def test_width_searches_only_the_best_depth_1_choices() -> None:
    dfen = SMALL + " NR"
    values = _depth2_values(dfen)
    assert len(values) > 3
    full = Engine().best_turn(Position.from_dfen(dfen), depth=2)
    assert full.value == pytest.approx(max(values.values()), abs=1e-6)
    first = Engine().best_turn(Position.from_dfen(dfen), depth=1)
    one = Engine()
    narrow = one.best_turn(Position.from_dfen(dfen), depth=2, width=1)
    # width 1: the depth-1 best choice, valued at depth 2
    assert narrow.moves == first.moves and one.deep_choices == 1
    assert narrow.value == pytest.approx(values[_end(dfen, narrow.moves)], abs=1e-6)
    three = Engine()
    top3 = three.best_turn(Position.from_dfen(dfen), depth=2, width=3)
    assert three.deep_choices == 3
    # its value is the depth-2 value of its move, and no worse than width 1's
    assert top3.value == pytest.approx(values[_end(dfen, top3.moves)], abs=1e-6)
    assert narrow.value - 1e-6 <= top3.value <= full.value + 1e-6


def test_refinement_budget_gives_a_lower_bound_of_the_max_node() -> None:
    # Below the root a budgeted depth-1 max node stops with its best exact choice: never above the
    # exact value (brute force on small nodes), equal to it when the budget is large.
    for letters in ("nr", "kr", "nnk", "ppk"):
        dfen = f"{SMALL.replace(' w ', ' b ')} {letters}"
        exact = _brute_max(Position.from_dfen(dfen), 1)
        for budget in (1, 2, 4, 1000):
            value = Engine(refine_budget=budget)._max(Position.from_dfen(dfen), 1, -2 * WIN, 2 * WIN)
            assert value <= exact + 1e-6
            if budget == 1000:
                assert value == pytest.approx(exact, abs=1e-6)


def test_refinement_budget_below_a_chance_node() -> None:
    # White to roll after 1.Nf3 (Black's turn passed through): where the budget binds, every roll's
    # max node is a lower bound for White, so the chance node is too; a large budget is exact.
    dfen = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBR1 b Qkq - 2 1"
    exact = Engine()._chance(Position.from_dfen(dfen), 1, -2 * WIN, 2 * WIN)
    one = Engine(refine_budget=1)._chance(Position.from_dfen(dfen), 1, -2 * WIN, 2 * WIN)
    four = Engine(refine_budget=4)._chance(Position.from_dfen(dfen), 1, -2 * WIN, 2 * WIN)
    assert one < exact - 10  # the budget binds here
    assert one - 1e-6 <= four <= exact + 1e-6
    big = Engine(refine_budget=1000)._chance(Position.from_dfen(dfen), 1, -2 * WIN, 2 * WIN)
    assert big == pytest.approx(exact, abs=1e-6)


def test_time_limited_search_reaches_depth_2_on_some_choices() -> None:
    engine = Engine(refine_budget=4)
    result = engine.best_turn(Position.from_dfen(SMALL + " NRK"), time_limit=2.0)
    assert result.depth >= 2 or engine.deep_choices >= 1


def test_width_player_specs() -> None:
    player = player_from_spec("engine:d2w3", 1)
    assert isinstance(player, EnginePlayer)
    assert (player.depth, player.width, player.time_limit) == (2, 3, None)
    timed = player_from_spec("engine:0.5w2", 1)
    assert isinstance(timed, EnginePlayer) and (timed.time_limit, timed.width) == (0.5, 2)
    for bad in ("engine:d2w0", "engine:d2wx", "engine:d0"):
        with pytest.raises(LadderError):
            player_from_spec(bad, 1)
    for deep in ("engine:d3", "engine:d4", "engine:d1000000w2", "engine:dx"):
        with pytest.raises(LadderError, match="fixed depth must be d1 or d2"):
            player_from_spec(deep, 1)
