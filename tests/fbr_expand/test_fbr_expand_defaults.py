"""make_defaults_explicit: every default the FBR page documents (tests/data/fbr_expand/defaults.json)."""

from __future__ import annotations

from typing import Any

import pytest
from fbr_expand_helpers import items, load

from notation_toolkit.fbr.expand import builtin_templates, equivalent, make_defaults_explicit

CASES: list[dict[str, Any]] = load("defaults.json")["cases"]


@pytest.mark.parametrize("case", CASES, ids=[f"003-L{c['line']}-{c['input']}" for c in CASES])
def test_default_made_explicit(case: dict[str, Any]) -> None:
    result = make_defaults_explicit(case["input"])
    assert items(result) == items(case["explicit"]), case["fact"]
    assert make_defaults_explicit(result) == result


@pytest.mark.parametrize("case", CASES, ids=[f"003-L{c['line']}-{c['input']}" for c in CASES])
def test_a_file_equals_its_explicit_form(case: dict[str, Any]) -> None:
    assert equivalent(case["input"], case["explicit"])


def test_every_shipped_default_cites_the_page() -> None:
    for spec in builtin_templates().defaults:
        assert spec.source.startswith("003:") or spec.kind == "metadata", spec


def test_board_size_default() -> None:
    """C/CIF <game> boardsize defaults to 8x8 (cif-game.html, fbr-mbn-notes 1.1)."""
    result = make_defaults_explicit("~ c\nK")
    assert [type(i).__name__ for i in result.items][:2] == ["Comment", "Metadata"]
    assert result.metadata == {"boardsize": "8x8"}
    assert equivalent('boardsize="8x8" K', "K")
    assert not equivalent('boardsize="10x8" K', "K")


def test_rules_go_before_the_pieces() -> None:
    result = make_defaults_explicit("royal K Q")
    names = [type(i).__name__ for i in result.items]
    first_piece = names.index("PieceDeclaration")
    assert "FbrRule" not in names[first_piece:]
    assert names[:first_piece].count("FbrRule") == 6  # royal + the five rules added


def test_cancelled_defaults_do_not_make_files_equal() -> None:
    assert not equivalent("K", "!draw K")
    assert not equivalent("K", "!mirror K")
    assert not equivalent("K", "draw=repetition(4) K")
    assert equivalent("K", "draw=repetition(3) mirror=vertical K")
