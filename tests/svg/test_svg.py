"""SVG pictures: well-formed, deterministic, golden files, and pieces where python-chess puts them."""

from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from notation_toolkit import dfen, feen, fen, svg
from notation_toolkit.dicechess import Game
from notation_toolkit.dicechess import Position as DicePosition

NS = {"s": "http://www.w3.org/2000/svg"}
G = "{http://www.w3.org/2000/svg}g"
TEXT = "{http://www.w3.org/2000/svg}text"
GOLDEN = Path(__file__).resolve().parent / "golden"
FEEN_DATA = Path(__file__).resolve().parent.parent / "data" / "feen" / "valid.txt"

# The golden set of the issue: 1D, 8×8, 9×9 with hands, 12×8, 3D (texts from examples/feen and
# the FEEN specification's examples).
GOLDEN_CASES: dict[str, tuple[str, str]] = {
    "feen_1d": ("feen", "K^2+Rk^'1-r / C/c"),
    "feen_8x8": ("feen", "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c"),
    "feen_9x9_hands": ("feen", "ln1gk^g1nl/1r2s2b1/pppp1pppp/9/4p4/9/PPPP1PPPP/1B5R1/LNSGK^GSNL 3P2B/p S/s"),
    "feen_12x8": ("feen", "rnbcqk^aabcnr/12/12/12/12/12/PPPPPPPPPPPP/RNBCQK^AABCNR / C/c"),
    "feen_3d": (
        "feen",
        "-rnk^n-r/+p+p+p+p+p/5/5/5//buqbu/+p+p+p+p+p/5/5/5//5/5/5/5/5//5/5/5/+P+P+P+P+P/BUQBU"
        "//5/5/5/+P+P+P+P+P/-RNK^N-R / R/r",
    ),
    "fen_e4": ("fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
    "dfen_targets": ("dfen", "rnbqkbnr/1p1p1ppp/8/pPpPp3/P3P3/2N2Q1N/2P2PPP/1RB1KB1R w Kkq a6c6e6 0 1 PNK"),
}


def _parse_svg(text: str) -> ET.Element:
    return ET.fromstring(text)


def _pieces(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(G) if (g.get("class") or "").startswith("piece ")]


def _title(node: ET.Element) -> str:
    found = node.find("s:title", NS)
    assert found is not None and found.text is not None
    return found.text


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden(name: str) -> None:
    notation, text = GOLDEN_CASES[name]
    picture = svg.draw(notation, text)
    _parse_svg(picture)
    path = GOLDEN / f"{name}.svg"
    if os.environ.get("NTK_UPDATE_GOLDEN"):
        path.write_text(picture, encoding="utf-8")
    assert picture == path.read_text(encoding="utf-8")


def test_deterministic() -> None:
    for notation, text in GOLDEN_CASES.values():
        assert svg.draw(notation, text) == svg.draw(notation, text)


def _spec_examples() -> list[str]:
    lines = FEEN_DATA.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


@pytest.mark.parametrize("text", _spec_examples())
def test_every_spec_example_draws_each_piece_once(text: str) -> None:
    position = feen.parse(text)
    root = _parse_svg(svg.board(position))
    drawn = _pieces(root)
    # One disc per piece on the board and one per distinct hand item (multiplicity is a badge).
    hand_items = len(position.hands.first.items) + len(position.hands.second.items)
    assert len(drawn) == position.placement.piece_count + hand_items
    squares = [
        r
        for r in root.iter("{http://www.w3.org/2000/svg}rect")
        if r.get("fill") in (svg.COLORS["square light"], svg.COLORS["square dark"])
    ]
    assert len(squares) == position.placement.square_count


def _square_of(root: ET.Element, x: float, y: float) -> str:
    """The square name at (x, y), read from the coordinate labels of the picture itself."""
    texts = [t for t in root.iter(TEXT) if t.text]
    files = {
        t.text: float(t.get("x", "0")) for t in texts if t.text and len(t.text) == 1 and t.text in "abcdefgh"
    }
    ranks = {
        t.text: float(t.get("y", "0")) for t in texts if t.text and len(t.text) == 1 and t.text in "12345678"
    }
    file = min(files, key=lambda f: abs(files[f] - x))
    rank = min(ranks, key=lambda r: abs(ranks[r] - y - 0.35 * 12))
    return f"{file}{rank}"


FENS = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "8/2k5/8/3K4/8/8/6p1/8 b - - 0 60",
]


@pytest.mark.parametrize("flipped", [False, True])
@pytest.mark.parametrize("text", FENS)
def test_pieces_stand_where_python_chess_says(text: str, flipped: bool) -> None:
    chess = pytest.importorskip("chess")
    board = chess.Board(text)
    root = _parse_svg(svg.board(fen.parse(text), flipped=flipped))
    seen: dict[str, str] = {}
    for group in _pieces(root):
        circle = group.find("s:circle", NS)
        assert circle is not None
        square = _square_of(root, float(circle.get("cx", "0")), float(circle.get("cy", "0")))
        seen[square] = _title(group).split(",")[0]
    expected = {chess.square_name(sq): p.symbol() for sq, p in board.piece_map().items()}
    assert seen == expected


def test_dfen_marks_every_en_passant_target_and_draws_the_dice() -> None:
    text = GOLDEN_CASES["dfen_targets"][1]
    root = _parse_svg(svg.draw("dfen", text))
    marks = [g for g in root.iter(G) if g.get("class") == "en-passant"]
    where = set()
    for g in marks:
        circle = g.find("s:circle", NS)
        assert circle is not None
        where.add(_square_of(root, float(circle.get("cx", "0")), float(circle.get("cy", "0"))))
    assert where == {"a6", "c6", "e6"}
    dice = [g for g in root.iter(G) if g.get("class") == "die"]
    # P, N, K are faces 1, 2 and 6 (DFEN's dice order P N B R Q K): 9 pips.
    assert [_title(d) for d in dice] == ["die P (1)", "die N (2)", "die K (6)"]
    assert sum(len(d.findall("s:circle", NS)) for d in dice) == 9


def test_unrolled_pool_and_side_to_move() -> None:
    root = _parse_svg(svg.draw("dfen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1 -"))
    texts = [t.text for t in root.iter(TEXT)]
    assert "dice not rolled" in texts
    to_move = [t.text for t in root.iter(TEXT) if t.get("class") == "to-move"]
    assert to_move == ["Black"]


def test_epin_marks_are_drawn() -> None:
    root = _parse_svg(svg.draw("feen", "K^2+Rk^'1-r / C/c"))
    titles = [_title(g) for g in _pieces(root)]
    assert titles == [
        "K^, first side, terminal",
        "+R, first side, enhanced",
        "k^', second side, terminal, derived",
        "-r, second side, diminished",
    ]
    dashed = [c for c in root.iter("{http://www.w3.org/2000/svg}circle") if c.get("stroke-dasharray")]
    assert len(dashed) == 1  # the derived piece only


def test_hands_show_their_counts() -> None:
    root = _parse_svg(svg.draw("feen", "8/8/8/8/8/8/8/8 3P2B/3p2b C/c"))
    titles = [_title(g) for g in _pieces(root)]
    assert sorted(titles) == sorted(["P, first side", "B, first side", "p, second side", "b, second side"])
    # Count badges are white numbers (rank numbers are grey).
    counts = [t.text or "" for t in root.iter(TEXT) if t.get("fill") == "#ffffff"]
    assert sorted(counts) == ["2", "2", "3", "3"]


def test_3d_levels_are_named_from_the_bottom() -> None:
    root = _parse_svg(svg.draw(*GOLDEN_CASES["feen_3d"]))
    levels = [t.text for t in root.iter(TEXT) if (t.text or "").startswith("level")]
    # The first layer written holds Black's pieces: the top level E of Raumschach.
    assert levels == ["level E", "level D", "level C", "level B", "level A"]


def test_squares_arrows_and_names() -> None:
    position = feen.parse(GOLDEN_CASES["feen_3d"][1])
    picture = svg.board(position, squares=["c1A", (0, 0, 0)], arrows=[("c1A", "c1B")])
    root = _parse_svg(picture)
    overlays = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill-opacity")]
    assert len(overlays) == 2
    assert len([g for g in root.iter(G) if g.get("class") == "arrow"]) == 1
    # c1A is the coordinate (4, 4, 2): level A is the last layer written, rank 1 its last rank.
    assert svg.board(position, squares=["c1A"]) == svg.board(position, squares=[(4, 4, 2)])
    assert svg.board(position, squares=["a5E"]) == svg.board(position, squares=[(0, 0, 0)])
    with pytest.raises(KeyError):
        svg.board(position, squares=["z9"])


def test_highlight_colours_size_and_coordinates() -> None:
    position = fen.parse(FENS[0])
    picture = svg.board(
        position, size=400, squares={"e4": "#ff0000"}, colors={"square dark": "#123456"}, coordinates=False
    )
    root = _parse_svg(picture)
    assert root.get("width") == "400"
    assert any(r.get("fill") == "#ff0000" for r in root.iter("{http://www.w3.org/2000/svg}rect"))
    assert sum(r.get("fill") == "#123456" for r in root.iter("{http://www.w3.org/2000/svg}rect")) == 32
    assert not [t for t in root.iter(TEXT) if t.text == "a"]


def test_piece_glyph_hook() -> None:
    root = _parse_svg(svg.board(fen.parse(FENS[0]), pieces=svg.UNICODE_CHESS))
    texts = {t.text for t in root.iter(TEXT)}
    assert "\u2654" in texts and "\u265f" in texts
    fragment = '<rect x="5" y="5" width="35" height="35" fill="#0a0"/>'
    root = _parse_svg(svg.board(feen.parse("K^2k^ / C/c"), pieces={"K^": fragment}))
    assert len([r for r in root.iter("{http://www.w3.org/2000/svg}rect") if r.get("fill") == "#0a0"]) == 1
    with pytest.raises(ValueError, match="well-formed"):
        svg.board(feen.parse("K^2k^ / C/c"), pieces={"K^": "<rect"})


def test_game_core_objects_draw_as_their_dfen() -> None:
    start = DicePosition.start()
    assert svg.board(start) == svg.board(dfen.parse(start.dfen()))
    game = Game()
    assert svg.board(game) == svg.board(dfen.parse(game.dfen()))
    with pytest.raises(TypeError):
        svg.board(object())


def test_image_displays_in_notebooks() -> None:
    image = svg.board(feen.parse("K^2k^ / C/c"))
    assert image._repr_svg_() == str(image)


def test_move_diagram() -> None:
    sets = svg.MoveSets(frozenset({"c6", "e6"}), frozenset({"f5"}), frozenset({"b3"}))
    root = _parse_svg(svg.move_diagram((8, 8), "d4", "N", sets))
    kinds = [g.get("class") for g in root.iter(G)]
    assert kinds.count("move") == 2 and kinds.count("capture") == 1 and kinds.count("blocked") == 1
    assert [_title(g) for g in _pieces(root)] == ["N, first side"]


def test_piece_diagram_uses_a_registered_generator() -> None:
    def rook_on_empty_board(definition: str, shape: tuple[int, int], origin: object) -> svg.MoveSets:
        assert isinstance(origin, tuple)
        r, f = origin
        line = {(r, x) for x in range(shape[1]) if x != f} | {(y, f) for y in range(shape[0]) if y != r}
        return svg.MoveSets(frozenset(line))

    svg.register_move_generator(rook_on_empty_board)
    try:
        root = _parse_svg(svg.piece_diagram("R=W0", shape=(5, 5)))
    finally:
        svg.register_move_generator(None)
    assert [g.get("class") for g in root.iter(G)].count("move") == 8


def test_draw_refuses_what_is_not_a_position() -> None:
    from notation_toolkit.core.errors import NotationError, UnknownNameError

    with pytest.raises(UnknownNameError):
        svg.draw("fbr", "royal")
    with pytest.raises(NotationError):
        svg.draw("feen", "K'^ / C/c")


def _png_pixels(png: bytes) -> tuple[int, int, set[bytes]]:
    cairocffi = pytest.importorskip("cairocffi")
    surface = cairocffi.ImageSurface.create_from_png(io.BytesIO(png))
    data = bytes(surface.get_data())
    width, height, stride = surface.get_width(), surface.get_height(), surface.get_stride()
    pixels = {
        data[y * stride + x * 4 : y * stride + x * 4 + 4]
        for y in range(0, height, 3)
        for x in range(0, width, 3)
    }
    return width, height, pixels


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_png_is_not_blank(name: str) -> None:
    pytest.importorskip("cairosvg")
    picture = svg.draw(*GOLDEN_CASES[name])
    try:
        png = svg.to_png(picture)
    except ModuleNotFoundError:
        pytest.skip("cairo library missing")
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height, pixels = _png_pixels(png)
    root = _parse_svg(picture)
    view = (root.get("viewBox") or "").split()
    assert (width, height) == (round(float(view[2])), round(float(view[3])))
    # Light and dark squares, two kinds of disc, text: far more than a blank page's one colour.
    assert len(pixels) > 20
