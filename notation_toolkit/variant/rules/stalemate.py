"""``stalemate``: the result for a side with no legal move that is not checkmated: ``draw`` (the
default, 003:979), ``loss`` or ``win`` for the stalemated side (003:973-995)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
)

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Stalemate(Component):
    """The ``stalemate`` rule (and the default: a draw)."""

    name = "stalemate"
    lines = "003:973-995"
    contract = contracts(stalemate=contract(draw="", loss="", win=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        if len(rule.attributes) != 1:
            reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "stalemate_takes_exactly", rule.span)
        elif attributes:
            reading.rules.stalemate = attributes[0][0]

    def hooks(self, core: Core) -> Hooks | None:
        return Hooks(no_moves=_stalemated)


def _stalemated(pos: Position) -> Outcome | None:
    result = pos.core.rules.stalemate
    if result == "loss":
        return Outcome(1 - pos.turn, "stalemate")
    if result == "win":
        return Outcome(pos.turn, "stalemate")
    return Outcome(None, "stalemate")


COMPONENT = Stalemate()
