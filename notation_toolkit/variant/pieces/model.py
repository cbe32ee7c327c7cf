"""The executable form of an MBN piece: ``CompiledPiece`` and the records it produces.

A ``CompiledPiece`` is built once per (definition, board geometry, mirror mode) by
``compile_piece`` and answers, for a square, a side and the board occupancy, which squares the
piece can move to quietly, which it can capture on and which it attacks. All answers are bitboards
(Python ints, bit ``rank * width + file``, see ``notation_toolkit.core.geometry``); special moves
that need more than a destination (multi-leg moves, en passant, moves that make squares capturable
en passant) come as ``PieceMove`` records from ``CompiledPiece.moves``.

Sides: ``WHITE = 0`` moves "forward" towards higher ranks, ``BLACK = 1`` sees the board mirrored
(FBR ``mirror``, default ``vertical``: ranks reversed, files kept; 003:464).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from typing import Final, Protocol

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.geometry import Geometry  # (at run time: a field's type in the compiled build)
from notation_toolkit.core.nodeclass import dataclass

Side = int
WHITE: Final = 0
BLACK: Final = 1


@dataclass(frozen=True, slots=True)
class EnPassant:
    """The en-passant state a position hands to ``CompiledPiece.moves``.

    ``squares``: the squares the last move made capturable (``PieceMove.ep_squares`` of that move);
    ``victim``: the square of the piece that made them capturable (it is removed by the capture);
    ``victim_key``: its piece key (``"P"``), checked against an ``e{...}`` piece set.
    """

    squares: int
    victim: int
    victim_key: str


@dataclass(frozen=True, slots=True)
class PieceMove:
    """One generated move of one piece.

    ``path`` lists the squares where the legs of a multi-leg move end before ``target`` (empty for a
    single-leg move). ``captured`` is the square of the captured piece (``target`` for an ordinary
    capture, the victim's square for en passant, ``None`` for a quiet move). ``ep_squares`` is the
    bitboard of squares this move makes capturable en passant (an ``me`` move: the squares it passed
    over). ``initial`` is True when the move comes from an ``i`` (initial move only) part.
    """

    origin: int
    target: int
    captured: int | None = None
    path: tuple[int, ...] = ()
    ep_squares: int = 0
    initial: bool = False

    @property
    def is_capture(self) -> bool:
        """True when the move removes a piece."""
        return self.captured is not None


class PieceTables(Protocol):
    """The per-square tables behind a ``CompiledPiece`` (``compiler.Tables`` is the one
    implementation). Declared here so that this module does not depend on the compiler: the
    compiler builds pieces, pieces never build tables."""

    @property
    def complete(self) -> bool: ...
    @property
    def simple(self) -> bool: ...
    @property
    def has_initial(self) -> bool: ...
    @property
    def makes_ep(self) -> bool: ...
    @property
    def takes_ep(self) -> bool: ...
    @property
    def needs_types(self) -> bool: ...
    @property
    def reversible(self) -> bool: ...
    @property
    def hops(self) -> bool: ...
    @property
    def wraps(self) -> bool: ...
    @property
    def multi(self) -> Sequence[object]: ...
    @property
    def signature(self) -> tuple[object, ...]: ...
    @property
    def leaper_attacks(self) -> tuple[list[int], list[int]] | None: ...
    @property
    def attack_all(self) -> tuple[Callable[[int, int], int], Callable[[int, int], int]]: ...

    def quiets(self, square: int, side: int, occupied: int, initial: bool) -> int: ...

    def captures(
        self,
        square: int,
        side: int,
        occupied: int,
        enemies: int,
        initial: bool,
        by_type: Mapping[str, int] | None,
    ) -> int: ...

    def attacks(self, square: int, side: int, occupied: int, victim: str | None) -> int: ...

    def attackers_reach(self, square: int, side: int, occupied: int) -> int: ...

    def null_move(self, square: int, side: int, occupied: int) -> bool: ...

    def empty_board_movers(self, side: int) -> int: ...

    def empty_board_attacks(self, side: int, victims: Sequence[str | None]) -> list[int]: ...

    def moves(
        self,
        square: int,
        side: int,
        occupied: int,
        friends: int,
        enemies: int,
        initial: bool,
        by_type: Mapping[str, int] | None,
        ep: EnPassant | None,
    ) -> list[PieceMove]: ...


@dataclass(frozen=True, slots=True, eq=False)
class CompiledPiece:
    """An MBN piece definition compiled for one board geometry.

    Build it with ``compile_piece`` / ``compile_rule_file``; the tables are per square and per side
    and never walk the AST again. Bitboard arguments: ``occupied`` = every occupied square,
    ``friends`` / ``enemies`` = the squares of the mover's / opponent's pieces,
    ``by_type`` = opponent pieces per piece key (``{"Q": bb, "P": bb}``), needed only when the piece
    has capture sets ``c{...}`` (``needs_types``).
    """

    key: str
    definition: str
    geometry: Geometry
    tables: PieceTables = field(repr=False)
    diagnostics: tuple[Diagnostic, ...] = ()

    # -- what kind of piece this is (for the game core's fast paths) ------------------------------

    @property
    def complete(self) -> bool:
        """False when some part of the definition is not executable (see ``diagnostics``): the move
        sets then lack those parts. ``compile_piece(strict=True)`` never returns such a piece."""
        return self.tables.complete

    @property
    def simple(self) -> bool:
        """True when ``quiets`` and ``captures`` give every move: no multi-leg moves, no en passant
        (made or taken). Otherwise use ``moves`` (which is always complete)."""
        return self.tables.simple

    @property
    def has_initial(self) -> bool:
        """True when some part is an initial move (``i``): pass ``initial=`` to the generators."""
        return self.tables.has_initial

    @property
    def makes_ep(self) -> bool:
        """True when some quiet move makes squares capturable en passant (``me``)."""
        return self.tables.makes_ep

    @property
    def takes_ep(self) -> bool:
        """True when the piece can capture en passant (``ce``)."""
        return self.tables.takes_ep

    @property
    def needs_types(self) -> bool:
        """True when some capture is restricted to a piece set (``c{QR}W``): pass ``by_type``."""
        return self.tables.needs_types

    @property
    def reversible(self) -> bool:
        """True when ``attackers_to`` works: the attack set seen from the target square is the
        attack set with negated vectors (leapers, riders, hoppers without lame legs, board ranges,
        multi-leg moves or initial-only captures)."""
        return self.tables.reversible

    @property
    def wraps(self) -> bool:
        """True when some move crosses a joined edge: the board wraps (FBR ``cylindric``,
        ``torus``) or a part is cylindrical (MBN ``o``, ``oo``). Lines between two squares may
        then go round either way."""
        return self.tables.wraps

    @property
    def leaper_attacks(self) -> tuple[list[int], list[int]] | None:
        """For pieces whose attacks do not depend on occupancy (leapers, ``g`` jumpers): the attack
        bitboard per side per square, as plain lists for inlining in a hot loop; ``None`` otherwise."""
        return self.tables.leaper_attacks

    def attack_function(self, side: Side) -> Callable[[int, int], int]:
        """``f(square, occupied) -> attacks`` for one side, without the method dispatch of
        ``attacks`` (victim ``None``); single-leg parts only when the piece is not ``simple``
        (multi-leg attacks come from ``attacks``)."""
        return self.tables.attack_all[side]

    def attackers_to(self, square: int, side: Side, occupied: int) -> int:
        """Bitboard of the squares from which a piece of this type and ``side`` would attack
        ``square`` (any victim). Only for ``reversible`` pieces: ``ValueError`` otherwise."""
        return self.tables.attackers_reach(square, side, occupied)

    # -- generators ------------------------------------------------------------------------------

    def quiets(self, square: int, side: Side, occupied: int, *, initial: bool = False) -> int:
        """Bitboard of the empty squares the piece can move to without capturing (single-leg moves;
        with ``initial`` the ``i`` parts are included)."""
        return self.tables.quiets(square, side, occupied, initial)

    def captures(
        self,
        square: int,
        side: Side,
        occupied: int,
        enemies: int,
        *,
        initial: bool = False,
        by_type: Mapping[str, int] | None = None,
    ) -> int:
        """Bitboard of the enemy-occupied squares the piece can capture on (single-leg, not en
        passant). ``by_type`` is required when ``needs_types``."""
        return self.tables.captures(square, side, occupied, enemies, initial, by_type)

    def attacks(self, square: int, side: Side, occupied: int, victim: str | None = None) -> int:
        """Bitboard of the squares the piece attacks: where it would capture a piece of ``victim``'s
        type (any type when ``None``) standing there. For check detection: ``victim="K"``.
        Initial-only captures are excluded (they need ``initial``; see ``captures``)."""
        return self.tables.attacks(square, side, occupied, victim)

    def moves(
        self,
        square: int,
        side: Side,
        occupied: int,
        friends: int,
        enemies: int,
        *,
        initial: bool = False,
        by_type: Mapping[str, int] | None = None,
        ep: EnPassant | None = None,
    ) -> list[PieceMove]:
        """Every pseudo-legal move of the piece as records (quiet moves, captures, multi-leg moves
        with their path, en-passant captures, moves that make squares capturable): one record per (target,
        captured square), since paths through different empty squares make the same move."""
        return self.tables.moves(square, side, occupied, friends, enemies, initial, by_type, ep)

    def null_move(self, square: int, side: Side, occupied: int) -> bool:
        """True when the piece on ``square`` can travel round a board whose edges join and come
        back to ``square``, every square it passes empty (a quiet slide or leap; FBR ``null``,
        003:217: "moving the rook from a5 to a5"). Always False on a plain board. The ordinary
        move generators never produce such a move: a rider stops before its own square."""
        return self.tables.null_move(square, side, occupied)

    # -- identity --------------------------------------------------------------------------------

    def signature(self) -> tuple[object, ...]:
        """A canonical, hashable description of the move set: per side and per vector the step
        intervals, kinds and conditions. Two pieces with the same signature move the same way on
        every position (``R`` and ``W0``; ``Q``, ``RB`` and ``W0+F0``); the converse holds for the
        constructs the normal form covers (see docs/pieces.md)."""
        return self.tables.signature

    def same_moves(self, other: CompiledPiece) -> bool:
        """True when both pieces move the same way (equal ``signature``; same geometry expected)."""
        return self.tables.signature == other.tables.signature
