"""What a picture shows, independent of SVG: layers of squares, hands, side to move, dice.

Every position type is first turned into a ``Diagram`` (``from_feen``, ``from_fen``,
``from_dfen``); the renderer (``notation_toolkit.svg.render``) only knows diagrams. Squares keep
the key the position's own API uses: FEEN coordinates (tuples, outermost dimension first, in
string order, as ``Placement.square`` takes them) and FEN/DFEN LERF indices (0 = a1, 63 = h8, as
``Board.piece_at`` and python-chess take them), so ``squares=`` and ``arrows=`` can be given in
the position's own terms or by name (``"e4"``, ``"c3B"`` for level B of a 3D board).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from notation_toolkit.feen.ast import Hand, Side, State
from notation_toolkit.feen.ast import Position as FeenPosition

if TYPE_CHECKING:
    # Imported where used: ``ntk draw feen`` loads neither FEN nor DFEN.
    from notation_toolkit.dfen.ast import DfenPosition
    from notation_toolkit.fen.ast import FenPosition

SquareKey = Hashable


@dataclass(frozen=True, slots=True)
class Cell:
    """A piece as drawn: its letter, side and EPIN marks."""

    token: str
    letter: str
    first: bool
    state: str = ""  # "+" enhanced, "-" diminished, "" normal
    terminal: bool = False
    derived: bool = False

    @property
    def description(self) -> str:
        """A short text for the piece's tooltip (``<title>``)."""
        words = [self.token, "first side" if self.first else "second side"]
        if self.state == "+":
            words.append("enhanced")
        elif self.state == "-":
            words.append("diminished")
        if self.terminal:
            words.append("terminal")
        if self.derived:
            words.append("derived")
        return ", ".join(words)


@dataclass(frozen=True, slots=True)
class Layer:
    """One 2D layer: rows top to bottom as written, each a tuple of (key, cell or None)."""

    name: str | None
    rows: tuple[tuple[tuple[SquareKey, Cell | None], ...], ...]
    row_labels: tuple[str, ...]
    column_labels: tuple[str, ...]
    # Parity offset so that the colouring alternates between layers of a 3D board too.
    parity: int = 0


@dataclass(frozen=True, slots=True)
class Band:
    """What is drawn beside the board for one side: style, hand, dice, whether it is to move."""

    label: str
    to_move: bool
    hand: tuple[tuple[Cell, int], ...] = ()
    dice: tuple[str, ...] | None = None  # dice letters, ``None``: not shown / not rolled
    dice_shown: bool = False


@dataclass(frozen=True, slots=True)
class Diagram:
    """Everything a board picture shows."""

    layers: tuple[Layer, ...]
    first: Band
    second: Band
    marks: frozenset[SquareKey] = frozenset()  # en-passant targets
    caption: str = ""
    names: tuple[tuple[str, SquareKey], ...] = ()  # square name -> key

    def key(self, square: object) -> SquareKey:
        """The key of a square given by name or already as a key; ``KeyError`` when unknown."""
        if isinstance(square, str):
            for name, key in self.names:
                if name == square:
                    return key
            raise KeyError(f"no square named {square!r} on this board")
        if isinstance(square, list):
            square = tuple(square)
        for layer in self.layers:
            for row in layer.rows:
                for key, _cell in row:
                    if key == square:
                        return key
        raise KeyError(f"no square {square!r} on this board")


def file_label(index: int) -> str:
    """``a`` ... ``z``, then ``aa``, ``ab`` ... (spreadsheet style) for very wide boards."""
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def level_label(index: int) -> str:
    """``A`` ... ``Z`` then ``AA`` ...: the level letters of 3D boards (MBN ranges write ``c3B``)."""
    return file_label(index).upper()


def feen_cell(token: str, first: bool, state: State, terminal: bool, derived: bool) -> Cell:
    """A ``Cell`` from the parts of a FEEN (EPIN) piece."""
    mark = {State.ENHANCED: "+", State.DIMINISHED: "-"}.get(state, "")
    letter = token.lstrip("+-")[:1]
    return Cell(token, letter, first, mark, terminal, derived)


def from_feen(position: FeenPosition) -> Diagram:
    """The diagram of a FEEN position: 1D, 2D, 3D (layers in a row) and higher (flattened) boards."""
    placement = position.placement
    shape = placement.shape
    ranks = placement.ranks()
    cells = [
        [
            None if p is None else feen_cell(p.token, p.side is Side.FIRST, p.state, p.terminal, p.derived)
            for p in r
        ]
        for r in ranks
    ]
    coordinates = [[placement._coordinate(r, f) for f in range(len(ranks[r]))] for r in range(len(ranks))]
    layers: list[Layer] = []
    names: list[tuple[str, SquareKey]] = []
    if shape is None or len(shape) <= 2:
        # A 1D board, a 2D board, or an irregular one (ranks of different lengths, drawn ragged).
        n = len(ranks)
        width = max(len(r) for r in ranks)
        rows = tuple(tuple((coordinates[r][f], cells[r][f]) for f in range(len(ranks[r]))) for r in range(n))
        row_labels = tuple(str(n - r) for r in range(n)) if n > 1 else ("",)
        layers.append(Layer(None, rows, row_labels, tuple(file_label(f) for f in range(width))))
        for r in range(n):
            for f in range(len(ranks[r])):
                names.append((f"{file_label(f)}{n - r}", coordinates[r][f]))
                if n == 1:
                    names.append((file_label(f), coordinates[r][f]))
    else:
        per_layer = shape[-2]
        count = len(ranks) // per_layer
        files = shape[-1]
        for index in range(count):
            chunk = range(index * per_layer, (index + 1) * per_layer)
            rows = tuple(tuple(zip(coordinates[r], cells[r], strict=True)) for r in chunk)
            # The first layer written is the top one (as the first rank written is the top rank):
            # in Raumschach the layer holding Black's pieces, level E.
            level = level_label(count - 1 - index)
            row_labels = tuple(str(per_layer - i) for i in range(per_layer))
            # An extra parity per layer keeps vertically adjacent squares of different colours.
            layers.append(
                Layer(
                    level,
                    rows,
                    row_labels,
                    tuple(file_label(f) for f in range(files)),
                    parity=count - 1 - index,
                )
            )
            for i, r in enumerate(chunk):
                for f in range(files):
                    names.append((f"{file_label(f)}{per_layer - i}{level}", coordinates[r][f]))
    hands = position.hands
    style_turn = position.style_turn
    first_to_move = position.active_side is Side.FIRST

    def band(style: object, to_move: bool, hand: Hand) -> Band:
        cells = tuple(
            (
                feen_cell(
                    i.piece.token,
                    i.piece.side is Side.FIRST,
                    i.piece.state,
                    i.piece.terminal,
                    i.piece.derived,
                ),
                i.count,
            )
            for i in hand.items
        )
        return Band(f"style {style}", to_move, cells)

    first = band(style_turn.first, first_to_move, hands.first)
    second = band(style_turn.second, not first_to_move, hands.second)
    # Files first, as boards are named (a 12×8 board has 12 files and 8 ranks).
    if shape is None:
        shape_text = "irregular board"
    elif len(shape) == 1:
        shape_text = f"{shape[0]} squares in a row"
    else:
        shape_text = "×".join(map(str, reversed(shape))) + " board"
    caption = f"{shape_text} · {placement.piece_count} pieces on the board, {hands.piece_count} in hand"
    return Diagram(tuple(layers), first, second, caption=caption, names=tuple(names))


def _chess_layer(squares: tuple[str | None, ...]) -> Layer:
    rows = tuple(
        tuple(
            (
                rank * 8 + file,
                None if squares[rank * 8 + file] is None else _chess_cell(squares[rank * 8 + file] or ""),
            )
            for file in range(8)
        )
        for rank in range(7, -1, -1)
    )
    return Layer(None, rows, tuple("87654321"), tuple("abcdefgh"))


def _chess_cell(letter: str) -> Cell:
    return Cell(letter, letter, letter.isupper())


@cache
def _chess_names() -> tuple[tuple[str, int], ...]:
    from notation_toolkit.fen.ast import SQUARE_INDEX, SQUARE_NAMES

    return tuple((name, SQUARE_INDEX[name]) for name in SQUARE_NAMES)


def from_fen(position: FenPosition) -> Diagram:
    """The diagram of a FEN position: the board, the side to move, the en-passant target."""
    white = position.turn == "w"
    marks = frozenset() if position.en_passant is None else frozenset({position.en_passant})
    caption = _chess_caption(position.castling_rights.__str__(), str(position.en_passant_target), position)
    return Diagram(
        (_chess_layer(position.squares),),
        Band("White", white),
        Band("Black", not white),
        marks,
        caption,
        _chess_names(),
    )


def from_dfen(position: DfenPosition) -> Diagram:
    """The diagram of a DFEN position: FEN's, every en-passant target, the dice pool as dice faces."""
    white = position.turn == "w"
    dice = position.dice
    caption = _chess_caption(str(position.castling_rights), str(position.en_passant_targets), position)
    return Diagram(
        (_chess_layer(position.squares),),
        Band("White", white, dice=dice if white else None, dice_shown=white),
        Band("Black", not white, dice=dice if not white else None, dice_shown=not white),
        position.en_passant,
        caption,
        _chess_names(),
    )


def _chess_caption(castling: str, en_passant: str, position: FenPosition | DfenPosition) -> str:
    return (
        f"castling {castling} · en passant {en_passant} · "
        f"half-moves {position.halfmove_clock} · move {position.fullmove_number}"
    )


#: Pips of a die face per value, on a 3×3 grid (column, row), 0-based.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def die_value(letter: str) -> int:
    """The face value of a dice letter: P 1, N 2, B 3, R 4, Q 5, K 6 (DFEN's dice order)."""
    from notation_toolkit.dfen.ast import DICE_ORDER

    return DICE_ORDER.index(letter.upper()) + 1
