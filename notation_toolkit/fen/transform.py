"""FEN text to AST: Lark tree -> fields (a ``core.transform.NodeTransformer``), fields -> position.

A position is read in two steps, whichever way the text was parsed:

1. *Fields*: the text of each field and where it starts. The regex fast path gives them as its
   groups; a Lark tree (the shipped LALR parser, or a user's extension grammar) goes through
   :class:`FenTransformer`, which answers each field rule with a :class:`Field` and the
   ``position`` rule with :class:`Fields`. Rules it does not know (the ones an extension grammar
   adds) become ``core.ast.GenericNode``\\ s, as everywhere in the toolkit.
2. *Position*: :func:`build` turns the fields into AST nodes through the field checks of
   ``fen.validate`` and raises the errors they found (strict mode also refuses non-canonical
   spelling).

DFEN's transform (``dfen/transform.py``) subclasses :class:`FenTransformer` with a handler for its
``dice`` rule and builds its position from the same shared fields (:func:`build_shared`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from lark import Tree

from notation_toolkit.core.ast import GenericNode
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import CanonicalFormError, ValidationError
from notation_toolkit.core.grammar import base_name
from notation_toolkit.core.span import Span
from notation_toolkit.core.transform import NodeTransformer, transform_tree
from notation_toolkit.fen.ast import (
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    Side,
)
from notation_toolkit.fen.grammar import FIELDS
from notation_toolkit.fen.validate import (
    Findings,
    check_board,
    check_castling,
    check_castling_files,
    check_en_passant,
    check_number,
    span_at,
)

P = TypeVar("P")


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a Lark tree: its rule name, its text, where it starts, and how to make its
    generic node (made only when an extension grammar writes the field in a syntax of its own)."""

    name: str
    text: str
    offset: int
    make_node: Callable[[], GenericNode]

    @property
    def node(self) -> GenericNode:
        """The field as a ``GenericNode`` (rule name, children, span)."""
        return self.make_node()


@dataclass(frozen=True, slots=True)
class Fields:
    """What the ``position`` rule of a tree holds: the known fields, and the rest as nodes."""

    fields: dict[str, Field]
    nodes: tuple[GenericNode, ...]


@dataclass(frozen=True, slots=True)
class Extension:
    """What a user grammar's tree gave beyond the shipped syntax.

    ``raw``: known fields whose text is not in the shipped language (field -> (text, offset));
    ``nodes``: the extension nodes of the position, in text order.
    """

    raw: dict[str, tuple[str, int]]
    nodes: tuple[GenericNode, ...]


class FenTransformer(NodeTransformer):
    """Lark tree of ``fen.lark`` (or of a grammar extending it) -> :class:`Fields`.

    The handlers are named after the field rules; a namespaced rule (``fen__castling`` in a
    grammar that imports FEN under a namespace) reaches the same handler through the base class.
    """

    field_names: tuple[str, ...] = FIELDS

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        # Every field rule is read the same way: its text and position, plus the means to make its
        # generic node (needed only when an extension grammar writes the field its own way).
        name = base_name(str(data))
        if name in self.field_names:
            return self._field(name, children, meta)
        return super().__default__(data, children, meta)

    def _field(self, name: str, children: list[Any], meta: Any) -> Field | GenericNode:
        if meta.empty:
            return self.generic(name, children, meta)
        make_node = partial(self.generic, name, children, meta)
        return Field(name, self.text[meta.start_pos : meta.end_pos], meta.start_pos, make_node)

    def position(self, children: list[Any]) -> Fields:
        """The ``position`` rule: the first occurrence of each known field, everything else as nodes."""
        fields: dict[str, Field] = {}
        nodes: list[GenericNode] = []
        for child in children:
            if isinstance(child, Field) and child.name not in fields:
                fields[child.name] = child
            elif isinstance(child, Field):
                nodes.append(child.node)
            elif isinstance(child, GenericNode):
                nodes.append(child)
        return Fields(fields, tuple(nodes))


def read_tree(
    transformer: FenTransformer, tree: Tree[Any], *, code: str
) -> tuple[Fields | None, list[GenericNode]]:
    """Transform ``tree``; return its ``position`` fields and the nodes beside the position.

    ``None`` when the tree holds no ``position`` rule (an extension grammar that renamed it).
    """
    result = transform_tree(transformer, tree, text=transformer.text, code=code, what="a FEN position")
    return _locate(result)


def _locate(result: object) -> tuple[Fields | None, list[GenericNode]]:
    # The position may sit under rules a user grammar wraps around it: search breadth-first and
    # keep the siblings of its ancestors (nodes an extension adds around the position).
    if isinstance(result, Fields):
        return result, []
    level: list[object] = [result]
    beside: list[GenericNode] = []
    while level:
        for item in level:
            if isinstance(item, Fields):
                return item, beside
        parents = [item for item in level if isinstance(item, GenericNode)]
        holding = next((p for p in parents if _holds_fields(p)), None)
        if holding is None:
            return None, []
        beside.extend(c for c in holding.children if isinstance(c, GenericNode) and not _holds_fields(c))
        level = [c for c in holding.children if isinstance(c, Fields | GenericNode)]
    return None, []


def _holds_fields(node: GenericNode) -> bool:
    stack: list[object] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Fields):
            return True
        if isinstance(item, GenericNode):
            stack.extend(item.children)
    return False


def default_offsets(groups: tuple[str | None, ...]) -> tuple[int, ...]:
    """Where each field starts when the fields are separated by single spaces (the shipped syntax)."""
    at = 0
    starts = []
    for group in groups:
        starts.append(at)
        if group is not None:
            at += len(group) + 1
    return tuple(starts)


@dataclass(frozen=True, slots=True)
class Shared:
    """The nodes FEN and DFEN build the same way (fields 1-3, 5 and 6)."""

    board: Board
    side: Side
    castling: CastlingRights
    halfmove: HalfmoveClock
    fullmove: FullmoveNumber


def build_shared(
    groups: tuple[str | None, ...], offsets: tuple[int, ...], found: Findings, raw: dict[str, tuple[str, int]]
) -> Shared:
    """Fields 1-3, 5 and 6 through their checks (``raw``: fields in an extension's own syntax)."""
    placement, side = groups[0], groups[1]
    assert placement is not None and side is not None
    board = check_board(placement, found, offsets[0])
    castling = groups[2]
    if castling is not None:
        rights = check_castling(castling, offsets[2], found)
    elif "castling" in raw:
        rights = check_castling_files(*raw["castling"], board, found)
    else:
        rights = CastlingRights(frozenset())
    clocks: list[tuple[int, Span | None]] = []
    for index, name, default in ((4, "halfmove", 0), (5, "fullmove", 1)):
        digits = groups[index] if len(groups) > index else None
        if digits is None:
            other = raw.get(name)
            clocks.append((default, None if other is None else span_at(other[1], len(other[0]))))
            continue
        at = offsets[index]
        clocks.append((check_number(digits, at, name, default, found), span_at(at, len(digits))))
    return Shared(
        board,
        Side(side, span_at(offsets[1], 1)),
        rights,
        HalfmoveClock(*clocks[0]),
        FullmoveNumber(*clocks[1]),
    )


def finish(text: str, position: P, found: Findings) -> tuple[P, list[Diagnostic]]:
    """Raise what the checks found (``ValidationError``, or ``CanonicalFormError`` when only the
    spelling is wrong and the reading is strict); else the position and the fixes and notes."""
    if found.errors or (found.fixes and not found.lenient):
        problems = sorted(found.errors + found.fixes, key=lambda d: d.span.offset if d.span else 0)
        cls = ValidationError if found.errors else CanonicalFormError
        raise cls(problems, text)
    return position, found.fixes + found.notes


def build(
    text: str,
    groups: tuple[str | None, ...],
    lenient: bool,
    offsets: tuple[int, ...] | None = None,
    extension: Extension | None = None,
) -> tuple[FenPosition, list[Diagnostic]]:
    """The FEN position of the fields ``groups`` (``None`` for a field the text leaves out).

    ``offsets``/``extension`` come from a user grammar's tree; without them the fields are the
    single-space-separated groups of the shipped syntax.
    """
    found = Findings(lenient)
    if offsets is None:
        offsets = default_offsets(groups)
    raw = extension.raw if extension is not None else {}
    shared = build_shared(groups, offsets, found, raw)
    ep = groups[3]
    if ep is not None:
        ep_node = check_en_passant(ep, offsets[3], shared.side.color, found)
    else:
        ep_raw = raw.get("en_passant")
        ep_node = EnPassantSquare(None, None if ep_raw is None else span_at(ep_raw[1], len(ep_raw[0])))
    position = FenPosition(
        shared.board,
        shared.side,
        shared.castling,
        ep_node,
        shared.halfmove,
        shared.fullmove,
        span_at(0, len(text)),
        extension.nodes if extension is not None else (),
    )
    return finish(text, position, found)
