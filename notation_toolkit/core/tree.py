"""Generic helpers over AST dataclasses: rich trees and plain data.

``GenericNode`` lives in ``core.ast`` and is re-exported here for code written before it moved.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.ast import GenericNode
from notation_toolkit.core.layout import Line, Tree
from notation_toolkit.core.span import Span

__all__ = ["GenericNode", "to_data", "to_rich_tree", "to_tree"]

if TYPE_CHECKING:
    from rich.tree import Tree as RichTree


_MAX_CHILDREN = 200


def _is_node(value: object) -> bool:
    return dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(value, Span)


def _scalar(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, frozenset | set):
        return "{" + ", ".join(sorted(map(str, value))) + "}"
    # str() first: a Lark Token is a str whose repr would show its terminal name.
    return repr(str(value)) if isinstance(value, str) else str(value)


def to_tree(node: object, label: str | None = None) -> Tree:
    """An AST (nested dataclasses, tuples, scalars) as a :class:`~notation_toolkit.core.layout.Tree`:
    one branch per node with its type, text and span, one leaf per field."""

    def named(name: str | None) -> Line:
        return Line((name, "bold"), ": ") if name else Line()

    def node_label(obj: object, name: str | None) -> Line:
        line = named(name) + Line((type(obj).__name__, "cyan"))
        text = getattr(obj, "__str__", None)
        if text is not None and type(obj).__str__ is not object.__str__:
            s = str(obj)
            line += Line(" ", (s if len(s) < 80 else s[:77] + "...", "green"))
        span = getattr(obj, "span", None)
        if isinstance(span, Span):
            line += Line(" ", (f"@{span.line}:{span.column}+{span.length}", "dim"))
        return line

    def add(parent: Tree, name: str | None, value: object) -> None:
        if _is_node(value):
            fill(parent.add(node_label(value, name)), value)
        elif isinstance(value, tuple | list):
            if not value:
                parent.add(Line((name or "", "bold"), ": ", ("()", "dim")))
                return
            if all(not _is_node(v) and not isinstance(v, tuple | list) for v in value):
                shown = ", ".join(_scalar(v) for v in value[:_MAX_CHILDREN])
                parent.add(Line((name or "", "bold"), ": ", shown))
                return
            branch = parent.add(Line((name or "", "bold"), " ", (f"({len(value)})", "dim")))
            for i, item in enumerate(value[:_MAX_CHILDREN]):
                add(branch, f"[{i}]", item)
            if len(value) > _MAX_CHILDREN:
                branch.add(Line((f"… {len(value) - _MAX_CHILDREN} more", "dim")))
        else:
            parent.add(Line((name or "", "bold"), ": ", _scalar(value)))

    def fill(branch: Tree, obj: object) -> None:
        for f in dataclasses.fields(obj):  # type: ignore[arg-type]
            if f.name == "span" or f.name.startswith("_"):
                continue
            add(branch, f.name, getattr(obj, f.name))

    root = Tree(node_label(node, label))
    if _is_node(node):
        fill(root, node)
    return root


def to_rich_tree(node: object, label: str | None = None) -> RichTree:
    """Render an AST (nested dataclasses, tuples, scalars) as a ``rich.tree.Tree``."""
    return to_tree(node, label).to_rich()


def to_data(node: object) -> Any:
    """Convert an AST into plain JSON-ready data (dicts with a ``type`` key, lists, scalars)."""
    if isinstance(node, Span):
        return {"offset": node.offset, "length": node.length, "line": node.line, "column": node.column}
    if _is_node(node):
        out: dict[str, Any] = {"type": type(node).__name__}
        for f in dataclasses.fields(node):  # type: ignore[arg-type]
            if f.name.startswith("_"):
                continue
            out[f.name] = to_data(getattr(node, f.name))
        return out
    if isinstance(node, enum.Enum):
        return node.value
    if isinstance(node, tuple | list):
        return [to_data(v) for v in node]
    if isinstance(node, frozenset | set):
        return sorted(to_data(v) for v in node)
    if isinstance(node, dict):
        return {str(k): to_data(v) for k, v in node.items()}
    if isinstance(node, str):
        return str(node)
    if node is None or isinstance(node, int | float | bool):
        return node
    return str(node)
