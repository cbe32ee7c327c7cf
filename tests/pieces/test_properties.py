"""Property tests: riders are unions of their step-limited versions, f and b swap with the side,
compounds are the unions of their parts, and nothing leaves the board on any size 1x1..26x26."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces import BLACK, WHITE, CompiledPiece, compile_piece

ATOMS = ["W", "F", "D", "N", "A", "H", "C", "Z", "T", ":1,4:", ":2,5:"]
SIMPLE = [
    "W",
    "F",
    "N",
    "D",
    "A",
    "R",
    "B",
    "Q",
    "K",
    "N0",
    "W2",
    "F3",
    "mR",
    "cB",
    "pR",
    "gB",
    "nN",
    "fW",
    "bF",
    "lW",
    "rN",
    "sN",
    "vR",
    "fsF",
    "mfW",
    "cfF",
    "W03",
    "nZ",
    "gN0",
    "pF0",
    "fN",
    "Z0",
]


@st.composite
def boards(draw: st.DrawFn, max_side: int = 26) -> Geometry:
    return Geometry.of(draw(st.integers(1, max_side)), draw(st.integers(1, max_side)))


def _all(piece: CompiledPiece, square: int, side: int, occupied: int, enemies: int) -> tuple[int, int, int]:
    return (
        piece.quiets(square, side, occupied),
        piece.captures(square, side, occupied, enemies),
        piece.attacks(square, side, occupied),
    )


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ATOMS), boards(12), st.data())
def test_rider_is_the_union_of_its_exact_step_versions(atom: str, g: Geometry, data: st.DataObject) -> None:
    square = data.draw(st.integers(0, g.size - 1))
    occupied = data.draw(st.integers(0, g.full)) & ~(1 << square)
    enemies = occupied & data.draw(st.integers(0, g.full))
    rider = compile_piece(atom + "0", g)
    longest = max(g.width, g.height)
    union = [0, 0, 0]
    limited = [0, 0, 0]
    limit = data.draw(st.integers(1, longest))
    for k in range(1, longest + 1):
        part = _all(compile_piece(f"{atom}0{k}", g), square, WHITE, occupied, enemies)
        union = [u | p for u, p in zip(union, part, strict=True)]
        if k <= limit:
            limited = [u | p for u, p in zip(limited, part, strict=True)]
    assert list(_all(rider, square, WHITE, occupied, enemies)) == union
    assert list(_all(compile_piece(f"{atom}{limit}", g), square, WHITE, occupied, enemies)) == limited


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["W", "F", "N", "R", "B", "N0", "Z", "K", "W2", "pR", "nN", "mW+cF"]),
    boards(14),
    st.data(),
)
def test_forward_and_backward_swap_with_the_side(atom: str, g: Geometry, data: st.DataObject) -> None:
    """With mirror=vertical Black's forward is White's backward: fX for Black = bX for White."""
    square = data.draw(st.integers(0, g.size - 1))
    occupied = data.draw(st.integers(0, g.full)) & ~(1 << square)
    enemies = occupied & data.draw(st.integers(0, g.full))

    def expr(d: str) -> str:
        return (
            "+".join(d + p for p in atom.split("+"))
            if "+" in atom and d
            else ("+".join(p[0] + d + p[1:] for p in atom.split("+")) if "+" in atom else d + atom)
        )

    f = compile_piece(expr("f"), g)
    b = compile_piece(expr("b"), g)
    assert _all(f, square, BLACK, occupied, enemies) == _all(b, square, WHITE, occupied, enemies)
    assert _all(b, square, BLACK, occupied, enemies) == _all(f, square, WHITE, occupied, enemies)
    # and Black's moves are White's moves on the mirrored board
    m_sq = g.mirror_square(square)
    m_occ, m_en = g.mirror_vertical(occupied), g.mirror_vertical(enemies)
    white = _all(f, m_sq, WHITE, m_occ, m_en)
    assert _all(f, square, BLACK, occupied, enemies) == tuple(g.mirror_vertical(x) for x in white)


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(SIMPLE), min_size=2, max_size=4), boards(12), st.data())
def test_compound_is_the_union_of_its_parts(parts: list[str], g: Geometry, data: st.DataObject) -> None:
    square = data.draw(st.integers(0, g.size - 1))
    side = data.draw(st.sampled_from([WHITE, BLACK]))
    occupied = data.draw(st.integers(0, g.full)) & ~(1 << square)
    enemies = occupied & data.draw(st.integers(0, g.full))
    whole = _all(compile_piece("+".join(parts), g), square, side, occupied, enemies)
    union = [0, 0, 0]
    for p in parts:
        union = [
            u | x
            for u, x in zip(union, _all(compile_piece(p, g), square, side, occupied, enemies), strict=True)
        ]
    assert list(whole) == union


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([*SIMPLE, "P", "S", "mW-F", "K[b-c2-3]", "[1-2]mefW02", "W-[F]", "imW03+cN"]),
    boards(26),
    st.data(),
)
def test_nothing_leaves_the_board(expr: str, g: Geometry, data: st.DataObject) -> None:
    piece = compile_piece(expr, g)
    square = data.draw(st.integers(0, g.size - 1))
    side = data.draw(st.sampled_from([WHITE, BLACK]))
    occupied = data.draw(st.integers(0, g.full)) & ~(1 << square)
    enemies = occupied & data.draw(st.integers(0, g.full))
    friends = occupied & ~enemies
    for bb in (
        *_all(piece, square, side, occupied, enemies),
        piece.quiets(square, side, occupied, initial=True),
    ):
        assert bb & ~g.full == 0 and bb >= 0
        assert not bb >> square & 1
    for mv in piece.moves(square, side, occupied, friends, enemies, initial=True):
        assert 0 <= mv.target < g.size and all(0 <= s < g.size for s in mv.path)
        assert mv.ep_squares & ~g.full == 0


def test_tiny_boards() -> None:
    one = Geometry.of(1, 1)
    for expr in ("Q", "N0", "P", "mW-F"):
        assert compile_piece(expr, one).quiets(0, WHITE, 0) == 0
    line = Geometry.of(26, 1)
    assert line.names(compile_piece("R", line).quiets(0, WHITE, 0))[-1] == "z1"
    tall = Geometry.of(1, 26)
    assert tall.names(compile_piece("R", tall).quiets(0, WHITE, 0))[-1] == "a26"
