"""Typed AST of FEN positions (shared by DFEN, which reuses every node but field 4's), on ``core.ast.Node``.

Nodes are frozen slotted dataclasses. Spans are excluded from equality, so two positions are
equal when they mean the same thing, whatever their spelling (``a3c3`` and ``c3a3``). The board
keeps its canonical placement text and expands it to squares only when asked (the fast parser
never allocates a per-square object).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING

from notation_toolkit.core.ast import GenericNode, Node
from notation_toolkit.core.display import repr_svg
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.core.span import Span

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

FILES = "abcdefgh"
#: Square names in LERF order: index 0 = a1, 7 = h1, 56 = a8, 63 = h8.
SQUARE_NAMES: tuple[str, ...] = Geometry.of(8, 8).square_names
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARE_NAMES)}
PIECE_LETTERS = frozenset("PNBRQKpnbrqk")
CASTLING_ORDER = "KQkq"

_EXPAND = {str(n): "." * n for n in range(1, 9)}
_SYMBOL: dict[str, str | None] = {c: c for c in PIECE_LETTERS}
_SYMBOL["."] = None
_SQUARES_CACHE: dict[str, tuple[str | None, ...]] = {}
_CACHE_LIMIT = 8192


def square_index(name: str) -> int:
    """LERF index of a square name (``'a1'`` -> 0, ``'h8'`` -> 63); ``KeyError`` if not a square."""
    return SQUARE_INDEX[name]


def expand_placement(placement: str) -> tuple[str | None, ...]:
    """The 64 squares (LERF) of a valid placement field; ``None`` marks an empty square."""
    cached = _SQUARES_CACHE.get(placement)
    if cached is not None:
        return cached
    rows = placement.split("/")
    flat = "".join("".join(_EXPAND.get(c, c) for c in row) for row in reversed(rows))
    if len(rows) != 8 or len(flat) != 64:
        raise ValueError(f"not a valid 8x8 placement: {placement!r}")
    squares = tuple(map(_SYMBOL.__getitem__, flat))
    if len(_SQUARES_CACHE) >= _CACHE_LIMIT:
        _SQUARES_CACHE.clear()
    _SQUARES_CACHE[placement] = squares
    return squares


def placement_text(squares: Sequence[str | None]) -> str:
    """The canonical placement field for 64 squares (LERF); ``ValueError`` for bad input."""
    if len(squares) != 64:
        raise ValueError(f"a board has 64 squares, got {len(squares)}")
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        empty = 0
        for piece in squares[rank * 8 : rank * 8 + 8]:
            if piece is None:
                empty += 1
                continue
            if piece not in PIECE_LETTERS:
                raise ValueError(f"not a piece letter: {piece!r}")
            if empty:
                row += str(empty)
                empty = 0
            row += piece
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def castling_text(rights: Iterable[str]) -> str:
    """Castling rights in canonical order (``KQkq``), ``'-'`` when there are none."""
    given = set(rights)
    return "".join(c for c in CASTLING_ORDER if c in given) or "-"


@dataclass(frozen=True, slots=True)
class Board(Node):
    """Field 1: the 8x8 piece placement, kept as its canonical text (ranks 8 to 1)."""

    placement: str
    span: Span | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_squares(cls, squares: Sequence[str | None]) -> Board:
        """A board from 64 squares in LERF order (index 0 = a1)."""
        return cls(placement_text(squares))

    @property
    def squares(self) -> tuple[str | None, ...]:
        """The 64 squares, LERF (index 0 = a1, 63 = h8); a piece letter or ``None``."""
        return expand_placement(self.placement)

    def piece_at(self, square: int | str) -> str | None:
        """The piece letter on ``square`` (an index or a name such as ``'e4'``), or ``None``."""
        index = SQUARE_INDEX[square] if isinstance(square, str) else square
        return self.squares[index]

    def __str__(self) -> str:
        return self.placement


@dataclass(frozen=True, slots=True)
class Side(Node):
    """Field 2: the side to move, ``'w'`` or ``'b'``."""

    color: str
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def is_white(self) -> bool:
        """True when White is to move."""
        return self.color == "w"

    def __str__(self) -> str:
        return self.color


@dataclass(frozen=True, slots=True)
class CastlingRights(Node):
    """Field 3: the castling rights still available, a subset of ``{'K', 'Q', 'k', 'q'}``."""

    rights: frozenset[str]
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return castling_text(self.rights)


@dataclass(frozen=True, slots=True)
class EnPassantSquare(Node):
    """Field 4 of FEN: the one en-passant target square (LERF index), or ``None``."""

    square: int | None
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def name(self) -> str | None:
        """The square name (``'e3'``), or ``None``."""
        return None if self.square is None else SQUARE_NAMES[self.square]

    def __str__(self) -> str:
        return "-" if self.square is None else SQUARE_NAMES[self.square]


@dataclass(frozen=True, slots=True)
class HalfmoveClock(Node):
    """Field 5: moves since the last capture or pawn move (>= 0)."""

    value: int
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class FullmoveNumber(Node):
    """Field 6: the full-move number (>= 1), incremented after each Black move."""

    value: int
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return str(self.value)


class PositionValues:
    """The plain values FEN and DFEN positions share (what the game core reads), from the nodes."""

    __slots__ = ()
    board: Board
    side: Side
    castling_rights: CastlingRights
    halfmove: HalfmoveClock
    fullmove: FullmoveNumber

    @property
    def squares(self) -> tuple[str | None, ...]:
        """The 64 squares, LERF (index 0 = a1, 63 = h8): a piece letter or ``None``."""
        return self.board.squares

    @property
    def turn(self) -> str:
        """``'w'`` or ``'b'``."""
        return self.side.color

    @property
    def castling(self) -> frozenset[str]:
        """Castling rights, a subset of ``{'K', 'Q', 'k', 'q'}``."""
        return self.castling_rights.rights

    @property
    def halfmove_clock(self) -> int:
        """Field 5 (in Dice Chess: micro-moves since the last capture or pawn move, R16)."""
        return self.halfmove.value

    @property
    def fullmove_number(self) -> int:
        """Field 6."""
        return self.fullmove.value


@dataclass(frozen=True, slots=True)
class FenPosition(PositionValues, Node):
    """A parsed standard FEN position (six fields).

    ``extensions`` holds the syntax a user's extension grammar adds (``parse(text, grammar=...)``)
    as ``GenericNode``s; it is empty for standard FEN. ``str()`` writes the six standard fields.
    """

    _repr_svg_ = repr_svg  # notebooks draw the position (notation_toolkit.svg)

    board: Board
    side: Side
    castling_rights: CastlingRights
    en_passant_target: EnPassantSquare
    halfmove: HalfmoveClock
    fullmove: FullmoveNumber
    span: Span | None = field(default=None, compare=False, repr=False)
    #: What a user's extension grammar (``grammar=``) adds that no handler knows, in text order.
    extensions: tuple[GenericNode, ...] = ()

    @classmethod
    def from_values(
        cls,
        squares: Sequence[str | None],
        turn: str = "w",
        castling: Iterable[str] = (),
        en_passant: int | str | None = None,
        halfmove_clock: int = 0,
        fullmove_number: int = 1,
    ) -> FenPosition:
        """Build a position from values (no text); ``ValueError`` for values FEN cannot hold."""
        rights = _check_values(turn, castling, halfmove_clock, fullmove_number)
        ep = SQUARE_INDEX[en_passant] if isinstance(en_passant, str) else en_passant
        if ep is not None and not 0 <= ep < 64:
            raise ValueError(f"not a square index: {ep}")
        return cls(
            Board.from_squares(squares),
            Side(turn),
            CastlingRights(rights),
            EnPassantSquare(ep),
            HalfmoveClock(halfmove_clock),
            FullmoveNumber(fullmove_number),
        )

    @property
    def en_passant(self) -> int | None:
        """The en-passant target square (LERF index) or ``None``."""
        return self.en_passant_target.square

    def __str__(self) -> str:
        return (
            f"{self.board} {self.side} {self.castling_rights} {self.en_passant_target} "
            f"{self.halfmove} {self.fullmove}"
        )


def _check_values(turn: str, castling: Iterable[str], halfmove: int, fullmove: int) -> frozenset[str]:
    if turn not in ("w", "b"):
        raise ValueError(f"turn must be 'w' or 'b', got {turn!r}")
    rights = frozenset(castling)
    if not rights <= frozenset(CASTLING_ORDER):
        raise ValueError(f"castling rights must be among K, Q, k, q, got {sorted(rights)}")
    if halfmove < 0:
        raise ValueError(f"the half-move clock must be >= 0, got {halfmove}")
    if fullmove < 1:
        raise ValueError(f"the full-move number must be >= 1, got {fullmove}")
    return rights
