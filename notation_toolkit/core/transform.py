"""The one tree-to-AST mechanism of every notation, built on Lark's own transformer tools.

A notation's ``transform.py`` subclasses :class:`NodeTransformer` and names one handler per rule
of its grammar, the way Lark expects (a method named after the rule; decorate the class with
``@v_args(meta=True)`` to receive ``(meta, children)``). The base adds what every notation
needs on top of Lark's ``Transformer_NonRecursive`` (which never recurses, so a deep input can
never raise ``RecursionError``):

* rules that an extension grammar ``%import``\\ s arrive with a namespace (``feen__rank``,
  ``dfen__fen__rank``): they reach the handler of their base name (``rank``);
* rules that no handler knows (the ones an extension grammar adds) become
  ``core.ast.GenericNode(rule, children, span)``, with tokens turned into plain text;
* :func:`transform_tree` runs a transformer and turns every failure into a ``NotationError``.

Transformers of different grammars combine with Lark's ``merge_transformers`` (re-exported here):
``merge_transformers(DfenTransformer(), fen=FenTransformer())`` answers ``fen__rank`` with the
FEN handler for ``rank``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from lark import Token, Tree
from lark.exceptions import VisitError
from lark.visitors import Transformer, Transformer_NonRecursive, v_args
from lark.visitors import merge_transformers as _lark_merge_transformers

from notation_toolkit.core.ast import GenericNode, Node
from notation_toolkit.core.codes import NTK002
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import LimitError, NotationError, ParseError
from notation_toolkit.core.grammar import base_name
from notation_toolkit.core.span import Span

__all__ = ["NodeTransformer", "merge_transformers", "span_of", "transform_tree", "v_args"]

# Names a rule must never dispatch to, whatever a user's grammar calls its rules ("transform").
_RESERVED = frozenset(dir(Transformer_NonRecursive)) | {"generic"}


T = TypeVar("T", bound=Transformer[Any, Any])


def merge_transformers(base: T, **transformers: Transformer[Any, Any]) -> T:
    """Lark's ``merge_transformers``, typed: ``base`` answers ``name__rule`` with ``transformers[name]``.

    Use it when a grammar ``%import``\\ s another whose rules need *different* handlers than
    same-named rules of the importing grammar; otherwise the base-name dispatch of
    :class:`NodeTransformer` already reaches the right handler.
    """
    merged: T = _lark_merge_transformers(base, **transformers)  # type: ignore[no-untyped-call]
    return merged


def span_of(meta: Any, children: list[Any] | tuple[Any, ...] = ()) -> Span | None:
    """The span of a rule: from Lark's ``meta`` (``propagate_positions=True``), else its children.

    A rule whose tree carries no positions (an empty rule, or a parser built without
    ``propagate_positions``) spans from its first to its last positioned child.
    """
    span = Span.from_meta(meta)
    if span is not None:
        return span
    spans = [s for s in map(_child_span, children) if s is not None]
    if not spans:
        return None
    first, last = spans[0], spans[-1]
    return Span(first.offset, last.end - first.offset, first.line, first.column)


def _child_span(child: object) -> Span | None:
    if isinstance(child, Token) and child.start_pos is not None:
        return Span.from_token(child)
    if isinstance(child, Node):
        return child.span
    return None


class NodeTransformer(Transformer_NonRecursive[Token, Any]):
    """Base of every notation's transformer (Lark tree -> typed AST).

    Subclasses define handlers named after the grammar's rules. Tokens are not visited (handlers
    read them from their children) unless ``visit_tokens=True``.
    """

    def __init__(self, visit_tokens: bool = False) -> None:
        super().__init__(visit_tokens)

    def handler(self, rule: str) -> Callable[..., Any] | None:
        """The handler for ``rule`` (its base name, namespaces dropped), or ``None``."""
        name = base_name(rule)
        if name.startswith("_") or name in _RESERVED:
            return None
        found = getattr(self, name, None)
        return found if callable(found) else None

    def __default__(self, data: Any, children: list[Any], meta: Any) -> Any:
        # Lark calls this when no attribute is named exactly like the rule: a namespaced
        # rule of an imported grammar, or a rule the notation does not know.
        rule = str(data)
        found = self.handler(rule) if base_name(rule) != rule else None
        if found is None:
            return self.generic(rule, children, meta)
        try:
            wrapper = getattr(found, "visit_wrapper", None)
            return wrapper(found, data, children, meta) if wrapper is not None else found(children)
        except NotationError:
            raise
        except Exception as exc:
            # Lark wraps handler failures in VisitError only on its own dispatch path.
            raise VisitError(rule, Tree(data, children, meta), exc) from exc  # type: ignore[no-untyped-call]

    def generic(self, rule: str, children: list[Any], meta: Any) -> GenericNode:
        """The node of a rule no handler knows: its base name, children (tokens as text), span."""
        plain = tuple(str(c) if isinstance(c, Token) else c for c in children)
        return GenericNode(base_name(rule), plain, span_of(meta, children))


def transform_tree(
    transformer: Transformer[Any, Any],
    tree: Tree[Any],
    *,
    text: str,
    code: str,
    what: str = "the AST builder",
    field: str | None = None,
    error_cls: type[NotationError] = ParseError,
) -> Any:
    """Run ``transformer`` over ``tree``; every failure becomes a ``NotationError``.

    A ``NotationError`` raised by a handler passes through; a handler that cannot read the tree
    (only an extension grammar that reshapes a shipped rule can cause this) gives ``code`` with a
    message naming the rule; a ``RecursionError`` gives NTK002.
    """
    try:
        return transformer.transform(tree)
    except NotationError:
        raise
    except VisitError as exc:
        orig = exc.orig_exc
        if isinstance(orig, NotationError):
            raise orig from None
        if isinstance(orig, RecursionError):
            raise _too_deep(text, field) from None
        raise error_cls(
            [
                Diagnostic(
                    code,
                    f"the grammar's tree for rule {base_name(str(exc.rule))!r} has a shape {what} "
                    "cannot read",
                    None,
                    Severity.ERROR,
                    "extend the shipped rules with %override/%extend without changing what they contain",
                    None,
                    field,
                )
            ],
            text,
        ) from None
    except RecursionError:
        raise _too_deep(text, field) from None


def _too_deep(text: str, field: str | None) -> LimitError:
    return NTK002.error(LimitError, "read", text=text, field=field)
