"""MBN against the research data: every LeCodex example parses; which plain-Betza strings are MBN.

Facts: tests/data/fbr/mbn_lecodex.json and tests/data/fbr/betza_strings.json (transcribed from
research_data). The verdict of every Betza string was decided by rule, independently of the parser
(see the file's "rules"); here the parser and the MBN checks must agree, string by string.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from notation_toolkit import mbn
from notation_toolkit.core.diagnostics import has_errors
from notation_toolkit.core.errors import ParseError
from notation_toolkit.mbn import ast

DATA = Path(__file__).parent.parent / "data" / "fbr"
LECODEX = json.loads((DATA / "mbn_lecodex.json").read_text("utf-8"))["mbn"]
BETZA = json.loads((DATA / "betza_strings.json").read_text("utf-8"))


@pytest.mark.parametrize("text", LECODEX)
def test_lecodex_example_parses_checks_and_round_trips(text: str) -> None:
    item = mbn.parse_item(text)
    assert isinstance(item, ast.PieceDefinition)
    assert not has_errors(mbn.check_item(item))
    assert mbn.parse_item(mbn.dumps(item)) == item
    assert mbn.dumps(item) == text  # the examples are already canonical


def test_lecodex_facts() -> None:
    cannon = mbn.parse_item(LECODEX[7])
    assert isinstance(cannon, ast.PieceDefinition)
    alts = cannon.moves[0].legs[0]
    assert isinstance(alts, ast.Alternatives) and len(alts.moves) == 3
    palace = alts.moves[1]
    assert palace.origin is not None and str(palace.origin) == "[d-f1-3]"
    assert [m.letter for m in palace.modifiers] == ["a", "p"]
    assert all(m.piece_set is not None and m.piece_set.complement for m in palace.modifiers)
    explosion = mbn.parse_item("X=(!dcy{^P}OK)0*")
    assert isinstance(explosion, ast.PieceDefinition)
    group = explosion.moves[0].legs[0].moves[0].units[0]  # type: ignore[index]
    assert isinstance(group, ast.Group) and group.steps == ast.Steps("0*")
    inner = group.moves.legs[0].moves[0]  # type: ignore[index]
    assert inner.setup and [u.letter for u in inner.units] == ["O", "K"]  # type: ignore[union-attr]
    leap = mbn.parse_item("A=:2,2:")
    assert isinstance(leap, ast.PieceDefinition)
    assert leap.moves[0].legs[0].moves[0].units[0].kind == "extended"  # type: ignore[union-attr,index]


def _verdict(text: str) -> tuple[bool, str]:
    try:
        moves = mbn.parse_moves(text)
    except ParseError as exc:
        return False, exc.code
    diagnostics = mbn.check_item(moves)
    errors = [d.code for d in diagnostics if d.is_error]
    return not errors, errors[0] if errors else ""


@pytest.mark.parametrize("entry", BETZA["strings"], ids=lambda e: repr(e["betza"]))
def test_betza_string_verdict(entry: dict[str, Any]) -> None:
    valid, code = _verdict(entry["betza"])
    assert valid == entry["valid_mbn"], entry["reason"]
    if not valid:
        assert code in entry["reason"] or code == "MBN101"


def test_betza_split() -> None:
    verdicts = [e["valid_mbn"] for e in BETZA["strings"]]
    assert len(verdicts) == 190 and sum(verdicts) == 104
    # The canonical examples: juxtaposed modified moves are Betza only.
    assert _verdict("mRcpR") == (False, "MBN101")
    assert _verdict("mR+cpR") == (True, "")
    assert _verdict("") == (False, "MBN101")
