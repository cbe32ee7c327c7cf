"""The piece compiler on boards whose edges join: the cylinder (FBR ``cylindric``, 003:209-211) and
the torus (FBR ``torus``, 003:1072-1074).

The page's statements are hand-worked positions (the page line in the test name); the rest is
checked against a reference move generator written here from the page's words alone (a step
across a joined edge comes back on the other side, a rider stops where it would come back to its
own square), and against the symmetry of these boards: on a cylinder every file is like every
other, so shifting all files shifts every move; on a torus the same holds for ranks.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces import BLACK, WHITE, compile_piece
from notation_toolkit.variant.pieces.model import EnPassant

PLANE = Geometry.of(8, 8)
CYLINDER = Geometry.of(8, 8, wrap_files=True)
TORUS = Geometry.of(8, 8, wrap_files=True, wrap_ranks=True)
PAWN = "P=mfW+cefF+[1-2]mefW02"  # examples/variants/chess.fbr


def sq(g: Geometry, name: str) -> int:
    return g.parse_square(name)


def names(g: Geometry, bb: int) -> set[str]:
    return set(g.names(bb))


# -- the geometry --------------------------------------------------------------------------------


def test_geometry_of_a_wrapping_board_is_its_own_board() -> None:
    assert CYLINDER is Geometry.of(8, 8, wrap_files=True)
    assert CYLINDER is not PLANE and str(CYLINDER) == str(PLANE) == "8x8"
    assert (PLANE.topology, CYLINDER.topology, TORUS.topology) == ("plane", "cylinder", "torus")
    assert PLANE.wrapped(files=True) is CYLINDER and TORUS.wrapped(files=False) is PLANE
    assert CYLINDER.square_names == PLANE.square_names  # written as the plain board


def test_003_209_cylinder_last_file_connects_to_the_first() -> None:
    h1, a4, h8 = sq(CYLINDER, "h1"), sq(CYLINDER, "a4"), sq(CYLINDER, "h8")
    assert CYLINDER.offset(h1, 1, 0) == sq(CYLINDER, "a1")
    assert CYLINDER.offset(a4, -2, 1) == sq(CYLINDER, "g5")
    assert CYLINDER.offset(h8, 0, 1) is None  # the ranks do not join
    assert PLANE.offset(h1, 1, 0) is None
    assert names(CYLINDER, CYLINDER.shift(CYLINDER.mask("h1 a2 h8"), 1, 0)) == {"a1", "b2", "a8"}
    assert names(CYLINDER, CYLINDER.shift(CYLINDER.mask("h1 a2 h8"), -1, 1)) == {"g2", "h3"}


def test_003_1074_torus_last_rank_connects_to_the_first() -> None:
    h8 = sq(TORUS, "h8")
    assert TORUS.offset(h8, 1, 1) == sq(TORUS, "a1")
    assert TORUS.offset(sq(TORUS, "b1"), 0, -3) == sq(TORUS, "b6")
    assert names(TORUS, TORUS.shift(TORUS.mask("h1 a2 h8"), 1, 1)) == {"a2", "b3", "a1"}


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.booleans(), st.data())
def test_a_shift_and_its_inverse_give_the_board_back(
    w: int, h: int, ranks: bool, data: st.DataObject
) -> None:
    g = Geometry.of(w, h, wrap_files=True, wrap_ranks=ranks)
    bb = data.draw(st.integers(0, g.full))
    dx = data.draw(st.integers(-2 * w, 2 * w))
    dy = data.draw(st.integers(-2 * h, 2 * h)) if ranks else 0
    assert g.shift(g.shift(bb, dx, dy), -dx, -dy) == bb
    assert g.shift(bb, w, 0) == bb


# -- the page's statements -------------------------------------------------------------------------


@pytest.mark.parametrize("g", [CYLINDER, TORUS], ids=["003_211_cylinder", "003_1074_torus"])
def test_knight_h2_b3_is_a_move(g: Geometry) -> None:
    """The page: "the move generator now may produce moves like Nh2-b3" (003:211, 003:1074)."""
    knight = compile_piece("N", g)
    assert "b3" in names(g, knight.quiets(sq(g, "h2"), WHITE, 0))
    assert "b3" not in names(PLANE, compile_piece("N", PLANE).quiets(sq(PLANE, "h2"), WHITE, 0))
    expected = {"f1", "f3", "g4", "b1", "b3", "a4"}
    if g is TORUS:
        expected |= {"g8", "a8"}  # over the first rank too
    assert names(g, knight.quiets(sq(g, "h2"), WHITE, 0)) == expected


@pytest.mark.parametrize("g", [CYLINDER, TORUS], ids=["003_211_cylinder", "003_1074_torus"])
def test_en_passant_over_the_board_edge(g: Geometry) -> None:
    """The page: "It is allowed to capture en passant over the board edge" (003:211, 003:1074):
    Black's a7-a5 passes a6, and the white pawn on h5 takes it across the edge between the h- and a-files."""
    pawn = compile_piece(PAWN, g)
    a7, a5, h5 = sq(g, "a7"), sq(g, "a5"), sq(g, "h5")
    double = [m for m in pawn.moves(a7, BLACK, 1 << a7, 1 << a7, 0) if m.target == a5]
    assert len(double) == 1 and names(g, double[0].ep_squares) == {"a6"}
    ep = EnPassant(double[0].ep_squares, a5, "P")
    moves = pawn.moves(h5, WHITE, (1 << h5) | (1 << a5), 1 << h5, 1 << a5, ep=ep)
    assert {(g.name(m.target), None if m.captured is None else g.name(m.captured)) for m in moves} == {
        ("h6", None),
        ("a6", "a5"),
    }
    plane = compile_piece(PAWN, PLANE)
    assert {m.target for m in plane.moves(h5, WHITE, (1 << h5) | (1 << a5), 1 << h5, 1 << a5, ep=ep)} == {
        sq(PLANE, "h6")
    }


def test_pawns_attack_across_the_file_edge() -> None:
    pawn = compile_piece(PAWN, CYLINDER)
    assert names(CYLINDER, pawn.attacks(sq(CYLINDER, "a2"), WHITE, 0)) == {"b3", "h3"}
    assert names(CYLINDER, pawn.attacks(sq(CYLINDER, "h7"), BLACK, 0)) == {"a6", "g6"}


def test_a_rider_stops_where_it_would_come_back_to_its_square() -> None:
    """On an empty rank of a cylinder the rook reaches each other square of it once, never its own."""
    rook = compile_piece("R", CYLINDER)
    a1 = sq(CYLINDER, "a1")
    rank = names(CYLINDER, rook.quiets(a1, WHITE, 0) & CYLINDER.rank_masks[0])
    assert rank == {"b1", "c1", "d1", "e1", "f1", "g1", "h1"}
    # blocked on e1: from a1 rightwards b1..e1, leftwards h1..e1 (both reach the blocker)
    occ = CYLINDER.mask("e1")
    assert names(CYLINDER, rook.captures(a1, WHITE, occ | 1 << a1, occ) & CYLINDER.rank_masks[0]) == {"e1"}
    assert names(CYLINDER, rook.quiets(a1, WHITE, occ | 1 << a1) & CYLINDER.rank_masks[0]) == {
        "b1",
        "c1",
        "d1",
        "f1",
        "g1",
        "h1",
    }
    # a 10x8 torus: the diagonal from a1 visits lcm(10, 8) - 1 = 39 other squares
    torus = Geometry.of(10, 8, wrap_files=True, wrap_ranks=True)
    assert compile_piece("rfF0", torus).quiets(0, WHITE, 0).bit_count() == 39


def test_a_leap_onto_its_own_square_is_no_move() -> None:
    narrow = Geometry.of(2, 4, wrap_files=True)
    assert compile_piece("D", narrow).quiets(0, WHITE, 0) == narrow.mask("a3")  # (2,0) is a1 itself


def test_signature_knows_the_board() -> None:
    assert compile_piece("R", CYLINDER).same_moves(compile_piece("W0", CYLINDER))
    assert compile_piece("R", CYLINDER).signature() != compile_piece("R", PLANE).signature()
    assert compile_piece("B", TORUS).signature() != compile_piece("B", CYLINDER).signature()


# -- a reference generator from the page's words ------------------------------------------------


def _reference(piece: str, g: Geometry, square: int, occupied: int, enemies: int) -> tuple[int, int, int]:
    """(quiets, captures, attacks) of a few pieces on a wrapping board, by walking coordinates."""
    leaps = {
        "W": [(1, 0), (0, 1), (-1, 0), (0, -1)],
        "F": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
        "D": [(2, 0), (0, 2), (-2, 0), (0, -2)],
        "N": [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)],
    }
    leaps["K"] = leaps["W"] + leaps["F"]
    w, h = g.width, g.height
    f0, r0 = square % w, square // w

    def at(f: int, r: int) -> int | None:
        f %= w
        if g.wrap_ranks:
            r %= h
        return r * w + f if 0 <= r < h else None

    quiet = capture = attack = 0
    letter = piece.lstrip("pn")
    rider = {"R": "W", "B": "F", "Q": "K"}.get(letter)
    if piece == "N0":
        rider = "N"
    for dx, dy in leaps[rider or letter]:
        if piece.startswith("n"):  # lame: the orthogonal step along the longer axis first
            first = at(f0 + (dx // 2 if abs(dx) == 2 else 0), r0 + (dy // 2 if abs(dy) == 2 else 0))
            if first is None or occupied >> first & 1:
                continue
        hurdle = not piece.startswith("p")
        k = 1
        while True:
            t = at(f0 + k * dx, r0 + k * dy)
            if t is None or t == square:
                break
            bit = 1 << t
            if hurdle:
                attack |= bit
                if occupied & bit:
                    capture |= bit & enemies
                    break
                quiet |= bit
            elif occupied & bit:
                hurdle = True
            if rider is None:
                break
            k += 1
    return quiet, capture, attack


WRAPPING = st.builds(
    lambda w, h, ranks: Geometry.of(w, h, wrap_files=True, wrap_ranks=ranks),
    st.integers(1, 10),
    st.integers(1, 10),
    st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["W", "F", "D", "N", "K", "R", "B", "Q", "N0", "nN", "pR", "pB"]), WRAPPING, st.data())
def test_moves_agree_with_the_reference_generator(piece: str, g: Geometry, data: st.DataObject) -> None:
    square = data.draw(st.integers(0, g.size - 1))
    occupied = data.draw(st.integers(0, g.full)) & ~(1 << square)
    enemies = occupied & data.draw(st.integers(0, g.full))
    compiled = compile_piece(piece, g)
    quiet, capture, attack = _reference(piece, g, square, occupied, enemies)
    assert compiled.quiets(square, WHITE, occupied) == quiet
    assert compiled.captures(square, WHITE, occupied, enemies) == capture
    assert compiled.attacks(square, WHITE, occupied) == attack
    records = compiled.moves(square, WHITE, occupied, occupied & ~enemies, enemies)
    assert sum(1 << m.target for m in records if not m.is_capture) == quiet
    assert sum(1 << m.target for m in records if m.is_capture) == capture


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["R", "B", "Q", "N", "K", "N0", "pR"]), WRAPPING, st.data())
def test_attackers_to_agree_with_attacks(piece: str, g: Geometry, data: st.DataObject) -> None:
    """The reverse lookup the game core uses for check detection sees the joined edges too."""
    compiled = compile_piece(piece, g)
    if not compiled.reversible:
        return
    target = data.draw(st.integers(0, g.size - 1))
    occupied = data.draw(st.integers(0, g.full))
    expected = sum(1 << s for s in range(g.size) if compiled.attacks(s, WHITE, occupied) >> target & 1)
    assert compiled.attackers_to(target, WHITE, occupied) & ~(1 << target) == expected


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["R", "Q", "N", "B", "nN", "pR", "mW-F", PAWN]), st.booleans(), st.data())
def test_reach_is_invariant_under_shifting_all_files(piece: str, torus: bool, data: st.DataObject) -> None:
    """On a cylinder every file is like every other: shifting the piece and every other piece by
    some files shifts its moves by as many; on a torus the same holds for ranks."""
    g = TORUS if torus else CYLINDER
    compiled = compile_piece(piece, g)
    square = data.draw(st.integers(0, g.size - 1))
    occupied = data.draw(st.integers(0, g.full)) & ~(1 << square)
    enemies = occupied & data.draw(st.integers(0, g.full))
    side = data.draw(st.sampled_from([WHITE, BLACK]))
    dx = data.draw(st.integers(1, g.width - 1))
    dy = data.draw(st.integers(0, g.height - 1)) if torus else 0
    moved = g.offset(square, dx, dy)
    assert moved is not None

    def shifted(bb: int) -> int:
        return g.shift(bb, dx, dy)

    if piece == PAWN and torus:
        return  # its double step is tied to ranks 1-2: only files are alike for it
    assert compiled.quiets(moved, side, shifted(occupied)) == shifted(compiled.quiets(square, side, occupied))
    assert compiled.captures(moved, side, shifted(occupied), shifted(enemies)) == shifted(
        compiled.captures(square, side, occupied, enemies)
    )
    assert compiled.attacks(moved, side, shifted(occupied)) == shifted(
        compiled.attacks(square, side, occupied)
    )


def test_multi_leg_moves_cross_the_edge() -> None:
    """``mW-F``: one orthogonal step to an empty square, then one diagonal step; from h1 on a
    cylinder the first leg may end on a1 and the second on b2 (hand-worked)."""
    g = CYLINDER
    piece = compile_piece("mW-F", g)
    h1 = sq(g, "h1")
    targets = names(g, piece.quiets(h1, WHITE, 1 << h1))
    # first legs: g1, a1, h2; second legs from them (the origin h1 counts as empty once left)
    assert targets == {"f2", "h2", "b2", "g1", "a1", "g3", "a3"}
    # with a1 occupied the first legs end on g1 and h2 only: b2 is lost, h2 stays (through g1)
    assert names(g, piece.quiets(h1, WHITE, g.mask("h1 a1"))) == {"f2", "h2", "g1", "g3", "a3"}


def test_003_217_null_move_round_the_board() -> None:
    """``null``: a piece that can go round the board back to its square, every square it passes
    empty (never on the plain board; a limited rider needs enough steps)."""
    a5 = sq(CYLINDER, "a5")
    rook = compile_piece("R", CYLINDER)
    assert rook.null_move(a5, WHITE, 1 << a5)
    assert not rook.null_move(a5, WHITE, CYLINDER.mask("a5 d5"))
    assert compile_piece("R", TORUS).null_move(a5, WHITE, CYLINDER.mask("a5 d5"))  # the a-file
    assert not compile_piece("R", TORUS).null_move(a5, WHITE, CYLINDER.mask("a5 d5 a2"))
    assert not compile_piece("R", PLANE).null_move(a5, WHITE, 1 << a5)
    assert compile_piece("W8", CYLINDER).null_move(a5, WHITE, 1 << a5)
    assert not compile_piece("W7", CYLINDER).null_move(a5, WHITE, 1 << a5)  # seven steps fall short
    assert compile_piece("B", TORUS).null_move(0, WHITE, 1)  # a1-b2-...-h8-a1
    assert not compile_piece("B", CYLINDER).null_move(0, WHITE, 1)  # the ranks end
    assert compile_piece("gR", CYLINDER).null_move(a5, WHITE, CYLINDER.mask("a5 d5"))  # jumps over d5
    assert not compile_piece("cR", CYLINDER).null_move(a5, WHITE, 1 << a5)  # captures only
    assert not compile_piece("N", TORUS).null_move(0, WHITE, 1)
    assert compile_piece("N0", TORUS).null_move(0, WHITE, 1)  # (1,2) eight times: round both ways


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(["W0-W0", "F0-N", "N0-F0", "W-F", "gR-W", "W0-F0-W"]), WRAPPING, st.data())
def test_multi_leg_moves_are_their_legs_one_after_the_other(
    piece: str, g: Geometry, data: st.DataObject
) -> None:
    """A multi-leg move (searched leg by leg as square sets) lands where its legs played one after
    the other from the single-leg pieces would: every leg but the last ends on an empty square,
    the mover's own square counting as empty once it has left, never back on it at the end."""
    square = data.draw(st.integers(0, g.size - 1))
    start = 1 << square
    occupied = (data.draw(st.integers(0, g.full)) & data.draw(st.integers(0, g.full))) | start
    enemies = occupied & ~start & data.draw(st.integers(0, g.full))
    legs = [compile_piece(leg, g) for leg in piece.split("-")]
    others = occupied & ~start
    frontier = start
    for leg in legs[:-1]:
        reached = 0
        for x in g.squares(frontier):
            reached |= leg.quiets(x, WHITE, others)
        frontier = reached & ~others
    quiet = capture = 0
    for x in g.squares(frontier):
        quiet |= legs[-1].quiets(x, WHITE, others)
        capture |= legs[-1].captures(x, WHITE, others, enemies)
    compiled = compile_piece(piece, g)
    assert compiled.quiets(square, WHITE, occupied) == quiet & ~start & ~occupied
    assert compiled.captures(square, WHITE, occupied, enemies) == capture & ~start


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["B", "N", "R", "Q", "nN", "pR", "N0", "W0-F0", "mfW+cfF"]), st.booleans(), st.data())
def test_mbn_o_is_the_part_on_a_cylinder(piece: str, torus: bool, data: st.DataObject) -> None:
    """MBN ``o`` (``oo``) makes a part cylindrical (toroidal) on a plain board (fbr-mbn-notes 2.5):
    it moves as the same part does on the cylinder (torus)."""
    prefix, board = ("oo", TORUS) if torus else ("o", CYLINDER)
    wrapped = "+".join("-".join(prefix + leg for leg in alt.split("-")) for alt in piece.split("+"))
    cylindrical = compile_piece(wrapped, PLANE)
    assert cylindrical.wraps and not compile_piece(piece, PLANE).wraps
    same = compile_piece(piece, board)
    square = data.draw(st.integers(0, 63))
    occupied = data.draw(st.integers(0, PLANE.full)) | 1 << square
    enemies = occupied & ~(1 << square) & data.draw(st.integers(0, PLANE.full))
    side = data.draw(st.sampled_from([WHITE, BLACK]))
    assert cylindrical.quiets(square, side, occupied) == same.quiets(square, side, occupied)
    assert cylindrical.captures(square, side, occupied, enemies) == same.captures(
        square, side, occupied, enemies
    )
    assert cylindrical.attacks(square, side, occupied) == same.attacks(square, side, occupied)


def test_mbn_o_with_a_board_range_is_refused() -> None:
    from notation_toolkit.variant.pieces.compiler import NotExecutableError

    with pytest.raises(NotExecutableError) as info:
        compile_piece("o[b,g]B", PLANE)
    assert [d.code for d in info.value.diagnostics] == ["PCE201"]
    assert compile_piece("oR", PLANE).signature() != compile_piece("R", PLANE).signature()
