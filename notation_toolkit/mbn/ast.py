"""The typed, immutable AST of MBN (Modified Betza Notation) and of the parts MBN shares with FBR.

One dataclass per grammar rule of ``grammars/mbn.lark`` (a few purely structural rules, such as
``origin`` or ``prefixes``, are folded into their parent; see ``handlers.py``). Every node carries
a ``span`` into the parsed text. Spans are excluded from ``==`` (``compare=False``), so two ASTs
compare equal when they mean the same text whatever its layout: ``parse(format(x)) == parse(x)``.

Node overview::

    PieceDefinition(head: PieceHead, moves: tuple[MoveSequence, ...])      K=mK, O-O<*>=...=...
    PieceDeclaration(head: PieceHead)                                      K, +P, @K, ##K
    PromotionRule(head: PromotionHead, targets: tuple[Target, ...])        +P==QRBN, *K==@k
    Cancellation(item)                                                     !*K=j{K}K
    MoveSequence(legs, links)        legs joined by '-' (continue) or '--' (independent leg)
      Alternatives(moves: tuple[PartialMove, ...])                          a+b+c
      OptionalLeg(moves: MoveSequence)                                      [ ... ]
    PartialMove(setup, transition, condition, origin, attackers, modifiers, units, destination)
      Modifier(letter, optional, piece_set, board_range)                    c?{D}, o[b,g]
      Atom(letter, circular, steps) | Group(moves, direction, steps)         W02, (dttwQ)0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode

PREFIX_CHARS = "+-#*$%&"
"""Piece prefixes (promoted or alternate states; FBR rules refer to them, 003:12 <Prefix>)."""


# ------------------------------------------------------------------------------------------------
# Letters, piece sets, board ranges (shared with FBR)
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PieceLetter:
    """A piece letter: ``K``, ``p`` (lower case: black / colour-sensitive), ``:QD:`` (compound).

    Compound letters compare on their upper-case form (``:Be:`` is ``:BE:``) but ``:X:`` is not
    ``X`` (MBN page, fbr-mbn-notes 3.2); ``key`` gives that identity.
    """

    text: str
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def is_compound(self) -> bool:
        """True for ``:XY:`` letters."""
        return self.text.startswith(":")

    @property
    def key(self) -> str:
        """Identity of the piece regardless of colour: upper-case letter or compound."""
        return self.text.upper()

    @property
    def is_castling(self) -> bool:
        """True for the castling pseudo-pieces ``O-O`` and ``O-O-O``."""
        return self.text.startswith("O-O")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class SetMember:
    """One member of a piece set: optional stacked prefixes and a letter (``#Q``, ``p``, ``:MD:``)."""

    prefixes: str
    letter: PieceLetter
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.prefixes + self.letter.text


@dataclass(frozen=True, slots=True)
class PieceSet:
    """``{...}``: ``flags`` as written (``"!"``, ``"^"``, ``"!^"``, ``"^!"``) and the members.

    ``^`` = complement ("all pieces except"), ``!`` = colour-sensitive: upper case is white, lower
    case is black (003:600 `{!k}` = the black king). Members may repeat (003:642 `{Kpp}`).
    """

    flags: str
    members: tuple[SetMember, ...]
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def complement(self) -> bool:
        """True when the set means 'every piece except these'."""
        return "^" in self.flags

    @property
    def colour_sensitive(self) -> bool:
        """True when letter case selects the colour."""
        return "!" in self.flags

    def __str__(self) -> str:
        return "{" + self.flags + "".join(str(m) for m in self.members) + "}"


@dataclass(frozen=True, slots=True)
class Span1D:
    """``first`` or ``first-last`` of files (letters), ranks (numbers) or levels (``A``-``H``)."""

    first: str
    last: str | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.first if self.last is None else f"{self.first}-{self.last}"


@dataclass(frozen=True, slots=True)
class FileSpan(Span1D):
    """Files: ``a`` or ``c-f`` (003:257)."""


@dataclass(frozen=True, slots=True)
class RankSpan(Span1D):
    """Ranks (or 4D rows): ``2`` or ``1-12`` (003:702)."""


@dataclass(frozen=True, slots=True)
class LevelSpan(Span1D):
    """3D levels: ``A`` or ``A-C`` (MBN BNF 3dRange)."""


@dataclass(frozen=True, slots=True)
class SingleRange:
    """One range inside ``[...]``: files, ranks, level and 4D row, or a special symbol.

    Symbols (MBN page via LeCodex): ``#`` edge squares, ``.`` inner squares, ``+`` threatened,
    ``*`` unthreatened, ``:`` unmoved squares.
    """

    files: FileSpan | None = None
    ranks: RankSpan | None = None
    level: LevelSpan | None = None
    row: RankSpan | None = None
    symbol: str | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        if self.symbol is not None:
            return self.symbol
        return "".join(str(p) for p in (self.files, self.ranks, self.level, self.row) if p is not None)


@dataclass(frozen=True, slots=True)
class BoardRange:
    """``[...]``: a list of single ranges, optionally complemented with ``^``."""

    complement: bool
    ranges: tuple[SingleRange, ...]
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return "[" + ("^" if self.complement else "") + ",".join(str(r) for r in self.ranges) + "]"


# ------------------------------------------------------------------------------------------------
# Heads
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardId:
    """``<*>``, ``<3>``, ``<1,2>`` (3D), ``<<1>>`` (reflected), ``<<1>;<2>>`` (4D)."""

    kind: str  # "3d", "reflected" or "4d"
    boards: tuple[tuple[str, ...], ...]  # per dimension: ("*",) or numbers as written
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        parts = [",".join(b) for b in self.boards]
        if self.kind == "3d":
            return f"<{parts[0]}>"
        if self.kind == "reflected":
            return f"<<{parts[0]}>>"
        return f"<<{parts[0]}>;<{parts[1]}>>"


@dataclass(frozen=True, slots=True)
class AnnouncementCondition:
    """``/Name/`` after a head: the item applies while the announcement is active (003:82)."""

    name: str
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"/{self.name}/"


@dataclass(frozen=True, slots=True)
class PieceHead:
    """What a definition or declaration is about.

    ``@``? prefixes letter ``<board>``? ``|name|``? ``/cond/``?
    """

    macro: bool
    prefixes: str
    letter: PieceLetter
    board: BoardId | None = None
    name: str | None = None  # without the bars
    condition: AnnouncementCondition | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def key(self) -> str:
        """Identity of the piece state: prefixes + letter key (``#K``, ``:QD:``)."""
        return self.prefixes + self.letter.key

    def __str__(self) -> str:
        out = ("@" if self.macro else "") + self.prefixes + self.letter.text
        if self.board is not None:
            out += str(self.board)
        if self.name is not None:
            out += f"|{self.name}|"
        if self.condition is not None:
            out += str(self.condition)
        return out


@dataclass(frozen=True, slots=True)
class PromotionHead:
    """Left side of ``==``: prefixes and one or more letters (003:189 `*KQRBNP==X`)."""

    prefixes: str
    letters: tuple[PieceLetter, ...]
    board: BoardId | None = None
    condition: AnnouncementCondition | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        out = self.prefixes + "".join(x.text for x in self.letters)
        if self.board is not None:
            out += str(self.board)
        if self.condition is not None:
            out += str(self.condition)
        return out


# ------------------------------------------------------------------------------------------------
# Move expressions
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Steps:
    """Step count after an atom or group, verbatim: ``4`` (at most 4), ``0`` (unlimited),
    ``02`` (exactly 2), ``0*``, ``**``, ``#`` (undocumented; kept as written, G7)."""

    text: str
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def unlimited(self) -> bool:
        """True for ``0`` (a rider)."""
        return self.text == "0"

    @property
    def exact(self) -> int | None:
        """n for ``0n`` (exactly n steps)."""
        if len(self.text) > 1 and self.text[0] == "0" and self.text[1:].isdigit():
            return int(self.text[1:])
        return None

    @property
    def limit(self) -> int | None:
        """n for ``n`` (at most n steps, n > 0)."""
        if self.text.isdigit() and self.text[0] != "0":
            return int(self.text)
        return None

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Atom:
    """A move letter: base letter or piece used as a macro (``W``, ``K``), compound (``:K:``) or
    extended leap (``:1,4:``), with an optional amalgamated direction and steps."""

    letter: str
    circular: str | None = None
    steps: Steps | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def kind(self) -> str:
        """``"letter"``, ``"compound"`` or ``"extended"``."""
        if not self.letter.startswith(":"):
            return "letter"
        return "extended" if "," in self.letter else "compound"

    def __str__(self) -> str:
        return self.letter + (self.circular or "") + (str(self.steps) if self.steps else "")


@dataclass(frozen=True, slots=True)
class Group:
    """``( move sequence )`` with optional direction and steps (BNF ComplexRider, `(dttwQ)0`)."""

    moves: MoveSequence
    direction: str | None = None
    steps: Steps | None = None
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Modifier:
    """One modifier letter with its optional ``?`` and argument (piece set, or range for ``o``)."""

    letter: str
    optional: bool = False
    piece_set: PieceSet | None = None
    board_range: BoardRange | None = None
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        arg = str(self.piece_set) if self.piece_set else str(self.board_range) if self.board_range else ""
        return self.letter + ("?" if self.optional else "") + arg


@dataclass(frozen=True, slots=True)
class Transition:
    """One board transition as written: ``+``, ``+1``, ``-2``, ``+-1``, ``2``, ``1,3``."""

    text: str
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BoardTransition:
    """``<t>`` or ``<t;u>`` before a partial move: move to another board (003:38 `<+>`)."""

    transitions: tuple[Transition, ...]
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return "<" + ";".join(t.text for t in self.transitions) + ">"


@dataclass(frozen=True, slots=True)
class Square:
    """A square ``e4`` inside a move condition."""

    file: str
    rank: str
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.file + self.rank


@dataclass(frozen=True, slots=True)
class MoveCondition:
    """``/piece where/`` before a partial move (MBN BNF <Condition>)."""

    piece: PieceSet | PieceLetter
    where: BoardRange | Square
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"/{self.piece}{self.where}/"


MoveUnit: TypeAlias = "Atom | Group"


@dataclass(frozen=True, slots=True)
class PartialMove:
    """One simple move: prefix parts, modifiers, juxtaposed units (alternatives) and ranges."""

    units: tuple[Atom | Group | GenericNode, ...]  # GenericNode: a unit added by an extension grammar
    modifiers: tuple[Modifier, ...] = ()
    setup: bool = False
    transition: BoardTransition | None = None
    condition: MoveCondition | None = None
    origin: BoardRange | None = None
    attackers: PieceSet | None = None
    destination: BoardRange | None = None
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Alternatives:
    """Partial moves joined by ``+`` (any of them)."""

    moves: tuple[PartialMove, ...]
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class OptionalLeg:
    """``[ move sequence ]``: a leg that may be omitted (003:153 `B-[([a,h]zB)0]`)."""

    moves: MoveSequence
    span: Span | None = field(default=None, compare=False, repr=False)


Leg: TypeAlias = "Alternatives | OptionalLeg"


@dataclass(frozen=True, slots=True)
class MoveSequence:
    """Legs joined by ``links`` (``-`` continues from the end square, ``--`` an independent leg);
    ``len(links) == len(legs) - 1``."""

    legs: tuple[Alternatives | OptionalLeg, ...]
    links: tuple[str, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)


# ------------------------------------------------------------------------------------------------
# Items
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PieceDefinition:
    """``head=moves`` (several ``=`` parts for castling pseudo-pieces)."""

    head: PieceHead
    moves: tuple[MoveSequence, ...]
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PieceDeclaration:
    """A head alone: the piece (state) exists with its default definition."""

    head: PieceHead
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PromotionTarget:
    """A choice of a promotion / demotion / drop rule: ``@``? prefixes letter."""

    drop: bool
    prefixes: str
    letter: PieceLetter
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return ("@" if self.drop else "") + self.prefixes + self.letter.text


@dataclass(frozen=True, slots=True)
class MoveTarget:
    """A parenthesised move expression as a promotion choice (003:702 `(wwO--:QD:)`)."""

    moves: MoveSequence
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PromotionRule:
    """``head==targets``: promotion (``+``, ``*``, ``#`` ...), demotion (``-``) or drop (``@x``) rule."""

    head: PromotionHead
    targets: tuple[PromotionTarget | MoveTarget, ...]
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Cancellation:
    """``!item``: cancels a definition, declaration or promotion rule (003:195, 003:82)."""

    item: PieceDefinition | PieceDeclaration | PromotionRule
    span: Span | None = field(default=None, compare=False, repr=False)


MbnItem: TypeAlias = "PieceDefinition | PieceDeclaration | PromotionRule | Cancellation"
