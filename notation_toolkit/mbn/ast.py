"""The typed, immutable AST of MBN (Modified Betza Notation) and of the parts MBN shares with FBR.

One dataclass per grammar rule of ``grammars/mbn.lark`` (a few purely structural rules, such as
``origin`` or ``prefixes``, are folded into their parent; see ``transform.py``). Every node carries
a ``span`` into the parsed text and derives from ``Node`` (``walk()``). Spans are excluded from
``==`` (``compare=False``), so two ASTs compare equal when they mean the same text whatever its
layout: ``parse(dumps(x)) == parse(x)``.

Node overview::

    PieceDefinition(head: PieceHead, moves: tuple[MoveSequence, ...])      K=mK, O-O<*>=...=...
    PieceDeclaration(head: PieceHead)                                      K, +P, @K, ##K
    PromotionRule(head: PromotionHead, targets: tuple[Target, ...])        +P==QRBN, *K==@k
    Cancellation(item)                                                     !*K=j{K}K
    MoveSequence(legs, links)        legs joined by '-' or '--'; each leg starts where the last ended (G6)
      Alternatives(moves: tuple[PartialMove, ...])                          a+b+c
      OptionalLeg(moves: MoveSequence)                                      [ ... ]
    PartialMove(setup, transition, condition, origin, attackers, modifiers, units, destination,
                directions, more_attackers)
      Modifier(letter, optional, piece_set, board_range)                    c?{D}, o[b,g]
      Direction(text)                                                       (fs) in (fs)N
      Atom(letter, circular, steps) | Group(moves, direction, steps)         W02, (dttwQ)0
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import field, fields
from typing import TYPE_CHECKING, Any, TypeAlias

from notation_toolkit.core.ast import Node as CoreNode
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass


class Node(CoreNode):
    """Base of every MBN and FBR AST node: the shared ``core.ast.Node`` (``span``, ``walk()``).

    ``walk()`` is specialised here: MBN trees hold tuples of tuples and ``GenericNode`` children.
    """

    __slots__ = ()

    def walk(self) -> Iterator[Any]:
        """This node and every node below it, depth first, in field order (iterative)."""
        return iter(walk_list(self))


_NODE_TYPES = (Node, GenericNode)


def _is_node(value: object) -> bool:
    return isinstance(value, _NODE_TYPES)


_FIELDS: dict[type, tuple[str, ...]] = {}


# Field types (as written in the annotations) that never hold a node: walking skips them unread.
_LEAF_TYPES = frozenset(
    {"bool", "int", "int | None", "str", "str | None", "tuple[str, ...]", "tuple[tuple[str, ...], ...]"}
)


def _child_fields(cls: type) -> tuple[str, ...]:
    cached = _FIELDS.get(cls)
    if cached is None:
        cached = tuple(
            f.name
            for f in fields(cls)
            if f.name != "span" and not f.name.endswith("_span") and str(f.type) not in _LEAF_TYPES
        )
        _FIELDS[cls] = cached
    return cached


def walk_list(root: Any) -> list[Any]:
    """``root`` and every node below it, depth first, in field order: ``list(root.walk())``.

    One list instead of a generator: the validators walk every item of a rule file, and a
    generator's resumption per node cost about half of the whole check.
    """
    out: list[Any] = []
    stack: list[Any] = [root]
    pop = stack.pop
    push = stack.append
    emit = out.append
    fields_of = _FIELDS.get
    node_types = _NODE_TYPES
    while stack:
        node = pop()
        emit(node)
        if isinstance(node, Node):
            names = fields_of(type(node))
            if names is None:
                names = _child_fields(type(node))
            if not names:
                continue
            below: list[Any] = []
            for name in names:
                value = getattr(node, name)
                if value is None:
                    continue
                # A scalar falls through both tests (the annotations leave few to meet).
                if isinstance(value, tuple):
                    below.extend([v for v in value if isinstance(v, node_types)])
                elif isinstance(value, node_types):
                    below.append(value)
        elif isinstance(node, GenericNode):
            below = [v for v in node.children if isinstance(v, node_types)]
        else:
            continue
        if len(below) == 1:
            push(below[0])
        elif below:
            below.reverse()
            stack.extend(below)
    return out


PREFIX_CHARS = "+-#*$%&"
"""Piece prefixes (promoted or alternate states; FBR rules refer to them, 003:12 <Prefix>)."""


# ------------------------------------------------------------------------------------------------
# Letters, piece sets, board ranges (shared with FBR)
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PieceLetter(Node):
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
class SetMember(Node):
    """One member of a piece set: optional stacked prefixes and a letter (``#Q``, ``p``, ``:MD:``)."""

    prefixes: str
    letter: PieceLetter
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.prefixes + self.letter.text


@dataclass(frozen=True, slots=True)
class PieceSet(Node):
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
class Span1D(Node):
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
class SingleRange(Node):
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
class BoardRange(Node):
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
class BoardId(Node):
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
class AnnouncementCondition(Node):
    """``/Name/`` after a head: the item applies while the announcement is active (003:82)."""

    name: str
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"/{self.name}/"


@dataclass(frozen=True, slots=True)
class PieceHead(Node):
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
class PromotionHead(Node):
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
class Steps(Node):
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
class Atom(Node):
    """A move letter: base letter or piece used as a macro (``W``, ``K``), compound (``:K:``) or
    extended leap (``:1,4:``), with an optional circular part and steps.

    ``circular`` is written with its parentheses: ``(fs)`` (amalgamated) or ``(f)`` (one
    direction: MBN BNF ``<Circular> ::= <Amalgamated> | '(' <Direction>+ ')'``).
    """

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
class Group(Node):
    """``( move sequence )`` with optional direction and steps (BNF ComplexRider, `(dttwQ)0`)."""

    moves: MoveSequence
    direction: str | None = None
    steps: Steps | None = None
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Modifier(Node):
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
class Direction(Node):
    """An amalgamated direction used as a directional modifier before the move: ``(fs)`` in
    ``(fs)N`` or ``f(fs)N`` (MBN BNF ``<Modification> ::= <DirectionalModifier> | ...``,
    ``<DirectionalModifier> ::= <Amalgamated> | <Direction>``; fbr-mbn-notes 3.1)."""

    text: str  # as written, with the parentheses: "(fs)"
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def letters(self) -> str:
        """The direction letters without the parentheses (``"fs"``)."""
        return self.text[1:-1]

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Transition(Node):
    """One board transition as written: ``+``, ``+1``, ``-2``, ``+-1``, ``2``, ``1,3``."""

    text: str
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BoardTransition(Node):
    """``<t>`` or ``<t;u>`` before a partial move: move to another board (003:38 `<+>`).

    ``reflected``: ``<<t>>``, the reflected transition LeCodex reads (fbr-mbn-notes 3.2, last
    operator bullet); the board it lands on is reflected, a meaning the FBR page never uses.
    """

    transitions: tuple[Transition, ...]
    span: Span | None = field(default=None, compare=False, repr=False)
    reflected: bool = False

    def __str__(self) -> str:
        inner = ";".join(t.text for t in self.transitions)
        return f"<<{inner}>>" if self.reflected else f"<{inner}>"


@dataclass(frozen=True, slots=True)
class Square(Node):
    """A square ``e4`` inside a move condition."""

    file: str
    rank: str
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.file + self.rank


@dataclass(frozen=True, slots=True)
class MoveCondition(Node):
    """``/piece where/`` before a partial move (MBN BNF <Condition>)."""

    piece: PieceSet | PieceLetter
    where: BoardRange | Square
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"/{self.piece}{self.where}/"


MoveUnit: TypeAlias = "Atom | Group"


@dataclass(frozen=True, slots=True)
class PartialMove(Node):
    """One simple move: prefix parts, modifiers, juxtaposed units (alternatives) and ranges.

    ``attackers`` is the first attacker set and ``more_attackers`` the sets written after it
    (`{Q}{R}K`: MBN BNF ``<ModifiedMove> ::= <Attackers>* <Modification>* <Move> <Move>*``).
    ``directions`` are amalgamated directions written among the modifiers (`(fs)N`, `f(fs)N`);
    the canonical text writes them after the modifier letters, just before the moves.
    """

    units: tuple[Atom | Group | GenericNode, ...]  # GenericNode: a unit added by an extension grammar
    modifiers: tuple[Modifier, ...] = ()
    setup: bool = False
    transition: BoardTransition | None = None
    condition: MoveCondition | None = None
    origin: BoardRange | None = None
    attackers: PieceSet | None = None
    destination: BoardRange | None = None
    span: Span | None = field(default=None, compare=False, repr=False)
    directions: tuple[Direction, ...] = ()
    more_attackers: tuple[PieceSet, ...] = ()


@dataclass(frozen=True, slots=True)
class Alternatives(Node):
    """Partial moves joined by ``+`` (any of them)."""

    moves: tuple[PartialMove, ...]
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class OptionalLeg(Node):
    """``[ move sequence ]``: a leg that may be omitted (003:153 `B-[([a,h]zB)0]`)."""

    moves: MoveSequence
    span: Span | None = field(default=None, compare=False, repr=False)


Leg: TypeAlias = "Alternatives | OptionalLeg"


@dataclass(frozen=True, slots=True)
class MoveSequence(Node):
    """Legs joined by ``links`` (``-`` or ``--``); ``len(links) == len(legs) - 1``.

    DECISION G6 (corrected): after either link the next leg starts on the square where the
    previous leg ended. 003:1007 reads the bishop as `B0=B--B--B--...`, which is a rider only if
    each `B` leg starts where the previous one stopped, and Alice's `aK--<+>mO` (003:38, rule text
    003:20) transfers the piece from the end square of its move. What `--` adds is a boundary the
    rules can see: the stymizer lets a piece move "only one leg at a time" (003:1007). The page
    does not say more about the difference between `-` and `--`.
    """

    legs: tuple[Alternatives | OptionalLeg, ...]
    links: tuple[str, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)


# ------------------------------------------------------------------------------------------------
# Items
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PieceDefinition(Node):
    """``head=moves`` (several ``=`` parts for castling pseudo-pieces)."""

    head: PieceHead
    moves: tuple[MoveSequence, ...]
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PieceDeclaration(Node):
    """A head alone: the piece (state) exists with its default definition."""

    head: PieceHead
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PromotionTarget(Node):
    """A choice of a promotion / demotion / drop rule: ``@``? prefixes letter."""

    drop: bool
    prefixes: str
    letter: PieceLetter
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return ("@" if self.drop else "") + self.prefixes + self.letter.text


@dataclass(frozen=True, slots=True)
class MoveTarget(Node):
    """A parenthesised move expression as a promotion choice (003:702 `(wwO--:QD:)`)."""

    moves: MoveSequence
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PromotionRule(Node):
    """``head==targets``: promotion (``+``, ``*``, ``#`` ...), demotion (``-``) or drop (``@x``) rule."""

    head: PromotionHead
    targets: tuple[PromotionTarget | MoveTarget, ...]
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Cancellation(Node):
    """``!item``: cancels a definition, declaration or promotion rule (003:195, 003:82)."""

    item: PieceDefinition | PieceDeclaration | PromotionRule
    span: Span | None = field(default=None, compare=False, repr=False)


MbnItem: TypeAlias = "PieceDefinition | PieceDeclaration | PromotionRule | Cancellation"
