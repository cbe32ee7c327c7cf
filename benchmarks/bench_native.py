"""The compiled build (``ntk dice compile``) against the pure-Python modules, same tree, same run.

    .venv/bin/python benchmarks/bench_native.py                 # builds a copy first (3-5 minutes)
    .venv/bin/python benchmarks/bench_native.py --tree DIR      # DIR holds a built copy of the package

Without ``--tree`` the package's sources are copied to a temporary directory and compiled there with
``native.build`` (the checkout is not touched). Each measurement runs in a child process on that
tree, once with the compiled modules and once with ``NTK_PURE_PYTHON=1`` (the same files, the
extensions ignored), alternating, ``--rounds`` times; a figure is the median over the rounds.

* **turns**: whole-turn generation (``roll_turns`` of one roll, exact key) on bench_turns' positions
  and rolls: distinct end positions per second, median over the rolls and then the positions, and
  the C++ peer's figures (``bench_turns.py``) divided by ours;
* **56 rolls**: one multiset pass over all 56 rolls of Kiwipete and the three middle games (the
  chance node's job), seconds;
* **depth 1**: the engine's depth-1 turn on bench_engine's 16 positions, mean seconds per turn;
* **depth 2**: one root choice searched to depth 2 (the players' refinement budget), median seconds;
* **1 s**: root choices the engine finishes at depth 2 in 1 s per turn, per position (the ladder's
  ``engine:1``).

Both builds must give the same counts, moves and values (checked; a difference stops the run).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

CHILD = r"""
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
from bench_engine import sample_positions
from bench_turns import POSITIONS, ROLLS
from notation_toolkit.dicechess import Position, roll_turns
from notation_toolkit.dicechess.dice import ROLL_OUTCOMES, from_letters
from notation_toolkit.dicechess.position import clear_caches
from notation_toolkit.dicechess.engine.exposure import clear_cache
from notation_toolkit.dicechess.engine.search import REFINE_BUDGET, Engine
from notation_toolkit.dicechess import native

out = {"imports": native.loaded_from("notation_toolkit.dicechess.engine.search")}
rates, counts = {}, {}
for name, dfen in POSITIONS.items():
    per_roll = []
    for letters in ROLLS:
        pos = Position.from_dfen(dfen)
        pool = from_letters(letters)
        best = None
        for _ in range(3):
            clear_caches()
            start = time.perf_counter()
            turns = roll_turns(pos, (pool,), key="exact")[pool]
            spent = time.perf_counter() - start
            best = spent if best is None else min(best, spent)
        counts[f"{name}/{letters}"] = len(turns.ends) + len(turns.wins)
        per_roll.append(max(len(turns.ends) + len(turns.wins), 1) / best)
    rates[name] = statistics.median(per_roll)
out["distinct_per_s"] = rates
out["counts"] = counts
spent = []
for name in ("kiwipete", "middle-1", "middle-2", "middle-3"):
    pos = Position.from_dfen(POSITIONS[name])
    clear_caches()
    start = time.perf_counter()
    roll_turns(pos, key="exact")
    spent.append(time.perf_counter() - start)
out["all56_s"] = spent
dfens = sample_positions(16)
clear_cache()
engine = Engine(refine_budget=REFINE_BUDGET)
times, moves = [], []
for dfen in dfens:
    result = engine.best_turn(Position.from_dfen(dfen), depth=1)
    times.append(result.seconds)
    moves.append([list(result.moves), round(result.value, 6)])
out["d1_mean_s"] = statistics.mean(times)
out["d1_moves"] = moves
spent, values = [], []
for dfen in dfens:
    clear_cache()
    engine = Engine(refine_budget=REFINE_BUDGET)
    pos = Position.from_dfen(dfen)
    first = engine.best_turn(pos, depth=1)
    if first.king_capture or not first.moves:
        continue
    start = time.perf_counter()
    result = engine.best_turn(pos, depth=2, width=1)
    spent.append(time.perf_counter() - start)
    values.append([list(result.moves), round(result.value, 6)])
out["d2_one_root_median_s"] = statistics.median(spent)
out["d2_values"] = values
deep = []
clear_cache()
engine = Engine(refine_budget=REFINE_BUDGET)
for dfen in dfens:
    result = engine.best_turn(Position.from_dfen(dfen), time_limit=1.0)
    deep.append([engine.deep_choices, result.choices])
out["deep_at_1s"] = deep
print(json.dumps(out))
"""


def build_copy(work: Path) -> Path:
    """Copy the package's sources under ``work`` and compile them there; returns the tree."""
    from notation_toolkit.dicechess import native

    shutil.copytree(
        ROOT / "notation_toolkit",
        work / "notation_toolkit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", native.MANIFEST),
    )
    shutil.copytree(ROOT / "grammars", work / "grammars")  # a source checkout keeps them beside the package
    start = time.perf_counter()
    native.build(root=str(work))
    print(f"built {len(native.COMPILED_MODULES)} modules in {time.perf_counter() - start:.0f} s under {work}")
    return work


def measure(tree: Path, *, pure: bool) -> dict[str, Any]:
    """One child run on ``tree``: the compiled modules, or the sources with ``NTK_PURE_PYTHON=1``."""
    env = {k: v for k, v in os.environ.items() if k != "NTK_PURE_PYTHON"}
    env["PYTHONPATH"] = str(tree)
    if pure:
        env["NTK_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(HERE)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"child run failed:\n{done.stderr[-2000:]}")
    data: dict[str, Any] = json.loads(done.stdout)
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tree", type=Path, help="a directory holding a built copy of notation_toolkit")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each build (alternating)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ntk-bench-native-") as work:
        tree = args.tree.resolve() if args.tree else build_copy(Path(work))
        runs: dict[str, list[dict[str, Any]]] = {"pure": [], "compiled": []}
        for _ in range(args.rounds):
            for kind in ("pure", "compiled"):
                runs[kind].append(measure(tree, pure=kind == "pure"))
    pure, compiled = runs["pure"], runs["compiled"]
    if {r["imports"] for r in pure} != {"source"} or {r["imports"] for r in compiled} != {"compiled"}:
        raise SystemExit(f"the tree is not built: imports {[r['imports'] for r in compiled]}")
    for key in ("counts", "d1_moves", "d2_values"):
        if any(r[key] != pure[0][key] for r in pure + compiled):
            raise SystemExit(f"the builds disagree on {key}")
    print("same counts, depth-1 moves and depth-2 values on both builds")

    def med(kind: list[dict[str, Any]], pick: Any) -> float:
        return float(statistics.median(pick(r) for r in kind))

    cpp = (0.70e6, 0.94e6)
    print(f"\n{'distinct ends/s (one roll)':<28}{'pure':>12}{'compiled':>12}{'ratio':>8}{'C++/compiled':>16}")
    for name in pure[0]["distinct_per_s"]:
        p = med(pure, lambda r, n=name: r["distinct_per_s"][n])
        c = med(compiled, lambda r, n=name: r["distinct_per_s"][n])
        print(f"{name:<28}{p:>12,.0f}{c:>12,.0f}{c / p:>7.2f}x{cpp[0] / c:>8.1f}-{cpp[1] / c:.1f}")
    rows = [
        ("all 56 rolls, 4 positions (s)", lambda r: sum(r["all56_s"])),
        ("depth 1, mean per turn (s)", lambda r: r["d1_mean_s"]),
        ("one root choice at depth 2 (s)", lambda r: r["d2_one_root_median_s"]),
    ]
    print(f"\n{'engine':<32}{'pure':>10}{'compiled':>10}{'speed-up':>10}")
    for label, pick in rows:
        p, c = med(pure, pick), med(compiled, pick)
        print(f"{label:<32}{p:>10.3f}{c:>10.3f}{p / c:>9.2f}x")
    print("\nroot choices searched to depth 2 at 1 s (deep/all), first round:")
    for kind in ("pure", "compiled"):
        print(f"  {kind:<9}" + " ".join(f"{d}/{n}" for d, n in runs[kind][0]["deep_at_1s"]))
    for kind in ("pure", "compiled"):
        total = [sum(d for d, _ in r["deep_at_1s"]) for r in runs[kind]]
        print(f"  {kind:<9}total over the 16 positions, per round: {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
