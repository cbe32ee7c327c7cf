"""Start-up time of ``ntk`` commands on one-line inputs, against ``python -c "import chess"``.

Each command runs as a fresh process, interleaved with the peer so that both see the same load;
the figure is the median (and the minimum) wall time of ``--runs`` runs. Then ``python -X
importtime`` says where the time of each command goes: the import cost grouped by top-level
package (``notation_toolkit.*`` by sub-package), the largest first.

    .venv/bin/python benchmarks/bench_startup.py [--runs 21]

The target (issue 17) is every subcommand within 1.5x the peer. Every process runs with its
bytecode cached (``PYTHONDONTWRITEBYTECODE`` is removed from the environment and one warm-up run
writes the ``.pyc`` files), as after ``pip install``: otherwise every run would compile
notation-toolkit's sources again and measure the compiler.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

CHESS_START_FEEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c"
CHESS_START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
DICE_START = CHESS_START_FEN + " PNB"


def ntk_command() -> list[str]:
    """The installed ``ntk`` script next to this Python, else ``python -m notation_toolkit``."""
    script = Path(sys.executable).with_name("ntk")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "notation_toolkit"]


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENV)
    return time.perf_counter() - start


def import_profile(argv: list[str], top: int) -> list[tuple[str, float]]:
    """Cumulative import time by package for one run of ``ntk argv`` (``-X importtime``)."""
    code = f"import sys; from notation_toolkit.cli import main; sys.exit(main({argv!r}))"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, check=False, env=ENV
    )
    by_package: dict[str, float] = defaultdict(float)
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = line.split("|")
        try:
            self_us = float(parts[0].split(":")[1])
        except ValueError:
            continue  # the header line
        name = parts[2].strip()
        pieces = name.split(".")
        key = ".".join(pieces[:2]) if pieces[0] == "notation_toolkit" else pieces[0]
        by_package[key] += self_us / 1000
    return sorted(by_package.items(), key=lambda kv: -kv[1])[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per command (default 21)")
    parser.add_argument("--top", type=int, default=8, help="packages shown per import profile")
    args = parser.parse_args()
    try:
        import chess  # noqa: F401
    except ImportError:
        sys.exit("python-chess is the peer: pip install chess")

    ntk = ntk_command()
    with tempfile.TemporaryDirectory() as tmp:
        fen_file = os.path.join(tmp, "one.fen")
        Path(fen_file).write_text(CHESS_START_FEN + "\n", encoding="utf-8")
        cases: list[tuple[str, list[str]]] = [
            ("ntk --version", ["--version"]),
            ("ntk parse feen <chess start>", ["parse", "feen", CHESS_START_FEEN]),
            ("ntk check one.fen (1 line)", ["check", fen_file]),
            ("ntk fmt one.fen (1 line)", ["fmt", fen_file]),
            ("ntk convert fen dfen <chess start>", ["convert", "fen", "dfen", CHESS_START_FEN]),
            ("ntk explain FEN111", ["explain", "FEN111"]),
            ("ntk dice moves <start PNB>", ["dice", "moves", DICE_START]),
            ("ntk --help", ["--help"]),
        ]
        references: list[tuple[str, list[str]]] = [
            ("python -c 'pass'", [sys.executable, "-c", "pass"]),
            ("python -c 'import click, rich.console'", [sys.executable, "-c", "import click, rich.console"]),
            (
                "python -c 'feen.parse(<chess start>)' (API)",
                [
                    sys.executable,
                    "-c",
                    f"from notation_toolkit import feen; feen.parse({CHESS_START_FEEN!r})",
                ],
            ),
        ]
        peer = [sys.executable, "-c", "import chess"]
        every = [(label, ntk + argv) for label, argv in cases] + references
        times: dict[str, list[float]] = {label: [] for label, _ in every}
        peer_times: list[float] = []
        for cmd in (peer, *[c for _, c in every]):  # warm the file cache and the .pyc files
            wall(cmd)
        for _ in range(args.runs):
            peer_times.append(wall(peer))
            for label, cmd in every:
                times[label].append(wall(cmd))
        peer_median = statistics.median(peer_times)
        print(f"start-up, median (min) of {args.runs} runs, {sys.version.split()[0]}, ratio = median / peer")
        peer_label = "python -c 'import chess' (peer)"
        print(f"  {peer_label:48} {peer_median * 1000:7.1f} ms ({min(peer_times) * 1000:.1f})  1.00x")
        for label, _ in every:
            median = statistics.median(times[label])
            print(
                f"  {label:48} {median * 1000:7.1f} ms ({min(times[label]) * 1000:.1f})"
                f"  {median / peer_median:5.2f}x"
            )
        print("\nimport time by package (python -X importtime, one run, ms of self time):")
        for label, argv in cases:
            profile = import_profile(argv, args.top)
            total = sum(ms for _, ms in profile)
            shown = ", ".join(f"{name} {ms:.1f}" for name, ms in profile)
            print(f"  {label}: top {len(profile)} = {total:.1f} ms: {shown}")


if __name__ == "__main__":
    main()
