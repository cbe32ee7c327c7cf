"""FEN read with a user extension grammar: examples/fen/xfen.lark (X-FEN / Shredder-FEN castling).

The grammar overrides only the castling rule so that rook files may be written (Chess960). The
meaning of a rook-file letter is checked against python-chess, which writes both Shredder-FEN
(``fen(shredder=True)``: always files) and X-FEN (``fen()``: KQkq for the outermost rook, a file
letter for an inner one): a file letter maps to K/Q/k/q exactly when X-FEN writes K/Q/k/q.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import chess
import pytest

from notation_toolkit import fen
from notation_toolkit.cli import main
from notation_toolkit.core.errors import (
    CanonicalFormError,
    GrammarError,
    NotationError,
    ParseError,
    ValidationError,
)
from notation_toolkit.core.grammar import load_parser, undescribed_terminals
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode

ROOT = Path(__file__).resolve().parents[2]
XFEN = ROOT / "examples" / "fen" / "xfen.lark"
CHESS960 = ROOT / "examples" / "fen" / "chess960.fen"
XFEN_INVALID = ROOT / "examples" / "fen" / "xfen_invalid.fen"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def lines(path: Path) -> list[str]:
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]


def castling_field(text: str) -> str:
    return text.split(" ")[2]


def test_rook_files_map_to_rights_and_the_field_is_kept_as_an_extension() -> None:
    text = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"
    pos = fen.parse(text, grammar=XFEN)
    assert pos.castling == frozenset("KQkq")
    assert pos.extensions == (GenericNode("castling", ("GEge",)),)
    assert pos.extensions[0].span == Span(46, 4, 1, 47)
    assert pos.castling_rights.span == Span(46, 4, 1, 47)
    # The canonical FEN of the known fields; the grammar's own text keeps the rook files.
    assert str(pos) == "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"
    assert fen.format_text(text, grammar=XFEN) == text


def test_all_960_start_positions_agree_with_python_chess() -> None:
    for n in range(960):
        board = chess.Board.from_chess960_pos(n)
        shredder = board.fen(shredder=True)
        pos = fen.parse(shredder, grammar=XFEN)
        # In a start position each side has one rook on each side of the king: X-FEN writes KQkq.
        assert castling_field(board.fen()) == "KQkq", n
        assert pos.castling == frozenset("KQkq"), n
        assert str(pos.board) == shredder.split(" ")[0]


def random_chess960_positions(seed: int, count: int) -> list[chess.Board]:
    rng = random.Random(seed)
    out: list[chess.Board] = []
    while len(out) < count:
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        for _ in range(rng.randrange(60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        out.append(board)
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_positions_from_random_chess960_games_agree_with_python_chess(seed: int) -> None:
    for board in random_chess960_positions(seed, 40):
        shredder = board.fen(shredder=True)
        xfen = castling_field(board.fen())
        pos = fen.parse(shredder, grammar=XFEN)
        assert pos.castling == frozenset(c for c in xfen if c in "KQkq"), shredder
        inner = [c for c in xfen if c not in "KQkq-"]
        notes = [d for d in fen.canonicalize(shredder, grammar=XFEN)[1] if d.code == "FEN133"]
        assert len(notes) == len(inner), shredder


@pytest.mark.parametrize(
    "shredder",
    [
        "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
        "4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1",
        "1rr1k3/8/8/8/8/8/8/4K3 b c - 0 1",
        "1rr1k2r/8/8/8/8/8/8/RR2K2R w HBhc - 0 1",
    ],
)
def test_hand_made_inner_rooks_agree_with_python_chess(shredder: str) -> None:
    # Random games never put two castling rooks on one side of the king; these positions do.
    xfen = castling_field(chess.Board(shredder, chess960=True).fen())
    pos = fen.parse(shredder, grammar=XFEN)
    assert pos.castling == frozenset(c for c in xfen if c in "KQkq")
    notes = [d for d in fen.canonicalize(shredder, grammar=XFEN)[1] if d.code == "FEN133"]
    assert len(notes) == sum(c not in "KQkq" for c in xfen) >= 1


def test_inner_rook_is_not_a_kqkq_right_and_gets_a_note() -> None:
    # python-chess writes X-FEN 'B' here: a1 is further out, so 'Q' would mean the a1 rook.
    text = "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1"
    assert castling_field(chess.Board(text, chess960=True).fen()) == "B"
    pos = fen.parse(text, grammar=XFEN)
    assert pos.castling == frozenset() and pos.extensions == (GenericNode("castling", ("B",)),)
    canonical, notes = fen.canonicalize(text, grammar=XFEN)
    assert canonical == text
    assert [(d.code, d.span) for d in notes] == [("FEN133", Span(24, 1, 1, 25))]
    assert "inner rook (b1)" in notes[0].message


def test_standard_castling_letters_stay_standard_fen() -> None:
    text = START + " w KQkq - 0 1"
    pos = fen.parse(text, grammar=XFEN)
    assert pos == fen.parse(text) and pos.extensions == ()
    with pytest.raises(CanonicalFormError) as info:
        fen.parse(START + " w qkQK - 0 1", grammar=XFEN)
    assert [d.code for d in info.value.diagnostics] == ["FEN131"]


@pytest.mark.parametrize("line", lines(CHESS960))
def test_example_file_is_valid_and_round_trips(line: str) -> None:
    pos = fen.parse(line, grammar=XFEN)
    assert fen.format_text(line, grammar=XFEN) == line
    assert fen.parse(fen.format_text(line, grammar=XFEN), grammar=XFEN) == pos
    assert fen.check(line, grammar=XFEN) == []


@pytest.mark.parametrize(
    ("line", "code", "words", "column"),
    [
        (
            lines(XFEN_INVALID)[0],
            "FEN132",
            "castling letter 'G' names White's rook on g1, but there is no",
            47,
        ),
        (lines(XFEN_INVALID)[1], "FEN132", "Black's king is not on rank 8", 51),
        (lines(XFEN_INVALID)[2], "FEN103", "expected a space after 'A', found 'I'", 49),
    ],
)
def test_errors_in_the_extended_syntax(line: str, code: str, words: str, column: int) -> None:
    with pytest.raises(NotationError) as info:
        fen.parse(line, grammar=XFEN)
    (d,) = info.value.diagnostics
    assert d.code == code and words in d.message
    assert d.span is not None and d.span.column == column and d.span.length == 1
    assert d.hint


def test_other_fields_keep_their_semantic_checks() -> None:
    with pytest.raises(ValidationError) as info:
        fen.parse(START + " w HAha e3 0 0", grammar=XFEN)
    assert [d.code for d in info.value.diagnostics] == ["FEN142", "FEN161"]
    fixed, fixes = fen.canonicalize(START + " w HAha - 00 1", grammar=XFEN)
    assert fixed == START + " w HAha - 0 1" and [d.code for d in fixes] == ["FEN151"]


def test_the_shipped_fast_path_is_unaffected() -> None:
    with pytest.raises(ParseError) as info:
        fen.parse(START + " w HAha - 0 1")
    assert info.value.diagnostics[0].code == "FEN130"


def test_example_grammar_describes_every_terminal() -> None:
    assert undescribed_terminals(load_parser(XFEN)) == []


def test_a_grammar_that_changes_the_board_cannot_build_a_position(tmp_path: Path) -> None:
    amazon = tmp_path / "amazon.lark"
    amazon.write_text(
        "%import fen (start, position, placement, side, castling, en_passant, halfmove, fullmove)\n"
        "%import fen (rank, PIECE, EMPTY)\n"
        "%override rank: (PIECE | EMPTY | AMAZON)+\n"
        "//@ AMAZON: an amazon (A or a)\n"
        "AMAZON: /[Aa]/\n"
    )
    with pytest.raises(ValidationError) as info:
        fen.parse("4k3/8/8/8/8/8/8/A3K3 w - - 0 1", grammar=amazon)
    d = info.value.diagnostics[0]
    assert d.code == "FEN104" and d.span == Span(0, 20, 1, 1) and d.field == "placement"
    # Text in the shipped syntax still reads with the same grammar.
    assert fen.parse("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", grammar=amazon).board.piece_at("a1") == "R"


def test_rules_added_around_the_position_are_extensions_too(tmp_path: Path) -> None:
    noted = tmp_path / "noted.lark"
    noted.write_text(
        "%import fen (position, placement, side, castling, en_passant, halfmove, fullmove)\n"
        'start: position (" ; " note)?\n'
        "note: NOTE\n"
        "//@ NOTE: a note (letters and spaces)\n"
        "NOTE: /[A-Za-z ]+/\n"
    )
    pos = fen.parse(START + " w KQkq - 0 1 ; Opening", grammar=noted)
    assert pos.extensions == (GenericNode("note", ("Opening",)),)
    assert pos.extensions[0].span == Span(59, 7, 1, 60)


def test_a_broken_grammar_is_a_grammar_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.lark"
    broken.write_text("%import fen (nosuchrule)\n")
    with pytest.raises(GrammarError) as info:
        fen.parse(START + " w KQkq - 0 1", grammar=broken)
    assert info.value.code == "NTK004"


def test_cli_parse_check_and_fmt(capsys: pytest.CaptureFixture[str]) -> None:
    text = "nqrkbbrn/pppppppp/8/8/8/8/PPPPPPPP/NQRKBBRN w GCgc - 0 1"
    assert main(["parse", "fen", "--grammar", str(XFEN), text, "--json"]) == 0
    ast = json.loads(capsys.readouterr().out)["ast"]
    assert ast["castling_rights"]["rights"] == ["K", "Q", "k", "q"]
    assert ast["extensions"][0]["rule"] == "castling" and ast["extensions"][0]["children"] == ["GCgc"]
    assert main(["check", "--grammar", str(XFEN), str(CHESS960), "--json"]) == 0
    assert [(f["items"], f["invalid"]) for f in json.loads(capsys.readouterr().out)["files"]] == [(8, 0)]
    assert main(["check", "--grammar", str(XFEN), str(XFEN_INVALID), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [r["diagnostics"][0]["code"] for r in data["diagnostics"]] == ["FEN132", "FEN132", "FEN103"]
    assert (
        main(["fmt", "-n", "fen", "--grammar", str(XFEN), "--lenient", "-e", text.replace("0 1", "0 01")])
        == 0
    )
    assert capsys.readouterr().out.strip() == text
