"""``stalemate``: the result for a side with no legal move that is not checkmated: ``draw`` (the
default, 003:979), ``loss`` or ``win`` for the stalemated side (003:973-995); ``skip``: the
stalemated player passes (the move ``pass``, 003:989-991; Fairy-Stockfish's ``passOnStalemate``),
and the game goes on (two players who can only pass repeat the position: the repetition rule ends
it). ``loss=stalemate``
(003:450), ``draw=stalemate`` (003:271) and ``win=stalemate`` (003:1113) say the same and go through
``set_result``: a rule file that gives stalemate two different results is refused (VAR202)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.span import Span
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
)
from notation_toolkit.variant.tables import PASS

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Stalemate(Component):
    """The ``stalemate`` rule (and the default: a draw)."""

    name = "stalemate"
    lines = "003:973-995"
    contract = contracts(stalemate=contract(draw="", loss="", win="", skip=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        if len(rule.attributes) != 1:
            reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "stalemate_takes_exactly", rule.span)
        elif attributes:
            set_result(reading, attributes[0][0], attributes[0][1].span or rule.span, "stalemate")

    def hooks(self, core: Core) -> Hooks | None:
        if core.rules.stalemate == "skip":
            return Hooks(filter=_skip, no_moves=_stalemated)
        return Hooks(no_moves=_stalemated)


def _skip(pos: Position, legal: list[int]) -> list[int]:
    # no legal move and not in check: the player skips the turn (003:991)
    if legal or pos.is_check():
        return legal
    return [PASS]


def set_result(reading: Reading, result: str, span: Span | None, written: str) -> None:
    """Record the result of a stalemate (``draw``, ``loss``, ``win``) said by the rule ``written``;
    VAR202 when another rule of the file already said a different one."""
    said: dict[str, str] = reading.rules.extra.setdefault("stalemate", {})
    earlier = [w for w, r in said.items() if r != result]
    if earlier:
        reading.diag(
            codes.ATTRIBUTE_NOT_EXECUTED,
            "stalemate_twice",
            span,
            written=written,
            result=result,
            earlier=earlier[0],
            other=said[earlier[0]],
        )
        return
    said[written] = result
    reading.rules.stalemate = result


def _stalemated(pos: Position) -> Outcome | None:
    result = pos.core.rules.stalemate
    if result == "loss":
        return Outcome(1 - pos.turn, "stalemate")
    if result == "win":
        return Outcome(pos.turn, "stalemate")
    return Outcome(None, "stalemate")


COMPONENT = Stalemate()
