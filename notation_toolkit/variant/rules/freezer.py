"""``freezer#``: pieces with a ``#`` definition freeze the enemy pieces in their zone (003:312-362).

``I=mQ #I=cK`` (003:326): the piece ``I`` moves as ``mQ``; its zone is where ``#I`` could capture
from ``I``'s square (its neighbours here), looked at in the position as it stands (a rider's zone
ends at the first piece). An enemy piece in the zone of a freezer is frozen, whether it moved in
or the freezer came (003:314): it neither moves nor captures, and gives no check. Freezing lasts
while a freezer stands there; a frozen freezer still freezes (two immobilizers side by side
freeze each other, 003:328). A frozen king attacked by a piece that nothing can take or block is
checkmated (003:314): it cannot step away.

Executed: the prefix; the piece set (only those enemy pieces can be frozen, 003:324);
``attackers(N)`` (written ``=(N)`` too: N freezers on one piece, 003:332-338); ``capture`` (a
frozen piece still moves without capturing, 003:340-342), ``move`` (it still captures, but makes
no other move, 003:348-350; a piece that may capture gives check), ``checking`` (it still gives
check, 003:344-346), ``suicide`` (a frozen piece, a royal one excepted, may leave the board as
its move, written with its square twice: ``e2e2``, 003:360-362), ``single{X}`` (a freezer with
two or more pieces of the set in its zone freezes none of them, 003:352-358); the sequence
number, the order with ``protector`` and ``burner`` (003:322, 884-892: a frozen protector or
burner whose rule comes after the freezer's loses its power).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.nodeclass import dataclass
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
    count,
    letters,
)
from notation_toolkit.variant.rules.warp import removals, remove, restore
from notation_toolkit.variant.rules.zones import claim_prefix, covered, of_types, zones_of

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


@dataclass(frozen=True, slots=True)
class Freezer:
    """The settings of ``freezer``: the prefix of the zones, the pieces that can be frozen (empty:
    all), the freezers needed on one piece, and what a frozen piece still does."""

    prefix: str
    pieces: frozenset[str]
    attackers: int
    capture: bool
    move: bool
    checking: bool
    suicide: bool
    single: frozenset[str]
    seq: int | None


class FreezerRule(Component):
    """The ``freezer`` rule."""

    name = "freezer"
    lines = "003:312-350"
    contract = contracts(
        freezer=contract(
            "prefix seq_number piece_set",
            attackers="count",
            capture="",
            checking="",
            move="",
            single="set",
            suicide="",
        )
    )

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        prefix = claim_prefix(self.name, rule, reading)
        if prefix is None:
            return
        from notation_toolkit.mbn.ast import PieceSet  # (only when a rule file is read)

        names = {name for name, _ in attributes}
        attackers = 1
        single: frozenset[str] = frozenset()
        for name, attribute in attributes:
            if name == "attackers":
                attackers = max(1, count(attribute, 1))
            elif name == "single" and isinstance(attribute.argument, PieceSet):
                single = letters(attribute.argument)
        piece_set = rule.piece_set if rule.piece_set is not None else None
        reading.rules.extra[self.name] = Freezer(
            prefix,
            letters(piece_set),
            attackers,
            "capture" in names,
            "move" in names,
            "checking" in names,
            "suicide" in names,
            single,
            None if rule.seq_number is None else rule.seq_number.value,
        )
        reading.rules.zone_prefixes[prefix] = self.name

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get(self.name)
        if not isinstance(settings, Freezer):
            return None
        freezers = zones_of(core, settings.prefix)
        victims = None
        if settings.pieces:
            victims = [t for t, k in enumerate(core.keys) if k in settings.pieces]
        need = settings.attackers
        singles = [t for t, k in enumerate(core.keys) if k in settings.single]
        cache: dict[tuple[int, int], int] = {}

        def frozen(pos: Position, side: int) -> int:
            key = (pos.key, side)
            found = cache.get(key)
            if found is None:
                targets = of_types(pos, side, victims)
                single = of_types(pos, side, singles) if singles else 0
                found = covered(pos, 1 - side, freezers, targets, need, single) if targets else 0
                if len(cache) > 100_000:
                    cache.clear()
                cache[key] = found
            return found

        if settings.suicide:
            types = [t for t in range(core.n) if not core.royal[t]]

            def suicides(pos: Position, out: list[int]) -> None:
                removals(pos, out, types, frozen(pos, pos.turn))

            return Hooks(
                moves=suicides,
                do=remove,
                undo=restore,
                frozen=frozen,
                frozen_captures=settings.move,
                frozen_moves=settings.capture,
                frozen_check=settings.checking or settings.move,
                frozen_remove=True,
            )
        return Hooks(
            frozen=frozen,
            frozen_captures=settings.move,
            frozen_moves=settings.capture,
            frozen_check=settings.checking or settings.move,
        )


COMPONENT = FreezerRule()
