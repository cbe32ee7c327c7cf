"""Errors and diagnostic codes of the Dice Chess game core."""

from __future__ import annotations

from collections.abc import Sequence

from notation_toolkit.core.codes import info_of, register_code
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError

register_code(
    "DICE001",
    "illegal micro-move",
    """
The micro-move cannot be played in this position. The message says which rule refuses it:

* there is no die of the moving piece's type left in the pool (R4); a promotion spends a Pawn die
  and castling spends a King die **and** a Rook die (R12, R13);
* the piece cannot move that way (normal chess movement; no king safety, R6);
* the maximum-dice rule (R8): a turn must spend as many dice as the position allows, so a micro-move
  is legal only if the most dice still usable after it, plus the dice it spends, equals the most
  dice usable now. Capturing the king is always legal.
""",
)
register_code(
    "DICE002",
    "position not playable",
    """
The DFEN is well-formed but the game core cannot play it, for example a pawn on the first or last
rank (a pawn reaching the last rank promotes, R12).
""",
)
register_code(
    "DICE003",
    "action not allowed now",
    """
The game is not in a phase where this action is possible: dice must be rolled before a micro-move
(and only once per turn), a turn can be ended only when no legal micro-move is left (R10), and
nothing can be played after a king capture or a draw (R16, R17).
""",
)
register_code(
    "DICE004",
    "bad dice",
    """
A dice pool must be 1 to 3 letters from P, N, B, R, Q, K (1=P .. 6=K), for example `PNB`.
""",
)


register_code(
    "DICE005",
    "player or match setting refused",
    """
A player spec (`engine:0.5`, `engine:d2w3`, `baseline:1`, `random`, `greedy`, `py:FILE.py:FACTORY`)
or a setting of a match or ladder cannot be played: an unknown name, an option the player does not
take, a depth or time out of range, a plug-in that cannot be loaded. The message says which and
names the choices; on the command line it is a usage error (exit 2).
""",
    # worded where the spec is refused (engine/players.py, ladder.py, plugin.py), naming the spec
    # and the choices; registered here, with the class that builds it
    messages={"spec": "{detail}"},
)


class IllegalMoveError(NotationError):
    """A micro-move (or game action) that the rules refuse; the message says which rule and why."""


class PlayerSpecError(NotationError):
    """A player spec or match setting that cannot be played (``DICE005``); ``str()`` is the
    message alone, as the command line shows it."""

    def __init__(self, message: str | Sequence[Diagnostic], text: str | None = None) -> None:
        if isinstance(message, str):
            message = [info_of("DICE005").diagnostic("spec", detail=message)]
        super().__init__(message, text)

    def __str__(self) -> str:
        return self.diagnostics[0].message if self.diagnostics else super().__str__()
