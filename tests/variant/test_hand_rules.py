"""Holdings, gating, drops and must-capture as the FBR page defines them (003:LINE in each test's
name or comment). Where Fairy-Stockfish plays the rule its move lists are the expected values
(pyffish 0.0.90, the figures written out below); elsewhere the positions are worked by hand from
the page's words. The example variants seirawan, shouse and pocketknight are also compared with
Fairy-Stockfish along random games (test_variant_oracle.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation_toolkit import fbr
from notation_toolkit.variant import Variant
from notation_toolkit.variant.rules import VariantError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "variants"
PIECES = "K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN"
CHESS_WITH = f'boardsize="8x8" royal PROMOTION {PIECES}'


def _variant(rules: str) -> Variant:
    return Variant.from_text(f'boardsize="8x8" royal {rules} {PIECES}')


def _moves(pos: object) -> list[str]:
    return sorted(m.text for m in pos.legal_moves())  # type: ignore[attr-defined]


# -- holding (003:396-434) ------------------------------------------------------------------------


def test_holding_pocket_keeps_captured_pieces_out_of_the_hands_003_428() -> None:
    variant = _variant("holding=pocket")
    pos = variant.position("4k^3/8/8/3n4/4P3/8/8/4K^3 N/n C/c")
    pos.push("e4d5")
    assert pos.feen() == "4k^3/8/8/3P4/8/8/8/4K^3 N/n c/C"
    assert "N@e5" in _moves(pos)  # Black drops its own pocket knight, as before


def test_holding_notflip_gives_the_captured_piece_back_to_its_owner_003_424() -> None:
    variant = _variant("holding=notflip")
    pos = variant.position("4k^3/8/8/3n4/4P3/8/8/4K^3 / C/c")
    pos.push("e4d5")
    # the knight keeps its side: it is Black's to drop, not White's
    assert pos.feen() == "4k^3/8/8/3P4/8/8/8/4K^3 /n c/C"
    assert "N@d4" in _moves(pos)
    pos.push("N@d4")
    assert pos.feen() == "4k^3/8/8/3P4/3n4/8/8/4K^3 / C/c"


def test_holding_with_a_piece_set_stacks_only_those_pieces_003_400() -> None:
    variant = _variant("holding{N}")
    pos = variant.position("4k^3/8/8/2nr4/3P4/8/8/4K^3 / C/c")
    pos.push("d4c5")
    assert pos.feen().split()[1] == "N/"
    pos = variant.position("4k^3/8/8/2nr4/3PP3/8/8/4K^3 / C/c")
    pos.push("e4d5")  # a rook is not in the set: it leaves the game
    assert pos.feen().split()[1] == "/"


def test_holding_with_a_board_range_stacks_pieces_captured_inside_it_003_402() -> None:
    variant = _variant("holding[a-h1-4]")
    pos = variant.position("4k^3/8/8/3n4/4P3/8/8/4K^3 / C/c")
    pos.push("e4d5")  # captured on the fifth rank: outside White's zone
    assert pos.feen().split()[1] == "/"
    # the zone is each side's own view (mirrored for Black, 003:464): ranks 5-8 of the board
    pos = variant.position("4k^3/8/8/3p4/4N3/8/8/4K^3 / c/C")
    pos.push("d5e4")  # captured on the fourth rank: Black's fifth, outside its zone
    assert pos.feen().split()[1] == "/"
    pos = variant.position("4k^3/8/5P2/3n4/8/8/8/3K^4 / c/C")
    pos.push("d5f6")  # the sixth rank is Black's third: inside its zone
    assert pos.feen().split()[1] == "/p"


# -- gating (003:364-374), Seirawan and S-house --------------------------------------------------


def test_castling_gates_onto_the_king_or_the_rook_square_003_368() -> None:
    # Fairy-Stockfish's legal moves of this seirawan position (pyffish 0.0.90): gating after every
    # first move from a first-rank square; a castling gates onto e1 (e1g1h) or the rook's square
    # (written from the rook's square to the king's, h1e1h)
    expected = ["e1c1", "e1c1e", "e1c1h", "e1d1", "e1d1e", "e1d1h", "e1d2", "e1d2e", "e1d2h", "e1e2"]
    expected += ["e1e2e", "e1e2h", "e1f1", "e1f1e", "e1f1h", "e1f2", "e1f2e", "e1f2h", "e1g1", "e1g1e"]
    expected += ["e1g1h", "a1e1e", "a1e1h", "h1e1e", "h1e1h", "h1f1", "h1f1e", "h1f1h", "h1g1", "h1g1e"]
    expected += ["h1g1h", "a1b1", "a1b1e", "a1b1h", "a1c1", "a1c1e", "a1c1h", "a1d1", "a1d1e", "a1d1h"]
    for rank in range(2, 9):
        expected += [f"{s}{t}{rank}{g}" for s, t in (("a1", "a"), ("h1", "h")) for g in ("", "e", "h")]
    variant = Variant.load(EXAMPLES / "seirawan.fbr")
    fen = "r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1"
    pos = variant.position(fen)
    assert _moves(pos) == sorted(expected)
    # Fairy-Stockfish's FEN after each castling: the rook left behind still gates (H)
    pos.push("h1e1h")
    assert pos.fen() == "r3k2r/8/8/8/8/8/8/R4RKH[Eeh] b Akq - 1 1"
    pos = variant.position(fen)
    pos.push("e1c1e")
    assert pos.fen() == "r3k2r/8/8/8/8/8/8/2KRE2R[Heh] b Hkq - 1 1"
    assert variant.position(pos.fen()).fen() == pos.fen()


def test_a_gated_piece_does_not_shield_its_own_king() -> None:
    # the page is silent; Fairy-Stockfish (pyffish 0.0.90): the king may not step along the
    # rook's line to f1 even with a hawk gated onto e1, and a pinned knight does not move
    variant = Variant.load(EXAMPLES / "seirawan.fbr")
    pos = variant.position("4k3/8/8/8/8/8/8/r3K3[H] w E - 0 1")
    assert _moves(pos) == ["e1d2", "e1d2h", "e1e2", "e1e2h", "e1f2", "e1f2h"]
    pos = variant.position("4k3/8/8/8/8/8/8/1r1NK3[H] w D - 0 1")
    assert _moves(pos) == ["e1d2", "e1e2", "e1f1", "e1f2"]


def test_gating_with_a_piece_set_gates_only_those_pieces_003_370() -> None:
    variant = Variant.load(EXAMPLES / "shouse.fbr")
    pos = variant.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QPHEhe] w KQBCDFGkqbcdfg - 0 1")
    # Fairy-Stockfish (pyffish 0.0.90) gates the queen but not the pawn from the hand
    assert [m for m in _moves(pos) if m.startswith("g1")] == sorted(
        ["g1f3", "g1f3q", "g1f3h", "g1f3e", "g1h3", "g1h3q", "g1h3h", "g1h3e"]
    )


def test_the_holding_gating_implies_holds_gated_pieces_only_003_366() -> None:
    variant = Variant.load(EXAMPLES / "seirawan.fbr")
    pos = variant.start()
    assert not any("@" in m for m in _moves(pos))  # never dropped
    for mv in ("e2e4", "d7d5", "e4d5"):
        pos.push(mv)
    assert pos.fen().split()[0].endswith("[EHeh]")  # a capture does not go to a hand
    text = 'boardsize="8x8" royal gating drop{N} ' + PIECES
    with pytest.raises(VariantError) as info:
        Variant.from_text(text)
    found = [d for d in info.value.diagnostics if d.code == "VAR201"]
    assert found and found[0].span is not None
    assert text[found[0].span.offset :].startswith("drop")


def test_gating_without_a_range_gates_from_any_original_square_003_366() -> None:
    variant = _variant("gating")
    pos = variant.position("4k^3/8/8/8/8/3-N4/8/4K^3 N/ C/c")
    assert "d3b4n" in _moves(pos)
    pos.push("d3b4n")
    assert pos.feen().split()[0] == "4k^3/8/8/8/1N6/3N4/8/4K^3"
    # FEN's castling field names gating pieces of the first rank only: the unmoved knight on d3
    # cannot be written (VAR305), never silently dropped
    from notation_toolkit.variant.notation import PositionError

    with pytest.raises(PositionError) as info:
        variant.position("4k^3/8/8/8/8/3-N4/8/4K^3 N/ C/c").fen()
    assert info.value.diagnostics[0].code == "VAR305"


def test_seirawan_and_shouse_pass_the_fbr_checker() -> None:
    for name in ("seirawan", "shouse", "pocketknight"):
        assert fbr.check((EXAMPLES / f"{name}.fbr").read_text()) == [], name


# -- mustcapture{set} (003:504) and drop=withattack (003:308) -------------------------------------


def test_mustcapture_with_a_piece_set_003_504() -> None:
    variant = _variant("mustcapture{N}")
    # the knight can capture: only its captures are legal (the pawn's capture too is not)
    pos = variant.position("4k^3/8/8/3p1r2/4P3/6N1/8/4K^3 / C/c")
    assert _moves(pos) == ["g3f5"]
    # only the pawn can capture: any move
    pos = variant.position("4k^3/8/8/3p4/4P3/8/8/N3K^3 / C/c")
    assert "e4d5" in _moves(pos) and "e1d1" in _moves(pos) and "a1b3" in _moves(pos)


def test_mustcapture_compulsory_puts_capturing_before_lifting_check_003_508() -> None:
    # White is in check from e8; its knight can take a7, which does not lift the check
    position = "4r1k^1/p7/8/1N6/8/8/8/4K^3 / C/c"
    plain = _variant("mustcapture").position(position)
    assert _moves(plain) == ["e1d1", "e1d2", "e1f1", "e1f2"]  # the check is answered first (003:502)
    compulsory = _variant("mustcapture=compulsory")
    pos = compulsory.position(position)
    assert _moves(pos) == []  # "the king is considered checkmated"
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"
    # without a capture, the check is answered as usual; out of check, captures come first
    assert _moves(compulsory.position("4r1k^1/8/8/1N6/8/8/8/4K^3 / C/c")) == ["e1d1", "e1d2", "e1f1", "e1f2"]
    assert _moves(compulsory.position("4r1k^1/p7/8/1N6/8/8/8/3K^4 / C/c")) == ["b5a7"]


def test_drop_withattack_drops_only_where_the_piece_attacks_003_308() -> None:
    variant = _variant("holding drop=withattack")
    pos = variant.position("k^7/8/8/8/8/8/8/7K^ N/ C/c")
    # a knight attacks a8 from b6 and c7 only
    assert [m for m in _moves(pos) if "@" in m] == ["N@b6", "N@c7"]


# -- colour-specific promotion choices (+P==CRNqrb) ------------------------------------------------


@pytest.mark.parametrize(
    ("name", "white", "black"),
    [
        # Fairy-Stockfish's moves of the pawns (pyffish 0.0.90), 4k3/P7/8/8/8/8/p7/4K3 either side to move
        ("sortofalmost", ["a7a8b", "a7a8c", "a7a8n", "a7a8r"], ["a2a1b", "a2a1n", "a2a1q", "a2a1r"]),
        ("chigorin", ["a7a8c", "a7a8n", "a7a8r"], ["a2a1b", "a2a1q", "a2a1r"]),
    ],
)
def test_each_player_promotes_to_its_own_choices(name: str, white: list[str], black: list[str]) -> None:
    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    for turn, expected in (("w", white), ("b", black)):
        pos = variant.position(f"4k3/P7/8/8/8/8/p7/4K3 {turn} - - 0 1")
        assert [m for m in _moves(pos) if m[:2] in ("a7", "a2")] == expected


def test_a_promotion_list_in_one_case_is_both_players_choices() -> None:
    variant = Variant.from_text(f'boardsize="8x8" royal {PIECES.replace("QRBN", "qrbn")}')
    pos = variant.position("4k3/P7/8/8/8/8/p7/4K3 w - - 0 1")
    assert [m for m in _moves(pos) if m.startswith("a7")] == ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]


# -- SAN of gating moves -----------------------------------------------------------------------


def test_gating_san_is_fairy_stockfish_s() -> None:
    from notation_toolkit.variant.pgn import parse_san, san

    variant = Variant.load(EXAMPLES / "seirawan.fbr")
    pos = variant.position("r3k2r/8/8/8/8/8/8/R3K2R[HEhe] w KQkq - 0 1")
    # pyffish.get_san (0.0.90) of these moves in this position
    fsf = {"e1g1h": "O-O/He1", "h1e1h": "O-O/Hh1", "a1e1e": "O-O-O/Ea1", "e1c1": "O-O-O"}
    fsf |= {"a1a5h": "Ra5/H", "a1a5": "Ra5"}
    assert {m: san(pos, m) for m in fsf} == fsf
    for mv in pos.legal_moves():  # every SAN names its move again
        assert parse_san(pos, san(pos, mv)) == mv


@pytest.mark.slow
@pytest.mark.parametrize("name", ["seirawan", "shouse"])
def test_gating_san_along_random_games_is_fairy_stockfish_s(name: str) -> None:
    pyffish = pytest.importorskip("pyffish")
    import random

    from notation_toolkit.variant.pgn import san

    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    start = pyffish.start_fen(name)
    rnd = random.Random(7)
    for _ in range(4):
        pos = variant.start()
        line: list[str] = []
        for _ in range(40):
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            gating = [m for m in moves if m.text[-1] in "he" and "@" not in m.text]
            for mv in gating[:3]:
                fen = pyffish.get_fen(name, start, line)
                assert san(pos, mv) == pyffish.get_san(name, fen, mv.text), (line, mv.text)
            mv = rnd.choice(moves)
            line.append(mv.text)
            pos.push(mv)


# -- promotion=capture (003:680-682) -----------------------------------------------------------------


def test_promotion_capture_promotes_a_capture_onto_the_zone_only_003_680() -> None:
    variant = Variant.from_text(CHESS_WITH.replace("PROMOTION", "promotion+[7-8]=capture"))
    pos = variant.position("k^7/8/1P6/8/8/8/8/7K^ / C/c")
    assert "b6b7" in _moves(pos) and not [m for m in _moves(pos) if m.startswith("b6b7") and m != "b6b7"]
    pos = variant.position("k^7/n7/1P6/8/8/8/8/7K^ / C/c")
    assert [m for m in _moves(pos) if m.startswith("b6a7")] == ["b6a7b", "b6a7n", "b6a7q", "b6a7r"]
    # a quiet move inside the zone does not promote either (no way but capture is given)
    pos = variant.position("k^7/8/8/8/8/8/1P6/7K^ / C/c")
    assert "b2b3" in _moves(pos)
    pos = variant.position("1k^6/P7/8/8/8/8/8/7K^ / C/c")
    assert "a7a8" in _moves(pos)


def test_promotion_capture_with_a_set_promotes_the_capture_of_those_pieces_003_682() -> None:
    variant = Variant.from_text(CHESS_WITH.replace("PROMOTION", "promotion+[7-8]=capture{N}"))
    pos = variant.position("k^7/n1r5/1P6/8/8/8/8/7K^ / C/c")
    moves = _moves(pos)
    assert [m for m in moves if m.startswith("b6a7")] == ["b6a7b", "b6a7n", "b6a7q", "b6a7r"]
    assert [m for m in moves if m.startswith("b6c7")] == ["b6c7"]


def test_promotion_capture_beside_enter_003_680() -> None:
    variant = Variant.from_text(CHESS_WITH.replace("PROMOTION", "promotion+[7-8]=enter{Q},capture{R}"))
    # entering: the enter choices; a capture of a rook inside the zone: the capture choices
    pos = variant.position("k^1r5/1P6/8/8/8/8/8/7K^ / C/c")
    moves = _moves(pos)
    assert [m for m in moves if m.startswith("b7c8")] == ["b7c8b", "b7c8n", "b7c8q", "b7c8r"]
    assert "b7b8" in moves  # a quiet move inside the zone: no way given for it
    pos = variant.position("k^7/8/1P6/8/8/8/8/7K^ / C/c")
    assert [m for m in _moves(pos) if m.startswith("b6b7")] == ["b6b7q"]
