"""The shared AST base (``core.ast``) and the one tree-to-AST mechanism (``core.transform``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, v_args

from notation_toolkit.core.ast import GenericNode, Node
from notation_toolkit.core.errors import LimitError, NotationError, ParseError
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.core.span import Span
from notation_toolkit.core.transform import NodeTransformer, merge_transformers, span_of, transform_tree


@dataclass(frozen=True, slots=True)
class Leaf(Node):
    value: str
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Branch(Node):
    left: Leaf
    rest: tuple[Leaf | Branch, ...]
    span: Span | None = field(default=None, compare=False)
    _cache: Any = field(default=None, compare=False, repr=False)


def test_nodes_keep_their_constructor_and_have_no_instance_dict() -> None:
    leaf = Leaf("a", Span(0, 1))
    assert leaf == Leaf("a") and not hasattr(leaf, "__dict__")
    with pytest.raises(AttributeError):
        leaf.value = "b"  # type: ignore[misc]


def test_walk_is_depth_first_parents_first_and_skips_private_fields() -> None:
    tree = Branch(Leaf("a"), (Leaf("b"), Branch(Leaf("c"), (Leaf("d"),), _cache=Leaf("hidden"))))
    names = [n.value if isinstance(n, Leaf) else "*" for n in tree.walk()]
    assert names == ["*", "a", "b", "*", "c", "d"]


def test_walk_survives_a_deep_tree() -> None:
    node: Branch = Branch(Leaf("x"), ())
    for _ in range(50_000):
        node = Branch(Leaf("x"), (node,))
    assert sum(1 for _ in node.walk()) == 2 + 2 * 50_000


def test_generic_node_moved_to_core_ast_and_is_still_importable_from_tree() -> None:
    from notation_toolkit.core.tree import GenericNode as Old

    assert Old is GenericNode
    inner = GenericNode("inner", ("x",), Span(3, 1))
    outer = GenericNode("outer", (inner, "y"))
    assert list(outer.walk()) == [outer, inner]
    assert outer == GenericNode("outer", (GenericNode("inner", ("x",)), "y"))  # spans not compared


GRAMMAR = r"""
start: item+
item: WORD | group
group: "(" item* ")"
WORD: /[a-z]+/
%ignore " "
"""


@v_args(meta=True)
class ItemTransformer(NodeTransformer):
    def item(self, meta: Any, children: list[Any]) -> Any:
        child = children[0]
        return Leaf(str(child), span_of(meta, children)) if isinstance(child, Token) else child


def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", propagate_positions=True)


def test_unknown_rules_become_generic_nodes_with_spans_and_plain_text() -> None:
    text = "ab (cd)"
    result = transform_tree(ItemTransformer(), _parser().parse(text), text=text, code="T001")
    assert isinstance(result, GenericNode) and result.rule == "start"
    first, group = result.children
    assert first == Leaf("ab") and isinstance(first, Leaf) and first.span == Span(0, 2, 1, 1)
    assert isinstance(group, GenericNode) and group.rule == "group"
    assert group.span is not None and text[group.span.offset : group.span.end] == "(cd)"
    assert group.children == (Leaf("cd"),)


def test_a_deep_input_never_raises_recursion_error() -> None:
    text = "(" * 20_000 + ")" * 20_000
    result = transform_tree(ItemTransformer(), _parser().parse(text), text=text, code="T001")
    assert isinstance(result, GenericNode)
    assert sum(1 for _ in result.walk()) == 20_001


def test_namespaced_rules_of_an_imported_grammar_reach_their_handler(tmp_path: Path) -> None:
    base = tmp_path / "base.lark"
    base.write_text(GRAMMAR, encoding="utf-8")
    ext = tmp_path / "ext.lark"
    # `item` and `group` arrive as base__item / base__group; `tagged` is the extension's own rule.
    ext.write_text(
        '%import .base (start, item, WORD)\n%extend item: tagged\ntagged: "#" WORD\n%ignore " "\n',
        encoding="utf-8",
    )
    parser = load_parser(ext)
    text = "ab #cd"
    result = transform_tree(ItemTransformer(), parser.parse(text), text=text, code="T001")
    first, tagged = result.children
    assert first == Leaf("ab")
    assert isinstance(tagged, GenericNode) and tagged.rule == "tagged" and tagged.children == ("cd",)


def test_merge_transformers_answers_namespaced_rules_with_the_merged_handler() -> None:
    class Words(NodeTransformer):
        def item(self, children: list[Any]) -> str:
            return "word:" + str(children[0])

    merged = merge_transformers(NodeTransformer(), words=Words())
    tree = Lark(GRAMMAR.replace("item", "words__item"), parser="lalr").parse("ab")
    result = transform_tree(merged, tree, text="ab", code="T001")
    assert isinstance(result, GenericNode) and result.children == ("word:ab",)


def test_handler_failures_become_notation_errors() -> None:
    @v_args(meta=True)
    class Broken(NodeTransformer):
        def item(self, meta: Any, children: list[Any]) -> Any:
            raise KeyError("shape")

    class Refusing(NodeTransformer):
        def item(self, children: list[Any]) -> Any:
            raise ParseError.single("T002", "refused")

    tree = _parser().parse("ab")
    with pytest.raises(ParseError) as info:
        transform_tree(Broken(), tree, text="ab", code="T001", what="the test builder")
    d = info.value.diagnostics[0]
    assert d.code == "T001" and "'item'" in d.message and "the test builder" in d.message
    with pytest.raises(NotationError) as refused:
        transform_tree(Refusing(), tree, text="ab", code="T001")
    assert refused.value.code == "T002"


def test_a_rule_named_like_a_transformer_method_is_not_dispatched_to_it() -> None:
    # A user grammar may call a rule "transform": it must become a node, not call the method.
    grammar = 'start: ns__transform\nns__transform: "x"\n'
    tree = Lark(grammar, parser="lalr").parse("x")
    result = transform_tree(NodeTransformer(), tree, text="x", code="T001")
    assert isinstance(result, GenericNode) and result.children == (GenericNode("transform", ()),)


def test_recursion_error_is_a_limit_error() -> None:
    class Deep(NodeTransformer):
        def item(self, children: list[Any]) -> Any:
            raise RecursionError

    with pytest.raises(LimitError) as info:
        transform_tree(Deep(), _parser().parse("ab"), text="ab", code="T001")
    assert info.value.code == "NTK002"
