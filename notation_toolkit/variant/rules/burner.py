"""``burner#``: pieces with a ``#`` definition burn the enemy pieces that stop in their zone
(003:161-175).

``:FD:=... #:FD:=K`` (003:167): an enemy piece whose move ends on a square around the Fire Demon
(its zone: where ``#:FD:`` could capture from its square, as the position stands) is removed from
the board after making its capture, if any (003:163); both pieces of a castling, a dropped piece
too. A burnt piece is out of play (no holding takes it). A side whose royal pieces are all burnt
loses (003:171); a move that leaves a royal piece attacked stays illegal, and a move whose burnt
piece uncovers its own royal piece too. The page burns pieces that stop in a zone: a burner that
moves next to enemy pieces does not burn them.

Executed: the prefix; the piece set (only those pieces burn, 003:173); the sequence number, the
order with ``freezer`` as for ``protector`` (003:175): a frozen burner burns unless the freezer's
number is lower. Refused: the anonymous piece set (``burner#={^A}``: write ``burner#{A}`` for a
plain set).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import (
    Hooks,
    Outcome,
    contract,
    contracts,
)
from notation_toolkit.variant.rules.zones import PieceZoneRule, covered, of_types, suspended, zones_of
from notation_toolkit.variant.tables import CASTLE, SQ

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Burner(PieceZoneRule):
    """The ``burner`` rule."""

    name = "burner"
    lines = "003:161-175"
    contract = contracts(burner=contract("prefix seq_number piece_set"))

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get(self.name)
        if settings is None:
            return None
        prefix, pieces, seq = settings
        frozen_lose = suspended(core, seq)
        burners = zones_of(core, prefix)
        types = [t for t, k in enumerate(core.keys) if k in pieces] if pieces else None

        def burn(pos: Position, m: int, base_undo: tuple[object, ...]) -> list[tuple[int, int, int, int]]:
            us = 1 - pos.turn
            stopped = 1 << (m >> 10 & SQ)
            if m & CASTLE:
                stopped |= 1 << ((m >> 40 & SQ) - 1)
            targets = stopped & of_types(pos, us, types)
            if not targets:
                return []
            skip = core.frozen(pos, pos.turn) if frozen_lose and core.frozen is not None else 0
            burnt = covered(pos, pos.turn, burners, targets, skip=skip)
            return [_remove(pos, sq) for sq in _squares(burnt)]

        def unburn(pos: Position, record: object) -> None:
            assert isinstance(record, list)
            for sq, code, unmoved, promoted in reversed(record):
                _restore(pos, sq, code, unmoved, promoted)

        return Hooks(do=burn, undo=unburn, end=_royal_burnt, exact=True)


def _squares(bb: int) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def _remove(pos: Position, sq: int) -> tuple[int, int, int, int]:
    core = pos.core
    code = pos.board[sq]
    bit = 1 << sq
    pos.board[sq] = -1
    pos.bbs[code] ^= bit
    pos.occ[code & 1] ^= bit
    pos.key ^= core.z_piece[code][sq]
    unmoved = pos.unmoved & bit
    if unmoved:
        pos.unmoved ^= bit
        pos.key ^= core.z_unmoved[sq]
    promoted = pos.promoted & bit
    if promoted:
        pos.promoted ^= bit
        pos.key ^= core.z_status[sq]
    return sq, code, unmoved, promoted


def _restore(pos: Position, sq: int, code: int, unmoved: int, promoted: int) -> None:
    core = pos.core
    bit = 1 << sq
    pos.board[sq] = code
    pos.bbs[code] |= bit
    pos.occ[code & 1] |= bit
    pos.key ^= core.z_piece[code][sq]
    if unmoved:
        pos.unmoved |= bit
        pos.key ^= core.z_unmoved[sq]
    if promoted:
        pos.promoted |= bit
        pos.key ^= core.z_status[sq]


def _royal_burnt(pos: Position) -> Outcome | None:
    core = pos.core
    if not core.royal_types:
        return None
    mover = 1 - pos.turn
    if not any(pos.bbs[2 * t + mover] for t in core.royal_types):
        return Outcome(pos.turn, "burnt")
    return None


COMPONENT = Burner()
