"""``atomic`` (003:96-112): explosions, royal pieces that never capture, touching royal pieces.

Oracles: python-chess's ``chess.variant.AtomicBoard`` (its published perft table, and its legal
moves along random games), Fairy-Stockfish's ``atomic`` and ``nocheckatomic`` (recorded figures in
tests/data/variant/, live in the slow tests), and positions worked out from the page's words
(the page line in the test name)."""

from __future__ import annotations

import random

import chess
import chess.variant
import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit import fbr
from notation_toolkit.variant import Variant, VariantError, perft
from notation_toolkit.variant.position import Outcome

ATOMIC = Variant.load(EXAMPLES / "atomic.fbr")

# python-chess, examples/perft/atomic.perft (niklasf/python-chess @ 9c24454d): EPD, perft 1-4.
# The atomic960 positions castle Chess960-style (X-FEN rights), as the example's O-O rules do.
PERFT = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", [20, 400, 8902, 197326]),  # atomic-start
    ("rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq -", [40, 1238, 45237, 1434825]),
    ("rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq -", [28, 833, 23353, 714499]),
    ("8/8/8/8/8/8/2k5/rR4KR w KQ -", [18, 180, 4364, 61401]),  # atomic960-castle-1
    ("r3k1rR/5K2/8/8/8/8/8/8 b kq -", [25, 282, 6753, 98729]),  # atomic960-castle-2
    ("Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq -", [21, 465, 10631, 241478]),  # atomic960-castle-3
]


@pytest.mark.parametrize(("epd", "counts"), PERFT, ids=[p[0].split()[0] for p in PERFT])
def test_perft_python_chess_table(epd: str, counts: list[int]) -> None:
    pos = ATOMIC.position(epd + " 0 1")
    assert [perft(pos, d) for d in (1, 2)] == counts[:2]


@pytest.mark.slow
@pytest.mark.parametrize(("epd", "counts"), PERFT, ids=[p[0].split()[0] for p in PERFT])
def test_perft_python_chess_table_depth_3(epd: str, counts: list[int]) -> None:
    assert perft(ATOMIC.position(epd + " 0 1"), 3) == counts[2]


def _legal(fen: str, variant: Variant = ATOMIC) -> list[str]:
    return sorted(m.text for m in variant.position(fen).legal_moves())


def _python_chess(fen: str) -> list[str]:
    return sorted(m.uci() for m in chess.variant.AtomicBoard(fen).legal_moves)


def test_003_108_a_royal_piece_never_captures() -> None:
    # the king next to an undefended pawn may not take it: the explosion would take the king
    fen = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1"
    assert "e1d2" not in _legal(fen)
    assert _legal(fen) == _python_chess(fen)


def test_003_108_a_capture_next_to_ones_own_royal_piece_is_illegal() -> None:
    fen = "4k3/8/8/8/8/8/3p4/3RK3 w - - 0 1"
    assert "d1d2" not in _legal(fen)
    assert _legal(fen) == _python_chess(fen)


def test_003_110_exploding_the_enemy_royal_piece_wins_even_from_check() -> None:
    # White is in check from e4; Qxd7 answers nothing, but its explosion takes the king on e8
    fen = "4k3/3p4/8/8/4r3/8/8/3QK3 w - - 0 1"
    pos = ATOMIC.position(fen)
    assert pos.is_check()
    assert "d1d7" in _legal(fen) and "d1d2" not in _legal(fen)
    assert _legal(fen) == _python_chess(fen)
    pos.push("d1d7")
    assert pos.outcome() == Outcome(0, "explosion")
    assert pos.legal_moves() == []


def test_003_110_the_second_player_explodes_the_first_players_king() -> None:
    # Black's side, mirrored: in check from e5, Qxd2 explodes the king on e1
    fen = "3qk3/8/8/4R3/8/8/3P4/4K3 b - - 0 1"
    pos = ATOMIC.position(fen)
    assert pos.is_check()
    assert "d8d2" in _legal(fen) and "d8d7" not in _legal(fen)
    assert _legal(fen) == _python_chess(fen)
    pos.push("d8d2")
    assert pos.outcome() == Outcome(1, "explosion")


def test_003_112_pawns_next_to_the_explosion_survive() -> None:
    # Qxd7: the queen, the pawn taken and the knight on c8 explode; the pawns c7 and e7 stay
    pos = ATOMIC.position("2n4k/2ppp3/8/8/8/8/8/3QK3 w - - 0 1")
    pos.push("d1d7")
    assert [pos.piece_at(s) for s in ("d1", "d7", "c8")] == [None, None, None]
    assert [pos.piece_at(s) for s in ("c7", "e7")] == ["p", "p"]


def test_003_112_without_a_piece_set_every_piece_explodes() -> None:
    text = (EXAMPLES / "atomic.fbr").read_text().replace("atomic{^P}", "atomic")
    pos = Variant.from_text(text).position("2n4k/2ppp3/8/8/8/8/8/3QK3 w - - 0 1")
    pos.push("d1d7")
    assert [pos.piece_at(s) for s in ("c7", "e7", "c8")] == [None, None, None]


def test_003_112_a_complement_set_spares_every_piece_it_names() -> None:
    text = (EXAMPLES / "atomic.fbr").read_text().replace("atomic{^P}", "atomic{^PN}")
    pos = Variant.from_text(text).position("2n4k/2ppp3/8/8/8/8/8/3QK3 w - - 0 1")
    pos.push("d1d7")
    assert [pos.piece_at(s) for s in ("c7", "e7", "c8", "d7")] == ["p", "p", "n", None]


def test_003_108_touching_royal_pieces_are_not_in_check() -> None:
    # the rook on a4 cannot take the white king: the explosion would take its own king on d5
    fen = "8/8/8/3k4/r2K4/8/8/8 w - - 0 1"
    assert not ATOMIC.position(fen).is_check()
    assert _legal(fen) == _python_chess(fen)


def test_003_108_castling_past_squares_next_to_the_enemy_king() -> None:
    # f1 is attacked by the bishop on h3, but a capture there would explode Black's own king
    fen = "8/8/8/8/8/7b/5k2/4K2R w K - 0 1"
    assert "e1g1" in _legal(fen)
    assert _legal(fen) == _python_chess(fen)


def test_the_expansion_royal_expose_atomic_may_leave_the_king_attacked() -> None:
    """``royal=expose atomic`` is the page's expansion (003:100-104): a royal piece may be left
    attacked (003:928), and a capture exploding one's own royal piece is still illegal (003:108)."""
    text = (EXAMPLES / "atomic.fbr").read_text().replace("\nroyal ", "\nroyal=expose ")
    exposed = Variant.from_text(text)
    fen = "4k3/3p4/8/8/4r3/8/3p4/3QK3 w - - 0 1"
    assert "d1c2" in _legal(fen, exposed) and "d1c2" not in _legal(fen)
    assert "e1d2" not in _legal(fen, exposed) and "d1d2" not in _legal(fen, exposed)
    pos = exposed.position(fen)
    pos.push("d1c2")
    pos.push("e4e1")  # the rook takes the king: both explode
    assert pos.outcome() == Outcome(1, "explosion")


def test_atomic_with_a_holding_is_refused() -> None:
    text = (EXAMPLES / "atomic.fbr").read_text().replace("atomic{^P}", "atomic{^P} holding")
    with pytest.raises(VariantError) as err:
        Variant.from_text(text)
    found = [d for d in err.value.diagnostics if d.code == "VAR201"]
    assert found and found[0].span is not None
    assert text[found[0].span.offset :].startswith("atomic")


def test_a_colour_sensitive_set_is_refused() -> None:
    text = (EXAMPLES / "atomic.fbr").read_text().replace("atomic{^P}", "atomic{!^P}")
    assert not [d for d in fbr.check(text) if d.severity.name == "ERROR"]
    with pytest.raises(VariantError) as err:
        Variant.from_text(text)
    assert err.value.diagnostics[0].code == "VAR203"


# -- python-chess along random games -----------------------------------------------------------------


def _random_games(games: int, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(games):
        board = chess.variant.AtomicBoard()
        pos = ATOMIC.start()
        for _ in range(150):
            ours = sorted(m.text for m in pos.legal_moves())
            assert ours == sorted(m.uci() for m in board.legal_moves), board.fen()
            assert pos.fen().split()[:4] == board.fen(en_passant="xfen").split()[:4], board.fen()
            if board.is_variant_end():
                outcome = pos.outcome()
                assert outcome is not None and outcome.reason == "explosion", board.fen()
                assert outcome.winner == (0 if board.is_variant_win() == (board.turn == chess.WHITE) else 1)
            if not ours:
                break
            # captures half of the time, to reach explosions next to the kings sooner
            captures = [m for m in ours if board.is_capture(chess.Move.from_uci(m))]
            mv = rnd.choice(captures if captures and rnd.random() < 0.5 else ours)
            pos.push(mv)
            board.push_uci(mv)


def test_random_games_match_python_chess() -> None:
    _random_games(8, seed=5)


@pytest.mark.slow
def test_random_games_match_python_chess_200() -> None:
    _random_games(200, seed=6)


# -- invariants --------------------------------------------------------------------------------------

EXAMPLES_OF_THE_RULES = ["atomic", "nocheckatomic", "giveaway", "perfect"]


def _invariants(name: str, games: int, plies: int, seed: int) -> None:
    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    rnd = random.Random(seed)
    for _ in range(games):
        pos = variant.start()
        trail = []
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves:
                break
            trail.append((pos.feen(), pos.zobrist()))
            assert variant.position(pos.feen()) == pos
            assert pos.zobrist_full() == pos.zobrist()
            captures = [m for m in moves if m.code & (1 << 34)]
            pos.push(rnd.choice(captures if captures and rnd.random() < 0.5 else moves))
        while trail:
            pos.pop()
            assert (pos.feen(), pos.zobrist()) == trail.pop()


@pytest.mark.parametrize("name", EXAMPLES_OF_THE_RULES)
def test_push_pop_and_feen_round_trip(name: str) -> None:
    _invariants(name, 2, 60, seed=7)


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES_OF_THE_RULES)
def test_push_pop_and_feen_round_trip_200_games(name: str) -> None:
    _invariants(name, 200, 40, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES_OF_THE_RULES)
def test_games_and_results_agree_with_fairy_stockfish(name: str) -> None:
    """Along random games to their end (captures preferred: explosions next to the kings), the
    legal moves and the result are Fairy-Stockfish's."""
    pyffish = pytest.importorskip("pyffish")
    from fsf_oracle import SPECS

    spec = SPECS[name]
    variant = Variant.load(EXAMPLES / spec.file)
    start = pyffish.start_fen(spec.fsf)
    rnd = random.Random(3)
    ends = 0
    for _ in range(6):
        pos = variant.start()
        line: list[str] = []
        for _ in range(150):
            ours = sorted(m.text for m in pos.legal_moves())
            assert ours == sorted(pyffish.legal_moves(spec.fsf, start, line)), line
            ended, value = pyffish.is_immediate_game_end(spec.fsf, start, line)
            if ended or not ours:
                value = value if ended else pyffish.game_result(spec.fsf, start, line)
                winner = None if value == 0 else (pos.turn if value > 0 else 1 - pos.turn)
                outcome = pos.outcome()
                assert outcome is not None and outcome.winner == winner, (line, outcome, value)
                ends += 1
                break
            captures = [m for m in ours if pos.parse_move(m).code & (1 << 34)]
            mv = rnd.choice(captures if captures and rnd.random() < 0.6 else ours)
            pos.push(mv)
            line.append(mv)
    assert ends


def test_nocheckatomic_a_king_may_explode_itself_and_both_kings_gone_lose_for_the_mover() -> None:
    """Fairy-Stockfish's nocheckatomic (no royal piece, pieces{K}=extinction): the king takes the
    pawn next to the other king; both explode, and the player who moved loses, as Fairy-Stockfish
    decides it (its value 32000 for the player to move, here Black)."""
    variant = Variant.load(EXAMPLES / "nocheckatomic.fbr")
    pos = variant.position("8/8/8/3k4/3p4/3K4/8/8 w - - 0 1")
    assert "d3d4" in {m.text for m in pos.legal_moves()}
    pos.push("d3d4")
    assert pos.outcome() == Outcome(1, "extinction")
