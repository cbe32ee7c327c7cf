"""``zone[range]=hole``: squares the board does not have (003:1117-1131).

"No piece can move into a hole, or cross a hole" (003:1131). The core executes it as walls
(``Hooks.walls``): a hole counts as occupied wherever the core asks what blocks a move, so a
slider stops before it and a lame leaper whose path passes it does not move; no piece moves,
captures or is dropped on it, and no piece stands on it (a position with one is refused). A move
along one of the eight lines of the board (a slide, a hop, a leap such as the dabbaba's) may not
pass a hole either: a static target mask takes away every square behind a hole on a line from the
mover, so a cannon does not use a hole as its screen. A leap off those lines (the knight's) crosses
no square and jumps past holes.

Fairy-Stockfish's walls (``*`` in its FEN) are occupied squares too, but a hopper may use one as
its screen and a leaper may jump one on a line: those two differ from the page's "cross", which
the core follows (no Fairy-Stockfish built-in with holes has hoppers or line leapers).

The holes are squares of the board, the same for both players: ``mirror`` does not move them, as
it does not repaint the board (a rule file writes a hole of each player's half itself).

``zone{set}[range]=captureonly`` (003:1123): a piece (of the set; without one, any) enters the
range only by capturing (en passant included); a move that stays inside the range is no entering
and stays allowed (the page speaks of entering only), a drop into it is refused, being no capture.
The range is the first player's and mirrored for the second (``mirror``, 003:464, like every
zone of a side). Castling with a capture-only zone is refused (VAR203): the page does not say
whether a castling piece enters it. ``dontcross`` and ``river`` are refused (VAR202); a piece set
on a hole (VAR203).
"""

from __future__ import annotations

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
from notation_toolkit.variant.tables import CAPTURE, DROP, PASS, REMOVE, SQ

if TYPE_CHECKING:
    from notation_toolkit.core.geometry import Geometry
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core

_LINES = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (1, -1), (-1, 1), (-1, -1))


class Holes(Component):
    """The ``zone`` rule with the attributes ``hole`` and ``captureonly``."""

    name = "zone"
    lines = "003:1117-1131"
    contract = contracts(zone=contract("board_range piece_set", hole="", captureonly=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        if rule.board_range is None:
            reading.diag(codes.PART_NOT_EXECUTED, "zone_needs_range", rule.span)
            return
        names = {name for name, _ in attributes}
        mask = range_mask(reading.geometry, rule.board_range)
        if "hole" in names:
            if rule.piece_set is not None:
                reading.diag(codes.PART_NOT_EXECUTED, "hole_piece_set", rule.span)
                return
            reading.rules.extra[self.name] = reading.rules.extra.get(self.name, 0) | mask
        if "captureonly" in names:
            sides = both_sides(reading.geometry, mask, reading.rules.mirror)
            only = sorted(letters(rule.piece_set)) if rule.piece_set is not None else None
            reading.rules.extra.setdefault("captureonly", []).append((sides[0], sides[1], only))

    def finish(self, reading: Reading) -> None:
        if reading.rules.extra.get("captureonly") and reading.rules.castlings:
            span = next((r.span for r in reading.rule_file.rules if r.name == "zone"), None)
            reading.diag(codes.PART_NOT_EXECUTED, "captureonly_castling", span)

    def hooks(self, core: Core) -> Hooks | None:
        holes = core.rules.extra.get(self.name, 0)
        zones = core.rules.extra.get("captureonly")
        if not holes and not zones:
            return None
        if not holes:
            return Hooks(filter=capture_only)
        reach = behind_holes(core.geometry, holes)
        return Hooks(walls=holes, target_mask=(reach, reach[:]), filter=capture_only if zones else None)


def capture_only(pos: Position, legal: list[int]) -> list[int]:
    """The legal moves but those entering a capture-only zone without a capture (003:1123)."""
    core = pos.core
    us = pos.turn
    board = pos.board
    out = []
    for m in legal:
        if m & (CAPTURE | PASS | REMOVE):
            out.append(m)
            continue
        to = m >> 10 & SQ
        frm = -1 if m & DROP else m & SQ
        key = core.keys[m & SQ] if m & DROP else core.keys[board[frm] >> 1]
        keep = True
        for white, black, only in core.rules.extra["captureonly"]:
            zone = black if us else white
            if zone >> to & 1 and not (frm >= 0 and zone >> frm & 1) and (only is None or key in only):
                keep = False
                break
        if keep:
            out.append(m)
    return out


def behind_holes(g: Geometry, holes: int) -> list[int]:
    """Per square, the squares a move from it may reach: every square but the holes and, on each
    of the eight lines from it, the squares past the first hole (003:1131: no piece crosses one)."""
    out = [g.full & ~holes] * g.size
    for sq in range(g.size):
        f0, r0 = sq % g.width, sq // g.width
        for dx, dy in _LINES:
            f, r = f0 + dx, r0 + dy
            past = False
            while 0 <= f < g.width and 0 <= r < g.height:
                bit = 1 << (r * g.width + f)
                if past:
                    out[sq] &= ~bit
                elif holes & bit:
                    past = True
                f, r = f + dx, r + dy
    return out


COMPONENT = Holes()
