"""Board geometry for rectangular boards from 1x1 to 26x26: squares, names, masks, board ranges.

Squares are numbered ``rank * width + file`` (``a1 = 0``; on 8x8 the python-chess numbering), files
``a..z`` and ranks ``1..26`` (``a10``, ``l8``, ``z26``). Bitboards are Python ints with one bit per
square and nothing else: no guard file. Bits never wrap across an edge because generation uses
per-square tables (leaps, rays) built with coordinates, and the set-wise ``shift`` masks the files
a shift would wrap (per-direction edge masks). ``benchmarks/bench_pieces.py`` measures this
choice against a guard-file layout (docs/pieces.md has the figures).

A board may wrap: on a *cylinder* (FBR ``cylindric``, 003:209) the last file joins the first, on a
*torus* (FBR ``torus``, 003:1072) the last rank joins the first as well. The squares, their names
and the bitboards are the same as on the plain board of that size (a wrapping board is written
as a plain one); only stepping from square to square (``offset``, ``step``, ``shift``) crosses
the joined edges. ``Geometry.of(8, 8, wrap_files=True)`` is the cylinder of Cylinder chess.

Board ranges use the MBN/FBR syntax (003:257, fbr-mbn-notes 2.2): ``[1-2]`` ranks, ``[a,h]`` files,
``[c-f2]``, ``[d-f1-3]`` rectangles, ``[a2,c2]`` squares, ``[^...]`` complement, ``[#]`` edge squares,
``[.]`` inner squares, ``[*]`` every square (as a static set; as "unthreatened" it is dynamic and
handled by the game core).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.errors import LimitError, ParseError
from notation_toolkit.core.span import Span

MAX_FILES: Final = 26
MAX_RANKS: Final = 26
FILE_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"

GEOMETRY_SIZE = "NTK301"
GEOMETRY_SQUARE = "NTK302"
GEOMETRY_RANGE = "NTK303"

_SQUARE_RE = re.compile(r"([a-z])([1-9][0-9]?)\Z")
_SIZE_RE = re.compile(r"\s*([0-9]{1,4})\s*[xX×]\s*([0-9]{1,4})\s*\Z")
_RANGE_PART_RE = re.compile(r"(?:([a-z])(?:-([a-z]))?)?(?:([0-9]{1,3})(?:-([0-9]{1,3}))?)?\Z")


def _register() -> None:
    from notation_toolkit.core.codes import register_code

    register_code(
        GEOMETRY_SIZE,
        "board size out of range",
        f"""
Boards are rectangles of 1x1 up to {MAX_FILES}x{MAX_RANKS} squares, written `WxH` (files x ranks),
as in the FBR `boardsize` attribute: `8x8`, `10x8` (Capablanca), `9x10` (Xiangqi).
""",
        messages={
            "unsupported": "a {width}x{height} board is not supported",
            "not_a_size": "{written!r} is not a board size",
        },
        hints={
            "unsupported": "boards have 1 to {max_files} files and 1 to {max_ranks} ranks",
            "not_a_size": "write files x ranks, for example 8x8 or 10x8",
        },
    )
    register_code(
        GEOMETRY_SQUARE,
        "square not on the board",
        """
A square is a file letter and a rank number, `a1` .. `z26`; it must lie on the board
(`j10` exists on a 10x10 board, not on 8x8).
""",
        messages={"": "{name!r} is not a square of the {board} board"},
        hints={"": "squares run from a1 to {last}"},
    )
    register_code(
        GEOMETRY_RANGE,
        "board range not understood",
        """
A board range is `[...]` with comma-separated parts: ranks `[1-2]`, files `[a,h]`, squares
`[a2,c2]`, rectangles `[d-f1-3]`, the symbols `#` (edge squares), `.` (inner squares) and `*`
(every square), optionally complemented: `[^1-2]`.
""",
        messages={
            "brackets": "a board range is written in brackets: [1-2], [a-c,5]",
            "part": "{part!r} is not a file, rank, square or symbol range",
        },
        hints={
            name: "ranks [1-2], files [a,h], squares [a2,c2], rectangles [d-f1-3], [#], [.], [*]"
            for name in ("brackets", "part")
        },
    )


_register()


def _size_error(width: int, height: int, span: Span | None) -> LimitError:
    return info_of(GEOMETRY_SIZE).error(
        LimitError,
        "unsupported",
        span=span,
        width=width,
        height=height,
        max_files=MAX_FILES,
        max_ranks=MAX_RANKS,
    )


class Geometry:
    """A ``width`` x ``height`` board. Get one with ``Geometry.of(w, h)`` or ``Geometry.parse("8x8")``
    (cached: one object per size, so identity comparison is enough)."""

    __slots__ = (
        "_mirror_h",
        "_mirror_v",
        "edge",
        "file_masks",
        "full",
        "height",
        "inner",
        "rank_masks",
        "size",
        "square_names",
        "width",
        "wrap_files",
        "wrap_ranks",
    )

    def __init__(self, width: int, height: int, wrap_files: bool = False, wrap_ranks: bool = False) -> None:
        if not (1 <= width <= MAX_FILES and 1 <= height <= MAX_RANKS):
            raise _size_error(width, height, None)
        self.width = width
        self.height = height
        self.wrap_files = wrap_files
        self.wrap_ranks = wrap_ranks
        self.size = width * height
        self.full = (1 << self.size) - 1
        file_a = sum(1 << (r * width) for r in range(height))
        self.file_masks: tuple[int, ...] = tuple(file_a << f for f in range(width))
        rank_1 = (1 << width) - 1
        self.rank_masks: tuple[int, ...] = tuple(rank_1 << (r * width) for r in range(height))
        self.edge = self.file_masks[0] | self.file_masks[-1] | self.rank_masks[0] | self.rank_masks[-1]
        self.inner = self.full & ~self.edge
        self.square_names: tuple[str, ...] = tuple(
            FILE_LETTERS[s % width] + str(s // width + 1) for s in range(self.size)
        )
        self._mirror_v: tuple[int, ...] = tuple(
            (height - 1 - s // width) * width + s % width for s in range(self.size)
        )
        self._mirror_h: tuple[int, ...] = tuple(
            (s // width) * width + (width - 1 - s % width) for s in range(self.size)
        )

    # -- construction ------------------------------------------------------------------------------

    @staticmethod
    def of(width: int, height: int, *, wrap_files: bool = False, wrap_ranks: bool = False) -> Geometry:
        """The (cached) geometry of a ``width`` x ``height`` board; ``LimitError`` outside 1..26.
        ``wrap_files`` joins the last file to the first (a cylinder), ``wrap_ranks`` the last rank to
        the first (with both: a torus)."""
        return _geometry(width, height, wrap_files, wrap_ranks)

    def wrapped(self, *, files: bool, ranks: bool = False) -> Geometry:
        """The board of the same size with the given edges joined (``files``: the cylinder,
        ``files`` and ``ranks``: the torus; neither: the plain board)."""
        return _geometry(self.width, self.height, files, ranks)

    @property
    def wraps(self) -> bool:
        """True when some edge is joined to the opposite one (a cylinder or a torus)."""
        return self.wrap_files or self.wrap_ranks

    @property
    def topology(self) -> str:
        """``"plane"``, ``"cylinder"`` (files wrap), ``"torus"`` (files and ranks wrap) or
        ``"ring"`` (ranks alone wrap)."""
        if self.wrap_files:
            return "torus" if self.wrap_ranks else "cylinder"
        return "ring" if self.wrap_ranks else "plane"

    @staticmethod
    def parse(text: str) -> Geometry:
        """``"8x8"``, ``"10x8"`` (files x ranks, the FBR ``boardsize`` form) to a geometry."""
        m = _SIZE_RE.match(text)
        if m is None:
            raise info_of(GEOMETRY_SIZE).error(
                ParseError, "not_a_size", span=Span(0, len(text)), written=text
            )
        w, h = int(m.group(1)), int(m.group(2))
        if not (1 <= w <= MAX_FILES and 1 <= h <= MAX_RANKS):
            raise _size_error(w, h, Span(0, len(text)))
        return _geometry(w, h)

    def __repr__(self) -> str:
        if self.wraps:
            return f"Geometry({self.width}x{self.height}, {self.topology})"
        return f"Geometry({self.width}x{self.height})"

    def __str__(self) -> str:
        return f"{self.width}x{self.height}"

    def __reduce__(self) -> tuple[object, ...]:
        return (_geometry, (self.width, self.height, self.wrap_files, self.wrap_ranks))

    # -- squares -----------------------------------------------------------------------------------

    def square(self, file: int, rank: int) -> int:
        """Square index of 0-based ``file`` and ``rank`` (no check)."""
        return rank * self.width + file

    def file_of(self, square: int) -> int:
        """0-based file of a square."""
        return square % self.width

    def rank_of(self, square: int) -> int:
        """0-based rank of a square."""
        return square // self.width

    def contains(self, file: int, rank: int) -> bool:
        """True when 0-based ``file``/``rank`` lie on the board."""
        return 0 <= file < self.width and 0 <= rank < self.height

    def offset(self, square: int, dfile: int, drank: int) -> int | None:
        """The square ``dfile``/``drank`` away from ``square``, or ``None`` off the board (across
        a joined edge the step comes back on the other side)."""
        return self.step(square % self.width + dfile, square // self.width + drank)

    def step(self, file: int, rank: int) -> int | None:
        """The square of 0-based ``file``/``rank`` that may lie beyond an edge: a joined edge
        brings it back on the other side, an open edge gives ``None``."""
        if self.wrap_files:
            file %= self.width
        if self.wrap_ranks:
            rank %= self.height
        if 0 <= file < self.width and 0 <= rank < self.height:
            return rank * self.width + file
        return None

    def name(self, square: int) -> str:
        """Name of a square: ``a1``, ``j10``."""
        return self.square_names[square]

    def parse_square(self, name: str, *, span: Span | None = None) -> int:
        """Square index of a name; ``ParseError`` (NTK302) for a malformed or off-board name."""
        m = _SQUARE_RE.match(name.strip())
        if m is not None:
            f = FILE_LETTERS.index(m.group(1))
            r = int(m.group(2)) - 1
            if self.contains(f, r):
                return r * self.width + f
        raise info_of(GEOMETRY_SQUARE).error(
            ParseError, span=span or Span(0, len(name)), name=name, board=self, last=self.square_names[-1]
        )

    def squares(self, bb: int) -> list[int]:
        """The squares of a bitboard in ascending order."""
        out: list[int] = []
        while bb:
            low = bb & -bb
            out.append(low.bit_length() - 1)
            bb ^= low
        return out

    def names(self, bb: int) -> list[str]:
        """The names of the squares of a bitboard, ascending."""
        return [self.square_names[s] for s in self.squares(bb)]

    def mask(self, names: str | list[str] | tuple[str, ...]) -> int:
        """Bitboard of square names (a list, or one string separated by commas or spaces)."""
        if isinstance(names, str):
            names = [n for n in re.split(r"[\s,]+", names) if n]
        bb = 0
        for n in names:
            bb |= 1 << self.parse_square(n)
        return bb

    # -- masks -------------------------------------------------------------------------------------

    def rect(self, file0: int, file1: int, rank0: int, rank1: int) -> int:
        """Bitboard of the rectangle of files ``file0..file1`` and ranks ``rank0..rank1`` (0-based,
        inclusive, clipped to the board)."""
        file0, file1 = max(0, min(file0, file1)), min(self.width - 1, max(file0, file1))
        rank0, rank1 = max(0, min(rank0, rank1)), min(self.height - 1, max(rank0, rank1))
        bb = 0
        for f in range(file0, file1 + 1):
            bb |= self.file_masks[f]
        ranks = 0
        for r in range(rank0, rank1 + 1):
            ranks |= self.rank_masks[r]
        return bb & ranks

    def mirror_vertical(self, bb: int) -> int:
        """The bitboard reflected at the horizontal bisector (ranks reversed): how Black sees it
        under FBR ``mirror=vertical`` (003:464)."""
        out = 0
        w = self.width
        row = (1 << w) - 1
        for r in range(self.height):
            out |= ((bb >> (r * w)) & row) << ((self.height - 1 - r) * w)
        return out

    def mirror_horizontal(self, bb: int) -> int:
        """The bitboard reflected at the vertical bisector (files reversed)."""
        out = 0
        for s in self.squares(bb):
            out |= 1 << self._mirror_h[s]
        return out

    def mirror_square(self, square: int, *, vertical: bool = True, horizontal: bool = False) -> int:
        """A square reflected as ``mirror_vertical``/``mirror_horizontal`` reflect bitboards."""
        if vertical:
            square = self._mirror_v[square]
        if horizontal:
            square = self._mirror_h[square]
        return square

    def shift(self, bb: int, dfile: int, drank: int) -> int:
        """Set-wise shift of a bitboard by ``dfile``/``drank``; squares that would leave the board
        (or wrap to the other edge) are dropped (per-direction edge masks). Across a joined edge
        they come back on the other side."""
        if self.wraps:
            return self._shift_wrapping(bb, dfile, drank)
        if dfile > 0:
            keep = 0
            for f in range(self.width - dfile):
                keep |= self.file_masks[f]
            bb &= keep
        elif dfile < 0:
            keep = 0
            for f in range(-dfile, self.width):
                keep |= self.file_masks[f]
            bb &= keep
        n = drank * self.width + dfile
        bb = bb << n if n >= 0 else bb >> -n
        return bb & self.full

    def _shift_wrapping(self, bb: int, dfile: int, drank: int) -> int:
        # files first (each rank rotated within itself on a cylinder), then ranks (the whole
        # board rotated on a torus); an open axis shifts as on the plain board
        w, h = self.width, self.height
        plain = self.wrapped(files=False)
        if not self.wrap_files:
            bb = plain.shift(bb, dfile, 0)
        elif dfile % w:
            k = dfile % w
            row = (1 << w) - 1
            rows = 0
            for r in range(h):
                line = (bb >> (r * w)) & row
                rows |= (((line << k) | (line >> (w - k))) & row) << (r * w)
            bb = rows
        if not self.wrap_ranks:
            return plain.shift(bb, 0, drank)
        n = (drank % h) * w
        return (((bb << n) | (bb >> (self.size - n))) & self.full) if n else bb & self.full

    # -- board ranges ------------------------------------------------------------------------------

    def parse_range(self, text: str) -> int:
        """Bitboard of a static board range in MBN/FBR syntax (``[1-2]``, ``[a-c,5]``,
        ``[d-f1-3]``, ``[^a,h]``, ``[#]``, ``[.]``, ``[*]``); ``ParseError`` (NTK303) otherwise.
        Ranks or files beyond the board select nothing (a rule file may serve several sizes)."""
        t = text.strip()
        if len(t) < 2 or t[0] != "[" or t[-1] != "]":
            raise self._range_error(text, "brackets")
        body = t[1:-1]
        complement = body.startswith("^")
        if complement:
            body = body[1:]
        bb = 0
        for part in body.split(","):
            bb |= self._range_part(text, part.strip())
        return (self.full & ~bb) if complement else bb

    def range_mask(
        self,
        files: tuple[str, str] | None,
        ranks: tuple[int, int] | None,
        symbol: str | None = None,
    ) -> int:
        """Bitboard of one single range: ``files`` as letters (first, last), ``ranks`` 1-based
        (first, last), or a static ``symbol`` (``#`` edge, ``.`` inner, ``*`` all)."""
        if symbol is not None:
            if symbol == "#":
                return self.edge
            if symbol == ".":
                return self.inner
            if symbol == "*":
                return self.full
            raise ValueError(f"dynamic range symbol {symbol!r}")
        f0, f1 = (
            (0, MAX_FILES - 1)
            if files is None
            else (FILE_LETTERS.index(files[0]), FILE_LETTERS.index(files[1]))
        )
        r0, r1 = (0, MAX_RANKS - 1) if ranks is None else (ranks[0] - 1, ranks[1] - 1)
        if min(f0, f1) >= self.width or min(r0, r1) >= self.height or max(r0, r1) < 0:
            return 0
        return self.rect(f0, f1, r0, r1)

    def _range_part(self, text: str, part: str) -> int:
        if part in ("#", ".", "*"):
            return self.range_mask(None, None, part)
        m = _RANGE_PART_RE.match(part)
        if not part or m is None:
            raise self._range_error(text, "part", part=part)
        fa, fb, ra, rb = m.groups()
        files = None if fa is None else (fa, fb or fa)
        ranks = None if ra is None else (int(ra), int(rb or ra))
        return self.range_mask(files, ranks)

    @staticmethod
    def _range_error(text: str, template: str, /, **params: object) -> ParseError:
        # NTK303, worded by its ``template`` (registered above).
        return ParseError(
            [info_of(GEOMETRY_RANGE).diagnostic_from(template, params, span=Span(0, len(text)))]
        )

    # -- rendering ---------------------------------------------------------------------------------

    def ascii(self, bb: int, mark: str = "x", empty: str = ".") -> str:
        """A plain-text picture of a bitboard, rank ``height`` at the top (for tests and debugging)."""
        rows = []
        for r in range(self.height - 1, -1, -1):
            rows.append("".join(mark if bb >> (r * self.width + f) & 1 else empty for f in range(self.width)))
        return "\n".join(rows)


def _geometry(width: int, height: int, wrap_files: bool = False, wrap_ranks: bool = False) -> Geometry:
    # one cache key per board, however the call spells it
    return _cached_geometry(width, height, bool(wrap_files), bool(wrap_ranks))


@cache
def _cached_geometry(width: int, height: int, wrap_files: bool, wrap_ranks: bool) -> Geometry:
    return Geometry(width, height, wrap_files, wrap_ranks)
