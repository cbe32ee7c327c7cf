"""``benedict``: Benedict Chess (003:129-143).

- Every move is a move only: no piece captures (003:133).
- After a move, every enemy piece the moved piece attacks from its destination changes colour
  (003:134); the pieces converted do not convert others in turn. A piece that promotes attacks
  as the piece it became (a conversion follows any promotion, 003:199). In castling both pieces
  moved, and both convert what they attack (the page is silent; the expansion gives every piece
  its conversion, 003:143).
- The side whose royal piece is converted loses (003:135: win by flipping the enemy King; the
  expansion's ``pieces{K}=morethan(0)``). Royal pieces are never in check: a king may stand
  attacked (the expansion's ``royal pieces=capture(0)``: nothing captures it), so the royal rule
  names the king to flip and adds no checkmate. Castling keeps the conditions its definition
  states.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.andernach import flip
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
)
from notation_toolkit.variant.tables import CAPTURE, CASTLE, DROP, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Benedict(Component):
    """The ``benedict`` rule."""

    name = "benedict"
    lines = "003:129-143"
    contract = contracts(benedict=contract())

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.extra[self.name] = rule.span

    def finish(self, reading: Reading) -> None:
        span = reading.rules.extra.get(self.name)
        if span is None:
            return
        rules = reading.rules
        if not rules.royal:
            reading.diag(codes.PART_NOT_EXECUTED, "benedict_needs_royal", span)
        if rules.max_checks is not None:
            reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "benedict_no_check", span, attribute="maxchecks")

    def hooks(self, core: Core) -> Hooks | None:
        if self.name not in core.rules.extra:
            return None
        return Hooks(filter=_no_captures, do=_convert, undo=_unconvert, end=_king_flipped, unchecked=True)


def _no_captures(pos: Position, legal: list[int]) -> list[int]:
    return [m for m in legal if not m & CAPTURE]


def _convert(pos: Position, m: int, base_undo: tuple[object, ...]) -> list[int]:
    if m & DROP:
        movers = [m >> 10 & SQ]
    elif m & CASTLE:
        # the royal piece on the target, its partner where the castling put it (bits 40-49 + 1)
        movers = [m >> 10 & SQ, (m >> 40 & SQ) - 1]
    else:
        movers = [m >> 10 & SQ]
    core = pos.core
    us = 1 - pos.turn
    occ = pos.occ[0] | pos.occ[1]
    converted = 0
    for sq in movers:
        t = pos.board[sq] >> 1
        enemies = pos.occ[pos.turn] & ~converted
        if core.needs_types[t]:
            for s in _bits(enemies):
                if core.attack_fn[t](sq, us, occ, core.keys[pos.board[s] >> 1]) >> s & 1:
                    converted |= 1 << s
        else:
            converted |= core.attack_fn[t](sq, us, occ, None) & enemies
    flipped = list(_bits(converted))
    for s in flipped:
        flip(pos, s, pos.board[s])
    return flipped


def _unconvert(pos: Position, record: object) -> None:
    assert isinstance(record, list)
    for s in record:
        flip(pos, s, pos.board[s])


def _king_flipped(pos: Position) -> Outcome | None:
    core = pos.core
    mover = 1 - pos.turn
    for side in (pos.turn, mover):
        if not any(pos.bbs[2 * t + side] for t in core.royal_types):
            return Outcome(1 - side, "flipped")
    return None


COMPONENT = Benedict()
