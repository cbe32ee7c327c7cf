"""``hill{set}[range]``: a piece reaching the range wins (003:376-392; the range is mirrored for the
second player, 003:464).

- Without a piece set, the royal pieces count (003:378); with one, the side whose piece of the set
  enters the hill wins (003:380). The flag pieces of Fairy-Stockfish (``flagPiece``,
  ``flagRegion``).
- ``balance`` (003:384): when the first player's piece enters the hill, the second player may
  answer only by entering it too, which draws; without such a move the first player wins at once.
  Fairy-Stockfish's ``flagMove`` (Racing Kings) lets the second player make any move instead and
  decides after it: the same results, but a longer list of legal moves in that one position
  (docs/variants.md).
- ``fill`` (003:386-388): a goal won by occupying every square of a range at once; ``hill[R]=fill``
  makes the hill ``R`` itself such a goal, ``hill[R]=fill[S]`` adds the goal ``S`` to the hill ``R``.
  Any piece of the invading side fills it; with a piece set (the page does not say), only the
  pieces of the set, as for the hill.
- ``pass[range]`` (003:390-392) needs the squares each piece has passed; Fairy-Stockfish has no such
  rule and the core refuses it (VAR202).

Where the page is silent the core follows Fairy-Stockfish: a side wins when a flag piece stands on
the hill (a piece placed there by the start position counts too), the player who just moved first.
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
    both_sides,
    contract,
    contracts,
    letters,
    range_mask,
)
from notation_toolkit.variant.tables import CASTLE, DROP, SQ

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


@dataclass(frozen=True, slots=True)
class HillSettings:
    """What the ``hill`` rule of a rule file says: the hill per side (``None``: the range is a fill
    goal only), the piece keys that count (``None``: the royal pieces), ``balance``, and the fill
    goal per side."""

    zone: tuple[int, int] | None
    pieces: frozenset[str] | None
    balance: bool
    fill: tuple[int, int] | None


class Hill(Component):
    """The ``hill`` rule: a flag piece on the hill wins; ``balance``; ``fill`` goals."""

    name = "hill"
    lines = "003:376-392"
    contract = contracts(hill=contract("piece_set board_range", balance="", fill=",range"))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

        if rule.board_range is None:
            reading.diag(codes.PART_NOT_EXECUTED, "hill_needs_board", rule.span)
            return
        g = reading.geometry
        hill: tuple[int, int] | None = both_sides(g, range_mask(g, rule.board_range), reading.rules.mirror)
        fill = None
        balance = False
        for attr_name, attribute in attributes:
            if attr_name == "balance":
                balance = True
            elif attr_name == "fill":
                if isinstance(attribute.argument, mbn.BoardRange):
                    fill = both_sides(g, range_mask(g, attribute.argument), reading.rules.mirror)
                else:
                    # hill[R]=fill: the hill itself is the goal to fill (003:386)
                    fill, hill = hill, None
        if "hill" in reading.rules.extra:
            reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "hill_twice", rule.span)
            return
        pieces = letters(rule.piece_set) or None
        reading.rules.extra["hill"] = HillSettings(hill, pieces, balance, fill)
        # the hill of the royal pieces (the engine's evaluation, the FSF export read it)
        reading.rules.hill = hill

    def hooks(self, core: Core) -> Hooks | None:
        settings: HillSettings | None = core.rules.extra.get("hill")
        if settings is None:
            return None
        if settings.pieces is None:
            flags = list(core.royal_types)
        else:
            flags = [core.index[k] for k in settings.pieces if k in core.index]
        if settings.zone is None and settings.fill is None:
            return None
        state = _Hill(settings, flags)
        if settings.balance and settings.zone is not None:
            return Hooks(end=state.end_balance, filter=state.answer_only)
        return Hooks(end=state.end)


class _Hill:
    """The hill of one variant: its settings and the piece types that count."""

    __slots__ = ("fill", "fill_types", "flags", "zone")

    def __init__(self, settings: HillSettings, flags: list[int]) -> None:
        self.zone = settings.zone
        self.fill = settings.fill
        self.flags = flags
        # any piece of the invader fills the goal (003:388), or only those of the set
        self.fill_types = None if settings.pieces is None else flags

    def _on(self, pos: Position, side: int) -> bool:
        zone = self.zone
        if zone is None:
            return False
        bbs = pos.bbs
        mask = zone[side]
        return any(bbs[2 * t + side] & mask for t in self.flags)

    def _filled(self, pos: Position, side: int) -> bool:
        goal = self.fill
        if goal is None:
            return False
        mask = goal[side]
        if self.fill_types is None:
            return pos.occ[side] & mask == mask
        own = 0
        for t in self.fill_types:
            own |= pos.bbs[2 * t + side]
        return own & mask == mask

    def end(self, pos: Position) -> Outcome | None:
        """The player who just moved first: a flag piece on its hill, or its goal filled."""
        for side in (1 - pos.turn, pos.turn):
            if self._on(pos, side) or self._filled(pos, side):
                return Outcome(side, "hill")
        return None

    def end_balance(self, pos: Position) -> Outcome | None:
        """``hill=balance`` (003:384): the first player on the hill wins unless the second player
        can answer by entering it too (then a draw); the second player on the hill first wins."""
        first = self._on(pos, 0)
        second = self._on(pos, 1)
        if first and second:
            return Outcome(None, "hill")
        if second or self._filled(pos, 1):
            return Outcome(1, "hill")
        if self._filled(pos, 0):
            return Outcome(0, "hill")
        if first:
            if pos.turn == 1 and pos._legal_raw():
                return None  # the answer that draws is still to come
            return Outcome(0, "hill")
        return None

    def _enters(self, pos: Position, m: int) -> bool:
        zone = self.zone
        assert zone is not None
        to = m >> 10 & SQ
        if not zone[pos.turn] >> to & 1:
            return False
        if m & DROP:
            t = m & SQ
        else:
            promo = m >> 20 & SQ
            t = promo - 1 if promo and not m & CASTLE else pos.board[m & SQ] >> 1
        return t in self.flags

    def answer_only(self, pos: Position, legal: list[int]) -> list[int]:
        """After the first player entered the hill, the second may only enter it too (003:384)."""
        if pos.turn != 1 or not self._on(pos, 0) or self._on(pos, 1):
            return legal
        return [m for m in legal if self._enters(pos, m)]


COMPONENT = Hill()
