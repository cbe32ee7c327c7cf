"""``diagonals`` and ``direction``: the board takes directions away from pieces (003:221-259).

Both are static masks of the board (``Hooks.target_mask``): per square, the squares a piece
standing there may move to, capture on or attack. A piece that may not move somewhere does not
attack it either, so it gives no check there.

- ``diagonals=dark`` / ``diagonals=light`` (003:221-231): only the dark (``a1``, ``a3`` ...) or
  the light (``a2``, ``a4`` ...) diagonals carry diagonal moves. A diagonal move keeps the colour
  of its square, so a piece on a square of the other colour makes no diagonal move (a move whose
  files and ranks change by the same number). The colours are the board's: the same squares for
  both players (``mirror`` does not repaint the board).
- ``direction<d>[range]`` (003:253-259): a piece on a square of the range moves only in the
  directions the ``direction`` rules of that square name (one rule per direction, their
  directions joined: ``e2`` under ``<n>``, ``<s>``, ``<e>`` and ``<w>`` moves orthogonally,
  003:259). A direction is a line: ``<n>`` the same file towards higher ranks, ``<ne>`` as many
  files right as ranks up; a leap off the eight lines (a knight's) is in none of them. The range
  and the directions are the first player's; the second player's are mirrored (``mirror=vertical``,
  003:464): ``direction<n>[1]`` lets Black's pieces on rank 8 move south only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
    range_mask,
)

if TYPE_CHECKING:
    from notation_toolkit.core.geometry import Geometry
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.tables import Core

_STEPS = {
    "n": (0, 1),
    "s": (0, -1),
    "e": (1, 0),
    "w": (-1, 0),
    "ne": (1, 1),
    "nw": (-1, 1),
    "se": (1, -1),
    "sw": (-1, -1),
}


class Masks(Component):
    """The ``diagonals`` and ``direction`` rules."""

    name = "masks"
    lines = "003:221-259"
    contract = contracts(
        diagonals=contract(dark="", light=""),
        direction=contract("cardinal board_range"),
    )

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        settings = reading.rules.extra.setdefault(self.name, {"diagonals": None, "direction": []})
        if rule.name == "diagonals":
            names = [name for name, _ in attributes]
            if len(names) != 1:
                reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "diagonals_one_of", rule.span)
                return
            settings["diagonals"] = names[0]
            return
        if rule.cardinal is None or rule.board_range is None:
            reading.diag(codes.PART_NOT_EXECUTED, "direction_needs", rule.span)
            return
        mask = range_mask(reading.geometry, rule.board_range)
        settings["direction"].append((rule.cardinal.value, mask))

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get(self.name)
        if settings is None:
            return None
        g = core.geometry
        reach = ([g.full] * g.size, [g.full] * g.size)
        if settings["diagonals"] is not None:
            _diagonals(g, settings["diagonals"] == "dark", reach)
        if settings["direction"]:
            _directions(g, settings["direction"], reach)
        return Hooks(target_mask=reach)


def _diagonals(g: Geometry, dark: bool, reach: tuple[list[int], list[int]]) -> None:
    for sq in range(g.size):
        f, r = sq % g.width, sq // g.width
        if ((f + r) % 2 == 0) == dark:
            continue
        diagonal = 0
        for to in range(g.size):
            dx, dy = to % g.width - f, to // g.width - r
            if dx and abs(dx) == abs(dy):
                diagonal |= 1 << to
        for side in (0, 1):
            reach[side][sq] &= ~diagonal


def _directions(g: Geometry, rules: list[tuple[str, int]], reach: tuple[list[int], list[int]]) -> None:
    for side in (0, 1):
        allowed: dict[int, int] = {}
        for cardinal, mask in rules:
            dx, dy = _STEPS[cardinal]
            if side:
                mask = g.mirror_vertical(mask)
                dy = -dy
            for sq in range(g.size):
                if not mask >> sq & 1:
                    continue
                line = 0
                f, r = sq % g.width + dx, sq // g.width + dy
                while 0 <= f < g.width and 0 <= r < g.height:
                    line |= 1 << (r * g.width + f)
                    f, r = f + dx, r + dy
                allowed[sq] = allowed.get(sq, 0) | line
        for sq, line in allowed.items():
            reach[side][sq] &= line


COMPONENT = Masks()
