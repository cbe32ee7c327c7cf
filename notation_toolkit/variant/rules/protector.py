"""``protector*``: pieces with a ``*`` definition protect the friendly pieces in their zone
(003:880-892).

``S=mQ *S=cK`` (003:886): the piece ``S`` protects every friendly piece on the squares around it
(its zone: where ``*S`` could capture from ``S``'s square, as the position stands). A protected
piece cannot be captured, en passant neither, and cannot be checked: a royal piece in a zone is
not in check (003:882). Protection lasts while the protector stands there, whoever moved
(003:882); a protector does not protect itself, but two protectors protect each other.

Executed: the prefix; the piece set (the page is silent: as for ``freezer``, 003:324, only those
pieces can be protected); the sequence number, the order with ``freezer`` (003:884-892): a frozen
protector still protects unless the freezer's number is lower (a rule without a number comes
after the numbered ones; with no numbers at all a frozen protector still protects: freezing takes
moves, captures and checks, not protection).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import (
    Hooks,
    contract,
    contracts,
)
from notation_toolkit.variant.rules.zones import PieceZoneRule, covered, of_types, suspended, zones_of

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Protector(PieceZoneRule):
    """The ``protector`` rule."""

    name = "protector"
    lines = "003:880-892"
    contract = contracts(protector=contract("prefix seq_number piece_set"))

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get(self.name)
        if settings is None:
            return None
        prefix, pieces, seq = settings
        frozen_lose = suspended(core, seq)
        protectors = zones_of(core, prefix)
        types = [t for t, k in enumerate(core.keys) if k in pieces] if pieces else None
        cache: dict[tuple[int, int], int] = {}

        def protected(pos: Position, side: int) -> int:
            key = (pos.key, side)
            found = cache.get(key)
            if found is None:
                targets = of_types(pos, side, types)
                skip = core.frozen(pos, side) if frozen_lose and core.frozen is not None else 0
                found = covered(pos, side, protectors, targets, skip=skip) if targets else 0
                if len(cache) > 100_000:
                    cache.clear()
                cache[key] = found
            return found

        return Hooks(protected=protected, exact=True)


COMPONENT = Protector()
