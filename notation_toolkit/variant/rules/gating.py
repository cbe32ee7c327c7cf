"""``gating``: a piece's first move from its original square may place a piece from the holding on
the square it leaves (003:364-374; Seirawan chess, S-house).

Executed: the piece set (only those pieces are gated, 003:370) and the board range (the squares
gated onto, 003:366; mirrored for the second player, 003:464). Castling gates onto the royal
piece's or the partner's square, not both (003:368). ``ordered`` is refused.

Gating implies a holding when the rule file has none (003:366). The page does not say what that
holding holds; the core follows Fairy-Stockfish's Seirawan chess: the pieces the start position puts
in the hands, no captured pieces, and none of them is dropped: they enter the board by gating only.
With an explicit ``holding`` (S-house) captured pieces go to the hand and may be dropped or gated.

Where the page is silent the core also follows Fairy-Stockfish on two points: a gating move is legal
when the same move without gating is (the gated piece does not shield its own royal piece), and the
text of a gating move is the move's with the gated piece's letter appended (``b1c3h``); a castling
gating onto the partner's square is written from the partner's square to the royal piece's
(``h1e1h``). FEN names the unmoved pieces of the first rank that may still gate in its castling
field by their files (``KQBCDFGkqbcdfg``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    both_sides,
    contract,
    contracts,
    letters,
    range_mask,
)
from notation_toolkit.variant.tables import CASTLE, DROP, GATE_ON_PARTNER, GATE_SHIFT, SQ

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


@dataclass(frozen=True, slots=True)
class GatingSettings:
    """The pieces that may be gated (``None``: any piece in hand) and the squares gated onto, per side."""

    pieces: frozenset[str] | None
    zone: tuple[int, int]


class Gating(Component):
    """The ``gating`` rule."""

    name = "gating"
    lines = "003:364-374"
    contract = contracts(gating=contract("piece_set board_range"))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        g = reading.geometry
        zone = range_mask(g, rule.board_range) if rule.board_range is not None else g.full
        pieces = letters(rule.piece_set) or None
        reading.rules.extra["gating"] = GatingSettings(pieces, both_sides(g, zone, reading.rules.mirror))

    def finish(self, reading: Reading) -> None:
        rules = reading.rules
        settings = rules.extra.get("gating")
        if not isinstance(settings, GatingSettings):
            return
        rules.unmoved_all = True
        home = reading.geometry.rank_masks[0]
        rules.fen_gates = (settings.zone[0] & home, settings.zone[1] & reading.geometry.mirror_vertical(home))
        if not rules.holding:
            # the holding gating implies (003:366): the start position's pieces, gated only
            rules.holding = True
            rules.hand_captures = False
            rules.hand_drops = False
            for rule in reading.rule_file.rules:
                if rule.name == "drop" and not rule.negated:
                    reading.diag(codes.RULE_NOT_EXECUTED, "drop_gating_holding", rule.name_span or rule.span)

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get("gating")
        if not isinstance(settings, GatingSettings):
            return None
        types = [t for t, k in enumerate(core.keys) if settings.pieces is None or k in settings.pieces]
        # royal pieces are never in a hand (FEN pockets and captures refuse them)
        types = [t for t in types if not core.royal[t]]
        zone = settings.zone

        def gatings(pos: Position, legal: list[int]) -> list[int]:
            us = pos.turn
            hand = pos.hands[us]
            gated = [t for t in types if hand[t]]
            if not gated:
                return legal
            gates = pos.unmoved & zone[us] & pos.occ[us]
            if not gates:
                return legal
            out = list(legal)
            for m in legal:
                if m & DROP:
                    continue
                frm = m & SQ
                if m & CASTLE:
                    rs = (m >> 20 & SQ) - 1
                    landed = 1 << (m >> 10 & SQ) | 1 << ((m >> 40 & SQ) - 1)
                    for sq, flag in ((frm, 0), (rs, GATE_ON_PARTNER)):
                        if gates >> sq & 1 and not landed >> sq & 1:
                            out.extend(m | (t + 1) << GATE_SHIFT | flag for t in gated)
                elif gates >> frm & 1:
                    out.extend(m | (t + 1) << GATE_SHIFT for t in gated)
            return out

        return Hooks(filter=gatings, do=_gate, undo=_ungate)


def _gate(pos: Position, m: int, base_undo: tuple[object, ...]) -> int:
    """Put the gated piece on the square the move left (the opponent is to move); its square, or -1."""
    gate = m >> GATE_SHIFT & SQ
    if not gate:
        return -1
    core = pos.core
    t = gate - 1
    us = 1 - pos.turn
    sq = (m >> 20 & SQ) - 1 if m & GATE_ON_PARTNER else m & SQ
    code = 2 * t + us
    hand = pos.hands[us]
    n = hand[t]
    hand[t] = n - 1
    pos.board[sq] = code
    pos.bbs[code] |= 1 << sq
    pos.occ[us] |= 1 << sq
    pos.key ^= core.z_hand[code][n] ^ core.z_hand[code][n - 1] ^ core.z_piece[code][sq]
    return sq


def _ungate(pos: Position, sq: object) -> None:
    """Take the gated piece back to the hand (the core's undo restores the key)."""
    assert isinstance(sq, int)
    if sq < 0:
        return
    code = pos.board[sq]
    pos.board[sq] = -1
    pos.bbs[code] ^= 1 << sq
    pos.occ[code & 1] ^= 1 << sq
    pos.hands[code & 1][code >> 1] += 1


COMPONENT = Gating()
