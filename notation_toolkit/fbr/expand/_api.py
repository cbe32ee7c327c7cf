"""The few entry points of the FBR/MBN packages the compiler uses, in one place.

The FBR package (issue 5) owns parsing, formatting and validation; this module only picks the
functions up, so a change of their module layout touches one file here.
"""

from __future__ import annotations

from typing import Any

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fbr import ast
from notation_toolkit.fbr.format import format_entry, format_rule, format_rule_file
from notation_toolkit.mbn.format import format_head, format_item, format_moves
from notation_toolkit.mbn.parser import parse_with

__all__ = [
    "check_rule_file",
    "format_entry",
    "format_head",
    "format_item",
    "format_moves",
    "format_rule",
    "format_rule_file",
    "parse_rule_file",
]


def parse_rule_file(text: str) -> ast.RuleFile:
    """Parse a whole rule file into the FBR engineer's ``RuleFile`` AST (raises ``NotationError``)."""
    try:
        from notation_toolkit.fbr import parse as fbr_parse  # type: ignore[attr-defined]
    except ImportError:
        fbr_parse = None
    if fbr_parse is not None:
        result: Any = fbr_parse(text)
    else:
        from notation_toolkit.fbr.codes import SYNTAX

        result = parse_with(text, grammar=None, default="rulefile", start="rule_file", code=SYNTAX)
    assert isinstance(result, ast.RuleFile)
    return result


def check_rule_file(text: str) -> list[Diagnostic] | None:
    """Every diagnostic the FBR validator gives for ``text``; ``None`` if no validator is installed."""
    try:
        from notation_toolkit.fbr import check as fbr_check  # type: ignore[attr-defined]
    except ImportError:
        return None
    result: list[Diagnostic] = list(fbr_check(text))
    return result
