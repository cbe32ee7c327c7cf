"""Dice Chess (3 dice) game core on bitboards, consuming DFEN.

Implements rules R1-R17 and DFEN F1-F6 of the project's Dice Chess rules document. Main entry points:

* ``Position`` - bitboards + mailbox, ``from_dfen``/``dfen``, ``generate``, ``push``/``pop``,
  ``legal_moves`` (the maximum-dice rule R8, semantics B), ``end_turn`` (R11), Zobrist ``key``.
* ``Game`` - roll / play UCI micro-moves / end of turn / result / history; ``IllegalMoveError``.
* ``roll_turns`` - the whole turns of all 56 rolls in one multiset pass; ``count_turns`` (its
  ``key="reduced"`` is the F2 key, ``reduced_key``; ``count_turns_walk`` is the earlier walk);
  ``walk_turns`` (visitor walk), ``turn_outcomes``/``iter_turns`` - whole turns;
  ``king_capture_probability`` - the chance node.
* ``perft_die``/``perft_turns`` and their ``divide`` variants.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.dicechess import native as _native

# Before any compiled module can be imported: a stale `ntk dice compile` build is not used.
_native.guard()

if TYPE_CHECKING:
    from notation_toolkit.dicechess.dice import ROLL_OUTCOMES, RollOutcome
    from notation_toolkit.dicechess.errors import IllegalMoveError
    from notation_toolkit.dicechess.fullturn import RollTurns, reduced_key, roll_turns
    from notation_toolkit.dicechess.game import Game, GameEvent
    from notation_toolkit.dicechess.moves import MicroMove
    from notation_toolkit.dicechess.perft import divide_die, divide_turns, perft_die, perft_turns
    from notation_toolkit.dicechess.position import STARTING_DFEN, Position
    from notation_toolkit.dicechess.turns import (
        TurnOutcome,
        can_capture_king,
        count_turns,
        count_turns_walk,
        iter_turns,
        king_capture_probability,
        turn_outcomes,
        walk_turns,
    )

# Imported on first use (core.lazy): `ntk --help` loads this package's command module and must not
# load the game core with it.
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "ROLL_OUTCOMES": "notation_toolkit.dicechess.dice",
        "RollOutcome": "notation_toolkit.dicechess.dice",
        "IllegalMoveError": "notation_toolkit.dicechess.errors",
        "RollTurns": "notation_toolkit.dicechess.fullturn",
        "reduced_key": "notation_toolkit.dicechess.fullturn",
        "roll_turns": "notation_toolkit.dicechess.fullturn",
        "Game": "notation_toolkit.dicechess.game",
        "GameEvent": "notation_toolkit.dicechess.game",
        "MicroMove": "notation_toolkit.dicechess.moves",
        "divide_die": "notation_toolkit.dicechess.perft",
        "divide_turns": "notation_toolkit.dicechess.perft",
        "perft_die": "notation_toolkit.dicechess.perft",
        "perft_turns": "notation_toolkit.dicechess.perft",
        "STARTING_DFEN": "notation_toolkit.dicechess.position",
        "Position": "notation_toolkit.dicechess.position",
        "TurnOutcome": "notation_toolkit.dicechess.turns",
        "can_capture_king": "notation_toolkit.dicechess.turns",
        "count_turns": "notation_toolkit.dicechess.turns",
        "count_turns_walk": "notation_toolkit.dicechess.turns",
        "iter_turns": "notation_toolkit.dicechess.turns",
        "king_capture_probability": "notation_toolkit.dicechess.turns",
        "turn_outcomes": "notation_toolkit.dicechess.turns",
        "walk_turns": "notation_toolkit.dicechess.turns",
    },
)

__all__ = [
    "ROLL_OUTCOMES",
    "STARTING_DFEN",
    "Game",
    "GameEvent",
    "IllegalMoveError",
    "MicroMove",
    "Position",
    "RollOutcome",
    "RollTurns",
    "TurnOutcome",
    "can_capture_king",
    "count_turns",
    "count_turns_walk",
    "divide_die",
    "divide_turns",
    "iter_turns",
    "king_capture_probability",
    "perft_die",
    "perft_turns",
    "reduced_key",
    "roll_turns",
    "turn_outcomes",
    "walk_turns",
]
