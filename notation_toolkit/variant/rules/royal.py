"""``royal``: the pieces whose capture or checkmate decides the game (003:894-970).

Executed: the piece set (``{K}`` by default), ``maxchecks(N)`` (the side that gives its N-th check
wins, 003:934), ``bare`` and ``baremove`` (a side left with only royal pieces loses; with
``baremove`` it may answer by baring the opponent, which draws, 003:910-916), ``checkmated`` (being
checkmated wins, 003:922-924: Fairy-Stockfish's misère chess, ``checkmateValue``). A side to move
with no legal move whose royal piece is attacked is checkmated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    contract,
    contracts,
    count,
    letters,
)

if TYPE_CHECKING:
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Royal(Component):
    """The ``royal`` rule: royal pieces, checkmate, n-check, bare king."""

    name = "royal"
    lines = "003:894-970"
    contract = contracts(royal=contract("piece_set", maxchecks="count", bare="", baremove="", checkmated=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        rules = reading.rules
        rules.royal |= letters(rule.piece_set) or frozenset({"K"})
        for attr_name, attribute in attributes:
            if attr_name == "maxchecks":
                rules.max_checks = count(attribute, 3)
            elif attr_name in ("bare", "baremove"):
                rules.bare = attr_name
            elif attr_name == "checkmated":
                rules.extra["checkmated"] = True

    def hooks(self, core: Core) -> Hooks | None:
        if not core.royal_types:
            return None
        rules = core.rules
        ends = []
        if rules.max_checks is not None:
            ends.append(_checks)
        if rules.bare is not None:
            ends.append(_bare_result)
        end = None
        if len(ends) == 1:
            end = ends[0]
        elif ends:

            def end(pos: Position) -> Outcome | None:
                for fn in ends:
                    result = fn(pos)
                    if result is not None:
                        return result
                return None

        return Hooks(
            end=end,
            pushed=_count_check if rules.max_checks is not None else None,
            no_moves=_checkmated if rules.extra.get("checkmated") else _checkmate,
        )


def _checkmate(pos: Position) -> Outcome | None:
    return Outcome(1 - pos.turn, "checkmate") if pos.is_check() else None


def _checkmated(pos: Position) -> Outcome | None:
    # royal=checkmated: the checkmated side wins (003:924)
    return Outcome(pos.turn, "checkmate") if pos.is_check() else None


def _count_check(pos: Position) -> None:
    # the move just made adds one to the mover's checks if it gives check (the count and its
    # Zobrist term; the core's undo restores both)
    if pos._royal_attacked(pos.turn):
        us = 1 - pos.turn
        n = pos.checks[us]
        z = pos.core.z_checks[us]
        pos.key ^= z[min(n, 63)] ^ z[min(n + 1, 63)]
        pos.checks[us] = n + 1


def _checks(pos: Position) -> Outcome | None:
    limit = pos.core.rules.max_checks
    assert limit is not None
    mover = 1 - pos.turn
    for side in (mover, pos.turn):
        if pos.checks[side] >= limit:
            return Outcome(side, "checks")
    return None


def _bare(pos: Position, side: int) -> bool:
    core = pos.core
    royal = 0
    for t in core.royal_types:
        royal |= pos.bbs[2 * t + side]
    return bool(royal) and not (pos.occ[side] & ~royal)


def _bare_result(pos: Position) -> Outcome | None:
    mode = pos.core.rules.bare
    mover = 1 - pos.turn
    bare = [_bare(pos, s) for s in (0, 1)]
    if bare[0] and bare[1]:
        return Outcome(None, "bare")
    if bare[pos.turn] and mode == "bare":
        return Outcome(mover, "bare")
    if bare[pos.turn] and mode == "baremove" and not _can_bare_back(pos):
        return Outcome(mover, "bare")
    return None


def _can_bare_back(pos: Position) -> bool:
    # baremove: the bared side may answer by baring the opponent (then a draw, 003:914-916)
    for m in pos._legal_raw():
        undo = pos._do(m)
        other = _bare(pos, pos.turn)
        pos._undo(undo)
        if other:
            return True
    return False


COMPONENT = Royal()
