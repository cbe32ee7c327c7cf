"""The language server's protocol-free parts: the same diagnostics as ``ntk check``, hover, completion."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.codes import get_code
from notation_toolkit.core.registry import get_notation
from notation_toolkit.lsp import analysis

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _cli_diagnostics(path: Path) -> list[dict[str, Any]]:
    """What ``ntk check --json`` reports for a file (every record that has a code)."""
    ntk = Path(sys.executable).parent / "ntk"
    if not ntk.exists():
        pytest.skip("the ntk script is not installed")
    out = subprocess.run(
        [str(ntk), "check", "--json", str(path)], capture_output=True, text=True, check=False
    )
    found: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "code" in node and "span" in node:
                found.append(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(out.stdout))
    return found


@pytest.mark.parametrize(
    "name", ["fbr/invalid.fbr", "feen/invalid.feen", "dfen/invalid.dfen", "fbr/chess.fbr", "feen/shogi.feen"]
)
def test_same_diagnostics_as_ntk_check(name: str) -> None:
    path = EXAMPLES / name
    text = path.read_text(encoding="utf-8")
    notation = analysis.notation_for(path.as_uri())
    assert notation is not None
    ours = analysis.check(notation, text)
    theirs = _cli_diagnostics(path)
    assert [d.code for d in ours] == [d["code"] for d in theirs]
    for d, record in zip(ours, theirs, strict=True):
        assert d.message == record["message"]
        assert d.hint == record["hint"]
        assert d.span is not None and record["span"] is not None
        assert (d.span.offset, d.span.length) == (record["span"]["offset"], record["span"]["length"])
        if record["fix"] is None:
            assert d.fix is None
        else:
            assert d.fix is not None and d.fix.replacement == record["fix"]["replacement"]
            if record["fix"]["span"] is not None:
                assert d.fix.span is not None and d.fix.span.offset == record["fix"]["span"]["offset"]


def test_fixes_of_a_rule_file_repair_it() -> None:
    text = "royl\npromotion+[8]=entr\nK Q R B N P +P==QRBN\n"
    found = analysis.check(get_notation("fbr"), text)
    fixes = [d.fix for d in found if d.fix is not None]
    assert [f.replacement for f in fixes] == ["royal", "enter"]
    repaired = text
    for fix in sorted(fixes, key=lambda f: -(f.span.offset if f.span else 0)):
        repaired = fix.apply(repaired)
    assert fbr.check(repaired) == []


def test_line_index_counts_utf16_like_lsp() -> None:
    text = "ab\n\U0001d11ex y\n"
    index = analysis.LineIndex(text)
    assert index.position(0) == (0, 0)
    assert index.position(3) == (1, 0)
    # U+1D11E is two UTF-16 code units: 'x' is at character 2 of line 1.
    assert index.position(4) == (1, 2)
    assert index.offset(1, 2) == 4
    assert index.offset(9, 0) == len(text)


def test_hover_explains_codes_rules_and_attributes() -> None:
    notation = get_notation("fbr")
    text = "royl promotion+[8]=enter ~ FBR201\n"
    found = analysis.check(notation, text)
    on_error = analysis.hover(notation, text, 1, found)
    info = get_code("FBR201")
    assert on_error is not None and info is not None and info.explanation in on_error
    on_rule = analysis.hover(notation, text, text.index("promotion") + 2, found)
    spec = fbr.shipped_catalog().rules["promotion"]
    assert on_rule is not None and spec.summary in on_rule and f"line {spec.line}" in on_rule
    on_attribute = analysis.hover(notation, text, text.index("enter") + 1, found)
    enter = spec.attributes["enter"]
    assert on_attribute is not None and "attribute of the FBR rule `promotion`" in on_attribute
    assert f"line {enter.line}" in on_attribute
    assert analysis.hover(notation, text, text.index("FBR201") + 1, []) == analysis.explain("FBR201")


def test_completion_from_the_catalog() -> None:
    notation = get_notation("fbr")
    catalog = fbr.shipped_catalog()
    text = "pro"
    rules = analysis.completions(notation, text, len(text))
    assert [c.label for c in rules] == sorted(n for n in catalog.rules if n.startswith("pro"))
    text = "K\npromotion+[8]=en"
    attributes = analysis.completions(notation, text, len(text))
    assert [c.label for c in attributes] == sorted(
        a for a in catalog.rules["promotion"].attributes if a.startswith("en")
    )
    assert all(c.start == len(text) - 2 for c in attributes)
    text = "royal=maxchecks(2),"
    after_comma = analysis.completions(notation, text, len(text))
    assert {c.label for c in after_comma} == set(catalog.rules["royal"].attributes)
    assert analysis.completions(notation, "K Q=R", 5) == []
    assert analysis.completions(notation, "~ pro", 5) == []


def test_symbols_are_the_pieces_and_rules() -> None:
    text = (EXAMPLES / "fbr" / "chess.fbr").read_text(encoding="utf-8")
    found = analysis.symbols(get_notation("fbr"), text)
    pieces = [s.name for s in found if s.kind == "piece"]
    rule_file = fbr.parse(text)
    assert len(pieces) == len(rule_file.pieces)
    assert pieces[:3] == ["K |King|", "Q |Queen|", "R |Rook|"]
    assert [s.name for s in found if s.kind == "rule"] == [r.name for r in rule_file.rules]
    for s in found:
        assert text[s.span.offset : s.span.end].split("~")[0].strip().startswith(s.name.split(" ")[0])
    assert analysis.symbols(get_notation("fbr"), "royal{") == []


def test_formatting_matches_the_formatters() -> None:
    text = "royal promotion+[8]=enter K Q=R+B\n"
    assert analysis.format_document(get_notation("fbr"), text) == fbr.dumps(text)
    assert analysis.format_document(get_notation("fbr"), "royal{") is None
    feen_text = "# hands\n8/8/8/8/8/8/8/8 PpP/p C/c\n"
    formatted = analysis.format_document(get_notation("feen"), feen_text)
    assert formatted == "# hands\n8/8/8/8/8/8/8/8 2Pp/p C/c\n"
