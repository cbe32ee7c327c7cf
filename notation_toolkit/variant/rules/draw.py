"""``draw=repetition(N)`` (the default, N = 3), ``!draw`` (no draw by repetition) (003:261-270) and
``draw=stalemate`` (a stalemate is a draw, 003:271-272: what ``stalemate=draw`` and the default
say; its count ``stalemate(N)`` has no meaning on the page and is refused, VAR202)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
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
from notation_toolkit.variant.rules.stalemate import set_result

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Draw(Component):
    """The ``draw`` rule: a position seen N times is a draw."""

    name = "draw"
    lines = "003:261-272"
    contract = contracts(draw=contract(negated=True, repetition=",count", stalemate=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        if rule.negated:
            if rule.attributes or rule.piece_set or rule.board_range:
                reading.diag(codes.PART_NOT_EXECUTED, "draw_takes_no", rule.span)
            reading.rules.repetition = None
            return
        for attr_name, attribute in attributes:
            if attr_name == "repetition":
                reading.rules.repetition = count(attribute, 3)
            elif attr_name == "stalemate":
                set_result(reading, "draw", attribute.span or rule.span, "draw=stalemate")

    def hooks(self, core: Core) -> Hooks | None:
        return Hooks(repeated=_repeated) if core.rules.repetition is not None else None


def _repeated(pos: Position, seen: int) -> Outcome | None:
    limit = pos.core.rules.repetition
    return Outcome(None, "repetition") if limit is not None and seen >= limit else None


COMPONENT = Draw()
