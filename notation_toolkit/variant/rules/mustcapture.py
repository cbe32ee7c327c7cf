"""``mustcapture``: when a capture is legal, a move that captures must be played (003:502-506).

Executed: the rule alone (every piece) and with a piece set (003:504): only those pieces must
capture, and while one of them can, no other piece moves and nothing is dropped: the legal moves
are their captures. A check is answered first (003:502): the captures kept are legal ones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
    letters,
)
from notation_toolkit.variant.tables import CAPTURE, DROP, SQ

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class MustCapture(Component):
    """The ``mustcapture`` rule."""

    name = "mustcapture"
    lines = "003:502-506"
    contract = contracts(mustcapture=contract("piece_set"))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.must_capture = True
        if rule.piece_set is not None:
            reading.rules.extra["mustcapture"] = letters(rule.piece_set)

    def hooks(self, core: Core) -> Hooks | None:
        if not core.rules.must_capture:
            return None
        only = core.rules.extra.get("mustcapture")
        if not only:
            return Hooks(filter=_captures_first)
        types = [k in only for k in core.keys]

        def captures_of_the_set_first(pos: Position, legal: list[int]) -> list[int]:
            board = pos.board
            caps = [m for m in legal if m & CAPTURE and not m & DROP and types[board[m & SQ] >> 1]]
            return caps or legal

        return Hooks(filter=captures_of_the_set_first)


def _captures_first(pos: Position, legal: list[int]) -> list[int]:
    caps = [m for m in legal if m & CAPTURE]
    return caps or legal


COMPONENT = MustCapture()
