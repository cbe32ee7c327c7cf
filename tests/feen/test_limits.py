"""Limits as a profile object: default (what the documents allow) and reference."""

from __future__ import annotations

import pytest

from notation_toolkit import feen
from notation_toolkit.core.errors import LimitError, UnknownNameError
from notation_toolkit.feen import REFERENCE, Limits

FOUR_D = "ab/cd//ef/gh///AB/CD//EF/GH / G/g"
IRREGULAR = "rkr/pp/PPPP / G/g"


def test_default_accepts_what_the_documents_allow() -> None:
    assert feen.parse(FOUR_D).placement.dimensions == 4
    assert feen.parse(IRREGULAR).placement.shape is None
    assert feen.parse("256 / C/c").placement.square_count == 256


@pytest.mark.parametrize(
    "text,code",
    [(FOUR_D, "FEEN302"), (IRREGULAR, "FEEN304"), ("256 / C/c", "FEEN303"), ("1000 / C/c", "FEEN305")],
)
def test_reference_limits(text: str, code: str) -> None:
    for limits in ("reference", REFERENCE):
        with pytest.raises(LimitError) as info:
            feen.parse(text, limits=limits)
        assert info.value.code == code
    assert feen.is_valid(text)  # FEEN all the same: a limit is not "not FEEN"


def test_reference_accepts_regular_3d_and_255_cells() -> None:
    assert feen.parse("3/3/3//3/3/3 / G/g", limits="reference").placement.shape == (2, 3, 3)
    assert feen.parse("255 / C/c", limits="reference").placement.square_count == 255


def test_reference_byte_limit() -> None:
    text = "/".join(["1"] * 2100) + " / C/c"
    with pytest.raises(LimitError) as info:
        feen.parse(text, limits="reference")
    assert info.value.code == "FEEN301"


def test_input_cap_can_be_raised_and_custom_limits() -> None:
    text = "/".join(["1"] * 40_000) + " / C/c"
    with pytest.raises(LimitError):
        feen.parse(text)
    assert feen.parse(text, max_input="1M").placement.square_count == 40_000
    assert feen.parse(text, limits=Limits(max_input=None)).placement.square_count == 40_000
    with pytest.raises(LimitError) as info:
        feen.parse("a/b//c/d / C/c", limits=Limits(max_dimensions=2))
    assert info.value.code == "FEEN302"


def test_unknown_limits_name() -> None:
    with pytest.raises(UnknownNameError) as info:
        feen.parse("8 / C/c", limits="referenc")
    assert info.value.diagnostics[0].hint is not None and "reference" in info.value.diagnostics[0].hint


def test_max_count_digits_is_bounded() -> None:
    with pytest.raises(ValueError):
        Limits(max_count_digits=5000)
