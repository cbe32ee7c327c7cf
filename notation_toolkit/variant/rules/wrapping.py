"""``cylindric`` and ``torus``: boards whose edges join (003:209-219, 003:1072-1091).

On a cylinder the last file connects to the first, on a torus the last rank connects to the first
as well. The rule changes the board the pieces are compiled on (``core.geometry.Geometry`` with
``wrap_files`` / ``wrap_ranks``): every piece's tables are built on it, so leapers, riders (which
stop where they would come back to their own square), hoppers, lame leapers, multi-leg moves,
pawn double steps and en passant "over the board edge" (003:211) cross the joined edges, and the
attacks the core uses for check come from the same tables. Nothing else changes: squares,
their names, FEEN and FEN are those of the plain board of the same size, and castling is the
ordinary one.

``null`` (003:217, 003:1089) adds the moves that go round the board back to their own square
("moving the rook from a5 to a5 if this is legal"): a quiet slide or leap whose line comes back to
its square with every square it passes empty, written ``a5a5``; it changes nothing on the board
but the side to move (and the piece counts as moved: an unmoved rook loses its castling).

Not executed, refused with VAR202: ``wrongrook`` (003:213, 003:1085), castling with the rook
over the board edge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
)

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Wrapping(Component):
    """The board models ``cylindric`` (files wrap) and ``torus`` (files and ranks wrap)."""

    name = "wrapping"
    lines = "003:209-219, 003:1072-1091"
    contract = contracts(cylindric=contract(null=""), torus=contract(null=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        g = reading.geometry
        # both rules in one file: the torus (it joins the files too)
        wrapped = g.wrapped(files=True, ranks=g.wrap_ranks or rule.name == "torus")
        reading.geometry = wrapped
        reading.rules.geometry = wrapped
        if any(name == "null" for name, _attribute in attributes):
            reading.rules.extra[self.name] = "null"

    def hooks(self, core: Core) -> Hooks | None:
        if core.rules.extra.get(self.name) != "null":
            return None
        return Hooks(moves=_null_moves)


def _null_moves(pos: Position, out: list[int]) -> None:
    """The moves round the board back to the same square (``null``), as move codes ``sq | sq << 10``."""
    core = pos.core
    us = pos.turn
    occupied = pos.occ[0] | pos.occ[1]
    for t, piece in enumerate(core.pieces):
        bb = pos.bbs[2 * t + us]
        while bb:
            low = bb & -bb
            sq = low.bit_length() - 1
            bb ^= low
            if piece.null_move(sq, us, occupied):
                out.append(sq | sq << 10)


COMPONENT = Wrapping()
