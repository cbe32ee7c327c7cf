"""The variant core on hostile 26x26 rule files, against its documented bounds (figures printed,
nothing asserted).

    .venv/bin/python benchmarks/bench_variant_bounds.py

Each rule file is loaded and played in a fresh process: load time and perft time in CPU seconds,
and the peak resident memory of that process above what the imports took, each also as a share of
the bound docs/variants.md documents ("Bounds on large boards": perft 1 within 1 s of CPU, 200 MB).
The rule files are multi-leg riders whose paths multiply with the board (a search that followed
paths one by one would not finish), and a position with 20 piece types in both hands (drops on
every empty square).
"""

from __future__ import annotations

import json
import subprocess
import sys

SIZE = 26
SECONDS_BOUND = 1.0  # CPU seconds of perft, load excluded (docs/variants.md, "Bounds on large boards")
MEMORY_BOUND_MB = 200
LETTERS = "ABCDEFGHIJLMNOQRSTU"
MOVES = ["W", "F", "W0", "F0", "N", "N0", "A", "D", "H", "C", "Z", "G", "W0F0", "WN", "FN"]
MOVES += ["mW+cF", "K", "WA", "FD"]


def _rule_file(pieces: str, first: str, last: str, hands: str = "/", extra: str = "") -> str:
    rows = [last] + [str(SIZE)] * (SIZE - 2) + [first]
    return (
        f'variant="bounds"\nboardsize="{SIZE}x{SIZE}"\nstartposition="{"/".join(rows)} {hands} C/c"\n'
        f"royal\n{extra}K=W+F\n{pieces}\n"
    )


CASES: dict[str, tuple[str, int]] = {
    "8 pieces X=W0-W0": (_rule_file("X=W0-W0", "K^XXXXXXXX17", "k^xxxxxxxx17"), 1),
    "X = 32 legs of N0": (_rule_file("X=" + "-".join(["N0"] * 32), "K^X24", "k^x24"), 1),
    "8 pieces X=N0-F0-W0-N0": (_rule_file("X=N0-F0-W0-N0", "K^XXXXXXXX17", "k^xxxxxxxx17"), 1),
    "3 pieces of 64 legs": (
        _rule_file("X=" + "-".join(["W0", "N", "F0", "mN0"] * 16), "K^XXX22", "k^xxx22"),
        1,
    ),
    "20 types in hand": (
        _rule_file(
            "\n".join(f"{a}={b}" for a, b in zip(LETTERS, MOVES, strict=True)),
            "K^25",
            "k^25",
            f"{LETTERS}/{LETTERS.lower()}",
            "holding\n",
        ),
        2,
    ),
}

_CHILD = """
import json, resource, sys, time
from notation_toolkit.variant import Variant, perft
text, depth = json.loads(sys.stdin.read())
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.process_time()
pos = Variant.from_text(text).start()
loaded = time.process_time()
counts = [perft(pos, d) for d in range(1, depth + 1)]
done = time.process_time()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps([loaded - start, done - loaded, counts, (peak - before) / 1024]))
"""


def main() -> None:
    """Print one line per rule file."""
    for name, (text, depth) in CASES.items():
        done = subprocess.run(
            [sys.executable, "-c", _CHILD],
            input=json.dumps([text, depth]),
            capture_output=True,
            text=True,
            check=True,
        )
        load, run, counts, megabytes = json.loads(done.stdout)
        shown = ", ".join(f"perft {d} = {n:,}" for d, n in enumerate(counts, 1))
        print(
            f"{name}: load {load:.2f} s; {shown} in {run:.2f} s ({run / SECONDS_BOUND:.0%} of the"
            f" {SECONDS_BOUND:g} s bound); {megabytes:.0f} MB ({megabytes / MEMORY_BOUND_MB:.0%} of"
            f" {MEMORY_BOUND_MB} MB)"
        )


if __name__ == "__main__":
    main()
