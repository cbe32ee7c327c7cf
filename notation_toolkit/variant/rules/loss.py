"""``loss``: the losing conditions (003:438-452).

- ``perpetualcheck(N)``: the side whose every move since the first occurrence of a position seen N
  times gave check loses (003:442-444).
- ``repetition(N)``: the player whose move repeats a position for the Nth time (the same player to
  move; 3 when N is not given) loses (003:446-448). It replaces the default ``draw=repetition(3)``
  (003:265) unless the rule file writes a ``draw`` rule itself: the default would otherwise end every
  such game as a draw before the loss could happen. (Fairy-Stockfish: ``nFoldRule`` with
  ``nFoldValue`` a win for the player to move, as in its torishogi.)
- ``stalemate`` (003:450-452): being stalemated loses (as ``stalemate=loss``). The page does not say
  what the count of ``stalemate(N)`` means: that form is refused (VAR202).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
    count,
)
from notation_toolkit.variant.rules.stalemate import set_result

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Loss(Component):
    """The ``loss`` rule."""

    name = "loss"
    lines = "003:438-452"
    contract = contracts(loss=contract(perpetualcheck=",count", repetition=",count", stalemate=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        for attr_name, attribute in attributes:
            if attr_name == "perpetualcheck":
                reading.rules.perpetual_check = count(attribute, 3)
            elif attr_name == "repetition":
                reading.rules.extra["loss_repetition"] = count(attribute, 3)
            elif attr_name == "stalemate":
                set_result(reading, "loss", attribute.span or rule.span, "loss=stalemate")

    def finish(self, reading: Reading) -> None:
        if "loss_repetition" in reading.rules.extra and not any(
            r.name == "draw" for r in reading.rule_file.rules
        ):
            reading.rules.repetition = None

    def hooks(self, core: Core) -> Hooks | None:
        perpetual = core.rules.perpetual_check is not None
        repetition: int | None = core.rules.extra.get("loss_repetition")
        if not perpetual and repetition is None:
            return None
        if repetition is None:
            return Hooks(pushed=_note_check, repeated=_perpetual)

        def repeated(pos: Position, seen: int) -> Outcome | None:
            if perpetual:
                result = _perpetual(pos, seen)
                if result is not None:
                    return result
            assert repetition is not None
            # the player who just moved repeated the position: the player to move wins
            return Outcome(pos.turn, "repetition") if seen >= repetition else None

        return Hooks(pushed=_note_check if perpetual else None, repeated=repeated)


def _note_check(pos: Position) -> None:
    pos.gave_check.append(pos._royal_attacked(pos.turn))


def _perpetual(pos: Position, seen: int) -> Outcome | None:
    limit = pos.core.rules.perpetual_check
    assert limit is not None
    if seen < limit or not pos.gave_check:
        return None
    first = pos.history.index(pos.key)
    n = len(pos.history)
    for side in (0, 1):
        plies = [i for i in range(first, n) if (n - 1 - i) % 2 == (0 if side != pos.turn else 1)]
        if plies and all(pos.gave_check[i] for i in plies):
            return Outcome(1 - side, "perpetual check")
    return None


COMPONENT = Loss()
