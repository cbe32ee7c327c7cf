"""The board models ``cylindric`` (003:209-219) and ``torus`` (003:1072-1091) played by the variant core.

No engine plays these boards with FBR rule files (Fairy-Stockfish has no wrapping board), so the
checks are positions worked out by hand from the page's words (the page line in the test name), a
game played by FairyMax's cylinder variant (reported in github.com/pychess/pychess issue #1866:
``1. f4 g5 2. fxg5 f6?? 3. c4+ h5 4. gxh6#``), and the symmetry of the boards: on a cylinder
every file is like every other, so shifting a whole position by some files gives the same perft;
on a torus the ranks too (for positions without pawns, whose moves are tied to ranks). No
published perft figures for cylinder or torus chess were found (searched: "cylinder chess perft",
"torus chess perft"); the hand-worked perft 2 of cylinder chess below stands in for them.
"""

from __future__ import annotations

import random

import pytest
from fsf_oracle import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from notation_toolkit import fbr
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant import Position, Variant, VariantError, divide, perft
from notation_toolkit.variant.rules import read_rules


@pytest.fixture(scope="module")
def cylinder() -> Variant:
    return Variant.load(EXAMPLES / "cylinder.fbr")


@pytest.fixture(scope="module")
def torus() -> Variant:
    return Variant.load(EXAMPLES / "torus.fbr")


@pytest.fixture(scope="module")
def chess() -> Variant:
    return Variant.load(EXAMPLES / "chess.fbr")


def moves(pos: Position) -> set[str]:
    return {str(m) for m in pos.legal_moves()}


def played(variant: Variant, *texts: str, start: str | None = None) -> Position:
    pos = variant.start() if start is None else variant.position(start)
    for text in texts:
        pos.push(text)
    return pos


def test_the_rules_choose_the_board(cylinder: Variant, torus: Variant, chess: Variant) -> None:
    assert cylinder.geometry is Geometry.of(8, 8, wrap_files=True)
    assert torus.geometry is Geometry.of(8, 8, wrap_files=True, wrap_ranks=True)
    assert chess.geometry is Geometry.of(8, 8)
    both = Variant.from_text(
        'boardsize="8x8" startposition="4k3/8/8/8/8/8/8/4K3 w - - 0 1" cylindric torus royal K=W+F'
    )
    assert both.geometry.topology == "torus"
    # the position is written as on the plain board: FEN and FEEN are unchanged
    assert cylinder.start().fen() == chess.start().fen()
    assert cylinder.start().feen() == chess.start().feen()


# -- 003:211 / 003:1074: the page's statements ------------------------------------------------------

KNIGHT_ON_H2 = "8/8/4k3/8/8/8/7N/2K5 w - - 0 1"


def test_003_211_cylinder_generates_nh2_b3(cylinder: Variant, chess: Variant) -> None:
    assert {"h2b3", "h2b1", "h2a4"} <= moves(cylinder.position(KNIGHT_ON_H2))
    assert not {"h2b3", "h2b1", "h2a4"} & moves(chess.position(KNIGHT_ON_H2))


def test_003_1074_torus_generates_nh2_b3_and_crosses_the_first_rank(torus: Variant) -> None:
    knight = {m for m in moves(torus.position(KNIGHT_ON_H2)) if m.startswith("h2")}
    # f1 f3 g4 (plain), b1 b3 a4 (over the files' edge), g8 a8 (over the ranks' edge)
    assert knight == {"h2f1", "h2f3", "h2g4", "h2b1", "h2b3", "h2a4", "h2g8", "h2a8"}


@pytest.mark.parametrize(
    ("name", "fen", "double", "capture", "victim"),
    [
        # Black's a7-a5 passes a6; the white pawn on h5 takes it over the edge
        ("cylinder", "8/p3k3/8/7P/8/8/4K3/8 b - - 0 1", "a7a5", "h5a6", "a5"),
        # on the torus the rear pawn a8 opens with two squares, passing a7
        ("torus", "p7/4k3/7P/8/8/8/4K3/8 b - - 0 1", "a8a6", "h6a7", "a6"),
    ],
)
def test_003_211_1074_en_passant_over_the_board_edge(
    name: str, fen: str, double: str, capture: str, victim: str, request: pytest.FixtureRequest
) -> None:
    variant: Variant = request.getfixturevalue(name)
    pos = played(variant, double, start=fen)
    assert capture in moves(pos)
    pos.push(capture)
    assert pos.piece_at(victim) is None and pos.piece_at(capture[2:]) == "P"
    pos.pop()  # and back: the victim returns
    assert pos.piece_at(victim) == "p" and pos.piece_at(capture[2:]) is None


def test_003_211_no_en_passant_over_the_edge_on_the_plain_board(chess: Variant) -> None:
    pos = played(chess, "a7a5", start="8/p3k3/8/7P/8/8/4K3/8 b - - 0 1")
    assert "h5a6" not in moves(pos)


def test_003_211_a_mate_over_the_edge(cylinder: Variant, chess: Variant) -> None:
    """FairyMax's cylinder game (pychess issue #1866): 3. c4 opens the queen's diagonal
    d1-c2-b3-a4-h5-g6-f7-e8 across the edge; 3...h5 blocks it, 4. gxh6 e.p. opens it again: mate.
    The same moves in orthodox chess are neither check nor mate."""
    opening = ("f2f4", "g7g5", "f4g5", "f7f6", "c2c4")
    pos = played(cylinder, *opening)
    assert pos.is_check()
    assert "h7h5" in moves(pos) and "e8f7" not in moves(pos)
    pos.push("h7h5")
    pos.push("g5h6")
    outcome = pos.outcome()
    assert outcome is not None and (outcome.winner, outcome.reason) == (0, "checkmate")
    plain = played(chess, *opening, "h7h5", "g5h6")
    assert not plain.is_check() and plain.outcome() is None


def test_003_1074_the_back_rank_mate_is_no_mate_on_a_torus(
    torus: Variant, cylinder: Variant, chess: Variant
) -> None:
    """Re8 against Kg8 with pawns f7 g7 h7 mates on the plane and on the cylinder; on the torus the
    king steps over the last rank onto f1, g1 or h1."""
    fen = "4R1k1/5ppp/8/8/3K4/8/8/8 b - - 0 1"
    for variant in (chess, cylinder):
        outcome = variant.position(fen).outcome()
        assert outcome is not None and outcome.reason == "checkmate"
    pos = torus.position(fen)
    assert pos.outcome() is None
    assert moves(pos) == {"g8f1", "g8g1", "g8h1"}


def test_003_211_the_rule_changes_the_move_list(cylinder: Variant, chess: Variant) -> None:
    """After 1. c3 (or c4) the queen's diagonal d1-c2-b3-a4-h5-g6-f7 pins the f7 pawn to the king
    on e8 across the edge; after 1. g3 (or g4) the bishop's f1-g2-h3-a4-b5-c6-d7 pins d7. Each of
    these four first moves leaves Black 18 replies instead of 20: perft 2 is 400 - 4 * 2 = 392."""
    assert perft(cylinder.start(), 1) == 20
    counts = divide(cylinder.start(), 2)
    assert {m: n for m, n in counts.items() if n != 20} == {"c2c3": 18, "c2c4": 18, "g2g3": 18, "g2g4": 18}
    assert perft(cylinder.start(), 2) == 392 and perft(chess.start(), 2) == 400
    assert not {"f7f6", "f7f5"} & moves(played(cylinder, "c2c3"))


def test_torus_chess_start(torus: Variant) -> None:
    """Gadsden and Roberts' setup: only the front pawns (one step) and the knights move, and the
    knights on b2 and g2 reach the black pawns on a8, c8, f8, h8 over the first rank."""
    assert moves(torus.start()) == {f"{f}3{f}4" for f in "abcdefgh"} | {
        "b2a4",
        "b2c4",
        "b2a8",
        "b2c8",
        "g2f4",
        "g2h4",
        "g2f8",
        "g2h8",
    }


def test_a_rider_never_comes_back_to_its_square(cylinder: Variant, torus: Variant) -> None:
    """On an empty rank the rook on a1 reaches b1..h1 (h1 in one step over the edge), and no move
    goes around to a1 itself (that is the `null` attribute, 003:217, not executed)."""
    fen = "4k3/8/8/8/8/8/4K3/R7 w - - 0 1"
    for variant in (cylinder, torus):
        rook = {m for m in moves(variant.position(fen)) if m.startswith("a1")}
        assert "a1a1" not in rook and {f"a1{f}1" for f in "bcdefgh"} <= rook
    # on the torus the a-file goes round too: a1-a8 in one step, over the edge
    assert {f"a1a{r}" for r in range(2, 9)} <= {m for m in moves(torus.position(fen)) if m.startswith("a1")}


def _with_null(name: str) -> Variant:
    text = (EXAMPLES / f"{name}.fbr").read_text(encoding="utf-8")
    rule = "cylindric" if name == "cylinder" else "torus"
    return Variant.from_text(text.replace(f"\n{rule} ", f"\n{rule}=null ", 1))


def test_003_217_null_moves_round_the_cylinder(cylinder: Variant) -> None:
    """ "Null moves are allowed, for instance moving the rook from a5 to a5 if this is legal":
    with the 5th rank empty but for the rook it goes round to a5; the move changes only the side to
    move."""
    variant = _with_null("cylinder")
    fen = "4k3/8/8/R7/8/8/8/4K3 w - - 0 1"
    assert "a5a5" in moves(variant.position(fen))
    assert moves(variant.position(fen)) == moves(cylinder.position(fen)) | {"a5a5"}
    assert "a5a5" not in moves(variant.position("4k3/8/8/R2p4/8/8/8/4K3 w - - 0 1"))  # d5 blocks
    assert "a5a5" not in moves(variant.position("4k3/8/8/R7/8/8/8/4K2r w - - 0 1"))  # in check: not legal
    pos = variant.position(fen)
    before = pos.fen()
    pos.push("a5a5")
    assert pos.fen().split()[:2] == [before.split()[0], "b"]
    pos.pop()
    assert pos.fen() == before


def test_003_1089_null_moves_round_the_torus() -> None:
    """On the torus a file goes round too: the rook on a5 with the 5th rank blocked still comes
    back along the a-file."""
    variant = _with_null("torus")
    assert "a5a5" in moves(variant.position("8/4k3/8/R2p4/8/8/4K3/8 w - - 0 1"))
    assert "a5a5" not in moves(variant.position("8/4k3/8/R2p4/8/p7/4K3/8 w - - 0 1"))


def _with_wrong_rook(name: str) -> Variant:
    text = (EXAMPLES / "cylinder.fbr").read_text(encoding="utf-8")
    return Variant.from_text(text.replace("\ncylindric ", f"\n{name}=wrongrook ", 1))


@pytest.mark.parametrize(("rule", "black_king"), [("cylindric", "4k3/8"), ("torus", "8/4k3")])
def test_003_213_1085_castling_with_the_wrong_rook(rule: str, black_king: str, cylinder: Variant) -> None:
    """ "By such castling on the kingside the king e1 moves to g1 and rook a1 moves to f1. This
    castling on the queenside has the rook on h1 moving to d1, king moves to c1" (003:213, the
    same words at 003:1085)."""
    variant = _with_wrong_rook(rule)
    rest = "/8/8/8/8/8"
    kingside = variant.position(f"{black_king}{rest}/R3K3 w Q - 0 1")
    assert {"e1g1", "e1c1"} <= moves(kingside)  # over the edge with a1, and the ordinary O-O-O
    kingside.push("e1g1")
    assert (kingside.piece_at("g1"), kingside.piece_at("f1"), kingside.piece_at("a1")) == ("K^", "R", None)
    queenside = variant.position(f"{black_king}{rest}/4K2R w K - 0 1")
    assert {"e1g1", "e1c1"} <= moves(queenside)
    queenside.push("e1c1")
    assert (queenside.piece_at("c1"), queenside.piece_at("d1"), queenside.piece_at("h1")) == ("K^", "R", None)
    # without the attribute: the ordinary castling only
    assert "e1g1" not in moves(cylinder.position(f"4k3{rest}/8/R3K3 w Q - 0 1"))
    # the rook's way over the edge must be empty (h1, g1, f1), the king passes no attacked square
    # (f1), does not castle out of check, and both must be unmoved
    for fen in (
        f"{black_king}{rest}/R3K2N w Q - 0 1",
        f"{black_king}{rest}/R3K1N1 w Q - 0 1",
        f"{black_king}{rest[:-2]}/5r2/R3K3 w Q - 0 1",
        f"{black_king}{rest[:-2]}/4r3/R3K3 w Q - 0 1",
        f"{black_king}{rest}/R3K3 w - - 0 1",
    ):
        assert "e1g1" not in moves(variant.position(fen)), fen


@pytest.mark.parametrize(
    ("text", "code", "where"),
    [
        ("!torus", "VAR201", "torus"),
        ("!cylindric", "VAR201", "cylindric"),
    ],
)
def test_what_is_not_executed_is_refused(text: str, code: str, where: str) -> None:
    rule_file = f'boardsize="8x8" royal {text} K=W+F'
    _, diagnostics = read_rules(fbr.parse(rule_file), Geometry.of(8, 8))
    found = [d for d in diagnostics if d.code == code]
    assert found, diagnostics
    span = found[0].span
    assert span is not None and rule_file[span.offset : span.offset + span.length] == where
    with pytest.raises(VariantError):
        Variant.from_text(rule_file + ' startposition="4k3/8/8/8/8/8/8/4K3 w - - 0 1"')


# -- symmetry: every file (and on the torus every rank) is like every other ----------------------------


def _shift_fen(fen: str, dfile: int, drank: int = 0) -> str:
    """The position with every piece moved ``dfile`` files right and ``drank`` ranks up (round the
    board); no castling (castling is tied to files)."""
    board, turn, _castling, ep, *_ = fen.split()
    grid: dict[tuple[int, int], str] = {}
    for r, row in enumerate(reversed(board.split("/"))):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                grid[((f + dfile) % 8, (r + drank) % 8)] = ch
                f += 1
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            piece = grid.get((f, r))
            if piece is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    if ep != "-":
        ep = "abcdefgh"[("abcdefgh".index(ep[0]) + dfile) % 8] + str((int(ep[1]) - 1 + drank) % 8 + 1)
    return f"{'/'.join(rows)} {turn} - {ep} 0 1"


def _random_game_position(variant: Variant, seed: int, plies: int) -> Position:
    rng = random.Random(seed)
    pos = variant.start()
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal or pos.outcome() is not None:
            break
        pos.push(rng.choice(legal))
    return pos


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 30), st.integers(1, 7))
def test_cylinder_perft_is_invariant_under_shifting_all_files(seed: int, plies: int, dfile: int) -> None:
    variant = Variant.load(EXAMPLES / "cylinder.fbr")
    fen = _shift_fen(_random_game_position(variant, seed, plies).fen(), 0)  # castling rights dropped
    here = variant.position(fen)
    there = variant.position(_shift_fen(fen, dfile))
    assert perft(there, 2) == perft(here, 2)
    assert len(there.legal_moves()) == len(here.legal_moves())


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 7), st.integers(1, 7))
def test_torus_perft_is_invariant_under_shifting_files_and_ranks(seed: int, dfile: int, drank: int) -> None:
    """Pawnless positions (a pawn's moves are tied to its ranks): kings and a few pieces placed at
    random, the side not to move not in check."""
    variant = Variant.load(EXAMPLES / "torus.fbr")
    rng = random.Random(seed)
    while True:
        squares = rng.sample(range(64), 6)
        grid = dict(zip(squares, ["K", "k", *rng.choices("QRBNqrbn", k=4)], strict=True))
        fen = _shift_fen(
            "/".join("".join(grid.get(r * 8 + f, "1") for f in range(8)) for r in range(7, -1, -1))
            + " w - - 0 1",
            0,
        )
        here = variant.position(fen)
        if not here.is_attacked(squares[1], 0, "K"):
            break
    there = variant.position(_shift_fen(fen, dfile, drank))
    assert perft(there, 2) == perft(here, 2)


def test_the_shift_check_can_fail_on_the_plain_board(chess: Variant) -> None:
    """The symmetry tests above would catch a board that does not wrap: shifting a position by one
    file changes the plain board's move count."""
    fen = "4k3/8/8/8/8/8/8/N3K3 w - - 0 1"
    assert len(chess.position(fen).legal_moves()) != len(chess.position(_shift_fen(fen, 1)).legal_moves())


def test_a_cylindrical_queen_on_a_plain_board_pins_and_checks_over_the_edge(chess: Variant) -> None:
    """``Q=oR+oB`` (MBN ``o``): only the queen's lines go round. From a4 it pins the knight g6 to
    the king f7 along a4-h5-g6-f7 and covers e8; it checks a king on h5 next to it over the edge,
    and the king may not step back along the line (g6) nor onto the rank it wraps (h4, g4)."""
    text = (EXAMPLES / "chess.fbr").read_text(encoding="utf-8").replace("Q=R+B", "Q=oR+oB")
    variant = Variant.from_text(text)
    assert variant.geometry.topology == "plane" and variant.tables.wraps
    pinned = variant.position("8/5k2/6n1/8/Q7/8/8/4K3 b - - 0 1")
    assert moves(pinned) == {"f7e6", "f7e7", "f7f6", "f7f8", "f7g7", "f7g8"}
    assert {m for m in moves(chess.position("8/5k2/6n1/8/Q7/8/8/4K3 b - - 0 1")) if m.startswith("g6")}
    checked = variant.position("8/8/8/7k/Q7/8/8/4K3 b - - 0 1")
    assert checked.is_check() and moves(checked) == {"h5g5", "h5h6"}
