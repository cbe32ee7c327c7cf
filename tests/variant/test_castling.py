"""Castling of the variant core: any royal and partner files, the partner on either side, the royal
piece moving 0, 1 or more squares; one text per move.

Chess960 is checked against python-chess (``chess.Board(fen, chess960=True)``) as the oracle on
positions generated here: seeded Chess960 start positions (``chess.Board.from_chess960_pos``) and
random play from them. python-chess's own Chess960 perft suite (examples/perft/chess960.perft of
github.com/niklasf/python-chess, 960 positions from chessprogramming.org's Chess960 Perft Results)
is the acceptance run described in docs/variants.md; it is not copied here.
"""

from __future__ import annotations

import random

import chess
import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.variant import MoveError, Position, Variant, divide, perft


@pytest.fixture(scope="module")
def chess_variant() -> Variant:
    return Variant.load(EXAMPLES / "chess.fbr")


def _text(board: chess.Board, move: chess.Move) -> str:
    """python-chess's move in the core's text: a castling is the royal move (``b1g1``) unless the
    king stays or its destination is next to it (then king takes rook, as python-chess writes it)."""
    if not board.is_castling(move):
        return move.uci()
    frm = move.from_square
    a_side = chess.square_file(move.to_square) < chess.square_file(frm)
    kd = chess.square(2 if a_side else 6, chess.square_rank(frm))
    if abs(chess.square_file(kd) - chess.square_file(frm)) > 1:
        return chess.square_name(frm) + chess.square_name(kd)
    return move.uci()


def _pc_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for m in list(board.legal_moves):
        board.push(m)
        n += _pc_perft(board, depth - 1)
        board.pop()
    return n


def test_king_step_and_castling_have_different_texts(chess_variant: Variant) -> None:
    # h8g8 is the king step only; the castling with the a8 rook is written h8c8, once
    pos = chess_variant.position("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1")
    pos.push("d8d7")
    pos.push("a1a2")
    texts = [m.text for m in pos.legal_moves()]
    assert len(texts) == len(set(texts))
    assert sorted(divide(pos, 1)) == sorted(texts)  # divide() kept one of two equal texts
    board = chess.Board("r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq - 0 1", chess960=True)
    board.push_uci("d8d7")
    board.push_uci("a1a2")
    assert sorted(texts) == sorted(_text(board, m) for m in board.legal_moves)
    # the a8 rook castles on its own side: the king goes to c8, the rook to d8
    assert "h8c8" in texts
    castle = pos.copy()
    castle.push("h8c8")
    assert castle.fen().split()[0] == "2kr4/p2r4/3p4/8/8/P6P/R7/4K2R"
    step = pos.copy()
    step.push("h8g8")
    assert step.fen().split()[0] == "r5k1/p2r4/3p4/8/8/P6P/R7/4K2R"


def test_castling_where_the_king_stays_is_king_takes_rook(chess_variant: Variant) -> None:
    fen = "rk4r1/6p1/8/8/8/8/8/RK4R1 w GAga - 0 1"
    pos = chess_variant.position(fen)
    board = chess.Board(fen, chess960=True)
    texts = sorted(m.text for m in pos.legal_moves())
    assert texts == sorted(_text(board, m) for m in board.legal_moves)
    assert "b1a1" in texts  # queen side: the king b1 goes to c1, the rook a1 to d1 (king moves 1)
    pos.push("b1g1")  # king side: b1 -> g1, rook g1 -> f1
    assert pos.fen().split()[:3] == ["rk4r1/6p1/8/8/8/8/8/R4RK1", "b", "kq"]
    stays = chess_variant.position("4k3/8/8/8/8/8/8/6KR w K - 0 1")
    assert "g1h1" in [m.text for m in stays.legal_moves()]
    stays.push("g1h1")
    assert stays.fen().split()[0] == "4k3/8/8/8/8/8/8/5RK1"


def test_both_spellings_are_accepted_where_unambiguous(chess_variant: Variant) -> None:
    for text in ("e1g1", "e1h1"):
        pos = chess_variant.position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
        pos.push(text)
        assert pos.fen().split()[0] == "r3k2r/8/8/8/8/8/8/R4RK1"
        assert pos.move_stack == ["e1g1"]
    pos = chess_variant.position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    pos.push("e1a1")
    assert pos.fen().split()[0] == "r3k2r/8/8/8/8/8/8/2KR3R"
    # f1g1 is the king's step; the castling is written f1h1 and only that way
    pos = chess_variant.position("4k3/8/8/8/8/8/8/5K1R w K - 0 1")
    pos.push("f1g1")
    assert pos.fen().split()[0] == "4k3/8/8/8/8/8/8/6KR"
    pos = chess_variant.position("4k3/8/8/8/8/8/8/5K1R w K - 0 1")
    pos.push("f1h1")
    assert pos.fen().split()[0] == "4k3/8/8/8/8/8/8/5RK1"
    with pytest.raises(MoveError):
        chess_variant.position("4k3/8/8/8/8/8/8/5K1R w - - 0 1").push("f1h1")


def test_shredder_and_xfen_castling_fields(chess_variant: Variant) -> None:
    # Shredder-FEN letters (the rook files) and X-FEN (KQ for the outermost rook, files for inner)
    shredder = chess_variant.position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1")
    xfen = chess_variant.position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1")
    assert shredder == xfen
    assert shredder.fen().split()[2] == "KQkq"
    inner = chess_variant.position("rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1")
    assert inner.fen().split()[2] == "KBkb"
    board = chess.Board("rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1", chess960=True)
    assert sorted(m.text for m in inner.legal_moves()) == sorted(_text(board, m) for m in board.legal_moves)


def _chess960_lines(seed: int, games: int, plies: int) -> list[tuple[str, list[chess.Move]]]:
    rnd = random.Random(seed)
    out = []
    for _ in range(games):
        board = chess.Board.from_chess960_pos(rnd.randrange(960))
        start = board.fen()
        line: list[chess.Move] = []
        for _ in range(rnd.randrange(plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            castles = [m for m in moves if board.is_castling(m)]
            mv = rnd.choice(castles) if castles and rnd.random() < 0.5 else rnd.choice(moves)
            board.push(mv)
            line.append(mv)
        out.append((start, line))
    return out


def _check_line(variant: Variant, start: str, line: list[chess.Move], depth: int) -> None:
    board = chess.Board(start, chess960=True)
    pos = variant.position(start)
    for mv in line:
        pos.push(_text(board, mv))
        board.push(mv)
        assert pos.fen().split()[:3] == board.fen().split()[:3], (start, board.move_stack)
    ours = sorted(m.text for m in pos.legal_moves())
    assert ours == sorted(_text(board, m) for m in board.legal_moves), (start, board.fen())
    if depth > 1:
        assert perft(pos, depth) == _pc_perft(board, depth), (start, board.fen())


def test_chess960_random_positions_match_python_chess(chess_variant: Variant) -> None:
    for start, line in _chess960_lines(960, 40, 30):
        _check_line(chess_variant, start, line, 1)
    for start, line in _chess960_lines(961, 4, 20):
        _check_line(chess_variant, start, line, 2)


@pytest.mark.slow
def test_chess960_many_positions_match_python_chess(chess_variant: Variant) -> None:
    for start, line in _chess960_lines(9600, 300, 40):
        _check_line(chess_variant, start, line, 2)


def test_chess960_example_variant_matches_python_chess() -> None:
    variant = Variant.load(EXAMPLES / "chess960.fbr")
    board = chess.Board.from_chess960_pos(0)
    pos = variant.start()
    assert pos.fen() == board.fen()
    assert perft(pos, 2) == _pc_perft(board, 2)


def _fsf_line_matches(variant: Variant, fsf_name: str, line: list[str]) -> None:
    pyffish = pytest.importorskip("pyffish")
    start = pyffish.start_fen(fsf_name)
    pos = variant.start()
    for i, mv in enumerate(line):
        pos.push(mv)
        assert pos.fen() == pyffish.get_fen(fsf_name, start, line[: i + 1])
        assert sorted(m.text for m in pos.legal_moves()) == sorted(
            pyffish.legal_moves(fsf_name, start, line[: i + 1])
        ), line[: i + 1]
        assert variant.position(pos.fen()).fen() == pos.fen()


def test_a_feen_start_position_without_unmoved_marks_may_castle() -> None:
    # Janus: Fairy-Stockfish has 41 moves where castling is legal; the FEN start position of
    # janus.fbr and the same start position in FEEN without marks both castle
    fen_start = (EXAMPLES / "janus.fbr").read_text()
    feen_start = fen_start.replace(
        "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1",
        "rjnbk^qbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBK^QBNJR / C/c",
    )
    assert feen_start != fen_start
    line = ["b1a3", "a7a6", "c1d3", "b7b6", "c2c3", "c7c6", "d1c2", "d7d6", "e1b1"]
    for text in (fen_start, feen_start):
        variant = Variant.from_text(text)
        _fsf_line_matches(variant, "janus", line)
    marked = Variant.from_text(fen_start.replace(" w KQkq - 0 1", " w - - 0 1"))
    assert "e1b1" not in [m.text for m in _replay(marked, line[:-1]).legal_moves()]


def _replay(variant: Variant, line: list[str]) -> Position:
    pos = variant.start()
    for mv in line:
        pos.push(mv)
    return pos


def test_shako_castles_on_rank_2() -> None:
    # castling rights of a king on rank 2, read from the FEN the core writes
    variant = Variant.load(EXAMPLES / "shako.fbr")
    _fsf_line_matches(variant, "shako", ["h2g4", "h9g7", "h3h4", "h8h7", "g2h3", "g9h8", "f2h2"])


def _fsf960_text(pos: Position, m: int) -> str:
    from notation_toolkit.variant.position import CASTLE, SQ

    if m & CASTLE:
        return pos.core.names[m & SQ] + pos.core.names[(m >> 20 & SQ) - 1]
    return pos._code_text(m)


def test_chess960_example_variant_matches_fairy_stockfish_uci_chess960() -> None:
    # Fairy-Stockfish's Chess960 mode writes every castling as king takes rook and Shredder-FEN
    # castling letters; the other FEN fields and the moves agree
    pyffish = pytest.importorskip("pyffish")
    from notation_toolkit.variant.position import CASTLE

    variant = Variant.load(EXAMPLES / "chess960.fbr")
    start = variant.start().fen()
    rnd = random.Random(5)
    for _ in range(2):
        pos = variant.start()
        line: list[str] = []
        for _ in range(40):
            moves = pos.legal_moves()
            ours = sorted(_fsf960_text(pos, m.code) for m in moves)
            assert ours == sorted(pyffish.legal_moves("chess", start, line, True)), line
            if not moves:
                break
            castles = [m for m in moves if m.code & CASTLE]
            mv = rnd.choice(castles if castles and rnd.random() < 0.5 else moves)
            line.append(_fsf960_text(pos, mv.code))
            pos.push(mv)
            theirs = pyffish.get_fen("chess", start, line, True).split()
            fields = pos.fen().split()
            assert fields[:2] + fields[3:] == theirs[:2] + theirs[3:], line
            assert variant.position(" ".join(theirs)) == variant.position(pos.fen())
