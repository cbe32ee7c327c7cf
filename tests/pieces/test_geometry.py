"""Board geometry: sizes 1x1..26x26, square names, masks and MBN/FBR board ranges (003:257,
fbr-mbn-notes 2.2)."""

from __future__ import annotations

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

from notation_toolkit.core.errors import LimitError, NotationError, ParseError
from notation_toolkit.core.geometry import Geometry


def test_8x8_numbering_is_python_chess() -> None:
    g = Geometry.of(8, 8)
    assert g.square_names == tuple(chess.SQUARE_NAMES)
    assert g.file_masks == tuple(chess.BB_FILES)
    assert g.rank_masks == tuple(chess.BB_RANKS)
    assert g.full == chess.BB_ALL


def test_names_on_large_boards() -> None:
    g = Geometry.parse("12x10")
    assert g.name(g.parse_square("a10")) == "a10"
    assert g.name(g.parse_square("l8")) == "l8"
    assert Geometry.of(26, 26).square_names[-1] == "z26"
    with pytest.raises(ParseError) as err:
        g.parse_square("m1")
    assert err.value.code == "NTK302"
    with pytest.raises(ParseError):
        g.parse_square("a11")


@pytest.mark.parametrize("size", ["27x8", "8x27", "0x8", "8x0"])
def test_size_limits(size: str) -> None:
    with pytest.raises(LimitError) as err:
        Geometry.parse(size)
    assert err.value.code == "NTK301" and err.value.diagnostics[0].span is not None


@pytest.mark.parametrize("text", ["8", "x8", "8x8x8", "eightxeight", ""])
def test_bad_sizes(text: str) -> None:
    with pytest.raises(NotationError):
        Geometry.parse(text)


@pytest.mark.parametrize(
    ("text", "squares"),
    [
        ("[1-2]", [f"{f}{r}" for r in (1, 2) for f in "abcdefgh"]),
        ("[a,h]", [f"{f}{r}" for r in range(1, 9) for f in "ah"]),
        ("[a2,c2,e2,f2]", ["a2", "c2", "e2", "f2"]),
        ("[c-f2]", ["c2", "d2", "e2", "f2"]),
        ("[d-f1-3]", [f"{f}{r}" for r in (1, 2, 3) for f in "def"]),
        ("[a-c,5]", [f"{f}{r}" for r in range(1, 9) for f in "abc"] + [f"{f}5" for f in "defgh"]),
        ("[*]", [f"{f}{r}" for r in range(1, 9) for f in "abcdefgh"]),
    ],
)
def test_ranges(text: str, squares: list[str]) -> None:
    g = Geometry.of(8, 8)
    assert set(g.names(g.parse_range(text))) == set(squares)


def test_range_symbols_and_complements() -> None:
    g = Geometry.of(8, 8)
    assert g.parse_range("[#]") | g.parse_range("[.]") == g.full
    assert g.parse_range("[#]") & g.parse_range("[.]") == 0
    assert bin(g.edge).count("1") == 28
    assert g.parse_range("[^1-2]") == g.full & ~g.parse_range("[1-2]")
    assert g.parse_range("[9-12]") == 0  # ranks beyond the board select nothing
    with pytest.raises(ParseError) as err:
        g.parse_range("[1-2")
    assert err.value.code == "NTK303"
    with pytest.raises(ParseError):
        g.parse_range("[Q]")


@given(st.integers(1, 26), st.integers(1, 26), st.integers(0, 2**676), st.integers(-3, 3), st.integers(-3, 3))
def test_shift_never_wraps(w: int, h: int, raw: int, dx: int, dy: int) -> None:
    g = Geometry.of(w, h)
    bb = raw & g.full
    expected = 0
    for s in g.squares(bb):
        t = g.offset(s, dx, dy)
        if t is not None:
            expected |= 1 << t
    assert g.shift(bb, dx, dy) == expected


@given(st.integers(1, 26), st.integers(1, 26), st.integers(0, 2**676))
def test_mirrors_are_involutions(w: int, h: int, raw: int) -> None:
    g = Geometry.of(w, h)
    bb = raw & g.full
    assert g.mirror_vertical(g.mirror_vertical(bb)) == bb
    assert g.mirror_horizontal(g.mirror_horizontal(bb)) == bb
    for s in g.squares(bb)[:5]:
        assert g.mirror_vertical(1 << s) == 1 << g.mirror_square(s)
