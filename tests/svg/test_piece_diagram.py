"""Piece diagrams from the MBN piece compiler: the sets drawn are python-chess's for the orthodox
pieces, the picture is well-formed, deterministic, matches its golden file and renders to a PNG
that is not blank."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from pathlib import Path

import chess
import pytest

from notation_toolkit import svg
from notation_toolkit.core.errors import NotationError

G = "{http://www.w3.org/2000/svg}g"
GOLDEN = Path(__file__).resolve().parent / "golden"


def _overlays(picture: str) -> list[str]:
    """The marker groups of a picture, each serialised, in a stable order."""
    root = ET.fromstring(picture)
    group = next(g for g in root.iter(G) if g.get("class") == "overlays")
    out = []
    for child in group:
        child.tail = None  # indentation differs with the element's place in the document
        out.append(ET.tostring(child, encoding="unicode"))
    return sorted(out)


def _kinds(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    group = next(g for g in root.iter(G) if g.get("class") == "overlays")
    return sorted(child.get("class") or "" for child in group)


def _names(bb: int) -> frozenset[object]:
    return frozenset(chess.square_name(s) for s in chess.SquareSet(bb))


@pytest.mark.parametrize(
    ("letter", "mbn", "origin", "friends", "enemies"),
    [
        ("Q", "Q", "d4", ["d6", "b2"], ["f4", "d2", "g7"]),
        ("R", "W0", "a1", ["a4"], ["c1"]),
        ("B", "F0", "c1", [], ["e3"]),
        ("N", "N", "b1", ["d2"], ["c3"]),
        ("K", "WF", "e1", ["d1", "f2"], ["e2"]),
    ],
)
def test_sets_are_python_chess_attacks(
    letter: str, mbn: str, origin: str, friends: list[str], enemies: list[str]
) -> None:
    """Moves, captures and blocked squares drawn for an orthodox piece are the ones python-chess's
    attack tables give for the same blockers (its hand-written 8x8 tables, not our compiler)."""
    board = chess.BaseBoard.empty()
    sq = chess.parse_square(origin)
    piece_type = chess.PIECE_SYMBOLS.index(letter.lower())
    board.set_piece_at(sq, chess.Piece(piece_type, chess.WHITE))
    empty_attacks = int(board.attacks_mask(sq))
    for name in friends:
        board.set_piece_at(chess.parse_square(name), chess.Piece(chess.PAWN, chess.WHITE))
    for name in enemies:
        board.set_piece_at(chess.parse_square(name), chess.Piece(chess.PAWN, chess.BLACK))
    attacks = int(board.attacks_mask(sq))
    occupied = int(board.occupied) & ~chess.BB_SQUARES[sq]
    enemy_bb = int(board.occupied_co[chess.BLACK])
    friend_bb = int(board.occupied_co[chess.WHITE]) & ~chess.BB_SQUARES[sq]
    expected = svg.MoveSets(
        _names(attacks & ~occupied),
        _names(attacks & enemy_bb),
        _names(empty_attacks & ~(attacks & ~friend_bb)),
    )
    ours = svg.piece_diagram(f"{letter}={mbn}", origin=origin, friends=friends, enemies=enemies)
    reference = svg.move_diagram((8, 8), origin, letter, expected)
    assert _overlays(ours) == _overlays(reference)


def test_capture_only_squares_and_black() -> None:
    """N=mN+cW: the empty W squares are drawn as 'guarded' (capture only), the enemy on d5 as a
    capture, the knight's squares as moves; for Black forward is down (mirror=vertical)."""
    picture = svg.piece_diagram("N=mN+cW", origin="d4", enemies=["d5"])
    kinds = _kinds(picture)
    assert kinds.count("move") == 8 and kinds.count("capture") == 1 and kinds.count("guarded") == 3
    black = svg.piece_diagram("P=mfW+cfF", origin="d4", side="black")
    assert _kinds(black) == ["guarded", "guarded", "move"]
    black_d5 = _overlays(svg.piece_diagram("P=mfW+cfF", origin="d5", side="black"))
    step_down = _overlays(svg.move_diagram((8, 8), "d5", "p", svg.MoveSets(frozenset({"d4"}))))
    assert len(step_down) == 1 and step_down[0] in black_d5
    step_up = _overlays(svg.move_diagram((8, 8), "d5", "P", svg.MoveSets(frozenset({"d6"}))))
    assert step_up[0] in _overlays(svg.piece_diagram("P=mfW+cfF", origin="d5"))
    assert step_up[0] not in black_d5


def test_origin_as_feen_coordinate_and_any_board() -> None:
    # (rank, file) in FEEN string order: row 0 is the top rank
    assert svg.piece_diagram("R", shape=(10, 12), origin=(9, 0)) == svg.piece_diagram(
        "R", shape=(10, 12), origin="a1"
    )
    assert _kinds(svg.piece_diagram("R", shape=(10, 12), origin="a1")).count("move") == 9 + 11
    with pytest.raises(ValueError):
        svg.piece_diagram("R", origin=(8, 0))


def test_refused_definitions_raise_notation_errors() -> None:
    with pytest.raises(NotationError) as err:
        svg.piece_diagram("K=N(f)")
    assert err.value.diagnostics[0].code == "PCE204"


def test_golden_and_png() -> None:
    picture = svg.piece_diagram("N=mN+cW", origin="d4", friends=["c6"], enemies=["d5", "e6"])
    ET.fromstring(picture)
    assert picture == svg.piece_diagram("N=mN+cW", origin="d4", friends=["c6"], enemies=["d5", "e6"])
    path = GOLDEN / "piece_mN_cW.svg"
    if os.environ.get("NTK_UPDATE_GOLDEN"):
        path.write_text(picture, encoding="utf-8")
    assert picture == path.read_text(encoding="utf-8")
    pytest.importorskip("cairosvg")
    try:
        png = svg.to_png(picture)
    except ModuleNotFoundError:
        pytest.skip("cairo library missing")
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    import io

    image_module = pytest.importorskip("PIL.Image")
    image = image_module.open(io.BytesIO(png)).convert("L")
    lo, hi = image.getextrema()
    assert hi - lo > 100  # not blank


def test_a_registered_generator_still_wins() -> None:
    def nothing(definition: str, shape: tuple[int, int], origin: object) -> svg.MoveSets:
        return svg.MoveSets()

    svg.register_move_generator(nothing)
    try:
        assert _kinds(svg.piece_diagram("Q", origin="d4")) == []
    finally:
        svg.register_move_generator(None)
    assert _kinds(svg.piece_diagram("Q", origin="d4")).count("move") == 27
