"""Rule-by-rule behaviour of the game core (R4-R17, F1-F3), each case derived from the rules text."""

from __future__ import annotations

import pytest
from dicechess_testdata import START

from notation_toolkit import dfen
from notation_toolkit.dicechess import Game, Position
from notation_toolkit.dicechess.moves import uci


def move(pos: Position, text: str, *, legal: bool = True) -> None:
    """Play ``text`` on ``pos``; it must be R8-legal (or just pseudo-legal with ``legal=False``)."""
    moves = pos.legal_moves() if legal else pos.generate()
    found = [m for m in moves if uci(m) == text]
    assert found, f"{text} not in {sorted(uci(m) for m in moves)}"
    pos.push(found[0])


def ucis(pos: Position) -> set[str]:
    return {uci(m) for m in pos.legal_moves()}


# ---------------------------------------------------------------- DFEN in/out (F1-F3)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        (START, START + " -"),
        ("4k3/8/8/8/8/8/8/4K3 b - -", "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -"),
        (START + " PNB", START + " PNB"),
        ("4k3/8/8/8/8/8/8/4K3 b - - 3 7 NPB", "4k3/8/8/8/8/8/8/4K3 b - - 3 7 pnb"),
        ("4k3/8/8/8/8/8/8/4K3 b - - 3 7 kpp", "4k3/8/8/8/8/8/8/4K3 b - - 3 7 ppk"),
        ("4k3/8/8/8/8/8/8/4K3 w - e3d6c3 0 1 -", "4k3/8/8/8/8/8/8/4K3 w - c3d6e3 0 1 -"),
    ],
)
def test_dfen_canonical_output(text: str, canonical: str) -> None:
    pos = Position.from_dfen(text, lenient=True)
    assert pos.dfen() == canonical
    assert Position.from_dfen(canonical).dfen() == canonical
    assert dfen.dumps(dfen.parse(text, lenient=True)) == canonical
    assert pos.key == pos.compute_key()


def test_ep_field_is_lexicographic_not_bit_order_mid_turn() -> None:
    # Black's d6 target is live for White's whole turn; White double-pushes e2e4 mid-turn (D1).
    pos = Position.from_dfen("4k3/8/8/3p4/8/8/4P3/4K3 w - d6 0 1 PN")
    move(pos, "e2e4")
    assert pos.dfen().split()[3] == "d6e3"


def test_bad_back_rank_pawn_is_refused() -> None:
    from notation_toolkit.core.errors import NotationError

    with pytest.raises(NotationError) as info:
        Position.from_dfen("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert info.value.code == "DICE002"
    with pytest.raises(NotationError):
        Position.from_dfen("4k3/8/8/8/8/8/8/4K2p w - - 0 1")


def test_final_position_with_a_pawn_that_took_the_king_on_the_last_rank_is_accepted() -> None:
    pos = Position.from_dfen("4P3/8/8/2K5/8/8/8/8 w - - 0 1 N")
    assert pos.is_game_over
    assert pos.legal_moves() == []


# ---------------------------------------------------------------- R4, R5, R7: micro-moves


def test_same_pawn_twice_and_side_does_not_change() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP")
    move(pos, "e2e3")
    assert pos.dfen() == "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1 P"
    move(pos, "e3e4")
    assert pos.dfen() == "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1 -"
    assert pos.legal_moves() == []


def test_no_check_pinned_piece_and_king_into_attack() -> None:
    # The e2 knight is "pinned" by the e8 rook and the king may step next to the enemy rook.
    pos = Position.from_dfen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1 NK")
    moves = ucis(pos)
    assert {"e2c3", "e2g3", "e1d1", "e1f1", "e1d2", "e1f2"} <= moves


# ---------------------------------------------------------------- R8: maximum dice


def test_r8_forces_the_order_that_uses_all_dice() -> None:
    # With P and B, the bishop is stuck until the d2 pawn moves: so only pawn moves that free it
    # (d2d3, d2d4, b2b3 for Ba3... here only d-pawn) or bishop moves are legal first.
    pos = Position.from_dfen("4k3/8/8/8/8/8/3P4/2B1K3 w - - 0 1 PB")
    assert ucis(pos) == {"d2d3", "d2d4", "c1b2", "c1a3"}
    assert pos.lstar() == 2


def test_r8_pass_when_no_die_is_usable() -> None:
    game = Game("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    game.roll("RRB")
    assert game.dfen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -"
    assert [e.kind for e in game.history] == ["roll", "pass"]


def test_r8_leftover_dice_are_discarded() -> None:
    game = Game("4k3/8/8/8/8/8/8/4K2R w - - 0 1")
    game.roll("RBB")
    assert game.legal_moves()
    game.play("h1h2")
    assert game.dfen() == "4k3/8/8/8/8/8/7R/4K3 b - - 1 1 -"


# ---------------------------------------------------------------- R11: end of turn


def test_end_of_turn_r11() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 b - a3c6 5 9 pnb")
    pos.end_turn()
    # White moves next: White's own rank-3 targets go, Black's rank-6 target stays.
    assert pos.dfen() == "4k3/8/8/8/8/8/8/4K3 w - c6 5 10 -"
    assert pos.key == pos.compute_key()
    pos.pop()
    assert pos.dfen() == "4k3/8/8/8/8/8/8/4K3 b - a3c6 5 9 pnb"
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 w - a3c6 5 9 -")
    pos.end_turn()
    assert pos.dfen() == "4k3/8/8/8/8/8/8/4K3 b - a3 5 9 -"


# ---------------------------------------------------------------- R12: promotion


def test_promoted_piece_moves_later_with_its_own_die() -> None:
    game = Game("8/4P3/5K2/8/2k5/8/1P6/8 w - - 0 1", auto_end_turn=True)
    game.roll("PNK")
    assert game.legal_moves().count("e7e8n") == 1
    assert "e7e8q" not in game.legal_moves()  # forced under-promotion (R8)
    game.play("e7e8n")
    assert game.pool == "NK"
    assert {"e8d6", "e8c7", "e8g7"} <= set(game.legal_moves())
    game.play("e8d6")
    game.play("f6e5")
    assert game.dfen() == "8/8/3N4/4K3/2k5/8/1P6/8 b - - 2 1 -"


def test_pawn_taking_the_king_on_the_last_rank_does_not_promote() -> None:
    pos = Position.from_dfen("4k3/3P4/8/2K5/8/8/8/8 w - - 0 1 PN")
    assert "d7e8" in ucis(pos)
    move(pos, "d7e8")
    assert pos.is_game_over
    assert pos.dfen() == "4P3/8/8/2K5/8/8/8/8 w - - 0 1 N"


# ---------------------------------------------------------------- R13, R14: castling


def test_castling_needs_king_and_rook_dice_and_costs_two() -> None:
    base = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
    assert not {"e1g1", "e1c1"} & ucis(Position.from_dfen(base + " K"))
    assert not {"e1g1", "e1c1"} & ucis(Position.from_dfen(base + " KK"))
    pos = Position.from_dfen(base + " NRK")  # the N die cannot be used: castling spends R and K
    assert {"e1g1", "e1c1"} <= ucis(pos)
    move(pos, "e1g1")
    assert pos.dfen() == "4k3/8/8/8/8/8/8/R4RK1 w - - 1 1 N"


def test_castling_needs_king_and_rook_on_their_squares() -> None:
    # The right is present in the DFEN but the h1 rook is gone ([ENG-new], R13).
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 w K - 0 1 RK")
    assert "e1g1" not in {uci(m) for m in pos.generate()}
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/R2K3R w KQ - 0 1 RK")
    assert not {"d1b1", "d1f1"} & {uci(m) for m in pos.generate()}


def test_castling_right_lost_mid_turn_stays_lost() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1 RRK")
    move(pos, "h1h2", legal=False)
    assert pos.dfen().split()[2] == "Q"
    move(pos, "h2h1", legal=False)
    assert pos.dfen().split()[2] == "Q"
    assert "e1g1" not in {uci(m) for m in pos.generate(castling_needs_rook=False)}


def test_capture_on_rook_corner_removes_that_right() -> None:
    pos = Position.from_dfen("r3k2r/8/8/8/8/8/8/R3K2B w KQkq - 0 1 B")
    move(pos, "h1a8")
    assert pos.dfen().split()[2] == "KQk"


def test_king_move_removes_both_rights() -> None:
    pos = Position.from_dfen("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1 k")
    move(pos, "e8d8")
    assert pos.dfen().split()[2] == "KQ"


def test_king_capture_clears_the_captured_sides_rights() -> None:
    pos = Position.from_dfen("r3k2r/8/8/8/8/8/8/Rq2K2R b KQkq - 0 1 q")
    move(pos, "b1e1")
    assert pos.dfen() == "r3k2r/8/8/8/8/8/8/R3q2R b kq - 0 1 -"


# ---------------------------------------------------------------- R15: en passant


def test_en_passant_as_a_later_micro_move_and_after_arriving() -> None:
    # Black double-pushed d7d5 last turn; White's pawn reaches e5 with the first P die, then
    # captures en passant with the second.
    pos = Position.from_dfen("4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 2 PP")
    assert "e4e5" in ucis(pos)
    move(pos, "e4e5")
    move(pos, "e5d6")
    assert pos.dfen() == "4k3/8/3P4/8/8/8/8/4K3 w - - 0 2 -"


def test_several_targets_live_at_once() -> None:
    pos = Position.from_dfen("4k3/8/8/pPpPp3/8/8/8/4K3 w - a6c6e6 0 1 PP")
    assert {"b5a6", "b5c6", "d5c6", "d5e6"} <= ucis(pos)
    move(pos, "b5a6")
    assert pos.dfen().split()[3] == "c6e6"
    move(pos, "d5e6")
    assert pos.dfen() == "4k3/8/P3P3/2p5/8/8/8/4K3 w - c6 0 1 -"


def test_occupied_target_blocks_until_vacated() -> None:
    # D3 / [ENG-new]: Nc4-a3 blocks the a3 target, Na3-c4 vacates it, then b4xa3 e.p.
    dfen = "r1bqkbnr/p1pppp1p/8/8/Ppn3pP/R6R/1PPPPPP1/1NBQKBN1 b kq a3 0 2 nnp"
    pos = Position.from_dfen(dfen)
    move(pos, "c4a3")
    assert pos.dfen().split()[3] == "a3"
    assert "b4a3" not in {uci(m) for m in pos.generate()}
    move(pos, "a3c4")
    assert "b4a3" in ucis(pos)
    move(pos, "b4a3")
    assert pos.dfen() == "r1bqkbnr/p1pppp1p/8/8/2n3pP/p6R/1PPPPPP1/1NBQKBN1 b kq - 0 2 -"


def test_victim_pawn_must_be_present() -> None:
    # A stale target with no pawn behind it (e.g. from a hand-written DFEN) gives no capture.
    pos = Position.from_dfen("4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1 P")
    assert ucis(pos) == {"e5e6"}


def test_target_leaves_with_its_pawn() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 PP")
    move(pos, "e2e4")
    assert pos.dfen().split()[3] == "e3"
    move(pos, "e4e5")
    assert pos.dfen().split()[3] == "-"


def test_target_removed_when_its_pawn_is_captured() -> None:
    pos = Position.from_dfen("4k3/7b/8/8/4P3/8/8/4K3 b - e3 0 1 bb")
    move(pos, "h7e4")
    assert pos.dfen() == "4k3/8/8/8/4b3/8/8/4K3 b - - 0 1 b"


def test_other_moves_do_not_clear_targets() -> None:
    pos = Position.from_dfen("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1 kk")
    move(pos, "e8d8")
    move(pos, "d8d7")
    assert pos.dfen() == "8/3k4/8/8/4P3/8/8/4K3 b - e3 2 1 -"


def test_own_target_is_never_captured() -> None:
    pos = Position.from_dfen("4k3/8/8/8/1Pp5/8/8/4K3 w - b3 0 1 P")
    assert "c4b3" not in ucis(pos)  # it is White to move; and b3 is White's own target
    pos = Position.from_dfen("4k3/8/8/8/1Pp5/8/8/4K3 b - b3 0 1 p")
    assert "c4b3" in ucis(pos)


def test_targets_survive_the_whole_next_turn_then_expire() -> None:
    game = Game("4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1")
    game.roll("PKK")
    game.play("b2b4")
    game.play("e1d1")
    game.play("d1e1")
    assert game.dfen() == "4k3/8/8/8/1Pp5/8/8/4K3 b - b3 2 1 -"
    game.roll("KKP")
    game.play("e8d8")
    game.play("d8e8")
    assert "c4b3" in game.legal_moves()  # still live at Black's third micro-move
    game.play("c4c3")
    game.roll("KKK")
    game.play("e1d1")
    game.play("d1e1")
    game.play("e1d1")
    assert game.dfen() == "4k3/8/8/8/1P6/2p5/8/3K4 b - - 3 2 -"


# ---------------------------------------------------------------- R16: half-move clock, draw


def test_clock_counts_micro_moves_castling_adds_one_pass_adds_nothing() -> None:
    game = Game("4k3/8/8/8/8/8/8/R3K2R w KQ - 10 1")
    game.roll("KRN")
    game.play("e1g1")
    assert game.dfen() == "4k3/8/8/8/8/8/8/R4RK1 b - - 11 1 -"
    game.roll("PPP")  # Black has no pawn: a pass
    assert game.dfen() == "4k3/8/8/8/8/8/8/R4RK1 w - - 11 2 -"


def test_draw_after_100_micro_moves_at_the_turn_boundary() -> None:
    game = Game("4k3/8/8/8/8/8/8/R3K3 w - - 98 40")
    game.roll("RRR")
    game.play("a1a2")
    assert game.result is None  # a turn in progress is always finished
    game.play("a2a3")
    assert game.result is None
    game.play("a3a4")
    assert game.dfen() == "4k3/8/8/8/R7/8/8/4K3 b - - 101 40 -"
    assert game.result == "1/2-1/2"
    assert Game("4k3/8/8/8/8/8/8/R3K3 b - - 100 40 -").result == "1/2-1/2"


# ---------------------------------------------------------------- R17: king capture


def test_king_capture_ends_the_game_keeps_dice_no_r11() -> None:
    game = Game("4k3/8/8/8/8/8/4r3/4K3 b - e3 7 3")
    game.roll("RNB")
    game.play("e2e1")
    assert game.result == "0-1"
    assert game.winner == "b"
    assert game.dfen() == "4k3/8/8/8/8/8/8/4r3 b - e3 0 3 nb"
    assert game.legal_moves() == []
    assert Position.from_dfen(game.dfen()).legal_moves() == []


def test_king_capture_is_legal_even_if_it_leaves_dice_unused() -> None:
    pos = Position.from_dfen("8/3k1P2/2P5/8/5K2/8/8/8 w - - 0 1 PN")
    assert pos.lstar() == 2
    assert ucis(pos) == {"c6d7", "f7f8n"}
