"""The AST base every notation's nodes derive from, and the node for rules no handler knows.

Each notation's AST is made of frozen, slotted dataclasses deriving from :class:`Node`. ``Node``
itself is a plain class with empty ``__slots__`` and *no dataclass fields*: a dataclass field on
the base would be placed before the subclass's own fields and change every constructor, so each
node class declares its own ``span`` field where its constructor wants it (usually last).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Leaf(Node):
...     value: int
...     span: Span | None = None
>>> @dataclass(frozen=True, slots=True)
... class Pair(Node):
...     left: Leaf
...     right: tuple[Leaf, ...]
...     span: Span | None = None
>>> [type(n).__name__ for n in Pair(Leaf(1), (Leaf(2), Leaf(3))).walk()]
['Pair', 'Leaf', 'Leaf', 'Leaf']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import field
from typing import TYPE_CHECKING

from notation_toolkit.core.span import Span

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

__all__ = ["GenericNode", "Node"]


class Node:
    """Base of every AST node: a ``span`` (where it lies in the input) and ``walk()``.

    Subclasses are ``@dataclass(frozen=True, slots=True)`` and declare ``span`` themselves.
    Fields whose name starts with ``_`` (caches) and the ``span`` are not children.
    """

    __slots__ = ()

    if TYPE_CHECKING:
        # Declared for type checkers only: a class attribute here would clash with the slot
        # every subclass dataclass creates for its own ``span`` field.
        @property
        def span(self) -> Span | None:
            """Where the node lies in the parsed text (``None`` for nodes built by code)."""

    def child_nodes(self) -> Iterator[Node]:
        """The direct children that are nodes, in field order (tuples and lists are entered)."""
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            if f.name == "span" or f.name.startswith("_"):
                continue
            yield from _nodes_in(getattr(self, f.name))

    def walk(self) -> Iterator[Node]:
        """Every node of the tree rooted here, depth-first, parents before children.

        Iterative, so a deep tree cannot exhaust the interpreter's stack.
        """
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            children = list(node.child_nodes())
            children.reverse()
            stack.extend(children)


def _nodes_in(value: object) -> Iterator[Node]:
    # Containers nest (a tuple of tuples of nodes); walk them without recursion.
    if isinstance(value, Node):
        yield value
        return
    if not isinstance(value, tuple | list):
        return
    stack: list[Iterator[object]] = [iter(value)]
    while stack:
        for item in stack[-1]:
            if isinstance(item, Node):
                yield item
            elif isinstance(item, tuple | list):
                stack.append(iter(item))
                break
        else:
            stack.pop()


@dataclass(frozen=True, slots=True)
class GenericNode(Node):
    """A node for a rule that a user's extension grammar adds and no handler knows.

    Extensions then work without code: the new syntax appears in the AST under its rule name,
    with its children (nodes, and the text of its tokens) and its span. Like every AST node it is
    equal to another regardless of where it lies (``span`` is not compared).
    """

    rule: str
    children: tuple[object, ...]
    span: Span | None = field(default=None, compare=False)
