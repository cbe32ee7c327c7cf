"""The Game API: rolls, UCI micro-moves, IllegalMoveError messages, turn end, result, history."""

from __future__ import annotations

import pytest
from dicechess_testdata import START

from notation_toolkit.core.errors import NotationError
from notation_toolkit.dicechess import Game, IllegalMoveError, MicroMove
from notation_toolkit.dicechess.dice import ROLL_OUTCOMES, from_letters, roll


def reason(game: Game, move: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    assert isinstance(info.value, NotationError)
    assert info.value.code in {"DICE001", "DICE003"}
    return info.value.diagnostics[0].message


def test_seeded_rolls_are_reproducible() -> None:
    first = [Game(seed=7).roll() for _ in range(2)]
    assert first[0] == first[1]
    game = Game(seed=3)
    letters = game.roll()
    assert len(letters) == 3 and letters.isupper()
    assert game.history[0] == game.history[0].__class__("roll", letters, f"{START} {letters}")
    assert game.pool == letters  # this roll is usable at the start, so no pass happened


def test_roll_outcomes_are_the_56_multisets_weighted_1_3_6() -> None:
    assert len(ROLL_OUTCOMES) == 56
    assert sum(o.weight for o in ROLL_OUTCOMES) == 216
    weights = sorted(o.weight for o in ROLL_OUTCOMES)
    assert weights.count(1) == 6 and weights.count(3) == 30 and weights.count(6) == 20
    assert {o.letters for o in ROLL_OUTCOMES if o.weight == 1} == {c * 3 for c in "PNBRQK"}
    assert sum(float(o.probability) for o in ROLL_OUTCOMES) == pytest.approx(1.0)


def test_rng_rolls_follow_the_outcome_distribution() -> None:
    import random

    rng = random.Random(11)
    n = 21_600
    counts: dict[int, int] = {}
    for _ in range(n):
        pool = roll(rng)
        counts[pool] = counts.get(pool, 0) + 1
    assert set(counts) == {o.pool for o in ROLL_OUTCOMES}
    assert counts[from_letters("PNB")] == pytest.approx(n * 6 / 216, rel=0.25)
    assert counts[from_letters("KKK")] == pytest.approx(n / 216, rel=0.45)


def test_play_returns_a_micro_move_view() -> None:
    game = Game(START + " -")
    game.roll("PNB")
    mv = game.play("g1f3")
    assert isinstance(mv, MicroMove)
    assert (mv.uci(), mv.dice, mv.cost, mv.describe()) == ("g1f3", "N", 1, "knight g1f3")
    assert game.pool == "PB"


@pytest.mark.parametrize(
    ("dfen", "move", "message"),
    [
        (START + " PNB", "e2e5", "e2e5 is not a legal pawn move"),
        (START + " PPB", "g1f3", "no Knight die left in the pool (PPB)"),
        (START + " PNB", "e3e4", "there is no piece on e3"),
        (START + " PNB", "e7e5", "the pawn on e7 is Black's; White is to move"),
        (START + " PNB", "zz", "'zz' is not a UCI micro-move"),
        (
            "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 KNB",
            "e1g1",
            "castling needs a King die and a Rook die: no Rook die left in the pool (NBK)",
        ),
        ("8/4P3/5K2/8/2k5/8/1P6/8 w - - 0 1 PNK", "e7e8", "e7e8 must promote"),
        (
            "4k3/3P4/8/2K5/8/8/8/8 w - - 0 1 PN",
            "d7e8q",
            "d7e8q captures the king: it is written without a promotion letter",
        ),
        (
            "8/4P3/5K2/8/2k5/8/1P6/8 w - - 0 1 PNK",
            "e7e8q",
            "must use as many dice as possible: e7e8q lets "
            "2 of the dice be used this turn, but 3 can be (e.g. e7e8n)",
        ),
        (
            START + " PNB",
            "a2a3",
            "must use as many dice as possible: a2a3 lets 2 of the dice be used this "
            "turn, but 3 can be (e.g. b1a3)",
        ),
    ],
)
def test_illegal_move_messages_say_why(dfen: str, move: str, message: str) -> None:
    game = Game(dfen)
    assert reason(game, move) == message
    assert game.dfen() == Game(dfen).dfen()  # nothing changed


def test_actions_out_of_phase() -> None:
    game = Game(START)
    assert reason(game, "e2e4") == "roll the dice before moving"
    game.roll("PPP")
    with pytest.raises(IllegalMoveError, match="already rolled"):
        game.roll("NNN")
    with pytest.raises(IllegalMoveError, match="must use as many dice as possible"):
        game.end_turn()
    with pytest.raises(IllegalMoveError, match="three dice"):
        Game(START).roll("PN")
    with pytest.raises(IllegalMoveError, match="not a die letter"):
        Game(START).roll("PNX")


def test_manual_end_of_turn() -> None:
    game = Game(START, auto_end_turn=False)
    game.roll("PPP")
    for move in ("a2a4", "c2c4", "e2e4"):
        game.play(move)
    assert game.dfen() == "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR w KQkq a3c3e3 0 1 -"
    assert game.legal_moves() == []
    game.end_turn()
    assert game.dfen() == "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
    assert game.awaiting_roll and game.turn == "b"


def test_game_over_and_history() -> None:
    game = Game("4k3/8/8/8/8/8/4r3/4K3 b - - 0 3")
    game.roll("RNB")
    game.play("e2e1")
    assert (game.result, game.winner, game.is_over) == ("0-1", "b", True)
    assert reason(game, "e1e2") == "the game is over (0-1)"
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.roll()
    assert [(e.kind, e.text) for e in game.history] == [("roll", "nbr"), ("king-capture", "e2e1")]
    assert game.history[-1].dfen == game.dfen() == "4k3/8/8/8/8/8/8/4r3 b - - 0 3 nb"


def test_seeded_random_game_reaches_a_result() -> None:
    import random

    for seed in range(5):
        game = Game(seed=seed)
        pick = random.Random(seed)
        while not game.is_over:
            game.roll()
            while game.legal_moves() and not game.is_over:
                game.play(pick.choice(game.legal_moves()))
        assert game.result in {"1-0", "0-1", "1/2-1/2"}
        assert Game(seed=seed).roll() == game.history[0].text
