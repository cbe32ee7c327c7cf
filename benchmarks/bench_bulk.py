"""Bulk checking of FEN files through the CLI: ``ntk check --jobs 1`` and ``--jobs 2`` against a
python-chess loop (``chess.Board(fen)`` per line) over the same file, lines/s and peak memory.

Each configuration runs in a fresh process on the same file (start-up included, for both), so
its peak resident memory (the process and its workers) is measured alone. ``ntk check`` runs as
a user runs it (text output, the first 50 diagnostics shown, the summary table), its output
thrown away. The file holds distinct positions from seeded random games, one line in fifty
damaged, repeated to the requested size.

    .venv/bin/python benchmarks/bench_bulk.py                       # 100,000 and 1,000,000 lines
    .venv/bin/python benchmarks/bench_bulk.py --sizes 100000
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _damage(fen: str, rng: random.Random) -> str:
    cut = rng.randrange(1, len(fen))
    return fen[:cut] + rng.choice("x9/ ") + fen[cut + 1 :]


def make_file(path: Path, lines: int) -> None:
    """Write ``lines`` FEN lines (2% damaged) to ``path``."""
    from random_games import game_positions  # beside this script; the bulk tests use it too

    rng = random.Random(11)
    base = game_positions(5000, seed=7, max_plies=80)
    with path.open("w", encoding="utf-8") as handle:
        for i in range(lines):
            fen = base[i % len(base)]
            handle.write((_damage(fen, rng) if rng.random() < 0.02 else fen) + "\n")


def _worker(mode: str, path: str, jobs: int) -> None:
    count = invalid = 0
    code = 0
    if mode == "python-chess":
        import chess

        with open(path, encoding="utf-8") as handle:
            for line in handle:
                count += 1
                try:
                    chess.Board(line.rstrip("\n"))
                except ValueError:
                    invalid += 1
    else:
        import contextlib
        import os

        from notation_toolkit.cli import main as ntk

        with open(os.devnull, "w") as devnull, contextlib.redirect_stdout(devnull):
            code = ntk(["check", "--jobs", str(jobs), path])
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(json.dumps({"lines": count, "invalid": invalid, "code": code, "rss_kb": own, "child_kb": children}))


def _measure(mode: str, path: Path, jobs: int) -> dict[str, float]:
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, __file__, "--worker", mode, str(path), str(jobs)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    seconds = time.perf_counter() - start
    data: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    data["seconds"] = seconds
    return data


def main() -> None:
    """Run every configuration at every size and print a table with ratios to python-chess."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="100000,1000000", help="comma-separated line counts")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.worker[0], args.worker[1], int(args.worker[2]))
        return
    import os

    print(f"{os.cpu_count()} cores; wall time of a fresh process each (start-up included)")
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            path = Path(tmp) / f"bench_{size}.fen"
            make_file(path, size)
            peer = _measure("python-chess", path, 1)
            print(f"\n{size:,} lines ({path.stat().st_size / 1e6:.1f} MB), {int(peer['invalid']):,} invalid")
            print(f"{'configuration':<28}{'lines/s':>12}{'peak MB':>10}{'vs python-chess':>18}")
            peer_rate = size / peer["seconds"]
            peer_mb = peer["rss_kb"] / 1024
            print(f"{'python-chess Board(fen) loop':<28}{peer_rate:>12,.0f}{peer_mb:>10.0f}{'1.00x':>18}")
            for jobs in (1, 2):
                ours = _measure("ntk", path, jobs)
                assert ours["code"] == 1, ours  # the damaged lines make the file invalid
                rate = size / ours["seconds"]
                # ru_maxrss of the children is the largest worker: count it once per worker.
                peak = (ours["rss_kb"] + ours["child_kb"] * (jobs if jobs > 1 else 0)) / 1024
                label = f"ntk check --jobs {jobs}"
                print(f"{label:<28}{rate:>12,.0f}{peak:>10.0f}{rate / peer_rate:>17.2f}x")


if __name__ == "__main__":
    main()
