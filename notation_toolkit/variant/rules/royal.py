"""``royal``: the pieces whose capture or checkmate decides the game (003:894-970).

Executed: the piece set (``{K}`` by default), ``maxchecks(N)`` (the side that gives its N-th check
wins, 003:937), ``bare`` and ``baremove`` (a side left with only royal pieces loses; with
``baremove`` it may answer by baring the opponent, which draws, 003:910-916), ``checkmated`` (being
checkmated wins, 003:922-924: Fairy-Stockfish's misère chess, ``checkmateValue``), ``castle{set}``
(the partners the royal pieces castle with, ``{R}`` by default, none for an empty set, 003:918-920:
``rules.castling`` plays it), ``expose`` and ``expose(N)`` (003:926-935) and ``taboo`` (003:961).
A side to move with no legal move whose royal piece is attacked is checkmated.

``expose``: a royal piece may be left or put in check, and the opponent may then capture it; the
side that has lost every royal piece loses (003:928); with no legal move the ``stalemate`` rule
decides (no checkmate). ``expose(N)``: only a side with at least N royal pieces may expose them,
and never all of them (003:931-933); a side that has no legal move with a royal piece attacked is
checkmated. Either way a royal piece may castle across attacked squares while its side may expose
it (003:935; ``[*]`` still forbids castling out of check).

``royal{set}[range]`` (003:902): where a side has several pieces of the set, only the one nearest to
the range is royal (the file distance first, then the rank distance; the range mirrored for the
second player), so the royal piece may change with a move; the others are ordinary pieces. Where
two are equally near, the page does not say: the core makes both royal (neither may be left in
check). With several ``royal`` rules the range chooses among the pieces of all of them. With
castling, ``atomic`` or ``expose`` it is refused (VAR203).

``taboo``: "check is entirely forbidden" (003:963): no move may leave a royal piece of either side
attacked, the opponent's included (Fairy-Stockfish's ``checking = false``, racing kings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.nodeclass import dataclass
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Outcome,
    Reading,
    both_sides,
    contract,
    contracts,
    count,
    has_castling,
    letters,
    range_mask,
)

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


@dataclass(frozen=True, slots=True)
class RoyalSettings:
    """``Rules.extra["royal"]``: ``expose`` (``None``: royal pieces may not be exposed; ``0``: they
    may, 003:928; ``N``: with at least N of them, never all, 003:931) and ``taboo`` (no check at
    all, 003:963)."""

    expose: int | None = None
    taboo: bool = False


class Royal(Component):
    """The ``royal`` rule: royal pieces, checkmate, n-check, bare king, exposure, taboo."""

    name = "royal"
    lines = "003:894-970"
    contract = contracts(
        royal=contract(
            "piece_set board_range",
            maxchecks="count",
            bare="",
            baremove="",
            checkmated="",
            castle="set",
            expose=",count",
            taboo="",
        )
    )

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

        rules = reading.rules
        keys = letters(rule.piece_set) or frozenset({"K"})
        rules.royal |= keys
        settings = rules.extra.get("royal", RoyalSettings())
        expose, taboo = None, False
        for attr_name, attribute in attributes:
            if attr_name == "maxchecks":
                rules.max_checks = count(attribute, 3)
            elif attr_name in ("bare", "baremove"):
                rules.bare = attr_name
            elif attr_name == "checkmated":
                rules.extra["checkmated"] = True
            elif attr_name == "castle":
                arg = attribute.argument
                partners = letters(arg) if isinstance(arg, mbn.PieceSet) else frozenset()
                for key in keys:
                    rules.castle_partners[key] = partners
            elif attr_name == "expose":
                expose = count(attribute, 0)
            elif attr_name == "taboo":
                taboo = True
        if expose is not None or settings.expose is not None:
            if settings.expose is not None and expose is not None and settings.expose != expose:
                reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "expose_differs", rule.span)
            rules.extra["royal"] = RoyalSettings(
                expose if expose is not None else settings.expose, taboo or settings.taboo
            )
        elif taboo or settings.taboo:
            rules.extra["royal"] = RoyalSettings(None, True)
        if expose is not None:
            exposed = rules.extra.setdefault("royal.exposed", set())
            exposed |= keys
        if rule.board_range is not None:
            g = reading.geometry
            rules.extra["royal.range"] = both_sides(g, range_mask(g, rule.board_range), rules.mirror)

    def finish(self, reading: Reading) -> None:
        rules = reading.rules
        if "royal.range" in rules.extra:
            royal_rules = [r for r in reading.rule_file.rules if r.name == "royal"]
            ranged = next(r for r in royal_rules if r.board_range is not None)
            others = [
                ("castling", has_castling(reading.rule_file)),
                ("atomic", any(r.name == "atomic" for r in reading.rule_file.rules)),
                ("expose", "royal.exposed" in rules.extra),
            ]
            for what, present in others:
                if present:
                    span = ranged.board_range.span if ranged.board_range is not None else ranged.span
                    reading.diag(codes.PART_NOT_EXECUTED, "royal_range_with", span or ranged.span, what=what)
        # exposure for some royal pieces only (royal{K}=expose royal{Q}) is not executed: the core
        # knows one behaviour for every royal piece
        exposed = reading.rules.extra.pop("royal.exposed", None)
        if exposed is not None and exposed != reading.rules.royal:
            rule = next(r for r in reading.rule_file.rules if r.name == "royal")
            reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "expose_differs", rule.span)

    def hooks(self, core: Core) -> Hooks | None:
        if not core.royal_types:
            return None
        rules = core.rules
        settings: RoyalSettings = rules.extra.get("royal", RoyalSettings())
        ends = []
        if rules.max_checks is not None:
            ends.append(_checks)
        if rules.bare is not None:
            ends.append(_bare_result)
        if settings.expose is not None:
            ends.append(_royals_captured)
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

        nearest = rules.extra.get("royal.range")
        return Hooks(
            end=end,
            check=None if nearest is None else _Nearest(core, nearest).check,
            pushed=_count_check if rules.max_checks is not None else None,
            no_moves=None
            if settings.expose == 0
            else (_checkmated if rules.extra.get("checkmated") else _checkmate),
            safe=None if settings.expose is None else exposure_allowed,
            legal=_no_check_given if settings.taboo else None,
        )


class _Nearest:
    """``royal[range]``: per side, the pieces of the royal types nearest to the range are royal."""

    __slots__ = ("distance", "types")

    def __init__(self, core: Core, zone: tuple[int, int]) -> None:
        g = core.geometry
        width = g.width
        self.types = list(core.royal_types)
        # per side and square: the file distance to the range, then the rank distance, as one number
        self.distance: list[list[int]] = []
        for side in (0, 1):
            targets = [(s % width, s // width) for s in range(g.size) if zone[side] >> s & 1]
            row = []
            for sq in range(g.size):
                f, r = sq % width, sq // width
                row.append(min((abs(f - tf) * 1024 + abs(r - tr) for tf, tr in targets), default=0))
            self.distance.append(row)

    def royal(self, pos: Position, side: int) -> int:
        """The squares of ``side``'s royal pieces now (the nearest to the range, 003:902)."""
        distance = self.distance[side]
        best = -1
        out = 0
        for t in self.types:
            bb = pos.bbs[2 * t + side]
            while bb:
                low = bb & -bb
                d = distance[low.bit_length() - 1]
                if best < 0 or d < best:
                    best, out = d, low
                elif d == best:
                    out |= low
                bb ^= low
        return out

    def check(self, pos: Position, sq: int, by: int, victim: str, occ: int) -> bool:
        """In check: only the royal piece chosen by the range, when attacked."""
        if not self.royal(pos, 1 - by) >> sq & 1:
            return False
        return bool(pos.is_attacked(sq, by, victim, occ))


def expose_setting(pos: Position) -> int | None:
    """The ``expose`` setting of the variant (``RoyalSettings.expose``)."""
    settings = pos.core.rules.extra.get("royal")
    return None if settings is None else settings.expose


def may_expose(pos: Position, side: int) -> bool:
    """Whether ``side`` may have a royal piece in check (``expose``, 003:926-933): always with
    ``expose``, with ``expose(N)`` while it has at least N royal pieces."""
    n = expose_setting(pos)
    if n is None:
        return False
    if n == 0:
        return True
    core = pos.core
    royals = sum(pos.bbs[2 * t + side].bit_count() for t in core.royal_types)
    return royals >= n


def exposure_allowed(pos: Position, move: int, undo: tuple[object, ...]) -> bool:
    """With a move made: whether the mover's royal pieces are as ``expose`` allows (003:926-933):
    any exposure with ``expose``; with ``expose(N)`` an exposure only with N royal pieces or more,
    at least one of them not attacked."""
    side = 1 - pos.turn
    n = expose_setting(pos)
    if n == 0:
        return True
    core = pos.core
    check = core.check_hook
    royals = [(sq, core.keys[t]) for t in core.royal_types for sq in _squares(pos.bbs[2 * t + side])]
    attacked = 0
    for sq, key in royals:
        if pos.is_attacked(sq, pos.turn, key) if check is None else check(pos, sq, pos.turn, key, -1):
            attacked += 1
    if not attacked:
        return True
    return n is not None and len(royals) >= n and attacked < len(royals)


def _squares(bb: int) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def _no_check_given(pos: Position, move: int) -> bool:
    # taboo (003:963): the move made must not attack a royal piece of the opponent
    return not pos._royal_attacked(pos.turn)


def _royals_captured(pos: Position) -> Outcome | None:
    # expose: the side that has lost every royal piece loses (003:928); a side that had none
    # (no royal piece in the start position) is not decided by it
    core = pos.core
    mine = any(pos.bbs[2 * t + pos.turn] for t in core.royal_types)
    theirs = any(pos.bbs[2 * t + 1 - pos.turn] for t in core.royal_types)
    if not mine and theirs:
        return Outcome(1 - pos.turn, "royal captured")
    return None


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
