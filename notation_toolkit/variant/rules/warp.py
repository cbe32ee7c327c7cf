"""``warp``: a piece may leave the board as a move (003:1093-1103).

Any piece of the side to move but a royal one may be removed from the board; that is the whole
move, written with its square twice (``e2e2``). ``start(N)``: not in the first N half-moves,
counted from the position the game started from (003:1103).

A warped piece goes to the holding when there is one, and is not initial when dropped again
(003:1095-1099); the core's hands keep counts, not which pieces moved before, so ``warp`` with
``holding`` is refused (VAR203). The same move is a frozen piece's suicide (``freezer=suicide``,
003:360-362).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
    count,
)
from notation_toolkit.variant.rules.burner import _remove, _restore
from notation_toolkit.variant.tables import REMOVE, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Warp(Component):
    """The ``warp`` rule."""

    name = "warp"
    lines = "003:1093-1103"
    contract = contracts(warp=contract(start="count"))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        start = 0
        for name, attribute in attributes:
            if name == "start":
                start = count(attribute, 0)
        reading.rules.extra[self.name] = (start, rule.span)

    def finish(self, reading: Reading) -> None:
        settings = reading.rules.extra.get(self.name)
        if settings is not None and reading.rules.holding:
            reading.diag(codes.PART_NOT_EXECUTED, "warp_holding", settings[1])

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get(self.name)
        if settings is None:
            return None
        start = settings[0]
        types = [t for t in range(core.n) if not core.royal[t]]

        def warps(pos: Position, out: list[int]) -> None:
            if pos.ply < start:
                return
            removals(pos, out, types, -1)

        return Hooks(moves=warps, do=remove, undo=restore)


def removals(pos: Position, out: list[int], types: list[int], only: int) -> None:
    """Append a removal move for every piece of the side to move of ``types`` (on ``only``'s
    squares when it is not -1)."""
    us = pos.turn
    for t in types:
        bb = pos.bbs[2 * t + us]
        if only != -1:
            bb &= only
        for sq in _bits(bb):
            out.append(sq | sq << 10 | REMOVE)


def remove(pos: Position, m: int, base_undo: tuple[object, ...]) -> object:
    """The side effect of a removal move: the piece leaves its square (the core moved it onto
    the same square)."""
    if not m & REMOVE:
        return None
    return _remove(pos, m & SQ)


def restore(pos: Position, record: object) -> None:
    """Undo ``remove``."""
    if record is not None:
        assert isinstance(record, tuple)
        _restore(pos, *record)


COMPONENT = Warp()
