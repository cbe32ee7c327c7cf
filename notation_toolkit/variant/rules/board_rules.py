"""``mirror`` and ``multicapture=completed``.

``mirror`` (003:462-474): the second player's coordinates and moves are the first player's mirrored
at the horizontal bisector (``mirror=vertical``, the default: ranks reversed); with ``horizontal``
also at the vertical bisector (files reversed too: the point symmetry of Fairy-Stockfish's boards);
``!mirror``: no reflection, both players use the same coordinates and move alike (003:466). The
page calls ``horizontal`` alone "normally only useful in combination with vertical" and describes
both attributes with the same bisector; the core reads any ``horizontal`` as the point symmetry,
as the piece compiler does. The piece compiler mirrors the moves; the components mirror their
zones through ``base.both_sides``; ``read_rules`` reads the rule first, so a zone written before it
follows it too. Castling and ``direction`` with a mirror other than the default are refused
(VAR203): their geometry is written for the vertical mirror.

``multicapture``: the core has no move that captures twice, so captures are removed when the move
completes (003:490)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import Attributes, Component, Reading, contract, contracts

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast


def mirror_of(rule: fbr_ast.FbrRule) -> str:
    """The ``Rules.mirror`` a ``mirror`` rule says: ``none``, ``vertical`` or ``vertical,horizontal``."""
    if rule.negated:
        return "none"
    names = {a.name for a in rule.attributes}
    return "vertical,horizontal" if "horizontal" in names else "vertical"


class Mirror(Component):
    """The ``mirror`` rule."""

    name = "mirror"
    lines = "003:462-474"
    contract = contracts(mirror=contract(negated=True, vertical="", horizontal=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.mirror = mirror_of(rule)
        if rule.negated and (rule.attributes or rule.piece_set or rule.board_range):
            reading.diag(codes.PART_NOT_EXECUTED, "mirror_takes_no", rule.span)

    def finish(self, reading: Reading) -> None:
        rules = reading.rules
        if rules.mirror == "vertical":
            return
        span = next((r.span for r in reading.rule_file.rules if r.name == "mirror"), None)
        if rules.castlings:
            reading.diag(codes.PART_NOT_EXECUTED, "mirror_with", span, mirror=rules.mirror, what="castling")
        if any(r.name == "direction" for r in reading.rule_file.rules):
            reading.diag(codes.PART_NOT_EXECUTED, "mirror_with", span, mirror=rules.mirror, what="direction")


class MultiCapture(Component):
    """The ``multicapture`` rule (completed)."""

    name = "multicapture"
    lines = "003:486-496"
    contract = contracts(multicapture=contract(completed=""))


MIRROR = Mirror()
MULTICAPTURE = MultiCapture()
