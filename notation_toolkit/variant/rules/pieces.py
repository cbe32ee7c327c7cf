"""``pieces``: limits on the number of pieces and the results they decide (003:540-644; without a
piece set every piece counts, 003:542).

Limits: ``total(N)`` per side, ``file(N)`` per file, ``sum(N)`` per piece type of the set. The move
generator reads them (``Core.total_limits`` / ``Core.file_limits``) when it offers promotions and
drops: a move that would exceed a limit is not generated.

Results, decided after each move (an ``end`` hook; the player who just moved is looked at first, as
Fairy-Stockfish does):

- ``extinction`` (003:562-564): a player who no longer has a piece of every type of the set, on
  the board or in hand, loses (Fairy-Stockfish's ``extinctionValue`` with ``extinctionPieceTypes``:
  Extinction chess, Kinglet). Without a set, every piece type the rule file defines (not the
  prefixed states such as ``+P``).
- ``morethan(N)`` (003:590-592): a player with N or fewer pieces of the set on the board loses
  (``extinctionPieceCount``: Three Kings is ``pieces{K}=morethan(2)``, Horde ``pieces=morethan(0)``).
- ``draw`` (003:558-560): the board holds only pieces of the set: a draw.
- ``win`` (003:638-644): the board holds no more pieces than the set lists (letter case tells the
  sides apart; a letter may repeat): the player to move wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
    count,
    defined_keys,
    letters,
)

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core

Condition = tuple[str, frozenset[str], int, tuple[tuple[str, int, int], ...]]
"""One result condition: (attribute, piece keys, count, for ``win`` the (key, side, count) items)."""


class Pieces(Component):
    """The ``pieces`` rule: limits, and the results of extinction, morethan, draw and win."""

    name = "pieces"
    lines = "003:540-644"
    contract = contracts(
        pieces=contract(
            "piece_set",
            total="count",
            file="count",
            sum="count",
            extinction="",
            morethan="count",
            draw="",
            win="",
        )
    )

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        rules = reading.rules
        members = letters(rule.piece_set) or frozenset(defined_keys(reading.rule_file))
        conditions: list[Condition] = []
        if not rule.attributes:
            reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "pieces_needs_attribute", rule.span)
        for attr_name, attribute in attributes:
            if attr_name == "total":
                rules.total_limits.append((members, count(attribute, 1)))
            elif attr_name == "file":
                rules.file_limits.append((members, count(attribute, 1)))
            elif attr_name == "sum":
                # each piece type of the set on its own (003:618)
                for letter in sorted(members):
                    rules.total_limits.append((frozenset({letter}), count(attribute, 1)))
            elif attr_name == "extinction":
                types = letters(rule.piece_set) or frozenset(
                    k for k in defined_keys(reading.rule_file) if k[:1].isalnum() or k[:1] == ":"
                )
                conditions.append(("extinction", types, 0, ()))
            elif attr_name == "morethan":
                conditions.append(("morethan", members, count(attribute, 0), ()))
            elif attr_name == "draw":
                conditions.append(("draw", members, 0, ()))
            elif attr_name == "win":
                conditions.append(("win", members, 0, _multiset(rule)))
        if conditions:
            reading.rules.extra.setdefault("pieces", []).extend(conditions)

    def hooks(self, core: Core) -> Hooks | None:
        conditions: list[Condition] = core.rules.extra.get("pieces", [])
        if not conditions:
            return None
        checks = []
        for name, keys, n, items in conditions:
            types = [core.index[k] for k in sorted(keys) if k in core.index]
            if name == "extinction":
                checks.append(_extinction(types))
            elif name == "morethan":
                checks.append(_morethan(types, n))
            elif name == "draw":
                checks.append(_only(types))
            else:
                checks.append(_win(core, items))

        def end(pos: Position) -> Outcome | None:
            for check in checks:
                result = check(pos)
                if result is not None:
                    return result
            return None

        return Hooks(end=end)


def _multiset(rule: fbr_ast.FbrRule) -> tuple[tuple[str, int, int], ...]:
    """``pieces{Kpp}=win``: per piece key and side (upper case: the first player), how many."""
    counts: dict[tuple[str, int], int] = {}
    if rule.piece_set is not None:
        for m in rule.piece_set.members:
            side = 0 if m.letter.text == m.letter.text.upper() else 1
            item = (m.prefixes + m.letter.key, side)
            counts[item] = counts.get(item, 0) + 1
    return tuple((k, side, n) for (k, side), n in sorted(counts.items()))


def _extinction(types: list[int]) -> Callable[[Position], Outcome | None]:
    def check(pos: Position) -> Outcome | None:
        bbs = pos.bbs
        for side in (1 - pos.turn, pos.turn):
            hand = pos.hands[side]
            for t in types:
                if not bbs[2 * t + side] and not hand[t]:
                    return Outcome(1 - side, "extinction")
        return None

    return check


def _morethan(types: list[int], n: int) -> Callable[[Position], Outcome | None]:
    def check(pos: Position) -> Outcome | None:
        bbs = pos.bbs
        for side in (1 - pos.turn, pos.turn):
            on_board = 0
            for t in types:
                on_board += bbs[2 * t + side].bit_count()
            if on_board <= n:
                return Outcome(1 - side, "pieces")
        return None

    return check


def _only(types: list[int]) -> Callable[[Position], Outcome | None]:
    def check(pos: Position) -> Outcome | None:
        allowed = 0
        for t in types:
            allowed |= pos.bbs[2 * t] | pos.bbs[2 * t + 1]
        if (pos.occ[0] | pos.occ[1]) & ~allowed:
            return None
        return Outcome(None, "pieces")

    return check


def _win(core: Core, items: tuple[tuple[str, int, int], ...]) -> Callable[[Position], Outcome | None]:
    limits = [0] * (2 * core.n)
    for key, side, n in items:
        if key in core.index:
            limits[2 * core.index[key] + side] = n

    def check(pos: Position) -> Outcome | None:
        bbs = pos.bbs
        for code, limit in enumerate(limits):
            if bbs[code].bit_count() > limit:
                return None
        # checked before a move is made: the player to move wins (003:640)
        return Outcome(pos.turn, "pieces")

    return check


COMPONENT = Pieces()
