"""``conversion`` (003:191-207), with positions worked out by hand from the page's words."""

from __future__ import annotations

import pytest

from notation_toolkit.variant import Variant, VariantError

PIECES = "K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN"
# the page's own expansion of andernach (003:70): a conversion definition per non-royal piece
ANDERNACH = "conversion*=capture *Q=ccO *R=ccO *B=ccO *N=ccO *P=ccO"


def chess_with(rules: str) -> Variant:
    """Orthodox chess (no castling) with ``rules`` added."""
    return Variant.from_text(f'boardsize="8x8" royal promotion+[8] {rules} {PIECES}')


def moves(pos: object) -> set[str]:
    return {m.text for m in pos.legal_moves()}  # type: ignore[attr-defined]


def test_conversion_003_68_the_bishop_that_takes_the_knight_on_g8_is_black() -> None:
    # "if a white bishop on a2 were to capture a black knight on g8, the end result would be a black
    # bishop on g8" (003:66, through the expansion of 003:70)
    pos = chess_with(ANDERNACH).position("6n1/8/7k/8/8/8/B7/4K3 w - - 0 1")
    pos.push("a2g8")
    assert pos.piece_at("g8") == "b"
    assert pos.piece_at("e1") == "K^"


def test_conversion_003_199_after_the_promotion() -> None:
    # "a conversion rule will be performed after any promotion rule": the pawn takes, promotes to
    # a queen, then the queen changes side
    pos = chess_with(ANDERNACH).position("6r1/5P2/8/8/8/4k3/8/4K3 w - - 0 1")
    pos.push("f7g8q")
    assert pos.piece_at("g8") == "q"


def test_conversion_003_195_a_piece_without_a_prefixed_definition_converts_nothing() -> None:
    pos = chess_with(ANDERNACH).position("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1")
    pos.push("e1d2")
    assert pos.piece_at("d2") == "K^"


def test_conversion_003_201_capture_converts_no_quiet_move() -> None:
    pos = chess_with(ANDERNACH).position("4k3/8/8/8/8/8/B7/4K3 w - - 0 1")
    pos.push("a2d5")
    assert pos.piece_at("d5") == "B"


def test_conversion_003_205_move_converts_quiet_moves_only() -> None:
    rules = "conversion*=move *R=ccO"
    pos = chess_with(rules).position("4k3/8/8/8/3p4/8/8/R3K3 w - - 0 1")
    pos.push("a1a4")
    assert pos.piece_at("a4") == "r"
    pos = chess_with(rules).position("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1")
    pos.push("a1a4")
    assert pos.piece_at("a4") == "R"


def test_conversion_003_201_capture_with_a_piece_set() -> None:
    # "a conversion will be done only if a piece belonging to this piece set is captured"
    rules = "conversion*=capture{N} *R=ccO"
    pos = chess_with(rules).position("4k3/8/8/8/n7/8/8/R3K3 w - - 0 1")
    pos.push("a1a4")
    assert pos.piece_at("a4") == "r"
    pos = chess_with(rules).position("4k3/8/8/8/b7/8/8/R3K3 w - - 0 1")
    pos.push("a1a4")
    assert pos.piece_at("a4") == "R"


def test_conversion_003_195_a_conversion_against_its_own_king_makes_the_move_illegal() -> None:
    # Re2xe7 would leave a black rook on e7 facing the white king on e1: not a legal move
    fen = "k7/4n3/8/8/8/8/4R3/4K3 w - - 0 1"
    assert "e2e7" in moves(chess_with("").position(fen))
    assert "e2e7" not in moves(chess_with(ANDERNACH).position(fen))


def test_conversion_003_195_a_definition_that_captures_converts_the_enemies_it_reaches() -> None:
    # *N=cK: after a knight's quiet move, the enemy pieces next to its destination change side;
    # its own pieces there stay, and pieces two squares away are not reached
    variant = chess_with("conversion*=move *N=cK")
    pos = variant.position("4k3/8/8/3n4/1pPp4/8/8/1N2K3 w - - 0 1")
    pos.push("b1c3")
    assert pos.piece_at("b4") == "P" and pos.piece_at("d4") == "P"
    assert pos.piece_at("c4") == "P"
    assert pos.piece_at("d5") == "n"


def test_conversion_conserves_the_pieces_and_push_pop_restores_along_random_games() -> None:
    import random

    variant = chess_with(ANDERNACH)
    rng = random.Random(36)
    for _ in range(3):
        pos = variant.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")
        for _ in range(60):
            legal = pos.legal_moves()
            if not legal or pos.outcome() is not None:
                break
            before = (pos.feen(), pos.key)
            count = sum(1 for sq in _squares() if pos.piece_at(sq) is not None)
            move = rng.choice(legal)
            pos.push(move)
            after = sum(1 for sq in _squares() if pos.piece_at(sq) is not None)
            assert after in (count, count - 1)  # a capture removes one piece, a conversion none
            pos.pop()
            assert (pos.feen(), pos.key) == before
            pos.push(move)


def _squares() -> list[str]:
    return [f + r for f in "abcdefgh" for r in "12345678"]


def test_conversion_a_second_rule_is_refused() -> None:
    with pytest.raises(VariantError) as info:
        chess_with("conversion*=capture conversion#=move *R=ccO #N=ccO")
    assert info.value.diagnostics[0].code == "VAR203"


def test_conversion_003_201_205_capture_and_move_together_convert_every_move() -> None:
    rules = "conversion*=capture,move *R=ccO"
    pos = chess_with(rules).position("4k3/8/8/8/p7/8/8/R3K3 w - - 0 1")
    pos.push("a1a4")
    assert pos.piece_at("a4") == "r"
    pos = chess_with(rules).position("4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    pos.push("a1a4")
    assert pos.piece_at("a4") == "r"


def test_conversion_of_a_piece_the_file_does_not_define_is_refused() -> None:
    with pytest.raises(VariantError) as info:
        chess_with("conversion*=capture *Z=ccO")
    assert info.value.diagnostics[0].code == "VAR203"
    assert "Z" in str(info.value)
