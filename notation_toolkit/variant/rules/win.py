"""``win``: the winning conditions (003:1105-1115). ``stalemate``: being stalemated wins (as
``stalemate=win``, 003:1113). ``mostpoints(N)`` (a count of points after N moves without a capture
or promotion, 003:1109) is refused (VAR202), and so is ``stalemate(N)``: the page does not say what
its count means."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import Attributes, Component, Reading, contract, contracts
from notation_toolkit.variant.rules.stalemate import set_result

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast


class Win(Component):
    """The ``win`` rule."""

    name = "win"
    lines = "003:1105-1115"
    contract = contracts(win=contract(stalemate=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        for attr_name, attribute in attributes:
            if attr_name == "stalemate":
                set_result(reading, "win", attribute.span or rule.span, "win=stalemate")


COMPONENT = Win()
