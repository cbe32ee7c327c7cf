"""A move that creates a royal piece is tested like a move of a royal piece: with ``royal{KQ}`` a
pawn may not promote to a queen on an attacked square. Oracle: Fairy-Stockfish's ``coregal``
(royal king and queens)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation_toolkit.variant import Variant

CHESS = (Path(__file__).resolve().parents[2] / "examples" / "variants" / "chess.fbr").read_text()
COREGAL = (
    CHESS.replace("royal ", "royal{KQ} ", 1)
    .replace("-rnbq-k^bn-r", "-rnbq^-k^bn-r")
    .replace("-RNBQ-K^BN-R", "-RNBQ^-K^BN-R")
)


@pytest.fixture(scope="module")
def coregal() -> Variant:
    return Variant.from_text(COREGAL)


def test_promoting_to_a_royal_queen_on_an_attacked_square_is_illegal(coregal: Variant) -> None:
    moves = sorted(m.text for m in coregal.position("r3k^3/1P6/8/8/8/8/8/4K^3 / C/c").legal_moves())
    assert "b7b8q" not in moves
    # b8 is attacked by the rook on a8; capturing it or promoting to a piece that is not royal is legal
    assert {"b7a8q", "b7b8r", "b7b8n", "b7b8b"} <= set(moves)
    pyffish = pytest.importorskip("pyffish")
    assert moves == sorted(pyffish.legal_moves("coregal", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []))


def _games(variant: Variant, games: int, plies: int, seed: int) -> list[list[str]]:
    rnd = random.Random(seed)
    lines = []
    for _ in range(games):
        pos = variant.start()
        line: list[str] = []
        for _ in range(plies):
            moves = [m.text for m in pos.legal_moves()]
            if not moves:
                break
            # pawns first, promotions most of all: the games reach the last ranks sooner
            promotions = [m for m in moves if len(m) == 5]
            pawns = [m for m in moves if (pos.piece_at(m[:2]) or "").lstrip("-") in ("P", "p")]
            mv = rnd.choice(promotions or pawns or moves) if rnd.random() < 0.7 else rnd.choice(moves)
            line.append(mv)
            pos.push(mv)
        lines.append(line)
    return lines


@pytest.mark.parametrize(
    ("games", "plies"), [pytest.param(4, 60), pytest.param(15, 80, marks=pytest.mark.slow)]
)
def test_royal_queens_play_as_fairy_stockfish_coregal(coregal: Variant, games: int, plies: int) -> None:
    """Seeded games that prefer promotions: every position's legal moves equal coregal's."""
    pyffish = pytest.importorskip("pyffish")
    start = pyffish.start_fen("coregal")
    promotions = 0
    for line in _games(coregal, games, plies, seed=1):
        pos = coregal.start()
        for i in range(len(line) + 1):
            ours = sorted(m.text for m in pos.legal_moves())
            assert ours == sorted(pyffish.legal_moves("coregal", start, line[:i])), line[:i]
            promotions += sum(len(m) == 5 for m in ours)
            if i < len(line):
                pos.push(line[i])
    assert promotions > 0


@pytest.mark.parametrize(
    ("feen", "fen", "attacked", "safe"),
    [
        ("r3k^3/8/8/8/8/8/8/4K^3 Q/ C/c", "r3k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", ["Q@a1", "Q@b8"], "Q@b1"),
        ("r3k^3/8/8/8/8/8/8/4K^3 /q c/C", "r3k3/8/8/8/8/8/8/4K3[q] b - - 0 1", ["Q@d2", "Q@f1"], "Q@a7"),
        ("4k^3/8/8/8/8/8/1r6/4K^3 Q/ C/c", "4k3/8/8/8/8/8/1r6/4K3[Q] w - - 0 1", ["Q@b5", "Q@a2"], "Q@c3"),
    ],
)
def test_dropping_a_royal_queen_is_tested_like_a_royal_move(
    feen: str, fen: str, attacked: list[str], safe: str
) -> None:
    """A drop rule naming a royal piece lets it be dropped (003:282), never onto an attacked
    square; Fairy-Stockfish's coregal with drops (pychess-variants' coregaldrop) agrees."""
    variant = Variant.from_text(COREGAL.replace("royal{KQ} ", "royal{KQ} holding drop{Q} ", 1))
    ours = sorted(m.text for m in variant.position(feen).legal_moves())
    assert safe in ours and not set(attacked) & set(ours)
    pyffish = pytest.importorskip("pyffish")
    pyffish.load_variant_config("[coregaldrop:coregal]\npieceDrops = true\n")
    assert ours == sorted(pyffish.legal_moves("coregaldrop", fen, []))


def test_royal_pieces_in_hand_are_not_dropped_without_a_drop_rule_naming_them() -> None:
    # 003:282: "all pieces can be dropped, except royal pieces"
    variant = Variant.from_text(COREGAL.replace("royal{KQ} ", "royal{KQ} holding ", 1))
    moves = [m.text for m in variant.position("r3k^3/8/8/8/8/8/8/4K^3 Q/ C/c").legal_moves()]
    assert sorted(moves) == ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
