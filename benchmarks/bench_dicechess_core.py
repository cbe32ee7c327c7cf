"""Benchmark of the Dice Chess core against python-chess, on the same positions, in one run.

    .venv/bin/python benchmarks/bench_dicechess_core.py [--quick]

1. Micro-move generation: ``Position.generate`` with one die of every type (so every piece type and
   castling are generated) vs python-chess ``list(board.generate_pseudo_legal_moves())``; moves/s.
2. Make + unmake: ``push``/``pop`` of every generated move vs python-chess ``push``/``pop``; moves/s.
3. Full-turn enumeration (every R8-legal sequence and the distinct resulting positions) per second
   for the start position with PPP and PNB and for Kiwipete with PNB, cold (L* memo cleared before
   each run) and warm (memo kept). ``count_turns`` is the multiset pass of ``fullturn`` (it hardly
   uses the L* memo, so cold and warm are close); ``benchmarks/bench_turns.py`` compares it with the
   earlier walk (``count_turns_walk``) and with the C++ peer.

The positions are the start position, Kiwipete and positions sampled from seeded random play.
python-chess is a test/benchmark dependency only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import chess

from notation_toolkit.dicechess import Position, count_turns
from notation_toolkit.dicechess.dice import roll
from notation_toolkit.dicechess.position import clear_caches

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
ALL_DICE = sum(1 << (2 * t) for t in range(1, 7))


def sample_positions(n: int, seed: int = 2024) -> list[str]:
    """Seeded random play (R8-legal micro-moves); every 5th position, both kings on the board."""
    rng = random.Random(seed)
    out = [START + " -", KIWIPETE + " -"]
    while len(out) < n:
        pos = Position.start()
        step = 0
        while not pos.is_game_over and pos.halfmove < 100 and len(out) < n:
            pos.set_pool(roll(rng))
            while (legal := pos.legal_moves()) and len(out) < n:
                pos.push(rng.choice(legal))
                step += 1
                if pos.is_game_over:
                    break
                if step % 5 == 0:
                    out.append(pos.dfen())
            if not pos.is_game_over:
                pos.end_turn()
    return out


def to_board(dfen: str) -> chess.Board:
    """python-chess board of the same position (first EP target only: python-chess holds one)."""
    fields = dfen.split()
    ep = fields[3][:2] if fields[3] != "-" else "-"
    return chess.Board(" ".join([fields[0], fields[1], fields[2], ep, fields[4], fields[5]]))


def push_pop_all(states: Sequence[Any], move_lists: Sequence[Sequence[Any]]) -> int:
    """Push and pop every move of every state (the same loop for both libraries); returns the count."""
    n = 0
    for state, moves in zip(states, move_lists, strict=True):
        push = state.push
        pop = state.pop
        for m in moves:
            push(m)
            pop()
        n += len(moves)
    return n


def rate(work: Callable[[], int], min_time: float) -> float:
    """Best-of-3 rate (units/s) of ``work``, which returns the units it processed."""
    best = 0.0
    for _ in range(3):
        units = 0
        start = time.perf_counter()
        elapsed = 0.0
        while elapsed < min_time:
            units += work()
            elapsed = time.perf_counter() - start
        best = max(best, units / elapsed)
    return best


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter timings (smoke run)")
    parser.add_argument("--positions", type=int, default=300)
    args = parser.parse_args(argv)
    min_time = 0.2 if args.quick else 1.0

    dfens = sample_positions(args.positions)
    ours = [Position.from_dfen(d) for d in dfens]
    boards = [to_board(d) for d in dfens]

    def gen_ours() -> int:
        n = 0
        for pos in ours:
            n += len(pos.generate(ALL_DICE))
        return n

    def gen_chess() -> int:
        n = 0
        for board in boards:
            n += len(list(board.generate_pseudo_legal_moves()))
        return n

    our_moves = [pos.generate(ALL_DICE) for pos in ours]
    chess_moves = [list(b.generate_pseudo_legal_moves()) for b in boards]

    def make_ours() -> int:
        return push_pop_all(ours, our_moves)

    def make_chess() -> int:
        return push_pop_all(boards, chess_moves)

    print(f"Dice Chess core benchmark (Python {sys.version.split()[0]}, python-chess {chess.__version__})")
    print(f"positions: {len(dfens)} (start, Kiwipete, {len(dfens) - 2} from seeded random play)")
    print(
        f"moves per pass: ours {sum(map(len, our_moves))}, python-chess {sum(map(len, chess_moves))}"
        " (castling differs: we ignore attacks, R13; python-chess sees one EP square)"
    )
    g_ours = rate(gen_ours, min_time)
    g_chess = rate(gen_chess, min_time)
    print(
        f"micro-move generation : {g_ours:12,.0f} moves/s   python-chess {g_chess:12,.0f} moves/s"
        f"   ratio {g_ours / g_chess:5.2f}x (target >= 1.5x)"
    )
    m_ours = rate(make_ours, min_time)
    m_chess = rate(make_chess, min_time)
    print(
        f"make + unmake         : {m_ours:12,.0f} moves/s   python-chess {m_chess:12,.0f} moves/s"
        f"   ratio {m_ours / m_chess:5.2f}x (target >= 1.0x)"
    )
    print("full-turn enumeration (all R8-legal sequences + distinct resulting positions):")
    for name, dfen, dice in (("start", START, "PPP"), ("start", START, "PNB"), ("Kiwipete", KIWIPETE, "PNB")):
        pos = Position.from_dfen(f"{dfen} {dice}")
        seqs, distinct = count_turns(pos)

        def cold(pos: Position = pos) -> int:
            clear_caches()
            count_turns(pos)
            return 1

        def warm(pos: Position = pos) -> int:
            count_turns(pos)
            return 1

        c = rate(cold, min_time)
        w = rate(warm, min_time)
        print(
            f"  {name:8} {dice}: {seqs:5} sequences, {distinct:5} positions:"
            f" {c:8.1f} turns/s cold ({c * seqs:10,.0f} seq/s), {w:8.1f} turns/s warm"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
