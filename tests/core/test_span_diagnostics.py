"""Spans, diagnostics, fixes and the error hierarchy."""

from __future__ import annotations

import json
import pickle

import pytest

from notation_toolkit.core import (
    CanonicalFormError,
    Diagnostic,
    Fix,
    GrammarError,
    LimitError,
    NotationError,
    ParseError,
    Severity,
    Span,
    UnknownNameError,
    ValidationError,
)
from notation_toolkit.core.render import render_json, render_text, source_excerpt


def test_span_from_offsets_computes_line_and_column() -> None:
    text = "first line\nsecond line\nthird"
    span = Span.from_offsets(text, 18, 22)
    assert (span.offset, span.length, span.line, span.column) == (18, 4, 2, 8)
    assert text[span.offset : span.end] == "line"


def test_span_from_offsets_clamps_out_of_range() -> None:
    span = Span.from_offsets("abc", 2, 99)
    assert (span.offset, span.length) == (2, 1)


def test_span_shifted_rebases_first_line_column_only() -> None:
    first = Span(3, 2, 1, 4).shifted(100, 9, 5)
    later = Span(30, 2, 3, 4).shifted(100, 9, 5)
    assert (first.offset, first.line, first.column) == (103, 10, 9)
    assert (later.offset, later.line, later.column) == (130, 12, 4)


def test_span_cover() -> None:
    assert Span(5, 2, 1, 6).cover(Span(1, 1, 1, 2)) == Span(1, 6, 1, 2)


def test_fix_apply_replaces_span_or_whole_text() -> None:
    assert Fix("merge", "8", Span(0, 2, 1, 1)).apply("44/8") == "8/8"
    assert Fix("canonical", "whole").apply("anything") == "whole"


def test_diagnostic_to_dict_is_json_ready() -> None:
    d = Diagnostic(
        "X001", "bad", Span(1, 2, 1, 2), hint="do this", fix=Fix("f", "r", Span(1, 2, 1, 2)), field="hands"
    )
    data = json.loads(json.dumps(d.to_dict()))
    assert data == {
        "code": "X001",
        "severity": "error",
        "message": "bad",
        "field": "hands",
        "span": {"offset": 1, "length": 2, "line": 1, "column": 2},
        "hint": "do this",
        "fix": {
            "description": "f",
            "replacement": "r",
            "span": {"offset": 1, "length": 2, "line": 1, "column": 2},
        },
    }


def test_error_hierarchy_is_rooted_at_notation_error_and_value_error() -> None:
    for cls in (ParseError, ValidationError, CanonicalFormError, LimitError, GrammarError, UnknownNameError):
        assert issubclass(cls, NotationError)
        assert issubclass(cls, ValueError)
    assert issubclass(CanonicalFormError, ValidationError)
    assert issubclass(UnknownNameError, LookupError)


def test_error_message_names_code_position_and_hint() -> None:
    err = ParseError.single("X002", "expected a piece", span=Span(4, 1, 1, 5), hint="add one")
    assert str(err) == "X002 at line 1, column 5: expected a piece (hint: add one)"
    assert err.code == "X002"
    assert err.diagnostics[0].severity is Severity.ERROR


def test_error_pickles_with_its_diagnostics() -> None:
    err = ValidationError.single("X003", "nope", span=Span(0, 1), text="abc")
    clone = pickle.loads(pickle.dumps(err))
    assert type(clone) is ValidationError
    assert clone.diagnostics == err.diagnostics and clone.text == "abc"


def test_render_text_shows_line_and_caret_under_span() -> None:
    text = "8/8/8 P2B/ C/c"
    d = Diagnostic(
        "FEEN999",
        "hand items must be sorted",
        Span(6, 3, 1, 7),
        hint="write 2BP",
        fix=Fix("canonical order", "2BP", Span(6, 3, 1, 7)),
    )
    out = render_text([d], text, "pos.feen").splitlines()
    assert out[0] == "pos.feen:1:7: error FEEN999: hand items must be sorted"
    assert out[1] == "  8/8/8 P2B/ C/c"
    assert out[2] == "        ^~~"
    assert out[3] == "  hint: write 2BP"
    assert out[4] == "  fix: canonical order: '2BP'"


def test_excerpt_windows_long_lines_around_the_span() -> None:
    text = "a" * 5000 + "X" + "b" * 5000
    line, caret = source_excerpt(text, Diagnostic("C", "m", Span(5000, 1, 1, 5001))) or ("", "")
    assert len(line) < 150
    assert line[caret.index("^")] == "X"


def test_excerpt_replaces_control_characters_and_keeps_caret_aligned() -> None:
    text = "ab\tc\x00d"
    line, caret = source_excerpt(text, Diagnostic("C", "m", Span(5, 1, 1, 6))) or ("", "")
    assert "\t" not in line and "\x00" not in line
    assert line[caret.index("^")] == "d"


def test_excerpt_accounts_for_wide_characters() -> None:
    text = "８８x"
    _line, caret = source_excerpt(text, Diagnostic("C", "m", Span(2, 1, 1, 3))) or ("", "")
    assert caret == "    ^"


def test_render_json_marks_validity() -> None:
    warn = Diagnostic("W1", "odd", severity=Severity.WARNING)
    data = json.loads(render_json([warn], "x", "f"))
    assert data["valid"] is True and data["diagnostics"][0]["severity"] == "warning"
    data = json.loads(render_json([Diagnostic("E1", "bad")], "x", "f"))
    assert data["valid"] is False


def test_render_rich_prints_code_message_caret_and_hint() -> None:
    from rich.console import Console

    from notation_toolkit.core.render import render_rich

    console = Console(record=True, width=100, color_system=None)
    d = Diagnostic("X1", "expected a count", Span(2, 1, 1, 3), hint="use a digit")
    render_rich(console, [d], "ab?cd", "in.txt")
    out = console.export_text()
    assert "in.txt:1:3: error[X1]: expected a count" in out
    assert "ab?cd" in out
    lines = out.splitlines()
    caret_line = next(line for line in lines if "^" in line)
    source_line = next(line for line in lines if "ab?cd" in line)
    assert source_line[caret_line.index("^")] == "?"
    assert "hint: use a digit" in out


@pytest.mark.parametrize("severity", list(Severity))
def test_severity_values_are_lowercase_words(severity: Severity) -> None:
    assert severity.value == severity.name.lower()
