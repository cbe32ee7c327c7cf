"""Placement lookups and iteration agree with a direct walk of the text, on every shape."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation_toolkit import feen
from notation_toolkit.feen.ast import Placement

LETTERS = "KQRBNPkqrbnp"


@st.composite
def boards(draw: st.DrawFn) -> str:
    """A FEEN placement of 1 to 3 dimensions, regular or not, with pieces, states and marks."""
    dims = draw(st.integers(1, 3))

    def rank() -> str:
        cells = draw(st.lists(st.one_of(st.none(), st.sampled_from(LETTERS)), min_size=1, max_size=9))
        out, empty = [], 0
        for cell in cells:
            if cell is None:
                empty += 1
                continue
            if empty:
                out.append(str(empty))
                empty = 0
            prefix = draw(st.sampled_from(["", "", "+", "-"]))
            mark = draw(st.sampled_from(["", "", "^", "'"]))
            out.append(prefix + cell + mark)
        if empty:
            out.append(str(empty))
        return "".join(out)

    def block(level: int) -> str:
        # A group of `level` slashes joins parts that are themselves blocks of level - 1.
        if level == 0:
            return rank()
        parts = [block(level - 1) for _ in range(draw(st.integers(2, 4)))]
        return ("/" * level).join(parts)

    return block(dims - 1)


def _naive(placement: Placement) -> list[tuple[tuple[int, ...], str | None]]:
    """(coordinate, token) of every cell, by walking separators as the format defines them."""
    dims = placement.dimensions
    coord = [0] * (dims - 1)
    out: list[tuple[tuple[int, ...], str | None]] = []
    for index in range(len(placement.segments)):
        if index:
            level = dims - 1 - placement.separators[index - 1]
            coord[level] += 1
            coord[level + 1 :] = [0] * (dims - 2 - level)
        file = 0
        for token in placement.rank_tokens(index):
            if isinstance(token, int):
                for _ in range(token):
                    out.append(((*coord, file), None))
                    file += 1
            else:
                out.append(((*coord, file), token.token))
                file += 1
    return out


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(boards())
def test_every_lookup_agrees_with_the_walk(text: str) -> None:
    position = feen.parse(f"{text} / C/c")
    placement = position.placement
    cells = _naive(placement)
    assert [None if p is None else p.token for p in placement.squares()] == [t for _, t in cells]
    assert [(sq.coordinate, sq.piece.token if sq.piece else None) for sq in placement.pieces()] == [
        (c, t) for c, t in cells if t is not None
    ]
    for flat, (coordinate, token) in enumerate(cells):
        by_index = placement[flat]
        by_coordinate = placement[coordinate]
        assert (by_index.token if by_index else None) == token
        assert (by_coordinate.token if by_coordinate else None) == token
    for square in placement.pieces():
        assert square.span is not None and square.piece is not None
        assert text[square.span.offset : square.span.end] == square.piece.token


def test_one_cell_per_rank_and_one_long_rank_give_the_same_cells() -> None:
    tall = feen.parse("/".join(["K"] + ["1"] * 998 + ["k"]) + " / C/c").placement
    wide = feen.parse("K998k / C/c").placement
    assert [sq.coordinate for sq in tall.pieces()] == [(0, 0), (999, 0)]
    assert [sq.coordinate for sq in wide.pieces()] == [(0,), (999,)]
    assert tall[999] is not None and tall[999].token == "k"
    assert tall[999, 0] == wide[999]
