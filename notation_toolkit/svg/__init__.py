"""SVG pictures of positions: FEEN boards of any size and dimension, FEN and DFEN positions.

    >>> from notation_toolkit import feen, svg
    >>> image = svg.board(feen.parse("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL P/p S/s"))
    >>> image.startswith("<svg")
    True

Dependency-free XML (``xml.etree``), deterministic (same input, same bytes). Pieces are drawn as
their letters on discs (light for the first side, dark for the second); EPIN marks are drawn on
the piece: a gold ring for the terminal marker ``^``, a dashed rim for the derivation marker ``'``,
a ``+``/``−`` badge for the state. ``pieces=`` replaces the letters by glyphs of your own.
``board`` returns an ``SvgImage`` (a ``str`` that Jupyter displays as a picture); ``to_png``
converts through ``cairosvg`` (the ``png`` extra).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from notation_toolkit.svg.model import Band, Cell, Diagram, from_dfen, from_feen, from_fen
from notation_toolkit.svg.render import COLORS, Arrow, PieceGlyphs, render

if TYPE_CHECKING:
    from notation_toolkit.variant.pieces import CompiledPiece

__all__ = [
    "COLORS",
    "UNICODE_CHESS",
    "Arrow",
    "Cell",
    "Diagram",
    "MoveSets",
    "SvgImage",
    "board",
    "diagram",
    "draw",
    "move_diagram",
    "piece_diagram",
    "register_move_generator",
    "to_png",
]


class SvgImage(str):
    """SVG text that notebooks (Jupyter, IPython) display as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


#: Chess glyphs for ``pieces=`` (the letters of FEN; DejaVu Sans and most system fonts have them).
UNICODE_CHESS: dict[str, str] = {
    "K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "N": "\u2658", "P": "\u2659",
    "k": "\u265a", "q": "\u265b", "r": "\u265c", "b": "\u265d", "n": "\u265e", "p": "\u265f",
}  # fmt: skip


def diagram(position: object) -> Diagram:
    """The ``Diagram`` of a position: FEEN, FEN, DFEN, or a Dice Chess ``Position``/``Game``.

    ``TypeError`` for anything else.
    """
    from notation_toolkit.dfen.ast import DfenPosition
    from notation_toolkit.feen.ast import Position as FeenPosition
    from notation_toolkit.fen.ast import FenPosition

    if isinstance(position, FeenPosition):
        return from_feen(position)
    if isinstance(position, DfenPosition):
        return from_dfen(position)
    if isinstance(position, FenPosition):
        return from_fen(position)
    dfen_text = getattr(position, "dfen", None)
    if callable(dfen_text):
        # The Dice Chess game core (Position, Game) writes its state as DFEN: draw what it says.
        from notation_toolkit import dfen

        return from_dfen(dfen.parse(str(dfen_text())))
    raise TypeError(f"cannot draw a {type(position).__name__}: give a FEEN, FEN or DFEN position")


def board(
    position: object,
    *,
    size: int | None = None,
    flipped: bool = False,
    coordinates: bool = True,
    colors: Mapping[str, str] | None = None,
    squares: Iterable[object] | Mapping[object, str] | None = None,
    arrows: Iterable[Arrow | tuple[object, object]] = (),
    pieces: PieceGlyphs | None = None,
) -> SvgImage:
    """An SVG picture of a position.

    ``position``: a FEEN ``Position`` (1D, 2D, 3D as a row of levels, higher dimensions as more
    levels), a FEN or DFEN position, or a Dice Chess ``Position``/``Game``.
    ``size``: the picture's width in pixels (height follows); without it the natural size.
    ``flipped``: seen from the second side. ``coordinates``: file letters and rank numbers.
    ``colors``: overrides of ``COLORS`` by key (``{"square dark": "#8ca2ad"}``).
    ``squares``: squares to highlight, or a mapping square -> colour.
    ``arrows``: ``Arrow``s or ``(tail, head)`` pairs.
    Squares are names (``"e4"``; ``"c3B"`` on level B of a 3D board; ``"c"`` on a 1D board) or
    the position's own keys (FEEN coordinate tuples, FEN/DFEN square indices with 0 = a1).
    ``pieces``: a mapping from a piece token or letter (``"K^"``, ``"K"``, ``"k"``) to a text glyph
    or to an SVG fragment drawn in a 45×45 box, or a function ``Cell -> str | None``.
    Raises ``KeyError`` for a square that is not on the board, ``TypeError`` for what cannot be drawn.
    """
    return SvgImage(
        render(
            diagram(position),
            size=size,
            flipped=flipped,
            coordinates=coordinates,
            colors=colors,
            squares=squares,
            arrows=arrows,
            pieces=pieces,
        )
    )


def draw(notation: str, text: str, **options: Any) -> SvgImage:
    """Parse ``text`` in ``notation`` (``"feen"``, ``"fen"``, ``"dfen"``) and draw it (``board`` options).

    Raises the notation's ``NotationError`` for bad text, ``UnknownNameError`` for an unknown notation.
    """
    from notation_toolkit.core.codes import NTK003
    from notation_toolkit.core.errors import UnknownNameError
    from notation_toolkit.core.registry import get_notation

    found = get_notation(notation)
    if found.name not in DRAWABLE:
        raise NTK003.error(UnknownNameError, "not_drawable", notation=found.name, known=", ".join(DRAWABLE))
    return board(found.parse(text), **options)


#: The notations whose texts are positions ``draw`` can picture.
DRAWABLE = ("feen", "feen-legacy", "fen", "dfen")


def to_png(svg: str, *, scale: float = 1.0) -> bytes:
    """PNG bytes of an SVG picture, through ``cairosvg`` (install the ``png`` extra).

    Raises ``ModuleNotFoundError`` (with the install command) when ``cairosvg`` is missing.
    """
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ModuleNotFoundError, OSError) as exc:
        # OSError: cairosvg is installed but the cairo C library is not.
        raise ModuleNotFoundError(
            "PNG output needs cairosvg and the cairo library: pip install 'notation-toolkit[png]'"
        ) from exc
    data: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return data


# ------------------------------------------------------------------------------------------------
# Piece diagrams


@dataclass(frozen=True, slots=True)
class MoveSets:
    """Where a piece standing on ``origin`` can go: quiet moves, captures, squares it is blocked from."""

    moves: frozenset[object] = frozenset()
    captures: frozenset[object] = frozenset()
    blocked: frozenset[object] = frozenset()


MoveGenerator = Callable[[str, tuple[int, int], object], MoveSets]
_move_generator: MoveGenerator | None = None


def register_move_generator(generator: MoveGenerator | None) -> None:
    """Install the function ``piece_diagram`` asks for a piece's moves (the MBN piece compiler).

    ``generator(definition, shape, origin) -> MoveSets``: ``definition`` is an MBN piece
    definition (``"N=N"``, ``"Q=R+B"``), ``shape`` the board's (ranks, files), ``origin`` the
    square as a FEEN coordinate ``(rank, file)`` in string order; the sets hold coordinates too.
    """
    global _move_generator
    _move_generator = generator


def move_diagram(
    shape: tuple[int, int],
    origin: object,
    piece: str,
    moves: MoveSets,
    **options: Any,
) -> SvgImage:
    """A piece diagram from given move sets: the piece on ``origin`` of an empty board.

    ``shape``: (ranks, files). ``piece``: the letter drawn (its case is its side). Moves are drawn
    as dots, captures as rings, blocked squares as crosses. Squares as in ``board``. Other options:
    those of ``board`` (``size``, ``flipped``, ``colors``, ``coordinates``, ``arrows``, ``pieces``).
    """
    from notation_toolkit import feen

    ranks, files = shape
    if ranks < 1 or files < 1:
        raise ValueError(f"a board has at least one rank and one file, got {shape}")
    empty = feen.parse("/".join([str(files)] * ranks) + " / C/c")
    base = from_feen(empty)
    plain = replace(base, first=Band("", False), second=Band("", False), caption="")
    cell = Cell(piece, piece[:1], piece[:1].isupper())
    return SvgImage(
        render(
            plain,
            markers={"move": moves.moves, "capture": moves.captures, "blocked": moves.blocked},
            origin=origin,
            origin_cell=cell,
            **options,
        )
    )


def piece_diagram(
    definition: str | CompiledPiece,
    *,
    shape: tuple[int, int] = (8, 8),
    origin: object | None = None,
    side: str = "white",
    friends: Iterable[str] = (),
    enemies: Iterable[str] = (),
    initial: bool = False,
    **options: Any,
) -> SvgImage:
    """A piece diagram of an MBN definition: where the piece moves, captures, is blocked.

    ``definition``: ``"N=mN+cW"``, a move expression, a base letter (``"Q"``), or a
    ``CompiledPiece`` (then its own board is used and ``shape`` is ignored). ``shape``: (ranks,
    files). ``origin``: a square name (``"d4"``) or a FEEN coordinate (rank, file) in string order;
    default the centre. ``side``: ``"white"`` or ``"black"`` (Black's moves are mirrored as the
    piece compiler mirrors them). ``friends`` / ``enemies``: square names of blockers, drawn as
    ``X`` discs of the piece's side and of the other side.

    The sets are those of ``ntk piece`` (``notation_toolkit.variant.pieces.diagram``): dots for
    quiet moves, rings for captures, dashed rings for empty squares the piece could only capture
    on, crosses for squares it reaches on an empty board but not now (blocked). A generator
    installed with ``register_move_generator`` (a third party's move source) is asked instead,
    with the definition text, the shape and the origin, and its ``MoveSets`` are drawn.
    ``NotationError`` for a definition the compiler refuses (with its ``PCE`` diagnostics).
    """
    if _move_generator is not None and isinstance(definition, str):
        ranks, files = shape
        where = origin if origin is not None else (ranks // 2, files // 2)
        head = definition.split("=", 1)[0].lstrip("+-#*$%&@!") or "?"
        return move_diagram(shape, where, head[:1], _move_generator(definition, shape, where), **options)
    from notation_toolkit.core.geometry import Geometry
    from notation_toolkit.variant.pieces import BLACK, WHITE, compile_piece
    from notation_toolkit.variant.pieces.diagram import diagram_data

    if side not in ("white", "black"):
        raise ValueError(f"side is 'white' or 'black', got {side!r}")
    if isinstance(definition, str):
        ranks, files = shape
        compiled = compile_piece(definition, Geometry.of(files, ranks))
    else:
        compiled = definition
    g = compiled.geometry
    if origin is None:
        square = (g.height // 2) * g.width + g.width // 2
    elif isinstance(origin, str):
        square = g.parse_square(origin)
    elif isinstance(origin, tuple | list) and len(origin) == 2:
        r, f = int(origin[0]), int(origin[1])
        if not (0 <= r < g.height and 0 <= f < g.width):
            raise ValueError(f"no square {origin!r} on a {g} board")
        square = (g.height - 1 - r) * g.width + f
    else:
        raise ValueError(f"origin is a square name or (rank, file) in string order, got {origin!r}")
    mover = WHITE if side == "white" else BLACK
    data = diagram_data(
        compiled, square, mover, g.mask(" ".join(friends)), g.mask(" ".join(enemies)), initial=initial
    )
    letter = compiled.key.lstrip("+-#*$%&").strip(":")[:1] or "?"
    letter = letter.upper() if mover == WHITE else letter.lower()
    blockers: dict[int, str] = {}
    for sq in g.squares(data.friends):
        blockers[sq] = "X" if mover == WHITE else "x"
    for sq in g.squares(data.enemies):
        blockers[sq] = "x" if mover == WHITE else "X"
    rows = []
    for rank in range(g.height - 1, -1, -1):
        row, empty = "", 0
        for f in range(g.width):
            token = blockers.get(rank * g.width + f)
            if token is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + token
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    from notation_toolkit import feen

    base = from_feen(feen.parse("/".join(rows) + " / C/c"))
    caption = f"{compiled.key} = {compiled.definition} on {g} from {g.name(square)} ({side})"
    plain = replace(base, first=Band("", False), second=Band("", False), caption=caption)
    return SvgImage(
        render(
            plain,
            markers={
                "move": g.names(data.quiets),
                "capture": g.names(data.captures),
                "guarded": g.names(data.guarded),
                "blocked": g.names(data.blocked),
            },
            origin=g.name(square),
            origin_cell=Cell(letter, letter, mover == WHITE),
            **options,
        )
    )
