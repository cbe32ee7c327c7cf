"""The typed AST: immutable nodes, coordinates, lazy squares, multisets, style-turn."""

from __future__ import annotations

import dataclasses

import pytest

from notation_toolkit import feen
from notation_toolkit.core.errors import NotationError
from notation_toolkit.feen import Side

CHESS = "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c"
RAUM = (
    "-rnk^n-r/+p+p+p+p+p/5/5/5//buqbu/+p+p+p+p+p/5/5/5//5/5/5/5/5//5/5/5/+P+P+P+P+P/BUQBU"
    "//5/5/5/+P+P+P+P+P/-RNK^N-R / R/r"
)


def test_nodes_are_frozen() -> None:
    pos = feen.parse(CHESS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.placement = pos.placement  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        feen.parse_epin("K").letter = "Q"  # type: ignore[misc]


def test_chess_squares_by_coordinate() -> None:
    placement = feen.parse(CHESS).placement
    assert placement.shape == (8, 8) and placement.dimensions == 2 and placement.is_regular
    assert str(placement[0, 0]) == "-r" and str(placement[7, 4]) == "K^"
    assert placement[4, 4] is None and placement[63] is not None and str(placement[-1]) == "-R"
    sq = placement.square((7, 4))
    assert sq.span is not None and CHESS[sq.span.offset : sq.span.end] == "K^"
    assert sum(1 for s in placement.squares() if s is not None) == placement.piece_count == 32
    assert len(list(placement.squares())) == 64
    assert len(placement.ranks()) == 8 and all(len(r) == 8 for r in placement.ranks())
    with pytest.raises(IndexError):
        placement[8, 0]


def test_pieces_carry_spans_and_coordinates() -> None:
    placement = feen.parse(CHESS).placement
    for square in placement.pieces():
        assert square.piece is not None and square.span is not None
        assert CHESS[square.span.offset : square.span.end] == square.piece.token
        assert placement.square(square.coordinate).piece is square.piece


def test_3d_raumschach() -> None:
    placement = feen.parse(RAUM).placement
    assert placement.shape == (5, 5, 5) and placement.square_count == 125
    assert str(placement[0, 0, 2]) == "k^"
    assert str(placement[4, 4, 2]) == "K^"
    assert str(placement[1, 0, 2]) == "q"
    assert placement.separators.count(2) == 4


def test_irregular_board() -> None:
    placement = feen.parse("rkr/pp/PPPP / G/g").placement
    assert placement.shape is None and placement.lengths == (3, 2, 4)
    assert str(placement[2, 3]) == "P"


def test_hands_are_multisets_in_canonical_order() -> None:
    pos = feen.parse("8/8/8/8/8/8/8/8 3P2B/3p2b C/c")
    first = pos.hands.first
    assert first.side is Side.FIRST and len(first) == 5
    assert [str(p) for p in first] == ["P", "P", "P", "B", "B"]
    assert {str(k): v for k, v in first.counts().items()} == {"P": 3, "B": 2}
    item = first.items[1]
    assert item.span is not None and str(pos)[item.span.offset : item.span.end] == "2B"


def test_style_turn() -> None:
    st = feen.parse("8/8/8/8/8/8/8/8 / c/M").style_turn
    assert st.active_side is Side.SECOND
    assert (st.first.name, st.second.name) == ("M", "c")
    assert feen.parse_style_turn("C/m").active.side is Side.FIRST


def test_field_parsers() -> None:
    assert feen.parse_placement("8/8").square_count == 16
    assert str(feen.parse_hands("2P/p")) == "2P/p"
    assert str(feen.parse_hand("")) == ""
    with pytest.raises(NotationError) as info:
        feen.parse_hands("P2B/")
    assert info.value.code == "FEEN205"
    with pytest.raises(NotationError) as info:
        feen.parse_style_turn("C/C")
    assert info.value.code == "FEEN203"
    with pytest.raises(NotationError) as info:
        feen.parse_placement("8/8 ")
    assert info.value.code == "FEEN104"
