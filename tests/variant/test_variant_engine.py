"""The variant engine and players: mates and material found, limits kept, seeds reproduce games,
player specs and their diagnostics."""

from __future__ import annotations

import functools

import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.variant import Variant
from notation_toolkit.variant.engine import MATE, Engine, piece_values
from notation_toolkit.variant.players import (
    EnginePlayer,
    GreedyPlayer,
    Player,
    PlayerError,
    RandomPlayer,
    make_player,
)


@functools.cache
def load(name: str) -> Variant:
    return Variant.load(EXAMPLES / f"{name}.fbr")


def test_mate_in_one_back_rank() -> None:
    chess = load("chess")
    pos = chess.position("6k^1/5ppp/8/8/8/8/8/R5K^1 / C/c")
    result = Engine(chess).search(pos, depth=3)
    assert result.move is not None and result.move.text == "a1a8"
    assert result.mate_in == 1 and result.score == MATE - 1


def test_mate_in_two_is_found_and_the_position_is_left_unchanged() -> None:
    # the back-rank motif 1. Re8+ Rxe8 2. Qxe8#
    chess = load("chess")
    pos = chess.position("3r2k^1/5ppp/8/8/8/8/4RPPP/4Q1K^1 / C/c")
    before = pos.feen()
    result = Engine(chess).search(pos, depth=4)
    assert result.mate_in == 2 and result.move is not None and result.move.text == "e2e8"
    assert pos.feen() == before and not pos.stack


def test_a_hanging_queen_is_taken_and_a_defended_one_is_weighed() -> None:
    chess = load("chess")
    free = chess.position("4k^3/8/8/3q4/8/8/8/3RK^3 / C/c")
    assert Engine(chess).search(free, depth=2).move.text == "d1d5"  # type: ignore[union-attr]


def test_king_of_the_hill_goal() -> None:
    hill = load("kingofthehill")
    pos = hill.position("4k^3/8/8/8/8/3K^4/8/8 / C/c")
    result = Engine(hill).search(pos, depth=2)
    assert result.mate_in == 1 and result.move is not None and result.move.text in ("d3d4", "d3e4")


def test_third_check_wins_three_check() -> None:
    variant = load("3check")
    pos = variant.position("4k^3/8/8/8/8/8/8/R3K^3 / C/c checks:2/0")
    result = Engine(variant).search(pos, depth=2)
    assert result.mate_in == 1 and result.move is not None and result.move.text in ("a1a8", "a1e1")


def test_same_seed_and_budget_same_search() -> None:
    shogi = load("shogi")
    pos = shogi.start()
    a = Engine(shogi, seed=3).search(pos, nodes=600)
    b = Engine(shogi, seed=3).search(pos, nodes=600)
    assert (a.move, a.score, a.nodes, a.pv) == (b.move, b.score, b.nodes, b.pv)
    assert a.nodes <= 600


def test_time_limit_is_kept() -> None:
    xiangqi = load("xiangqi")
    result = Engine(xiangqi).search(xiangqi.start(), seconds=0.3)
    assert result.move is not None and result.depth >= 1
    assert result.seconds < 1.0


def test_no_legal_move_gives_no_move() -> None:
    chess = load("chess")
    mated = chess.position("R5k^1/5ppp/8/8/8/8/8/6K^1 / c/C")
    result = Engine(chess).search(mated, depth=2)
    assert result.move is None and result.score == -MATE


def test_piece_values_follow_the_classical_order() -> None:
    # the textbook order of chess material (pawn < knight <= bishop < rook < queen), which the
    # values derived from mobility alone must reproduce
    v = piece_values(load("chess"))
    assert v["P"] < v["N"] <= v["B"] < v["R"] < v["Q"] and v["K"] == 0
    shogi = piece_values(load("shogi"))
    assert shogi["P"] < shogi["G"] < shogi["R"] < shogi["+R"]


def test_players_follow_the_protocol_and_play_legal_moves() -> None:
    chess = load("chess")
    pos = chess.start()
    for spec in ("random", "greedy", "builtin:d1", "builtin:n200", "builtin:0.1s", "builtin:0.1"):
        player = make_player(spec, chess, seed=1)
        assert isinstance(player, Player)
        assert player.choose(pos) in pos.legal_moves()
        player.close()
    assert isinstance(make_player("builtin", chess), EnginePlayer)


def test_greedy_takes_the_most_valuable_piece_and_mates() -> None:
    chess = load("chess")
    pos = chess.position("4k^3/8/8/1r1q4/2P5/8/8/4K^3 / C/c")
    assert GreedyPlayer(chess, seed=0).choose(pos).text == "c4d5"
    mate = chess.position("6k^1/5ppp/8/8/8/7r/6P1/R5K^1 / C/c")
    assert GreedyPlayer(chess, seed=0).choose(mate).text == "a1a8"  # mate beats taking the rook


def test_random_player_is_seeded() -> None:
    shogi = load("shogi")
    pos = shogi.start()
    a = [RandomPlayer(5).choose(pos).text for _ in range(3)]
    b = [RandomPlayer(5).choose(pos).text for _ in range(3)]
    assert a == b


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        ("stockfish", "VAR601"),
        ("builtin:fast", "VAR601"),
        ("builtin:0s", "VAR601"),
        ("./no/such/engine", "VAR601"),
    ],
)
def test_bad_specs_are_diagnostics(spec: str, code: str) -> None:
    with pytest.raises(PlayerError) as info:
        make_player(spec, load("chess"))
    assert info.value.code == code and info.value.diagnostics[0].hint


def test_uci_spec_uses_the_registered_factory(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import sys

    from notation_toolkit.core import entry_points

    engine = tmp_path / "engine"
    engine.write_text("#!/bin/sh\n")
    engine.chmod(0o755)
    module = tmp_path / "fake_uci_bridge.py"
    module.write_text(
        "class Fake:\n"
        "    def __init__(self, path, variant):\n"
        "        self.name, self.path, self.variant = 'uci', path, variant\n"
        "def factory(path, variant):\n"
        "    return Fake(path, variant)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    chess = load("chess")
    monkeypatch.setattr(entry_points, "own_entry_points", lambda: {})
    monkeypatch.setattr(entry_points, "installed_entry_points", lambda group: {})
    with pytest.raises(PlayerError) as info:
        make_player(f"uci:{engine}", chess)
    assert info.value.code == "VAR602"
    table = {"notation_toolkit.variant.players": {"uci": "fake_uci_bridge:factory"}}
    monkeypatch.setattr(entry_points, "own_entry_points", lambda: table)
    for spec in (f"uci:{engine}", str(engine)):
        player = make_player(spec, chess)
        assert player.path == str(engine) and player.variant is chess  # type: ignore[attr-defined]
    sys.modules.pop("fake_uci_bridge", None)


def test_a_spec_time_is_its_own_and_a_plain_builtin_takes_the_games() -> None:
    chess = load("chess")
    own = make_player("builtin:0.05s", chess)
    assert isinstance(own, EnginePlayer)
    plain = make_player("builtin", chess, seconds=2.0)
    assert isinstance(plain, EnginePlayer) and plain.seconds == 2.0
    pos = chess.start()
    import time

    began = time.perf_counter()
    own.choose(pos, seconds=30.0)  # the game's 30 s do not replace the spec's 0.05 s
    assert time.perf_counter() - began < 5.0
