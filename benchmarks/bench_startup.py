"""Start-up time of every ``ntk`` subcommand on a one-line input, against ``python -c "import chess"``.

Each command runs as a fresh process; the runs are interleaved (one run of the peer, then one of
every command, ``--runs`` times) so that the peer and every command see the same load. Every
figure is the median (and the minimum) wall time of its runs, and its ratio is the median over
the peer's median in the same run (in brackets: the minimum over the peer's minimum). The CPU
time of each run (user + system, from ``getrusage``) is shown too, with its ratio: on a machine
shared with other work, wall times swing with the load more than CPU times do. Then ``python -X
importtime`` says where the time of each command goes: the import cost grouped by top-level
package (``notation_toolkit.*`` by sub-package), the largest first.

    .venv/bin/python benchmarks/bench_startup.py [--runs 21] [--only parse,check] [--no-profile]
                                                 [--output pipe|tty|both]

Every command is measured twice in each run: writing to ``/dev/null`` (a pipe or a file, where
``ntk`` writes plain text and never imports rich's console) and writing to a pseudo-terminal
(where rich renders the output and rich-click the help).

The target is every one-line subcommand within 1.5x the peer, ``ntk variant moves|perft|play`` on
a rule file included: their warm-up run compiles the rule file into the cache of compiled variants
(``notation_toolkit.variant.cache``), and every measured run reads it from there, as every run
after the first does for a user. ``dice analyse`` runs a
search (depth 1 on the opening roll), so its time is start-up plus the search: it is shown and
marked, not held to the target. Every process runs with its bytecode cached
(``PYTHONDONTWRITEBYTECODE`` is removed from the environment and one warm-up run writes the
``.pyc`` files and the grammar cache), as after ``pip install``: otherwise every run would compile
notation-toolkit's sources again and measure the compiler.
"""

from __future__ import annotations

import argparse
import os
import pty
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

CHESS_START_FEEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c"
CHESS_START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
DICE_START = CHESS_START_FEN + " PNB"
FBR_LINE = "K Q=R+N R B N P"
MBN_LINE = "N=mN+cW"
TARGET = 1.5
VARIANTS = Path(__file__).resolve().parent.parent / "examples" / "variants"

# notation -> its one-line text (also the content of its one-line file one.<notation>)
ONE_LINE = {
    "feen": CHESS_START_FEEN,
    "fen": CHESS_START_FEN,
    "dfen": DICE_START,
    "fbr": FBR_LINE,
    "mbn": MBN_LINE,
}

# labels of the commands that are more than start-up (not held to the target)
NOT_ONE_LINE = {"ntk dice analyse --depth 1 <start PNB> (search)"}


def ntk_command() -> list[str]:
    """The installed ``ntk`` script next to this Python, else ``python -m notation_toolkit``."""
    script = Path(sys.executable).with_name("ntk")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "notation_toolkit"]


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd: list[str], tty: bool = False) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``cmd``. The CPU time hardly moves
    when other work competes for the cores.

    Output goes to ``/dev/null`` (not a terminal: what a script or a pipe sees), or with ``tty``
    to a pseudo-terminal (what a person at a terminal sees: rich's rendering), read by a thread
    so that a long output cannot block the command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    if not tty:
        start = time.perf_counter()
        subprocess.run(
            cmd,
            stdin=subprocess.DEVNULL,  # (`ntk variant play` reads its end at once: it quits)
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
            env=ENV,
        )
        elapsed = time.perf_counter() - start
    else:
        master, slave = pty.openpty()
        reader = threading.Thread(target=_drain, args=(master,), daemon=True)
        reader.start()
        try:
            start = time.perf_counter()
            subprocess.run(cmd, stdout=slave, stderr=slave, stdin=subprocess.DEVNULL, check=False, env=ENV)
            elapsed = time.perf_counter() - start
        finally:
            os.close(slave)
            reader.join(timeout=5)
            os.close(master)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 65536):
            pass
    except OSError:  # the slave side was closed: the output has ended
        pass


def import_profile(argv: list[str], top: int) -> list[tuple[str, float]]:
    """Self import time by package for one run of ``ntk argv`` (``-X importtime``), largest first."""
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


def cases(tmp: str) -> list[tuple[str, list[str]]]:
    """(label, ntk arguments) of every subcommand measured, with its one-line input files in ``tmp``."""
    files = {}
    for name, text in ONE_LINE.items():
        files[name] = os.path.join(tmp, f"one.{name}")
        Path(files[name]).write_text(text + "\n", encoding="utf-8")
    found: list[tuple[str, list[str]]] = [("ntk --version", ["--version"])]
    for name, text in ONE_LINE.items():
        found.append((f"ntk parse {name} <one line>", ["parse", name, text]))
    for name in ONE_LINE:
        found.append((f"ntk check one.{name}", ["check", files[name]]))
    for name in ONE_LINE:
        found.append((f"ntk fmt one.{name}", ["fmt", files[name]]))
    found += [
        ("ntk convert fen dfen <chess start>", ["convert", "fen", "dfen", CHESS_START_FEN]),
        ("ntk explain FEN111", ["explain", "FEN111"]),
        ("ntk notations", ["notations"]),
        ("ntk draw feen <chess start>", ["draw", "feen", CHESS_START_FEEN]),
        ("ntk piece N=mN+cW --from d4", ["piece", MBN_LINE, "--from", "d4"]),
        ("ntk dice moves <start PNB>", ["dice", "moves", DICE_START]),
        ("ntk dice analyse --depth 1 <start PNB> (search)", ["dice", "analyse", "--depth", "1", DICE_START]),
        # a rule file read from the cache of compiled variants (the warm-up run wrote it)
        ("ntk variant moves chess.fbr", ["variant", "moves", str(VARIANTS / "chess.fbr")]),
        ("ntk variant perft chess.fbr -d 2", ["variant", "perft", str(VARIANTS / "chess.fbr"), "-d", "2"]),
        ("ntk variant moves shogi.fbr", ["variant", "moves", str(VARIANTS / "shogi.fbr")]),
        ("ntk variant play chess.fbr (quit at once)", ["variant", "play", str(VARIANTS / "chess.fbr")]),
        ("ntk --help", ["--help"]),
        ("ntk check --help", ["check", "--help"]),
    ]
    return found


def main() -> None:
    """Measure, print the table of ratios, then the import profiles."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="runs per command (default 21)")
    parser.add_argument("--top", type=int, default=8, help="packages shown per import profile")
    parser.add_argument(
        "--only",
        default="",
        help="comma-separated words: keep the commands whose label has one",
    )
    parser.add_argument("--no-profile", action="store_true", help="skip the import profiles")
    parser.add_argument(
        "--output",
        choices=("pipe", "tty", "both"),
        default="both",
        help="where each command writes: /dev/null (plain text), a pseudo-terminal (rich), or both",
    )
    args = parser.parse_args()
    try:
        import chess  # noqa: F401
    except ImportError:
        sys.exit("python-chess is the peer: pip install chess")

    ntk = ntk_command()
    with tempfile.TemporaryDirectory() as tmp:
        measured = cases(tmp)
        if args.only:
            words = [w.strip() for w in args.only.split(",") if w.strip()]
            measured = [(label, argv) for label, argv in measured if any(w in label for w in words)]
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
        every = [(label, ntk + argv) for label, argv in measured] + references
        modes = {"pipe": [False], "tty": [True], "both": [False, True]}[args.output]
        times: dict[tuple[str, bool], list[float]] = {(label, t): [] for label, _ in every for t in modes}
        cpus: dict[tuple[str, bool], list[float]] = {(label, t): [] for label, _ in every for t in modes}
        peer_times: list[float] = []
        peer_cpus: list[float] = []
        for cmd in (peer, *[c for _, c in every]):  # warm the file cache, the .pyc files, the grammar cache
            wall(cmd)
        for _ in range(args.runs):
            elapsed, cpu = wall(peer)
            peer_times.append(elapsed)
            peer_cpus.append(cpu)
            for label, cmd in every:
                for tty in modes:
                    elapsed, cpu = wall(cmd, tty)
                    times[(label, tty)].append(elapsed)
                    cpus[(label, tty)].append(cpu)
        peer_median = statistics.median(peer_times)
        peer_min = min(peer_times)
        peer_cpu = statistics.median(peer_cpus)
        print(
            f"start-up, {args.runs} interleaved runs, Python {sys.version.split()[0]}: median wall"
            " time (min), ratio = median / peer median (min / peer min); median CPU time (user +"
            f" system) and its ratio; target <= {TARGET}x on the median wall time"
        )
        for tty in modes:
            where = (
                "output on a pseudo-terminal (rich renders it)"
                if tty
                else "output to /dev/null (a pipe or a file: plain text)"
            )
            print(f"\n{where}")
            peer_label = "python -c 'import chess' (peer)"
            print(
                f"  {peer_label:50} {peer_median * 1000:7.1f} ms ({peer_min * 1000:6.1f})  1.00x (1.00x)"
                f"  cpu {peer_cpu * 1000:6.1f} ms 1.00x"
            )
            over: list[str] = []
            for label, _ in every:
                median = statistics.median(times[(label, tty)])
                ratio = median / peer_median
                held = label.startswith("ntk") and label not in NOT_ONE_LINE
                mark = "" if not held else ("  ok" if ratio <= TARGET else "  OVER")
                if held and ratio > TARGET:
                    over.append(label)
                least = min(times[(label, tty)])
                cpu = statistics.median(cpus[(label, tty)])
                print(
                    f"  {label:50} {median * 1000:7.1f} ms ({least * 1000:6.1f})  {ratio:5.2f}x"
                    f" ({least / peer_min:4.2f}x)  cpu {cpu * 1000:6.1f} ms {cpu / peer_cpu:4.2f}x{mark}"
                )
            held_count = sum(1 for label, _ in every if label.startswith("ntk") and label not in NOT_ONE_LINE)
            print(
                f"{held_count - len(over)} of {held_count} one-line subcommands within {TARGET}x the peer"
                f" ({'terminal' if tty else 'pipe'})"
            )
            if over:
                print("over: " + ", ".join(over))
        if args.no_profile:
            return
        print("\nimport time by package (python -X importtime, one run, ms of self time):")
        for label, argv in measured:
            profile = import_profile(argv, args.top)
            total = sum(ms for _, ms in profile)
            shown = ", ".join(f"{name} {ms:.1f}" for name, ms in profile)
            print(f"  {label}: top {len(profile)} = {total:.1f} ms: {shown}")


if __name__ == "__main__":
    main()
