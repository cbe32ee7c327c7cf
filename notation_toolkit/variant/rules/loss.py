"""``loss=perpetualcheck(N)``: the side whose every move since the first occurrence of a position
seen N times gave check loses (003:442-444)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
    count,
)

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Loss(Component):
    """The ``loss`` rule."""

    name = "loss"
    lines = "003:438-452"
    contract = contracts(loss=contract(perpetualcheck=",count"))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        for attr_name, attribute in attributes:
            if attr_name == "perpetualcheck":
                reading.rules.perpetual_check = count(attribute, 3)

    def hooks(self, core: Core) -> Hooks | None:
        if core.rules.perpetual_check is None:
            return None
        return Hooks(pushed=_note_check, repeated=_perpetual)


def _note_check(pos: Position) -> None:
    pos.gave_check.append(pos._royal_attacked(pos.turn))


def _perpetual(pos: Position, seen: int) -> Outcome | None:
    limit = pos.core.rules.perpetual_check
    assert limit is not None
    if seen < limit or not pos.gave_check:
        return None
    first = pos.history.index(pos.key)
    n = len(pos.history)
    for side in (0, 1):
        plies = [i for i in range(first, n) if (n - 1 - i) % 2 == (0 if side != pos.turn else 1)]
        if plies and all(pos.gave_check[i] for i in plies):
            return Outcome(1 - side, "perpetual check")
    return None


COMPONENT = Loss()
