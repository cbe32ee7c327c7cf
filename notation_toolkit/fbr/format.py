"""Canonical layout of FBR rules and rule files.

A rule is written ``!name prefix <seq> <cardinal> {set} [range] /announcement/ =attr,attr`` (the
published BNF order, G10). A rule file is written one item per line in file order: metadata,
comments, rules and MBN items keep their positions; each line is ``~ text`` for comments,
``key="value"`` for metadata. ``parse(dumps(x)) == parse(x)`` and ``dumps`` is idempotent.

``dumps`` is the template name of "AST back to canonical text" (a rule file, a rule, an
attribute or an MBN item); ``fbr.format`` is its former name, kept as a deprecated alias.
"""

from __future__ import annotations

from notation_toolkit.core.tree import GenericNode
from notation_toolkit.fbr import ast
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.format import dumps as dumps_item
from notation_toolkit.mbn.format import format_board_range, format_piece_set


def format_argument(node: object) -> str:
    """An attribute argument."""
    if isinstance(node, mbn.PieceSet):
        return format_piece_set(node)
    if isinstance(node, mbn.BoardRange):
        return format_board_range(node)
    return str(node)


def format_attribute(node: ast.Attribute) -> str:
    """``!capture{D}``, ``demote#``, ``(2)``."""
    out = ("!" if node.negated else "") + (node.name or "")
    if node.prefix is not None:
        out += node.prefix.value
    if node.argument is not None:
        out += format_argument(node.argument)
    return out


def format_rule(node: ast.FbrRule) -> str:
    """One FBR rule in the canonical part order."""
    out = ("!" if node.negated else "") + node.name
    if node.prefix is not None:
        out += node.prefix.value
    for part in (node.seq_number, node.cardinal):
        if part is not None:
            out += str(part)
    if node.piece_set is not None:
        out += format_piece_set(node.piece_set)
    if node.board_range is not None:
        out += format_board_range(node.board_range)
    if node.announcement is not None:
        out += str(node.announcement)
    if node.attributes:
        out += "=" + ",".join(format_attribute(a) for a in node.attributes)
    return out


def format_entry(node: object) -> str:
    """One item of a rule file."""
    if isinstance(node, ast.FbrRule):
        return format_rule(node)
    if isinstance(node, ast.Comment):
        return ("~ " + node.text) if node.text else "~"
    if isinstance(node, ast.Metadata):
        return f'{node.key}="{node.value}"'
    if isinstance(node, GenericNode):
        return "".join(format_entry(c) if not isinstance(c, str) else c for c in node.children)
    return dumps_item(node)


def format_rule_file(node: ast.RuleFile) -> str:
    """The whole file, one item per line, ending with a newline (empty file: empty string)."""
    if not node.items:
        return ""
    return "\n".join(format_entry(i) for i in node.items) + "\n"


def dumps(node: object) -> str:
    """The canonical text of a ``RuleFile`` (one item per line), a rule, an attribute or an item."""
    if isinstance(node, ast.RuleFile):
        return format_rule_file(node)
    if isinstance(node, ast.Attribute):
        return format_attribute(node)
    return format_entry(node)
