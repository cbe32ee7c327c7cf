"""The notation registry, conversions and 'did you mean'."""

from __future__ import annotations

import pytest

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import UnknownNameError
from notation_toolkit.core.registry import (
    Notation,
    get_conversion,
    get_notation,
    notation_for_path,
    notation_names,
    register_conversion,
    register_notation,
)
from notation_toolkit.core.suggest import close_matches, did_you_mean


def _upper_notation(name: str = "upper-test") -> Notation:
    def parse(text: str, **_: object) -> str:
        return text.upper()

    def check(text: str, **_: object) -> list[Diagnostic]:
        return [] if text.isascii() else [Diagnostic("UP001", "not ASCII")]

    return Notation(name, "upper-case test notation", (".uptest",), True, parse, check, parse)


def test_registered_notation_is_found_by_name_and_extension() -> None:
    n = _upper_notation()
    register_notation(n, replace=True)
    assert get_notation("UPPER-TEST") is n
    assert "upper-test" in notation_names()
    assert notation_for_path("games/list.uptest") is n
    assert notation_for_path("README") is None


def test_duplicate_registration_is_refused() -> None:
    register_notation(_upper_notation("dup-test"), replace=True)
    with pytest.raises(ValueError):
        register_notation(_upper_notation("dup-test"))


def test_unknown_notation_suggests_close_names() -> None:
    register_notation(_upper_notation(), replace=True)
    with pytest.raises(UnknownNameError) as info:
        get_notation("uper-test")
    d = info.value.diagnostics[0]
    assert d.code == "NTK003"
    assert d.hint is not None and d.hint.startswith("did you mean 'upper-test'")


def test_conversions_are_registered_with_what_they_lose() -> None:
    register_notation(_upper_notation("conv-a"), replace=True)
    register_notation(_upper_notation("conv-b"), replace=True)
    register_conversion("conv-a", "conv-b", str.lower, "case")
    conv = get_conversion("conv-a", "conv-b")
    assert conv.convert("ABC") == "abc" and conv.loses == "case"
    with pytest.raises(UnknownNameError):
        get_conversion("conv-b", "conv-a")


def test_did_you_mean_wording() -> None:
    assert did_you_mean("feen", ["fen", "feen-legacy", "dfen"]) is not None
    assert did_you_mean("zzzz", ["fen"]) is None
    assert close_matches("ALICE", ["alice", "atomic"]) == ["alice"]


def test_rich_tree_and_data_never_show_lark_token_names() -> None:
    from lark import Token
    from rich.console import Console

    from notation_toolkit.core.tree import GenericNode, to_data, to_rich_tree

    node = GenericNode("move_number", (Token("MOVE_NUMBER", "42"),))
    console = Console(record=True, width=80, color_system=None)
    console.print(to_rich_tree(node))
    out = console.export_text()
    assert "'42'" in out and "MOVE_NUMBER" not in out and "Token" not in out
    assert to_data(node) == {"type": "GenericNode", "rule": "move_number", "children": ["42"], "span": None}
