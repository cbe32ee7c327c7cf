"""The variant core on its own facts: published chess perft, python-chess on random positions,
results (checkmate, stalemate, hill, checks, antichess), FEEN/FEN in and out, errors."""

from __future__ import annotations

import random

import chess
import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.core.errors import NotationError
from notation_toolkit.variant import MoveError, Variant, VariantError, divide, perft

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def chess_variant() -> Variant:
    return Variant.load(EXAMPLES / "chess.fbr")


def test_published_perft_start(chess_variant: Variant) -> None:
    pos = chess_variant.start()
    assert [perft(pos, d) for d in (1, 2, 3)] == [20, 400, 8902]


def test_published_perft_kiwipete(chess_variant: Variant) -> None:
    pos = chess_variant.position(KIWIPETE)
    assert [perft(pos, d) for d in (1, 2)] == [48, 2039]


@pytest.mark.slow
def test_published_perft_deep(chess_variant: Variant) -> None:
    assert perft(chess_variant.start(), 4) == 197281
    assert perft(chess_variant.position(KIWIPETE), 3) == 97862


def test_divide_sums_to_perft(chess_variant: Variant) -> None:
    pos = chess_variant.position(KIWIPETE)
    parts = divide(pos, 2)
    assert len(parts) == 48 and sum(parts.values()) == 2039
    board = chess.Board(KIWIPETE)
    board.push_uci("e1g1")
    assert parts["e1g1"] == board.legal_moves.count()


def test_python_chess_random_positions(chess_variant: Variant) -> None:
    rnd = random.Random(2024)
    for _ in range(12):
        pos = chess_variant.start()
        board = chess.Board()
        for _ in range(120):
            ours = sorted(m.text for m in pos.legal_moves())
            assert ours == sorted(m.uci() for m in board.legal_moves), board.fen()
            assert pos.is_check() == board.is_check()
            assert pos.fen().split()[0] == board.fen().split()[0]
            if board.is_game_over(claim_draw=False) or not ours:
                break
            mv = rnd.choice(ours)
            pos.push(mv)
            board.push_uci(mv)


def test_fen_round_trip_and_castling(chess_variant: Variant) -> None:
    pos = chess_variant.position(KIWIPETE)
    assert pos.fen() == "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert chess_variant.position(pos.feen()) == pos
    pos.push("e1g1")
    assert pos.fen().split()[:3] == ["r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1", "b", "kq"]


def test_en_passant_state_field(chess_variant: Variant) -> None:
    pos = chess_variant.start()
    for mv in ("e2e4", "a7a6", "e4e5", "d7d5"):
        pos.push(mv)
    assert pos.feen().endswith(" ep:d6@d5")
    assert "e5d6" in [m.text for m in pos.legal_moves()]
    again = chess_variant.position(pos.feen())
    assert again == pos and again.zobrist() == pos.zobrist()


def test_checkmate_and_stalemate(chess_variant: Variant) -> None:
    pos = chess_variant.start()
    for mv in ("f2f3", "e7e5", "g2g4", "d8h4"):
        pos.push(mv)
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"
    stale = chess_variant.position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    out = stale.outcome()
    assert out is not None and out.winner is None and out.reason == "stalemate"


def test_repetition_draw(chess_variant: Variant) -> None:
    pos = chess_variant.start()
    for _ in range(2):
        for mv in ("g1f3", "g8f6", "f3g1", "f6g8"):
            pos.push(mv)
    out = pos.outcome()
    assert out is not None and out.reason == "repetition" and out.winner is None


def test_king_of_the_hill_win() -> None:
    v = Variant.load(EXAMPLES / "kingofthehill.fbr")
    pos = v.position("8/8/8/8/8/3K4/8/7k w - - 0 1")
    pos.push("d3d4")
    out = pos.outcome()
    assert out is not None and out.winner == 0 and out.reason == "hill"
    assert pos.legal_moves() == []


def test_three_check_win() -> None:
    v = Variant.load(EXAMPLES / "3check.fbr")
    pos = v.position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    pos = v.position(pos.feen() + " checks:2/0")
    pos.push("a1a8")
    out = pos.outcome()
    assert out is not None and out.winner == 0 and out.reason == "checks"
    assert pos.feen().endswith("checks:3/0")


def test_antichess_must_capture_and_win_by_losing_everything() -> None:
    v = Variant.load(EXAMPLES / "antichess.fbr")
    pos = v.start()
    for mv in ("e2e4", "d7d5"):
        pos.push(mv)
    assert [m.text for m in pos.legal_moves()] == ["e4d5"]
    empty = v.position("8/8/8/8/8/8/8/7q / C/c")
    out = empty.outcome()
    assert out is not None and out.winner == 0 and out.reason == "stalemate"


def test_crazyhouse_drops_and_demotion() -> None:
    v = Variant.load(EXAMPLES / "crazyhouse.fbr")
    pos = v.position("4k^3/1P6/8/8/8/8/8/4K^3 / C/c")
    pos.push("b7b8q")
    assert pos.piece_at("b8") == "+Q"
    pos2 = v.position("r+Q2k^3/8/8/8/8/8/8/4K^3 / C/c")
    pos2.push("b8a8")
    assert pos2.feen().split()[1] == "R/"  # a captured rook changes side
    pos3 = v.position("r+Q2k^3/8/8/8/8/8/8/4K^3 / c/C")
    pos3.push("a8b8")
    assert pos3.feen().split()[1] == "/p"  # the promoted queen goes to the holding as a pawn


def test_crazyhouse_dropped_rook_may_castle_fbr_meaning() -> None:
    """003:280: a dropped piece is initial again; Fairy-Stockfish does not give castling back."""
    v = Variant.load(EXAMPLES / "crazyhouse.fbr")
    pos = v.position("4k^3/8/8/8/8/8/8/4-K^3 R/ C/c")
    pos.push("R@h1")
    pos.push("e8d8")
    assert "e1g1" in [m.text for m in pos.legal_moves()]


def test_minishogi_pawn_drop_mate_is_illegal_fbr_meaning() -> None:
    """drop{P}=nomate (003:304): a mating pawn drop is not a legal move (Fairy-Stockfish plays it
    and scores it as a loss)."""
    v = Variant.load(EXAMPLES / "minishogi.fbr")
    pos = v.position("2+S2/1g1r1/1S1Bk^/1K^G2/1R1B1 2P/ S/s")
    texts = [m.text for m in pos.legal_moves()]
    assert "P@e2" not in texts and "P@e4" in texts


def test_refusals_name_the_rule() -> None:
    with pytest.raises(VariantError) as err:
        Variant.from_text('boardsize="8x8" royal bouncing K Q R B N P +P==QRBN')
    assert err.value.diagnostics[0].code == "VAR201"
    assert err.value.diagnostics[0].span is not None
    with pytest.raises(VariantError) as err:
        Variant.from_text('boardsize="8x8" royal=mustevase K Q R B N P +P==QRBN')
    assert err.value.diagnostics[0].code == "VAR202"


def test_examples_fbr_crazyhouse_is_refused() -> None:
    """examples/fbr/crazyhouse.fbr writes -Q==P (a demotion rule for every queen, 003:412-416)."""
    with pytest.raises(VariantError) as err:
        Variant.load(EXAMPLES.parent / "fbr" / "crazyhouse.fbr")
    assert any(d.code == "VAR105" and "-Q" in d.message for d in err.value.diagnostics)


def test_move_errors(chess_variant: Variant) -> None:
    pos = chess_variant.start()
    with pytest.raises(MoveError) as err:
        pos.push("e2e5")
    assert err.value.code == "VAR402"
    with pytest.raises(MoveError) as err:
        pos.push("zz")
    assert err.value.code == "VAR401"
    with pytest.raises(MoveError) as err:
        pos.pop()
    assert err.value.code == "VAR403"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("8/8/8/8/8/8/8 / C/c", "VAR302"),
        ("7X/8/8/8/8/8/8/8 / C/c", "VAR303"),
        ("8/8/8/8/8/8/8/4K3 / C/c", "VAR301"),
        ("4k^3/8/8/8/8/8/8/4K^3 / C/c ep:zz", "VAR304"),
        ("8/8/8/8/8/8/8/4K^3 P/ C/c", "VAR301"),
    ],
)
def test_position_errors(chess_variant: Variant, text: str, code: str) -> None:
    with pytest.raises(NotationError) as err:
        chess_variant.position(text)
    assert err.value.code == code


def test_shatranj_bare_king_and_baremove() -> None:
    """royal=baremove (003:914-916): baring wins unless the bared side bares back at once."""
    v = Variant.load(EXAMPLES / "shatranj.fbr")
    lost = v.position("8/8/8/8/8/2k^5/8/K^6R / c/C")
    out = lost.outcome()
    assert out is not None and out.winner == 0 and out.reason == "bare"
    saved = v.position("8/8/8/8/8/2k^R4/8/K^7 / c/C")
    assert saved.outcome() is None
    saved.push("c3d3")
    out = saved.outcome()
    assert out is not None and out.winner is None and out.reason == "bare"


def test_shatranj_stalemate_loses() -> None:
    v = Variant.load(EXAMPLES / "shatranj.fbr")
    pos = v.position("k^7/2K^5/1R6/8/8/8/8/8 / c/C")
    out = pos.outcome()
    assert out is not None and out.winner == 0 and out.reason in ("stalemate", "bare")


def test_grand_promotion_only_to_lost_pieces() -> None:
    """pieces{X}=total(N): a pawn on rank 10 must promote, and only to a piece below its limit."""
    v = Variant.load(EXAMPLES / "grand.fbr")
    full = "4k^5/P9/10/10/10/10/10/10/10/QACRRNNBBK^ / C/c"
    assert [m.text for m in v.position(full).legal_moves() if m.text.startswith("a9")] == []
    one_lost = "4k^5/P9/10/10/10/10/10/10/10/QAC1RNNBBK^ / C/c"
    assert sorted(m.text for m in v.position(one_lost).legal_moves() if m.text.startswith("a9")) == ["a9a10r"]
    rank8 = "4k^5/10/10/P9/10/10/10/10/10/QACRRNNBBK^ / C/c"
    assert [m.text for m in v.position(rank8).legal_moves() if m.text.startswith("a7")] == ["a7a8"]


def test_project_rule_files_load_or_are_refused() -> None:
    """examples/fbr/: chess (FEN start position) plays; the page's atomic example loads (it has
    no start position); alice is refused by rule name."""
    fbr_dir = EXAMPLES.parent / "fbr"
    assert perft(Variant.load(fbr_dir / "chess.fbr").start(), 3) == 8902
    assert "atomic" in Variant.load(fbr_dir / "atomic.fbr").rules.used
    for name, rule in (("alice.fbr", "alice"),):
        with pytest.raises(VariantError) as err:
            Variant.load(fbr_dir / name)
        assert any(d.code == "VAR201" and f"'{rule}'" in d.message for d in err.value.diagnostics)
    with pytest.raises(VariantError) as err:
        Variant.load(fbr_dir / "king_of_the_hill.fbr").start()
    assert err.value.code == "VAR102"


def test_initial_moves_with_i() -> None:
    """`i` (initial move only): a pawn written with imefW02 double-steps while unmoved (FEEN '-')."""
    text = (EXAMPLES / "chess.fbr").read_text().replace("[1-2]mefW02", "imefW02")
    text = text.replace("/pppppppp/8/8/8/8/PPPPPPPP/", "/-p-p-p-p-p-p-p-p/8/8/8/8/-P-P-P-P-P-P-P-P/")
    v = Variant.from_text(text)
    pos = v.start()
    assert perft(pos, 3) == 8902
    pos.push("e2e3")
    pos.push("a7a6")
    assert "e3e5" not in [m.text for m in pos.legal_moves()]
    assert pos.piece_at("e3") == "P" and pos.piece_at("d2") == "-P"
    with pytest.raises(NotationError):
        Variant.load(EXAMPLES / "chess.fbr").position("4k^3/8/8/8/8/8/-P7/4K^3 / C/c")


def test_perpetual_check_loses() -> None:
    """loss=perpetualcheck(N) (003:442-444): the side checking with every move of an N-fold
    repetition loses; without checks the repetition is a draw."""
    text = (EXAMPLES / "chess.fbr").read_text().replace("royal ", "royal loss=perpetualcheck(3) ", 1)
    v = Variant.from_text(text)
    pos = v.position("7k/7p/8/8/8/8/8/K2Q4 w - - 0 1")
    cycle = ["d1d8", "h8g7", "d8d4", "g7g8", "d4d8", "g8g7", "d8d4", "g7g8", "d4d8", "g8g7"]
    for i, mv in enumerate(cycle):
        assert pos.outcome() is None, cycle[:i]
        pos.push(mv)
        assert pos.is_check() == (i % 2 == 0)
    out = pos.outcome()
    assert out is not None and out.winner == 1 and out.reason == "perpetual check"
    quiet = v.start()
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        quiet.push(mv)
    out = quiet.outcome()
    assert out is not None and out.winner is None and out.reason == "repetition"
