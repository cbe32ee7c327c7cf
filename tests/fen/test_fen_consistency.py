"""FEN183 (castling right without its king or rook) and FEN184 (en-passant square without the pawn
that skipped it): the same positions as python-chess's ``BAD_CASTLING_RIGHTS`` and
``INVALID_EP_SQUARE``, and the DFEN reading of the same rules (R13/R14, R15)."""

from __future__ import annotations

import random
import re

import chess
import pytest

from notation_toolkit import dfen, fen

_RIGHT = re.compile(r"castling right '(.)'")


def _positions(count: int, seed: int) -> list[chess.Board]:
    """Positions of seeded random games, some with pieces taken off (castling squares emptied)."""
    rng = random.Random(seed)
    out: list[chess.Board] = []
    while len(out) < count:
        board = chess.Board()
        for _ in range(rng.randrange(0, 60)):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
        if rng.random() < 0.3:
            for square in rng.sample(list(board.piece_map()), k=min(3, len(board.piece_map()))):
                if board.piece_type_at(square) != chess.KING:
                    board.remove_piece_at(square)
        out.append(board)
    return out


def _castling_field(rng: random.Random) -> str:
    rights = "".join(c for c in "KQkq" if rng.random() < 0.5)
    return rights or "-"


def _ep_field(board: chess.Board, rng: random.Random) -> str:
    if rng.random() < 0.3:
        return "-"
    rank = "6" if board.turn == chess.WHITE else "3"  # the side to move's capture rank (FEN142)
    return rng.choice("abcdefgh") + rank


def _rights_python_chess_keeps(text: str) -> set[str]:
    """The castling letters of ``text`` that python-chess keeps: it maps each letter to a rook when it
    reads the FEN and drops the rest, and ``clean_castling_rights`` drops those whose king or rook
    is not on its home square (what its ``BAD_CASTLING_RIGHTS`` status reports)."""
    board = chess.Board(text)
    board.castling_rights = board.clean_castling_rights()
    field = board.fen().split(" ")[2]
    return set() if field == "-" else set(field)


@pytest.mark.parametrize("seed", range(4))
def test_warnings_agree_with_python_chess(seed: int) -> None:
    rng = random.Random(1000 + seed)
    checked = {"castling": 0, "ep": 0}
    for board in _positions(150, seed):
        placement = board.board_fen()
        side = "w" if board.turn == chess.WHITE else "b"
        castling = _castling_field(rng)
        text = f"{placement} {side} {castling} {_ep_field(board, rng)} 0 1"
        found = fen.check(text)
        flagged = {m.group(1) for d in found if d.code == "FEN183" and (m := _RIGHT.search(d.message))}
        given = set() if castling == "-" else set(castling)
        assert flagged == given - _rights_python_chess_keeps(text), text
        bad_ep = bool(chess.Board(text).status() & chess.STATUS_INVALID_EP_SQUARE)
        assert ("FEN184" in [d.code for d in found]) == bad_ep, text
        checked["castling"] += bool(flagged)
        checked["ep"] += bad_ep
    # the seeded positions exercise both outcomes of both checks
    assert checked["castling"] > 10 and checked["ep"] > 10


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", []),
        (
            "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1",
            [
                (
                    "FEN183",
                    "castling right 'K' needs the White king on e1 and a White rook on h1, but h1 has "
                    "no White rook",
                )
            ],
        ),
        (
            "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1",
            [],
        ),
        (
            "r4k1r/8/8/8/8/8/8/4K3 b kq - 0 1",
            [
                (
                    "FEN183",
                    "castling right 'k' needs the Black king on e8 and a Black rook on h8, but e8 has "
                    "no Black king",
                ),
                (
                    "FEN183",
                    "castling right 'q' needs the Black king on e8 and a Black rook on a8, but e8 has "
                    "no Black king",
                ),
            ],
        ),
        (
            "4k3/8/8/8/8/8/8/3K4 w Q - 0 1",
            [
                (
                    "FEN183",
                    "castling right 'Q' needs the White king on e1 and a White rook on a1, but neither "
                    "is there",
                )
            ],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
            [("FEN184", "en-passant square e3 has no White pawn on e4, so no pawn has just skipped it")],
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
            [("FEN184", "en-passant square e3 cannot be a pawn's skipped square: e3 is occupied")],
        ),
        (
            "rnbqkbnr/ppp1pppp/3N4/3p4/8/8/PPPPPPPP/R1BQKBNR w KQkq d6 0 3",
            [("FEN184", "en-passant square d6 cannot be a pawn's skipped square: d6 is occupied")],
        ),
        ("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2", []),
    ],
)
def test_fen_warnings(text: str, expected: list[tuple[str, str]]) -> None:
    found = fen.check(text)
    assert [(d.code, d.message) for d in found] == expected
    for d in found:
        assert d.severity.value == "warning" and d.hint
        field = text.split(" ")[2 if d.code == "FEN183" else 3]
        assert d.span is not None and text[d.span.offset : d.span.offset + d.span.length] == field
    assert fen.is_valid(text)  # warnings only: the text parses


def test_a_user_grammar_that_writes_castling_its_own_way_is_not_held_to_the_standard_start() -> None:
    """X-FEN's rook files (Chess960) name other rooks; FEN132 checks those, not FEN183."""
    xfen = "examples/fen/xfen.lark"
    assert fen.check("nqrkbbrn/pppppppp/8/8/8/8/PPPPPPPP/NQRKBBRN w GCgc - 0 1", grammar=xfen) == []


def test_dfen_follows_r14_and_r15() -> None:
    # R15: a target lives on while its pawn stands beyond it, even with a piece on the target square
    live = "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 2 p"
    assert dfen.check(live) == []
    # a knight landed on the target in the middle of Black's turn: the target stays (R15, D3)
    occupied = "r1bqkbnr/ppp1pppp/8/8/2Pp4/2n5/PP1PPPPP/RNBQKBNR b KQkq c3 1 2 p"
    assert dfen.check(occupied) == []
    assert [d.code for d in fen.check(occupied.rsplit(" ", 1)[0])] == ["FEN184"]  # FEN: just moved
    no_pawn = "rnbqkbnr/ppp1pppp/8/8/3p4/8/PP1PPPPP/RNBQKBNR b KQkq a3c3 0 2 p"
    assert [(d.code, d.message) for d in dfen.check(no_pawn)] == [
        ("FEN184", "en-passant square a3 has no White pawn on a4, so no pawn has just skipped it"),
        ("FEN184", "en-passant square c3 has no White pawn on c4, so no pawn has just skipped it"),
    ]
    # R14: castling needs the king and the rook on their home squares
    assert [d.code for d in dfen.check("4k3/8/8/8/8/8/8/4K3 w K - 0 1 -")] == ["FEN183"]
    # the final position of a won game: the loser's king is gone (FEN182), and R14 took its rights
    assert [d.code for d in dfen.check("4K3/8/8/8/8/8/8/R7 w - - 0 9 -")] == ["FEN182"]
    kept = [d.code for d in dfen.check("r3K2r/8/8/8/8/8/8/R7 w kq - 0 9 -")]
    assert kept == ["FEN182", "FEN183", "FEN183"]
