"""Dice Chess messages: every DICE code is written from its templates (``dicechess/codes.py``), the
corpus renders every template, and no message or hint stutters.

The positions and moves of the corpus are those of ``test_dice_game.py`` (whose expected messages
are the rules' reasons, R4-R17), plus one per template that test does not reach.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from message_checks import (
    codes_without_template,
    diagnostics_of,
    prose_problems,
    unreached,
    unrendered_templates,
)

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.dicechess import dice
from notation_toolkit.dicechess.engine.players import make_player
from notation_toolkit.dicechess.engine.search import Engine
from notation_toolkit.dicechess.game import Game, parse_dice

CODES = ["DICE001", "DICE002", "DICE003", "DICE004", "DICE005"]


def _played(*actions: str, dfen: str | None = None, auto: bool = True) -> Callable[[], object]:
    def run() -> object:
        game = Game(dfen, seed=7, auto_end_turn=auto) if dfen else Game(seed=7, auto_end_turn=auto)
        result: object = None
        for action in actions:
            if action.startswith("roll"):
                result = game.roll(action[5:] or None)
            elif action == "end":
                game.end_turn()
            else:
                result = game.play(action)
        return result

    return run


def _calls() -> list[Callable[[], object]]:
    promote = "8/4P3/5K2/8/2k5/8/1P6/8 w - - 0 1 -"
    return [
        functools.partial(Game, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1 -"),  # DICE002: a pawn on rank 1
        functools.partial(Game, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1 -"),  # DICE002: on its last rank
        _played("e2e4"),  # DICE003: not rolled
        _played("end", auto=False),
        _played("roll PPP", "roll PPP"),  # DICE003: rolled twice
        _played("roll RNB", "e2e1", "e1e2", dfen="4k3/8/8/8/8/8/4r3/4K3 b - - 0 3 -"),  # game over
        _played("roll XYZ"),  # DICE004
        _played("roll PP"),
        functools.partial(parse_dice, "pnq7"),
        functools.partial(parse_dice, "PPPP"),  # DICE004: more than three dice
        functools.partial(dice.from_types, [7]),  # not a die face
        functools.partial(dice.pool_of, 1 << 20),  # not a packed pool
        functools.partial(make_player, "nobody"),  # DICE005: a player spec
        functools.partial(Engine().best_turn, Game(seed=7).position),  # DICE003: no dice to play
        _played("roll NNN", "e2e4"),  # DICE001: no pawn die
        _played("roll PPP", "e2e5"),
        _played("roll PNB", "e3e4"),
        _played("roll PNB", "e7e5"),
        _played("roll PNB", "zz"),
        _played("roll PNB", "a2a3"),
        _played("roll KNB", "e1g1", dfen="4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 -"),
        _played("roll KRB", "e1g1", dfen="4k3/8/8/8/8/8/8/R3K2R w - - 0 1 -"),  # no castling right
        _played("roll PNK", "e7e8", dfen=promote),
        _played("roll PNK", "e7e8q", dfen=promote),
        _played("d7e8q", dfen="4k3/3P4/8/2K5/8/8/8/8 w - - 0 1 PN"),  # a pool of two dice
        _played("roll PPP", "end", auto=False),  # three dice still usable
        _played("roll PPP", "a2a4", "c2c4", "end", auto=False),  # one die still usable
    ]


def _diagnostics() -> list[Diagnostic]:
    return [d for call in _calls() for d in diagnostics_of(call)]


def test_every_dice_code_has_a_template() -> None:
    assert codes_without_template(CODES) == []


def test_the_corpus_reaches_every_dice_code_and_template() -> None:
    found = _diagnostics()
    assert unreached(CODES, {d.code for d in found}, {}) == []
    assert unrendered_templates(CODES, found) == []


def test_the_rendered_reasons_name_the_squares_and_dice() -> None:
    messages = {d.message for d in _diagnostics()}
    # Facts of the positions (R4, R13, R8): the dice left and what the turn can still spend.
    assert "'X' is not a die letter" in messages and "'7' is not a die letter" in messages
    assert "e1g1 is not a legal castling move" in " ".join(messages)
    assert "must use as many dice as possible: one more die can still be used (e.g. a4a5)" in messages
    assert "must use as many dice as possible: 3 more dice can still be used (e.g. a2a3)" in messages
    assert "the dice have not been rolled this turn" in messages


def test_no_dice_message_or_hint_repeats_a_phrase() -> None:
    found = _diagnostics()
    assert len(found) >= 20
    problems = prose_problems(found)
    assert not problems, "\n".join(map(str, problems))
