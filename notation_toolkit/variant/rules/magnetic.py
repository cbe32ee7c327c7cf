"""``magnetic``: Magnetic Chess (003:454-460).

Every piece but the royal ones is charged (003:458). After a move, the piece that moved looks
along its rank and its file, four ways: the nearest piece each way is repelled when it is of the
same side and attracted when it is the enemy's (003:459). A royal piece neither moves so, nor
moves others, and it blocks the field: a way whose nearest piece is royal moves nothing. In
castling the partner's move is the one that acts (003:460).

The page does not say how far: as in Magnetic Chess, an attracted piece comes to the square next
to the moved piece, a repelled one goes as far away as the board lets it, to the square before
the next piece or to the edge. A piece moved so loses its unmoved mark (no castling with a rook
moved by the field) and keeps a promoted status; a pawn brought to its last rank stays a pawn.
The field acts after the capture and the promotion of the move; a move whose field leaves its own
royal piece attacked is illegal; a piece the field puts on a square a double step passed ends the
en-passant capture there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import Attributes, Component, Hooks, Reading, contract, contracts
from notation_toolkit.variant.tables import CASTLE, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core

_WAYS = ((1, 0), (-1, 0), (0, 1), (0, -1))


class Magnetic(Component):
    """The ``magnetic`` rule."""

    name = "magnetic"
    lines = "003:454-460"
    contract = contracts(magnetic=contract())

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.extra[self.name] = rule.span

    def finish(self, reading: Reading) -> None:
        span = reading.rules.extra.get(self.name)
        if span is not None and reading.rules.geometry.wraps:
            reading.diag(codes.PART_NOT_EXECUTED, "magnetic_plain_board", span)

    def hooks(self, core: Core) -> Hooks | None:
        if self.name not in core.rules.extra:
            return None
        return Hooks(do=_field, undo=_unfield, exact=True)


def _field(pos: Position, m: int, base_undo: tuple[object, ...]) -> list[tuple[int, int, int, int]]:
    core = pos.core
    src = (m >> 40 & SQ) - 1 if m & CASTLE else m >> 10 & SQ
    board = pos.board
    code = board[src]
    if code < 0 or core.royal[code >> 1]:
        return []
    g = core.geometry
    w, h = g.width, g.height
    f0, r0 = src % w, src // w
    records = []
    for dx, dy in _WAYS:
        f, r = f0 + dx, r0 + dy
        while 0 <= f < w and 0 <= r < h and board[r * w + f] < 0:
            f, r = f + dx, r + dy
        if not (0 <= f < w and 0 <= r < h):
            continue
        near = r * w + f
        other = board[near]
        if core.royal[other >> 1]:
            continue  # a royal piece blocks the field
        if other & 1 == code & 1:
            # repelled: as far as the board lets it
            nf, nr = f + dx, r + dy
            while 0 <= nf < w and 0 <= nr < h and board[nr * w + nf] < 0:
                f, r = nf, nr
                nf, nr = f + dx, r + dy
            dest = r * w + f
        else:
            dest = (r0 + dy) * w + f0 + dx  # attracted: next to the moved piece
        if dest != near:
            records.append(_move(pos, near, dest))
    if records and pos.ep_squares & (pos.occ[0] | pos.occ[1]):
        # a piece the field put on a square passed by a double step: no capture there any more
        records.append((-1, pos.ep_squares, pos.ep_victim, 0))
        for sq in _bits(pos.ep_squares & (pos.occ[0] | pos.occ[1])):
            pos.ep_squares ^= 1 << sq
            pos.key ^= core.z_ep[sq]
        if not pos.ep_squares:
            pos.ep_victim = -1
    return records


def _move(pos: Position, frm: int, to: int) -> tuple[int, int, int, int]:
    core = pos.core
    code = pos.board[frm]
    z = core.z_piece[code]
    pos.board[frm] = -1
    pos.board[to] = code
    pos.bbs[code] ^= 1 << frm | 1 << to
    pos.occ[code & 1] ^= 1 << frm | 1 << to
    pos.key ^= z[frm] ^ z[to]
    unmoved = pos.unmoved >> frm & 1
    if unmoved:
        pos.unmoved ^= 1 << frm
        pos.key ^= core.z_unmoved[frm]
    promoted = pos.promoted >> frm & 1
    if promoted:
        pos.promoted ^= 1 << frm | 1 << to
        pos.key ^= core.z_status[frm] ^ core.z_status[to]
    return frm, to, unmoved, promoted


def _unfield(pos: Position, record: object) -> None:
    assert isinstance(record, list)
    core = pos.core
    for frm, to, unmoved, promoted in reversed(record):
        if frm < 0:  # the squares capturable en passant before the field
            for sq in _bits(to & ~pos.ep_squares):
                pos.key ^= core.z_ep[sq]
            pos.ep_squares, pos.ep_victim = to, unmoved
            continue
        code = pos.board[to]
        z = core.z_piece[code]
        pos.board[to] = -1
        pos.board[frm] = code
        pos.bbs[code] ^= 1 << frm | 1 << to
        pos.occ[code & 1] ^= 1 << frm | 1 << to
        pos.key ^= z[frm] ^ z[to]
        if unmoved:
            pos.unmoved |= 1 << frm
            pos.key ^= core.z_unmoved[frm]
        if promoted:
            pos.promoted ^= 1 << frm | 1 << to
            pos.key ^= core.z_status[frm] ^ core.z_status[to]


COMPONENT = Magnetic()
