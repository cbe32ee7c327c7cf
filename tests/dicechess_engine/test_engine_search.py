"""Expectimax search: known answers on small positions, and values equal to brute-force expectations."""

from __future__ import annotations

from fractions import Fraction

import pytest

from notation_toolkit.dicechess import ROLL_OUTCOMES, Game, Position, king_capture_probability, turn_outcomes
from notation_toolkit.dicechess.engine.evaluate import WIN, leaf_value
from notation_toolkit.dicechess.engine.exposure import capture_probability
from notation_toolkit.dicechess.engine.search import Engine

# White: king e1, knight b1; Black: king e8. Few turns per roll, so brute force stays cheap.
SMALL = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1"


def brute_max(pos: Position, depth: int) -> float:
    """Max node by brute force over the core's distinct turn outcomes (independent of the engine)."""
    best = -2 * WIN
    for outcome in turn_outcomes(pos):
        if outcome.king_captured:
            return WIN
        child = Position.from_dfen(outcome.dfen)
        if child.halfmove >= 100:
            value = 0.0
        elif depth == 1:
            value = -leaf_value(child)
        else:
            value = -brute_chance(child, depth - 1)
        best = max(best, value)
    return best


def brute_chance(pos: Position, depth: int) -> float:
    """Chance node by brute force: the probability-weighted sum over the 56 outcomes (R2)."""
    total = 0.0
    for o in ROLL_OUTCOMES:
        pos.set_pool(o.pool)
        total += o.weight * brute_max(pos, depth)
        pos.pop()
    return total / 216


def test_captures_the_king_with_a_direct_attack() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1 NBR")
    result = Engine().best_turn(pos, depth=2)
    assert result.king_capture
    assert result.value == WIN
    assert result.moves[-1] == "e1e8"


def test_captures_the_king_after_a_set_up_move() -> None:
    # The knight on e4 blocks the rook: the knight must step aside first (or reach d6/f6 with 2 N dice).
    pos = Position.from_dfen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1 PNR")
    result = Engine().best_turn(pos, time_limit=5.0)
    assert result.king_capture and result.value == WIN
    game = Game("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1 PNR")
    for move in result.moves:
        game.play(move)
    assert game.result == "1-0"


def test_prefers_the_turn_that_minimises_king_exposure() -> None:
    # White's king on e4 may make one king move. Black's rook covers the d-file, its bishop the long
    # diagonal; material is the same after every choice, so only the exposure should decide.
    dfen = "k2r3b/8/8/8/4K3/8/8/8 w - - 0 1 K"
    pos = Position.from_dfen(dfen)
    exposure = {}
    for outcome in turn_outcomes(pos):
        child = Position.from_dfen(outcome.dfen)
        exposure[outcome.sequences[0]] = king_capture_probability(child)
    best = min(exposure.values())
    assert best < max(exposure.values())
    result = Engine().best_turn(pos, depth=1)
    assert exposure[result.moves] == best
    assert result.value == pytest.approx(-leaf_value(_after(dfen, result.moves)))


def _after(dfen: str, moves: tuple[str, ...]) -> Position:
    game = Game(dfen, auto_end_turn=False)
    for move in moves:
        game.play(move)
    game.end_turn()
    return game.position.copy()


def test_flees_a_capture_threat_when_it_has_the_king_die() -> None:
    # The black queen attacks the white king; with a K die White steps off every attacked square.
    dfen = "k7/8/8/8/8/8/3q4/4K3 w - - 0 1 PNK"
    result = Engine().best_turn(Position.from_dfen(dfen), depth=1)
    child = _after(dfen, result.moves)
    outcomes = turn_outcomes(Position.from_dfen(dfen))
    options = [king_capture_probability(Position.from_dfen(o.dfen)) for o in outcomes]
    assert king_capture_probability(child) == min(options)
    # e1xd2 captures the queen and no black piece can take back: exposure 0
    assert min(options) == 0 and "e1d2" in result.moves


def test_chance_node_equals_brute_force_expectation_depth_1() -> None:
    pos = Position.from_dfen(SMALL)
    engine = Engine()
    assert engine._chance(pos, 1, -2 * WIN, 2 * WIN) == pytest.approx(brute_chance(pos, 1), abs=1e-6)
    assert pos.dfen() == Position.from_dfen(SMALL).dfen()


def test_max_node_equals_brute_force_depth_2() -> None:
    pos = Position.from_dfen(SMALL + " N")
    engine = Engine()
    expected = brute_max(Position.from_dfen(SMALL + " N"), 2)
    assert engine._max(pos, 2, -2 * WIN, 2 * WIN) == pytest.approx(expected, abs=1e-6)
    result = Engine().best_turn(Position.from_dfen(SMALL + " N"), depth=2)
    assert result.depth == 2
    assert result.value == pytest.approx(expected, abs=1e-6)
    assert len(result.line) == 2  # our turn, then Black's reply to the roll best for Black


def test_star2_bounds_are_sound() -> None:
    # Five attacker types on the king: nearly every roll captures, so narrow windows cut early.
    dfen = "4R3/8/8/Q3k3/3P4/5N2/7B/6K1 w - - 0 1"
    exact = Engine()._chance(Position.from_dfen(dfen), 1, -2 * WIN, 2 * WIN)
    assert exact > 0.99 * WIN * float(capture_probability(Position.from_dfen(dfen)))
    full = Engine()
    full._chance(Position.from_dfen(dfen), 1, -2 * WIN, 2 * WIN)
    windows = [
        (exact + 50, exact + 100),
        (exact - 100, exact - 50),
        (-WIN, -WIN + 10),
        (exact - 1, exact + 1),
    ]
    for alpha, beta in windows:
        engine = Engine()
        value = engine._chance(Position.from_dfen(dfen), 1, alpha, beta)
        if value <= alpha:
            assert exact <= value + 1e-6
        elif value >= beta:
            assert exact >= value - 1e-6
        else:
            assert value == pytest.approx(exact, abs=1e-6)
    # Here every roll's value is known from the probes (a capture is WIN exactly), so a window saves
    # nothing; in a quiet position most rolls must be searched, and a hopeless window cuts them.
    sparse = "r3k3/ppp2ppp/8/8/8/8/PPP2PPP/R3K2R w - - 0 1"
    full = Engine()
    full._chance(Position.from_dfen(sparse), 1, -2 * WIN, 2 * WIN)
    cut = Engine()
    assert cut._chance(Position.from_dfen(sparse), 1, -WIN, -WIN + 10) >= -WIN + 10
    assert cut.nodes < full.nodes


def _rolled(dfen: str, letters: str) -> Position:
    return Position.from_dfen(f"{dfen} {letters}")


def test_hundred_micro_move_draw_is_worth_zero() -> None:
    # Clock at 99: any king move makes it 100 at the turn boundary, a draw (R16), despite the extra rook.
    pos = Position.from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 99 80 K")
    result = Engine().best_turn(pos, depth=2)
    assert result.value == 0.0
    # with a fresh clock the same position is clearly good for White
    assert Engine().best_turn(Position.from_dfen("k7/8/8/8/8/8/8/R3K3 w - - 0 80 K"), depth=1).value > 300


def test_pass_when_no_die_can_be_used() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP")
    result = Engine().best_turn(pos, depth=1)
    assert result.moves == ()
    after = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 b - - 0 1")
    assert result.value == pytest.approx(-leaf_value(after))


def test_analysis_before_the_roll() -> None:
    dfen = "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"
    analysis = Engine().analyse(Position.from_dfen(dfen), depth=1)
    assert len(analysis.outcomes) == 56
    assert sum(o.weight for o in analysis.outcomes) == 216
    assert analysis.value == pytest.approx(sum(o.weight * o.value for o in analysis.outcomes) / 216)
    # exactly the rolls with an R die capture the king: 91 of 216
    assert Fraction(sum(o.weight for o in analysis.outcomes if o.value == WIN), 216) == Fraction(91, 216)
    assert analysis.king_capture_probability == pytest.approx(91 / 216)
    for o in analysis.outcomes:
        assert (o.value == WIN) == ("R" in o.roll)


def test_search_restores_the_position_and_needs_dice() -> None:
    pos = Position.from_dfen(SMALL + " NNK")
    before = (pos.dfen(), pos.key, pos.ply_depth)
    Engine().best_turn(pos, depth=2)
    assert (pos.dfen(), pos.key, pos.ply_depth) == before
    with pytest.raises(ValueError):
        Engine().best_turn(Position.from_dfen(SMALL), depth=1)


def test_time_limited_search_returns_a_legal_turn() -> None:
    dfen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 PNB"
    result = Engine().best_turn(Position.from_dfen(dfen), time_limit=0.05)
    game = Game(dfen)
    for move in result.moves:
        game.play(move)
    assert game.awaiting_roll  # the turn was complete (R8: as many dice as possible)
    assert result.depth >= 1 and result.choices > 1
