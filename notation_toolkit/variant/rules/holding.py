"""``holding``: captured pieces go to the capturer's hand (003:396-426); ``demote``: a promoted piece
goes back as the piece it was (003:406-416).

The core's move maker moves captured pieces into the hand (``Core.to_hand``, ``Core.status_origin``);
drops from the hand are the ``drop`` component's."""

from __future__ import annotations

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant.rules.base import Attributes, Component, Reading, contract, contracts


class Holding(Component):
    """The ``holding`` rule."""

    name = "holding"
    lines = "003:396-426"
    contract = contracts(holding=contract(demote=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.holding = True
        reading.rules.demote = any(n == "demote" for n, _ in attributes)


COMPONENT = Holding()
