"""Whatever the text, compiling a piece succeeds or raises a NotationError (never another
exception), and a compiled piece generates moves on every board."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces import BLACK, WHITE, compile_piece, compile_rule_file

ALPHABET = "WFDNAHCZTRBQKPSOUXYGJLEIMVmcaienpgjfblrsvdz0123456789+-[](){}^!:,=@#*.?<>/ "

HOSTILE = [
    "",
    "=",
    "(" * 5000 + "W" + ")" * 5000,
    "W" * 20000,
    "W0" + "-W" * 200,
    "W0-" * 30 + "W",
    ":25,25:0",
    ":26,0:",
    "W999999999999999999999",
    "W0999999999999999999",
    "[" * 1000,
    "c{" + "Q" * 10000 + "}W",
    "K=\x00",
    "Ｋ",
    "+P==QRBN",
    "!K=W",
    "O-O=K",
    "@Q=QN",
]


def _exercise(text: str, g: Geometry) -> None:
    try:
        piece = compile_piece(text, g, strict=False)
    except NotationError:
        return
    for side in (WHITE, BLACK):
        for sq in {0, g.size - 1, g.size // 2}:
            occ = g.full & 0x5A5A5A5A5A5A5A5A5A
            by_type = {"Q": occ, "K": occ, "P": occ}
            piece.moves(sq, side, occ | (1 << sq), 1 << sq, occ & ~(1 << sq), initial=True, by_type=by_type)
            piece.attacks(sq, side, occ, victim="K")


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_texts(text: str) -> None:
    _exercise(text, Geometry.of(8, 8))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=40), st.integers(1, 12), st.integers(1, 12))
def test_random_texts(text: str, w: int, h: int) -> None:
    _exercise(text, Geometry.of(w, h))


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=ALPHABET + "abcdefghkqrtxy", max_size=60))
def test_random_rule_files(text: str) -> None:
    with contextlib.suppress(NotationError):
        compile_rule_file(text, "8x8", strict=False)


def test_multi_leg_moves_are_bounded_per_piece() -> None:
    """Every leg costs move-table work at load (about 10-20 ms on 8x8), so 'K=W-W-...' with
    thousands of legs took minutes; past MAX_MULTI_LEGS the multi-leg moves are refused (PCE204)."""
    from notation_toolkit.variant.pieces.compiler import MAX_MULTI_LEGS, NotExecutableError

    at_limit = compile_piece("W-" * (MAX_MULTI_LEGS - 1) + "W")
    assert at_limit.complete
    for legs in (MAX_MULTI_LEGS + 1, 5000):
        with pytest.raises(NotExecutableError) as info:
            compile_piece("W-" * (legs - 1) + "W")
        (d,) = info.value.diagnostics
        assert d.code == "PCE204"
        assert d.message == (
            f"the multi-leg moves of this piece have {legs} legs in all; the compiler runs at most "
            f"{MAX_MULTI_LEGS} per piece"
        )
    # not strict: the piece is returned without those moves, and says what it left out
    piece = compile_piece("W-" * 80 + "W", strict=False)
    assert not piece.complete and [d.code for d in piece.diagnostics] == ["PCE204"]
    d4 = Geometry.parse("8x8").square(3, 3)
    assert piece.quiets(d4, WHITE, 0) == 0 and at_limit.quiets(d4, WHITE, 0) != 0
