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

``wrongrook`` (003:213, 003:1085) adds, to every castling of the rule file, its mirror over the
edge: "castling with the wrong rook (over the board edge)". The royal piece goes where the
castling sends it, the partner comes from the other side and travels the other way round the
board to its destination: for ``O-O`` the king e1 goes to g1 and the rook a1 to f1 over h1 and
g1; for ``O-O-O`` the rook h1 goes to d1 over a1, b1 and c1, the king to c1. The conditions are
those of the castling it mirrors: both unmoved, every square either piece passes empty but for the
two of them, the royal piece passing no attacked square (and, with ``[*]``, not in check). It is
written as the royal piece's move (``e1g1``), or as the royal piece taking its partner (``e1a1``)
where that text is taken by another castling or by a move of the royal piece.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
)
from notation_toolkit.variant.tables import CASTLE, CASTLE_BY_PARTNER, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Wrapping(Component):
    """The board models ``cylindric`` (files wrap) and ``torus`` (files and ranks wrap)."""

    name = "wrapping"
    lines = "003:209-219, 003:1072-1091"
    contract = contracts(cylindric=contract(null="", wrongrook=""), torus=contract(null="", wrongrook=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        g = reading.geometry
        # both rules in one file: the torus (it joins the files too)
        wrapped = g.wrapped(files=True, ranks=g.wrap_ranks or rule.name == "torus")
        reading.geometry = wrapped
        reading.rules.geometry = wrapped
        allowed = reading.rules.extra.get(self.name, frozenset())
        reading.rules.extra[self.name] = allowed | {name for name, _attribute in attributes}

    def hooks(self, core: Core) -> Hooks | None:
        allowed = core.rules.extra.get(self.name, frozenset())
        null = "null" in allowed
        wrongrook = "wrongrook" in allowed and bool(core.castlings)
        if not (null or wrongrook):
            return None

        def moves(pos: Position, out: list[int]) -> None:
            if null:
                _null_moves(pos, out)
            if wrongrook:
                _wrong_rook_castlings(pos, out)

        return Hooks(moves=moves)


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


def _wrong_rook_castlings(pos: Position, out: list[int]) -> None:
    """Each castling of the variant with its partner from the other side, over the edge
    (``wrongrook``); the castling component has added the ordinary ones to ``out`` already."""
    core = pos.core
    us, them = pos.turn, 1 - pos.turn
    w = core.geometry.width
    occ = pos.occ[0] | pos.occ[1]
    for t in core.royal_types:
        for ks in _bits(pos.bbs[2 * t + us] & pos.unmoved):
            rank, kf = divmod(ks, w)
            for king_file, rook_file, unthreatened, partners, ranks, side in core.castlings:
                if ranks is not None and ranks[us] != rank:
                    continue
                kd, rd = rank * w + king_file, rank * w + rook_file
                # the ordinary partner stands toward ``side``: the wrong one on the other side,
                # travelling away from the royal piece round the board to its destination
                for rf in range(kf - 1, -1, -1) if side > 0 else range(kf + 1, w):
                    rs = rank * w + rf
                    if not pos.unmoved >> rs & 1 or pos.board[rs] < 0 or pos.board[rs] >> 1 not in partners:
                        continue
                    if pos.board[rs] & 1 != us:
                        continue
                    path = 0
                    f = rf
                    while f != rook_file:
                        f = (f - side) % w
                        path |= 1 << (rank * w + f)
                    lo, hi = min(ks, kd), max(ks, kd)
                    passed = ((1 << (hi + 1)) - (1 << lo)) & ~(1 << ks)
                    if (path | passed) & occ & ~(1 << ks) & ~(1 << rs):
                        continue
                    key = core.keys[t]
                    if unthreatened and pos.is_attacked(ks, them, key, occ):
                        continue
                    without = occ & ~(1 << ks)
                    if any(pos.is_attacked(s, them, key, without) for s in _bits(passed & ~(1 << kd))):
                        continue
                    m = ks | kd << 10 | (rs + 1) << 20 | CASTLE | (rd + 1) << 40
                    same = [
                        i for i, o in enumerate(out) if o & CASTLE and o >> 10 & SQ == kd and o & SQ == ks
                    ]
                    if kd == ks or core.quiets[t](ks, us, occ, True) >> kd & 1 or same:
                        m |= CASTLE_BY_PARTNER
                        for i in same:  # both written as the royal piece taking its partner
                            out[i] |= CASTLE_BY_PARTNER
                    out.append(m)


COMPONENT = Wrapping()
