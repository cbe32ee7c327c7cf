"""Hostile input: control characters, look-alikes, huge and deeply nested input.

Every failure must be a NotationError with a diagnostic (never RecursionError or a Lark error),
reached quickly: limits are checked before parsing.
"""

from __future__ import annotations

import pytest

from notation_toolkit import fbr, mbn
from notation_toolkit.core.errors import LimitError, ParseError
from notation_toolkit.mbn.ast import PieceDefinition
from notation_toolkit.mbn.parser import MAX_DEPTH, MAX_INPUT


def test_nul_byte() -> None:
    with pytest.raises(ParseError) as info:
        fbr.parse("royal\x00 K")
    d = info.value.diagnostics[0]
    assert "NUL" in d.message and d.span is not None and d.span.offset == 5


def test_nul_inside_piece_name_and_string() -> None:
    for text in ("K|Ki\x00ng|=W", 'variant="a\x00b"'):
        with pytest.raises(ParseError):
            fbr.parse(text)


def test_tabs_and_crlf_are_whitespace() -> None:
    rule_file = fbr.parse("royal\tpromotion+[8]\r\nK\r\n\tP +P==Q\r\n")
    assert [r.name for r in rule_file.rules] == ["royal", "promotion"]
    king = rule_file.pieces[0]
    assert king.span is not None and (king.span.line, king.span.column) == (2, 1)
    assert fbr.dumps(rule_file) == "royal\npromotion+[8]\nK\nP\n+P==Q\n"


@pytest.mark.parametrize(
    ("text", "twin"),
    [("royal К", "K"), ("royal Q=Ｒ+B", "R"), ("rоyal K", "o"), ("royal K P=mfＷ", "W")],
)
def test_lookalikes_are_named(text: str, twin: str) -> None:
    with pytest.raises(ParseError) as info:
        fbr.parse(text)
    d = info.value.diagnostics[0]
    assert d.hint is not None and f"'{twin}'" in d.hint
    assert "U+" in d.message


def test_input_over_the_cap_is_refused_before_parsing() -> None:
    text = "K " * (MAX_INPUT // 2 + 1)
    with pytest.raises(LimitError) as info:
        fbr.parse(text)
    assert info.value.code == "NTK001"


def test_one_megabyte_of_garbage_fails_at_once() -> None:
    text = "royal " + "Ж" * (MAX_INPUT - 10)
    with pytest.raises(ParseError) as info:
        fbr.parse(text)
    assert info.value.diagnostics[0].span is not None
    assert info.value.diagnostics[0].span.offset == 6


def test_long_file_parses() -> None:
    # 8,000 items over 2,000 lines (about 57 kB; the benchmark measures speed).
    line = "royal Q=mQ+(cQ--X) +P==QRBN P|Pawn|=mfW+cefF+[1-2]mefW02\n"
    text = line * 2000
    rule_file = fbr.parse(text)
    assert len(rule_file.items) == 8000
    assert rule_file.items[-1].span is not None and rule_file.items[-1].span.line == 2000  # type: ignore[attr-defined]


def test_ten_thousand_nested_parentheses() -> None:
    text = "Q=" + "(" * 10_000 + "W" + ")" * 10_000
    for parse in (fbr.parse, mbn.parse_item):
        with pytest.raises(LimitError) as info:
            parse(text)
        assert info.value.code == "NTK002"
        d = info.value.diagnostics[0]
        assert d.span is not None and d.span.offset == 2 + MAX_DEPTH


def test_nesting_at_the_limit_parses_and_formats() -> None:
    depth = MAX_DEPTH
    text = "Q=" + "(" * depth + "W" + ")" * depth
    item = mbn.parse_item(text)
    assert mbn.dumps(item) == text
    assert fbr.check(text) == []


def test_deep_nesting_with_a_raised_limit_never_raises_recursion_error() -> None:
    depth = 3000
    text = "Q=" + "(" * depth + "W" + ")" * depth
    # The transformer is iterative: with the limit raised, the deep tree is still built.
    item = mbn.parse_item(text, max_depth=depth + 1)
    assert isinstance(item, PieceDefinition)


@pytest.mark.parametrize("text", ["", "   ", "\n\n", "~ only a comment", "\t"])
def test_empty_files(text: str) -> None:
    rule_file = fbr.parse(text)
    assert rule_file.rules == () and rule_file.pieces == ()


def test_not_text() -> None:
    with pytest.raises(TypeError):
        fbr.parse(b"royal")  # type: ignore[arg-type]


def test_deep_ast_from_a_raised_limit_is_walked_checked_and_refused_by_dumps() -> None:
    depth = 3000
    text = "Q=" + "(" * depth + "W" + ")" * depth
    item = mbn.parse_item(text, max_depth=depth + 1)
    assert sum(1 for _ in item.walk()) > depth  # walk() is iterative
    assert mbn.validate(item) == []
    with pytest.raises(LimitError) as info:
        mbn.dumps(item)
    assert info.value.code == "NTK002"
    with pytest.raises(LimitError):
        fbr.dumps(fbr.parse(text, max_depth=depth + 1))
