"""The FBR page's own fairy rules (no engine plays them): positions worked out by hand from the
page's words, the page line in each test's name; each rule changes the move list somewhere and the
result somewhere. python-chess says what orthodox chess does in the same positions (the contrast),
and the invariants of every example hold along random games (push/pop restores FEEN and key, FEEN
parses back to an equal position, conversions keep the number of pieces)."""

from __future__ import annotations

import random
from pathlib import Path

import chess
import pytest

from notation_toolkit.core.errors import ValidationError
from notation_toolkit.variant import Variant, VariantError, perft

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
PIECES = (
    "K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d]"
)


def chess_with(rules: str) -> Variant:
    """Orthodox chess with ``rules`` added."""
    return Variant.from_text(f'boardsize="8x8" royal promotion+[8] {rules} {PIECES}')


def moves(pos: object) -> set[str]:
    return {m.text for m in pos.legal_moves()}  # type: ignore[attr-defined]


def orthodox(fen: str) -> set[str]:
    return {m.uci() for m in chess.Board(fen).legal_moves}


# -- andernach (003:64-72) ----------------------------------------------------------------------------


def test_andernach_003_66_a_bishop_taking_a_knight_becomes_black() -> None:
    pos = chess_with("andernach").position("6n1/8/7k/8/8/8/B7/4K3 w - - 0 1")
    pos.push("a2g8")
    assert pos.piece_at("g8") == "b"
    assert pos.piece_at("e1") == "K^"  # the king is not touched


def test_andernach_003_66_promotion_first_then_the_colour() -> None:
    pos = chess_with("andernach").position("6r1/5P2/8/8/8/4k3/8/4K3 w - - 0 1")
    pos.push("f7g8n")
    assert pos.piece_at("g8") == "n"  # a knight, promoted, then Black's


def test_andernach_003_66_royal_pieces_keep_their_colour() -> None:
    pos = chess_with("andernach").position("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1")
    pos.push("e1d2")
    assert pos.piece_at("d2") == "K^"


def test_andernach_003_66_a_capture_that_converts_against_its_own_king_is_illegal() -> None:
    # Re2xe7: the rook becomes Black's on e7 and attacks e1 down the open file
    fen = "k7/4n3/8/8/8/8/4R3/4K3 w - - 0 1"
    assert "e2e7" in orthodox(fen)
    assert "e2e7" not in moves(chess_with("andernach").position(fen))


def test_andernach_003_66_a_mate_by_capture_is_no_mate() -> None:
    # Rxe8 mates in chess; in Andernach the rook is Black's once it took
    fen = "4r1k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1"
    board = chess.Board(fen)
    board.push_uci("e1e8")
    assert board.is_checkmate()
    pos = chess_with("andernach").position(fen)
    pos.push("e1e8")
    assert pos.piece_at("e8") == "r"
    assert pos.outcome() is None


# -- benedict (003:129-143) -----------------------------------------------------------------------


def test_benedict_003_133_no_move_captures() -> None:
    fen = "4k3/8/8/8/3n4/8/8/3RK3 w - - 0 1"
    assert "d1d4" in orthodox(fen)
    got = moves(chess_with("benedict").position(fen))
    assert "d1d4" not in got and "d1d3" in got


def test_benedict_003_134_the_moved_piece_flips_what_it_attacks_and_only_that() -> None:
    # Rd1-d2 attacks d4 (the first piece up the file) and nothing behind it; the knight on d4,
    # now White's, converts nothing in turn (its b5 and f5 stay Black)
    pos = chess_with("benedict").position("4k3/3r4/8/1p3p2/3n4/8/8/3RK3 w - - 0 1")
    pos.push("d1d2")
    assert pos.piece_at("d4") == "N"
    assert pos.piece_at("d7") == "r"
    assert pos.piece_at("b5") == "p" and pos.piece_at("f5") == "p"


def test_benedict_003_135_flipping_the_king_wins() -> None:
    pos = chess_with("benedict").position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    pos.push("a1a8")
    assert pos.piece_at("e8") == "K^"
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "flipped"


def test_benedict_003_143_a_king_may_stand_attacked() -> None:
    # no check (the expansion's royal pieces=capture(0)): Ke1-d2 next to the rook's file is legal,
    # and a king attacked is not checkmated
    fen = "4k3/8/8/8/8/8/8/3r1K2 w - - 0 1"
    assert "f1e1" not in orthodox(fen)
    pos = chess_with("benedict").position(fen)
    assert "f1e1" in moves(pos)
    assert not pos.is_check()


def test_benedict_castling_does_not_end_on_an_attacked_square() -> None:
    # no check, yet castling keeps its conditions: the knight on h6 attacks g8 (f7 is passed by
    # nothing); the rook may go to g8 on its own
    pos = Variant.load(EXAMPLES / "benedict.fbr").position(
        "r1b1k2r/pppp1ppp/n3p1qN/2b5/3p4/1P3PKP/P1PQP1P1/RNB2BNR b kq - 6 7"
    )
    got = moves(pos)
    assert "e8g8" not in got and "h8g8" in got


def test_benedict_needs_a_king_to_flip() -> None:
    with pytest.raises(VariantError) as err:
        Variant.from_text(f'boardsize="8x8" benedict {PIECES}')
    assert [d.code for d in err.value.diagnostics] == ["VAR203"]


def test_benedict_003_134_1_e4_d5_converts_e4() -> None:
    pos = Variant.load(EXAMPLES / "benedict.fbr").start()
    pos.push("e2e4")
    pos.push("d7d5")
    assert pos.piece_at("e4") == "p"


# -- nonrepeating (003:528-540) -------------------------------------------------------------------

CHECKED = "7k/8/8/8/8/8/7r/1K6 b - - 0 1"  # 1...Rh1+ 2.Kb2 Rh2+: Kb1 would bring the start back


def _checked(rules: str) -> object:
    pos = chess_with(rules).position(CHECKED)
    for mv in ("h2h1", "b1b2", "h1h2"):
        pos.push(mv)
    return pos


def test_nonrepeating_003_530_a_move_may_not_bring_back_a_position() -> None:
    pos = _checked("nonrepeating")
    got = moves(pos)
    assert "b2b1" not in got and "b2a1" in got
    assert "b2b1" in moves(_checked(""))


def test_nonrepeating_003_534_check_exempts_a_side_in_check() -> None:
    assert "b2b1" in moves(_checked("nonrepeating=check"))


def test_nonrepeating_003_530_only_moves_of_the_pieces_named() -> None:
    assert "b2b1" in moves(_checked("nonrepeating{R}"))
    assert "b2b1" not in moves(_checked("nonrepeating{K}"))


def test_nonrepeating_003_538_never_repeats_a_board_with_either_side_to_move() -> None:
    # the queen's triangle a1-a3-c1-a1 against the king's h5-h4-h5 brings the start board back
    # with Black to move: forbidden with never only
    def after(rules: str) -> object:
        pos = chess_with(rules).position("8/8/8/7k/8/8/8/Q3K3 w - - 0 1")
        for mv in ("a1a3", "h5h4", "a3c1", "h4h5"):
            pos.push(mv)
        return pos

    assert "c1a1" in moves(after("nonrepeating"))
    assert "c1a1" not in moves(after("nonrepeating=never"))


SHUTTLE = ("h2h1", "a1a2", "h1h2", "a2b1", "h2h1", "b1b2", "h1h2")
"""1...Rh1+ 2.Ka2 Rh2+ 3.Kb1 Rh1+ 4.Kb2 Rh2+ (each White move the only new one of its kind)."""


def test_nonrepeating_003_530_evasions_that_repeat_are_gone() -> None:
    # Ka1 brings back the start (Black to move), Kb1 the position after 3.Kb1
    fen = "7k/8/8/8/8/8/7r/K7 b - - 0 1"
    pos = chess_with("nonrepeating").position(fen)
    board = chess.Board(fen)
    for mv in SHUTTLE:
        pos.push(mv)
        board.push_uci(mv)
    assert pos.is_check()
    assert moves(pos) == {"b2c1", "b2a3", "b2b3", "b2c3"}
    assert {"b2a1", "b2b1"} <= {m.uci() for m in board.legal_moves}


def test_nonrepeating_003_530_no_move_left_in_check_is_checkmate() -> None:
    # the rooks on c8 and g3 take c1 and the third rank too: every evasion repeats
    pos = chess_with("nonrepeating").position("2r4k/8/8/8/8/6r1/7r/K7 b - - 0 1")
    for mv in SHUTTLE:
        pos.push(mv)
    assert pos.is_check() and not moves(pos)
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"


# -- diagonals (003:221-231) ----------------------------------------------------------------------


def test_diagonals_003_227_dark_only_the_dark_diagonals_move() -> None:
    # c1 is dark, f1 light: the bishop on f1 has no move, the queen on d1 (light) moves straight
    fen = "4k3/8/8/8/8/8/8/2BQKB2 w - - 0 1"
    pos = chess_with("diagonals=dark").position(fen)
    got = moves(pos)
    assert not {m for m in got if m.startswith("f1")}
    assert {m for m in got if m.startswith("c1")} == {m for m in orthodox(fen) if m.startswith("c1")}
    assert {m for m in got if m.startswith("d1")} == {f"d1d{r}" for r in range(2, 9)}


def test_diagonals_003_231_a_bishop_off_the_usable_diagonals_gives_no_check() -> None:
    # b5 is a light square: its bishop checks e8 with light diagonals only, not with dark ones
    fen = "4k1n1/8/8/1B6/8/8/8/4K3 b - - 0 1"
    assert chess.Board(fen).is_check()
    assert chess_with("diagonals=light").position(fen).is_check()
    dark = chess_with("diagonals=dark").position(fen)
    assert not dark.is_check()
    assert "g8f6" in moves(dark) and "g8f6" not in orthodox(fen)


# -- direction (003:253-259) ----------------------------------------------------------------------

DIRECTIONS = "direction<n>[1,2] direction<s>[a2,c2,e2,f2] direction<e>[c-f2] direction<w>[b-e2]"


def test_direction_003_259_a1_moves_north_only() -> None:
    pos = chess_with(DIRECTIONS).position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    assert {m for m in moves(pos) if m.startswith("a1")} == {f"a1a{r}" for r in range(2, 9)}


def test_direction_003_259_e2_moves_orthogonally_only() -> None:
    pos = chess_with(DIRECTIONS).position("4k3/8/8/8/8/8/4Q3/K7 w - - 0 1")
    got = {m[2:] for m in moves(pos) if m.startswith("e2")}
    assert got == {f"e{r}" for r in (1, 3, 4, 5, 6, 7, 8)} | {f"{f}2" for f in "abcdfgh"}


def test_direction_003_255_a_piece_that_may_not_move_there_gives_no_check() -> None:
    # the rook on a1 moves north only: the king on h1 is not in check and may go to g1
    fen = "K7/8/8/8/8/8/8/R6k b - - 0 1"
    assert chess.Board(fen).is_check() and "h1g1" not in orthodox(fen)
    pos = chess_with("direction<n>[1]").position(fen)
    assert not pos.is_check()
    assert "h1g1" in moves(pos)


def test_direction_003_464_black_is_mirrored() -> None:
    # direction<n>[1] holds Black's first rank, rank 8: its rook there moves south only
    pos = chess_with("direction<n>[1]").position("r3k3/8/8/8/8/8/8/4K3 b - - 0 1")
    assert {m for m in moves(pos) if m.startswith("a8")} == {f"a8a{r}" for r in range(1, 8)}


# -- freezer (003:312-350) ------------------------------------------------------------------------

IMMOBILIZER = "royal K=W+F I=mQ #I=cK R=W0 B=F0 N=N"


def variant(rules: str = "freezer#", pieces: str = IMMOBILIZER) -> Variant:
    return Variant.from_text(f'boardsize="8x8" {pieces} {rules}')


def test_freezer_003_326_the_immobilizer_freezes_its_neighbours() -> None:
    # the black immobilizer on d3 freezes the rooks on d2 and e2; the bishop on b1 is free
    pos = variant().position("4k3/8/8/8/8/3i4/3RR3/1B2K3 w - - 0 1")
    got = moves(pos)
    assert not {m for m in got if m[:2] in ("d2", "e2")}
    assert "b1a2" in got


def test_freezer_003_314_a_frozen_piece_gives_no_check() -> None:
    # the rook on e2 would check e8; frozen by the immobilizer on d3 it does not: the immobilizer
    # may leave the e-file (f3 keeps e2 frozen), any move that unfreezes e2 must block the file
    pos = variant().position("4k3/8/8/8/8/3i4/3RR3/4K3 b - - 0 1")
    assert not pos.is_check()
    assert {m for m in moves(pos) if m.startswith("d3")} == {"d3e3", "d3e4", "d3f3"}


def test_freezer_003_314_the_frozen_piece_regains_its_powers() -> None:
    pos = variant().position("4k3/8/8/8/8/3i4/3R4/4K2N b - - 0 1")
    assert not {m for m in moves(pos) if m.startswith("d2")}
    pos.push("d3a6")  # the immobilizer moves away
    pos.push("h1g3")
    assert {m for m in moves(pos) if m.startswith("a6")}  # (Black to move; back to White)
    pos.push("e8f8")
    assert {"d2d8", "d2a2"} <= moves(pos)


def test_freezer_003_328_two_immobilizers_side_by_side_freeze_each_other() -> None:
    pos = variant().position("4k3/8/8/8/8/I7/8/3iK3 w - - 0 1")
    pos.push("a3c1")  # c1 is next to d1: both immobilizers are frozen
    assert not {m for m in moves(pos) if m.startswith("d1")}
    pos.push("e8f8")
    assert not {m for m in moves(pos) if m.startswith("c1")}


def test_freezer_003_314_a_frozen_king_is_mated_by_an_unstoppable_attack() -> None:
    # the white king on e1 is frozen by the immobilizer on e2 (a piece that does not capture:
    # no check from it); the rook on a1 checks, nothing takes it or blocks: mate, with the
    # king's flight squares d1, f1 ... empty
    fen = "4k3/8/8/8/8/8/4i3/r3K3 w - - 0 1"
    pos = variant().position(fen)
    assert pos.is_check() and not moves(pos)
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"


def test_freezer_003_336_attackers_two_pawns_freeze_the_superpawn() -> None:
    pieces = "royal K=W+F S=K P=mW+cF *P=cW"
    one = variant("freezer{S}*=(2)", pieces).position("4k3/8/8/8/3Sp3/8/8/4K3 w - - 0 1")
    assert {m for m in moves(one) if m.startswith("d4")}
    two = variant("freezer{S}*=(2)", pieces).position("4k3/8/8/3p4/3Sp3/8/8/4K3 w - - 0 1")
    assert not {m for m in moves(two) if m.startswith("d4")}
    # the piece set: only the superpawn can be frozen, a king between two pawns is not
    king = variant("freezer{S}*=(2)", pieces).position("4k3/8/8/8/8/8/3p4/3pK3 w - - 0 1")
    assert {m for m in moves(king) if m.startswith("e1")}


def test_freezer_003_342_capture_a_frozen_piece_moves_without_capturing() -> None:
    fen = "4k3/8/8/8/8/3i4/3R4/3nK3 w - - 0 1"
    got = moves(variant("freezer#=capture").position(fen))
    assert "d2a2" in got and "d2d1" not in got
    assert not moves(variant().position(fen)) & {"d2a2", "d2d1"}


def test_freezer_003_350_move_a_frozen_piece_only_captures_and_still_checks() -> None:
    fen = "8/8/8/8/8/3i4/3R3k/3nK3 w - - 0 1"  # the rook checks h2 along its rank
    got = moves(variant("freezer#=move").position(fen))
    assert "d2d1" in got and "d2a2" not in got
    assert variant("freezer#=move").position(fen.replace(" w ", " b ")).is_check()


def test_freezer_003_346_checking_a_frozen_piece_still_checks() -> None:
    fen = "8/8/8/8/8/3i4/3R3k/4K3 b - - 0 1"
    assert not variant().position(fen).is_check()
    assert variant("freezer#=checking").position(fen).is_check()


def test_freezer_003_358_single_two_chameleons_next_to_an_immobilizer_are_free() -> None:
    # freezer#=single{X}: the immobilizer on d3 freezes one X, not two; the rook stays frozen
    pieces = "royal K=W+F I=mQ #I=cK X=mQ R=W0"
    one = variant("freezer#=single{X}", pieces).position("4k3/8/8/8/8/2Xi4/3R4/4K3 w - - 0 1")
    assert not {m for m in moves(one) if m[:2] in ("c3", "d2")}
    two = variant("freezer#=single{X}", pieces).position("4k3/8/8/8/8/2XiX3/3R4/4K3 w - - 0 1")
    got = moves(two)
    assert {m for m in got if m.startswith("c3")} and {m for m in got if m.startswith("e3")}
    assert not {m for m in got if m.startswith("d2")}
    assert not {m for m in moves(variant("freezer#", pieces).position(two.feen())) if m[:2] in ("c3", "e3")}


def test_freezer_zones_belong_to_pieces() -> None:
    with pytest.raises(ValidationError) as err:
        variant("freezer#", "royal K=W+F I=mQ")
    assert [d.code for d in err.value.diagnostics] == ["FBR301"]  # no zone at all
    with pytest.raises(VariantError) as err:
        variant("freezer#", "royal K=W+F I=mQ #J=cK")
    assert [d.code for d in err.value.diagnostics] == ["VAR203"]  # the zone of no piece


# -- protector (003:880-892) ----------------------------------------------------------------------

SHIELD = "royal protector* K=W+F S=mQ *S=cK R=W0 B=F0 N=N"


def test_protector_003_882_a_protected_piece_cannot_be_captured() -> None:
    # the shield on d3 protects the rook on e2 (its neighbour), not itself
    fen = "k7/8/8/8/8/3Sr3/4R3/4K3 b - - 0 1"
    got = moves(Variant.from_text(f'boardsize="8x8" {SHIELD}').position(fen))
    assert "e3d3" in got and "e3e2" not in got
    assert "e3e2" in orthodox(fen.replace("S", "Q"))


def test_protector_003_882_a_protected_king_cannot_be_checked() -> None:
    # the rook on e7 attacks e1 and e2: the shield on d2 covers both, so the king is not in check
    # and may step to e2
    fen = "4k3/4r3/8/8/8/8/3S4/4K3 w - - 0 1"
    pos = Variant.from_text(f'boardsize="8x8" {SHIELD}').position(fen)
    assert not pos.is_check()
    assert "e1e2" in moves(pos)
    assert "e1e2" not in orthodox(fen.replace("S", "B"))


def test_protector_003_882_protection_ends_when_the_protector_leaves() -> None:
    variant = Variant.from_text(f'boardsize="8x8" {SHIELD}')
    assert "e8e2" not in moves(variant.position("k3r3/8/8/8/8/3S4/4R3/K7 b - - 0 1"))
    pos = variant.position("k3r3/8/8/8/8/3S4/4R3/K7 w - - 0 1")
    pos.push("d3a6")
    assert "e8e2" in moves(pos)


def test_protector_003_888_a_frozen_protector_protects_when_its_rule_comes_first() -> None:
    # the shield on d3 is frozen by the black immobilizer on c4; it protects the rook on e2
    # with protector*<1> freezer#<2> (003:888), not with protector*<2> freezer#<1> (003:892)
    pieces = "royal K=W+F I=mQ #I=cK S=mQ *S=cK R=W0"
    fen = "k7/8/8/8/2i5/3Sr3/4R3/4K3 b - - 0 1"
    first = Variant.from_text(f'boardsize="8x8" protector*<1> freezer#<2> {pieces}').position(fen)
    second = Variant.from_text(f'boardsize="8x8" protector*<2> freezer#<1> {pieces}').position(fen)
    assert "e3e2" not in moves(first)
    assert "e3e2" in moves(second)


def test_burner_003_175_a_frozen_burner_burns_when_its_rule_comes_first() -> None:
    pieces = "royal K=W+F I=mQ #I=cK D=mQ *D=cK R=W0"
    fen = "k7/8/8/8/2I5/3d4/8/2R1K3 w - - 0 1"  # the demon on d3 is frozen by c4's immobilizer
    for rules, burnt in (("burner*<1> freezer#<2>", True), ("burner*<2> freezer#<1>", False)):
        pos = Variant.from_text(f'boardsize="8x8" {rules} {pieces}').position(fen)
        pos.push("c1c2")
        assert (pos.piece_at("c2") is None) is burnt, rules


# -- burner (003:161-175) -------------------------------------------------------------------------

DEMON = "royal burner# K=W+F D=mQ #D=cK R=W0 B=F0 N=N"


def test_burner_003_163_a_piece_stopping_next_to_the_demon_is_burnt() -> None:
    pos = Variant.from_text(f'boardsize="8x8" {DEMON}').position("4k3/8/8/8/8/3d4/8/2R1K3 w - - 0 1")
    pos.push("c1c2")
    assert pos.piece_at("c2") is None and pos.piece_at("d3") == "d"


def test_burner_003_163_after_making_its_capture() -> None:
    # the rook takes the knight on c3, then burns: both gone
    pos = Variant.from_text(f'boardsize="8x8" {DEMON}').position("4k3/8/8/8/8/2nd4/8/2R1K3 w - - 0 1")
    pos.push("c1c3")
    assert pos.piece_at("c3") is None and pos.piece_at("c1") is None


def test_burner_003_171_a_burnt_king_loses() -> None:
    pos = Variant.from_text(f'boardsize="8x8" {DEMON}').position("4k3/8/8/8/8/3d4/8/4K3 w - - 0 1")
    pos.push("e1e2")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "burnt"


def test_burner_003_173_the_piece_set_restricts_what_burns() -> None:
    rules = DEMON.replace("burner#", "burner#{N}")
    pos = Variant.from_text(f'boardsize="8x8" {rules}').position("4k3/8/8/8/8/3d4/8/2R1K3 w - - 0 1")
    pos.push("c1c2")
    assert pos.piece_at("c2") == "R"


def test_burner_a_burnt_piece_that_uncovers_its_king_is_illegal() -> None:
    # Rxe3 would burn the rook (next to d3... d4) and open the file from e8's rook to e1
    fen = "k3r3/8/8/3d4/4n3/8/4R3/4K3 w - - 0 1"
    pos = Variant.from_text(f'boardsize="8x8" {DEMON}').position(fen)
    assert "e2e4" not in moves(pos)
    assert "e2e4" in orthodox(fen.replace("d", "b"))


# -- magnetic (003:454-460) -----------------------------------------------------------------------


def magnetic() -> Variant:
    return Variant.load(EXAMPLES / "magnetic.fbr")


def test_magnetic_003_459_the_nearest_enemy_comes_the_nearest_friend_goes() -> None:
    # Rd1-d4: the knight on d7 (nearest up the file, Black) comes to d5; the bishop on g4 (nearest
    # along the rank, White) goes to h4; the king on a4 (nearest the other way) blocks
    pos = magnetic().position("4k3/3n4/8/8/K5B1/8/8/3R4 w - - 0 1")
    pos.push("d1d4")
    assert pos.piece_at("d5") == "n" and pos.piece_at("d7") is None
    assert pos.piece_at("h4") == "B" and pos.piece_at("g4") is None
    assert pos.piece_at("a4") == "K^"


def test_magnetic_003_459_royal_pieces_neither_move_nor_are_moved() -> None:
    pos = magnetic().position("4k3/8/8/3n4/8/8/8/3K4 w - - 0 1")
    pos.push("d1d2")  # a king does not attract: the knight up the file stays on d5
    assert pos.piece_at("d5") == "n"
    pos = magnetic().position("2n1k3/8/8/2K5/8/8/R7/8 w - - 0 1")
    pos.push("a2c2")  # up the c-file the king is nearest: it blocks the field, c8 stays
    assert pos.piece_at("c8") == "n" and pos.piece_at("c5") == "K^"
    pos = magnetic().position("2n1k3/8/8/8/8/8/R7/K7 w - - 0 1")
    pos.push("a2c2")  # (without the king the knight comes to c3)
    assert pos.piece_at("c3") == "n"


def test_magnetic_003_460_castling_acts_by_the_rook() -> None:
    # O-O: the rook on f1 draws the knight from f5 to f2 (the king on g1 neither acts nor blocks f)
    pos = magnetic().position("4k3/8/8/5n2/8/8/8/4K2R w K - 0 1")
    pos.push("e1g1")
    assert pos.piece_at("f2") == "n" and pos.piece_at("f5") is None


def test_magnetic_a_piece_drawn_onto_the_en_passant_square_ends_the_capture() -> None:
    # f2-f4 draws Black's rook from f1 to f3, the square the pawn passed: g5 cannot take on f3
    start = "4k3/8/8/6p1/8/8/5P2/K4r2 w - - 0 1"
    variant = magnetic()
    pos = variant.position(start)
    pos.push("f2f4")
    assert pos.piece_at("f3") == "r"
    assert "g5f3" not in moves(pos) and "g5f4" in moves(pos)
    again = variant.position(pos.feen())
    assert again == pos and again.zobrist() == pos.zobrist() == pos.zobrist_full()
    pos.pop()
    assert pos.feen() == variant.position(start).feen()


def test_magnetic_003_459_a_field_that_uncovers_the_own_king_is_illegal() -> None:
    # Rd1-d2 would repel the bishop on e2 to h2 and open e8's rook onto e1
    fen = "k3r3/8/8/8/8/8/4B3/3RK3 w - - 0 1"
    assert "d1d2" in orthodox(fen)
    assert "d1d2" not in moves(magnetic().position(fen))


def test_magnetic_003_459_a_knight_move_that_mates_by_the_field() -> None:
    # Nc3-a4 repels the bishop on e4 to h4: the rook on e1 mates (d7, f7, d8, f8 are Black's own)
    fen = "3rkr2/3p1p2/8/8/4B3/2N5/8/4R1K1 w - - 0 1"
    board = chess.Board(fen)
    board.push_uci("c3a4")
    assert not board.is_check()
    pos = magnetic().position(fen)
    pos.push("c3a4")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "checkmate"


# -- warp (003:1093-1103) and freezer=suicide (003:360-362) --------------------------------------


def test_warp_003_1095_any_piece_but_the_royal_one_leaves_the_board() -> None:
    pos = chess_with("warp").position("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1")
    got = moves(pos)
    assert {"a1a1", "e2e2"} <= got and "e1e1" not in got
    pos.push("a1a1")
    assert pos.piece_at("a1") is None
    assert pos.zobrist() == pos.zobrist_full()


def test_warp_003_1103_start_not_in_the_first_half_moves() -> None:
    pos = chess_with("warp=start(2)").position("4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1")
    assert "a1a1" not in moves(pos)
    pos.push("e1d1")
    pos.push("e8d8")
    assert "a1a1" in moves(pos)


def test_warp_003_1095_a_side_with_a_warp_is_not_stalemated() -> None:
    # Black's king has no move and its pawn is blocked: chess stalemate, but the pawn may warp
    fen = "k7/8/1Q6/7p/7P/8/8/4K3 b - - 0 1"
    assert chess.Board(fen).is_stalemate()
    pos = chess_with("warp").position(fen)
    assert moves(pos) == {"h5h5"}
    assert pos.outcome() is None


def test_warp_with_holding_is_refused() -> None:
    with pytest.raises(VariantError) as err:
        chess_with("holding warp")
    assert [d.code for d in err.value.diagnostics] == ["VAR203"]


def test_freezer_003_362_suicide_a_frozen_piece_may_leave_the_board() -> None:
    fen = "4k3/8/8/8/8/3i4/3RR3/4K2B w - - 0 1"
    got = moves(variant("freezer#=suicide").position(fen))
    assert {"d2d2", "e2e2"} <= got  # frozen: the only thing they may do
    assert "h1h1" not in got and "e1e1" not in got  # not frozen; royal
    assert not {"d2d2", "e2e2"} & moves(variant().position(fen))


# -- the page's words on python-chess: an independent reading of Andernach and Benedict -----------
#
# Each oracle below states a rule from the page on python-chess's board (its pseudo-legal moves,
# attacks and pieces): the variant core and these few lines must agree on every legal move list
# along random games and on perft from the start.


def _flip(board: chess.Board, square: int) -> None:
    piece = board.piece_at(square)
    assert piece is not None
    # BaseBoard's setter keeps the move stack (Board's clears it), so that pop() undoes the flip
    chess.BaseBoard.set_piece_at(board, square, chess.Piece(piece.piece_type, not piece.color))


def andernach_push(board: chess.Board, move: chess.Move) -> None:
    """003:66: the capture, the promotion, then the capturing piece (not a king) changes colour."""
    capture = board.is_capture(move)
    board.push(move)
    piece = board.piece_at(move.to_square)
    if capture and piece is not None and piece.piece_type != chess.KING:
        _flip(board, move.to_square)


def andernach_legal(board: chess.Board) -> list[chess.Move]:
    out = []
    for move in board.pseudo_legal_moves:
        us = board.turn
        andernach_push(board, move)
        king = board.king(us)
        if king is None or not board.is_attacked_by(not us, king):
            out.append(move)
        board.pop()
    return out


def benedict_push(board: chess.Board, move: chess.Move) -> None:
    """003:133-134: the moved piece (both pieces of a castling) flips the enemies it attacks."""
    us = board.turn
    movers = [move.to_square]
    if board.is_castling(move):
        rank = chess.square_rank(move.to_square)
        movers.append(chess.square(5 if chess.square_file(move.to_square) == 6 else 3, rank))
    board.push(move)
    flips = chess.SquareSet()
    for sq in movers:
        flips |= board.attacks(sq) & board.occupied_co[not us]
    for sq in flips:
        _flip(board, sq)


def benedict_legal(board: chess.Board) -> list[chess.Move]:
    if board.king(chess.WHITE) is None or board.king(chess.BLACK) is None:
        return []  # 003:135: a flipped king ends the game
    return [m for m in board.pseudo_legal_moves if not board.is_capture(m)]


def _frozen(board: chess.Board, color: bool) -> int:
    """003:326: the pieces of ``color`` next to an enemy immobilizer (a queen on this board)."""
    out = 0
    for sq in board.pieces(chess.QUEEN, not color):
        out |= chess.BB_KING_ATTACKS[sq]
    return out & board.occupied_co[color]


def _attacked(board: chess.Board, color: bool) -> int:
    """The squares ``color`` attacks: not with its immobilizers (they capture nothing), not with
    its frozen pieces (003:314)."""
    frozen = _frozen(board, color)
    out = 0
    for sq in chess.SquareSet(board.occupied_co[color] & ~frozen & ~board.queens):
        out |= int(board.attacks(sq))
    return out


def immobilizer_legal(board: chess.Board) -> list[chess.Move]:
    us = board.turn
    frozen = _frozen(board, us)
    out = []
    for move in board.pseudo_legal_moves:
        if board.is_castling(move) or frozen >> move.from_square & 1:
            continue
        if board.piece_type_at(move.from_square) == chess.QUEEN and board.is_capture(move):
            continue
        board.push(move)
        king = board.king(us)
        if king is None or not _attacked(board, not us) >> king & 1:
            out.append(move)
        board.pop()
    # castling as orthodox chess has it, with this game's attacks (python-chess's own test counts
    # the immobilizer and frozen pieces as attackers)
    rank = 0 if us == chess.WHITE else 7
    king = chess.square(4, rank)
    attacked = _attacked(board, not us)
    for rook_file, king_to, empty, passed in ((7, 6, (5, 6), (4, 5, 6)), (0, 2, (1, 2, 3), (4, 3, 2))):
        rook = chess.square(rook_file, rank)
        if not board.castling_rights & chess.BB_SQUARES[rook] or board.king(us) != king:
            continue
        if any(board.piece_at(chess.square(f, rank)) for f in empty):
            continue
        if any(attacked >> chess.square(f, rank) & 1 for f in passed) or frozen & (1 << king | 1 << rook):
            continue
        out.append(chess.Move(king, chess.square(king_to, rank)))
    return out


def magnetic_push(board: chess.Board, move: chess.Move) -> None:
    """003:458-460: the moved piece (the rook of a castling) repels the nearest piece of its side
    and attracts the nearest enemy piece, four ways; kings are neutral and block."""
    src = move.to_square
    if board.is_castling(move):
        rank = chess.square_rank(move.to_square)
        src = chess.square(5 if chess.square_file(move.to_square) == 6 else 3, rank)
    board.push(move)
    mover = board.piece_at(src)
    if mover is None or mover.piece_type == chess.KING:
        return
    f0, r0 = chess.square_file(src), chess.square_rank(src)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        f, r = f0 + dx, r0 + dy
        while 0 <= f < 8 and 0 <= r < 8 and board.piece_at(chess.square(f, r)) is None:
            f, r = f + dx, r + dy
        if not (0 <= f < 8 and 0 <= r < 8):
            continue
        near = chess.square(f, r)
        piece = board.piece_at(near)
        assert piece is not None
        if piece.piece_type == chess.KING:
            continue
        if piece.color == mover.color:
            while (
                0 <= f + dx < 8 and 0 <= r + dy < 8 and board.piece_at(chess.square(f + dx, r + dy)) is None
            ):
                f, r = f + dx, r + dy
            dest = chess.square(f, r)
        else:
            dest = chess.square(f0 + dx, r0 + dy)
        if dest != near:
            chess.BaseBoard.remove_piece_at(board, near)
            chess.BaseBoard.set_piece_at(board, dest, piece)
            board.castling_rights &= ~chess.BB_SQUARES[near]


def _plain_attacked(board: chess.Board, color: bool) -> int:
    out = 0
    for sq in chess.SquareSet(board.occupied_co[color]):
        out |= int(board.attacks(sq))
    return out


def magnetic_legal(board: chess.Board) -> list[chess.Move]:
    us = board.turn
    out = []
    # (python-chess also pushes a pawn two squares from its own first rank, where the field can
    # put it: chess has no such pawn; the double step is from the second rank, P=...[2]mefW02)
    second = 1 if us == chess.WHITE else 6
    candidates = [
        m
        for m in board.pseudo_legal_moves
        if not board.is_castling(m)
        and not (
            board.piece_type_at(m.from_square) == chess.PAWN
            and abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) == 2
            and chess.square_rank(m.from_square) != second
        )
    ]
    # castling: not out of check, not through an attacked square (on the board before the move);
    # the destination is tested after the move and its field, like every move
    rank = 0 if us == chess.WHITE else 7
    king = chess.square(4, rank)
    attacked = _plain_attacked(board, not us)
    for rook_file, king_to, empty, passed in ((7, 6, (5, 6), (4, 5)), (0, 2, (1, 2, 3), (4, 3))):
        rook = chess.square(rook_file, rank)
        if not board.castling_rights & chess.BB_SQUARES[rook] or board.king(us) != king:
            continue
        if any(board.piece_at(chess.square(f, rank)) for f in empty):
            continue
        if not any(attacked >> chess.square(f, rank) & 1 for f in passed):
            candidates.append(chess.Move(king, chess.square(king_to, rank)))
    for move in candidates:
        magnetic_push(board, move)
        own = board.king(us)
        if own is None or not _plain_attacked(board, not us) >> own & 1:
            out.append(move)
        board.pop()
    return out


ORACLES = {
    "magnetic.fbr": (magnetic_legal, magnetic_push),
    "immobilizer.fbr": (immobilizer_legal, chess.Board.push),
    "andernach.fbr": (andernach_legal, andernach_push),
    "benedict.fbr": (benedict_legal, benedict_push),
}


def _oracle_perft(board: chess.Board, depth: int, name: str) -> int:
    legal, push = ORACLES[name]
    moves_here = legal(board)
    if depth == 1:
        return len(moves_here)
    total = 0
    for move in moves_here:
        push(board, move)
        total += _oracle_perft(board, depth - 1, name)
        board.pop()
    return total


def _compare_games(name: str, games: int, plies: int, seed: int) -> int:
    legal, push = ORACLES[name]
    variant = Variant.load(EXAMPLES / name)
    rnd = random.Random(seed)
    compared = 0
    for _ in range(games):
        pos = variant.start()
        board = chess.Board()
        for _ in range(plies):
            # (the immobilizer stands where python-chess's queen does: its letter is i)
            ours = sorted(m.text.replace("i", "q") for m in pos.legal_moves())
            theirs = sorted(m.uci() for m in legal(board))
            assert ours == theirs, (pos.fen(), board.fen())
            compared += 1
            if not ours:
                break
            text = rnd.choice(ours)
            pos.push(text[:4] + text[4:].replace("q", "i") if name == "immobilizer.fbr" else text)
            push(board, chess.Move.from_uci(text))
            placement = pos.fen().split(" ")[0].replace("i", "q").replace("I", "Q")
            assert placement == board.fen().split(" ")[0]
    return compared


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_legal_moves_agree_with_the_page_on_python_chess(name: str) -> None:
    assert _compare_games(name, games=3, plies=60, seed=11) > 60


@pytest.mark.parametrize("name", sorted(ORACLES))
def test_perft_3_agrees_with_the_page_on_python_chess(name: str) -> None:
    assert perft(Variant.load(EXAMPLES / name).start(), 3) == _oracle_perft(chess.Board(), 3, name)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(ORACLES))
def test_legal_moves_and_perft_4_agree_over_many_games(name: str) -> None:
    assert _compare_games(name, games=60, plies=120, seed=2026) > 1000
    assert perft(Variant.load(EXAMPLES / name).start(), 4) == _oracle_perft(chess.Board(), 4, name)


# -- invariants along random games ----------------------------------------------------------------

RULE_FILES = ["andernach.fbr", "benedict.fbr", "immobilizer.fbr", "magnetic.fbr"]


def _play(variant: Variant, games: int, plies: int, seed: int, conserve: bool) -> int:
    rnd = random.Random(seed)
    checked = 0
    for _ in range(games):
        pos = variant.start()
        for _ in range(plies):
            if pos.outcome() is not None:
                break
            legal = pos.legal_moves()
            before, key = pos.feen(), pos.zobrist()
            count = sum(1 for c in pos.board if c >= 0)
            mv = rnd.choice(legal)
            pos.push(mv)
            after = pos.feen()
            again = variant.position(after)
            assert again == pos and again.feen() == after, after
            assert again.zobrist() == pos.zobrist() == pos.zobrist_full(), after
            if conserve:  # a conversion changes a piece's side, never the number of pieces
                assert sum(1 for c in pos.board if c >= 0) == count
            pos.pop()
            assert pos.feen() == before and pos.zobrist() == key
            pos.push(mv)
            checked += 1
    return checked


ZONE_CHESS = {
    # orthodox chess whose queens protect (a shield) or burn (a demon) their neighbours
    "protector": "protector* S=R+B *S=cK",
    "burner": "burner# S=R+B #S=cK",
}


@pytest.mark.parametrize("rule", sorted(ZONE_CHESS))
def test_invariants_along_random_games_with_zones(rule: str) -> None:
    pieces = PIECES.replace("+P==QRBN", "+P==SRBN")
    text = (
        'boardsize="8x8" startposition="-rnbs-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBS-K^BN-R / C/c" '
        f"royal promotion+[8] {ZONE_CHESS[rule]} {pieces}"
    )
    assert _play(Variant.from_text(text), games=3, plies=60, seed=5, conserve=False) > 0


@pytest.mark.parametrize("name", RULE_FILES)
def test_invariants_along_random_games(name: str) -> None:
    assert (
        _play(Variant.load(EXAMPLES / name), games=2, plies=40, seed=7, conserve=name == "benedict.fbr") > 0
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", RULE_FILES)
def test_invariants_along_200_random_games(name: str) -> None:
    assert _play(
        Variant.load(EXAMPLES / name), games=200, plies=80, seed=2026, conserve=name == "benedict.fbr"
    )
