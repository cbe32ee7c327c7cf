"""King exposure: which of the 56 roll outcomes let the side to move capture the enemy king this turn.

This is the chance node of rule R17 computed exactly under the maximum-dice rule R8 (semantics B),
but much faster than searching every legal turn of every roll:

1. *Direct attackers* (one die): a piece of type ``t`` attacks the king, so every roll holding a
   ``t`` die is a hit. A king capture is always legal (R8.1), so no further check is needed.
2. *Set-up paths* (two or three dice): a pool-agnostic pseudo-legal search records, for each
   multiset of dice, a path of micro-moves that ends attacking the king. The last set-up move is
   generated only when it can create a new attack (it lands on a line or knight square of the king,
   vacates the first blocker of a line, is en passant or castling), which is a superset test, so no
   path is missed.
3. *R8 check*: a path found for a roll is checked against the maximum-dice rule with the core's
   ``Position.lstar``. Only if every recorded path of a roll breaks R8 does the roll fall back to the
   core's exhaustive ``can_capture_king(semantics="B")``. Pseudo-legal paths are a superset of
   R8-legal ones, so rolls without any path are misses under R8 too.

Results are cached per Zobrist key (the key covers pieces, side, castling rights and en-passant
targets; the pool is empty at a chance node).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Final

from notation_toolkit.dicechess.dice import DIE, ROLL_OUTCOMES
from notation_toolkit.dicechess.moves import FLAG_CASTLING, FLAG_EN_PASSANT
from notation_toolkit.dicechess.position import POOL_SIZE, Position
from notation_toolkit.dicechess.tables import (
    BISHOP,
    KING,
    KING_ATTACKS,
    KNIGHT,
    KNIGHT_ATTACKS,
    PAWN,
    PAWN_ATTACKS,
    ROOK,
    WHITE,
    bishop_attacks,
    queen_attacks,
    rook_attacks,
)
from notation_toolkit.dicechess.turns import can_capture_king

N_OUTCOMES: Final = len(ROLL_OUTCOMES)
ALL_OUTCOMES: Final = (1 << N_OUTCOMES) - 1
OUTCOME_WEIGHTS: Final = tuple(o.weight for o in ROLL_OUTCOMES)
OUTCOME_POOLS: Final = tuple(o.pool for o in ROLL_OUTCOMES)


def _contains(big: int, small: int) -> bool:
    return all(((big >> (2 * t)) & 3) >= ((small >> (2 * t)) & 3) for t in range(1, 7))


def _all_small_pools() -> list[int]:
    pools = {0}
    for _ in range(3):
        pools |= {p + DIE[t] for p in pools for t in range(1, 7)}
    return sorted(p for p in pools if all(((p >> (2 * t)) & 3) <= 3 for t in range(7)))


# SUPERSET[pool]: bitmask of the roll outcomes holding at least the dice of ``pool``.
SUPERSET: Final = {
    p: sum(1 << i for i, r in enumerate(OUTCOME_POOLS) if _contains(r, p)) for p in _all_small_pools()
}
# TYPE_SET_MASK[bits]: outcomes holding at least one die of a type in ``bits`` (bit t = type t).
TYPE_SET_MASK: Final = tuple(
    sum(
        1 << i
        for i, r in enumerate(OUTCOME_POOLS)
        if any((r >> (2 * t)) & 3 and bits >> t & 1 for t in range(1, 7))
    )
    for bits in range(128)
)


def mask_weight(mask: int) -> int:
    """Sum of the outcome weights (out of 216) of a bitmask of roll outcomes."""
    total = 0
    while mask:
        low = mask & -mask
        mask ^= low
        total += OUTCOME_WEIGHTS[low.bit_length() - 1]
    return total


_WEIGHT_BY_TYPES: Final = tuple(mask_weight(m) for m in TYPE_SET_MASK)


def any_type_weight(type_bits: int) -> int:
    """Weight out of 216 of the rolls holding a die of at least one type of ``type_bits``."""
    return _WEIGHT_BY_TYPES[type_bits]


_pool_size = POOL_SIZE.__getitem__


def _attack_types_after(pos: Position, m: int, king_sq: int, attacker: int) -> int:
    """``attacker_types`` of the king square after the non-castling micro-move ``m``, without playing it."""
    frm = m & 63
    to = (m >> 6) & 63
    tb = 1 << to
    occupied = (pos.occ[0] | pos.occ[1]) & ~(1 << frm) | tb
    if m >> 18 == FLAG_EN_PASSANT:
        occupied &= ~(1 << (to - 8 if attacker == WHITE else to + 8))
    # the pieces that stay put, on the board after the move ...
    bits = pos.attacker_types(king_sq, attacker, among=~((1 << frm) | tb), occupied=occupied)
    # ... and the moved piece (or the piece it promotes to) on its new square
    moved = (m >> 12) & 7 or (m >> 15) & 7
    if bits >> moved & 1:
        return bits
    if moved == PAWN:
        hit = PAWN_ATTACKS[attacker ^ 1][king_sq] & tb
    elif moved == KNIGHT:
        hit = KNIGHT_ATTACKS[king_sq] & tb
    elif moved == KING:
        hit = KING_ATTACKS[king_sq] & tb
    else:
        hit = 0
        if moved != ROOK:
            hit = bishop_attacks(king_sq, occupied) & tb
        if moved != BISHOP and not hit:
            hit = rook_attacks(king_sq, occupied) & tb
    if hit:
        bits |= 1 << moved
    return bits


def _near_moves(pos: Position, allowed: int, near: int, lines: int) -> list[int]:
    """Micro-moves of the allowed die types that may create a new attack on the king (superset test).

    A move qualifies if it lands on ``near`` (a line or knight square of the king) or leaves a square of
    ``lines`` (the first blocker of a line), plus en passant and castling; see the module docstring.
    """
    us = pos.turn
    # pieces that block a line of the king may go anywhere, the others only onto ``near``
    out = pos.generate_pieces(allowed, origins=~lines, targets=near)
    if lines & pos.occ[us]:
        out += pos.generate_pieces(allowed, origins=lines)
    append = out.append
    if allowed & (3 << 2) and pos.pieces[PAWN] & pos.occ[us]:
        for m in pos.generate_type(PAWN):
            if (near >> ((m >> 6) & 63)) & 1 or (lines >> (m & 63)) & 1:
                append(m)
            elif m >> 18 == FLAG_EN_PASSANT:
                to = (m >> 6) & 63
                if (lines >> (to - 8 if us == WHITE else to + 8)) & 1:
                    append(m)
    if allowed & (3 << 12) and allowed & (3 << 8) and pos.castling:
        out.extend(m for m in pos.generate(DIE[KING] + DIE[ROOK]) if m >> 18 == FLAG_CASTLING)
    return out


class _Finder:
    """Pool-agnostic search for set-up paths (see the module docstring)."""

    __slots__ = ("attacker", "king_sq", "paths", "pos", "todo")

    def __init__(self, pos: Position, king_sq: int, attacker: int, todo: int) -> None:
        self.pos = pos
        self.king_sq = king_sq
        self.attacker = attacker
        self.todo = todo  # outcomes not yet known to be hits
        self.paths: dict[int, list[tuple[int, ...]]] = {}

    def _allowed_pool(self, used: int) -> int:
        """One die of each type t such that an open outcome holds ``used`` + t and room for the capture."""
        if _pool_size(used) + 2 > 3:
            return 0
        pool = 0
        todo = self.todo
        for t in range(1, 7):
            if todo & SUPERSET[used + DIE[t]]:
                pool += DIE[t]
        return pool

    def search(self, used: int, depth: int, path: tuple[int, ...]) -> None:
        """Try set-up moves: ``depth`` = set-up moves still allowed after this one (0 or 1)."""
        pos = self.pos
        allowed = self._allowed_pool(used)
        if not allowed:
            return
        king_sq = self.king_sq
        attacker = self.attacker
        board = pos.board
        enemy_king = KING | ((attacker ^ 1) << 3)
        if depth == 0:
            occ = pos.occ[0] | pos.occ[1]
            lines = queen_attacks(king_sq, occ)
            moves = _near_moves(pos, allowed, lines | KNIGHT_ATTACKS[king_sq], lines)
        else:
            moves = pos.generate(allowed)
        for m in moves:
            if board[(m >> 6) & 63] == enemy_king:
                continue  # a direct capture is stage 1
            flag = m >> 18
            pt = (m >> 15) & 7
            nused = used + DIE[pt] + (DIE[ROOK] if flag == FLAG_CASTLING else 0)
            size = _pool_size(nused)
            if size >= 3 or not self.todo & SUPERSET.get(nused, 0):
                continue
            npath = (*path, m)
            recurse = depth and size <= 1
            if flag == FLAG_CASTLING or recurse:
                pos.push(m)
                bits = pos.attacker_types(king_sq, attacker)
            else:
                bits = _attack_types_after(pos, m, king_sq, attacker)
            if bits:
                for t in range(1, 7):
                    if bits >> t & 1:
                        req = nused + DIE[t]
                        if self.todo & SUPERSET[req]:
                            self.paths.setdefault(req, []).append(npath)
            if flag == FLAG_CASTLING or recurse:
                if recurse:
                    self.search(nused, depth - 1, npath)
                pos.pop()


def _r8_path_ok(pos: Position, path: tuple[int, ...]) -> bool:
    """True if every set-up move of ``path`` is legal under R8 from the current pool (pos restored)."""
    done = 0
    ok = True
    for m in path:
        size = _pool_size(pos.pool)
        pos.push(m)
        done += 1
        cost = 2 if m >> 18 == FLAG_CASTLING else 1
        after = pos.lstar()
        # cost + L*(after) == size proves legality without computing L*(before) (it cannot be larger)
        if cost + after != size:
            pos.pop()
            done -= 1
            if cost + after != pos.lstar():
                ok = False
                break
            pos.push(m)
            done += 1
    for _ in range(done):
        pos.pop()
    return ok


_CACHE: dict[int, int] = {}
_CACHE2: dict[int, int] = {}
_CACHE_LIMIT: Final = 1 << 18


def clear_cache() -> None:
    """Forget cached exposure masks (memory only; the values stay valid)."""
    _CACHE.clear()
    _CACHE2.clear()


def _at_chance_node(pos: Position, compute: Callable[[Position], int], cache: dict[int, int]) -> int:
    restore = bool(pos.pool)
    if restore:
        pos.set_pool(0)
    try:
        key = pos.key
        mask = cache.get(key)
        if mask is None:
            mask = compute(pos)
            if len(cache) >= _CACHE_LIMIT:
                cache.clear()
            cache[key] = mask
    finally:
        if restore:
            pos.pop()
    return mask


def capture_mask(pos: Position) -> int:
    """Bitmask over ``ROLL_OUTCOMES`` of the rolls with which the side to move can capture the king.

    ``pos`` must be at a chance node (dice not rolled; a pool in ``pos`` is ignored). It is restored.
    Returns 0 when a king is already missing.
    """
    return _at_chance_node(pos, _capture_mask, _CACHE)


def capture_mask_lower(pos: Position) -> int:
    """A subset of ``capture_mask``: the rolls proven by direct attacks and two-dice paths only.

    Cheaper than the exact mask; the search uses it as an intermediate bound.
    """
    full = _CACHE.get(pos.key) if not pos.pool else None
    if full is not None:
        return full
    return _at_chance_node(pos, _two_dice_mask, _CACHE2)


def _target_king(pos: Position) -> int:
    """Square of the enemy king of the side to move, or -1 when a king is missing (game over)."""
    kings = pos.pieces[KING]
    enemy = kings & pos.occ[pos.turn ^ 1]
    if not enemy or not kings & pos.occ[pos.turn]:
        return -1
    return enemy.bit_length() - 1


def _two_dice_mask(pos: Position) -> int:
    attacker = pos.turn
    king_sq = _target_king(pos)
    if king_sq < 0:
        return 0
    hits = TYPE_SET_MASK[pos.attacker_types(king_sq, attacker)]
    if hits == ALL_OUTCOMES:
        return hits
    finder = _Finder(pos, king_sq, attacker, ALL_OUTCOMES & ~hits)
    finder.search(0, 0, ())
    return hits | _confirm(pos, finder, two_only=True)


def _capture_mask(pos: Position) -> int:
    king_sq = _target_king(pos)
    if king_sq < 0:
        return 0
    # Two-dice paths first (often cached from a bound): they settle many rolls cheaply.
    hits = _CACHE2.get(pos.key)
    if hits is None:
        hits = _two_dice_mask(pos)
    todo = ALL_OUTCOMES & ~hits
    if todo:
        finder = _Finder(pos, king_sq, pos.turn, todo)
        finder.search(0, 1, ())
        hits |= _confirm(pos, finder, two_only=False)
    return hits


def _confirm(pos: Position, finder: _Finder, *, two_only: bool) -> int:
    """Outcomes (among ``finder.todo``) proven hits under R8 by the recorded paths (or the fallback)."""
    candidates: dict[int, list[tuple[int, ...]]] = {}
    for req, paths in finder.paths.items():
        mask = finder.todo & SUPERSET[req]
        while mask:
            low = mask & -mask
            mask ^= low
            candidates.setdefault(low.bit_length() - 1, []).extend(paths)
    hits = 0
    for index, paths in candidates.items():
        pos.set_pool(OUTCOME_POOLS[index])
        try:
            # A roll whose 2-dice paths all break R8 is left to the 3-dice stage, which ends with the
            # exhaustive fallback.
            if any(_r8_path_ok(pos, p) for p in paths) or (not two_only and can_capture_king(pos, "B")):
                hits |= 1 << index
        finally:
            pos.pop()
    return hits


def capture_weight(pos: Position) -> int:
    """Weight out of 216 of the rolls with which the side to move can capture the enemy king."""
    return mask_weight(capture_mask(pos))


def capture_probability(pos: Position) -> Fraction:
    """Exact probability (R2, R8, R17) that the side to move can capture the enemy king this turn."""
    return Fraction(capture_weight(pos), 216)
