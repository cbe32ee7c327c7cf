"""An opponent for any variant: alpha-beta search over the variant core.

``Engine(variant).search(position, seconds=1.0)`` returns a ``SearchResult`` with the best move it
found. The search is negamax alpha-beta with iterative deepening, a quiescence search on captures
and promotions, a transposition table on the positions' Zobrist keys, the table move, killer
moves and a history table for move ordering, and a check extension. It stops at a time limit, a
depth or a node budget; a depth or node budget gives the same move for the same seed on every
machine (a time limit depends on the machine's speed).

The evaluation needs no piece values from anyone: ``Evaluator`` derives each piece's value from
its compiled moves (the average number of squares it reaches from the squares where it can move,
on boards 30% full), and adds mobility, centralisation, the advance of pieces towards their
promotion zone, and the goals of the rule file: a royal piece's distance to the hill
(``hill``), the checks given (``royal=maxchecks(N)``), pieces in hand (``holding``). Where losing
every piece wins (no royal piece and ``stalemate=win``: antichess), material counts the other way.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from notation_toolkit.variant.position import CAPTURE, CASTLE, DROP, EP, SQ, Move, Position
from notation_toolkit.variant.tables import VariantLike

__all__ = ["MATE", "Engine", "Evaluator", "SearchResult", "piece_values"]

MATE = 1_000_000
"""Score of a won position (minus the plies to the win); ``-MATE`` a lost one."""
_MATE_BOUND = MATE - 10_000
_EXACT, _LOWER, _UPPER = 0, 1, 2
_MAX_PLY = 64
_QDEPTH = 8  # plies of captures after the horizon: bounds the quiescence search
_TT_LIMIT = 400_000  # entries; the table is cleared when it grows past this (bounded memory)
_OCCUPANCY = 0.3  # how full the boards are on which piece values are measured
_HAND_BONUS = 1.0  # in hand as on the board: the board adds mobility, so drops that do something pay
_KING_ZONE = 8  # per attacked square next to the enemy royal piece: the way to a mate


def _popcount(bb: int) -> int:
    return bb.bit_count()


def piece_values(variant: VariantLike, *, seed: int = 1) -> dict[str, int]:
    """The value of every piece of a variant (centipawn-like), from its compiled moves.

    The value is ``30 + 50 * m`` with ``m`` the average number of squares the piece can move to
    or capture on (quiet moves to empty squares, captures on occupied ones), over the squares
    from which it can move at all and eight seeded random boards 30% full. On an 8x8 board this
    gives a chess pawn about 100, a knight 290, a bishop 330, a rook 435 and a queen 735.
    Royal pieces are worth 0 here (their loss ends the game instead).
    """
    g = variant.geometry
    rnd = random.Random(seed)
    boards = [sum(1 << s for s in range(g.size) if rnd.random() < _OCCUPANCY) for _ in range(8)]
    royal = variant.rules.royal
    out: dict[str, int] = {}
    for key, piece in variant.pieces.items():
        if key in royal:
            out[key] = 0
            continue
        total = count = 0
        for sq in range(g.size):
            if not (piece.quiets(sq, 0, 0) | piece.attacks(sq, 0, 0)):
                continue
            bit = 1 << sq
            for occ in boards:
                occ &= ~bit
                total += _popcount((piece.quiets(sq, 0, occ) & ~occ) | (piece.attacks(sq, 0, occ) & occ))
                count += 1
        mobility = total / count if count else 0.0
        out[key] = round(30 + 50 * mobility)
    return out


class Evaluator:
    """The static evaluation of positions of one variant, in centipawns for the side to move.

    Tables are built once per variant: ``values`` (``piece_values``) and per piece code and
    square a placement score (material, centralisation, promotion advance, hill distance).
    """

    def __init__(self, variant: VariantLike) -> None:
        core = variant.tables
        rules = variant.rules
        g = variant.geometry
        self.core = core
        self.values = piece_values(variant)
        n = core.n
        self.type_values = [self.values[k] for k in core.keys]
        # antichess-like rules: losing every piece wins
        self.sign = -1 if not core.royal_types and rules.stalemate == "win" else 1
        self.hand_values = [round(v * _HAND_BONUS) for v in self.type_values]
        self.max_checks = rules.max_checks
        cx, cy = (g.width - 1) / 2, (g.height - 1) / 2
        far = max(cx, cy)
        self.psq: list[list[int]] = []
        for code in range(2 * n):
            t, side = code >> 1, code & 1
            row: list[int] = []
            value = self.type_values[t]
            promo_gain, zone = self._promotion(t, side)
            for sq in range(g.size):
                f, r = sq % g.width, sq // g.width
                centre = far - max(abs(f - cx), abs(r - cy))
                score = self.sign * value
                if core.royal[t]:
                    score += self._hill(sq, side, g.width, g.height) if rules.hill is not None else 0
                else:
                    score += round(4 * centre)
                    if promo_gain > 0 and zone:
                        dist = _rank_distance(sq, zone, g.width)
                        if dist > 0:
                            score += round(0.4 * promo_gain / (dist + 1))
                row.append(score)
            self.psq.append(row)
        self.attack_fn = core.attack_fn
        self.mobile = [not core.royal[t] for t in range(n)]
        # the squares next to each square (king steps), for the zone around a royal piece
        self.near = [0] * g.size
        for sq in range(g.size):
            f, r = sq % g.width, sq // g.width
            for df in (-1, 0, 1):
                for dr in (-1, 0, 1):
                    if 0 <= f + df < g.width and 0 <= r + dr < g.height:
                        self.near[sq] |= 1 << ((r + dr) * g.width + f + df)
        self.royal_codes = [[2 * t + side for t in core.royal_types] for side in (0, 1)]

    def _promotion(self, t: int, side: int) -> tuple[int, int]:
        """The best gain of promoting a piece type and its promotion zone for ``side``."""
        core = self.core
        spec = core.rules.promotions.get(core.keys[t])
        if spec is None:
            return 0, 0
        best = max((self.values[c] for c in spec.choices if c in self.values), default=0)
        return best - self.type_values[t], spec.zone[side]

    def _hill(self, sq: int, side: int, width: int, height: int) -> int:
        hill = self.core.rules.hill
        assert hill is not None
        zone = hill[side]
        f, r = sq % width, sq // width
        dist = min(
            (max(abs(f - s % width), abs(r - s // width)) for s in range(width * height) if zone >> s & 1),
            default=0,
        )
        return 60 * (max(width, height) - dist)

    def evaluate(self, pos: Position) -> int:
        """The score of ``pos`` for the side to move (positive: better for it)."""
        board = pos.board
        psq = self.psq
        occ = pos.occ
        both = occ[0] | occ[1]
        attack_fn = self.attack_fn
        mobile = self.mobile
        s = [0, 0]
        bbs = pos.bbs
        near = self.near
        zones = [0, 0]  # the squares around each side's royal pieces
        for side in (0, 1):
            for code in self.royal_codes[side]:
                bb = bbs[code]
                while bb:
                    low = bb & -bb
                    zones[side] |= near[low.bit_length() - 1]
                    bb ^= low
        for sq, code in enumerate(board):
            if code < 0:
                continue
            side = code & 1
            t = code >> 1
            s[side] += psq[code][sq]
            if mobile[t]:
                reach = attack_fn[t](sq, side, both, None)
                s[side] += 3 * _popcount(reach & ~occ[side]) + _KING_ZONE * _popcount(reach & zones[1 - side])
        hv = self.hand_values
        for side in (0, 1):
            for t, count in enumerate(pos.hands[side]):
                if count:
                    s[side] += self.sign * count * hv[t]
        if self.max_checks:
            for side in (0, 1):
                given = pos.checks[side]
                s[side] += 1500 * given * given // (self.max_checks * self.max_checks)
        us = pos.turn
        return s[us] - s[1 - us] + 10


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What a search found: the ``move`` to play (``None`` when there is no legal move), its
    ``score`` for the side to move (centipawns; ``MATE - n`` a win in ``n`` plies), the principal
    variation ``pv`` (move texts), the deepest completed ``depth``, the ``nodes`` searched and the
    ``seconds`` spent."""

    move: Move | None
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: tuple[str, ...]

    @property
    def mate_in(self) -> int | None:
        """Moves to mate (positive: the side to move mates; negative: it is mated), else ``None``."""
        if abs(self.score) < _MATE_BOUND:
            return None
        plies = MATE - abs(self.score)
        moves = (plies + 1) // 2
        return moves if self.score > 0 else -moves


class _Stop(Exception):
    """The time or node budget ran out."""


class Engine:
    """Alpha-beta search for one variant (see the module doc).

    >>> from notation_toolkit.variant import Variant
    >>> chess = Variant.load("examples/variants/chess.fbr")
    >>> pos = chess.position("6k^1/5ppp/8/8/8/8/8/R5K^1 / C/c")
    >>> result = Engine(chess).search(pos, depth=3)
    >>> result.move.text, result.mate_in
    ('a1a8', 1)
    """

    def __init__(self, variant: VariantLike, *, seed: int = 0, evaluator: Evaluator | None = None) -> None:
        self.variant = variant
        self.evaluator = evaluator if evaluator is not None else Evaluator(variant)
        self.seed = seed
        self.table: dict[int, tuple[int, int, int, int]] = {}
        self._killers: list[list[int]] = [[0, 0] for _ in range(_MAX_PLY + _QDEPTH + 2)]
        self._history: dict[int, int] = {}
        self._nodes = 0
        self._deadline = 0.0
        self._node_limit = 0
        self._seen: set[int] = set()
        self._path: list[int] = []
        self._partial: tuple[int, Move] | None = None

    def clear(self) -> None:
        """Forget the transposition table and the move-ordering tables (a new game)."""
        self.table.clear()
        self._history.clear()
        self._killers = [[0, 0] for _ in range(_MAX_PLY + _QDEPTH + 2)]

    def search(
        self,
        position: Position,
        *,
        seconds: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        on_iteration: Callable[[SearchResult], None] | None = None,
    ) -> SearchResult:
        """Search ``position`` (left unchanged) until ``seconds`` pass, ``depth`` plies are done
        or ``nodes`` positions are searched (whichever comes first; with none given, one second).

        ``on_iteration`` is called with the result of every completed depth."""
        started = time.perf_counter()
        if seconds is None and depth is None and nodes is None:
            seconds = 1.0
        max_depth = min(depth if depth is not None else _MAX_PLY, _MAX_PLY)
        self._deadline = started + seconds if seconds is not None else float("inf")
        self._node_limit = nodes if nodes is not None else 0
        self._nodes = 0
        pos = position.copy()
        self._seen = set(pos.history)
        self._path = []
        if len(self.table) > _TT_LIMIT:
            self.table.clear()
        legal = pos.legal_moves()
        if not legal:
            return SearchResult(None, self._terminal(pos, 0), 0, 0, time.perf_counter() - started, ())
        rnd = random.Random(self.seed ^ pos.zobrist())
        order = {mv.code: rnd.random() for mv in legal}
        best = SearchResult(legal[0], 0, 0, 0, 0.0, (legal[0].text,))
        for d in range(1, max(max_depth, 1) + 1):
            self._partial = None
            try:
                score, move = self._root(pos, legal, d, order)
            except _Stop:
                # the moves searched so far at this depth (the previous best first) still tell
                # more than the last completed depth; at depth 1 they are all there is
                if self._partial is not None:
                    score, move = self._partial
                    pv = self._pv(pos, move, d)
                    best = SearchResult(
                        move, score, best.depth, self._nodes, time.perf_counter() - started, pv
                    )
                break
            pv = self._pv(pos, move, d)
            best = SearchResult(move, score, d, self._nodes, time.perf_counter() - started, pv)
            if on_iteration is not None:
                on_iteration(best)
            if abs(score) >= _MATE_BOUND or len(legal) == 1:
                break
            # the next depth would likely not finish: do not start it
            spent = time.perf_counter() - started
            if seconds is not None and spent * 3 > seconds:
                break
        return SearchResult(
            best.move, best.score, best.depth, self._nodes, time.perf_counter() - started, best.pv
        )

    # -- search ----------------------------------------------------------------------------------

    def _root(
        self, pos: Position, legal: list[Move], depth: int, jitter: dict[int, float]
    ) -> tuple[int, Move]:
        entry = self.table.get(pos.zobrist())
        tt_move = entry[3] if entry is not None else 0
        moves = sorted(legal, key=lambda mv: (-self._order(pos, mv.code, tt_move, 0), jitter[mv.code]))
        alpha, beta = -MATE - 1, MATE + 1
        best_move = moves[0]
        self._path.append(pos.zobrist())
        try:
            us = pos.turn
            for mv in moves:
                pos.push(mv)
                try:
                    if pos.turn == us:  # a turn of several moves goes on: the same side's score
                        score = self._negamax(pos, depth - 1, alpha, beta, 1)
                    else:
                        score = -self._negamax(pos, depth - 1, -beta, -alpha, 1)
                finally:
                    pos.pop()
                if score > alpha:
                    alpha, best_move = score, mv
                    self._partial = (alpha, best_move)
        finally:
            self._path.pop()
        self.table[pos.zobrist()] = (depth, _EXACT, alpha, best_move.code)
        return alpha, best_move

    def _tick(self) -> None:
        self._nodes += 1
        if self._nodes & 63 == 0 and time.perf_counter() > self._deadline:
            raise _Stop
        if self._node_limit and self._nodes >= self._node_limit:
            raise _Stop

    def _terminal(self, pos: Position, ply: int) -> int:
        outcome = pos.outcome()
        if outcome is None or outcome.winner is None:
            return 0
        return MATE - ply if outcome.winner == pos.turn else -MATE + ply

    def _negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        key = pos.zobrist()
        if key in self._path or key in self._seen:
            return 0  # a repetition: scored as a draw
        legal = pos.legal_moves()
        if not legal:
            return self._terminal(pos, ply)
        in_check = pos.is_check()
        if in_check and ply < 2 * _MAX_PLY // 3:
            depth += 1
        if depth <= 0 or ply >= _MAX_PLY:
            return self._quiesce(pos, alpha, beta, ply, 0, legal, in_check)
        entry = self.table.get(key)
        tt_move = 0
        if entry is not None:
            e_depth, flag, e_score, tt_move = entry
            e_score = _from_table(e_score, ply)
            if e_depth >= depth:
                if flag == _EXACT:
                    return e_score
                if flag == _LOWER and e_score >= beta:
                    return e_score
                if flag == _UPPER and e_score <= alpha:
                    return e_score
        moves = sorted(legal, key=lambda mv: -self._order(pos, mv.code, tt_move, ply))
        original = alpha
        best, best_code = -MATE - 1, moves[0].code
        self._path.append(key)
        us = pos.turn
        try:
            for mv in moves:
                pos.push(mv)
                try:
                    if pos.turn == us:  # a turn of several moves goes on: the same side's score
                        score = self._negamax(pos, depth - 1, alpha, beta, ply + 1)
                    else:
                        score = -self._negamax(pos, depth - 1, -beta, -alpha, ply + 1)
                finally:
                    pos.pop()
                if score > best:
                    best, best_code = score, mv.code
                if score > alpha:
                    alpha = score
                if alpha >= beta:
                    if not mv.code & CAPTURE:
                        killers = self._killers[ply]
                        if killers[0] != mv.code:
                            killers[1], killers[0] = killers[0], mv.code
                        self._history[mv.code] = self._history.get(mv.code, 0) + depth * depth
                    break
        finally:
            self._path.pop()
        flag = _UPPER if best <= original else _LOWER if best >= beta else _EXACT
        self.table[key] = (depth, flag, _to_table(best, ply), best_code)
        return best

    def _quiesce(
        self, pos: Position, alpha: int, beta: int, ply: int, qply: int, legal: list[Move], in_check: bool
    ) -> int:
        if in_check and qply < _QDEPTH:
            moves = legal  # every evasion: a quiet position is not "quiet" while in check
            best = -MATE + ply
        else:
            stand = self.evaluator.evaluate(pos)
            if stand >= beta or qply >= _QDEPTH:
                return stand
            alpha = max(alpha, stand)
            best = stand
            moves = [mv for mv in legal if mv.code & CAPTURE or (mv.code >> 20 & SQ and not mv.code & CASTLE)]
            if not moves:
                return stand
        moves.sort(key=lambda mv: -self._order(pos, mv.code, 0, ply))
        us = pos.turn
        for mv in moves:
            pos.push(mv)
            try:
                self._tick()
                after = pos.legal_moves()
                same = pos.turn == us  # a turn of several moves goes on: the same side's score
                if not after:
                    score = self._terminal(pos, ply + 1) * (1 if same else -1)
                elif same:
                    score = self._quiesce(pos, alpha, beta, ply + 1, qply + 1, after, pos.is_check())
                else:
                    score = -self._quiesce(pos, -beta, -alpha, ply + 1, qply + 1, after, pos.is_check())
            finally:
                pos.pop()
            if score > best:
                best = score
            if score > alpha:
                alpha = score
            if alpha >= beta:
                break
        return best

    def _order(self, pos: Position, code: int, tt_move: int, ply: int) -> int:
        if code == tt_move:
            return 1 << 40
        values = self.evaluator.type_values
        score = 0
        if code & CAPTURE:
            to = code >> 10 & SQ
            victim = pos.board[to]
            attacker = pos.board[code & SQ] if not code & DROP else -1
            gain = values[victim >> 1] if victim >= 0 else 100 if code & EP else 0
            cost = values[attacker >> 1] if attacker >= 0 else 0
            score += (1 << 30) + gain * 64 - cost
        promo = code >> 20 & SQ
        if promo and not code & CASTLE:
            score += (1 << 29) + values[promo - 1]
        if score:
            return score
        killers = self._killers[ply] if ply < len(self._killers) else (0, 0)
        if code == killers[0]:
            return 1 << 28
        if code == killers[1]:
            return (1 << 28) - 1
        return self._history.get(code, 0)

    def _winning_move(self, pos: Position) -> Move | None:
        mover = pos.turn
        for mv in pos.legal_moves():
            pos.push(mv)
            outcome = pos.outcome()
            pos.pop()
            if outcome is not None and outcome.winner == mover:
                return mv
        return None

    def _pv(self, pos: Position, first: Move, depth: int) -> tuple[str, ...]:
        line = [first.text]
        pushed = 0
        pos.push(first)
        pushed += 1
        seen = {pos.zobrist()}
        try:
            # the table holds the line beyond the depth too (extensions, quiescence): up to a mate
            while len(line) < depth + _QDEPTH:
                entry = self.table.get(pos.zobrist())
                if entry is None or not entry[3]:
                    # the last move of a mate found by the quiescence search is not in the table
                    win = self._winning_move(pos)
                    if win is not None:
                        line.append(win.text)
                    break
                move = next((mv for mv in pos.legal_moves() if mv.code == entry[3]), None)
                if move is None:
                    break
                pos.push(move)
                pushed += 1
                if pos.zobrist() in seen:
                    break
                seen.add(pos.zobrist())
                line.append(move.text)
        finally:
            for _ in range(pushed):
                pos.pop()
        return tuple(line)


def _to_table(score: int, ply: int) -> int:
    """A mate score as plies from the stored position (the table is shared by every path)."""
    if score > _MATE_BOUND:
        return score + ply
    if score < -_MATE_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    """A stored mate score as plies from the root again."""
    if score > _MATE_BOUND:
        return score - ply
    if score < -_MATE_BOUND:
        return score + ply
    return score


def _rank_distance(sq: int, zone: int, width: int) -> int:
    """Ranks between ``sq`` and the nearest square of ``zone`` (0 inside it)."""
    if zone >> sq & 1:
        return 0
    r = sq // width
    best = 1 << 30
    z = zone
    while z:
        low = z & -z
        s = low.bit_length() - 1
        best = min(best, abs(s // width - r))
        z ^= low
    return best
