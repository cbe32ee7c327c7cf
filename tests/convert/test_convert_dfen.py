"""Conversions: DFEN <-> FEN, FEN/DFEN <-> FEEN, DFEN <-> chess.Board, and `ntk convert`.

(Moved from tests/dfen/test_dfen_convert.py when the conversions moved to ``notation_toolkit.convert``.)
"""

from __future__ import annotations

import pytest

from notation_toolkit import convert, dfen, fen
from notation_toolkit import convert as fen_convert
from notation_toolkit.core.errors import NotationError, ParseError, ValidationError
from notation_toolkit.core.registry import conversions, get_conversion
from notation_toolkit.dfen.ast import DfenPosition
from notation_toolkit.fen.ast import SQUARE_INDEX

A3C3E3 = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
START_FEEN = "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c"


def test_fen_to_dfen_loses_nothing() -> None:
    out = convert.fen_to_dfen(AFTER_E4)
    assert out == AFTER_E4 + " -"
    assert convert.dfen_to_fen(out) == AFTER_E4
    pos = dfen.parse(out)
    assert pos.en_passant == frozenset({SQUARE_INDEX["e3"]}) and pos.dice is None


@pytest.mark.parametrize(
    ("dfen_text", "fen_text"),
    [
        # several targets on Black's capture rank: FEN cannot choose one, so '-'
        (A3C3E3, "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq - 0 1"),
        # mid-turn: White's own target (rank 3) dropped, Black's d6 kept; dice dropped
        ("4k3/8/8/8/8/8/8/4K3 w - a3d6 3 7 PN", "4k3/8/8/8/8/8/8/4K3 w - d6 3 7"),
        ("4k3/8/8/8/8/8/8/4K3 b - e3 0 1 pp", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1"),
    ],
)
def test_dfen_to_fen_keeps_one_consistent_target(dfen_text: str, fen_text: str) -> None:
    assert convert.dfen_to_fen(dfen_text) == fen_text
    fen.parse(fen_text)  # always a valid standard FEN


def test_feen_output_is_valid_feen() -> None:
    feen = pytest.importorskip("notation_toolkit.feen")
    for text, expected in [
        (AFTER_E4, "rnbqk^bnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQK^BNR / c/C"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", START_FEEN),
    ]:
        out = fen_convert.fen_to_feen(text)
        assert out == expected
        parsed = feen.parse(out)
        assert feen.dumps(parsed) == out
    out = convert.dfen_to_feen(A3C3E3)
    assert out == "rnbqk^bnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQK^BNR / c/C"
    feen.parse(out)


def test_feen_to_fen_and_dfen() -> None:
    assert fen_convert.feen_to_fen(START_FEEN) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    assert convert.feen_to_dfen(START_FEEN) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1 -"
    # specs/002's chess spelling, with state modifiers: they are dropped (stated in `loses`).
    spec_002 = "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c"
    assert fen_convert.feen_to_fen(spec_002) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    assert convert.feen_to_dfen("4k^3/8/8/8/8/8/8/4K^3 / c/C") == "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -"


@pytest.mark.parametrize(
    ("text", "cls", "code"),
    [
        ("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s", ValidationError, "FEN191"),
        ("8/8/8/8/8/8/8/8 P/ C/c", ValidationError, "FEN191"),
        ("8/8/8/8/8/8/8/8 / X/x", ValidationError, "FEN191"),
        ("rkr/pp/PPPP / G/g", ValidationError, "FEN191"),
        ("8/8/8/8/8/8/8/8", ParseError, "FEN190"),
        ("8/8/8/8/8/8/8/8* / C/c", ParseError, "FEN190"),
    ],
)
def test_feen_that_fen_cannot_hold(text: str, cls: type, code: str) -> None:
    with pytest.raises(cls) as info:
        fen_convert.feen_to_fen(text)
    assert info.value.code == code  # type: ignore[attr-defined]
    assert info.value.diagnostics[0].span is not None  # type: ignore[attr-defined]


def test_chess_board_round_trip() -> None:
    chess = pytest.importorskip("chess")
    board = convert.dfen_to_chess_board("4k3/8/8/8/8/8/8/4K3 w - a3d6 3 7 PN")
    assert board.ep_square == SQUARE_INDEX["d6"]
    assert board.halfmove_clock == 3 and board.fullmove_number == 7
    back = convert.dfen_from_chess_board(board, dice="np")
    assert dfen.dumps(back) == "4k3/8/8/8/8/8/8/4K3 w - d6 3 7 PN"
    assert convert.dfen_from_chess_board(chess.Board()).dice is None


def test_chess_board_with_a_pool_dfen_cannot_hold_is_a_value_error() -> None:
    """F3 (dice-chess-rules.md): field 7 is '-' or 1-3 letters from PNBRQK, and parse rejects more
    than 3 letters and other letters. ``dfen_from_chess_board`` used to build such a position
    silently (``PPPP``) or fail with a bare ``KeyError`` (``X``, ``-``); it now refuses the pool
    with the ``ValueError`` of ``DfenPosition.from_values``."""
    chess = pytest.importorskip("chess")
    for dice in ("PPPP", "pnbq", "X", "-", "P1"):
        with pytest.raises(ValueError, match="at most 3 letters from PNBRQK"):
            convert.dfen_from_chess_board(chess.Board(), dice=dice)
        with pytest.raises(ValueError, match="at most 3 letters from PNBRQK"):
            DfenPosition.from_values([None] * 64, dice=dice)
    assert convert.dfen_from_chess_board(chess.Board(), dice="kPn").dice == ("P", "N", "K")


def test_registered_for_ntk_convert() -> None:
    pairs = set(conversions())
    for pair in [
        ("fen", "dfen"),
        ("dfen", "fen"),
        ("fen", "feen"),
        ("feen", "fen"),
        ("dfen", "feen"),
        ("feen", "dfen"),
    ]:
        assert pair in pairs
        assert get_conversion(*pair).loses
    assert get_conversion("fen", "dfen").convert(AFTER_E4) == AFTER_E4 + " -"
    assert "dice pool" in get_conversion("dfen", "fen").loses
    with pytest.raises(NotationError):
        get_conversion("dfen", "fen").convert("nonsense")
