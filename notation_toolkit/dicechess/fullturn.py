"""Whole turns for every roll at once: one breadth-first pass over dice multisets.

``walk_turns`` (in ``turns``) walks the R8-legal sequences of one rolled pool depth first and asks the
maximum-dice rule (``Position.legal_moves``, which searches L*) at every step. This module answers the
same question for many rolls together, without asking R8 step by step:

* ``Reach(D)`` is the set of positions reached by pseudo-legal micro-move sequences that spend exactly
  the dice multiset ``D`` and capture no king; each position carries how many sequences reach it and
  one of them. ``Reach(D)`` is built from ``Reach(D - t)`` for each die type ``t`` in ``D`` (and from
  ``Reach(D - K - R)`` by castling), one layer per die, deduplicating each layer on the Zobrist key. A
  multiset of two dice is built once and shared by every roll containing it.
* For a roll ``R``, ``L*(R)`` (R8) is the largest ``|D|`` over sub-multisets ``D`` of ``R`` that some
  sequence spends exactly (a king capture ends a sequence). A sequence that captures no king is R8-legal
  if and only if it spends ``L*(R)`` dice: every prefix of such a sequence keeps ``cost + L*(after) ==
  L*(before)`` because ``L*`` can only fall by the dice spent. So the ends of ``R`` are the union of
  ``Reach(D)`` over the ``D`` of size ``L*(R)`` (the fallback to the largest usable subsets of R8).
* A sequence ending in a king capture from a position ``s`` of ``Reach(D')`` is legal if and only if
  ``L*(s, R - D') == L*(R) - |D'|`` (the same telescoping argument; the capture itself is always legal,
  R8.1). These are rare and are checked with the core's ``Position.lstar``.

The answers equal ``walk_turns`` (today's algorithm, kept as the reference) on every test position:
``tests/dicechess/test_dice_fullturn.py`` compares the two on many positions and rolls.

Keys. ``key="exact"`` tells end positions apart as DFEN does (the half-move clock included).
``key="reduced"`` is the F2 deduplication key: the clock is set aside and en-passant targets that cannot
change what happens next are dropped (``dead_ep_targets``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal

from notation_toolkit.dicechess.dice import DIE, ROLL_OUTCOMES
from notation_toolkit.dicechess.moves import FLAG_CASTLING, FLAG_DOUBLE
from notation_toolkit.dicechess.position import POOL_SIZE, Position, ep_keys
from notation_toolkit.dicechess.tables import (
    BB_RANK_3,
    BB_RANK_6,
    BB_SQUARES,
    CASTLING_KEYS,
    COLOR_RIGHTS,
    KEEP_AFTER_CAPTURE_ON,
    KEEP_AFTER_ROOK_LEAVES,
    KING,
    PAWN,
    PIECE_SQUARE_KEYS,
    ROOK,
    TURN_KEY,
    WHITE,
    Bitboard,
    Color,
)

KeyKind = Literal["exact", "reduced"]

_ONE_OF_EACH: Final = sum(DIE[t] for t in range(1, 7))
_CASTLE_DICE: Final = DIE[KING] + DIE[ROOK]
_CLOCK_SHIFT: Final = 64


def _sub_multisets(pool: int) -> list[int]:
    """Every sub-multiset of ``pool`` (the empty one included), as packed pools."""
    out = [0]
    for t in range(1, 7):
        n = (pool >> (2 * t)) & 3
        out = [p + k * DIE[t] for p in out for k in range(n + 1)]
    return out


_SUBS: Final = {o.pool: tuple(_sub_multisets(o.pool)) for o in ROLL_OUTCOMES}
_ALL_POOLS: Final = tuple(o.pool for o in ROLL_OUTCOMES)


def _live_masks() -> tuple[tuple[tuple[Bitboard, ...], ...], ...]:
    """``LIVE[colour][p][t]``: squares where a ``colour`` pawn may still capture en passant onto ``t``
    within a turn holding ``p`` P dice (the capture itself needs one; each earlier pawn move shifts the
    pawn one rank, two for a double push, and at most one file).
    """
    out: list[tuple[tuple[Bitboard, ...], ...]] = []
    for colour in (0, 1):
        per_p: list[tuple[Bitboard, ...]] = []
        for p in range(4):
            masks: list[Bitboard] = []
            for t in range(64):
                f, r = t & 7, t >> 3
                mask = 0
                if p and (r == 5 if colour == WHITE else r == 2):
                    # the capturing pawn stands on the target's rank - 1 (White) at an adjacent file
                    cap_rank = r - 1 if colour == WHITE else r + 1
                    step = -1 if colour == WHITE else 1
                    for sq in range(64):
                        sf, sr = sq & 7, sq >> 3
                        ranks = (cap_rank - sr) * (-step)  # ranks the pawn still has to advance
                        if ranks < 0 or sr in (0, 7):
                            continue
                        moves = p - 1
                        # a double push covers two ranks from the home rank
                        home = 1 if colour == WHITE else 6
                        need = ranks - 1 if (sr == home and ranks >= 2) else ranks
                        if need > moves:
                            continue
                        if need == 0 and abs(sf - f) != 1:
                            continue
                        if abs(sf - f) > need + 1:
                            continue
                        mask |= 1 << sq
                masks.append(mask)
            per_p.append(tuple(masks))
        out.append(tuple(per_p))
    return tuple(out)


LIVE: Final = _live_masks()


def dead_ep_targets(pos: Position, capturer: Color, p_dice: int = 3) -> Bitboard:
    """The en-passant targets of ``pos`` that ``capturer`` can never capture onto in a turn with at most
    ``p_dice`` P dice: no enemy pawn stands behind the target (it cannot come back while the capturer
    moves), or no pawn of the capturer is close enough (``LIVE``). Dropping them from a key changes
    nothing that can happen next (the targets expire at the end of that turn, R11.4).
    """
    rank = BB_RANK_6 if capturer == WHITE else BB_RANK_3
    targets = pos.ep & rank
    if not targets:
        return 0
    p = min(p_dice, 3)
    pawns = pos.pieces[PAWN]
    ours = pawns & pos.occ[capturer]
    theirs = pawns & pos.occ[capturer ^ 1]
    return _dead(targets, capturer, ours, theirs, LIVE[capturer][p])


def _dead(
    targets: Bitboard, capturer: Color, ours: Bitboard, theirs: Bitboard, live: tuple[Bitboard, ...]
) -> Bitboard:
    """The ``targets`` without an enemy pawn behind them, or out of reach of ``ours`` (``live``)."""
    dead = 0
    while targets:
        t = targets.bit_length() - 1
        targets ^= 1 << t
        behind = t - 8 if capturer == WHITE else t + 8
        if not (theirs & BB_SQUARES[behind]) or not (ours & live[t]):
            dead |= 1 << t
    return dead


def reduced_key(pos: Position) -> int:
    """F2 key of ``pos``: its Zobrist key without the en-passant targets that cannot matter any more
    (``dead_ep_targets`` for the side to move, given the P dice of the pool, three if not rolled yet).
    The half-move clock is not in it (the engine adds it near the R16 limit).
    """
    p = (pos.pool >> 2) & 3 if pos.pool else 3
    dead = dead_ep_targets(pos, pos.turn, p)
    return pos.key ^ ep_keys(dead) if dead else pos.key


@dataclass(slots=True)
class RollTurns:
    """The whole turns of one rolled pool (R8 semantics B).

    ``ends`` maps an end-position identity (after R11, see the module docstring for ``key``) to one
    sequence of move ints reaching it; ``wins`` does the same for sequences that capture the king (the
    identity is the final key with the unused dice, R17). ``sequences`` counts every legal sequence (a
    pass counts one); ``used`` is L* of the roll (0 for a pass).
    """

    pool: int
    used: int = 0
    sequences: int = 0
    ends: dict[int, tuple[int, ...]] = field(default_factory=dict)
    wins: dict[int, tuple[int, ...]] = field(default_factory=dict)

    @property
    def distinct(self) -> int:
        """Number of distinct end positions (king captures included)."""
        return len(self.ends) + len(self.wins)

    @property
    def is_pass(self) -> bool:
        """True if no die can be used (R10)."""
        return self.used == 0 and not self.wins


# A state of Reach(D): [one path, number of sequences, Zobrist key, EP set, half-move clock, pawns]
_State = list[Any]


def roll_turns(
    pos: Position, pools: tuple[int, ...] | list[int] | None = None, *, key: KeyKind = "exact"
) -> dict[int, RollTurns]:
    """Whole turns of ``pos`` for each rolled pool in ``pools`` (default: all 56 outcomes), in one pass.

    ``pos`` stands at the start of a turn; any pool it holds is ignored. It is left unchanged.
    """
    if pools is None:
        pools = _ALL_POOLS
    work = pos.copy()
    if work.pool:
        work.set_pool(0)
    needed: set[int] = set()
    for r in pools:
        needed.update(_SUBS[r] if r in _SUBS else _sub_multisets(r))
    mover = work.turn
    reduced = key == "reduced"
    if work.is_game_over:
        return {r: _game_over(work, r) for r in pools}

    push = work.push
    pop = work.pop
    board = work.board
    enemy_king = KING | ((mover ^ 1) << 3)
    enemy_pawn = PAWN | ((mover ^ 1) << 3)
    psk = PIECE_SQUARE_KEYS
    code_of = [t | (mover << 3) for t in range(7)]
    lose_all = ~COLOR_RIGHTS[mover]
    rook_leaves = KEEP_AFTER_ROOK_LEAVES[mover]
    # the rank a double push of the mover (``lo_land``) / of the opponent (``them_land``) lands on, and
    # the step from a landing square back to its target
    lo_land, them_land, back = (24, 32, -8) if mover == WHITE else (32, 24, 8)
    # states: D -> {mid identity -> state}; kings: D -> [(D', state, move)] king captures spending D
    pieces = work.pieces
    reach: dict[int, dict[int, _State]] = {0: {0: [(), 1, work.key, work.ep, work.halfmove, pieces[PAWN]]}}
    kings: dict[int, list[tuple[int, _State, int]]] = {}
    layers: list[list[int]] = [[0], [], [], []]
    for d in needed:
        if d:
            layers[POOL_SIZE[d]].append(d)
    for size in range(3):
        for dp in layers[size]:
            states = reach.get(dp)
            if not states:
                continue
            # children of ``dp``: which die types lead to a needed multiset
            child_of = [dp + DIE[t] if dp + DIE[t] in needed else -1 for t in range(7)]
            castle_to = dp + _CASTLE_DICE if dp + _CASTLE_DICE in needed else -1
            gen_pool = 0
            for t in range(1, 7):
                if child_of[t] >= 0:
                    gen_pool += DIE[t]
            if castle_to >= 0:
                gen_pool |= _CASTLE_DICE
            if not gen_pool:
                continue
            # states in path order, so that consecutive ones share their first micro-move: only the
            # part of the path that differs is popped and pushed
            pushed: tuple[int, ...] = ()
            for state in sorted(states.values(), key=_path_of) if size > 1 else states.values():
                path = state[0]
                if pushed:
                    keep = 0
                    while keep < len(pushed) and pushed[keep] == path[keep]:
                        keep += 1
                    for _ in range(len(pushed) - keep):
                        pop()
                    for m in path[keep:]:
                        push(m)
                else:
                    for m in path:
                        push(m)
                pushed = path
                count = state[1]
                base_key = work.key
                base_half = work.halfmove
                rights = work.castling
                ep = work.ep
                pawns_now = pieces[PAWN]
                for m in work.generate(gen_pool):
                    flag = m >> 18
                    pt = (m >> 15) & 7
                    d = castle_to if flag == FLAG_CASTLING else child_of[pt]
                    if d < 0:
                        continue
                    to = (m >> 6) & 63
                    captured = board[to]
                    if captured == enemy_king:
                        kings.setdefault(d, []).append((dp, state, m))
                        continue
                    if flag <= FLAG_DOUBLE and not m & 0x7000:
                        # the child's key without make/unmake (the common case; ``push`` does the rest)
                        frm = m & 63
                        k = base_key ^ psk[code_of[pt]][frm] ^ psk[code_of[pt]][to]
                        e = ep
                        p = pawns_now
                        if pt == PAWN:
                            h = 0
                            p ^= (1 << frm) | (1 << to)
                            if flag == FLAG_DOUBLE:
                                e |= 1 << ((frm + to) >> 1)
                            elif e and lo_land <= frm < lo_land + 8:
                                e &= ~(1 << (frm + back))  # R15.1
                        else:
                            h = base_half + 1
                        if captured:
                            h = 0
                            k ^= psk[captured][to]
                            if captured == enemy_pawn:
                                p ^= 1 << to
                                if e and them_land <= to < them_land + 8:
                                    e &= ~(1 << (to - back))  # R15.2
                        if rights:
                            nr = rights
                            if pt == KING:
                                nr &= lose_all
                            elif pt == ROOK:
                                nr &= rook_leaves[frm]
                            if captured:
                                nr &= KEEP_AFTER_CAPTURE_ON[to]
                            if nr != rights:
                                k ^= CASTLING_KEYS[rights] ^ CASTLING_KEYS[nr]
                        if e != ep:
                            k ^= ep_keys(e ^ ep)
                    else:
                        push(m)
                        k = work.key
                        h = work.halfmove
                        e = work.ep
                        p = pieces[PAWN]
                        pop()
                    ident = k if reduced else k | (h << _CLOCK_SHIFT)
                    bucket = reach.get(d)
                    if bucket is None:
                        bucket = reach[d] = {}
                    found = bucket.get(ident)
                    if found is None:
                        bucket[ident] = [(*path, m), count, k, e, h, p]
                    else:
                        found[1] += count
            for _ in pushed:
                pop()

    out: dict[int, RollTurns] = {}
    lstar_memo: dict[tuple[int, int], int] = {}
    for r in pools:
        subs = _SUBS[r] if r in _SUBS else tuple(_sub_multisets(r))
        used = 0
        for d in subs:
            s = POOL_SIZE[d]
            if s > used and (reach.get(d) or kings.get(d)):
                used = s
        result = RollTurns(r, used)
        if used == 0:
            # a pass (R10): one empty sequence, the position after R11
            result.sequences = 1
            ident = _end_ident(work.key, work.ep, work.halfmove, mover, work.pieces[PAWN], work, reduced)
            result.ends[ident] = ()
            out[r] = result
            continue
        ends = result.ends
        total = 0
        for d in subs:
            if POOL_SIZE[d] != used:
                continue
            states = reach.get(d)
            if not states:
                continue
            for state in states.values():
                total += state[1]
                ident = _end_ident(state[2], state[3], state[4], mover, state[5], work, reduced)
                if ident not in ends:
                    ends[ident] = state[0]
        for d in subs:
            edges = kings.get(d)
            if not edges:
                continue
            for dp, state, m in edges:
                path = state[0]
                rest = r - dp
                if dp:
                    memo_key = (id(state), rest)
                    left = lstar_memo.get(memo_key)
                    if left is None:
                        for pm in path:
                            push(pm)
                        work.set_pool(rest)
                        left = work.lstar()
                        pop()
                        for _ in path:
                            pop()
                        lstar_memo[memo_key] = left
                    if left != used - POOL_SIZE[dp]:
                        continue
                total += state[1]
                for pm in path:
                    push(pm)
                work.set_pool(rest)
                push(m)
                ident = work.key
                pop()
                pop()
                for _ in path:
                    pop()
                if ident not in result.wins:
                    result.wins[ident] = (*path, m)
        result.sequences = total
        out[r] = result
    return out


def _path_of(state: _State) -> tuple[int, ...]:
    path: tuple[int, ...] = state[0]
    return path


def _end_ident(
    k: int, ep: Bitboard, halfmove: int, mover: Color, pawns: Bitboard, work: Position, reduced: bool
) -> int:
    """Identity of a position after R11 from its mid-turn key (pool empty), EP set and clock."""
    # R11.4: the side now to move loses its own old targets
    gone = ep & (BB_RANK_6 if mover == WHITE else BB_RANK_3)
    k ^= TURN_KEY
    if gone:
        k ^= ep_keys(gone)
        ep ^= gone
    if not reduced:
        return k | (halfmove << _CLOCK_SHIFT)
    if ep:
        k ^= ep_keys(_dead_after(work, ep, pawns, mover ^ 1))
    return k


def _dead_after(work: Position, ep: Bitboard, pawns: Bitboard, capturer: Color) -> Bitboard:
    """``dead_ep_targets`` for an end position given by its EP set and pawns (both colours). The
    capturer did not move this turn, so its pawns are its pawns at the turn's start that were not
    captured: ``pawns & work.occ[capturer]`` (``work`` stands at the start, and nothing lands on a
    square of the capturer's without capturing it).
    """
    rank = BB_RANK_6 if capturer == WHITE else BB_RANK_3
    targets = ep & rank
    if not targets:
        return 0
    ours = pawns & work.occ[capturer]
    return _dead(targets, capturer, ours, pawns & ~ours, LIVE[capturer][3])


def _game_over(work: Position, r: int) -> RollTurns:
    # a finished game has no moves: ``walk_turns`` visits one empty sequence and counts the position
    work.set_pool(r)
    result = RollTurns(r, 0, 1, {}, {work.key: ()})
    work.pop()
    return result


def count_turns_fast(pos: Position, *, key: KeyKind = "exact") -> tuple[int, int]:
    """``(sequences, distinct end positions)`` of the pool in ``pos`` (see ``turns.count_turns``)."""
    if not pos.pool:
        raise ValueError("count_turns needs a rolled pool (DFEN field 7)")
    result = roll_turns(pos, (pos.pool,), key=key)[pos.pool]
    return result.sequences, result.distinct


__all__ = ["LIVE", "KeyKind", "RollTurns", "count_turns_fast", "dead_ep_targets", "reduced_key", "roll_turns"]
