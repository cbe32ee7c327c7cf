"""The typed, immutable FEEN AST.

Pieces (EPIN/PNN tokens) and styles (SIN/SNN) are interned: one object per distinct token, shared
by every position, so parsing a board allocates no per-square objects. Board squares are
addressable by coordinate; the per-square nodes (``Square``, with their spans) are computed on
access from the stored rank texts and offsets rather than built for every parse.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import field
from enum import StrEnum
from itertools import repeat
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.ast import Node
from notation_toolkit.core.display import repr_svg
from notation_toolkit.core.span import Span

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass


class Side(StrEnum):
    """The two sides of a FEEN position: uppercase pieces and styles are ``first``."""

    FIRST = "first"
    SECOND = "second"

    @property
    def opponent(self) -> Side:
        """The other side."""
        return Side.SECOND if self is Side.FIRST else Side.FIRST


class State(StrEnum):
    """The state modifier of a piece: ``+`` enhanced, ``-`` diminished, none normal."""

    NORMAL = "normal"
    ENHANCED = "enhanced"
    DIMINISHED = "diminished"


_STATE_OF = {"+": State.ENHANCED, "-": State.DIMINISHED}
# Canonical hand order (002, 004): '-' before '+' before no modifier.
_STATE_RANK = {State.DIMINISHED: 0, State.ENHANCED: 1, State.NORMAL: 2}


def _is_upper(ch: str) -> bool:
    # By range, never str.isupper(): only ASCII letters reach here, and this stays true to that.
    return "A" <= ch <= "Z"


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece token: EPIN in the ``feen`` profile (``+K^'``), PNN in ``feen-legacy`` (``+K'``).

    ``letter`` is written as in the token (its case is the side), ``state`` comes from the
    ``+``/``-`` prefix, ``terminal`` from ``^`` and ``derived`` from ``'``. Instances are interned:
    use :func:`piece` to get one.
    """

    token: str
    letter: str
    side: Side
    state: State
    terminal: bool
    derived: bool
    order: tuple[str, int, int, int, int] = field(default=("", 0, 0, 0, 0), compare=False, repr=False)

    def __str__(self) -> str:
        return self.token

    @property
    def base(self) -> str:
        """The letter in uppercase (the piece kind, whatever the side)."""
        return self.letter.upper()

    @property
    def sort_key(self) -> tuple[str, int, int, int, int]:
        """Canonical hand order: letter (case-insensitive), uppercase first, '-' '+' none, '^', "'"."""
        return self.order


_PIECES: dict[str, Piece] = {}


def piece(token: str) -> Piece:
    """The interned ``Piece`` for an already validated piece token (``"K^"``, ``"+p"``, ``"R'"``)."""
    found = _PIECES.get(token)
    if found is not None:
        return found
    i = 1 if token[0] in "+-" else 0
    letter = token[i]
    side = Side.FIRST if _is_upper(letter) else Side.SECOND
    state = _STATE_OF.get(token[0], State.NORMAL)
    terminal = "^" in token
    derived = "'" in token
    order = (letter.lower(), 0 if side is Side.FIRST else 1, _STATE_RANK[state], int(terminal), int(derived))
    made = Piece(token, letter, side, state, terminal, derived, order)
    if len(_PIECES) < 100_000:  # tokens are tiny and few; the bound only guards odd callers
        _PIECES[token] = made
    return made


@dataclass(frozen=True, slots=True)
class Style:
    """A style: a SIN letter (``feen``) or an SNN name (``feen-legacy``); its case is its side."""

    name: str
    side: Side

    def __str__(self) -> str:
        return self.name


_STYLES: dict[str, Style] = {}


def style(name: str) -> Style:
    """The interned ``Style`` for an already validated style token (``"C"``, ``"shogi"``)."""
    found = _STYLES.get(name)
    if found is None:
        found = Style(name, Side.FIRST if _is_upper(name[0]) else Side.SECOND)
        if len(_STYLES) < 100_000:
            _STYLES[name] = found
    return found


@dataclass(frozen=True, slots=True)
class Qpi:
    """A Qualified Piece Identifier ``SIN:PIN``: a style and a piece of the same side (``C:K``)."""

    style: Style
    piece: Piece

    def __str__(self) -> str:
        return f"{self.style}:{self.piece}"

    @property
    def side(self) -> Side:
        """The side of both the style and the piece."""
        return self.style.side


# ----------------------------------------------------------------------------------------------
# Field 1: placement


@dataclass(frozen=True, slots=True)
class Square(Node):
    """One board square: its coordinate (outermost dimension first), piece (or None) and span."""

    coordinate: tuple[int, ...]
    piece: Piece | None
    span: Span | None


_DIGIT_RUN = re.compile(r"[0-9]+")
# A validated rank is a run of empty-square counts and piece tokens (state prefix, letter, marks).
_RANK_TOKEN = re.compile(r"([1-9][0-9]*)|([+-]?[A-Za-z][\^']*)")


_SEGMENTS: dict[str, tuple[tuple[int, int, Piece], ...]] = {}
_SEGMENTS_MAX = 1 << 16


def _decode(segment: str) -> tuple[tuple[int, int, Piece], ...]:
    """(file, offset in the rank, piece) of each piece of a validated rank; memoised by text.

    Collections of positions repeat the same ranks over and over (``pppppppp``, ``8``), so a rank
    is decoded once per process, not once per position.
    """
    found = _SEGMENTS.get(segment)
    if found is not None:
        return found
    out: list[tuple[int, int, Piece]] = []
    col = 0
    for match in _RANK_TOKEN.finditer(segment):
        count = match.group(1)
        if count is not None:
            col += int(count)
        else:
            out.append((col, match.start(), piece(match.group(2))))
            col += 1
    result = tuple(out)
    if len(_SEGMENTS) >= _SEGMENTS_MAX:
        _SEGMENTS.clear()
    _SEGMENTS[segment] = result
    return result


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each rank starts: text offset, coordinate prefix, first flat index; rank by prefix."""

    dimensions: int
    offsets: list[int]
    prefixes: list[tuple[int, ...]]
    starts: list[int]
    rank_of: dict[tuple[int, ...], int]


def _rank_length(rank: str) -> int:
    # Only called on validated text whose counts passed the digit limit (<= 4000 digits).
    runs = _DIGIT_RUN.findall(rank)
    markers = rank.count("+") + rank.count("-") + rank.count("^") + rank.count("'")
    return len(rank) - markers - sum(map(len, runs)) + sum(map(int, runs))


@dataclass(frozen=True, slots=True)
class Placement(Node):
    """Field 1: the board, as 1D segments ("ranks") joined by separator groups.

    ``segments`` holds the text of each rank as written, ``separators`` the length of each
    separator group between consecutive ranks (1 for '/', 2 for '//' ...), ``square_count`` is n
    (empty-counts plus pieces) and ``piece_count`` the pieces on the board. Everything else (rank
    lengths, dimensions, shape, squares) is derived on access.
    """

    segments: tuple[str, ...]
    separators: tuple[int, ...]
    square_count: int
    piece_count: int
    span: Span
    _tokens: Any = field(default=None, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        # Derived data (rank tokens, layout) is memoised here; every construction path gets a cache.
        if self._tokens is None:
            object.__setattr__(self, "_tokens", {})

    def __str__(self) -> str:
        out = [self.segments[0]]
        for sep, seg in zip(self.separators, self.segments[1:], strict=True):
            out.append("/" * sep)
            out.append(seg)
        return "".join(out)

    @property
    def lengths(self) -> tuple[int, ...]:
        """The number of squares of each rank (computed on first access)."""
        cache = self._tokens
        if cache is not None and "lengths" in cache:
            found: tuple[int, ...] = cache["lengths"]
            return found
        result = tuple(_rank_length(seg) for seg in self.segments)
        if cache is not None:
            cache["lengths"] = result
        return result

    @property
    def dimensions(self) -> int:
        """1 without separators, else one more than the longest separator group."""
        return max(self.separators, default=0) + 1

    @property
    def is_regular(self) -> bool:
        """True when every rank has the same length and every block the same number of parts."""
        return self.shape is not None

    @property
    def shape(self) -> tuple[int, ...] | None:
        """Sizes along each dimension, outermost first (``(8, 8)`` for chess); None if irregular."""
        if len(set(self.lengths)) != 1:
            return None
        dims = self.dimensions
        sizes: list[int] = []
        # Blocks of level k are separated by groups of length >= k; every level-(k+1) block must
        # hold the same number of level-k blocks.
        for k in range(dims - 1, 0, -1):
            counts: list[int] = []
            run = 1
            for sep in self.separators:
                if sep > k:
                    counts.append(run)
                    run = 1
                elif sep == k:
                    run += 1
            counts.append(run)
            if len(set(counts)) != 1:
                return None
            sizes.append(counts[0])
        sizes.append(self.lengths[0])
        return tuple(sizes)

    def rank_tokens(self, index: int) -> tuple[Piece | int, ...]:
        """Tokens of rank ``index``: pieces, and ints for runs of empty squares."""
        cache = self._tokens
        if cache is not None and index in cache:
            tokens: tuple[Piece | int, ...] = cache[index]
            return tokens
        out: list[Piece | int] = []
        text = self.segments[index]
        i = 0
        while i < len(text):
            if "1" <= text[i] <= "9":
                j = i + 1
                while j < len(text) and "0" <= text[j] <= "9":
                    j += 1
                out.append(int(text[i:j]))
            else:
                j = i + 1
                if text[i] in "+-":
                    j += 1
                while j < len(text) and text[j] in "^'":
                    j += 1
                out.append(piece(text[i:j]))
            i = j
        result = tuple(out)
        if cache is not None:
            cache[index] = result
        return result

    def _layout(self) -> _Layout:
        # One pass over the separators gives every rank's offset, coordinate prefix and first flat
        # index, so lookups and iteration stay linear in the number of cells for any shape.
        cache = self._tokens
        if cache is not None:
            found = cache.get("layout")
            if found is not None:
                layout: _Layout = found
                return layout
        dims = self.dimensions
        offsets: list[int] = []
        prefixes: list[tuple[int, ...]] = []
        starts: list[int] = []
        coord = [0] * (dims - 1)
        pos = self.span.offset
        flat = 0
        lengths = self.lengths
        separators = self.separators
        for index, segment in enumerate(self.segments):
            if index:
                # A group of k slashes moves to the next block of level k: coordinate (dims-1-k)
                # goes up by one and the inner ones restart.
                level = dims - 1 - separators[index - 1]
                coord[level] += 1
                for inner in range(level + 1, dims - 1):
                    coord[inner] = 0
            offsets.append(pos)
            prefixes.append(tuple(coord))
            starts.append(flat)
            pos += len(segment) + (separators[index] if index < len(separators) else 0)
            flat += lengths[index]
        layout = _Layout(dims, offsets, prefixes, starts, {prefix: i for i, prefix in enumerate(prefixes)})
        if cache is not None:
            cache["layout"] = layout
        return layout

    def _rank_offsets(self) -> list[int]:
        return self._layout().offsets

    def rank_span(self, index: int) -> Span:
        """Span of rank ``index`` in the parsed text."""
        start = self._layout().offsets[index]
        return Span(start, len(self.segments[index]), self.span.line, start + 1)

    def separator_span(self, index: int) -> Span:
        """Span of the separator group after rank ``index``."""
        start = self._layout().offsets[index] + len(self.segments[index])
        return Span(start, self.separators[index], self.span.line, start + 1)

    def rank_square(self, rank: int, file: int) -> Square:
        """The square ``file`` (0-based) of rank ``rank`` (0-based, in the order of the string)."""
        if not 0 <= rank < len(self.segments) or not 0 <= file < self.lengths[rank]:
            raise IndexError(f"no square {file} in rank {rank}")
        layout = self._layout()
        coordinate = (*layout.prefixes[rank], file)
        found = self._files(rank).get(file)
        if found is None:
            return Square(coordinate, None, None)
        offset, token = found
        start = layout.offsets[rank] + offset
        return Square(coordinate, token, Span(start, len(token.token), 1, start + 1))

    def _files(self, rank: int) -> dict[int, tuple[int, Piece]]:
        # file -> (offset in the rank, piece), so a lookup in a long rank does not walk it.
        cache = self._tokens
        key = ("files", rank)
        if cache is not None:
            found = cache.get(key)
            if found is not None:
                files: dict[int, tuple[int, Piece]] = found
                return files
        files = {col: (offset, token) for col, offset, token in _decode(self.segments[rank])}
        if cache is not None:
            cache[key] = files
        return files

    def _coordinate(self, rank: int, file: int) -> tuple[int, ...]:
        return (*self._layout().prefixes[rank], file)

    def _rank_index(self, coordinate: tuple[int, ...]) -> int:
        layout = self._layout()
        dims = layout.dimensions
        if len(coordinate) != dims:
            raise IndexError(f"a coordinate on this board has {dims} components, not {len(coordinate)}")
        rank = layout.rank_of.get(tuple(coordinate[:-1]))
        if rank is None:
            raise IndexError(f"no square at {coordinate}")
        return rank

    def square(self, coordinate: tuple[int, ...]) -> Square:
        """The square at ``coordinate`` (outermost dimension first, 0-based, string order).

        For chess ``(0, 0)`` is the first square written (a8) and ``(7, 7)`` the last (h1).
        """
        rank = self._rank_index(coordinate)
        return self.rank_square(rank, coordinate[-1])

    def __getitem__(self, key: int | tuple[int, ...]) -> Piece | None:
        """``placement[i]``: the piece on flat square ``i``; ``placement[r, f]``: by coordinate."""
        if isinstance(key, tuple):
            return self.square(key).piece
        index = key
        if index < 0:
            index += self.square_count
        if not 0 <= index < self.square_count:
            raise IndexError(f"square index {key} out of range")
        starts = self._layout().starts
        rank = bisect_right(starts, index) - 1
        # Skip empty ranks that share a start with the one holding the index.
        while self.lengths[rank] <= index - starts[rank]:
            rank += 1
        return self.rank_square(rank, index - starts[rank]).piece

    def squares(self) -> Iterator[Piece | None]:
        """Every square in string order: a piece or None (empty runs are expanded lazily)."""
        for rank in range(len(self.segments)):
            for token in self.rank_tokens(rank):
                if isinstance(token, int):
                    yield from repeat(None, token)
                else:
                    yield token

    def pieces(self) -> Iterator[Square]:
        """The occupied squares (with coordinates and spans), in string order."""
        layout = self._layout()
        for rank, segment in enumerate(self.segments):
            pos = layout.offsets[rank]
            prefix = layout.prefixes[rank]
            for col, offset, token in _decode(segment):
                start = pos + offset
                yield Square((*prefix, col), token, Span(start, len(token.token), 1, start + 1))

    def piece_map(self) -> dict[tuple[int, ...], Piece]:
        """Every occupied square's coordinate and piece (python-chess's ``Board.piece_map``)."""
        out: dict[tuple[int, ...], Piece] = {}
        for prefix, segment in zip(self._layout().prefixes, self.segments, strict=True):
            out.update({(*prefix, col): token for col, _, token in _decode(segment)})
        return out

    def ranks(self) -> tuple[tuple[Piece | None, ...], ...]:
        """Every rank as a tuple of squares (like the Elixir library's ``squares``); small boards only."""
        return tuple(
            tuple(
                sq
                for token in self.rank_tokens(r)
                for sq in ((None,) * token if isinstance(token, int) else (token,))
            )
            for r in range(len(self.segments))
        )


# ----------------------------------------------------------------------------------------------
# Field 2: hands


@dataclass(frozen=True, slots=True)
class HandItem(Node):
    """One hand item: ``count`` copies of ``piece`` (``3P``; count 1 is written without digits)."""

    piece: Piece
    count: int
    span: Span | None

    def __str__(self) -> str:
        return f"{self.count}{self.piece}" if self.count > 1 else self.piece.token

    @property
    def sort_key(self) -> tuple[int, tuple[str, int, int, int, int]]:
        """Canonical order: multiplicity descending, then the piece order."""
        return (-self.count, self.piece.sort_key)


_HAND_ITEM = re.compile(r"([0-9]*)([-+]?[A-Za-z][\^']*)")  # over already validated text only


@dataclass(frozen=True, slots=True)
class Hand(Node):
    """The multiset of pieces held by one side, as written (canonical once validated).

    ``text`` is the hand as written (``"3P2B"``), ``size`` the number of pieces with
    multiplicity; ``items`` (with spans) are computed on access.
    """

    side: Side
    text: str
    size: int
    span: Span | None
    _cache: Any = field(default=None, compare=False, repr=False, hash=False)

    def __str__(self) -> str:
        return self.text

    def __len__(self) -> int:
        return self.size

    @property
    def items(self) -> tuple[HandItem, ...]:
        """The hand items in written order (canonical order once validated)."""
        cache = self._cache
        if cache:
            found: tuple[HandItem, ...] = cache[0]
            return found
        out = []
        pos = self.span.offset if self.span is not None else 0
        for count, token in _HAND_ITEM.findall(self.text):
            size = len(count) + len(token)
            span = Span(pos, size, 1, pos + 1) if self.span is not None else None
            out.append(HandItem(piece(token), int(count) if count else 1, span))
            pos += size
        items = tuple(out)
        if cache is not None:
            cache.append(items)
        return items

    def __iter__(self) -> Iterator[Piece]:
        """Every piece, repeated by multiplicity, in canonical order."""
        for item in self.items:
            for _ in range(item.count):
                yield item.piece

    def counts(self) -> dict[Piece, int]:
        """The multiset as a mapping piece -> multiplicity."""
        out: dict[Piece, int] = {}
        for item in self.items:
            out[item.piece] = out.get(item.piece, 0) + item.count
        return out


@dataclass(frozen=True, slots=True)
class Hands(Node):
    """Field 2: the hands of the first and the second player (``first/second``)."""

    first: Hand
    second: Hand
    span: Span | None

    def __str__(self) -> str:
        return f"{self.first}/{self.second}"

    @property
    def piece_count(self) -> int:
        """Pieces in both hands, with multiplicity."""
        return self.first.size + self.second.size


# ----------------------------------------------------------------------------------------------
# Field 3: style-turn


@dataclass(frozen=True, slots=True)
class StyleTurn(Node):
    """Field 3: the style of the side to move (``active``) and of the other side (``inactive``)."""

    active: Style
    inactive: Style
    span: Span | None

    def __str__(self) -> str:
        return f"{self.active}/{self.inactive}"

    @property
    def active_side(self) -> Side:
        """The side to move."""
        return self.active.side

    @property
    def first(self) -> Style:
        """The style of the first side (the uppercase one)."""
        return self.active if self.active.side is Side.FIRST else self.inactive

    @property
    def second(self) -> Style:
        """The style of the second side (the lowercase one)."""
        return self.inactive if self.active.side is Side.FIRST else self.active


@dataclass(frozen=True, slots=True)
class Position(Node):
    """A FEEN position: placement, hands and style-turn. ``str(position)`` is canonical FEEN.

    ``extensions`` holds the nodes of rules that a user's extension grammar added (``GenericNode``).
    """

    _repr_svg_ = repr_svg  # notebooks draw the position (notation_toolkit.svg)

    placement: Placement
    hands: Hands
    style_turn: StyleTurn
    span: Span | None
    extensions: tuple[object, ...] = ()

    def __str__(self) -> str:
        return f"{self.placement} {self.hands} {self.style_turn}"

    @property
    def active_side(self) -> Side:
        """The side to move."""
        return self.style_turn.active.side

    def qpi(self, p: Piece) -> Qpi:
        """The QPI (``SIN:PIN``) of a piece in this position (002, "QPI Inference").

        A native piece takes the style of its own side; a derived piece (``'``) takes the style of
        the other side, written in the piece's case so that both parts of the QPI share a side.
        """
        native = self.style_turn.first if p.side is Side.FIRST else self.style_turn.second
        if p.derived:
            other = self.style_turn.second if p.side is Side.FIRST else self.style_turn.first
            name = other.name.upper() if p.side is Side.FIRST else other.name.lower()
            native = style(name)
        return Qpi(native, piece(p.token.replace("'", "")))
