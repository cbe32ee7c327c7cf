"""``hill[range]``: a royal piece reaching the range wins (003:376-384; the range is mirrored for
the second player, 003:464)."""

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
    both_sides,
    contract,
    contracts,
    range_mask,
)

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Hill(Component):
    """The ``hill`` rule: a royal piece on the hill wins."""

    name = "hill"
    lines = "003:376-384"
    contract = contracts(hill=contract("board_range"))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        if rule.board_range is None:
            reading.diag(codes.PART_NOT_EXECUTED, "hill_needs_board", rule.span)
            return
        reading.rules.hill = both_sides(reading.geometry, range_mask(reading.geometry, rule.board_range))

    def hooks(self, core: Core) -> Hooks | None:
        return Hooks(end=_on_hill) if core.rules.hill is not None else None


def _on_hill(pos: Position) -> Outcome | None:
    core = pos.core
    hill = core.rules.hill
    assert hill is not None
    for side in (1 - pos.turn, pos.turn):
        for t in core.royal_types:
            if pos.bbs[2 * t + side] & hill[side]:
                return Outcome(side, "hill")
    return None


COMPONENT = Hill()
