"""The fast paths change no result: the list walk, the paused collector and the
per-file memos give exactly what the straightforward code gives, on the whole corpus and on
grammar-generated rule files.

The references here are the straightforward implementations (the generator walk over every
dataclass field, parsing with the collector running, checking without shared memos); the
production code must agree with them node for node, span for span, diagnostic for diagnostic.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from notation_toolkit import fbr
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.fbr.transform import transform
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.ast import walk_list

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_NODES = (mbn.Node, GenericNode)
# By module path: ``notation_toolkit.fbr`` exports a function named ``validate``.
fbr_validate: Any = importlib.import_module("notation_toolkit.fbr.validate")
mbn_parser: Any = importlib.import_module("notation_toolkit.mbn.parser")


def corpus() -> list[str]:
    """Every example rule file (examples/fbr*/) and every rule-file string of the FBR page."""
    texts = [p.read_text("utf-8") for p in sorted(ROOT.glob("examples/fbr*/*.fbr"))]
    page = json.loads((ROOT / "tests" / "data" / "fbr" / "page_003.json").read_text("utf-8"))
    texts += [e["text"] for e in page["strings"] if e["kind"] == "file"]
    return texts


CORPUS = corpus()


def _parsed(text: str) -> fbr.ast.RuleFile | None:
    try:
        return fbr.parse(text)
    except NotationError:
        return None


def reference_walk(root: Any) -> list[Any]:
    """The straightforward walk: every field but spans, read on every node, depth first."""
    out: list[Any] = []
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        out.append(node)
        below: list[Any] = []
        if isinstance(node, mbn.Node):
            for f in dataclasses.fields(node):  # type: ignore[arg-type]
                if f.name == "span" or f.name.endswith("_span"):
                    continue
                value = getattr(node, f.name)
                if value is None or isinstance(value, str | bool | int):
                    continue
                if isinstance(value, tuple):
                    below.extend(v for v in value if isinstance(v, _NODES))
                elif isinstance(value, _NODES):
                    below.append(value)
        elif isinstance(node, GenericNode):
            below.extend(v for v in node.children if isinstance(v, _NODES))
        stack.extend(reversed(below))
    return out


def spans(root: Any) -> list[tuple[str, str, Span | None]]:
    """Every span of every node (spans are left out of ``==``), in walk order."""
    out: list[tuple[str, str, Span | None]] = []
    for node in reference_walk(root):
        if not dataclasses.is_dataclass(node):
            out.append((type(node).__name__, "span", getattr(node, "span", None)))
            continue
        for f in dataclasses.fields(node):
            if f.name == "span" or f.name.endswith("_span"):
                out.append((type(node).__name__, f.name, getattr(node, f.name)))
    return out


def assert_same_walk(root: Any) -> None:
    fast, reference = walk_list(root), reference_walk(root)
    assert len(fast) == len(reference)
    assert all(a is b for a, b in zip(fast, reference, strict=True))
    assert all(a is b for a, b in zip(root.walk(), reference, strict=True))


@pytest.mark.parametrize("index", range(len(CORPUS)))
def test_walk_list_visits_what_the_reference_walk_visits(index: int) -> None:
    tree = _parsed(CORPUS[index])
    if tree is None:
        pytest.skip("an invalid example (its diagnostics are tested elsewhere)")
    assert_same_walk(tree)
    for item in tree.items:
        assert_same_walk(item)


def test_the_corpus_parses() -> None:
    # The comparisons above would prove nothing on a corpus that does not parse.
    parsed = [t for t in CORPUS if _parsed(t) is not None]
    assert len(parsed) >= len(CORPUS) - 3
    assert sum(len(t.items) for t in map(fbr.parse, parsed)) > 500


@contextmanager
def collector(paused: bool) -> Iterator[None]:
    """Force the collector pause on (threshold 0) or off (a threshold no input reaches)."""
    saved = (mbn_parser.GC_PAUSE_CHARS, fbr_validate.GC_PAUSE_ITEMS)
    limit = 0 if paused else 1 << 62
    mbn_parser.GC_PAUSE_CHARS = limit
    fbr_validate.GC_PAUSE_ITEMS = limit
    try:
        yield
    finally:
        mbn_parser.GC_PAUSE_CHARS, fbr_validate.GC_PAUSE_ITEMS = saved


def outcome(text: str) -> tuple[Any, list[tuple[str, str, Span | None]], list[Diagnostic]]:
    """The AST (or the error's diagnostics), every span, and ``check``'s diagnostics."""
    try:
        tree: Any = fbr.parse(text)
    except NotationError as exc:
        return list(exc.diagnostics), [], fbr.check(text)
    return tree, spans(tree), fbr.check(text)


def assert_pause_changes_nothing(text: str) -> None:
    with collector(paused=False):
        running = outcome(text)
    with collector(paused=True):
        paused = outcome(text)
    assert paused == running
    assert gc.isenabled()


@pytest.mark.parametrize("index", range(len(CORPUS)))
def test_the_collector_pause_changes_no_ast_span_or_diagnostic(index: int) -> None:
    assert_pause_changes_nothing(CORPUS[index])


def _strategy() -> st.SearchStrategy[str]:
    # A cache-less parser: a parser restored from the disk cache has no grammar to generate from.
    return from_lark(load_parser("rulefile", "rule_file", cache=False), start="rule_file")


@pytest.mark.slow
@SETTINGS
@given(_strategy())
def test_generated_rule_files_walk_and_pause_agree(text: str) -> None:
    tree = _parsed(text)
    if tree is not None:
        assert_same_walk(tree)
    assert_pause_changes_nothing(text)


@SETTINGS
@given(st.lists(st.sampled_from(CORPUS), min_size=1, max_size=4))
def test_joined_corpus_files_walk_and_pause_agree(texts: list[str]) -> None:
    # Several files in one: repeated names, pieces and metadata exercise the per-file memos.
    text = "\n".join(texts)
    tree = _parsed(text)
    if tree is not None:
        assert_same_walk(tree)
    assert_pause_changes_nothing(text)


@pytest.mark.parametrize("index", range(len(CORPUS)))
def test_inline_transformer_equals_the_lark_tree_path(index: int) -> None:
    # The AST built inside the LALR parser equals Lark's parse tree transformed afterwards.
    text = CORPUS[index]
    tree = _parsed(text)
    if tree is None:
        pytest.skip("an invalid example")
    lark = load_parser("rulefile", "rule_file", keep_all_tokens=True, propagate_positions=False)
    via_tree = transform(lark.parse(text))
    assert via_tree == tree
    assert spans(via_tree) == spans(tree)


def test_the_collector_is_restored_after_success_and_failure() -> None:
    big_good = "royal\n" + "K Q=R+N R B N P\n" * 400
    big_bad = "K" * 5000
    assert gc.isenabled()
    fbr.check_rule_file(fbr.parse(big_good))
    assert gc.isenabled()
    with pytest.raises(NotationError):
        fbr.parse(big_bad)
    assert gc.isenabled()
    gc.disable()
    try:
        fbr.check_rule_file(fbr.parse(big_good))
        assert not gc.isenabled()  # a caller's choice is kept
    finally:
        gc.enable()


def _without_spans(diagnostic: Diagnostic) -> tuple[object, ...]:
    fix = diagnostic.fix
    return (
        diagnostic.code,
        diagnostic.message,
        diagnostic.severity,
        diagnostic.hint,
        None if fix is None else (fix.description, fix.replacement),
    )


@pytest.mark.parametrize(
    "item",
    [
        "roya",  # FBR201 with 'did you mean'
        "royal=crowne",  # FBR202 with the list of royal's attributes
        "royal{Qx}",  # FBR302 with the letters of the file
        "K=:AB:",  # MBN211 with the file's compound letters
    ],
)
def test_a_repeated_item_gets_the_diagnostics_of_a_single_one(item: str) -> None:
    # The memos are per file: the third copy is told what the first is, at its own place.
    context = "K Q :AC:=K"
    single = fbr.check(f"{context} {item}")
    tripled = fbr.check(f"{context} {item} {item} {item}")
    own = [d for d in single if d.span is not None and d.span.offset > len(context)]
    assert own, "the item must have diagnostics of its own"
    starts = [len(context) + 1 + i * (len(item) + 1) for i in range(3)]
    for copy, start in enumerate(starts):
        found = [d for d in tripled if d.span is not None and start <= d.span.offset < start + len(item)]
        assert [_without_spans(d) for d in found] == [_without_spans(d) for d in own], copy
        shift = start - starts[0]
        assert [d.span.offset - shift for d in found if d.span] == [d.span.offset for d in own if d.span]
