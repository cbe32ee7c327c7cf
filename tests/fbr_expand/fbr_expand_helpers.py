"""Shared helpers of the FBR compiler tests (data loading, item multisets)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from notation_toolkit.fbr import ast
from notation_toolkit.fbr import parse as fbr_parse
from notation_toolkit.fbr.format import format_entry

DATA = Path(__file__).resolve().parent.parent / "data" / "fbr_expand"

# A composite rule written by a user (one template file), which the tests break in several ways.
BEROLINA = """
schema = 1
[rule.berolina]
title = "Berolina pawns"
source = "a variant author's rule"
[[rule.berolina.variant]]
name = "berolina"
match = [""]
[rule.berolina.variant.pieces.letter]
P = ["{{head}}=S"]
"""

# The rules the FBR page expands with a "will be transformed into" / "converted to" example.
COMPOSITE_RULES = [
    "alice",
    "andernach",
    "atomic",
    "avalanche",
    "benedict",
    "bouncing",
    "cheshire",
    "monster",
    "spacious",
    "swapping",
    "switching",
]


def load(name: str) -> dict[str, Any]:
    """A JSON file of tests/data/fbr_expand."""
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def items(rulefile: ast.RuleFile | str) -> Counter[str]:
    """The items of a rule file as canonical texts, in any order (comments left out)."""
    rf = fbr_parse(rulefile) if isinstance(rulefile, str) else rulefile
    return Counter(format_entry(i) for i in rf.items if not isinstance(i, ast.Comment))
