"""Generic helpers over AST dataclasses: rich trees and plain data.

``GenericNode`` lives in ``core.ast`` and is re-exported here for code written before it moved.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.ast import GenericNode
from notation_toolkit.core.span import Span

__all__ = ["GenericNode", "to_data", "to_rich_tree"]

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


def to_rich_tree(node: object, label: str | None = None) -> RichTree:
    """Render an AST (nested dataclasses, tuples, scalars) as a ``rich.tree.Tree``."""
    from rich.markup import escape
    from rich.tree import Tree

    def node_label(obj: object, name: str | None) -> str:
        head = f"[bold]{escape(name)}[/]: " if name else ""
        kind = type(obj).__name__
        span = getattr(obj, "span", None)
        where = f" [dim]@{span.line}:{span.column}+{span.length}[/]" if isinstance(span, Span) else ""
        text = getattr(obj, "__str__", None)
        shown = ""
        if text is not None and type(obj).__str__ is not object.__str__:
            s = str(obj)
            shown = f" [green]{escape(s if len(s) < 80 else s[:77] + '...')}[/]"
        return f"{head}[cyan]{kind}[/]{shown}{where}"

    def add(parent: Tree, name: str | None, value: object) -> None:
        if _is_node(value):
            branch = parent.add(node_label(value, name))
            fill(branch, value)
        elif isinstance(value, tuple | list):
            if not value:
                parent.add(f"[bold]{escape(name or '')}[/]: [dim]()[/]")
                return
            if all(not _is_node(v) and not isinstance(v, tuple | list) for v in value):
                shown = ", ".join(_scalar(v) for v in value[:_MAX_CHILDREN])
                parent.add(f"[bold]{escape(name or '')}[/]: {escape(shown)}")
                return
            branch = parent.add(f"[bold]{escape(name or '')}[/] [dim]({len(value)})[/]")
            for i, item in enumerate(value[:_MAX_CHILDREN]):
                add(branch, f"[{i}]", item)
            if len(value) > _MAX_CHILDREN:
                branch.add(f"[dim]… {len(value) - _MAX_CHILDREN} more[/]")
        else:
            parent.add(f"[bold]{escape(name or '')}[/]: {escape(_scalar(value))}")

    def fill(branch: Tree, obj: object) -> None:
        for f in dataclasses.fields(obj):  # type: ignore[arg-type]
            if f.name == "span" or f.name.startswith("_"):
                continue
            add(branch, f.name, getattr(obj, f.name))

    root = Tree(node_label(node, label))
    if _is_node(node):
        fill(root, node)
    return root


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
