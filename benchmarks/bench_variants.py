"""Speed of the variant core (figures printed, nothing asserted).

    .venv/bin/python benchmarks/bench_variants.py
    .venv/bin/python benchmarks/bench_variants.py --compiled [--tree DIR] [--rounds 3]

1. chess perft through the generic core against python-chess's perft on the same positions
   (target: at least 1.0x python-chess; CPU time, ``time.process_time``), and the same perft
   written with the public API, ``legal_moves()`` / ``push`` / ``pop`` (target: at least 0.8x);
2. legal-move lists per position against Fairy-Stockfish through its Python API
   (``pyffish.legal_moves`` per position; target: at least 10x more positions/s);
3. three-check, King of the Hill, antichess, atomic, horde and crazyhouse perft against
   python-chess's own variant boards (target: at least 1.0x);
4. perft nodes/s for Capablanca (10x8), Grand (10x10) and Shogi (9x9).

With ``--compiled``: chess perft (start position depth 4, Kiwipete depth 3) of the pure-Python
core, the compiled core (``ntk variant compile``, mypyc) and python-chess, in one interleaved run:
each round runs the three in turn, in child processes on one copy of the package (the compiled
one with its extensions, the pure one with ``NTK_PURE_PYTHON=1``: the same files, the extensions
ignored); a figure is the median over ``--rounds`` rounds. Without ``--tree`` the package is
copied to a temporary directory and built there first (several minutes; the checkout is not
touched). The node counts of the three must agree.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import chess
import chess.variant

from notation_toolkit.variant import Position, Variant, perft

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "variants"
# python-chess's examples/perft/atomic.perft, "programfox-1"
ATOMIC_PROGRAMFOX = "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def api_perft(pos: Position, depth: int) -> int:
    """Perft as a user writes it: ``legal_moves()``, ``push``, ``pop`` (the public API)."""
    if depth == 1:
        return len(pos.legal_moves())
    total = 0
    for move in pos.legal_moves():
        pos.push(move)
        total += api_perft(pos, depth - 1)
        pos.pop()
    return total


def timed(fn: Callable[..., int], *args: object) -> tuple[int, float]:
    # CPU time: the machine is shared, and other jobs' wall time is not ours
    start = time.process_time()
    out = fn(*args)
    return out, time.process_time() - start


def _lists(positions: list[Position]) -> None:
    for pos in positions:
        pos.legal_moves()


def _lists_from_text(variant: Variant, feens: list[str]) -> None:
    for feen in feens:
        variant.position(feen).legal_moves()


def _fsf_lists(pyffish: Any, name: str, fens: list[str]) -> None:
    for fen in fens:
        pyffish.legal_moves(name, fen, [])


def best(fn: Callable[[], object], repeat: int = 5) -> float:
    """The shortest of ``repeat`` timings of ``fn()``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    v = Variant.load(EXAMPLES / "chess.fbr")
    print("1. chess perft: generic core vs python-chess (same positions, same run)")
    for fen, depth in ((chess.STARTING_FEN, 4), (KIWIPETE, 3)):
        ours, t_ours = timed(perft, v.position(fen), depth)
        theirs, t_theirs = timed(chess_perft, chess.Board(fen), depth)
        assert ours == theirs
        print(
            f"   {fen[:24]}... depth {depth}: {ours} nodes; core {ours / t_ours:,.0f} nodes/s, python-chess "
            f"{theirs / t_theirs:,.0f} nodes/s, ratio {t_theirs / t_ours:.2f}x"
        )
        public, t_public = timed(api_perft, v.position(fen), depth)
        assert public == theirs
        print(
            f"   {'':27} through the public API (legal_moves/push/pop): {public / t_public:,.0f} nodes/s, "
            f"ratio {t_theirs / t_public:.2f}x"
        )

    try:
        import pyffish
    except ImportError:
        print("2. pyffish not installed: skipped")
    else:
        print("2. legal-move lists per position: core vs pyffish.legal_moves (positions/s)")
        for name, fsf in (
            ("chess", "chess"),
            ("capablanca", "capablanca"),
            ("xiangqi", "xiangqi"),
            ("crazyhouse", "crazyhouse"),
        ):
            var = Variant.load(EXAMPLES / f"{name}.fbr")
            rnd = random.Random(5)
            start = pyffish.start_fen(fsf)
            lines: list[list[str]] = []
            for _ in range(150):
                pos = var.start()
                line: list[str] = []
                for _ in range(rnd.randrange(0, 40)):
                    moves = pos.legal_moves()
                    if not moves or pos.outcome() is not None:
                        break
                    move = rnd.choice(moves)
                    line.append(move.text)
                    pos.push(move)
                lines.append(line)
            fens = [pyffish.get_fen(fsf, start, line) for line in lines]
            positions = []
            for line in lines:
                pos = var.start()
                for mv in line:
                    pos.push(mv)
                positions.append(pos)
            feens = [pos.feen() for pos in positions]
            # best of 5 passes for each side (one pass is ~20 ms: a shared machine makes it noisy)
            t_ours = best(functools.partial(_lists, positions))
            t_text = best(functools.partial(_lists_from_text, var, feens))
            t_fsf = best(functools.partial(_fsf_lists, pyffish, fsf, fens))
            n = len(positions)
            print(
                f"   {name}: core {n / t_ours:,.0f} positions/s (from FEEN text: {n / t_text:,.0f}), "
                f"pyffish {n / t_fsf:,.0f} positions/s, ratio {t_fsf / t_ours:.2f}x "
                f"(from text: {t_fsf / t_text:.2f}x)"
            )

    print("3. variant perft: core vs python-chess's own variant boards (same positions, same run)")
    for name, board_class, fen, depth in (
        ("3check", chess.variant.ThreeCheckBoard, chess.variant.ThreeCheckBoard.starting_fen, 4),
        ("kingofthehill", chess.variant.KingOfTheHillBoard, chess.STARTING_FEN, 4),
        ("antichess", chess.variant.AntichessBoard, chess.variant.AntichessBoard.starting_fen, 4),
        ("atomic", chess.variant.AtomicBoard, chess.STARTING_FEN, 4),
        ("atomic", chess.variant.AtomicBoard, ATOMIC_PROGRAMFOX, 3),
        ("horde", chess.variant.HordeBoard, chess.variant.HordeBoard.starting_fen, 4),
        ("crazyhouse", chess.variant.CrazyhouseBoard, chess.variant.CrazyhouseBoard.starting_fen, 3),
    ):
        try:
            var = Variant.load(EXAMPLES / f"{name}.fbr")
        except Exception as exc:
            print(f"   {name}: not loaded ({str(exc)[:80]})")
            continue
        ours, t_ours = timed(perft, var.position(fen), depth)
        theirs, t_theirs = timed(chess_perft, board_class(fen), depth)
        print(
            f"   {name} {fen[:20]}... depth {depth}: core {ours} nodes {ours / t_ours:,.0f} nodes/s, "
            f"python-chess {theirs} nodes {theirs / t_theirs:,.0f} nodes/s, ratio {t_theirs / t_ours:.2f}x"
        )

    print("4. perft nodes/s on larger boards")
    for name, depth in (("capablanca", 3), ("grand", 2), ("shogi", 2), ("xiangqi", 3)):
        try:
            var = Variant.load(EXAMPLES / f"{name}.fbr")
        except Exception as exc:
            print(f"   {name}: not loaded ({str(exc)[:80]})")
            continue
        nodes, secs = timed(perft, var.start(), depth)
        print(f"   {name} perft {depth}: {nodes} nodes, {nodes / secs:,.0f} nodes/s")


CHILD = r"""
import json, sys, time
which, examples = sys.argv[1], sys.argv[2]
cases = [("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4), ("kiwipete", KIWIPETE, 3)]
out = {}
if which == "python-chess":
    import chess

    def count(board, depth):
        if depth == 1:
            return board.legal_moves.count()
        total = 0
        for move in board.legal_moves:
            board.push(move)
            total += count(board, depth - 1)
            board.pop()
        return total

    for label, fen, depth in cases:
        start = time.perf_counter()
        nodes = count(chess.Board(fen), depth)
        out[label] = [nodes, time.perf_counter() - start]
else:
    from notation_toolkit.core.native import loaded_from
    from notation_toolkit.variant import Variant, perft

    variant = Variant.load(examples + "/chess.fbr")
    out["imports"] = loaded_from("notation_toolkit.variant.position")
    for label, fen, depth in cases:
        pos = variant.position(fen)
        start = time.perf_counter()
        nodes = perft(pos, depth)
        out[label] = [nodes, time.perf_counter() - start]
print(json.dumps(out))
""".replace("KIWIPETE", repr(KIWIPETE))


def _child(tree: str, which: str) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "NTK_PURE_PYTHON"}
    env["PYTHONPATH"] = tree
    if which == "pure":
        env["NTK_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, which, str(EXAMPLES)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{which} run failed:\n{done.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def compiled_comparison(tree: str | None, rounds: int) -> None:
    """Pure core, compiled core and python-chess, interleaved (see the module's docstring)."""
    with tempfile.TemporaryDirectory(prefix="ntk-bench-variants-") as work:
        if tree is None:
            from notation_toolkit.variant.native import BUILD

            tree = work
            shutil.copytree(
                Path(__file__).resolve().parents[1] / "notation_toolkit",
                Path(work) / "notation_toolkit",
                ignore=shutil.ignore_patterns("__pycache__", "*.so", "_native.json"),
            )
            shutil.copytree(Path(__file__).resolve().parents[1] / "grammars", Path(work) / "grammars")
            print("building the compiled variant core in a copy (several minutes)...", flush=True)
            start = time.perf_counter()
            BUILD.build(root=work)
            print(f"built in {time.perf_counter() - start:.0f} s", flush=True)
        runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": [], "python-chess": []}
        for _ in range(rounds):
            for which in runs:
                runs[which].append(_child(tree, which))
    imports = {which: {r.get("imports") for r in results} for which, results in runs.items()}
    assert imports["pure"] == {"source"} and imports["compiled"] == {"compiled"}, imports
    print(f"4. chess perft, pure vs compiled core vs python-chess ({rounds} interleaved rounds, medians)")
    for label, depth in (("start", 4), ("kiwipete", 3)):
        nodes = {r[label][0] for results in runs.values() for r in results}
        assert len(nodes) == 1, nodes
        count = nodes.pop()
        rate = {w: count / statistics.median(r[label][1] for r in results) for w, results in runs.items()}
        peer = rate["python-chess"]
        print(
            f"   {label} depth {depth}: {count} nodes; pure {rate['pure']:,.0f} nodes/s"
            f" ({rate['pure'] / peer:.2f}x python-chess), compiled {rate['compiled']:,.0f} nodes/s"
            f" ({rate['compiled'] / peer:.2f}x python-chess, {rate['compiled'] / rate['pure']:.2f}x pure),"
            f" python-chess {peer:,.0f} nodes/s"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", action="store_true", help="pure vs compiled core vs python-chess")
    parser.add_argument("--tree", default=None, help="a copy of the package built with its extensions")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    arguments = parser.parse_args()
    if arguments.compiled:
        compiled_comparison(arguments.tree, arguments.rounds)
    else:
        main()
