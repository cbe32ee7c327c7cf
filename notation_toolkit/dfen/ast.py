"""Typed AST of DFEN positions: FEN's nodes plus several en-passant targets and the dice pool."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import field
from typing import TYPE_CHECKING

from notation_toolkit.core.ast import GenericNode, Node
from notation_toolkit.core.display import repr_svg
from notation_toolkit.core.span import Span
from notation_toolkit.fen.ast import (
    SQUARE_INDEX,
    SQUARE_NAMES,
    Board,
    CastlingRights,
    FullmoveNumber,
    HalfmoveClock,
    PositionValues,
    Side,
    _check_values,
)

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

#: Dice letters in value order (1 = P ... 6 = K), the canonical sort order of field 7.
DICE_ORDER = "PNBRQK"
_DICE_RANK = {c: i for i, c in enumerate(DICE_ORDER)}


def sort_dice(letters: Iterable[str]) -> tuple[str, ...]:
    """Upper-case dice letters sorted P<N<B<R<Q<K."""
    return tuple(sorted((c.upper() for c in letters), key=_DICE_RANK.__getitem__))


def ep_text(squares: Iterable[int]) -> str:
    """Canonical field 4: square names in lexicographic order (D1), or ``'-'``."""
    return "".join(sorted(SQUARE_NAMES[s] for s in squares)) or "-"


@dataclass(frozen=True, slots=True)
class EnPassantTargets(Node):
    """Field 4 of DFEN: the set of live en-passant target squares (LERF indices)."""

    squares: frozenset[int]
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def names(self) -> tuple[str, ...]:
        """Target square names in canonical (lexicographic) order."""
        return tuple(sorted(SQUARE_NAMES[s] for s in self.squares))

    def __str__(self) -> str:
        return ep_text(self.squares)


@dataclass(frozen=True, slots=True)
class DicePool(Node):
    """Field 7: the dice the side to move has still to play, or ``None`` when not rolled.

    ``dice`` is a multiset of piece types kept as a sorted tuple of upper-case letters
    (``('P', 'P', 'N')``); the letters are written in the mover's case only when serialized.
    """

    dice: tuple[str, ...] | None
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def rolled(self) -> bool:
        """False when field 7 is ``'-'`` (a fresh turn, dice not rolled yet)."""
        return self.dice is not None

    def counts(self) -> Counter[str]:
        """The multiset as a ``Counter`` (``{'P': 2, 'N': 1}``)."""
        return Counter(self.dice or ())

    def text(self, turn: str) -> str:
        """Field 7 in canonical form for the side ``turn`` (``'w'``: upper case, ``'b'``: lower)."""
        if not self.dice:
            return "-"
        letters = "".join(self.dice)
        return letters if turn == "w" else letters.lower()

    def __str__(self) -> str:
        return "-" if not self.dice else "".join(self.dice)


@dataclass(frozen=True, slots=True)
class DfenPosition(PositionValues, Node):
    """A parsed Dice Chess position (DFEN, seven fields).

    The typed nodes (``board``, ``side``, ``castling_rights``, ``en_passant_targets``, ``halfmove``,
    ``fullmove``, ``pool``) carry spans; the plain values the game core consumes are properties:
    ``squares``, ``turn``, ``castling``, ``en_passant``, ``halfmove_clock``, ``fullmove_number``, ``dice``.
    Equality ignores spans and spelling. ``extensions`` holds what a user's extension grammar adds
    (``GenericNode``s; empty for DFEN itself); ``str()`` writes the seven DFEN fields.
    """

    _repr_svg_ = repr_svg  # notebooks draw the position (notation_toolkit.svg)

    board: Board
    side: Side
    castling_rights: CastlingRights
    en_passant_targets: EnPassantTargets
    halfmove: HalfmoveClock
    fullmove: FullmoveNumber
    pool: DicePool
    span: Span | None = field(default=None, compare=False, repr=False)
    #: What a user's extension grammar (``grammar=``) adds that no handler knows, in text order.
    extensions: tuple[GenericNode, ...] = ()

    @classmethod
    def from_values(
        cls,
        squares: Sequence[str | None],
        turn: str = "w",
        castling: Iterable[str] = (),
        en_passant: Iterable[int | str] = (),
        halfmove_clock: int = 0,
        fullmove_number: int = 1,
        dice: Iterable[str] | None = None,
    ) -> DfenPosition:
        """Build a position from values, without text.

        ``squares``: 64 entries, LERF (index 0 = a1), piece letters or ``None``; ``en_passant``:
        square indices or names; ``dice``: letters in any case and order (stored sorted, upper
        case), or ``None`` for "not rolled". Raises ``ValueError`` for values DFEN cannot hold.
        """
        rights = _check_values(turn, castling, halfmove_clock, fullmove_number)
        targets = frozenset(SQUARE_INDEX[s] if isinstance(s, str) else s for s in en_passant)
        for s in targets:
            if not 0 <= s < 64 or s // 8 not in (2, 5):
                raise ValueError(f"en-passant targets must be squares on rank 3 or 6, got {s}")
        pool: tuple[str, ...] | None = None
        if dice is not None:
            letters = tuple(dice)
            if len(letters) > 3 or any(c.upper() not in _DICE_RANK for c in letters):
                raise ValueError(f"a dice pool holds at most 3 letters from PNBRQK, got {letters}")
            pool = sort_dice(letters) or None
        return cls(
            Board.from_squares(squares),
            Side(turn),
            CastlingRights(rights),
            EnPassantTargets(targets),
            HalfmoveClock(halfmove_clock),
            FullmoveNumber(fullmove_number),
            DicePool(pool),
        )

    @property
    def en_passant(self) -> frozenset[int]:
        """The live en-passant targets (LERF indices)."""
        return self.en_passant_targets.squares

    @property
    def dice(self) -> tuple[str, ...] | None:
        """Upper-case dice letters sorted P<N<B<R<Q<K, or ``None`` when not rolled."""
        return self.pool.dice

    def __str__(self) -> str:
        return (
            f"{self.board} {self.side} {self.castling_rights} {self.en_passant_targets} "
            f"{self.halfmove} {self.fullmove} {self.pool.text(self.side.color)}"
        )
