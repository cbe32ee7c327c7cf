"""The conversions package: each conversion against facts (specs/002's FEEN examples, python-chess,
the Dice Chess research positions), round trips where nothing is lost, FEEN read by the FEEN
parser, and the registry entries ``ntk convert`` lists."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from notation_toolkit import convert, dfen, feen, fen
from notation_toolkit.convert import chess_board, dfen_fen, fen_feen
from notation_toolkit.core.errors import NotationError, ValidationError
from notation_toolkit.core.registry import conversions, get_conversion

chess = pytest.importorskip("chess")

DATA = Path(__file__).resolve().parents[1] / "data"
FEEN_FACTS: dict[str, Any] = json.loads((DATA / "convert" / "feen_chess.json").read_text(encoding="utf-8"))
LIST_BEFORE: list[dict[str, str]] = json.loads(
    (DATA / "convert" / "convert_list_before.json").read_text(encoding="utf-8")
)
RESEARCH: list[dict[str, Any]] = json.loads(
    (DATA / "dfen" / "research_positions.json").read_text(encoding="utf-8")
)["positions"]


def game_boards(seed: int, count: int) -> list[Any]:
    """``count`` python-chess boards from seeded random games (openings to endgames)."""
    rnd = random.Random(seed)
    boards: list[Any] = []
    while len(boards) < count:
        board = chess.Board()
        for _ in range(rnd.randint(0, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rnd.choice(moves))
        boards.append(board)
    return boards


BOARDS = game_boards(11, 150)


def board_after(moves: list[str]) -> Any:
    board = chess.Board()
    for san in moves:
        board.push_san(san)
    return board


# ---------------------------------------------------------------------------------- FEEN -> FEN


@pytest.mark.parametrize("fact", FEEN_FACTS["chess"], ids=lambda f: f["label"])
def test_spec_chess_feen_converts_to_the_board_python_chess_plays(fact: dict[str, Any]) -> None:
    out = fen_feen.feen_to_fen(fact["feen"])
    placement, side, castling, ep, half, full = out.split(" ")
    if fact["moves"] is not None:
        assert placement == board_after(fact["moves"]).board_fen()
    else:
        assert placement == chess.Board(None).board_fen()
    assert side == fact["spec_side"]
    assert (castling, ep, half, full) == ("-", "-", "0", "1")
    assert chess.Board(out).board_fen() == placement  # python-chess accepts the FEN
    assert fen_feen.feen_to_dfen(fact["feen"]) == out + " -"


@pytest.mark.parametrize("fact", FEEN_FACTS["not_chess"], ids=lambda f: f["label"])
def test_spec_feen_of_other_games_is_fen191(fact: dict[str, Any]) -> None:
    feen.parse(fact["feen"])  # valid FEEN: only FEN cannot hold it
    for conversion in (fen_feen.feen_to_fen, fen_feen.feen_to_dfen):
        with pytest.raises(ValidationError) as info:
            conversion(fact["feen"])
        (d,) = info.value.diagnostics
        assert d.code == "FEN191" and d.span is not None and d.hint


@pytest.mark.parametrize(
    "text",
    [
        "8/8/8/8/8/8/8/8",  # one field
        "8/8/8/8/8/8/8/8* / C/c",  # not a FEEN piece
        "8/8/8/8/8/8/8/8 / C/C",  # both styles upper case
        "8/8/8/8/8/8/8/8 / C/c ",  # trailing space
        "",
    ],
)
def test_text_that_is_not_feen_gives_the_feen_parsers_diagnostics(text: str) -> None:
    with pytest.raises(NotationError) as feen_info:
        feen.parse(text, lenient=True)
    with pytest.raises(NotationError) as info:
        fen_feen.feen_to_fen(text)
    error = info.value
    assert type(error) is type(feen_info.value)
    assert error.code == "FEN190"
    # The FEEN parser's own diagnostics follow, unchanged: FEEN is read by its grammar, not a regex.
    assert error.diagnostics[1:] == feen_info.value.diagnostics
    assert all(d.code.startswith("FEEN") for d in error.diagnostics[1:])
    assert error.diagnostics[0].span == feen_info.value.diagnostics[0].span


def test_a_feen_limit_reaches_the_user_as_a_feen_diagnostic() -> None:
    # A 5,000-digit empty count: FEEN's own count limit, never Python's int() error.
    text = "9" * 5000 + "/8/8/8/8/8/8/8 / C/c"
    with pytest.raises(NotationError) as info:
        fen_feen.feen_to_fen(text)
    assert info.value.code == "FEN190"
    assert any(d.code.startswith("FEEN") for d in info.value.diagnostics[1:])


# ---------------------------------------------------------------------------------- FEN -> FEEN


@pytest.mark.parametrize("board", BOARDS[:60], ids=range(60))
def test_fen_to_feen_is_valid_feen_with_the_same_squares(board: Any) -> None:
    out = fen_feen.fen_to_feen(board.fen())
    position = feen.parse(out)
    assert feen.dumps(position) == out
    assert position.placement.shape == (8, 8)
    assert position.active_side.value == ("first" if board.turn else "second")
    for rank in range(8):  # FEEN writes rank 8 first
        for file in range(8):
            piece = board.piece_at(chess.square(file, 7 - rank))
            token = position.placement[rank, file]
            assert (token.letter if token else None) == (piece.symbol() if piece else None)
            if token is not None:
                assert token.terminal == (token.letter in "Kk")  # 002: chess kings are terminal
    # Placement and side to move survive the round trip; the rest is what `loses` says.
    back = fen.parse(fen_feen.feen_to_fen(out))
    assert back.board == fen.parse(board.fen()).board and back.turn == ("w" if board.turn else "b")


def test_dfen_to_feen_keeps_placement_and_side() -> None:
    for fact in RESEARCH[:80]:
        if fact["strict_rejects"]:
            continue
        out = fen_feen.dfen_to_feen(fact["dfen"])
        position = feen.parse(out)
        assert position.active_side.value == ("first" if fact["turn"] == "w" else "second")
        assert fen_feen.feen_to_dfen(out).split(" ")[:2] == fact["canonical"].split(" ")[:2]


def test_feen_terminal_markers_are_dropped_and_the_loss_says_so() -> None:
    # FEN has no terminal marker: its kings are terminal whatever the FEEN text marked
    marked = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ^KBNR / C/c"
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    assert fen_feen.feen_to_fen(marked) == start
    assert fen_feen.feen_to_dfen(marked) == start + " -"
    for target in ("fen", "dfen"):
        assert "terminal markers (^" in get_conversion("feen", target).loses


# ---------------------------------------------------------------------------------- FEN <-> DFEN


def test_fen_to_dfen_and_back_loses_nothing() -> None:
    for board in BOARDS:
        text = board.fen(en_passant="fen")
        out = dfen_fen.fen_to_dfen(text)
        assert out == text + " -"  # 002-independent: F1 writes the dice field '-' when not rolled
        assert dfen_fen.dfen_to_fen(out) == text


def test_dfen_to_fen_gives_fen_python_chess_reads_with_the_same_position() -> None:
    for fact in RESEARCH:
        if fact["strict_rejects"]:
            continue
        out = dfen_fen.dfen_to_fen(fact["dfen"])
        board = chess.Board(out)
        canonical = fact["canonical"].split(" ")
        assert board.board_fen() == canonical[0]
        assert board.turn == (fact["turn"] == "w")
        # FEN keeps a target only when it is the one on the mover's capture rank (see `loses`).
        capture_rank = "6" if fact["turn"] == "w" else "3"
        on_rank = [sq for sq in fact["en_passant"] if sq[1] == capture_rank]
        expected = chess.parse_square(on_rank[0]) if len(on_rank) == 1 else None
        assert board.ep_square == expected


# ---------------------------------------------------------------------------------- chess.Board


def test_chess_board_round_trips_for_fen_and_dfen_positions() -> None:
    for board in BOARDS:
        position = chess_board.from_chess_board(board)
        assert fen.dumps(position) == board.fen(en_passant="fen")
        again = chess_board.to_chess_board(position)
        assert again.fen(en_passant="fen") == board.fen(en_passant="fen")
        as_dfen = chess_board.dfen_from_chess_board(board, dice="pN")
        assert as_dfen.dice == ("P", "N")
        assert chess_board.to_chess_board(as_dfen).fen(en_passant="fen") == board.fen(en_passant="fen")
        assert chess_board.dfen_to_chess_board(dfen.dumps(as_dfen)) == again


def test_chess_board_of_text_reads_fen_text() -> None:
    assert chess_board.to_chess_board(chess.STARTING_FEN) == chess.Board()
    with pytest.raises(NotationError):
        chess_board.to_chess_board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -")


# ---------------------------------------------------------------------------------- registry


def test_every_conversion_is_registered_as_before() -> None:
    listed = sorted(
        ({"from": s, "to": t, "loses": c.loses} for (s, t), c in conversions().items()),
        key=lambda row: (row["from"], row["to"]),
    )
    assert listed == LIST_BEFORE
    for source, target, function, loses in convert.CONVERSIONS:
        registered = get_conversion(source, target)
        assert registered.convert is function and registered.loses == loses


def test_the_registry_loads_the_conversions_when_asked() -> None:
    # A fresh interpreter that never imported notation_toolkit.convert.
    code = (
        "from notation_toolkit.core.registry import get_conversion\n"
        "import sys\n"
        "print(get_conversion('fen', 'dfen').convert('8/8/8/8/8/8/8/K6k w - - 0 1'))\n"
        "print('notation_toolkit.convert' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1", "-", "True"]


def test_importing_a_notation_does_not_import_the_conversions() -> None:
    code = "import sys\nimport notation_toolkit.fen.notation, notation_toolkit.dfen.notation\n"
    code += "print('notation_toolkit.convert' in sys.modules)\n"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
