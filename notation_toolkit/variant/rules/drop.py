"""``drop``: pieces in hand may be dropped on empty squares (003:276-300).

Executed: the piece set (which pieces; all but royal ones by default, 003:282), the board range
(where; without one, only on squares where the piece has a physical move, 003:286), ``nomate``
(a drop may not checkmate), ``nocheck`` (a drop may not give check) and ``withattack`` (a piece is
dropped only where it attacks an opponent's piece at once, 003:308)."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from notation_toolkit.variant.tables import DROP, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Drop(Component):
    """The ``drop`` rule (and the drops a ``holding`` implies)."""

    name = "drop"
    lines = "003:276-300"
    contract = contracts(drop=contract("piece_set board_range", nomate="", nocheck="", withattack=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        rules = reading.rules
        named = letters(rule.piece_set)
        g = reading.geometry
        rules.drop_named |= named
        if rule.board_range is not None:
            zone = both_sides(g, range_mask(g, rule.board_range), reading.rules.mirror)
            for letter in named or {"*"}:
                rules.drop_zones[letter] = zone
        for attr_name, _attribute in attributes:
            if attr_name == "nomate":
                rules.drop_nomate |= named or {"*"}
            elif attr_name == "nocheck":
                rules.drop_nocheck |= named or {"*"}
            elif attr_name == "withattack":
                rules.extra["withattack"] = rules.extra.get("withattack", frozenset()) | (named or {"*"})

    def hooks(self, core: Core) -> Hooks | None:
        rules = core.rules
        if not (rules.holding and rules.hand_drops):
            return None
        attacking: frozenset[str] = rules.extra.get("withattack", frozenset())
        if not attacking:
            return Hooks(moves=drops, drops=True)
        only = [k in attacking or "*" in attacking for k in core.keys]

        def with_attack(pos: Position, legal: list[int]) -> list[int]:
            return [
                m for m in legal if not (m & DROP and only[m & SQ]) or _attacks(pos, m & SQ, m >> 10 & SQ)
            ]

        return Hooks(moves=drops, drops=True, filter=with_attack)


def _attacks(pos: Position, t: int, to: int) -> bool:
    """True when a piece of type ``t`` of the side to move, put on ``to``, attacks a piece of the
    opponent."""
    core = pos.core
    us = pos.turn
    enemies = pos.occ[1 - us]
    occ = pos.occ[0] | pos.occ[1] | core.walls | 1 << to
    fn = core.attack_fn[t]
    if not core.needs_types[t]:
        return bool(fn(to, us, occ, None) & enemies)
    # (a piece whose attacks depend on its victim: each opponent's piece asked in turn)
    return any(fn(to, us, occ, core.keys[pos.board[s] >> 1]) >> s & 1 for s in _bits(enemies))


def drops(pos: Position, out: list[int]) -> None:
    """Append the drops of the side to move."""
    core = pos.core
    us = pos.turn
    empty = core.geometry.full & ~(pos.occ[0] | pos.occ[1] | core.walls)
    hand = pos.hands[us]
    limited = core.total_limits or core.file_limits
    for t in range(core.n):
        if not hand[t]:
            continue
        targets = pos._drop_targets(t, empty)
        if not limited:
            out.extend([t | to << 10 | DROP for to in _bits(targets)])
            continue
        for to in _bits(targets):
            if pos._limit_ok(t, to):
                out.append(t | to << 10 | DROP)


COMPONENT = Drop()
