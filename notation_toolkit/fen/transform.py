"""FEN's Lark tree -> the fields of a position (a ``core.transform.NodeTransformer``).

The LALR parser (of ``fen.lark``, or of a user's grammar that extends it) gives a tree;
:class:`FenTransformer` answers each field rule with a :class:`Field` (its text and where it
starts) and the ``position`` rule with :class:`Fields`. Rules it does not know (the ones an
extension grammar adds) become ``core.ast.GenericNode``\\ s, as everywhere in the toolkit. The
regex fast path gives the same fields as its groups, without a tree; from there both paths go
through ``validate.build``, which checks the fields and builds the AST.

DFEN's transformer (``dfen/transform.py``) subclasses :class:`FenTransformer` with the ``dice``
rule. Lark is imported only here (and by the parser when it needs a tree): a process that reads
only valid text never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from lark import Tree

from notation_toolkit.core.ast import GenericNode
from notation_toolkit.core.grammar import base_name
from notation_toolkit.core.transform import NodeTransformer, transform_tree
from notation_toolkit.fen.grammar import FIELDS


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
