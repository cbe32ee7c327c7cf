"""FBR rule files: rules per second for parse + validate of the whole corpus.

Run: ``.venv/bin/python benchmarks/bench_fbr.py``. The corpus is every rule string of the FBR page
(tests/data/fbr/page_003.json, 56 strings) and every example file of examples/fbr/. Figures are the
best of several passes; the parser is built (and cached) before timing, as in a long-running
service. Printed: items (FBR rules + MBN items) per second for

* Lark alone (LALR parse tree, no AST): the floor set by the grammar,
* parse (the typed AST, built by the inline transformer while the LALR parser runs),
* parse + validate (catalog checks, MBN checks, cross-references),
* format (AST -> canonical text),

and the ratio of each to Lark alone. No other Python FBR/MBN implementation exists to compare with
(the only third-party parser, LeCodex/modified-betza-notation-js, is JavaScript).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from notation_toolkit import fbr
from notation_toolkit.core.grammar import load_parser

ROOT = Path(__file__).resolve().parents[1]
PASSES = 5


def corpus() -> list[str]:
    """The page strings and the example files."""
    page = json.loads((ROOT / "tests" / "data" / "fbr" / "page_003.json").read_text("utf-8"))
    texts = [e["text"] for e in page["strings"] if e["kind"] == "file"]
    skip = {"invalid.fbr", "extended.fbr"}
    texts += [
        p.read_text("utf-8") for p in sorted((ROOT / "examples" / "fbr").glob("*.fbr")) if p.name not in skip
    ]
    return texts


def best(func: Callable[[], object]) -> float:
    """Best wall time of ``PASSES`` runs."""
    times = []
    for _ in range(PASSES):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    """Print the figures."""
    texts = corpus()
    trees = [fbr.parse(t) for t in texts]
    items = sum(len(t.rules) + len(t.pieces) for t in trees)
    chars = sum(len(t) for t in texts)
    lark = load_parser("rulefile", "rule_file")

    def lark_only() -> None:
        for t in texts:
            lark.parse(t)

    def parse() -> None:
        for t in texts:
            fbr.parse(t)

    def parse_validate() -> None:
        for t in texts:
            fbr.check_rule_file(fbr.parse(t))

    def fmt() -> None:
        for tree in trees:
            fbr.format(tree)

    print(f"corpus: {len(texts)} rule files, {items} items (rules + piece items), {chars:,} characters")
    base = best(lark_only)
    rows = [
        ("lark parse tree only", base),
        ("parse -> AST", best(parse)),
        ("parse + validate", best(parse_validate)),
        ("format (AST -> text)", best(fmt)),
    ]
    print(f"{'stage':<24}{'items/s':>12}{'us/item':>10}{'kB/s':>9}{'vs lark':>9}")
    for name, seconds in rows:
        print(
            f"{name:<24}{items / seconds:>12,.0f}{seconds / items * 1e6:>10.1f}"
            f"{chars / seconds / 1000:>9.0f}{base / seconds:>9.2f}"
        )


if __name__ == "__main__":
    main()
