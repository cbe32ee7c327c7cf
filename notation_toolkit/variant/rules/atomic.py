"""``atomic``: every capture explodes (003:96-112).

A capture removes the captured piece, the capturing piece and every piece next to the target
square (the eight squares around it) that belongs to the rule's piece set: ``atomic{^P}``, the
page's usual form, spares the pawns (003:112); without a set every piece is affected. An en-passant
capture explodes around the capturing pawn's target square, as Fairy-Stockfish and python-chess
place it (the page is silent).

With royal pieces (003:106-110):

- a capture that explodes a royal piece of the mover is illegal, so a royal piece never captures;
- the side whose royal piece is exploded loses at once, and a move that explodes the enemy royal
  piece is legal even if it leaves the mover's own royal piece attacked;
- otherwise the ``royal`` rule's check applies, where an attack is a capture that is legal: a
  piece cannot capture a royal piece standing next to a royal piece of its own (the explosion
  would take its own), and a royal piece does not attack (it never captures). So royal pieces
  touching each other cannot be checked, and may castle past squares next to the enemy royal
  piece: lichess's and Fairy-Stockfish's atomic chess.

The page expands ``royal atomic`` into ``royal=expose`` (003:100-104); its own words above, and
Fairy-Stockfish's and lichess's atomic, keep check: the core executes the words, and
``royal=expose atomic`` plays the expansion (a royal piece may be left attacked and exploded;
self-explosion stays illegal). Fairy-Stockfish's ``nocheckatomic``, where a king may even explode
itself, is atomic without a royal piece and a king whose extinction loses.

The explosion is a side effect of the move with its undo (``Hooks.do``/``undo``); exploded pieces
lose their unmoved and promoted states (a rook exploded on its corner takes its castling right with
it). Exploded pieces going to a holding are not executed (refused with ``holding``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.nodeclass import dataclass
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
    defined_keys,
    letters,
)
from notation_toolkit.variant.rules.royal import expose_setting, exposure_allowed
from notation_toolkit.variant.tables import CAPTURE, CASTLE, DROP, SQ

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


@dataclass(frozen=True, slots=True)
class AtomicSettings:
    """``Rules.extra["atomic"]``: the pieces an explosion removes around its square."""

    affected: frozenset[str]


class Atomic(Component):
    """The ``atomic`` rule: explosions, royal pieces that cannot capture, touching royal pieces."""

    name = "atomic"
    lines = "003:96-112"
    contract = contracts(atomic=contract("piece_set", complement=True))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        keys = frozenset(defined_keys(reading.rule_file))
        named = letters(rule.piece_set)
        if rule.piece_set is None:
            affected = keys
        elif rule.piece_set.complement:
            affected = keys - named
        else:
            affected = named
        reading.rules.extra["atomic"] = AtomicSettings(affected)

    def finish(self, reading: Reading) -> None:
        if "atomic" in reading.rules.extra and reading.rules.holding:
            rule = next(r for r in reading.rule_file.rules if r.name == "atomic")
            reading.diag(codes.RULE_NOT_EXECUTED, "atomic_holding", rule.name_span or rule.span)

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get("atomic")
        if not isinstance(settings, AtomicSettings):
            return None
        g = core.geometry
        affected = [k in settings.affected for k in core.keys]
        # per square, the squares around it (the explosion's reach)
        rings = [0] * g.size
        for sq in range(g.size):
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if df or dr:
                        other = g.offset(sq, df, dr)
                        if other is not None:
                            rings[sq] |= 1 << other
        royal = core.royal

        def explode(pos: Position, move: int, base_undo: tuple[object, ...]) -> Blast | None:
            if not move & CAPTURE or move & (CASTLE | DROP):
                return None
            to = move >> 10 & SQ
            board = pos.board
            bbs = pos.bbs
            occ = pos.occ
            zp = pos.core.z_piece
            key = pos.key
            unmoved = pos.unmoved
            promoted = pos.promoted
            gone: list[tuple[int, int]] = []
            mover = 1 - pos.turn
            royal_lost = [False, False]
            around = rings[to] & (occ[0] | occ[1])
            squares = [to]
            while around:
                low = around & -around
                around ^= low
                sq = low.bit_length() - 1
                if affected[board[sq] >> 1]:
                    squares.append(sq)
            for sq in squares:
                code = board[sq]
                bit = 1 << sq
                board[sq] = -1
                bbs[code] ^= bit
                occ[code & 1] ^= bit
                key ^= zp[code][sq]
                if unmoved & bit:
                    unmoved ^= bit
                    key ^= pos.core.z_unmoved[sq]
                if promoted & bit:
                    promoted ^= bit
                    key ^= pos.core.z_status[sq]
                if royal[code >> 1]:
                    royal_lost[code & 1] = True
                gone.append((sq, code))
            pos.key = key
            pos.unmoved = unmoved
            pos.promoted = promoted
            return Blast(gone, royal_lost[mover], royal_lost[1 - mover])

        def put_back(pos: Position, record: object) -> None:
            # (the core's undo restores the key and the unmoved and promoted states)
            if record is None:
                return
            assert isinstance(record, Blast)
            board = pos.board
            bbs = pos.bbs
            occ = pos.occ
            for sq, code in record.gone:
                bit = 1 << sq
                board[sq] = code
                bbs[code] |= bit
                occ[code & 1] |= bit

        if not core.royal_types:
            return Hooks(do=explode, undo=put_back)

        royal_types = core.royal_types

        def check(pos: Position, sq: int, by: int, victim: str, occ: int) -> bool:
            # a capture on sq would explode every royal piece of `by` next to it: no check then;
            # royal pieces of `by` never capture (003:108), so they attack nothing
            theirs = 0
            for t in royal_types:
                theirs |= pos.bbs[2 * t + by]
            if rings[sq] & theirs:
                return False
            return pos.is_attacked(sq, by, victim, occ, theirs)

        def safe(pos: Position, move: int, undo: tuple[object, ...]) -> bool:
            blast = None
            if len(undo) > 5:
                records = undo[5]
                assert isinstance(records, list)
                blast = next((r for r in records if isinstance(r, Blast)), None)
            if blast is not None:
                if blast.own_royal:
                    return False  # 003:108: a capture exploding your own royal piece is illegal
                if blast.their_royal:
                    return True  # 003:110: the enemy royal piece exploded wins at once
            if expose_setting(pos) is not None:
                return exposure_allowed(pos, move, undo)
            return not pos._royal_attacked(1 - pos.turn)

        return Hooks(do=explode, undo=put_back, check=check, safe=safe, end=_exploded)


class Blast:
    """What one explosion removed: (square, piece code) pairs, and whether a royal piece of the
    mover / of the opponent was among them."""

    __slots__ = ("gone", "own_royal", "their_royal")

    def __init__(self, gone: list[tuple[int, int]], own_royal: bool, their_royal: bool) -> None:
        self.gone = gone
        self.own_royal = own_royal
        self.their_royal = their_royal


def _exploded(pos: Position) -> Outcome | None:
    # the side to move whose last royal piece was exploded loses (003:110)
    core = pos.core
    if any(pos.bbs[2 * t + pos.turn] for t in core.royal_types):
        return None
    if any(pos.bbs[2 * t + 1 - pos.turn] for t in core.royal_types):
        return Outcome(1 - pos.turn, "explosion")
    return None


COMPONENT = Atomic()
