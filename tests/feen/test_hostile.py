"""Hostile input: a clear NotationError (type and code), never a crash. (No timing asserts: the
inputs are sized so that a slow implementation would be noticed, but speed is measured by
benchmarks, not by tests.)"""

from __future__ import annotations

import pytest

from notation_toolkit import feen
from notation_toolkit.core.errors import LimitError, NotationError, ParseError, ValidationError


@pytest.mark.parametrize(
    "text,code",
    [
        ("8/8\x00 / C/c", "FEEN105"),
        ("8/8\t/ C/c", "FEEN104"),
        ("8/8 / C/c\r\n", "FEEN104"),
        ("8/8 /\r\nC/c", "FEEN104"),
        ("rnbqКbnr/8 / C/c", "FEEN105"),  # Cyrillic Ka
        ("8/8 / С/c", "FEEN105"),  # Cyrillic Es
        ("Ｋ^ / C/c", "FEEN105"),  # full-width K
        ("8/8 ／ C/c", "FEEN105"),  # full-width solidus
        ("8/8\u3000/ C/c", "FEEN104"),  # ideographic space
    ],
)
def test_control_and_lookalike_characters(text: str, code: str) -> None:
    with pytest.raises(ParseError) as info:
        feen.parse(text)
    d = info.value.diagnostics[0]
    assert d.code == code
    assert d.span is not None and d.span.length == 1
    bad = text[d.span.offset]
    assert not (0x21 <= ord(bad) <= 0x7E)
    assert f"column {d.span.offset + 1}" in d.message
    assert d.hint


def test_lookalike_hint_names_the_ascii_twin() -> None:
    with pytest.raises(ParseError) as info:
        feen.parse("rnbqКbnr/8 / C/c")
    d = info.value.diagnostics[0]
    assert "U+041A" in d.message and "CYRILLIC" in d.message
    assert d.hint is not None and "'K'" in d.hint


def test_one_megabyte_string_hits_the_input_cap() -> None:
    text = "8/" * 524_288 + "8 / C/c"
    with pytest.raises(LimitError) as info:
        feen.parse(text)
    assert info.value.code == "NTK001"
    assert not feen.is_valid(text)


def test_one_megabyte_string_with_the_cap_raised_is_parsed() -> None:
    text = "1/" * 500_000 + "1 / C/c"
    pos = feen.parse(text, max_input=2_000_000)
    assert pos.placement.square_count == 500_001


def test_a_count_of_100000_digits() -> None:
    text = "1" + "0" * 99_999 + " / C/c"
    with pytest.raises(LimitError) as info:
        feen.parse(text)
    assert info.value.code == "NTK001"
    with pytest.raises(LimitError) as info:
        feen.parse(text, max_input=200_000)
    assert info.value.code == "FEEN305"
    d = info.value.diagnostics[0]
    assert d.span is not None and (d.span.offset, d.span.length) == (0, 100_000)


def test_a_hand_count_of_100000_digits() -> None:
    text = "8 1" + "0" * 99_999 + "P/ C/c"
    with pytest.raises(LimitError) as info:
        feen.parse(text, max_input=200_000)
    assert info.value.code == "FEEN305"


def test_ten_thousand_separators_in_a_row() -> None:
    with pytest.raises(ValidationError) as info:
        feen.parse("8" + "/" * 10_000 + "8 / C/c")
    d = info.value.diagnostics[0]
    assert d.code == "FEEN201"
    assert d.span is not None and (d.span.offset, d.span.length) == (1, 10_000)
    assert len(d.message) < 300
    with pytest.raises(ParseError) as info2:
        feen.parse("/" * 10_000 + " / C/c")
    assert info2.value.code == "FEEN101"


def test_ten_thousand_single_separators_and_deep_valid_nesting() -> None:
    pos = feen.parse("/".join(["1"] * 10_001) + " / C/c")
    assert pos.placement.shape == (10_001, 1)
    # a coherent 14-dimensional board of 2^14 squares (every separator level present)
    placement = "a"
    for level in range(1, 14):
        placement = placement + "/" * level + placement
    pos = feen.parse(placement + " / C/c")
    assert pos.placement.dimensions == 14
    assert pos.placement.shape == (2,) * 13 + (1,)


@pytest.mark.parametrize("bad", [None, 42, b"8 / C/c"])
def test_non_strings_are_a_type_error(bad: object) -> None:
    with pytest.raises(TypeError):
        feen.parse(bad)  # type: ignore[arg-type]


def test_many_pieces_in_hand_do_not_explode() -> None:
    text = "99999 " + "P" * 60_000 + "/ C/c"
    with pytest.raises(NotationError) as info:
        feen.parse(text)
    assert info.value.code == "FEEN204"
    assert feen.canonicalize(text)[0] == "99999 60000P/ C/c"
    with pytest.raises(NotationError) as info:
        feen.parse("8 " + "P" * 60_000 + "/ C/c")
    assert info.value.code == "FEEN202"  # cardinality is reported before canonical form
