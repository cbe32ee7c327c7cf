"""What MBN pieces mean: base letters, directions, modalities, ranges, legs, and where MBN's reading
differs from Fairy-Stockfish's Betza (docs/pieces.md). Facts from the FBR page (003:LINE), the MBN
base-letter table (fbr-mbn-notes 3.2) and python-chess where it applies."""

from __future__ import annotations

import chess
import pytest

from notation_toolkit.core.errors import LimitError, NotationError
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces import (
    BLACK,
    WHITE,
    EnPassant,
    NotExecutableError,
    compile_piece,
    compile_rule_file,
)
from notation_toolkit.variant.pieces.compiler import Mirror
from tests.pieces.helpers import compile_mbn

G8 = Geometry.of(8, 8)


def names(bb: int, g: Geometry = G8) -> set[str]:
    return set(g.names(bb))


def sq(name: str, g: Geometry = G8) -> int:
    return g.parse_square(name)


# -- base letters (fbr-mbn-notes 3.2, LeCodex base table) -------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("R", "W0"),
        ("B", "F0"),
        ("Q", "RB"),
        ("Q", "W0+F0"),
        ("Q", "R+B"),
        ("K", "WF"),
        ("K", "W+F"),
        ("E", "RN"),
        ("I", "BN"),
        ("N", ":1,2:"),
        ("A", ":2,2:"),
        ("Z", ":2,3:"),
        ("J", "Z"),
        ("L", "C"),
        ("G", "T"),
        ("R", "aR"),
        ("R", "mR+cR"),
        ("W2", "W+W02"),
        ("K2", "W2F2"),
    ],
)
def test_same_moves(a: str, b: str) -> None:
    assert compile_piece(a, G8).same_moves(compile_piece(b, G8))


@pytest.mark.parametrize(
    ("a", "b"), [("R", "B"), ("N", "N0"), ("W2", "W02"), ("mR", "cR"), ("Q", "K"), ("fW", "bW"), ("R", "gR")]
)
def test_different_moves(a: str, b: str) -> None:
    assert not compile_piece(a, G8).same_moves(compile_piece(b, G8))


def test_orthodox_pieces_match_python_chess_attacks() -> None:
    """K Q R B N attacks equal python-chess's on random occupancies (both sides for the pawn)."""
    import random

    rng = random.Random(7)
    pieces = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT}
    compiled = {k: compile_piece(k, G8) for k in pieces}
    pawn = compile_piece("P", G8)
    for _ in range(300):
        occ = rng.getrandbits(64) & rng.getrandbits(64)
        board = chess.BaseBoard.empty()
        for s in chess.SquareSet(occ):
            board.set_piece_at(s, chess.Piece(chess.PAWN, chess.BLACK))
        for s in range(64):
            for k, pt in pieces.items():
                board_copy = board.copy()
                board_copy.set_piece_at(s, chess.Piece(pt, chess.WHITE))
                expected = int(board_copy.attacks_mask(s))
                assert compiled[k].attacks(s, WHITE, occ | (1 << s)) == expected, (k, s)
            assert pawn.attacks(s, WHITE, occ) == int(chess.BB_PAWN_ATTACKS[chess.WHITE][s])
            assert pawn.attacks(s, BLACK, occ) == int(chess.BB_PAWN_ATTACKS[chess.BLACK][s])


def test_pawn_pushes_and_en_passant() -> None:
    """P = mfW+cefF+[1-2]mefW02: the double step from ranks 1-2 (7-8 for Black, 003:464) marks the
    passed square; a pawn with ce captures there, removing the pawn that passed."""
    p = compile_piece("P", G8)
    assert names(p.quiets(sq("e2"), WHITE, 0)) == {"e3", "e4"}
    assert names(p.quiets(sq("e3"), WHITE, 0)) == {"e4"}
    assert names(p.quiets(sq("e2"), WHITE, G8.mask("e3"))) == set()  # W02 slides: e3 blocks
    assert names(p.quiets(sq("d7"), BLACK, 0)) == {"d6", "d5"}
    double = [mv for mv in p.moves(sq("e2"), WHITE, 1 << sq("e2"), 0, 0) if mv.target == sq("e4")]
    assert len(double) == 1 and names(double[0].ep_squares) == {"e3"}
    single = [mv for mv in p.moves(sq("e2"), WHITE, 1 << sq("e2"), 0, 0) if mv.target == sq("e3")]
    assert single[0].ep_squares == 0
    ep = EnPassant(squares=1 << sq("e3"), victim=sq("e4"), victim_key="P")
    occ = G8.mask("d4 e4")
    caps = [mv for mv in p.moves(sq("d4"), BLACK, occ, 1 << sq("d4"), 1 << sq("e4"), ep=ep) if mv.is_capture]
    assert [(G8.name(mv.target), G8.name(mv.captured or 0)) for mv in caps] == [("e3", "e4")]
    assert p.makes_ep and p.takes_ep and not p.simple


# -- directions ---------------------------------------------------------------------------------------


def test_black_left_is_the_a_side_under_mirror_vertical() -> None:
    """003:464: mirror=vertical reflects at the horizontal bisector: files stay, so Black's l is the
    a-side, as White's. Fairy-Stockfish turns the board (Black's l = h-side): Mirror.BOTH."""
    lw = compile_piece("lW", G8)
    assert names(lw.quiets(sq("d4"), WHITE, 0)) == {"c4"}
    assert names(lw.quiets(sq("d4"), BLACK, 0)) == {"c4"}
    both = compile_piece("lW", G8, mirror=Mirror.BOTH)
    assert names(both.quiets(sq("d4"), BLACK, 0)) == {"e4"}
    none = compile_piece("fW", G8, mirror=Mirror.NONE)
    assert names(none.quiets(sq("d4"), BLACK, 0)) == {"d5"}


def test_shogi_knight() -> None:
    """fN = (ff)N = the two narrow forward knight moves (Fairy-Stockfish's shogi knight is fN)."""
    fn = compile_piece("fN", G8)
    assert names(fn.quiets(sq("d4"), WHITE, 0)) == {"c6", "e6"}
    assert names(fn.quiets(sq("d4"), BLACK, 0)) == {"c2", "e2"}
    assert compile_mbn("(ff)N", 8).same_moves(fn)
    assert names(compile_mbn("(fs)N", 8).quiets(sq("d4"), WHITE, 0)) == {"b5", "f5"}


def test_juxtaposed_directions() -> None:
    """fsW: a union on orthogonal atoms; fsF: forward-sideways on diagonal atoms (= fF; the MBN
    base letter S=mfsF+... is the Berolina pawn); sF: all four diagonals; flF: one diagonal."""
    assert names(compile_piece("fsW", G8).quiets(sq("d4"), WHITE, 0)) == {"c4", "e4", "d5"}
    assert names(compile_piece("fsF", G8).quiets(sq("d4"), WHITE, 0)) == {"c5", "e5"}
    assert names(compile_piece("sF", G8).quiets(sq("d4"), WHITE, 0)) == {"c5", "e5", "c3", "e3"}
    assert names(compile_piece("flF", G8).quiets(sq("d4"), WHITE, 0)) == {"c5"}
    berolina = compile_piece("S", G8)
    assert names(berolina.quiets(sq("d2"), WHITE, 0)) == {"c3", "e3", "b4", "f4"}
    assert names(berolina.captures(sq("d4"), WHITE, G8.mask("d5 c5"), G8.mask("d5 c5"))) == {"d5"}


def test_doubled_direction_is_refused() -> None:
    with pytest.raises(NotExecutableError) as err:
        compile_piece("ffN", G8)
    assert err.value.code == "PCE201"
    span = err.value.diagnostics[0].span
    assert span is not None and span.offset == 0


# -- modalities and kinds ----------------------------------------------------------------------------


def test_g_is_a_leaping_slider_not_a_grasshopper() -> None:
    """MBN g jumps instead of sliding (fbr-mbn-notes 3.2); Betza g (grasshopper) differs."""
    gr = compile_piece("gR", G8)
    friends, enemies = G8.mask("a4"), G8.mask("a6 c1")
    occ = friends | enemies
    assert names(gr.quiets(sq("a1"), WHITE, occ)) == {
        "a2",
        "a3",
        "a5",
        "a7",
        "a8",
        "b1",
        "d1",
        "e1",
        "f1",
        "g1",
        "h1",
    }
    assert names(gr.captures(sq("a1"), WHITE, occ, enemies)) == {"a6", "c1"}


def test_p_hops_over_one_piece() -> None:
    cannon = compile_piece("mR+cpR", G8)
    occ = G8.mask("a3 a5 a7 d1")
    assert names(cannon.quiets(sq("a1"), WHITE, occ)) == {"a2", "b1", "c1"}
    assert names(cannon.captures(sq("a1"), WHITE, occ, G8.mask("a5 a7"))) == {"a5"}
    pn = compile_piece("pN0", G8)  # a hopping nightrider (Fairy-Stockfish has none to compare)
    assert names(pn.captures(sq("a1"), WHITE, G8.mask("c2 e3"), G8.mask("e3"))) == {"e3"}


def test_lame_leapers() -> None:
    """n: non-jumping, the xiangqi horse/elephant and janggi elephant of Fairy-Stockfish; nC walks
    two orthogonal steps then one diagonal (same rule; Fairy-Stockfish has no lame camel)."""
    horse = compile_piece("nN", G8)
    assert names(horse.quiets(sq("d4"), WHITE, G8.mask("d5"))) == {"b3", "b5", "c2", "e2", "f3", "f5"}
    nc = compile_piece("nC", G8)
    assert sq("e7") in G8.squares(nc.quiets(sq("d4"), WHITE, 0))
    assert sq("e7") not in G8.squares(nc.quiets(sq("d4"), WHITE, G8.mask("d6")))
    assert sq("e7") in G8.squares(nc.quiets(sq("d4"), WHITE, G8.mask("e5")))
    assert not horse.reversible


def test_exact_and_limited_steps() -> None:
    assert names(compile_piece("W02", G8).quiets(sq("a1"), WHITE, 0)) == {"a3", "c1"}
    assert names(compile_piece("W02", G8).quiets(sq("a1"), WHITE, G8.mask("a2"))) == {"c1"}
    assert names(compile_piece("F2", G8).quiets(sq("a1"), WHITE, 0)) == {"b2", "c3"}


def test_capture_sets() -> None:
    """c{...} restricts the victims (003:30 `c{QRBNP}K`): by_type gives the enemy pieces by key."""
    p = compile_piece("mW+c{Q}F", G8)
    assert p.needs_types
    enemies = G8.mask("c5 e5")
    by_type = {"Q": G8.mask("c5"), "R": G8.mask("e5")}
    assert names(p.captures(sq("d4"), WHITE, enemies, enemies, by_type=by_type)) == {"c5"}
    assert names(p.attacks(sq("d4"), WHITE, enemies, victim="Q")) == {"c5", "e5", "c3", "e3"}
    assert p.attacks(sq("d4"), WHITE, enemies, victim="K") == 0
    with pytest.raises(TypeError):
        p.captures(sq("d4"), WHITE, enemies, enemies)
    notking = compile_piece("c{^K}W", G8)
    assert (
        names(
            notking.captures(
                sq("d4"), WHITE, enemies | G8.mask("d5"), G8.mask("d5"), by_type={"K": G8.mask("d5")}
            )
        )
        == set()
    )


def test_initial_moves() -> None:
    p = compile_piece("mW+imW02", G8)
    assert names(p.quiets(sq("d4"), WHITE, 0)) == {"d3", "d5", "c4", "e4"}
    assert names(p.quiets(sq("d4"), WHITE, 0, initial=True)) == {
        "d3",
        "d5",
        "c4",
        "e4",
        "d2",
        "d6",
        "b4",
        "f4",
    }


def test_ranges() -> None:
    """Ranges before a move restrict the origin, after it the destination (003:34, LeCodex
    `B[d-f1-3]`, `[1-2]mefW02`); Black's ranges are mirrored (003:464)."""
    palace = compile_piece("K[d-f1-3]", G8)
    assert names(palace.quiets(sq("d1"), WHITE, 0)) == {"e1", "d2", "e2"}
    assert names(palace.quiets(sq("d8"), BLACK, 0)) == {"e8", "d7", "e7"}
    bishop = compile_piece("B[d-f1-3]", G8)
    # squares outside the destination range still block the line
    assert names(bishop.quiets(sq("c1"), WHITE, G8.mask("b2"))) == {"d2", "e3"}
    inner = compile_piece("[.]W", G8)
    assert inner.quiets(sq("a1"), WHITE, 0) == 0 and inner.quiets(sq("b2"), WHITE, 0) != 0


def test_multi_leg_moves() -> None:
    """`-`: the next leg starts where the previous ended, on an empty square; `--` the same
    (003:1007 reads B0 as B--B--B--..., 003:38 aK--<+>mO)."""
    p = compile_piece("mW-F", G8)
    moves = p.moves(sq("d4"), WHITE, 1 << sq("d4"), 0, 0)
    targets = {G8.name(mv.target) for mv in moves}
    assert "c6" in targets and "e6" in targets and "d4" not in targets
    via = {G8.name(mv.path[0]) for mv in moves if mv.target == sq("c6")}
    assert via == {"d5"}
    # the first leg ends on an empty square: d5 occupied, no way to c6; f5 (via e4) stays
    blocked = p.moves(sq("d4"), WHITE, G8.mask("d4 d5"), 0, G8.mask("d5"))
    assert sq("c6") not in {mv.target for mv in blocked}
    assert {G8.name(mv.path[0]) for mv in blocked if mv.target == sq("f5")} == {"e4"}
    assert compile_piece("mW--F", G8).same_moves(p)
    assert not p.simple
    optional = compile_piece("W-[F]", G8)
    assert names(optional.quiets(sq("d4"), WHITE, 0)) >= {"d5", "c6", "e6"}


def test_rule_file_pieces_and_macros() -> None:
    """The Alice single-board conversion (003:30) compiles; @Q redefines the letter Q."""
    pieces = compile_rule_file("K=mR+c{QRBNP}K Q=mQ+c{QRBNP}Q R B N P +P")
    assert set(pieces) == {"K", "Q", "R", "B", "N", "P", "+P"}
    assert pieces["K"].needs_types
    macro = compile_rule_file("@Q=R+N Q")
    assert macro["Q"].same_moves(compile_piece("RN", G8))
    grand = compile_rule_file('boardsize="10x10" Q R')
    assert grand["Q"].geometry is Geometry.of(10, 10)


# -- refusals and bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("jW", "PCE201"),
        ("o[b,g]B", "PCE201"),
        ("W0*", "PCE202"),
        ("[+]K", "PCE203"),
        ("U", "PCE204"),
        ("X", "PCE204"),
        ("<+>mO", "PCE204"),
        ("(WF)0", "PCE204"),
        ("cc{Q}K", "PCE201"),
        ("m?W", "PCE201"),
        ("N(fs)", "PCE204"),
    ],
)
def test_not_executable_is_refused_with_a_code_and_span(text: str, code: str) -> None:
    with pytest.raises(NotExecutableError) as err:
        compile_piece(text, G8)
    codes = {d.code for d in err.value.diagnostics}
    assert code in codes
    assert all(d.span is not None for d in err.value.diagnostics)
    partial = compile_piece(text + "+W", G8, strict=False) if "(" not in text else None
    if partial is not None:
        assert not partial.complete and partial.diagnostics


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (":QD:", "PCE101"),
        ("Y", "PCE204"),
        (":30,1:", "PCE102"),
        ("eW", "PCE102"),
        ("@:AB:=:CD: @:CD:=:AB: :AB:", "PCE103"),
        ("@X=aW Y=mX", "PCE201"),
    ],
)
def test_bad_input_raises_notation_error(text: str, code: str) -> None:
    with pytest.raises(NotationError) as err:
        if " " in text:
            compile_rule_file(text)
        else:
            compile_piece(text, G8)
    assert code in {d.code for d in err.value.diagnostics}


def test_board_too_large() -> None:
    with pytest.raises(LimitError):
        compile_piece("R", "27x8")
    with pytest.raises(NotationError):
        compile_piece("R", "0x8")


def test_hop_on_a_single_leap_and_locust_legs_are_refused() -> None:
    with pytest.raises(NotExecutableError) as err:
        compile_piece("pW", G8)
    assert err.value.code == "PCE201"
    with pytest.raises(NotExecutableError) as err:
        compile_piece("cW-mW", G8)
    assert err.value.code == "PCE204"


def test_one_record_per_move() -> None:
    """W-W reaches d6 through d5 only, but e5 through d5 and e4: one record each."""
    p = compile_piece("mW-mW", G8)
    moves = p.moves(sq("d4"), WHITE, 1 << sq("d4"), 0, 0)
    targets = [mv.target for mv in moves]
    assert len(targets) == len(set(targets))
    assert names(sum(1 << t for t in targets)) == {"d6", "d2", "b4", "f4", "c5", "e5", "c3", "e3"}


def test_every_rule_file_of_the_page_compiles_or_is_refused_with_codes() -> None:
    """The 56 rule strings of the FBR page (tests/data/fbr/page_003.json): each compiles, or is
    refused with PCE diagnostics that carry spans; the plain ones compile."""
    import json
    from pathlib import Path

    from notation_toolkit import fbr

    page = json.loads((Path(__file__).parent.parent / "data" / "fbr" / "page_003.json").read_text("utf-8"))
    compiled = []
    for entry in page["strings"]:
        if entry["kind"] != "file":
            continue
        rules = fbr.parse(entry["text"])
        try:
            compiled.append((entry["text"], compile_rule_file(rules, "8x8")))
        except NotExecutableError as err:
            assert err.diagnostics
            assert all(d.code.startswith("PCE") and d.span is not None for d in err.diagnostics)
    texts = [t for t, _ in compiled]
    alice = next(p for t, p in compiled if t.startswith("royal promotion#=move*"))
    assert alice["K"].needs_types and alice["#K"].needs_types
    assert any(t.startswith("royal @K @Q=QN") for t in texts) is False  # X = wwK: swap not executable
    assert len(compiled) >= 30


def test_amalgams_parsed_from_text() -> None:
    """The grammar's amalgamated directional modifiers (BNF <DirectionalModifier> ::= <Amalgamated>)
    reach the compiler as ``PartialMove.directions``: `(ff)N` = fN (shogi knight), `(fs)N` the two
    wide forward moves, `f(fs)N` (directional modifiers in a row) their union; the modifier letters
    before an amalgam still pair up on oblique atoms (`b(bs)N` = bN + (bs)N)."""
    assert compile_piece("(ff)N", G8).same_moves(compile_piece("fN", G8))
    assert names(compile_piece("(fs)N", G8).quiets(sq("d4"), WHITE, 0)) == {"b5", "f5"}
    assert names(compile_piece("(fs)N", G8).quiets(sq("d4"), BLACK, 0)) == {"b3", "f3"}
    assert names(compile_piece("f(fs)N", G8).quiets(sq("d4"), WHITE, 0)) == {"c6", "e6", "b5", "f5"}
    assert names(compile_piece("b(bs)N", G8).quiets(sq("d4"), WHITE, 0)) == {"c2", "e2", "b3", "f3"}
    assert compile_piece("(fl)F", G8).same_moves(compile_piece("flF", G8))
    assert names(compile_piece("(fs)F", G8).quiets(sq("d4"), WHITE, 0)) == {"c5", "e5"}
    # amalgams inside a definition that expands: (ff) filters every part of K
    assert compile_piece("(ff)K", G8).same_moves(compile_piece("fW+fF", G8))
    # the amalgam is not lost in a rule file either
    assert compile_rule_file("K N=(ff)N")["N"].same_moves(compile_piece("fN", G8))
    assert not compile_piece("(fs)N", G8).same_moves(compile_piece("N", G8))


@pytest.mark.parametrize(
    ("text", "code", "what"),
    [
        ("(fb)N", "PCE102", "(fb)"),
        ("(rl)W", "PCE102", "(rl)"),
        ("(dz)N", "PCE201", "(dz)"),
        ("(tf)N", "PCE201", "(tf)"),
        ("N(f)", "PCE204", "N(f)"),
        ("N(fs)", "PCE204", "N(fs)"),
        ("{Q}K", "PCE204", "{Q}"),
        ("{Q}{R}K", "PCE204", "{Q}{R}"),
        ("mW+{Q}{R}K", "PCE204", "{Q}{R}"),
    ],
)
def test_new_grammar_forms_refused_from_text(text: str, code: str, what: str) -> None:
    """Forms the grammar now accepts but whose meaning is undefined (circular parts, attacker sets)
    or empty (opposite amalgams) are refused with a code and the span of the construct."""
    with pytest.raises(NotExecutableError) as err:
        compile_piece(text, G8)
    diags = [d for d in err.value.diagnostics if d.code == code]
    assert diags, err.value.diagnostics
    span = diags[0].span
    assert span is not None
    assert text[span.offset : span.end] == what


@pytest.mark.parametrize(
    ("rules", "black_left"),
    [("K L=lW", "c4"), ("mirror=vertical,horizontal K L=lW", "e4"), ("!mirror K L=lW", "c4")],
)
def test_mirror_rule(rules: str, black_left: str) -> None:
    """003:464-466: mirror=vertical (default) keeps files for Black, vertical,horizontal turns the
    board, !mirror does not reflect at all (Black's forward is then White's)."""
    piece = compile_rule_file(rules)["L"]
    assert names(piece.quiets(sq("d4"), BLACK, 0)) == {black_left}
    forward = compile_rule_file(rules.replace("lW", "fW"))["L"]
    expected = "d5" if rules.startswith("!mirror") else "d3"
    assert names(forward.quiets(sq("d4"), BLACK, 0)) == {expected}


def test_board_range_mask() -> None:
    from notation_toolkit import fbr
    from notation_toolkit.fbr import ast as fa
    from notation_toolkit.variant.pieces import board_range_mask

    rule = next(i for i in fbr.parse("promotion+[8] K").items if isinstance(i, fa.FbrRule))
    assert rule.board_range is not None
    assert names(board_range_mask(rule.board_range, G8)) == {f"{f}8" for f in "abcdefgh"}
    assert names(board_range_mask(rule.board_range, G8, side=BLACK)) == {f"{f}1" for f in "abcdefgh"}
    dyn = next(i for i in fbr.parse("hill[+] K").items if isinstance(i, fa.FbrRule))
    assert dyn.board_range is not None
    with pytest.raises(NotExecutableError) as err:
        board_range_mask(dyn.board_range, G8)
    assert err.value.code == "PCE203"


def test_multi_leg_capture_sets() -> None:
    p = compile_piece("mW-c{Q}F", G8)
    enemies = G8.mask("c6 e6")
    assert p.quiets(sq("d4"), WHITE, enemies) == 0
    assert names(p.captures(sq("d4"), WHITE, enemies, enemies, by_type={"Q": G8.mask("c6")})) == {"c6"}
    assert p.attacks(sq("d4"), WHITE, 0, victim="K") == 0
    assert sq("c6") in G8.squares(p.attacks(sq("d4"), WHITE, 0, victim="Q"))
