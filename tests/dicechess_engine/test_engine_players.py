"""Baseline players, seeded games and match statistics."""

from __future__ import annotations

import pytest

from notation_toolkit.core.stats import wilson_interval
from notation_toolkit.dicechess import Game, Position
from notation_toolkit.dicechess.engine.match import play_game, run_match
from notation_toolkit.dicechess.engine.players import EnginePlayer, GreedyPlayer, RandomPlayer, make_player


def _play(dfen: str, moves: tuple[str, ...]) -> Game:
    game = Game(dfen)
    for move in moves:
        game.play(move)
    return game


def test_greedy_captures_the_king_first() -> None:
    # A free queen on d5 (R die) and the king on e8 (via the N move that opens the e-file).
    dfen = "4k3/8/8/3q4/4N3/8/8/K2RR3 w - - 0 1 NRR"
    moves = GreedyPlayer(1).choose(Position.from_dfen(dfen))
    assert _play(dfen, moves).result == "1-0"


def test_greedy_takes_the_most_material() -> None:
    # Rook can take a knight (a8) or a queen (h1 -> h8); the queen is worth more.
    dfen = "n3k2q/8/8/8/8/8/8/R3K2R w - - 0 1 R"
    moves = GreedyPlayer(1).choose(Position.from_dfen(dfen))
    assert moves == ("h1h8",)


def test_random_player_plays_legal_whole_turns() -> None:
    dfen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 PNB"
    pos = Position.from_dfen(dfen)
    for seed in range(5):
        game = _play(dfen, RandomPlayer(seed).choose(pos))
        assert game.awaiting_roll or game.is_over
    assert pos.dfen() == Position.from_dfen(dfen).dfen()


def test_games_are_reproducible_from_the_seed() -> None:
    a = play_game(RandomPlayer(3), GreedyPlayer(4), seed=10)
    b = play_game(RandomPlayer(3), GreedyPlayer(4), seed=10)
    assert a == b
    assert a.result in ("1-0", "0-1", "1/2-1/2")
    final = Position.from_dfen(a.final_dfen)
    assert final.is_game_over == (a.result != "1/2-1/2")


def test_engine_beats_random_in_a_short_seeded_match() -> None:
    summary, records = run_match(lambda s: EnginePlayer(depth=1), lambda s: RandomPlayer(s), games=2, seed=1)
    assert summary.games == 2 == len(records)
    assert summary.wins == 2
    assert records[0].white.startswith("engine") and records[1].black.startswith("engine")


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(200, 200)
    assert high == 1.0 and low == pytest.approx(0.9812, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_make_player_names() -> None:
    assert make_player("random").name == "random"
    assert make_player("greedy").name == "greedy"
    assert make_player("engine", time_limit=0.25).name == "engine(0.25s)"
    assert make_player("engine:d2").name == "engine(depth 2)"
    with pytest.raises(ValueError, match="unknown player"):
        make_player("stockfish")


@pytest.mark.parametrize(
    "spec", ["engine:d0", "engine:d3", "engine:d99999", "engine:dx", "engine:fast", "engine:"]
)
def test_make_player_rejects_depths_out_of_reach_and_unknown_options(spec: str) -> None:
    # A fixed depth of 3 or more would run for hours per middle-game turn: refused up front.
    with pytest.raises(ValueError, match=r"fixed depth.*d1 or d2"):
        make_player(spec)


@pytest.mark.parametrize("spec", ["random:1", "greedy:d2"])
def test_make_player_rejects_options_of_the_baselines(spec: str) -> None:
    with pytest.raises(ValueError, match="takes no option"):
        make_player(spec)


def test_no_policy_is_safe_against_random_from_the_start() -> None:
    # Why "100% against random" is a matter of the dice (docs/engine.md, "Strength"): with KKK the
    # side to move has no legal micro-move at the start (its king is boxed in), so every policy
    # passes, and a random opponent's knight reaches d3 and takes the king on e1 with positive
    # probability whatever White does.
    game = Game()
    for black_moves in (("b8c6", "c6e5", "e5d3"), ()):
        game.roll("KKK")
        assert game.turn == "b"  # a pass: the turn ended at the roll (R10, R11)
        game.roll("NNN" if black_moves else "NPP")
        for move in black_moves:
            assert move in game.legal_moves()
            game.play(move)
    assert game.turn == "b" and "d3e1" in game.legal_moves()
    game.play("d3e1")
    assert game.result == "0-1"
