"""Holes, ``zone[range]=hole``: "No piece can move into a hole, or cross a hole" (003:1131), and
capture-only zones, ``zone[range]=captureonly`` (003:1123).

Positions worked by hand from the page's words; Fairy-Stockfish's Troitzky chess (its walls, ``*``)
is compared along random games in test_variant_oracle.py (``troitzky.fbr``)."""

from __future__ import annotations

import pytest

from notation_toolkit.core.errors import NotationError
from notation_toolkit.variant import Variant

PIECES = "K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN C=mW0+cpW0 X=frF"


def _variant(rules: str) -> Variant:
    return Variant.from_text(f'boardsize="8x8" royal {rules} {PIECES}')


def _moves(pos: object, frm: str | None = None) -> list[str]:
    moves = sorted(m.text for m in pos.legal_moves())  # type: ignore[attr-defined]
    return [m for m in moves if frm is None or m.startswith(frm)]


def test_003_1131_a_rider_stops_before_a_hole_and_nothing_enters_it() -> None:
    pos = _variant("zone[d4]=hole").position("k^7/8/8/8/8/8/8/3RK^3 / C/c")
    assert _moves(pos, "d1") == ["d1a1", "d1b1", "d1c1", "d1d2", "d1d3"]
    # without the hole the rook runs up the whole file
    assert "d1d8" in _moves(_variant("").position("k^7/8/8/8/8/8/8/3RK^3 / C/c"), "d1")


def test_003_1131_a_hole_gives_no_check_through_it() -> None:
    # the rook on d1 would check the king on d8 but for the hole on d4
    pos = _variant("zone[d4]=hole").position("3k^4/8/8/8/8/8/8/3RK^3 / c/C")
    assert not pos.is_check()
    assert pos.outcome() is None


def test_003_1131_a_hopper_does_not_cross_a_hole() -> None:
    # a cannon hops over a screen; a hole is no screen to cross (Fairy-Stockfish's walls are)
    pos = _variant("zone[d4]=hole").position("k^7/8/3n4/3p4/8/8/8/3CK^3 / C/c")
    assert _moves(pos, "d1") == ["d1a1", "d1b1", "d1c1", "d1d2", "d1d3"]
    # the same cannon with a pawn as its screen instead of the hole captures the knight
    plain = _variant("").position("k^7/8/3n4/3p4/8/8/8/3CK^3 / C/c")
    assert "d1d6" in _moves(plain, "d1")


def test_003_1131_a_leaper_jumps_past_a_hole_but_does_not_land_on_it() -> None:
    pos = _variant("zone[d4,c3]=hole").position("k^7/8/8/8/8/8/2N5/7K^ / C/c")
    # c2's knight: a1 a3 b4 e1 e3 (d4 is a hole); its leaps over the hole on c3 stay
    assert _moves(pos, "c2") == ["c2a1", "c2a3", "c2b4", "c2e1", "c2e3"]


def test_003_1131_nothing_is_dropped_on_a_hole() -> None:
    pos = _variant("holding drop zone[3-6]=hole").position("k^7/8/8/8/8/8/8/4K^3 N/ C/c")
    drops = [m for m in _moves(pos) if "@" in m]
    assert len(drops) == 64 - 2 - 32
    assert not any(m[-1] in "3456" for m in drops)


def test_003_1131_a_pawn_cannot_step_into_nor_double_step_over_a_hole() -> None:
    pos = _variant("zone[e3]=hole").position("k^7/8/8/8/8/8/3PP3/4K^3 / C/c")
    assert _moves(pos, "e2") == []
    assert _moves(pos, "d2") == ["d2d3", "d2d4"]


def test_holes_in_feen_and_fen() -> None:
    variant = _variant("zone[d4]=hole")
    pos = variant.position("k^7/8/8/8/8/8/8/K^7 / C/c")
    assert pos.feen() == "k^7/8/8/8/8/8/8/K^7 / C/c"  # FEEN: a hole is an empty square
    assert pos.fen().split()[0] == "k7/8/8/8/3*4/8/8/K7"  # FEN: Fairy-Stockfish's wall
    again = variant.position(pos.fen())
    assert again.feen() == pos.feen()
    with pytest.raises(NotationError) as err:
        variant.position("k^7/8/8/8/3N4/8/8/K^7 / C/c")
    assert err.value.diagnostics[0].code == "VAR301"
    assert "d4" in err.value.diagnostics[0].message
    with pytest.raises(NotationError) as err:
        variant.position("k7/8/8/8/4*3/8/8/K7 w - - 0 1")  # '*' where the board has a square
    assert err.value.diagnostics[0].code == "VAR303"


def test_a_zone_without_a_range_or_with_other_attributes_is_refused() -> None:
    for rules, code in (
        ("zone", "FBR205"),  # the FBR checker already asks for the range
        ("zone[d4]=dontcross", "VAR202"),
        ("zone[d4]=river", "VAR202"),
        ("zone{N}[d4]=hole", "VAR203"),
    ):
        with pytest.raises(NotationError) as err:
            _variant(rules)
        assert err.value.diagnostics[0].code == code, rules


@pytest.mark.parametrize(
    ("mirror", "expected"),
    [
        # X=frF, forward-right for the first player: Black's forward and right follow the mirror
        ("", ["f5g4"]),  # vertical (the default, 003:464): forward is down, right stays right
        ("mirror=vertical,horizontal", ["f5e4"]),  # point symmetry: right becomes left too
        ("!mirror", ["f5g6"]),  # no reflection: Black moves as White (003:466)
    ],
)
def test_blacks_side_holes_stay_on_the_board_whatever_the_mirror(mirror: str, expected: list[str]) -> None:
    # holes are squares of the board (the first player's coordinates), not a side's zone: c3 is a
    # hole for Black under every mirror, while Black's own moves follow the mirror rule
    variant = _variant(f"{mirror} zone[c3]=hole")
    pos = variant.position("k^1r5/8/8/5x2/8/8/8/6K^1 / c/C")
    assert _moves(pos, "c8") == [
        "c8b8",
        "c8c4",
        "c8c5",
        "c8c6",
        "c8c7",
        "c8d8",
        "c8e8",
        "c8f8",
        "c8g8",
        "c8h8",
    ]
    assert _moves(pos, "f5") == expected


# -- captureonly (003:1123): "Entering this zone can only be done when capturing" --------------------


def test_003_1123_a_piece_enters_a_capture_only_zone_only_by_capturing() -> None:
    pos = _variant("zone[4-8]=captureonly").position("k^7/8/3n4/8/8/8/8/3RK^3 / C/c")
    assert _moves(pos, "d1") == ["d1a1", "d1b1", "d1c1", "d1d2", "d1d3", "d1d6"]


def test_003_1123_the_piece_set_restricts_the_zone_to_its_pieces() -> None:
    pos = _variant("zone{R}[4-8]=captureonly").position("k^7/8/8/8/8/8/4N3/3RK^3 / C/c")
    assert "e2d4" in _moves(pos, "e2")  # a knight is not restricted
    assert "d1d4" not in _moves(pos, "d1")


def test_003_1123_a_drop_is_no_capture_and_does_not_enter() -> None:
    pos = _variant("holding drop zone[3-8]=captureonly").position("k^7/8/8/8/8/8/8/4K^3 N/ C/c")
    drops = [m for m in _moves(pos) if "@" in m]
    assert sorted({m[-1] for m in drops}) == ["1", "2"]


def test_captureonly_with_castling_is_refused() -> None:
    with pytest.raises(NotationError) as err:
        _variant("zone[4-8]=captureonly O-O=[*]isR[g]=isR[f]")
    assert err.value.diagnostics[0].code == "VAR203"


@pytest.mark.parametrize(
    ("mirror", "forbidden"),
    [
        ("", []),  # vertical (003:464): Black's zone is e-h 1-4, the rook on h3 is inside it
        ("mirror=vertical,horizontal", ["h3a3", "h3b3", "h3c3", "h3d3"]),  # point symmetry: a-d 1-4
        ("!mirror", ["h3h5", "h3h6", "h3h7", "h3h8"]),  # no reflection: e-h 5-8, as the first player's
    ],
)
def test_blacks_side_a_capture_only_zone_follows_the_mirror(mirror: str, forbidden: list[str]) -> None:
    variant = _variant(f"{mirror} zone[e-h5-8]=captureonly")
    pos = variant.position("k^7/8/8/8/8/7r/8/1K^6 / c/C")
    everything = [f"h3{f}3" for f in "abcdefg"] + [f"h3h{r}" for r in (1, 2, 4, 5, 6, 7, 8)]
    assert _moves(pos, "h3") == sorted(set(everything) - set(forbidden))
