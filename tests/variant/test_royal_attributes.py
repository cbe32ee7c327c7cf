"""``royal=expose``, ``expose(N)``, ``taboo`` and ``castle{set}`` (003:918-963), and castling of a
piece that is not royal: positions worked out from the page's words (the page line in the test
name), and Fairy-Stockfish where it plays the same rule (``checking = false`` for taboo; a king
that is an ordinary piece whose capture loses for expose; giveaway, perfect chess)."""

from __future__ import annotations

import random

import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.variant import Variant
from notation_toolkit.variant.notation import PositionError
from notation_toolkit.variant.position import Outcome

CHESS = (EXAMPLES / "chess.fbr").read_text()


def _chess(royal: str) -> Variant:
    # (no start position: the tests give theirs, and chess's marks only the king royal)
    text = "\n".join(line for line in CHESS.splitlines() if not line.startswith("startposition"))
    return Variant.from_text(text.replace("\nroyal ", f"\n{royal} ", 1))


def _legal(variant: Variant, fen: str) -> set[str]:
    return {m.text for m in variant.position(fen).legal_moves()}


EXPOSE = _chess("royal=expose")


def test_003_928_expose_a_royal_piece_may_move_into_check_and_be_captured() -> None:
    fen = "4k3/8/8/8/8/8/r7/4K3 w - - 0 1"
    assert "e1e2" in _legal(EXPOSE, fen)
    assert "e1e2" not in _legal(_chess("royal"), fen)
    pos = EXPOSE.position(fen)
    pos.push("e1e2")
    pos.push("a2e2")  # capturing every enemy royal piece wins (003:928)
    assert pos.outcome() == Outcome(1, "royal captured")
    assert pos.legal_moves() == []


def test_003_928_expose_no_checkmate() -> None:
    # a back-rank mate in chess; with expose Black may move on (into check): no result yet
    fen = "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1"
    assert _chess("royal").position(fen).outcome() == Outcome(0, "checkmate")
    pos = EXPOSE.position(fen)
    assert pos.outcome() is None and "g8h8" in _legal(EXPOSE, fen)


def test_003_931_expose_n_with_two_royal_pieces_one_may_be_exposed_never_both() -> None:
    # White's royal king (e1) is attacked by the bishop; its royal queen may leave it so (2 royal
    # pieces, one not attacked), but not to d2, where the rook attacks it too
    variant = _chess("royal{KQ}=expose(2)")
    fen = "4k3/8/8/8/7b/8/r7/3QK3 w - - 0 1"
    legal = _legal(variant, fen)
    assert "d1d3" in legal and "d1d2" not in legal
    assert "d1d3" not in _legal(_chess("royal{KQ}"), fen)
    # 003:933: with fewer royal pieces than N, none may be exposed
    assert "d1d3" not in _legal(_chess("royal{KQ}=expose(3)"), fen)


def test_003_935_expose_lets_the_royal_piece_castle_across_attacked_squares() -> None:
    fen = "4kr2/8/8/8/8/8/8/4K2R w K - 0 1"
    assert "e1g1" in _legal(EXPOSE, fen)
    assert "e1g1" not in _legal(_chess("royal"), fen)
    # [*] still forbids castling out of check
    assert "e1g1" not in _legal(EXPOSE, "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1")


def test_expose_for_some_royal_pieces_only_is_refused() -> None:
    from notation_toolkit.variant import VariantError

    with pytest.raises(VariantError) as err:
        _chess("royal{K}=expose royal{Q}")
    assert err.value.diagnostics[0].code == "VAR202"


TABOO = _chess("royal=taboo")


def test_003_963_taboo_no_move_gives_check() -> None:
    fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
    legal = _legal(TABOO, fen)
    assert "a1a8" not in legal and "a1a7" in legal
    assert "a1a8" in _legal(_chess("royal"), fen)
    # a discovered check too: the bishop may not leave the line of the rook
    fen = "4k3/8/8/8/4B3/8/8/4R1K1 w - - 0 1"
    assert not {m for m in _legal(TABOO, fen) if m.startswith("e4")}


def test_003_920_castle_names_the_partners() -> None:
    fen = "4k3/8/8/8/8/8/8/4K2N w K - 0 1"
    assert "e1g1" in _legal(_chess("royal=castle{N}"), fen)  # the knight goes to f1
    # an empty set: the royal piece does not castle; no piece may be marked unmoved for it
    feen = "-r3-k^2-r/8/8/8/8/8/8/-R3-K^2-R / C/c"
    assert {"e1g1", "e1c1"} <= _legal(_chess("royal"), feen)
    with pytest.raises(PositionError) as err:
        _chess("royal=castle{}").position(feen)
    assert err.value.code == "VAR303"
    assert _chess("royal=castle{}").tables.castlers == []


def test_003_920_the_second_player_castles_with_a_chancellor() -> None:
    """Perfect chess (royal=castle{RC}): Black castles queenside with the chancellor on a8."""
    perfect = Variant.load(EXAMPLES / "perfect.fbr")
    pos = perfect.position("c3k2r/8/8/8/8/8/8/4K3 b kq - 0 1")
    assert {"e8c8", "e8g8"} <= {m.text for m in pos.legal_moves()}
    pos.push("e8c8")
    assert [pos.piece_at("c8"), pos.piece_at("d8")] == ["k^", "c"]


def test_a_king_that_is_not_royal_castles_through_attacked_squares() -> None:
    """Giveaway: no royal piece, so K castles (Fairy-Stockfish's castlingKingPiece) and nothing
    attacked stops it, from check included."""
    giveaway = Variant.load(EXAMPLES / "giveaway.fbr")
    fen = "4r3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert "e1g1" in _legal(giveaway, fen)
    pos = giveaway.position(fen)
    pos.push("e1g1")
    assert [pos.piece_at("g1"), pos.piece_at("f1")] == ["K", "R"]
    assert pos.fen().split()[2] == "-"


# -- Fairy-Stockfish --------------------------------------------------------------------------------

# taboo is Fairy-Stockfish's `checking = false`; expose with one royal king plays as a king that is
# an ordinary piece whose capture loses, except that Fairy-Stockfish's ordinary king also castles
# out of check, which [*] forbids (003:935 frees only the squares crossed)
CONFIG = """
[taboochess:chess]
checking = false

[exposechess:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
"""


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "fsf"), [(TABOO, "taboochess"), (EXPOSE, "exposechess")])
def test_random_games_agree_with_fairy_stockfish(variant: Variant, fsf: str) -> None:
    pyffish = pytest.importorskip("pyffish")
    pyffish.load_variant_config(CONFIG)
    start = pyffish.start_fen(fsf)
    rnd = random.Random(fsf)
    for _ in range(12):
        pos = variant.position(start)
        line: list[str] = []
        for _ in range(120):
            ours = {m.text for m in pos.legal_moves()}
            theirs = set(pyffish.legal_moves(fsf, start, line))
            if fsf == "exposechess" and pos.is_check():
                theirs -= {m for m in theirs if m in ("e1g1", "e1c1", "e8g8", "e8c8") and m not in ours}
            assert ours == theirs, line
            if not ours:
                break
            mv = rnd.choice(sorted(ours))
            pos.push(mv)
            line.append(mv)
