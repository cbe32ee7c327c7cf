"""The typed, immutable AST of FBR rules and rule files (MBN nodes live in ``notation_toolkit.mbn.ast``).

``RuleFile.items`` keeps the file's order: ``FbrRule``, MBN items (``PieceDefinition``,
``PieceDeclaration``, ``PromotionRule``, ``Cancellation``), ``Metadata`` and ``Comment``.

An ``FbrRule`` holds each post-name part at most once, in named fields: the page writes them in any
order (G10), so the order carries no meaning and is not kept (the formatter writes the BNF order).
This is the shape the FBR compiler (``notation_toolkit.fbr.expand``) consumes: look rules
up by ``name``, read ``prefix``/``piece_set``/``board_range``, iterate ``attributes``; spans let it
point diagnostics at the source. Spans never take part in ``==``.
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, TypeAlias

from notation_toolkit.core.span import Span
from notation_toolkit.mbn.ast import (
    BoardRange,
    Cancellation,
    Node,
    PieceDeclaration,
    PieceDefinition,
    PieceLetter,
    PieceSet,
    PromotionRule,
)

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass


@dataclass(frozen=True, slots=True)
class Prefix(Node):
    """A piece prefix after a rule or attribute name (``promotion*``, ``demote#``)."""

    value: str
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class SeqNumber(Node):
    """``<n>``: order of interacting rules (lower first, 003:884)."""

    value: int
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"<{self.value}>"


@dataclass(frozen=True, slots=True)
class Cardinal(Node):
    """``<n>`` ... ``<se>``: a cardinal direction (rule ``direction``, 003:255)."""

    value: str
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"<{self.value}>"


@dataclass(frozen=True, slots=True)
class Announcement(Node):
    """``/Name/`` after the rule ``announcement`` (003:78)."""

    name: str
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"/{self.name}/"


@dataclass(frozen=True, slots=True)
class Count(Node):
    """``(N)`` or ``()`` after an attribute (003:932 `expose(2)`)."""

    value: int | None
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"({'' if self.value is None else self.value})"


@dataclass(frozen=True, slots=True)
class PieceValue(Node):
    """``M=1`` inside a piece-value map."""

    letter: PieceLetter
    value: int
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class PieceValues(Node):
    """``{M=1,K=1000}``: points per piece (003:520, attribute ``most``)."""

    values: tuple[PieceValue, ...]
    span: Span | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return "{" + ",".join(f"{v.letter.text}={v.value}" for v in self.values) + "}"


AttributeArgument: TypeAlias = "Count | PieceSet | PieceValues | BoardRange"


@dataclass(frozen=True, slots=True)
class Attribute(Node):
    """``!``? name prefix? argument?; ``name is None`` for an anonymous ``(N)`` or ``{set}``.

    The catalog says what an anonymous attribute stands for (``freezer=(2)`` is ``attackers(2)``)
    and resolves ``move*`` (name ``move`` + prefix ``*``) to the attribute ``move*`` (G5).
    """

    name: str | None
    negated: bool = False
    prefix: Prefix | None = None
    argument: Count | PieceSet | PieceValues | BoardRange | None = None
    span: Span | None = field(default=None, compare=False, repr=False)
    name_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class FbrRule(Node):
    """One FBR rule: ``!``? name, optional parts, attributes."""

    name: str
    negated: bool = False
    prefix: Prefix | None = None
    seq_number: SeqNumber | None = None
    cardinal: Cardinal | None = None
    piece_set: PieceSet | None = None
    board_range: BoardRange | None = None
    announcement: Announcement | None = None
    attributes: tuple[Attribute, ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)
    name_span: Span | None = field(default=None, compare=False, repr=False)
    # The part keys in the order the text wrote them (the order carries no meaning, G10, except
    # where the page fixes one: 003:782 `turn#<2>{!p}`, the prefix first); not part of `==`.
    written_order: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def attribute(self, name: str) -> Attribute | None:
        """The first attribute called ``name`` (``None`` when absent)."""
        return next((a for a in self.attributes if a.name == name), None)


@dataclass(frozen=True, slots=True)
class Metadata(Node):
    """``key="value"``: variant name, board size or start position (C/CIF <game> attributes)."""

    key: str
    value: str
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Comment(Node):
    """``~ text`` to the end of the line (``text`` without the ``~``)."""

    text: str
    span: Span | None = field(default=None, compare=False, repr=False)


Item: TypeAlias = (
    "FbrRule | PieceDefinition | PieceDeclaration | PromotionRule | Cancellation | Metadata | Comment"
)


@dataclass(frozen=True, slots=True)
class RuleFile(Node):
    """A whole rule file: items in file order."""

    items: tuple[object, ...]
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def rules(self) -> tuple[FbrRule, ...]:
        """The FBR rules."""
        return tuple(i for i in self.items if isinstance(i, FbrRule))

    @property
    def pieces(self) -> tuple[PieceDefinition | PieceDeclaration | PromotionRule | Cancellation, ...]:
        """The MBN items (definitions, declarations, promotion rules, cancellations)."""
        kinds = (PieceDefinition, PieceDeclaration, PromotionRule, Cancellation)
        return tuple(i for i in self.items if isinstance(i, kinds))

    @property
    def metadata(self) -> dict[str, str]:
        """Metadata as a dict (the last value of a repeated key wins)."""
        return {i.key: i.value for i in self.items if isinstance(i, Metadata)}

    @property
    def comments(self) -> tuple[Comment, ...]:
        """The comments."""
        return tuple(i for i in self.items if isinstance(i, Comment))
