"""MBN pieces: attack generation against python-chess, table build time, bitboard layout.

Run: ``.venv/bin/python benchmarks/bench_pieces.py``. Figures are the best of several passes,
measured in the same run as the peer they are compared with.

1. Attack sets of the orthodox pieces on 8x8 (K Q R B N and the pawn, compiled from MBN: ``K``,
   ``Q`` ... ``P``) for the same squares and occupancies as python-chess's attack functions. The
   (piece, square, occupancy) samples come from positions of seeded random games. Compared:
   python-chess ``BaseBoard.attacks_mask(square)`` (its public attack function) and python-chess's
   own table expressions inlined (``BB_KNIGHT_ATTACKS[sq]``, ``BB_RANK_ATTACKS[sq][mask & occ] |
   ...``, the floor); ours through ``CompiledPiece.attacks`` and through ``attack_function(side)``
   (the bound per-side table the game core calls). Target: at least 0.5x python-chess.
2. Table build time of a 16x16 variant with 10 piece types (K Q R B N P E I, a xiangqi-horse
   ``nN``, a cannon ``mR+cpR``), from cold caches (the MBN parser is warm). Target: < 200 ms.
3. Bitboard layout (docs/pieces.md): set-wise knight attacks of random piece sets on 8x8 and
   16x16 with the dense layout and per-direction edge masks (``Geometry.shift``), with a guard-file
   layout (two empty files on the right, stride width + 2: no masks, one final board mask) and
   with per-square tables (what the compiler uses: one lookup per piece).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import cast

import chess

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.mbn import parse_moves
from notation_toolkit.variant.pieces import WHITE, compile_piece
from notation_toolkit.variant.pieces import compiler as _compiler

PASSES = 5


def best(fn: Callable[[], object], passes: int = PASSES) -> float:
    """Best wall time of ``passes`` runs of ``fn``."""
    out = []
    for _ in range(passes):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return min(out)


def samples(games: int = 60, seed: int = 1) -> list[tuple[int, int, int, int]]:
    """(python-chess piece type, colour, square, occupied) of every piece of positions of random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board = chess.Board()
        for _ in range(rng.randint(10, 80)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            for sq, piece in board.piece_map().items():
                out.append((piece.piece_type, int(piece.color is chess.BLACK), sq, int(board.occupied)))
    return out


def bench_attacks() -> None:
    data = samples()
    g = Geometry.of(8, 8)
    compiled = {pt: compile_piece(chess.piece_symbol(pt).upper(), g) for pt in chess.PIECE_TYPES}
    boards = {}
    for pt, colour, sq, occ in data:
        key = (pt, colour, sq, occ)
        if key in boards:
            continue
        b = chess.BaseBoard.empty()
        for s in chess.SquareSet(occ & ~(1 << sq)):
            b.set_piece_at(s, chess.Piece(chess.PAWN, chess.WHITE))
        b.set_piece_at(sq, chess.Piece(pt, not colour))
        boards[key] = b
    calls = [(boards[(pt, c, sq, occ)], sq) for pt, c, sq, occ in data]
    ours_calls = [(compiled[pt], c, sq, occ) for pt, c, sq, occ in data]
    fast_calls = [(compiled[pt].attack_function(c), sq, occ) for pt, c, sq, occ in data]
    # python-chess's attack expressions, as attacks_mask evaluates them (the floor)
    BB_PAWN = chess.BB_PAWN_ATTACKS
    KN, KI = chess.BB_KNIGHT_ATTACKS, chess.BB_KING_ATTACKS
    RM, FM, DM = chess.BB_RANK_MASKS, chess.BB_FILE_MASKS, chess.BB_DIAG_MASKS
    RA, FA, DA = chess.BB_RANK_ATTACKS, chess.BB_FILE_ATTACKS, chess.BB_DIAG_ATTACKS

    def raw(pt: int, c: int, sq: int, occ: int) -> int:
        if pt == chess.PAWN:
            return BB_PAWN[not c][sq]
        if pt == chess.KNIGHT:
            return KN[sq]
        if pt == chess.KING:
            return KI[sq]
        out = 0
        if pt in (chess.BISHOP, chess.QUEEN):
            out = DA[sq][DM[sq] & occ]
        if pt in (chess.ROOK, chess.QUEEN):
            out |= RA[sq][RM[sq] & occ] | FA[sq][FM[sq] & occ]
        return out

    # same answers first
    for (b, sq), (p, c, s2, occ), (pt, _c, _s, _o) in zip(calls, ours_calls, data, strict=True):
        assert p.attacks(s2, c, occ) == int(b.attacks_mask(sq)) == raw(pt, c, sq, occ), (pt, sq)

    def run_pc() -> None:
        for b, sq in calls:
            b.attacks_mask(sq)

    def run_raw() -> None:
        for pt, c, sq, occ in data:
            raw(pt, c, sq, occ)

    def run_ours() -> None:
        for p, c, sq, occ in ours_calls:
            p.attacks(sq, c, occ)

    def run_fast() -> None:
        for f, sq, occ in fast_calls:
            f(sq, occ)

    # the tables' Reach internals, which only the compiler's Tables exposes
    scan_calls = [
        (cast(_compiler.Tables, compiled[pt].tables).attack_all[c], sq, occ) for pt, c, sq, occ in data
    ]
    scan_all = _compiler._scan_all

    def run_scan() -> None:
        # the same rays scanned on every call (no occupancy memo): the per-direction alternative
        for reach, sq, occ in scan_calls:
            if reach.relevant[sq]:
                reach.static[sq] | scan_all(reach.rays[sq], occ & reach.relevant[sq])
            else:
                reach.static[sq]

    run_ours()  # fill the occupancy memo once, as a game core does in its first nodes
    n = len(data)
    t_pc, t_raw, t_ours, t_fast = best(run_pc), best(run_raw), best(run_ours), best(run_fast)
    t_scan = best(run_scan)
    print(f"attack sets, 8x8, {n} (piece, square, occupancy) samples from random games")
    print(f"  python-chess attacks_mask     {n / t_pc / 1e6:6.2f} M/s")
    print(f"  python-chess tables inlined   {n / t_raw / 1e6:6.2f} M/s")
    print(
        f"  ours CompiledPiece.attacks    {n / t_ours / 1e6:6.2f} M/s  = {t_pc / t_ours:.2f}x attacks_mask, "
        f"{t_raw / t_ours:.2f}x inlined tables"
    )
    print(
        f"  ours attack_function(side)    {n / t_fast / 1e6:6.2f} M/s  = {t_pc / t_fast:.2f}x attacks_mask, "
        f"{t_raw / t_fast:.2f}x inlined tables"
    )
    print(
        f"  ours, rays scanned per call   {n / t_scan / 1e6:6.2f} M/s  = {t_pc / t_scan:.2f}x attacks_mask "
        "(the same tables without the occupancy memo)"
    )


def bench_build() -> None:
    parse_moves("W")  # warm the MBN parser
    g = Geometry.of(16, 16)
    defs = ["K", "Q", "R", "B", "N", "P", "E", "I", "nN", "mR+cpR"]
    times = []
    for _ in range(PASSES):
        _compiler._compile_cached.cache_clear()
        _compiler._ray_table.cache_clear()
        t = time.perf_counter()
        for d in defs:
            compile_piece(d, g)
        times.append(time.perf_counter() - t)
    print(
        f"table build, 16x16, 10 piece types (cold tables): best {min(times) * 1000:.0f} ms, "
        f"median {statistics.median(times) * 1000:.0f} ms (target < 200 ms)"
    )
    t = time.perf_counter()
    for d in defs:
        compile_piece(d, g)
    print(f"  again from the compile cache: {(time.perf_counter() - t) * 1e6:.0f} us")


def bench_layout() -> None:
    rng = random.Random(3)
    for w in (8, 16):
        _layout(w, rng)


def _layout(w: int, rng: random.Random) -> None:
    vectors = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    if True:
        g = Geometry.of(w, w)
        sets = [
            rng.getrandbits(g.size) & rng.getrandbits(g.size) & rng.getrandbits(g.size) for _ in range(400)
        ]
        # dense + edge masks
        masks = {}
        for dx, _dy in vectors:
            keep = 0
            for f in range(g.width):
                if 0 <= f + dx < g.width:
                    keep |= g.file_masks[f]
            masks[dx] = keep
        shifts = [(dy * w + dx, masks[dx]) for dx, dy in vectors]
        full = g.full

        def dense() -> None:
            for bb in sets:
                out = 0
                for n, keep in shifts:
                    x = bb & keep
                    out |= (x << n) if n >= 0 else (x >> -n)
                out &= full

        # guard files: stride w + 2, two empty files absorb the file overflow
        stride = w + 2
        guard_sets = []
        for bb in sets:
            x = 0
            for s in g.squares(bb):
                x |= 1 << ((s // w) * stride + s % w)
            guard_sets.append(x)
        board_mask = 0
        for r in range(w):
            board_mask |= ((1 << w) - 1) << (r * stride)
        gshifts = [dy * stride + dx for dx, dy in vectors]

        def guard() -> None:
            for bb in guard_sets:
                out = 0
                for n in gshifts:
                    out |= (bb << n) if n >= 0 else (bb >> -n)
                out &= board_mask

        knight = compile_piece("N", g)
        table = knight.leaper_attacks
        assert table is not None
        white = table[WHITE]
        sq_lists = [g.squares(bb) for bb in sets]

        def tables() -> None:
            for squares in sq_lists:
                out = 0
                for s in squares:
                    out |= white[s]

        # same answers
        for bb, squares in zip(sets, sq_lists, strict=True):
            out = 0
            for n, keep in shifts:
                x = bb & keep
                out |= (x << n) if n >= 0 else (x >> -n)
            ref = 0
            for s in squares:
                ref |= white[s]
            assert out & full == ref
        t_d, t_g, t_t = best(dense), best(guard), best(tables)
        pieces = sum(len(s) for s in sq_lists)
        print(
            f"layout, knights set-wise on {g} ({len(sets)} sets, {pieces} knights): dense+edge masks "
            f"{t_d * 1e3:.2f} ms, guard files {t_g * 1e3:.2f} ms ({t_d / t_g:.2f}x), per-square tables "
            f"{t_t * 1e3:.2f} ms"
        )


if __name__ == "__main__":
    bench_attacks()
    bench_build()
    bench_layout()
