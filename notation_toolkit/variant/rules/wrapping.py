"""``cylindric`` and ``torus``: boards whose edges join (003:209-211, 003:1072-1074).

On a cylinder the last file connects to the first, on a torus the last rank connects to the first
as well. The rule changes the board the pieces are compiled on (``core.geometry.Geometry`` with
``wrap_files`` / ``wrap_ranks``): every piece's tables are built on it, so leapers, riders (which
stop where they would come back to their own square), hoppers, lame leapers, multi-leg moves,
pawn double steps and en passant "over the board edge" (003:211) cross the joined edges, and the
attacks the core uses for check come from the same tables. Nothing else changes: squares,
their names, FEEN and FEN are those of the plain board of the same size, and castling is the
ordinary one (castling over the edge is the ``wrongrook`` attribute, not executed).

Not executed, refused with VAR202: ``wrongrook`` (003:213, 003:1085) and ``null`` (003:217,
003:1089), a move back to its own square around the board.
"""

from __future__ import annotations

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant.rules.base import Attributes, Component, Reading, contract, contracts


class Wrapping(Component):
    """The board models ``cylindric`` (files wrap) and ``torus`` (files and ranks wrap)."""

    name = "wrapping"
    lines = "003:209-211, 003:1072-1074"
    contract = contracts(cylindric=contract(), torus=contract())

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        g = reading.geometry
        # both rules in one file: the torus (it joins the files too)
        wrapped = g.wrapped(files=True, ranks=g.wrap_ranks or rule.name == "torus")
        reading.geometry = wrapped
        reading.rules.geometry = wrapped


COMPONENT = Wrapping()
