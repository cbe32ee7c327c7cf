"""Every rule of the shipped grammars has a transformer method; unknown (extension) rules become
GenericNode."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.grammar import base_name, load_parser, undescribed_terminals
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.fbr.transform import FbrTransformer
from notation_toolkit.mbn import ast as mbn

GRAMMARS = [("mbn", "mbn_item"), ("fbr", "fbr_rule"), ("rulefile", "rule_file")]


def _rule_names(grammar: str, start: str) -> set[str]:
    parser = load_parser(grammar, start)
    names: set[str] = set()
    for rule in parser.rules:
        for name in (rule.origin.name, rule.alias):
            # Lark's own helper rules (`__x_star_0`) and inlined `_rules` never reach a handler.
            if not name or str(name).startswith("_"):
                continue
            names.add(base_name(str(name)))
    return names


@pytest.mark.parametrize(("grammar", "start"), GRAMMARS)
def test_every_grammar_rule_has_a_handler(grammar: str, start: str) -> None:
    inlined = {"rule_part", "attribute_argument", "move_unit"}  # `?rules`: never reach the AST
    methods = {name for cls in FbrTransformer.__mro__ for name in vars(cls) if not name.startswith("_")}
    missing = _rule_names(grammar, start) - methods - inlined
    assert not missing


@pytest.mark.parametrize(("grammar", "start"), GRAMMARS)
def test_every_terminal_is_described(grammar: str, start: str) -> None:
    assert undescribed_terminals(load_parser(grammar, start)) == []


@pytest.mark.parametrize(("grammar", "start"), GRAMMARS)
def test_grammar_is_lalr_without_conflicts(
    grammar: str, start: str, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    from lark import Lark

    from notation_toolkit.core.grammar import GRAMMAR_DIR

    with caplog.at_level(logging.DEBUG, logger="lark"):
        Lark(
            (GRAMMAR_DIR / f"{grammar}.lark").read_text("utf-8"),
            parser="lalr",
            start=start,
            import_paths=[str(GRAMMAR_DIR)],
            debug=True,
        )
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_ast_nodes_are_frozen_slotted_dataclasses() -> None:
    import notation_toolkit.fbr.ast as fast

    for module in (mbn, fast):
        for obj in vars(module).values():
            if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == module.__name__:
                params = obj.__dataclass_params__  # type: ignore[attr-defined]
                assert params.frozen, obj
                assert hasattr(obj, "__slots__"), obj


def test_extension_rule_without_handler_becomes_generic_node() -> None:
    grammar = Path(__file__).parents[2] / "examples" / "fbr" / "leap3d.lark"
    rule_file = fbr.parse("royal K U=:1,1,1:0+W", grammar=grammar)
    unicorn = rule_file.pieces[1]
    assert isinstance(unicorn, mbn.PieceDefinition)
    alts = unicorn.moves[0].legs[0]
    assert isinstance(alts, mbn.Alternatives)
    leap = alts.moves[0].units[0]
    assert isinstance(leap, GenericNode) and leap.rule == "leap3d"
    assert leap.children[0] == ":1,1,1:" and leap.children[1] == mbn.Steps("0")
    assert fbr.dumps(rule_file) == "royal\nK\nU=:1,1,1:0+W\n"
    assert fbr.parse(fbr.dumps(rule_file), grammar=grammar) == rule_file
