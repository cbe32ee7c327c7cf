"""``mustcapture``: when a capture is legal, a move that captures must be played (003:502)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant.rules.base import Attributes, Component, Hooks, Reading, contract, contracts
from notation_toolkit.variant.tables import CAPTURE

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class MustCapture(Component):
    """The ``mustcapture`` rule."""

    name = "mustcapture"
    lines = "003:502-512"
    contract = contracts(mustcapture=contract())

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        reading.rules.must_capture = True

    def hooks(self, core: Core) -> Hooks | None:
        return Hooks(filter=_captures_first) if core.rules.must_capture else None


def _captures_first(pos: Position, legal: list[int]) -> list[int]:
    caps = [m for m in legal if m & CAPTURE]
    return caps or legal


COMPONENT = MustCapture()
