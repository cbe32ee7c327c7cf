"""FEN: standard positions, python-chess round trips, and the chess.Board conversions."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation_toolkit import dfen, fen
from notation_toolkit.convert import chess_board as fen_convert
from notation_toolkit.core.errors import NotationError
from notation_toolkit.fen import FenPosition, FullmoveNumber
from notation_toolkit.fen.ast import SQUARE_INDEX

chess = pytest.importorskip("chess")

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
# PGN standard, 16.1.5 examples: the start and after 1.e4, 1...c5, 2.Nf3.
PGN_EXAMPLES = [
    START,
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
]


@pytest.mark.parametrize("text", PGN_EXAMPLES)
def test_pgn_standard_examples(text: str) -> None:
    pos = fen.parse(text)
    assert fen.dumps(pos) == text
    board = chess.Board(text)
    assert pos.turn == ("w" if board.turn else "b")
    assert pos.halfmove_clock == board.halfmove_clock
    assert pos.fullmove_number == board.fullmove_number
    assert pos.en_passant == board.ep_square
    for square in range(64):
        piece = board.piece_at(square)
        assert pos.squares[square] == (piece.symbol() if piece else None)


def test_meaning_of_e3_example() -> None:
    pos = fen.parse(PGN_EXAMPLES[1])
    assert pos.en_passant == SQUARE_INDEX["e3"] == 20
    assert pos.en_passant_target.name == "e3"
    assert pos.squares[SQUARE_INDEX["e4"]] == "P" and pos.squares[SQUARE_INDEX["e2"]] is None
    assert pos.castling == frozenset("KQkq")


def random_game_fens(seed: int, plies: int) -> list[str]:
    rnd = random.Random(seed)
    board = chess.Board()
    out = [board.fen(en_passant="fen")]
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rnd.choice(moves))
        out.append(board.fen(en_passant="fen"))
        out.append(board.fen())  # python-chess's default: en passant only when capturable
    return out


GAME_FENS = sorted({f for seed in range(12) for f in random_game_fens(seed, 60)})


def test_python_chess_positions_round_trip() -> None:
    assert len(GAME_FENS) > 500
    for text in GAME_FENS:
        pos = fen.parse(text)
        assert fen.dumps(pos) == text
        board = fen_convert.to_chess_board(pos)
        assert board.fen(en_passant="fen") == text
        assert fen_convert.from_chess_board(board) == pos
        assert fen.check(text) == []


@given(st.integers(0, 2**32 - 1), st.integers(0, 120))
@settings(max_examples=60, deadline=None)
def test_random_games_round_trip_through_python_chess(seed: int, plies: int) -> None:
    rnd = random.Random(seed)
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rnd.choice(moves))
    text = board.fen(en_passant="fen")
    pos = fen.parse(text)
    assert fen.dumps(pos) == text
    assert chess.Board(fen.dumps(pos)) == board
    assert fen.parse(fen.dumps(pos)) == pos


def test_chess_board_to_text_and_back_keeps_unusable_en_passant() -> None:
    text = PGN_EXAMPLES[1]  # e3 is set although no black pawn can capture
    board = fen_convert.to_chess_board(text)
    assert board.ep_square == SQUARE_INDEX["e3"]
    assert fen.dumps(fen_convert.from_chess_board(board)) == text


def test_missing_python_chess_is_a_clear_import_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "chess", None)
    with pytest.raises(ImportError, match=r"pip install 'notation-toolkit\[chess\]'"):
        fen_convert.to_chess_board(START)


def test_from_values() -> None:
    pos = fen.parse(PGN_EXAMPLES[1])
    built = FenPosition.from_values(pos.squares, "b", "KQkq", "e3", 0, 1)
    assert built == pos and fen.dumps(built) == PGN_EXAMPLES[1]
    with pytest.raises(ValueError):
        FenPosition.from_values([None] * 64, en_passant=64)


def test_lenient_fen() -> None:
    text = "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 00 01"
    with pytest.raises(NotationError) as info:
        fen.parse(text)
    assert [d.code for d in info.value.diagnostics] == ["FEN113", "FEN131", "FEN151", "FEN151"]
    canonical, fixes = fen.canonicalize(text)
    assert canonical == START
    assert len(fixes) == 4
    assert fen.parse(text, lenient=True) == fen.parse(START)


@pytest.mark.parametrize("written", ["0", "00"])
def test_lenient_reads_a_full_move_number_of_zero_as_one_like_python_chess(written: str) -> None:
    text = START.split(" ")[0] + " w KQkq - 0 " + written
    with pytest.raises(NotationError) as info:
        fen.parse(text)
    assert [d.code for d in info.value.diagnostics] == ["FEN161"]
    canonical, fixes = fen.canonicalize(text)
    assert canonical == chess.Board(text).fen() == START
    # one fix for the span, to the final value (not '00' -> '0' -> '1')
    assert [(d.code, d.fix.replacement if d.fix else None) for d in fixes] == [("FEN161", "1")]
    assert dfen.canonicalize(text + " -")[0] == START + " -"
    # a position built by code has no spelling to repair: 0 stays an error, and no text to re-parse
    parsed = fen.parse(START)
    built = FenPosition(
        parsed.board,
        parsed.side,
        parsed.castling_rights,
        parsed.en_passant_target,
        parsed.halfmove,
        FullmoveNumber(0),
    )
    (error,) = fen.validate(built)
    assert (error.code, error.hint) == ("FEN161", "use 1 for the first move")


def test_check_reports_warnings_for_impossible_but_well_formed_positions() -> None:
    assert [d.code for d in fen.check("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")] == ["FEN180"]
    assert fen.is_valid("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert not fen.is_valid("P3k3/8/8/8/8/8/8/4K3 w - - 0 0")
