"""What the rules with zones share (``freezer``, ``protector``, ``burner``): a prefixed definition
``#I=cK`` gives the piece ``I`` a zone, the squares where ``#I`` could capture from ``I``'s square
as the position stands (003:316: "defined by the move capability of the prefixed piece")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import Attributes, Component, Reading, letters
from notation_toolkit.variant.tables import _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core

Zone = Callable[[int, int, int, str | None], int]
"""A zone: (square, side, occupancy, victim) -> the squares of the zone."""


def claim_prefix(name: str, rule: fbr_ast.FbrRule, reading: Reading) -> str | None:
    """The prefix of the zone rule ``rule`` (read by the component ``name``), now taken by it; or
    ``None`` with VAR203 when the component or the prefix is taken already (one rule each)."""
    if rule.prefix is None:
        return None  # the FBR validator requires one
    prefix = rule.prefix.value
    if name in reading.rules.extra or prefix in reading.rules.zone_prefixes:
        reading.diag(codes.PART_NOT_EXECUTED, "zone_rule_once", rule.name_span or rule.span, name=rule.name)
        return None
    reading.rules.zone_prefixes[prefix] = name
    return prefix


class PieceZoneRule(Component):
    """A zone rule with a prefix, a sequence number and a piece set (``protector``, ``burner``):
    its settings are ``(prefix, pieces, sequence number)`` in ``Rules.extra[name]``."""

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        prefix = claim_prefix(self.name, rule, reading)
        if prefix is None:
            return
        seq = None if rule.seq_number is None else rule.seq_number.value
        reading.rules.extra[self.name] = (prefix, letters(rule.piece_set), seq)


def zones_of(core: Core, prefix: str) -> list[tuple[int, Zone]]:
    """(piece type, zone) for every ``<prefix>X`` definition of the variant."""
    return [
        (core.index[key[1:]], zone.tables.attacks)
        for key, zone in core.zones.items()
        if key[0] == prefix and key[1:] in core.index
    ]


def covered(
    pos: Position,
    owner: int,
    zones: list[tuple[int, Zone]],
    targets: int,
    need: int = 1,
    single: int = 0,
    skip: int = 0,
) -> int:
    """The squares of ``targets`` inside the zones of at least ``need`` pieces of side ``owner``
    (not of those on ``skip``: frozen ones whose power a freezer suspends); a zone holding more
    than one square of ``single`` covers none of them (``freezer=single``)."""
    occ = pos.occ[0] | pos.occ[1]
    bbs = pos.bbs
    once = twice = 0
    counts: dict[int, int] = {}
    for t, zone in zones:
        for sq in _bits(bbs[2 * t + owner] & ~skip):
            reach = zone(sq, owner, occ, None) & targets
            if single and (reach & single).bit_count() > 1:
                reach &= ~single
            if need == 1:
                once |= reach
            elif need == 2:
                twice |= once & reach
                once |= reach
            else:
                for s in _bits(reach):
                    counts[s] = counts.get(s, 0) + 1
    if need == 1:
        return once
    if need == 2:
        return twice
    return sum(1 << s for s, n in counts.items() if n >= need)


def of_types(pos: Position, side: int, types: list[int] | None) -> int:
    """The pieces of ``side`` of the given types (``None``: all of its pieces)."""
    if types is None:
        return pos.occ[side]
    out = 0
    for t in types:
        out |= pos.bbs[2 * t + side]
    return out


def suspended(core: Core, seq: int | None) -> bool:
    """Whether a freezer suspends the power of a frozen piece of a rule with sequence number
    ``seq``: when the freezer's number is lower (003:884-892; a rule without a number comes
    after every numbered one)."""
    settings = core.rules.extra.get("freezer")
    if settings is None or settings.seq is None:
        return False
    return seq is None or settings.seq < seq
