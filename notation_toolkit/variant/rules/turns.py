"""Turns of several moves: ``turn`` (003:778-855), ``progressive`` (003:856-878) and ``monster``
(003:476-484).

A turn is a sequence of moves of one side; ``Position.push``/``pop`` stay per move and the position
carries the turn's phase (``phase`` moves made of a turn of ``turn_len`` moves; the FEEN state field
``turn:1/2`` and the Zobrist key carry both). After a move that is not the last of its turn the same
side moves again. What the page says of every turn (003:788-790):

- every move must fit the rules of chess: no move leaves the mover's royal piece attacked (unless
  its part says ``check``), so a check must be answered by the first move of a turn;
- when a further move is not possible the turn ends (a ``pass``, the only move then), unless the
  part says ``compulsory``: then the game is stalemate.

Where the page is silent (no engine plays these rules; docs/variants.md "Turns of several moves"):
a check given before the last move of a turn ends the turn (Marseillais chess; the checked side
answers next, as 003:788 asks), unless the next part may capture the royal piece (``captureroyal``,
Monster chess, 003:484), which then wins; the ``progressive`` rule's Italian rules (its default,
003:866) forbid a check before the last move of a series and the Scottish rules (003:876) end the
series with it. En passant is taken only right after the double step (the ``enpassant`` attribute
allows it in its part, 003:836: it is always the first move of a turn).
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
    contract,
    contracts,
    letters,
)
from notation_toolkit.variant.tables import CAPTURE, CASTLE, DROP, EP, PASS, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core

__all__ = ["COMPONENTS", "Part", "TurnRules"]


@dataclass(frozen=True, slots=True)
class Part:
    """One move of a turn (one ``turn`` rule): the pieces that may make it (``None``: any) and its
    attributes (003:792-854)."""

    pieces: frozenset[str] | None = None
    check: bool = False  # may leave the royal piece attacked (003:824)
    optional: bool = False  # may pass (003:840)
    castling: bool = False  # castling ends the turn (003:816)
    enpassant: bool = False  # may take en passant (003:836)
    balance: bool = False  # skipped in the first player's first turn (003:808)
    compulsory: bool = False  # no move possible: stalemate instead of the end of the turn (003:828)
    captureroyal: bool = False  # may capture the royal piece, which wins (003:484)
    again: bool = False  # skipped unless the previous move was made by a piece of its set (003:796)
    alter: bool = False  # must leave a position other than the one the turn began with (003:804)
    untilcapture: bool = False  # no capture; gone for good once its side captured (003:848)


@dataclass(frozen=True, slots=True)
class TurnRules:
    """The turns of a variant: per side the parts of a full turn, or ``progressive`` (``italian`` or
    ``scotish``): turn N of the game has N moves."""

    parts: tuple[tuple[Part, ...], tuple[Part, ...]]
    progressive: str | None = None
    source: str = "turn"

    def first_lengths(self) -> tuple[int, int]:
        """The length of the first turn of each side (a position without a ``turn:`` field)."""
        if self.progressive is not None:
            return (1, 2)
        white = len([p for p in self.parts[0] if not p.balance]) or 1
        return (white, len(self.parts[1]))

    def active(self, side: int, spent: int) -> tuple[Part, ...]:
        """The parts of a full turn of ``side`` (``spent``: the sides that captured, whose
        ``untilcapture`` parts are gone; those parts come last, so the others keep their places)."""
        parts = self.parts[side]
        if spent >> side & 1:
            parts = tuple(p for p in parts if not p.untilcapture) or parts[:1]
        return parts

    def next_length(self, side: int, length: int, spent: int = 0) -> int:
        """The length of the turn ``side`` starts after a turn of ``length`` moves."""
        if self.progressive is not None:
            return length + 1
        return len(self.active(side, spent))

    def part(self, side: int, length: int, phase: int, spent: int = 0) -> Part:
        """The part the move ``phase`` of a turn of ``length`` moves of ``side`` plays."""
        if self.progressive is not None:
            return _SERIES
        parts = self.active(side, spent)
        if length < len(parts):  # the balanced first turn: the balance parts are skipped
            parts = tuple(p for p in parts if not p.balance) or parts
        return parts[min(phase, len(parts) - 1)]


_ANY = Part()
_SERIES = Part(enpassant=True)  # a move of a progressive series (en passant: its first move)


class Turn(Component):
    """The ``turn`` rules: what makes a turn (003:778-855)."""

    name = "turn"
    lines = "003:778-855"
    contract = contracts(
        turn=contract(
            "seq_number piece_set",
            check="",
            optional="",
            castling="",
            enpassant="",
            balance="",
            compulsory="",
            captureroyal="",
            again="",
            alter="",
            untilcapture="",
        )
    )

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        names = {name for name, _ in attributes}
        part = Part(
            letters(rule.piece_set) or None,
            check="check" in names,
            optional="optional" in names,
            castling="castling" in names,
            enpassant="enpassant" in names,
            balance="balance" in names,
            compulsory="compulsory" in names,
            captureroyal="captureroyal" in names,
            again="again" in names,
            alter="alter" in names,
            untilcapture="untilcapture" in names,
        )
        found: list[tuple[int | None, Part, fbr_ast.FbrRule]] = reading.rules.extra.setdefault(
            "turn_parts", []
        )
        found.append((None if rule.seq_number is None else rule.seq_number.value, part, rule))

    def finish(self, reading: Reading) -> None:
        rules = reading.rules
        found: list[tuple[int | None, Part, fbr_ast.FbrRule]] = rules.extra.pop("turn_parts", [])
        if not found:
            return
        other = rules.extra.get("turn")
        if other is not None:
            reading.diag(
                codes.PART_NOT_EXECUTED, "turn_with", found[0][2].span, name="turn", other=other.source
            )
            return
        numbers = [n for n, _, _ in found]
        distinct = {p for _, p, _ in found}
        if len(found) > 1 and (None in numbers or len(set(numbers)) != len(numbers)) and len(distinct) > 1:
            # parts in an arbitrary order (003:780, 003:844) would need the set of parts played
            # as the phase: not executed
            reading.diag(codes.PART_NOT_EXECUTED, "turn_order", found[0][2].span)
            return
        ordered = sorted(found, key=lambda f: -1 if f[0] is None else f[0])
        parts = tuple(p for _, p, _ in ordered)
        if len(parts) > 1 and all(p.balance for p in parts):
            reading.diag(codes.PART_NOT_EXECUTED, "turn_balance", found[0][2].span)
            return
        flags = [p.untilcapture for p in parts]
        if flags != sorted(flags):
            # the parts a capture takes away must come last (where every part has it, no move
            # captures: nothing is ever taken away)
            reading.diag(codes.PART_NOT_EXECUTED, "turn_untilcapture", found[0][2].span)
            return
        rules.extra["turn"] = TurnRules((parts, parts))

    def hooks(self, core: Core) -> Hooks | None:
        spec: TurnRules | None = core.rules.extra.get("turn")
        if spec is None:
            return None
        return _hooks(core, spec)


class Progressive(Component):
    """``progressive``: progressive chess, turn N of the game has N moves (003:856-878)."""

    name = "progressive"
    lines = "003:856-878"
    contract = contracts(progressive=contract(italian="", scotish=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        mode = "scotish" if any(name == "scotish" for name, _ in attributes) else "italian"
        _set(reading, rule, TurnRules(((_SERIES,), (_SERIES,)), progressive=mode, source="progressive"))


class Monster(Component):
    """``monster``: Monster chess, the first player moves twice (003:476-484): the first move may
    leave its royal piece attacked, the second must not, and may capture the opponent's royal
    piece, which wins (``royal=untilcaptured``)."""

    name = "monster"
    lines = "003:476-484"
    contract = contracts(monster=contract())

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        white = (Part(check=True), Part(captureroyal=True))
        _set(reading, rule, TurnRules((white, (_ANY,)), source="monster"))


def _set(reading: Reading, rule: fbr_ast.FbrRule, spec: TurnRules) -> None:
    other = reading.rules.extra.get("turn")
    if other is not None:
        reading.diag(codes.PART_NOT_EXECUTED, "turn_with", rule.span, name=spec.source, other=other.source)
        return
    reading.rules.extra["turn"] = spec


# ------------------------------------------------------------------------------------------------
# Hooks
# ------------------------------------------------------------------------------------------------


def _hooks(core: Core, spec: TurnRules) -> Hooks:
    """The hooks of a variant with turns of several moves."""
    # per part, the piece types it may move (None: any)
    type_sets: dict[Part, frozenset[int] | None] = {}
    all_parts = {p for side in spec.parts for p in side} | {_ANY, _SERIES}
    for p in all_parts:
        type_sets[p] = (
            None if p.pieces is None else frozenset(core.index[k] for k in p.pieces if k in core.index)
        )
    z_ep = core.z_ep
    z_side = core.z_side
    any_capture_royal = any(p.captureroyal for p in all_parts)
    any_again = any(p.again for p in all_parts)
    any_until = any(p.untilcapture for p in all_parts)
    italian = spec.progressive == "italian"

    def current(pos: Position) -> Part:
        return spec.part(pos.turn, pos.turn_len, pos.phase, pos.turn_spent)

    def moves(pos: Position, out: list[int]) -> None:
        part = current(pos)
        # a pass: the part is optional, or (filtered below) no other move is possible mid-turn
        if part.optional or (pos.phase and not part.compulsory and spec.progressive is None):
            out.append(PASS)

    def do(pos: Position, m: int, base_undo: tuple[object, ...]) -> object:
        mover = 1 - pos.turn
        phase, length, spent = pos.phase, pos.turn_len, pos.turn_spent
        record = (phase, length, spent)
        key = pos.key ^ core.z_turn(phase, length, spent)
        part = spec.part(mover, length, phase, spent)
        if any_until and m & CAPTURE and not spent >> mover & 1:
            # a capture takes the side's untilcapture moves away for the rest of the game (003:850)
            spent |= 1 << mover
            length = min(length, len(spec.active(mover, spent)))
        following = phase + 1
        if any_again and not m & PASS:
            # the parts with `again` the moved piece does not belong to are skipped (003:798)
            moved = pos.board[m >> 10 & SQ] >> 1
            while following < length:
                nxt = spec.part(mover, length, following, spent)
                allowed = type_sets[nxt]
                if not nxt.again or allowed is None or moved in allowed:
                    break
                following += 1
        elif any_again:
            while following < length and spec.part(mover, length, following, spent).again:
                following += 1  # a pass moved no piece: `again` parts are skipped
        last = following >= length
        if not last:
            if part.castling and m & CASTLE:
                last = True
            elif not spec.part(mover, length, following, spent).captureroyal and pos._royal_attacked(
                pos.turn
            ):
                last = True  # a check ends the turn (the checked side answers next)
        if last:
            phase, length = 0, spec.next_length(pos.turn, length, spent)
        else:
            # the same side moves again; squares capturable en passant after its own move are not
            # the opponent's to use
            phase = following
            pos.turn = mover
            key ^= z_side
            for s in _bits(pos.ep_squares):
                key ^= z_ep[s]
            pos.ep_squares = 0
            pos.ep_victim = -1
        pos.phase, pos.turn_len, pos.turn_spent = phase, length, spent
        pos.key = key ^ core.z_turn(phase, length, spent)
        return record

    def undo(pos: Position, record: object) -> None:
        assert isinstance(record, tuple)
        phase, length, spent = record
        if pos.phase:
            pos.turn = 1 - pos.turn  # as the core made the move: the opponent to move
        pos.phase, pos.turn_len, pos.turn_spent = phase, length, spent

    def expose(pos: Position) -> bool:
        return current(pos).check

    def keep(pos: Position, legal: list[int]) -> list[int]:
        part = current(pos)
        allowed = type_sets[part]
        us = pos.turn
        board = pos.board
        out: list[int] = []
        not_last = pos.phase + 1 < pos.turn_len
        start_key = 0
        if part.alter:
            # the position the turn began with, as the key sees it without the turn's own terms
            start_key = _board_key(pos) if not pos.phase else _start_key(pos)
        for m in legal:
            if m & PASS:
                out.append(m)
                continue
            if allowed is not None and not m & DROP and board[m & SQ] >> 1 not in allowed:
                continue
            if m & EP and not part.enpassant:
                continue
            if part.untilcapture and m & CAPTURE:
                continue  # no capture within an untilcapture move (003:850)
            if part.check or part.alter or (italian and not_last):
                before = pos.key
                undo_record = pos._do(m)
                ok = True
                if italian and not_last and pos._royal_attacked(1 - us):
                    ok = False  # Italian rules: check only with the last move of a series
                elif part.alter and _board_key(pos) == start_key:
                    ok = False  # the turn would leave the position it began with (003:806)
                elif part.check and pos._royal_attacked(us):
                    # an attacked royal piece needs a later move of this turn that saves it (003:826)
                    pos.history.append(before)  # (the turn's start for a later `alter` part)
                    ok = pos.turn == us and bool(pos._legal_raw())
                    pos.history.pop()
                pos._undo(undo_record)
                if not ok:
                    continue
            out.append(m)
        if len(out) > 1 and not part.optional:
            # the pass ends a turn only when no move is possible (003:790)
            out = [m for m in out if not m & PASS]
        return out

    def _board_key(pos: Position) -> int:
        key = pos.key ^ core.z_turn(pos.phase, pos.turn_len, pos.turn_spent)
        return key ^ z_side if pos.turn else key

    def _start_key(pos: Position) -> int:
        if len(pos.history) < pos.phase:
            return -1  # a position read inside a turn: its start is unknown
        key = pos.history[-pos.phase]  # the key before the turn's first move
        return key ^ core.z_turn(0, pos.turn_len, pos.turn_spent) ^ (z_side if pos.turn else 0)

    def end(pos: Position) -> Outcome | None:
        # a royal piece captured (captureroyal): its side loses
        for side in (1 - pos.turn, pos.turn):
            if not any(pos.bbs[2 * t + side] for t in core.royal_types):
                return Outcome(1 - side, "royal captured")
        return None

    return Hooks(
        moves=moves,
        filter=keep,
        do=do,
        undo=undo,
        expose=expose if any(p.check for p in all_parts) else None,
        end=end if any_capture_royal and core.royal_types else None,
        turn_lengths=spec.first_lengths(),
    )


TURN = Turn()
PROGRESSIVE = Progressive()
MONSTER = Monster()
COMPONENTS = (TURN, PROGRESSIVE, MONSTER)
