"""``andernach``: a piece that captures changes colour, royal pieces excepted (003:64-72).

The capture is made first, then a promotion the move earns, then the change of colour (003:66):
the piece standing on the target after the move goes to the other side, with its promoted status.
A move whose piece, once converted, attacks its own royal piece is illegal like any move that
leaves a royal piece attacked, so the core makes every move before it calls it legal (``exact``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import Attributes, Component, Hooks, Reading, contract, contracts
from notation_toolkit.variant.tables import CAPTURE, CASTLE, DROP, SQ

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Andernach(Component):
    """The ``andernach`` rule."""

    name = "andernach"
    lines = "003:64-72"
    contract = contracts(andernach=contract())

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.extra[self.name] = True

    def hooks(self, core: Core) -> Hooks | None:
        if not core.rules.extra.get(self.name):
            return None
        return Hooks(do=_convert, undo=_unconvert, exact=True)


def _convert(pos: Position, m: int, base_undo: tuple[object, ...]) -> int:
    if not m & CAPTURE or m & (CASTLE | DROP):
        return -1
    to = m >> 10 & SQ
    code = pos.board[to]
    core = pos.core
    if core.royal[code >> 1]:
        return -1
    flip(pos, to, code)
    return to


def _unconvert(pos: Position, record: object) -> None:
    assert isinstance(record, int)
    if record >= 0:
        flip(pos, record, pos.board[record])


def flip(pos: Position, sq: int, code: int) -> None:
    """The piece ``code`` on ``sq`` goes to the other side (board, bitboards, Zobrist key); its
    unmoved and promoted marks stay with the square."""
    other = code ^ 1
    bit = 1 << sq
    pos.board[sq] = other
    pos.bbs[code] ^= bit
    pos.bbs[other] |= bit
    pos.occ[code & 1] ^= bit
    pos.occ[other & 1] |= bit
    z = pos.core.z_piece
    pos.key ^= z[code][sq] ^ z[other][sq]


COMPONENT = Andernach()
