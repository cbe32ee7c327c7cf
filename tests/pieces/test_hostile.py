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


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=ALPHABET, max_size=40), st.integers(1, 12), st.integers(1, 12))
def test_random_texts(text: str, w: int, h: int) -> None:
    _exercise(text, Geometry.of(w, h))


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=ALPHABET + "abcdefghkqrtxy", max_size=60))
def test_random_rule_files(text: str) -> None:
    with contextlib.suppress(NotationError):
        compile_rule_file(text, "8x8", strict=False)
