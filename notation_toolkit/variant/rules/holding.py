"""``holding``: captured pieces go to a hand and may be dropped (003:396-434).

Executed: ``demote`` (a promoted piece goes back as the piece it was, 003:406-416), ``pocket`` (the
holding keeps only the pieces the start position puts there: captured pieces leave the game,
003:426-428), ``notflip`` (a captured piece keeps its side, 003:422-424: it goes to the hand of the
player who lost it, the only hand that may drop a piece of that side), the piece set (only those
pieces are stacked on the holding, 003:400) and the board range (only pieces captured inside it,
003:402; the capturer's view, mirrored for the second player as every zone, 003:464).

The core's move maker moves captured pieces into the hand (``Core.to_hand``, ``Core.hand_ok``,
``Core.status_origin``); drops from the hand are the ``drop`` component's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Reading,
    both_sides,
    contract,
    contracts,
    letters,
    range_mask,
)

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast


class Holding(Component):
    """The ``holding`` rule."""

    name = "holding"
    lines = "003:396-434"
    contract = contracts(holding=contract("piece_set board_range", demote="", notflip="", pocket=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        rules = reading.rules
        rules.holding = True
        rules.extra["holding"] = "explicit"  # (gating implies a holding only without this, 003:366)
        names = {n for n, _ in attributes}
        rules.demote = "demote" in names
        rules.hand_captures = "pocket" not in names
        rules.hand_flip = "notflip" not in names
        if rule.piece_set is not None:
            rules.hand_types = letters(rule.piece_set)
        if rule.board_range is not None:
            g = reading.geometry
            rules.hand_zone = both_sides(g, range_mask(g, rule.board_range), reading.rules.mirror)


COMPONENT = Holding()
