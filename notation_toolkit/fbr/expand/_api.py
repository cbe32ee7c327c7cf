"""The few entry points of the FBR/MBN packages the compiler uses, in one place.

The FBR package owns parsing, formatting and validation; this module only picks the
functions up, so a change of their module layout touches one file here.
"""

from __future__ import annotations

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fbr import ast
from notation_toolkit.fbr import check_rule_file as _check_rule_file
from notation_toolkit.fbr import parse as _parse
from notation_toolkit.fbr.format import format_attribute, format_entry, format_rule, format_rule_file
from notation_toolkit.mbn.format import format_head, format_item, format_moves

__all__ = [
    "check_rule_file",
    "format_attribute",
    "format_entry",
    "format_head",
    "format_item",
    "format_moves",
    "format_rule",
    "format_rule_file",
    "parse_rule_file",
]


def parse_rule_file(text: str) -> ast.RuleFile:
    """Parse a whole rule file into the FBR ``RuleFile`` AST (raises ``NotationError``)."""
    return _parse(text)


def check_rule_file(rulefile: ast.RuleFile) -> list[Diagnostic]:
    """Every diagnostic the FBR validator gives for a parsed rule file (shipped catalog)."""
    return _check_rule_file(rulefile)
