"""Malformed and hostile variants.ini input: diagnostics with spans, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fsf import FsfError, convert, import_ini


def _all(text: str) -> list[Diagnostic]:
    result = convert(text)
    return [*result.diagnostics, *(d for s in result.sections for d in s.diagnostics)]


def _one(text: str, code: str) -> Diagnostic:
    found = [d for d in _all(text) if d.code == code]
    assert found, [(d.code, d.message) for d in _all(text)]
    return found[0]


def test_duplicate_section_keeps_the_first_as_fairy_stockfish_does() -> None:
    text = "[a:chess]\nmaxRank = 6\n\n[a:chess]\nmaxRank = 7\n"
    d = _one(text, "FSF102")
    assert d.span is not None and (d.span.line, d.span.column) == (4, 1)


def test_duplicate_option_is_a_warning_and_the_last_value_counts() -> None:
    text = "[a:chess]\nmaxRank = 6\nmaxRank = 7\ndoubleStep = false\npromotionRegionWhite = *7\n"
    d = _one(text, "FSF103")
    assert d.severity.value == "warning" and d.span is not None and d.span.line == 3
    assert 'boardsize="8x7"' in import_ini(text)["a"]


def test_unknown_option_with_a_suggestion() -> None:
    d = _one("[a:chess]\nmaxRnak = 6\n", "FSF104")
    assert d.span is not None and (d.span.line, d.span.column, d.span.length) == (2, 1, 7)
    assert d.hint is not None and "maxRank" in d.hint


@pytest.mark.parametrize(("text", "words"), [("[a:b]\n[b:a]\n", "a -> b -> a"), ("[a:a]\n", "a -> a")])
def test_inheritance_cycles(text: str, words: str) -> None:
    d = _one(text, "FSF105")
    assert words in d.message and d.span is not None


def test_unknown_parent() -> None:
    d = _one("[a:nosuchvariant]\n", "FSF203")
    assert "nosuchvariant" in d.message and d.hint is not None and "crazyhouse" in d.hint


def test_bad_betza_points_at_the_character() -> None:
    text = "[a:chess]\ncustomPiece1 = a:mRhN\nstartFen = 4k3/8/8/8/8/8/8/A3K3 w - - 0 1\n"
    d = _one(text, "FSF202")
    assert d.span is not None and text[d.span.offset] == "h"
    assert (d.span.line, d.span.column) == (2, 20)


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("maxRank = 99999999999999", "FSF106"),
        ("maxRank = 40", "FSF106"),
        ("maxFile = 27", "FSF106"),
        ("promotionRegionWhite = *99", "FSF106"),
        ("promotionRegionWhite = q9", "FSF106"),
        ("castling = yes", "FSF106"),
        ("stalemateValue = maybe", "FSF106"),
        ("startFen = rnbqkbnr/pppppppp/8/8 w - - 0 1", "FSF106"),
        ("startFen = " + "9" * 5000, "FSF107"),
        ("promotionPieceTypes = qz", "FSF106"),
        ("customPiece1 = a", "FSF106"),
        ("knight = 1", "FSF106"),
        ("blastOnCapture = true", "FSF201"),
        ("connectN = 4", "FSF201"),
        ("wallingRule = duck", "FSF201"),
    ],
)
def test_bad_values_refuse_the_section_with_a_span(line: str, code: str) -> None:
    text = "[a:chess]\n" + line + "\n"
    d = _one(text, code)
    assert d.span is not None and d.span.line == 2
    assert convert(text).sections[0].fbr is None


@pytest.mark.parametrize(
    "text", ["maxRank = 6\n[a]\n", "[a\nmaxRank = 6\n", "[a:chess]\nthis is not an option\n", "[a b]\n"]
)
def test_syntax_errors(text: str) -> None:
    assert _one(text, "FSF101").span is not None


def test_a_file_without_a_section_raises_from_import_ini() -> None:
    with pytest.raises(FsfError) as info:
        import_ini("# nothing here\n")
    assert info.value.diagnostics[0].code == "FSF101"


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("[]:=#;-*ab01kKqQ \nmaxRankFilestartFencustomPiece")), max_size=300)
)
def test_arbitrary_text_gives_diagnostics_not_exceptions(text: str) -> None:
    result = convert(text)
    for section in result.sections:
        # a section is either written or refused with an error
        assert (section.fbr is None) == any(d.is_error for d in section.diagnostics) or section.fbr is None
