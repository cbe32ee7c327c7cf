"""Win and draw conditions: ``hill`` with a piece set, ``balance`` and ``fill``; the results of
``pieces`` (extinction, morethan, draw, win); ``loss``, ``draw`` and ``win`` about repetition and
stalemate; ``royal=checkmated``.

Positions are worked out by hand from the page's words (the page line is in each test's name);
where Fairy-Stockfish plays the rule, the slow test at the end also asks it (pyffish) for the
results along random games of the example variants.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation_toolkit.core.errors import NotationError
from notation_toolkit.variant import Variant
from notation_toolkit.variant.rules import Outcome

CHESS_PIECES = "K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN"
EXAMPLES = str(Path(__file__).resolve().parents[2] / "examples" / "variants") + "/"


def _variant(rules: str, pieces: str = CHESS_PIECES) -> Variant:
    return Variant.from_text(f'boardsize="8x8" {rules} {pieces}')


def _play(variant: Variant, fen: str, *moves: str) -> object:
    pos = variant.position(fen)
    for mv in moves:
        pos.push(mv)
    return pos


# -- hill -------------------------------------------------------------------------------------------


def test_003_380_hill_with_a_piece_set_counts_those_pieces_only() -> None:
    variant = _variant("royal hill{Q}[d-e4-5]")
    pos = variant.position("7k/8/8/Q7/8/3K4/8/8 w - - 0 1")
    pos.push("d3d4")  # the royal piece on the hill: no result, it is not in the set
    assert pos.outcome() is None
    pos.push("h8g8")
    pos.push("a5d5")  # the queen entered the hill: White wins
    assert pos.outcome() == Outcome(0, "hill")
    assert pos.legal_moves() == []


def test_003_380_breakthrough_a_piece_on_the_far_rank_wins_for_either_side() -> None:
    variant = Variant.load(EXAMPLES + "breakthrough.fbr")
    pos = variant.position("8/P7/8/8/8/8/7p/8 w - - 0 1")
    pos.push("a7a8")
    assert pos.outcome() == Outcome(0, "hill")
    pos = variant.position("8/P7/8/8/8/8/7p/8 b - - 0 1")
    pos.push("h2g1")  # the hill [8] is the first rank for Black (mirrored, 003:464)
    assert pos.outcome() == Outcome(1, "hill")


BALANCE = "royal hill[8]=balance"


def test_003_384_balance_the_second_player_may_only_answer_by_entering_and_then_draws() -> None:
    variant = _variant(BALANCE, "K=W+F")
    pos = variant.position("8/1K6/8/8/8/8/6k1/8 w - - 0 1")
    pos.push("b7b8")
    assert pos.outcome() is None
    # Black's hill is its own far rank, rank 1 (mirrored): only moves entering it remain
    assert sorted(m.text for m in pos.legal_moves()) == ["g2f1", "g2g1", "g2h1"]
    pos.push("g2g1")
    assert pos.outcome() == Outcome(None, "hill")


def test_003_384_balance_the_first_player_wins_when_no_answer_enters() -> None:
    variant = _variant(BALANCE, "K=W+F")
    pos = variant.position("8/1K6/8/8/6k1/8/8/8 w - - 0 1")
    pos.push("b7b8")
    assert pos.outcome() == Outcome(0, "hill")
    assert pos.legal_moves() == []


def test_003_384_balance_the_second_player_entering_first_wins() -> None:
    variant = _variant(BALANCE, "K=W+F")
    pos = variant.position("8/8/1K6/8/8/8/6k1/8 b - - 0 1")
    pos.push("g2g1")
    assert pos.outcome() == Outcome(1, "hill")


def test_003_386_fill_the_range_occupied_by_one_side_wins_it() -> None:
    variant = _variant("royal hill[a-b8]=fill")
    pos = variant.position("8/8/8/7k/8/8/1R6/R3K3 w - - 0 1")
    pos.push("a1a8")
    assert pos.outcome() is None  # b8 still empty
    pos.push("h5h4")
    pos.push("b2b8")
    assert pos.outcome() == Outcome(0, "hill")


def test_003_386_fill_makes_the_hill_a_goal_to_fill_not_a_square_to_enter() -> None:
    variant = _variant("royal hill[a-b8]=fill")
    pos = variant.position("8/K7/8/8/8/8/8/7k w - - 0 1")
    pos.push("a7a8")
    assert pos.outcome() is None


def test_003_386_fill_with_its_own_range_keeps_the_hill() -> None:
    variant = _variant("royal hill[d-e4-5]=fill[a-b8]")
    pos = variant.position("8/8/8/8/2K5/8/8/7k w - - 0 1")
    pos.push("c4d4")
    assert pos.outcome() == Outcome(0, "hill")


def test_003_390_hill_pass_is_refused() -> None:
    with pytest.raises(NotationError) as info:
        _variant("royal hill[d-e4-5]=pass[a-h2]")
    assert "VAR202" in [d.code for d in info.value.diagnostics]


# -- pieces ----------------------------------------------------------------------------------------


def test_003_562_extinction_losing_the_last_piece_of_a_type_loses() -> None:
    variant = _variant("pieces{KQ}=extinction")
    pos = variant.position("3q3k/8/8/8/8/8/8/3Q3K w - - 0 1")
    assert pos.outcome() is None
    pos.push("d1d8")
    assert pos.outcome() == Outcome(0, "extinction")


def test_003_562_extinction_counts_pieces_in_hand() -> None:
    variant = _variant("holding pieces{Q}=extinction")
    pos = variant.position("3q3k/8/8/8/8/8/8/3Q3K w - - 0 1")
    pos.push("d1d8")  # White's queen takes Black's only queen: Black has none anywhere
    assert pos.outcome() == Outcome(0, "extinction")
    pos = variant.position("3q3k/8/8/8/8/8/8/3Q3K[q] w - - 0 1")
    pos.push("d1d8")  # the queen in Black's hand keeps Black alive (FEN pockets: lower case Black's)
    assert pos.outcome() is None


def test_003_562_extinction_without_a_set_means_every_piece_type() -> None:
    variant = _variant("pieces=extinction", "K=W+F N=N")
    pos = variant.position("7k/8/8/8/8/8/8/N6K w - - 0 1")
    assert pos.outcome() == Outcome(0, "extinction")  # Black has no knight


def test_003_590_morethan_three_kings_capturing_one_king_wins() -> None:
    variant = Variant.load(EXAMPLES + "threekings.fbr")
    pos = variant.position("k3k2k/8/8/8/8/8/8/K2QK2K w - - 0 1")
    assert pos.outcome() is None
    pos.push("d1d8")
    assert pos.outcome() is None
    pos.push("e8d8")  # Black's king takes the queen
    pos.push("h1g1")
    assert pos.outcome() is None
    pos = variant.position("k3k2k/8/8/8/8/8/8/K2QK2K w - - 0 1")
    pos.push("d1e2")
    pos.push("e8e7")
    pos.push("e2e7")  # a king captured: two or fewer left (003:590)
    assert pos.outcome() == Outcome(0, "pieces")


def test_003_590_morethan_horde_white_without_pieces_loses() -> None:
    variant = Variant.load(EXAMPLES + "horde.fbr")
    pos = variant.position("4k3/8/8/8/8/8/3p4/2P5 b - - 0 1")
    assert pos.outcome() is None
    pos.push("d2c1q")
    assert pos.outcome() == Outcome(1, "pieces")


def test_003_558_pieces_draw_only_the_pieces_of_the_set_left() -> None:
    variant = _variant("royal pieces{K}=draw")
    pos = variant.position("8/8/8/8/8/8/8/nK5k w - - 0 1")
    assert pos.outcome() is None
    pos.push("b1a1")
    assert pos.outcome() == Outcome(None, "pieces")


def test_003_642_pieces_win_the_example_kpp() -> None:
    # "Side to move wins as soon as the board contains a white King, and two black pawns, or less"
    variant = _variant("pieces{Kpp}=win")
    assert variant.position("8/p6p/8/8/8/8/8/4K3 b - - 0 1").outcome() == Outcome(1, "pieces")
    assert variant.position("8/p6p/8/8/8/8/8/4K3 w - - 0 1").outcome() == Outcome(0, "pieces")
    assert variant.position("8/8/8/8/8/8/8/4K3 w - - 0 1").outcome() == Outcome(0, "pieces")
    assert variant.position("8/p5pp/8/8/8/8/8/4K3 w - - 0 1").outcome() is None
    assert variant.position("8/p6p/8/8/8/8/8/3QK3 w - - 0 1").outcome() is None


# -- repetition and stalemate -----------------------------------------------------------------------

KNIGHTS = ["g1f3", "g8f6", "f3g1", "f6g8"]


def test_003_446_loss_repetition_the_player_who_repeats_loses() -> None:
    variant = Variant.from_text(
        Path(EXAMPLES, "chess.fbr").read_text().replace("royal ", "royal loss=repetition(3) ", 1)
    )
    pos = variant.start()
    for mv in KNIGHTS * 2:
        assert pos.outcome() is None
        pos.push(mv)
    # the start position with White to move a third time: Black's move repeated it
    assert pos.outcome() == Outcome(0, "repetition")


def test_003_446_loss_repetition_replaces_the_default_draw() -> None:
    chess = Path(EXAMPLES, "chess.fbr").read_text()
    variant = Variant.from_text(chess.replace("royal ", "royal loss=repetition(4) ", 1))
    pos = variant.start()
    for mv in KNIGHTS * 2:
        pos.push(mv)
    assert pos.outcome() is None  # the third time: no draw (003:265 is the default only)
    for mv in KNIGHTS:
        pos.push(mv)
    assert pos.outcome() == Outcome(0, "repetition")
    # a draw rule written in the file stays
    variant = Variant.from_text(chess.replace("royal ", "royal loss=repetition(4) draw=repetition(3) ", 1))
    pos = variant.start()
    for mv in KNIGHTS * 2:
        pos.push(mv)
    assert pos.outcome() == Outcome(None, "repetition")


STALEMATE = "k7/8/1Q6/8/8/8/8/7K b - - 0 1"


@pytest.mark.parametrize(
    ("rule", "winner"),
    [
        ("loss=stalemate", 0),  # 003:450
        ("win=stalemate", 1),  # 003:1113
        ("draw=stalemate", None),  # 003:271
        ("stalemate=loss", 0),  # 003:985
        ("", None),  # 003:979
    ],
)
def test_003_stalemate_results(rule: str, winner: int | None) -> None:
    variant = _variant("royal " + rule)
    assert variant.position(STALEMATE).outcome() == Outcome(winner, "stalemate")


def test_two_results_for_stalemate_are_refused_where_the_second_is_written() -> None:
    text = 'boardsize="8x8" royal stalemate=draw loss=stalemate ' + CHESS_PIECES
    with pytest.raises(NotationError) as info:
        Variant.from_text(text)
    [d] = info.value.diagnostics
    assert d.code == "VAR202" and d.span is not None
    assert text[d.span.offset : d.span.offset + d.span.length] == "stalemate"
    assert d.span.offset > text.index("loss")


def test_stalemate_with_a_count_is_refused() -> None:
    with pytest.raises(NotationError) as info:
        _variant("royal loss=stalemate(2)")
    assert [d.code for d in info.value.diagnostics] == ["VAR202"]


def test_003_924_royal_checkmated_the_checkmated_side_wins() -> None:
    variant = Variant.load(EXAMPLES + "misere.fbr")
    pos = variant.start()
    for mv in ("f2f3", "e7e5", "g2g4", "d8h4"):
        pos.push(mv)
    assert pos.outcome() == Outcome(0, "checkmate")
    chess = Variant.load(EXAMPLES + "chess.fbr").start()
    for mv in ("f2f3", "e7e5", "g2g4", "d8h4"):
        chess.push(mv)
    assert chess.outcome() == Outcome(1, "checkmate")


# -- invariants over random games of the example variants -----------------------------------------

NEW_EXAMPLES = [
    "horde",
    "threekings",
    "misere",
    "breakthrough",
    "foxandhounds",
    "extinction",
    "kinglet",
    "racingkings",
]


def _invariants(name: str, games: int, plies: int, seed: int) -> None:
    variant = Variant.load(EXAMPLES + name + ".fbr")
    rnd = random.Random(seed)
    for _ in range(games):
        pos = variant.start()
        trail = []
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves:
                again = variant.position(pos.fen())
                assert again.outcome() == pos.outcome()
                break
            trail.append((pos.feen(), pos.zobrist()))
            assert variant.position(pos.feen()) == pos
            assert pos.zobrist_full() == pos.zobrist()
            # the result does not depend on the history (repetitions aside): FEN keeps it
            outcome = pos.outcome()
            if outcome is None or outcome.reason != "repetition":
                assert variant.position(pos.fen()).outcome() == outcome
            pos.push(rnd.choice(moves))
        while trail:
            pos.pop()
            assert (pos.feen(), pos.zobrist()) == trail.pop()


@pytest.mark.parametrize("name", NEW_EXAMPLES)
def test_push_pop_and_feen_round_trip(name: str) -> None:
    _invariants(name, 2, 60, seed=7)


@pytest.mark.slow
@pytest.mark.parametrize("name", NEW_EXAMPLES)
def test_push_pop_and_feen_round_trip_200_games(name: str) -> None:
    _invariants(name, 200, 40, seed=11)


@pytest.mark.slow
@pytest.mark.parametrize("name", NEW_EXAMPLES)
def test_results_agree_with_fairy_stockfish(name: str) -> None:
    """Along random games to their end, the legal moves and the result (decided by the last move,
    or with no legal move) are Fairy-Stockfish's."""
    pyffish = pytest.importorskip("pyffish")
    from fsf_oracle import SPECS

    spec = SPECS[name]
    variant = Variant.load(EXAMPLES + spec.file)
    start = pyffish.start_fen(spec.fsf)
    rnd = random.Random(3)
    ends = 0
    for _ in range(8):
        pos = variant.start()
        line: list[str] = []
        for _ in range(200):
            ours = sorted(m.text for m in pos.legal_moves())
            assert ours == sorted(pyffish.legal_moves(spec.fsf, start, line)), line
            ended, value = pyffish.is_immediate_game_end(spec.fsf, start, line)
            if ended or not ours:
                value = value if ended else pyffish.game_result(spec.fsf, start, line)
                # Fairy-Stockfish's value is the player to move's
                winner = None if value == 0 else (pos.turn if value > 0 else 1 - pos.turn)
                outcome = pos.outcome()
                assert outcome is not None and outcome.winner == winner, (line, outcome, value)
                ends += 1
                break
            mv = rnd.choice(pos.legal_moves())
            line.append(mv.text)
            pos.push(mv)
    assert ends >= 1  # (misère games rarely end in 200 random plies: its result is hand-worked above too)


# -- mirror: the zones of the second player ---------------------------------------------------------


def test_003_466_no_mirror_the_same_hill_and_moves_for_both_players() -> None:
    variant = _variant("royal !mirror hill[8]", "K=W+F P=mfW")
    pos = variant.position("8/2k5/8/8/8/8/4p3/4K3 b - - 0 1")
    assert "e2e3" in [m.text for m in pos.legal_moves()]  # Black's pawn steps up the board too
    pos.push("c7c8")  # rank 8 is Black's hill as well
    assert pos.outcome() == Outcome(1, "hill")


def test_003_464_mirror_vertical_horizontal_turns_the_zones_round_the_centre() -> None:
    variant = _variant("royal mirror=vertical,horizontal hill[a1]", "K=W+F")
    pos = variant.position("8/6k1/8/8/8/8/8/1K6 b - - 0 1")
    pos.push("g7g6")
    pos.push("b1a1")  # White's hill a1
    assert pos.outcome() == Outcome(0, "hill")
    pos = variant.position("6k1/8/8/8/8/8/8/2K5 b - - 0 1")
    pos.push("g8h8")  # Black's hill is h8, a1 turned round the centre
    assert pos.outcome() == Outcome(1, "hill")


def test_mirror_other_than_vertical_with_castling_is_refused() -> None:
    text = 'boardsize="8x8" royal !mirror ' + CHESS_PIECES + " O-O=[*]isR[g]=isR[f]"
    with pytest.raises(NotationError) as info:
        Variant.from_text(text)
    assert [d.code for d in info.value.diagnostics] == ["VAR203"]


# -- the example variants of Fairy-Stockfish's built-ins that these rules open ---------------------


def test_003_562_extinction_chess_losing_the_last_knight_loses() -> None:
    variant = Variant.load(EXAMPLES + "extinction.fbr")
    pos = variant.position("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert pos.outcome() is None  # one black knight left
    pos = variant.position("r1bqkbnr/pppppppp/5N2/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
    pos.push("f6g8")
    assert pos.outcome() == Outcome(0, "extinction")


def test_003_562_kinglet_the_king_is_an_ordinary_piece_the_pawns_decide() -> None:
    variant = Variant.load(EXAMPLES + "kinglet.fbr")
    pos = variant.position("4k3/p7/8/8/8/8/7P/4K2q w - - 0 1")
    assert not pos.is_check()
    assert "e1f1" in [m.text for m in pos.legal_moves()]  # next to the queen: there is no check
    pos.push("e1d2")
    pos.push("h1h2")  # White's last pawn taken
    assert pos.outcome() == Outcome(1, "extinction")


def test_003_961_racing_kings_no_move_gives_check() -> None:
    variant = Variant.load(EXAMPLES + "racingkings.fbr")
    pos = variant.position("8/8/8/8/8/1k6/8/R6K w - - 0 1")
    assert "a1a3" not in [m.text for m in pos.legal_moves()]
    assert "a1a2" in [m.text for m in pos.legal_moves()]


def test_003_384_racing_kings_balance_against_fairy_stockfish_flag_move() -> None:
    """White's king reaches rank 8 first: Black may only answer by reaching it too, which draws
    (003:384); Fairy-Stockfish offers every move, and any other loses."""
    pyffish = pytest.importorskip("pyffish")
    variant = Variant.load(EXAMPLES + "racingkings.fbr")
    fen = "8/1K4k1/8/8/8/8/8/8 w - - 0 1"
    pos = variant.position(fen)
    pos.push("b7b8")
    ours = sorted(m.text for m in pos.legal_moves())
    theirs = sorted(pyffish.legal_moves("racingkings", fen, ["b7b8"]))
    assert ours == ["g7f8", "g7g8", "g7h8"]
    assert set(ours) < set(theirs)
    for mv in theirs:
        ended, value = pyffish.is_immediate_game_end("racingkings", fen, ["b7b8", mv])
        # Fairy-Stockfish's value is the player to move's (White's)
        assert ended and (value == 0) == (mv in ours) and (value > 0 or mv in ours)
    pos.push("g7g8")
    assert pos.outcome() == Outcome(None, "hill")


def test_003_989_stalemate_skip_the_stalemated_player_passes() -> None:
    variant = _variant("royal stalemate=skip")
    pos = variant.position(STALEMATE)
    assert [m.text for m in pos.legal_moves()] == ["pass"]
    assert pos.outcome() is None
    pos.push("pass")
    assert pos.turn == 0 and pos.outcome() is None
    pos.push("b6d6")  # the queen steps away: Black can move again
    assert "pass" not in [m.text for m in pos.legal_moves()]
    pos.pop()
    pos.pop()
    assert pos.feen() == variant.position(STALEMATE).feen()


def test_003_989_stalemate_skip_is_no_escape_from_checkmate() -> None:
    variant = _variant("royal stalemate=skip")
    pos = variant.position("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1")
    assert pos.legal_moves() == []
    assert pos.outcome() == Outcome(0, "checkmate")


# -- royal[range]: the royal piece is the one nearest to the range ----------------------------------


def test_003_902_royal_range_only_the_nearest_piece_is_royal() -> None:
    variant = _variant("royal{K}[e1]", "K=W+F R=W0")
    # d1 is nearer to e1 than a5: the rook on a8 attacks an ordinary piece
    pos = variant.position("r6k/8/8/K7/8/8/8/3K4 w - - 0 1")
    assert not pos.is_check()
    pos = variant.position("3r3k/8/8/K7/8/8/8/3K4 w - - 0 1")
    assert pos.is_check()  # the rook on d8 attacks the royal piece d1
    assert all(m.text.startswith("d1") for m in pos.legal_moves())


def test_003_902_royal_range_the_file_distance_prevails_and_the_royal_piece_changes() -> None:
    variant = _variant("royal{K}[e1]", "K=W+F R=W0")
    pos = variant.position("1r5k/8/8/8/8/5K2/8/1K6 w - - 0 1")
    moves = [m.text for m in pos.legal_moves()]
    # f3 (one file from e) is royal, b1 (three files) is not, though on the range's rank
    assert not pos.is_check() and "f3g3" in moves
    # on h3 the king is three files away, as b1, and b1's rank distance is smaller: b1 becomes the
    # royal piece, attacked by the rook on b8, so the move is illegal (003:902 "may change")
    assert "f3h3" not in moves


def test_003_902_royal_range_is_mirrored_for_the_second_player() -> None:
    variant = _variant("royal{K}[e1]", "K=W+F R=W0")
    # Black's range is e8: d8 is royal, a4 is not
    pos = variant.position("3k4/8/8/8/k7/8/8/R6K b - - 0 1")
    assert not pos.is_check()
    pos = variant.position("3k4/8/8/8/k7/8/8/3R3K b - - 0 1")
    assert pos.is_check()


def test_royal_range_with_castling_is_refused() -> None:
    with pytest.raises(NotationError) as info:
        Variant.from_text('boardsize="8x8" royal[e1] ' + CHESS_PIECES + " O-O=[*]isR[g]=isR[f]")
    assert [d.code for d in info.value.diagnostics] == ["VAR203"]
