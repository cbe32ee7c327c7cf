"""FBR rule files: parse + validate against Lark's bare LALR parse tree, per item and at scale.

Run: ``.venv/bin/python benchmarks/bench_fbr.py`` (``--quick`` stops the scale table at 10,000
items). Figures are printed beside Lark's bare parse tree of the same text measured in the same
run (the machine is shared: compare the ratios, not the absolute times).

1. The corpus: every rule-file string of the FBR page (tests/data/fbr/page_003.json) and every
   example file of examples/fbr/. Best of several passes; the parsers are built (and cached) before
   timing, as in a long-running service. Stages: Lark alone (LALR parse tree, no AST: the floor set
   by the grammar), parse (the typed AST), parse + validate (catalog checks, MBN checks,
   cross-references), format (AST -> canonical text); items (FBR rules + MBN items) per second and
   the ratio to Lark alone.
2. Scale: one rule file of 10 / 1,000 / 10,000 / 100,000 items (the corpus items, cycled, one per
   line): µs per item of Lark's bare tree and of parse + validate, and their ratio. A constant
   µs/item down a column means the cost is linear in the size of the file.
3. A 1 MiB rule file (the same items up to 1,048,576 characters, the default input limit): wall
   and CPU time of parse + validate beside Lark's bare tree; then the same file with an error in
   its last item: the time to the diagnostic (the fast path reads the file, Lark restarts two items
   before the error) beside Lark's bare tree failing on it.
4. MBN items alone (``mbn.parse``, every piece item of the corpus) against Lark's bare tree of
   ``mbn.lark``, the share of corpus items the fast path reads (the rest would go to Lark), and
   the hostile ``"K" * 70_000`` of the fuzz suite (CPU time of ``fbr.parse`` / ``mbn.parse``,
   bound 1 s).

No other Python FBR/MBN implementation exists to compare with (the only third-party parser,
LeCodex/modified-betza-notation-js, is JavaScript).
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections.abc import Callable
from itertools import cycle, islice
from pathlib import Path
from typing import Any

from notation_toolkit import fbr
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.mbn.parser import MAX_INPUT

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


def corpus_items(texts: list[str]) -> list[str]:
    """The text of every FBR rule and MBN item of the corpus, in order (for the scale tables)."""
    items: list[str] = []
    for text in texts:
        for item in fbr.parse(text).items:
            span = getattr(item, "span", None)
            if isinstance(item, fbr.ast.Metadata | fbr.ast.Comment) or span is None:
                continue
            items.append(text[span.offset : span.end])
    return items


def rule_file(items: list[str], count: int) -> str:
    """A rule file of ``count`` items, one per line."""
    return "\n".join(islice(cycle(items), count)) + "\n"


def mib_file(items: list[str]) -> tuple[str, int]:
    """The corpus items, one per line, up to the 1 MiB input limit; the text and its item count."""
    lines: list[str] = []
    size = 0
    for item in cycle(items):
        if size + len(item) + 1 > MAX_INPUT:
            break
        lines.append(item)
        size += len(item) + 1
    return "\n".join(lines) + "\n", len(lines)


def best(func: Callable[[], object], passes: int = PASSES) -> float:
    """Best wall time of ``passes`` runs."""
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def best_both(func: Callable[[], object], passes: int) -> tuple[float, float]:
    """Best wall time and best CPU time of ``passes`` runs (the CPU time is what other processes
    on a shared machine disturb least)."""
    runs = [timed(func) for _ in range(passes)]
    return min(r[0] for r in runs), min(r[1] for r in runs)


def main() -> None:
    """Print the figures."""
    quick = "--quick" in sys.argv
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
            fbr.dumps(tree)

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

    pieces = corpus_items(texts)
    sizes = [10, 1_000, 10_000] if quick else [10, 1_000, 10_000, 100_000]
    print()
    print("one rule file of N items (corpus items cycled, one per line); us/item, wall and CPU")
    print(
        f"{'items':>9}{'lark tree':>12}{'parse+validate':>16}{'vs lark':>9}{'lark CPU':>10}{'ours CPU':>10}"
    )
    for size in sizes:
        text = rule_file(pieces, size)
        passes = max(2, min(PASSES, 20_000 // size))
        lark_s, lark_cpu = best_both(lambda text=text: lark.parse(text), passes)  # type: ignore[misc]
        ours_s, ours_cpu = best_both(lambda text=text: fbr.check_rule_file(fbr.parse(text)), passes)  # type: ignore[misc]
        print(
            f"{size:>9,}{lark_s / size * 1e6:>12.1f}{ours_s / size * 1e6:>16.1f}{lark_s / ours_s:>9.2f}"
            f"{lark_cpu / size * 1e6:>10.1f}{ours_cpu / size * 1e6:>10.1f}"
        )

    text, count = mib_file(pieces)
    ours_s, ours_cpu = timed(lambda: fbr.check_rule_file(fbr.parse(text)))
    lark_s, _ = timed(lambda: lark.parse(text))
    print()
    print(
        f"1 MiB rule file ({len(text):,} characters, {count:,} items): parse + validate {ours_s:.2f} s "
        f"({ours_cpu:.2f} s CPU), Lark bare tree {lark_s:.2f} s, ratio {lark_s / ours_s:.2f}"
    )
    broken = text[: text.rindex("\n", 0, len(text) - 1) + 1] + "K=mRcpR\n"
    ours_s, ours_cpu = timed(lambda: _diagnostics(broken))
    lark_s, _ = timed(lambda: _diagnostics(broken, lark))
    print(
        f"the same file with an error in its last item: diagnostic in {ours_s:.2f} s ({ours_cpu:.2f} s CPU), "
        f"Lark bare tree fails after {lark_s:.2f} s, ratio {lark_s / ours_s:.2f}"
    )

    mbn_items(texts)


def timed(func: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of one call."""
    wall, cpu = time.perf_counter(), time.process_time()
    func()
    return time.perf_counter() - wall, time.process_time() - cpu


def _diagnostics(text: str, parser: Any = None) -> object:
    # fbr.check (parse + validate, diagnostics of an invalid text) or a Lark parse that fails.
    if parser is None:
        return fbr.check(text)
    try:
        return parser.parse(text)
    except Exception as exc:  # Lark's UnexpectedInput: the failure is what is timed
        return exc


def mbn_items(texts: list[str]) -> None:
    """MBN items through mbn.parse against Lark's bare tree; fast-path share; the hostile input."""
    from notation_toolkit import mbn
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr import fast
    from notation_toolkit.mbn import fast as mbn_fast

    items: list[str] = []
    total = read = 0
    for text in texts:
        tree = fbr.parse(text)
        total += len(tree.items)
        quick = fast.parse(text)
        read += len(quick.items) if quick is not None else 0
        for piece in tree.pieces:
            assert piece.span is not None
            items.append(text[piece.span.offset : piece.span.end])
    lark = load_parser("mbn", "mbn_item")

    def lark_only() -> None:
        for item in items:
            lark.parse(item)

    def parse() -> None:
        for item in items:
            mbn.parse(item)

    base, ours = best(lark_only), best(parse)
    fallback = sum(mbn_fast.parse_item(i) is None for i in items)
    print()
    print(
        f"MBN items ({len(items)}): mbn.parse {len(items) / ours:,.0f} items/s, Lark bare tree "
        f"{len(items) / base:,.0f} items/s, ratio {base / ours:.2f}; items the fast path declines: {fallback}"
    )
    print(f"corpus items read by the fast path (no Lark): {read:,} of {total:,} ({read / total:.1%})")
    for name, func in (("fbr.parse", fbr.parse), ("mbn.parse", mbn.parse)):
        cpu = time.process_time()
        with contextlib.suppress(NotationError):
            func("K" * 70_000)
        print(f'hostile "K" * 70_000: {name} {time.process_time() - cpu:.2f} s CPU (fuzz bound 1 s)')


if __name__ == "__main__":
    main()
