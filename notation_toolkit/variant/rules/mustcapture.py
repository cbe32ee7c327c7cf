"""``mustcapture``: when a capture is legal, a move that captures must be played (003:502-510).

Executed: the rule alone (every piece) and with a piece set (003:504): only those pieces must
capture, and while one of them can, no other piece moves and nothing is dropped: the legal moves
are their captures. A check is answered first (003:502): the captures kept are legal ones; with
``compulsory`` capturing comes first (003:508): a side in check that has a capture, none of which
lifts the check, is checkmated."""

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
    lines = "003:502-510"
    contract = contracts(mustcapture=contract("piece_set", compulsory=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.must_capture = True
        if rule.piece_set is not None:
            reading.rules.extra["mustcapture"] = letters(rule.piece_set)
        if any(n == "compulsory" for n, _ in attributes):
            reading.rules.extra["compulsory"] = True

    def hooks(self, core: Core) -> Hooks | None:
        if not core.rules.must_capture:
            return None
        only = core.rules.extra.get("mustcapture")
        compulsory = bool(core.rules.extra.get("compulsory"))
        if not only and not compulsory:
            return Hooks(filter=_captures_first)
        types = [not only or k in only for k in core.keys]

        def captures(pos: Position, moves: list[int]) -> list[int]:
            board = pos.board
            return [m for m in moves if m & CAPTURE and not m & DROP and types[board[m & SQ] >> 1]]

        def captures_of_the_set_first(pos: Position, legal: list[int]) -> list[int]:
            caps = captures(pos, legal)
            if caps or not compulsory:
                return caps or legal
            # compulsory (003:508): in check, a capture that does not lift the check still takes
            # precedence: no legal capture left means checkmate
            if pos.is_check() and captures(pos, pos._pseudo(drops=False)):
                return []
            return legal

        return Hooks(filter=captures_of_the_set_first)


def _captures_first(pos: Position, legal: list[int]) -> list[int]:
    caps = [m for m in legal if m & CAPTURE]
    return caps or legal


COMPONENT = MustCapture()
