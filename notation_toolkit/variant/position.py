"""Positions of a variant: board, hands, side to move, en passant, checks; legal moves; push / pop.

The board is a mailbox (piece code per square, ``-1`` empty) plus one bitboard per piece code
(Python ints, bit ``rank * width + file``; ``core.geometry``). A piece code is
``type_index * 2 + side`` (side 0 moves first, "White"). Pieces move by the tables the piece
compiler built once per variant (``notation_toolkit.variant.pieces``); no MBN is read during play.

Moves are ints inside the core (``Move`` wraps one for the API, with its text):
bits 0-9 origin (the piece type for a drop), 10-19 target, 20-29 promotion type + 1 (for castling:
the partner's square + 1), then the flags below.

FEEN conventions of the core (a game's convention, which FEEN leaves to the game; docs/variants.md):
``^`` marks royal pieces, ``+X`` a promoted piece (the state ``+X`` of the rule file, or a piece
promoted by a ``+`` rule that keeps its promoted status for ``holding=demote``), ``-X`` an unmoved
piece that still has its initial moves or castling. Hands hold pieces in the case of the side that
will drop them. Two optional fields follow the three FEEN fields when they are not empty:
``ep:e3@e4`` (squares capturable en passant @ the piece that can be taken) and ``checks:1/0``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.errors import NotationError
from notation_toolkit.variant import codes, notation
from notation_toolkit.variant.rules.base import Outcome
from notation_toolkit.variant.tables import (
    BLACK,
    CAPTURE,
    CASTLE,
    CASTLE_BY_PARTNER,
    DROP,
    EP,
    GATE_ON_PARTNER,
    GATE_SHIFT,
    MAKES_EP,
    NOPROMO,
    PASS,
    REMOVE,
    SQ,
    WHITE,
    BoardState,
    Core,
    Promo,
    VariantLike,
    _bits,
)

__all__ = [
    "BLACK",
    "CAPTURE",
    "CASTLE",
    "DROP",
    "EP",
    "MAKES_EP",
    "NOPROMO",
    "PASS",
    "SQ",
    "WHITE",
    "Core",
    "Move",
    "MoveError",
    "Outcome",
    "Position",
]

_T = TypeVar("_T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # (installed with mypy: only the compiled build needs it)

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_T], _T]:  # type: ignore[misc,unused-ignore]
        """``mypy_extensions.mypyc_attr`` without mypy: it changes nothing in pure Python."""
        return lambda klass: klass


class MoveError(NotationError):
    """A move that is not well-formed (VAR401) or not legal (VAR402)."""


@mypyc_attr(native_class=False)  # a tuple subclass stays an ordinary class in the compiled build
class Move(tuple):  # type: ignore[type-arg]
    """A legal move of a position: its ``text`` (``e2e4``, ``e7e8q``, ``a10a9``, ``P@e4``) and the
    core's encoding ``code``.

    Immutable and cheap: ``legal_moves()`` in a search or a perft loop makes one small object per
    move, and the text is written only when it is asked for. Two moves are equal when their codes
    and texts are. ``Move(text, code)`` makes one from its parts."""

    __slots__ = ()

    def __new__(cls, text: str | None, code: int, core: Core | None = None) -> Move:
        if text is None and core is None:
            raise TypeError("Move() needs its text, or the Core that writes it")
        return tuple.__new__(cls, (code, core, text))

    @property
    def code(self) -> int:
        """The core's encoding of the move (bits: see the module's docstring)."""
        code: int = self[0]
        return code

    @property
    def text(self) -> str:
        """The move as the core writes it (UCI-like: ``e2e4``, ``e7e8q``, ``P@e4``)."""
        text: str | None = self[2]
        return text if text is not None else _code_text(self[1], self[0])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self[0] == other[0] and self.text == other.text

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.text, self[0]))

    def __repr__(self) -> str:
        return f"Move(text={self.text!r}, code={self[0]})"

    def __str__(self) -> str:
        return self.text

    def __reduce__(self) -> tuple[object, ...]:
        return (Move, (self.text, self[0]))

    @property
    def is_drop(self) -> bool:
        """True for drops (``P@e4``)."""
        return bool(self[0] & DROP)


class Position(BoardState):
    """A position of a variant, with its move stack (python-chess style ``push`` / ``pop``)."""

    __slots__ = ()

    # -- reading and writing -----------------------------------------------------------------------

    @classmethod
    def from_feen(cls, variant: VariantLike, text: str) -> Position:
        """A position from FEEN with the core's optional state fields (see the module doc)."""
        pos = cls(variant)
        notation.read_feen(pos, text)
        return pos

    @classmethod
    def from_fen(cls, variant: VariantLike, text: str) -> Position:
        """A position from FEN (the Fairy-Stockfish dialect: see ``notation.read_fen``)."""
        pos = cls(variant)
        notation.read_fen(pos, text)
        return pos

    @classmethod
    def from_text(cls, variant: VariantLike, text: str) -> Position:
        """FEEN or FEN, told apart by the second field (FEN: ``w``/``b``)."""
        fields = text.split(" ")
        if len(fields) >= 2 and fields[1] in ("w", "b"):
            return cls.from_fen(variant, text)
        return cls.from_feen(variant, text)

    def feen(self) -> str:
        """Canonical FEEN (and the state fields when they are not empty)."""
        return notation.write_feen(self)

    def fen(self) -> str:
        """FEN as Fairy-Stockfish writes it (any board; pockets, ``+x`` and ``x~`` marks, check
        counters; the en-passant square only when a capture there is possible); ``PositionError``
        VAR305 for what FEN cannot hold."""
        capturable = bool(self.ep_squares) and any(m & EP for m in self._pseudo())
        return notation.write_fen(self, capturable, self.halfmove_clock())

    def halfmove_clock(self) -> int:
        """Plies since the last capture, drop, promotion or pawn move (FEN's half-move clock;
        read back from the move stack, so that playing a move costs nothing for it)."""
        core = self.core
        n = 0
        for undo in reversed(self.stack):
            saved, moved_code = undo[0], undo[4]
            assert isinstance(saved, tuple) and isinstance(moved_code, int)
            m = saved[0]
            if (
                m & (CAPTURE | DROP)
                or (m >> 20 & SQ and not m & CASTLE)
                or (moved_code >= 0 and core.clock_pawn[moved_code >> 1])
            ):
                return n
            n += 1
        return n + self.halfmove

    def copy(self) -> Position:
        """A copy without the move stack."""
        other = type(self)(self.variant)
        other.board = self.board[:]
        other.bbs = self.bbs[:]
        other.occ = self.occ[:]
        other.turn = self.turn
        other.phase = self.phase
        other.turn_len = self.turn_len
        other.turn_spent = self.turn_spent
        other.unmoved = self.unmoved
        other.promoted = self.promoted
        other.ep_squares = self.ep_squares
        other.ep_victim = self.ep_victim
        other.hands = [h[:] for h in self.hands]
        other.checks = self.checks[:]
        other.styles = self.styles
        other.key = self.key
        other.ply = self.ply
        other.halfmove = self.halfmove_clock()
        other.history = self.history[:]
        other.gave_check = self.gave_check[:]
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._state() == other._state()

    def __hash__(self) -> int:
        return self.key

    def _state(self) -> tuple[object, ...]:
        return (
            self.variant is not None and id(self.core),
            tuple(self.board),
            self.turn,
            self.phase,
            self.turn_len,
            self.turn_spent,
            self.unmoved,
            self.promoted,
            self.ep_squares,
            self.ep_victim if self.ep_squares else -1,
            tuple(map(tuple, self.hands)),
            tuple(self.checks),
        )

    def __repr__(self) -> str:
        return f"Position({self.feen()!r})"

    def zobrist(self) -> int:
        """The Zobrist key (updated incrementally by ``push``/``pop``)."""
        return self.key

    def zobrist_full(self) -> int:
        """The Zobrist key recomputed from scratch (for tests of the incremental update)."""
        saved = self.key
        self._rehash()
        out, self.key = self.key, saved
        return out

    # -- attacks -------------------------------------------------------------------------------------

    def is_attacked(
        self, sq: int, by: int, victim: str | None = None, occ: int = -1, exclude: int = 0
    ) -> bool:
        """True when a piece of side ``by`` attacks square ``sq`` (with ``occ`` as the occupancy
        and the pieces on ``exclude`` left out, when given: the board after a royal move)."""
        core = self.core
        if occ < 0:
            occ = self.occ[0] | self.occ[1] | core.walls
        bbs = self.bbs
        rev_static = core.rev_static
        rev_lines = core.rev_lines
        keep = ~exclude
        if core.attack_from is not None:
            keep &= core.attack_from[by][sq]
        if core.frozen is not None and not core.frozen_check:
            keep &= ~core.frozen(self, by)  # a frozen piece gives no check (003:314)
        for t in range(core.n):
            bb = bbs[2 * t + by] & keep
            if not bb:
                continue
            st = rev_static[t]
            if st is not None:
                if st[by][sq] & bb:
                    return True
                continue
            lines = rev_lines[t]
            if lines is not None:
                if lines[by][sq] & bb and core.reverse[t](sq, by, occ) & bb:  # type: ignore[misc]
                    return True
                continue
            rev = core.reverse[t]
            if rev is not None:
                if rev(sq, by, occ) & bb:
                    return True
            else:
                could = core.could[t]
                if could is not None:
                    bb &= could[by][sq]
                fn = core.attack_fn[t]
                key = victim if core.needs_types[t] else None
                while bb:
                    low = bb & -bb
                    if fn(low.bit_length() - 1, by, occ, key) >> sq & 1:
                        return True
                    bb ^= low
        return False

    def _royal_attacked(self, side: int) -> bool:
        core = self.core
        check = core.check_hook  # a rule's own meaning of check (atomic: touching royals immune)
        shielded = core.protected(self, side) if core.protected is not None else 0
        for t in core.check_types:
            bb = self.bbs[2 * t + side] & ~shielded  # a protected piece cannot be checked (003:882)
            while bb:
                low = bb & -bb
                sq = low.bit_length() - 1
                if check is None:
                    if self.is_attacked(sq, 1 - side, core.keys[t]):
                        return True
                elif check(self, sq, 1 - side, core.keys[t], -1):
                    return True
                bb ^= low
        return False

    def is_check(self) -> bool:
        """True when a royal piece of the side to move is attacked."""
        return self._royal_attacked(self.turn)

    # -- move generation ------------------------------------------------------------------------------

    def _pseudo(self, drops: bool = True, skip: int = 0) -> list[int]:
        core = self.core
        us = self.turn
        them = 1 - us
        occ = self.occ[0] | self.occ[1] | core.walls
        friends = self.occ[us]
        enemies = self.occ[them]
        bbs = self.bbs
        out: list[int] = []
        by_type: dict[str, int] | None = None
        ep = None
        masks = core.target_mask
        mask = masks[us] if masks is not None else None
        frozen = 0
        if core.frozen is not None:
            frozen = core.frozen(self, us)
        protected = 0
        if core.protected is not None:
            # protected pieces are no capture's target (003:882)
            protected = core.protected(self, them)
            enemies &= ~protected
        # pieces with one plain reach read their table inline (no mask, nothing frozen)
        plain_reach = core.plain_reach if mask is None and core.frozen is None else core.no_plain
        for t in range(core.n):
            bb = bbs[2 * t + us] & ~skip
            if frozen and not (core.frozen_moves or core.frozen_captures):
                bb &= ~frozen
            if not bb:
                continue
            promo = core.promo[t]
            reach = plain_reach[t]
            if reach is not None and promo is None:
                # one reach that both moves and captures (R, B, Q, N, K ...): its table read inline
                reach = reach[us]
                static = reach.static
                relevant = reach.relevant
                memo = reach.memo
                while bb:
                    low = bb & -bb
                    sq = low.bit_length() - 1
                    bb ^= low
                    rel = relevant[sq]
                    if rel:
                        r = memo[sq].get(occ & rel)
                        if r is None:
                            r = reach(sq, occ)
                    else:
                        r = static[sq]
                    q = r & ~occ
                    while q:
                        lb = q & -q
                        out.append(sq | (lb.bit_length() - 1) << 10)
                        q ^= lb
                    c = r & enemies
                    while c:
                        lb = c & -c
                        out.append(sq | (lb.bit_length() - 1) << 10 | CAPTURE)
                        c ^= lb
                continue
            tracks = core.tracks_unmoved[t]
            split = core.split_reach[t]
            if split is not None:
                split_q, split_i, split_c = split[us]
            if core.needs_types[t] and by_type is None:
                by_type = {k: bbs[2 * i + them] for i, k in enumerate(core.keys)}
            while bb:
                low = bb & -bb
                sq = low.bit_length() - 1
                bb ^= low
                initial = tracks and bool(self.unmoved & low)
                la = core.leaper_attacks[t]
                ep_here = (
                    self.ep_squares and core.takes_ep[t] and (la is None or la[us][sq] & self.ep_squares)
                )
                # multi-leg pieces too (their targets as square sets); move records only for en
                # passant taken here, or made by a piece whose ep squares have no table (multi-leg)
                if core.simple[t] or not (ep_here or (core.multi[t] and core.pieces[t].makes_ep)):
                    if split is not None:
                        # the piece tables' quiets/captures, their Reach lookups inline
                        q = 0
                        for rq in split_q:
                            rel = rq.relevant[sq]
                            if rel:
                                r = rq.memo[sq].get(occ & rel)
                                q |= rq(sq, occ) if r is None else r
                            else:
                                q |= rq.static[sq]
                        if initial:
                            for rq in split_i:
                                q |= rq(sq, occ)
                        q &= ~occ
                        rel = split_c.relevant[sq]
                        if rel:
                            c = split_c.memo[sq].get(occ & rel)
                            if c is None:
                                c = split_c(sq, occ)
                        else:
                            c = split_c.static[sq]
                        c &= enemies
                    else:
                        q = core.quiets[t](sq, us, occ, initial)
                        c = core.captures[t](sq, us, occ, enemies, initial, by_type)
                    if mask is not None:
                        q &= mask[sq]
                        c &= mask[sq]
                    if frozen & low:
                        q = q if core.frozen_moves else 0
                        c = c if core.frozen_captures else 0
                    epm = core.ep_make[t]
                    if epm is not None and q & epm[us][sq]:
                        making = q & epm[us][sq]
                        q ^= making
                        # (a move that cannot touch the promotion zone needs no promotion choice)
                        plain_making = making
                        if promo is not None:
                            zone = promo[3][us]
                            plain_making = 0 if zone >> sq & 1 else making & ~zone
                        while making:
                            lb = making & -making
                            to = lb.bit_length() - 1
                            if plain_making & lb:
                                out.append(sq | to << 10 | MAKES_EP)
                            else:
                                self._emit_promo(out, t, sq, to, MAKES_EP, promo)  # type: ignore[arg-type]
                            making ^= lb
                    plain_q, plain_c = q, c
                    if promo is not None:
                        zone = promo[3][us]
                        if zone >> sq & 1:
                            plain_q = plain_c = 0
                        else:
                            # outside the zone only entering it can promote
                            plain_q, q = q & ~zone, q & zone
                            plain_c, c = c & ~zone, c & zone
                    while plain_q:
                        lb = plain_q & -plain_q
                        out.append(sq | (lb.bit_length() - 1) << 10)
                        plain_q ^= lb
                    while plain_c:
                        lb = plain_c & -plain_c
                        out.append(sq | (lb.bit_length() - 1) << 10 | CAPTURE)
                        plain_c ^= lb
                    if promo is not None:
                        for to in _bits(q):
                            self._emit_promo(out, t, sq, to, 0, promo)
                        for to in _bits(c):
                            self._emit_promo(out, t, sq, to, CAPTURE, promo)
                else:
                    if ep is None and self.ep_squares:
                        from notation_toolkit.variant.pieces import EnPassant

                        ep = EnPassant(
                            self.ep_squares, self.ep_victim, core.keys[self.board[self.ep_victim] >> 1]
                        )
                    for rec in core.pieces[t].moves(
                        sq, us, occ, friends, enemies, initial=initial, by_type=by_type, ep=ep
                    ):
                        if mask is not None and not mask[sq] >> rec.target & 1:
                            continue
                        if frozen & low and not (
                            core.frozen_captures if rec.captured is not None else core.frozen_moves
                        ):
                            continue
                        if rec.captured is not None and protected >> rec.captured & 1:
                            continue
                        flags = 0
                        if rec.captured is not None:
                            flags = CAPTURE
                            if rec.captured != rec.target:
                                if rec.captured != self.ep_victim or rec.path:
                                    continue  # not the e.p. victim (the compiler captures only on targets)
                                flags |= EP
                        if rec.ep_squares:
                            flags |= MAKES_EP
                        if promo is None:
                            out.append(sq | rec.target << 10 | flags)
                        else:
                            self._emit_promo(out, t, sq, rec.target, flags, promo)
        if frozen:
            n = len(out)
            for hook in core.move_hooks:
                hook(self, out)
            # a frozen piece takes no part in a move of a rule either (castling: either piece)
            out[n:] = [
                m
                for m in out[n:]
                if m & PASS
                or (m & REMOVE and core.frozen_remove)
                or (not frozen >> (m & SQ) & 1 and not (m & CASTLE and frozen >> ((m >> 20 & SQ) - 1) & 1))
            ]
        else:
            for hook in core.move_hooks:
                hook(self, out)
        if drops:
            for hook in core.drop_hooks:
                hook(self, out)
        return out

    def _drop_targets(self, t: int, empty: int) -> int:
        """The squares of ``empty`` where a piece of type ``t`` from the hand may be dropped."""
        core = self.core
        if not core.droppable[t]:
            return 0
        targets = empty & core.drop_zone[t][self.turn]
        if not core.drop_explicit[t]:
            # no drop on squares where the piece has no physical move (003:286)
            targets &= core.can_move[t][self.turn]
        return targets

    def _emit_promo(self, out: list[int], t: int, sq: int, to: int, flags: int, promo: Promo) -> None:
        enter, leave, move, zones, optional, _status, capture, capture_of = promo
        zone = zones[self.turn]
        in_to = zone >> to & 1
        # inside the zone: moving within it or leaving it; outside: entering it (or no promotion)
        choices = (move if in_to else leave) if zone >> sq & 1 else (enter if in_to else None)
        if capture is not None and in_to and flags & CAPTURE:
            victim = self.board[self.ep_victim if flags & EP else to] >> 1
            if capture_of is None or capture_of[victim]:
                # promotion=capture (003:680): with another way that applies, either's choices
                choices = capture if choices is None else _merged(choices, capture)
        if choices is None:
            out.append(sq | to << 10 | flags)
            return
        for c in choices[self.turn]:
            if self._limit_ok(c, to, sq):
                out.append(sq | to << 10 | (c + 1) << 20 | flags)
        # a piece must promote if it could not move afterwards (003:744); optional: may decline.
        # Without a choice allowed, the zone cannot be entered (003:660).
        if optional and self.core.can_move[t][self.turn] >> to & 1:
            out.append(sq | to << 10 | flags | NOPROMO)

    def _limit_ok(self, t: int, to: int, frm: int = -1) -> bool:
        core = self.core
        us = self.turn
        for members, limit in core.total_limits:
            if t in members:
                count = sum(bin(self.bbs[2 * m + us]).count("1") for m in members)
                if count + 1 > limit:
                    return False
        for members, limit in core.file_limits:
            if t in members:
                f = core.file_of[to]
                if frm >= 0 and core.file_of[frm] == f and self.board[frm] >> 1 in members:
                    continue
                fmask = core.geometry.file_masks[f]
                count = sum(bin(self.bbs[2 * m + us] & fmask).count("1") for m in members)
                if count + 1 > limit:
                    return False
        return True

    # -- making moves ------------------------------------------------------------------------------------

    def _do(self, m: int) -> tuple[object, ...]:
        core = self.core
        us = self.turn
        them = 1 - us
        board = self.board
        bbs = self.bbs
        occ = self.occ
        zp = core.z_piece
        key = self.key
        saved = (m, key, self.unmoved, self.promoted, self.ep_squares, self.ep_victim, self.checks[us])
        frm = m & SQ
        to = m >> 10 & SQ
        for s in _bits(self.ep_squares):
            key ^= core.z_ep[s]
        new_ep = 0
        new_victim = -1
        captured_code = -1
        captured_sq = -1
        hand_change = -1
        moved_code = board[frm] if not m & (DROP | PASS) else -1
        if m & DROP:
            t = frm
            code = 2 * t + us
            hand = self.hands[us]
            n = hand[t]
            key ^= core.z_hand[code][n] ^ core.z_hand[code][n - 1]
            hand[t] = n - 1
            hand_change = t
            board[to] = code
            bbs[code] |= 1 << to
            occ[us] |= 1 << to
            key ^= zp[code][to]
            if core.unmoved_on_drop[t]:
                # after a drop the piece is initial again (003:280)
                self.unmoved |= 1 << to
                key ^= core.z_unmoved[to]
        elif m & CASTLE:
            rs = (m >> 20 & SQ) - 1
            kcode = board[frm]
            rcode = board[rs]
            rd = (m >> 40 & SQ) - 1
            for sq, code in ((frm, kcode), (rs, rcode)):
                board[sq] = -1
                bbs[code] ^= 1 << sq
                occ[us] ^= 1 << sq
                key ^= zp[code][sq]
            for sq, code in ((to, kcode), (rd, rcode)):
                board[sq] = code
                bbs[code] |= 1 << sq
                occ[us] |= 1 << sq
                key ^= zp[code][sq]
            for sq in (frm, rs):
                if self.unmoved >> sq & 1:
                    self.unmoved ^= 1 << sq
                    key ^= core.z_unmoved[sq]
            captured_sq = rd  # remembered for the undo
        elif m & PASS:
            pass  # the board stays; the side to move changes (or the turn goes on: rules.turn)
        else:
            code = board[frm]
            t = code >> 1
            if m & CAPTURE:
                captured_sq = self.ep_victim if m & EP else to
                captured_code = board[captured_sq]
                board[captured_sq] = -1
                bbs[captured_code] ^= 1 << captured_sq
                occ[them] ^= 1 << captured_sq
                key ^= zp[captured_code][captured_sq]
                cbit = 1 << captured_sq
                if self.unmoved & cbit:
                    self.unmoved ^= cbit
                    key ^= core.z_unmoved[captured_sq]
                status = bool(self.promoted & cbit)
                if status:
                    self.promoted ^= cbit
                    key ^= core.z_status[captured_sq]
                if core.hand_captures:
                    ct = captured_code >> 1
                    if core.rules.demote:
                        ct = core.status_origin.get(ct, ct) if status else core.to_hand[ct]
                    zone = core.hand_zone
                    if core.hand_ok[ct] and (zone is None or zone[us] >> captured_sq & 1):
                        side = us if core.hand_flip else them
                        hcode = 2 * ct + side
                        n = self.hands[side][ct]
                        key ^= core.z_hand[hcode][n] ^ core.z_hand[hcode][n + 1]
                        self.hands[side][ct] = n + 1
                        hand_change = hcode
            board[frm] = -1
            bbs[code] ^= 1 << frm
            occ[us] ^= 1 << frm
            key ^= zp[code][frm]
            fbit = 1 << frm
            moved_status = False
            if self.promoted & fbit:
                self.promoted ^= fbit
                key ^= core.z_status[frm]
                moved_status = True
            if self.unmoved & fbit:
                self.unmoved ^= fbit
                key ^= core.z_unmoved[frm]
            promo = m >> 20 & SQ
            if promo and not m & CASTLE:
                code = 2 * (promo - 1) + us
                spec = core.promo[t]
                if spec is not None and spec[5]:
                    moved_status = True
            board[to] = code
            bbs[code] |= 1 << to
            occ[us] |= 1 << to
            key ^= zp[code][to]
            if moved_status:
                self.promoted |= 1 << to
                key ^= core.z_status[to]
            if m & MAKES_EP:
                pair = frm | to << 10
                new_ep = core.between.get(pair, -1)
                if new_ep < 0:
                    new_ep = core.between[pair] = _between(core.geometry.width, frm, to)
                new_victim = to
        self.ep_squares = new_ep
        self.ep_victim = new_victim
        for s in _bits(new_ep):
            key ^= core.z_ep[s]
        key ^= core.z_side
        self.turn = them
        self.key = key
        undo = (saved, captured_code, captured_sq, hand_change, moved_code)
        if core.effects:
            return (*undo, [do(self, m, undo) for do, _ in core.effects])
        return undo

    def _undo(self, undo: tuple[object, ...]) -> None:
        if len(undo) > 5:
            records = undo[5]
            assert isinstance(records, list)
            effects = self.core.effects
            for i in range(len(effects) - 1, -1, -1):
                effects[i][1](self, records[i])
            undo = undo[:5]
        saved, captured_code, captured_sq, hand_change, moved_code = undo
        assert isinstance(saved, tuple) and isinstance(moved_code, int)
        m, key, unmoved, promoted, ep_squares, ep_victim, checks = saved
        assert isinstance(m, int) and isinstance(captured_code, int) and isinstance(captured_sq, int)
        assert isinstance(hand_change, int)
        them = self.turn
        us = 1 - them
        board = self.board
        bbs = self.bbs
        occ = self.occ
        frm = m & SQ
        to = m >> 10 & SQ
        if m & DROP:
            code = board[to]
            board[to] = -1
            bbs[code] ^= 1 << to
            occ[us] ^= 1 << to
            self.hands[us][frm] += 1
        elif m & CASTLE:
            rs = (m >> 20 & SQ) - 1
            rd = captured_sq
            kcode = board[to]
            rcode = board[rd]
            for sq, code in ((to, kcode), (rd, rcode)):
                board[sq] = -1
                bbs[code] ^= 1 << sq
                occ[us] ^= 1 << sq
            for sq, code in ((frm, kcode), (rs, rcode)):
                board[sq] = code
                bbs[code] |= 1 << sq
                occ[us] |= 1 << sq
        elif m & PASS:
            pass
        else:
            code = board[to]
            board[to] = -1
            bbs[code] ^= 1 << to
            occ[us] ^= 1 << to
            code = moved_code
            board[frm] = code
            bbs[code] |= 1 << frm
            occ[us] |= 1 << frm
            if captured_code >= 0:
                board[captured_sq] = captured_code
                bbs[captured_code] |= 1 << captured_sq
                occ[them] |= 1 << captured_sq
                if hand_change >= 0:
                    self.hands[hand_change & 1][hand_change >> 1] -= 1
        self.turn = us
        assert isinstance(unmoved, int) and isinstance(promoted, int) and isinstance(key, int)
        assert isinstance(ep_squares, int) and isinstance(ep_victim, int) and isinstance(checks, int)
        self.unmoved = unmoved
        self.promoted = promoted
        self.ep_squares = ep_squares
        self.ep_victim = ep_victim
        self.checks[us] = checks
        self.key = key

    # -- legal moves ---------------------------------------------------------------------------------------

    def _is_legal_after(self, m: int) -> bool:
        """Called with the move made (the opponent to move): did it leave a royal piece attacked?"""
        return not self._royal_attacked(1 - self.turn)

    def _legal_codes(self) -> list[int]:
        if self._decided() is not None:
            return []
        return self._legal_raw()

    def _legal_count(self) -> int:
        """``len(self._legal_codes())``, counted in bulk where moves cannot be illegal: the moves of
        pieces with one plain reach from squares that pin nothing (a population count each, see
        ``_legal_raw``), and drops as square sets where a drop can only shield: no hopper that a
        dropped piece could serve as a hurdle, no drop rule (``nocheck``, ``nomate``), no piece
        limits. In check, only the squares whose occupation ends every check take drops (found
        on the lines to the checking pieces)."""
        core = self.core
        if core.filters or core.legal_hooks or core.effects or core.frozen is not None or core.protected:
            return len(self._legal_codes())
        if self._decided() is not None:
            return 0
        bulk = [0]
        if not core.bulk_drops:
            return len(self._legal_raw(bulk=bulk)) + bulk[0]
        count = len(self._legal_raw(drops=False, bulk=bulk)) + bulk[0]
        hand = self.hands[self.turn]
        if not any(hand):
            return count
        empty = core.geometry.full & ~(self.occ[0] | self.occ[1] | core.walls)
        if core.royal_types and self._royal_attacked(self.turn):
            empty = self._shielding_squares(empty)
        for t in range(core.n):
            if hand[t]:
                count += self._drop_targets(t, empty).bit_count()
        return count

    def _shielding_squares(self, empty: int) -> int:
        """The squares of ``empty`` where a piece of the side to move, put there, leaves no royal
        piece of its attacked. Candidates are the squares between each royal piece and the pieces
        attacking it (every square when an attacker is not seen from its target), each tried."""
        core = self.core
        us = self.turn
        them = 1 - us
        occ = self.occ[0] | self.occ[1] | core.walls
        width = core.geometry.width
        royals = [(sq, core.keys[t]) for t in core.royal_types for sq in _bits(self.bbs[2 * t + us])]
        candidates = 0
        for sq, _key in royals:
            for t in range(core.n):
                bb = self.bbs[2 * t + them]
                reverse = core.reverse[t]
                if not bb:
                    continue
                if reverse is None:
                    candidates = empty
                    break
                seen = reverse(sq, them, occ)
                for at in _bits(seen & bb):
                    if core.wraps:
                        # a line may go round a joined edge either way: the squares both the
                        # attacker and the royal square see hold the squares between
                        candidates |= core.attack_fn[t](at, them, occ, None) & seen
                    else:
                        candidates |= _between(width, at, sq)
        out = 0
        for s in _bits(candidates & empty):
            with_it = occ | 1 << s
            if not any(self.is_attacked(sq, them, key, with_it) for sq, key in royals):
                out |= 1 << s
        return out

    def _legal_raw(self, drops: bool = True, bulk: list[int] | None = None) -> list[int]:
        """The legal move codes (before the rules' filters). With ``bulk``, the moves of pieces
        with one plain reach (``Core.bulk_types``) from origins that pin nothing are not listed
        but added to ``bulk[0]``: those moves are legal whatever their target (perft's leaves)."""
        core = self.core
        out: list[int] = []
        has_royal = bool(core.check_types)
        safe = 0
        royal_sq = -1
        royal_key: str | None = None
        them = 1 - self.turn
        occ = self.occ[0] | self.occ[1] | core.walls
        fast = (core.fast_legal or core.general_fast) and not core.exact
        dest_danger = 0
        royal = 0
        if has_royal and fast:
            for t in core.royal_types:
                if self.bbs[2 * t + self.turn]:
                    royal |= self.bbs[2 * t + self.turn]
                    royal_key = core.keys[t]
            if royal and not royal & (royal - 1):
                # a single royal piece: its own moves are tested on the board without it
                royal_sq = royal.bit_length() - 1
        if has_royal and fast and royal and not self._royal_attacked(self.turn):
            # a move can expose a royal piece only from a first blocker of a rider line towards
            # it (leapers are never discovered): every other origin is safe
            danger = royal
            if core.fast_legal:
                for sq in _bits(royal):
                    for t in core.rider_types:
                        if core.rev_lines[t][them][sq] & self.bbs[2 * t + them]:  # type: ignore[index]
                            danger |= core.reverse[t](sq, them, occ)  # type: ignore[misc]
            else:
                danger |= self.occ[self.turn] & self._pin_candidates(royal, them)
                if core.has_hoppers:
                    hoppers = 0
                    for t in core.hopper_types:
                        hoppers |= self.bbs[2 * t + them]
                    if hoppers:
                        for sq in _bits(royal):
                            for ray in core.rays[sq]:
                                if ray & hoppers:
                                    dest_danger |= ray
            # a first blocker whose removal exposes no royal piece is not pinned: its moves are safe
            blockers = danger & self.occ[self.turn] & ~royal
            while blockers:
                low = blockers & -blockers
                blockers ^= low
                without = occ ^ low
                exposed = False
                for sq in _bits(royal):
                    if self.is_attacked(sq, them, royal_key, without):
                        exposed = True
                        break
                if not exposed:
                    danger ^= low
            safe = core.geometry.full & ~danger
        us = self.turn
        # a part of a multi-move turn may leave the royal piece attacked (its filter decides)
        check_royal = has_royal and not (core.expose_hooks and any(h(self) for h in core.expose_hooks))
        if has_royal and not check_royal:
            royal_sq = -1
            safe = 0
        skip = 0
        if bulk is not None and safe and (core.bulk_types or core.bulk_split):
            us = self.turn
            friends = self.occ[us]
            count = 0
            for t in core.bulk_types:
                bb = self.bbs[2 * t + us] & safe
                if not bb:
                    continue
                skip |= bb
                reach = core.plain_reach[t][us]
                static = reach.static
                relevant = reach.relevant
                memo = reach.memo
                while bb:
                    low = bb & -bb
                    sq = low.bit_length() - 1
                    bb ^= low
                    rel = relevant[sq]
                    if rel:
                        r = memo[sq].get(occ & rel)
                        if r is None:
                            r = reach(sq, occ)
                    else:
                        r = static[sq]
                    count += (r & ~friends).bit_count()
            enemies = self.occ[them]
            for t in core.bulk_split:
                bb = self.bbs[2 * t + us] & safe
                if not bb or (self.ep_squares and core.takes_ep[t]) or core.target_mask is not None:
                    continue
                promo = core.promo[t]
                zone = promo[3][us] if promo is not None else 0
                split_q, split_i, split_c = core.split_reach[t][us]
                tracks = core.tracks_unmoved[t]
                while bb:
                    low = bb & -bb
                    sq = low.bit_length() - 1
                    bb ^= low
                    if zone >> sq & 1:
                        continue
                    q = 0
                    for rq in split_q:
                        q |= rq(sq, occ)
                    if tracks and self.unmoved & low:
                        for rq in split_i:
                            q |= rq(sq, occ)
                    r = (q & ~occ) | (split_c(sq, occ) & enemies)
                    if r & zone:
                        continue  # a promotion choice per target: listed
                    skip |= low
                    count += r.bit_count()
            bulk[0] += count
        royal_choices = core.royal_choices
        royal_drops = core.royal_drops
        safe_hook = core.safe_hook
        pseudo = self._pseudo(drops, skip)
        if not check_royal and not core.legal_hooks and not core.drop_rules:
            # nothing to test after the move (no royal piece, no legality hook): every move stands
            out = pseudo
            pseudo = []
        for m in pseudo:
            if royal_sq >= 0 and (m & SQ) == royal_sq and not m & (EP | CASTLE | DROP):
                to = m >> 10 & SQ
                if not self.is_attacked(to, them, royal_key, (occ ^ 1 << royal_sq) | 1 << to, 1 << to):
                    out.append(m)
                continue
            if (
                safe
                and not m & (EP | CASTLE)
                and (m & DROP or safe >> (m & SQ) & 1)
                and not dest_danger >> (m >> 10 & SQ) & 1
                and not (royal_choices and royal_choices >> (m >> 20 & SQ) & 1)
                and not (royal_drops and m & DROP and core.royal[m & SQ])
                and not (m & DROP and (core.drop_nocheck[m & SQ] or core.drop_nomate[m & SQ]))
            ):
                out.append(m)
                continue
            undo = self._do(m)
            ok = True
            for legal in core.legal_hooks:
                if not legal(self, m):
                    ok = False
                    break
            if not ok:
                pass
            elif (
                check_royal
                and (self._royal_attacked(us) if safe_hook is None else not safe_hook(self, m, undo))
            ) or (
                (
                    m & DROP
                    and (core.drop_nocheck[m & SQ] or core.drop_nomate[m & SQ])
                    and self._royal_attacked(self.turn)
                )
                and (core.drop_nocheck[m & SQ] or not self._legal_raw())
            ):
                ok = False
            self._undo(undo)
            if ok:
                out.append(m)
        for keep in core.filters:
            out = keep(self, out)
        return out

    def _pin_candidates(self, royal: int, them: int) -> int:
        """Squares where an own piece could shield a royal piece from an enemy attack (the
        general fast path's candidate blockers, tested by removal): the empty-board attack lines of
        enemy riders towards the royal squares, the lines through them for hoppers, and for pieces
        looked at from their own square (lame leapers, capture-set lines) the rectangle between
        each such piece that could attack the royal square and that square. Unblockable leapers add
        nothing; multi-leg pieces make every square a candidate."""
        core = self.core
        g = core.geometry
        if core.wraps:  # lines go round the joined edges: the rectangles below do not hold them
            return g.full
        width = g.width
        bbs = self.bbs
        out = 0
        for sq in _bits(royal):
            fr, rr = sq % width, sq // width
            for t in range(core.n):
                bb = bbs[2 * t + them]
                if not bb or core.rev_static[t] is not None:
                    continue
                lines = core.rev_lines[t]
                if lines is not None:
                    out |= lines[them][sq]
                    continue
                if core.multi[t]:
                    return g.full
                could = core.could[t]
                if could is None:
                    if not core.has_hoppers:
                        return g.full  # neither lines nor a reach from its square: no bound
                    out |= core.royal_lines[sq]
                    continue
                for s in _bits(bb & could[them][sq]):
                    out |= core.span_files[s % width][fr] & core.span_ranks[s // width][rr]
        return out

    def _code_text(self, m: int) -> str:
        return _code_text(self.core, m)

    def legal_moves(self) -> list[Move]:
        """The legal moves (none once the game is decided by a win condition of the rules)."""
        core = self.core
        new = tuple.__new__
        return [new(Move, (m, core, None)) for m in self._legal_codes()]

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``; ``MoveError`` (VAR401/VAR402) otherwise."""
        text = text.strip()
        legal = self.legal_moves()
        for mv in legal:
            if mv.text == text:
                return mv
        # a castling in its other spelling (royal move or royal piece taking its partner), when
        # no other move is written so
        names = self.core.names
        other = [
            mv
            for mv in legal
            if mv.code & CASTLE
            and text
            in (
                names[mv.code & SQ] + names[mv.code >> 10 & SQ],
                names[mv.code & SQ] + names[(mv.code >> 20 & SQ) - 1],
            )
        ]
        if len(other) == 1:
            return other[0]
        from notation_toolkit.core.span import Span

        if not _looks_like_move(text):
            raise info_of(codes.BAD_MOVE).error(MoveError, "move", span=Span(0, len(text)), move=_clip(text))
        shown = ", ".join(sorted(m.text for m in legal)[:12])
        raise info_of(codes.ILLEGAL_MOVE).error(
            MoveError,
            "legal_here",
            span=Span(0, len(text)),
            hint=f"legal moves: {shown}{' ...' if len(legal) > 12 else ''}"
            if legal
            else "there is no legal move",
            move=_clip(text),
        )

    def push(self, move: Move | str) -> None:
        """Play a move (a ``Move`` of ``legal_moves()`` or its text); ``TypeError`` for anything else."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(
                f"push() takes a Move of legal_moves() or a move's text such as 'e2e4', not "
                f"{type(move).__name__}"
            )
        self._push_code(move.code)

    def _push_code(self, m: int) -> None:
        self.history.append(self.key)
        undo = self._do(m)
        for pushed in self.core.push_hooks:
            pushed(self)
        self.stack.append(undo)
        self.ply += 1

    def _pop_code(self) -> None:
        self._undo(self.stack.pop())
        self.history.pop()
        if self.gave_check:
            self.gave_check.pop()
        self.ply -= 1

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self.stack:
            raise info_of(codes.NO_MOVE_TO_UNDO).error(MoveError, "no_move_take")
        undo = self.stack.pop()
        self._undo(undo)
        self.history.pop()
        if self.gave_check:
            self.gave_check.pop()
        self.ply -= 1
        saved = undo[0]
        assert isinstance(saved, tuple) and isinstance(saved[0], int)
        return Move(None, saved[0], self.core)

    @property
    def move_stack(self) -> list[str]:
        """The moves played so far (as text), oldest first."""
        out: list[str] = []
        for undo in self.stack:
            saved = undo[0]
            assert isinstance(saved, tuple) and isinstance(saved[0], int)
            out.append(self._code_text(saved[0]))
        return out

    # -- results -----------------------------------------------------------------------------------------

    def _decided(self) -> Outcome | None:
        """A result decided by the last move (the ``end`` hooks of the rules), before looking at
        the moves left."""
        for end in self.core.end_hooks:
            result = end(self)
            if result is not None:
                return result
        return None

    def outcome(self) -> Outcome | None:
        """The result when the game is over, else ``None``: a result decided by the last move (hill,
        checks, bare ...), then with no legal move checkmate or stalemate (as the ``stalemate`` rule
        says; a draw by default, 003:979), then repetition (as ``draw`` and ``loss`` say)."""
        decided = self._decided()
        if decided is not None:
            return decided
        core = self.core
        if not self._legal_raw():
            for no_moves in core.no_move_hooks:
                result = no_moves(self)
                if result is not None:
                    return result
            return Outcome(None, "stalemate")
        if core.repeat_hooks:
            seen = self.history.count(self.key) + 1
            for repeated in core.repeat_hooks:
                result = repeated(self, seen)
                if result is not None:
                    return result
        return None

    def is_game_over(self) -> bool:
        """True when ``outcome()`` is not ``None``."""
        return self.outcome() is not None

    # -- pieces ----------------------------------------------------------------------------------------------

    def piece_at(self, square: str | int) -> str | None:
        """The FEEN token of the piece on a square (``"K^"``, ``"p"``, ``"-R"``) or ``None``."""
        sq = self.core.geometry.parse_square(square) if isinstance(square, str) else square
        code = self.board[sq]
        return None if code < 0 else notation.piece_token(self, sq, code)


def _code_text(core: Core, m: int) -> str:
    """The text of move code ``m`` (it depends on the variant only, not on the position)."""
    names = core.names
    to = m >> 10 & SQ
    if m & DROP:
        return _letter(core.keys[m & SQ]).upper() + "@" + names[to]
    if m & PASS:
        return "pass"
    promo = m >> 20 & SQ
    gate = m >> GATE_SHIFT & SQ
    if m & GATE_ON_PARTNER:
        # gating on the partner's square: from the partner's square to the royal piece's
        text = names[promo - 1] + names[m & SQ]
    elif m & CASTLE_BY_PARTNER:
        text = names[m & SQ] + names[promo - 1]
    else:
        text = names[m & SQ] + names[to]
    if promo and not m & CASTLE:
        k = core.keys[promo - 1]
        text += "+" if k.startswith("+") else k.lower()
    if gate:
        text += _letter(core.keys[gate - 1]).lower()
    return text


def _merged(a: tuple[list[int], list[int]], b: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """The choices of two ways of promoting, per side, each once."""
    return (a[0] + [c for c in b[0] if c not in a[0]], a[1] + [c for c in b[1] if c not in a[1]])


def _clip(text: str, limit: int = 40) -> str:
    """``text`` for a message: at most ``limit`` characters, then an ellipsis (the span has it all)."""
    return text if len(text) <= limit else text[:limit] + "..."


def _letter(key: str) -> str:
    return key.lstrip("+-#*$%&")


def _looks_like_move(text: str) -> bool:
    import re

    return text == "pass" or (
        re.fullmatch(r"([A-Z]@[a-z][0-9]{1,2}|[a-z][0-9]{1,2}[a-z][0-9]{1,2}(\+|[a-z])?)", text) is not None
    )


def _between(width: int, a: int, b: int) -> int:
    """Squares strictly between ``a`` and ``b`` on a line (the squares an ``me`` move passes)."""
    fa, ra = a % width, a // width
    fb, rb = b % width, b // width
    dx, dy = fb - fa, rb - ra
    from math import gcd

    n = gcd(abs(dx), abs(dy))
    if n <= 1:
        return 0
    sx, sy = dx // n, dy // n
    out = 0
    for i in range(1, n):
        out |= 1 << ((ra + i * sy) * width + fa + i * sx)
    return out
