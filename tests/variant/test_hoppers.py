"""Hoppers have physical moves (003:286): a piece whose moves all hop (cannon shogi's A = ``pW0``
and I = ``pF0``, Janggi's cannon) reaches nothing on an empty board, yet it may be dropped and may
decline an optional promotion wherever a hurdle could let it move. Oracle: Fairy-Stockfish's
cannonshogi (its definition from pychess-variants, loaded with ``pyffish.load_variant_config``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation_toolkit.variant import Variant

RULES = Path(__file__).resolve().parents[1] / "data" / "variant" / "cannonshogi.fbr"
FSF_CANNONSHOGI = """[cannonshogi:shogi]
dropNoDoubled = -
shogiPawnDropMateIllegal = false
soldier = p
cannon = u
customPiece1 = a:pR
customPiece2 = c:mBcpB
customPiece3 = i:pB
customPiece4 = w:mRpRmFpB2
customPiece5 = f:mBpBmWpR2
promotedPieceType = u:w a:w c:f i:f p:g
startFen = lnsgkgsnl/1rci1uab1/p1p1p1p1p/9/9/9/P1P1P1P1P/1BAU1ICR1/LNSGKGSNL[-] w 0 1
"""


@pytest.fixture(scope="module")
def pyffish():  # type: ignore[no-untyped-def]
    module = pytest.importorskip("pyffish")
    module.load_variant_config(FSF_CANNONSHOGI)
    return module


@pytest.fixture(scope="module")
def variant() -> Variant:
    return Variant.load(RULES)


def _ours(variant: Variant, position: str) -> list[str]:
    return sorted(m.text for m in variant.position(position).legal_moves())


def test_the_start_position_has_fairy_stockfish_s_moves(variant, pyffish) -> None:  # type: ignore[no-untyped-def]
    fsf = sorted(pyffish.legal_moves("cannonshogi", pyffish.start_fen("cannonshogi"), []))
    assert len(fsf) == 60
    ours = sorted(m.text for m in variant.start().legal_moves())
    assert ours == fsf
    # the Janggi cannon on c2 hops over c3 and takes c7: it may decline to promote (optional)
    assert {"c2c7", "c2c7+", "f2a7", "f2a7+"} <= set(ours)


@pytest.mark.parametrize(
    ("feen", "fen"),
    [
        ("4k^4/9/9/9/9/9/9/9/4K^4 A/ S/s", "4k4/9/9/9/9/9/9/9/4K4[A] w 0 1"),
        ("4k^4/9/9/9/9/9/9/9/4K^4 I/ S/s", "4k4/9/9/9/9/9/9/9/4K4[I] w 0 1"),
        ("4k^4/9/9/9/9/9/9/9/4K^4 /a s/S", "4k4/9/9/9/9/9/9/9/4K4[a] b 0 1"),
    ],
)
def test_hoppers_are_dropped_anywhere_they_could_move(variant, pyffish, feen: str, fen: str) -> None:  # type: ignore[no-untyped-def]
    ours = _ours(variant, feen)
    assert ours == sorted(pyffish.legal_moves("cannonshogi", fen, []))
    assert len([m for m in ours if "@" in m]) == 79  # every empty square


@pytest.mark.parametrize(
    ("games", "plies"), [pytest.param(3, 50), pytest.param(20, 60, marks=pytest.mark.slow)]
)
def test_seeded_games_with_drops_match_fairy_stockfish(variant, pyffish, games: int, plies: int) -> None:  # type: ignore[no-untyped-def]
    start = pyffish.start_fen("cannonshogi")
    rnd = random.Random(3)
    drops = 0
    for _ in range(games):
        pos = variant.start()
        line: list[str] = []
        for _ in range(plies):
            ours = sorted(m.text for m in pos.legal_moves())
            assert ours == sorted(pyffish.legal_moves("cannonshogi", start, line)), line
            if not ours:
                break
            dropping = [m for m in ours if "@" in m]
            drops += len(dropping)
            mv = rnd.choice(dropping) if dropping and rnd.random() < 0.5 else rnd.choice(ours)
            line.append(mv)
            pos.push(mv)
    assert drops > 0
