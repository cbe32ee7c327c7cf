"""Rules the variant core used to load and then ignore: the promotion attribute sets and ways
(003:708, 720, 724), ``multicapture=completed`` (003:490) and ``pieces=sum(N)`` (003:618).
Fairy-Stockfish (pyffish) is the oracle where it has the rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from notation_toolkit.variant import Variant, perft

ROOT = Path(__file__).resolve().parents[2]
CHESS = (ROOT / "examples" / "variants" / "chess.fbr").read_text()
GRAND = (ROOT / "examples" / "variants" / "grand.fbr").read_text()


def _chess(promotion: str) -> Variant:
    assert "promotion+[8]=enter " in CHESS
    return Variant.from_text(CHESS.replace("promotion+[8]=enter ", promotion + " "))


def _moves(variant: Variant, position: str) -> list[str]:
    return sorted(m.text for m in variant.position(position).legal_moves())


def test_enter_with_a_piece_set_allows_only_those_pieces() -> None:
    pyffish = pytest.importorskip("pyffish")
    pyffish.load_variant_config("[queenonly:chess]\npromotionPieceTypes = q\n")
    variant = _chess("promotion+[8]=enter{Q}")
    for fen in ("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"):
        assert _moves(variant, fen) == sorted(pyffish.legal_moves("queenonly", fen, []))
    assert "a7a8q" in _moves(variant, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1")


# A wazir G that promotes on ranks 7-8: to Q entering them, to N leaving them, to R inside them.
WAYS = """boardsize="8x8" royal promotion+[7-8]=enter{Q},leave{N},move{R}
K=W+F Q=R+B R=W0 N=N G=W +G==QRN"""


def test_each_way_of_promoting_has_its_own_pieces() -> None:
    variant = Variant.from_text(WAYS)
    # on d6: entering d7 promotes to Q (003:708), the other steps stay outside the zone
    assert _moves(variant, "k^7/8/3G4/8/8/8/8/7K^ / C/c") == sorted(
        ["d6d7q", "d6c6", "d6e6", "d6d5", "h1g1", "h1g2", "h1h2"]
    )
    # on d7: inside the zone to R (003:724), leaving it to N (003:720)
    assert _moves(variant, "k^7/3G4/8/8/8/8/8/7K^ / C/c") == sorted(
        ["d7d8r", "d7c7r", "d7e7r", "d7d6n", "h1g1", "h1g2", "h1h2"]
    )


def test_a_set_that_excludes_every_choice_closes_the_zone() -> None:
    # 003:660: if a promotion is not possible, the zone cannot be entered
    variant = _chess("promotion+[8]=enter{K}")
    assert _moves(variant, "4k^3/P7/8/8/8/8/8/4K^3 / C/c") == sorted(["e1d1", "e1f1", "e1d2", "e1e2", "e1f2"])


def test_optional_with_a_set_may_decline() -> None:
    variant = _chess("promotion+[7-8]=enter{N},move{Q},optional")
    # 003:744: optional, but forced where the pawn could not move again (the last rank)
    assert _moves(variant, "4k^3/8/P7/8/8/8/8/4K^3 / C/c").count("a6a7n") == 1
    moves = _moves(variant, "4k^3/8/P7/8/8/8/8/4K^3 / C/c")
    assert "a6a7" in moves and "a6a7n" in moves
    moves = _moves(variant, "4k^3/P7/8/8/8/8/8/4K^3 / C/c")
    assert "a7a8q" in moves and "a7a8" not in moves and "a7a8n" not in moves


def test_chess_with_every_default_written_out_plays_chess() -> None:
    # `ntk expand --explicit-defaults` writes multicapture=completed, mirror=vertical,
    # draw=repetition(3), stalemate=draw: the defaults the core executes. Perft 3 of the start
    # position is 8,902 (the published perft table of chess, chessprogramming.org/Perft_Results).
    out = subprocess.run(
        [sys.executable, "-m", "notation_toolkit", "expand", "--explicit-defaults", "-"],
        input=CHESS,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "multicapture=completed" in out and "mirror=vertical" in out
    assert perft(Variant.from_text(out).start(), 3) == 8902


def test_grand_as_the_page_writes_it_limits_each_type() -> None:
    """pieces{QAC}=sum(1) (003:618): at most one of each type, as Fairy-Stockfish's grand allows
    a promotion only to a piece its side has lost."""
    pyffish = pytest.importorskip("pyffish")
    limits = "".join(
        f"pieces{{{p}}}=total({n})\n" for p, n in (("Q", 1), ("A", 1), ("C", 1), ("R", 2), ("N", 2), ("B", 2))
    )
    assert limits in GRAND
    variant = Variant.from_text(GRAND.replace(limits, "pieces{QAC}=sum(1)\npieces{RNB}=sum(2)\n"))
    for fen in (
        "k9/2P7/10/10/10/10/10/10/3Q6/4K5 w - - 0 1",
        "k9/2P7/10/10/10/10/10/10/3QAC4/4K5 w - - 0 1",
        "k9/2P7/10/10/10/10/10/10/3RBN4/4KRBN2 w - - 0 1",
        "k9/10/2P7/10/10/10/10/10/3QA5/4K5 w - - 0 1",
    ):
        assert _moves(variant, fen) == sorted(pyffish.legal_moves("grand", fen, [])), fen


def test_move_star_without_castling_is_move() -> None:
    # 003:728: move* is move except that both castling pieces promote; WAYS has no castling
    star = Variant.from_text(WAYS.replace("move{R}", "move*{R}"))
    plain = Variant.from_text(WAYS)
    for position in ("k^7/3G4/8/8/8/8/8/7K^ / C/c", "k^7/8/3G4/8/8/8/8/7K^ / C/c"):
        assert _moves(star, position) == _moves(plain, position)
    assert "d7d8r" in _moves(star, "k^7/3G4/8/8/8/8/8/7K^ / C/c")
