"""Dice pools (R2, F3): a multiset of at most three dice packed into one ``int``.

The count of dice of piece type ``t`` sits in bits ``2t .. 2t+1`` (so ``pool == 0`` is the empty
pool, DFEN ``-``). Spending a die is ``pool - DIE[t]``; that keeps pools hashable, allocation-free
and cheap to copy, which matters inside the R8 search.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from notation_toolkit.dicechess.codes import DICE004
from notation_toolkit.dicechess.errors import IllegalMoveError
from notation_toolkit.dicechess.tables import DIE_LETTERS, KING, PAWN, PIECE_TYPES, PieceType

if TYPE_CHECKING:
    import random
    from fractions import Fraction

Pool = int

DIE: Final = tuple(1 << (2 * t) for t in range(7))
"""``DIE[t]``: the pool holding one die of type ``t`` (add/subtract to put in or spend a die)."""

MAX_DICE: Final = 3


def count(pool: Pool, piece_type: PieceType) -> int:
    """Number of dice of ``piece_type`` in the pool."""
    return (pool >> (2 * piece_type)) & 3


def size(pool: Pool) -> int:
    """Total number of dice in the pool."""
    return sum((pool >> (2 * t)) & 3 for t in PIECE_TYPES)


def types(pool: Pool) -> tuple[PieceType, ...]:
    """The distinct die types in the pool, in P<N<B<R<Q<K order."""
    return tuple(t for t in PIECE_TYPES if (pool >> (2 * t)) & 3)


def from_types(piece_types: Iterable[PieceType]) -> Pool:
    """Pool holding one die per entry of ``piece_types`` (repeats allowed)."""
    pool = 0
    faces: list[object] = []
    for t in piece_types:
        faces.append(t)
        if not (isinstance(t, int) and PAWN <= t <= KING):
            raise DICE004.error(IllegalMoveError, "face", field="dice", face=t)
        if len(faces) > MAX_DICE:
            raise DICE004.error(IllegalMoveError, "too_many", field="dice", dice=faces)
        pool += DIE[t]
    return pool


def from_letters(letters: str) -> Pool:
    """Pool from die letters in either case (``"PNB"``, ``"pnb"``); ``"-"``/``""`` is empty."""
    if letters in ("", "-"):
        return 0
    for ch in letters[: MAX_DICE + 1]:  # a longer text is refused whatever its other letters are
        if len(ch) != 1 or DIE_LETTERS.find(ch.upper()) < 0:
            raise DICE004.error(IllegalMoveError, "letter", field="dice", letter=ch)
    if len(letters) > MAX_DICE:
        shown = letters if len(letters) <= 12 else letters[:12] + "..."
        raise DICE004.error(IllegalMoveError, "too_many", field="dice", dice=shown)
    return from_types([DIE_LETTERS.find(ch.upper()) + 1 for ch in letters])


def to_letters(pool: Pool, *, black: bool = False) -> str:
    """Canonical letters of a pool (P<N<B<R<Q<K, upper case for White), ``-`` when empty."""
    if not pool:
        return "-"
    text = "".join(DIE_LETTERS[t - 1] * count(pool, t) for t in PIECE_TYPES)
    return text.lower() if black else text


def to_types(pool: Pool) -> tuple[PieceType, ...]:
    """The dice of the pool as piece types, sorted, with repeats."""
    return tuple(t for t in PIECE_TYPES for _ in range(count(pool, t)))


# The standard decorator, not core.nodeclass: `ntk dice compile` builds this module with mypyc,
# which needs to see the real dataclass.
@dataclass(frozen=True, slots=True)
class RollOutcome:
    """One of the 56 sorted multisets of three dice, with its weight out of 216 (R2)."""

    pool: Pool
    letters: str
    weight: int

    @property
    def probability(self) -> Fraction:
        """Exact probability of this outcome."""
        from fractions import Fraction  # with decimal and numbers: imported by its users only

        return Fraction(self.weight, 216)


def _outcomes() -> tuple[RollOutcome, ...]:
    out: list[RollOutcome] = []
    for a in PIECE_TYPES:
        for b in PIECE_TYPES:
            if b < a:
                continue
            for c in PIECE_TYPES:
                if c < b:
                    continue
                distinct = len({a, b, c})
                weight = 1 if distinct == 1 else 3 if distinct == 2 else 6
                pool = DIE[a] + DIE[b] + DIE[c]
                out.append(RollOutcome(pool, to_letters(pool), weight))
    return tuple(out)


ROLL_OUTCOMES: Final = _outcomes()
"""All 56 roll outcomes; weights 1 (AAA), 3 (AAB), 6 (ABC) summing to 216."""


def roll(rng: random.Random) -> Pool:
    """Roll three dice (1=P .. 6=K) with ``rng`` and return the pool."""
    return DIE[rng.randint(1, 6)] + DIE[rng.randint(1, 6)] + DIE[rng.randint(1, 6)]


def pool_of(dice: Pool | str | Sequence[PieceType]) -> Pool:
    """Normalise a pool given as int, letters or a sequence of piece types."""
    if isinstance(dice, bool) or not isinstance(dice, int | str | Sequence):
        raise TypeError(
            f"a pool is die letters, a packed int or a sequence of die faces, not {type(dice).__name__}"
        )
    if isinstance(dice, int):
        if dice < 0 or count(dice, 0) != 0 or dice >> 14:
            raise DICE004.error(IllegalMoveError, "packed", field="dice", pool=dice)
        if size(dice) > MAX_DICE:
            raise DICE004.error(IllegalMoveError, "too_many", field="dice", dice=to_letters(dice))
        return dice
    if isinstance(dice, str):
        return from_letters(dice)
    return from_types(dice)
