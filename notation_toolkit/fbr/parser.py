"""Parsing FBR rule files, single rules and attributes into the AST of ``notation_toolkit.fbr.ast``.

The pipeline is MBN's (``mbn.parser.parse_with``: limits, LALR with the inline transformer,
translation of syntax errors) with FBR's grammars and ``FbrTransformer``.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.errors import LimitError
from notation_toolkit.fbr import ast
from notation_toolkit.fbr.codes import SYNTAX
from notation_toolkit.fbr.fast import read as fast_read
from notation_toolkit.mbn.parser import MAX_DEPTH, MAX_INPUT, GrammarRef, collector_paused, parse_with
from notation_toolkit.mbn.parser import openers as _openers

if TYPE_CHECKING:
    from notation_toolkit.fbr.transform import FbrTransformer


def _transformer() -> FbrTransformer:
    # Lark and the transformer load with the Lark path only (valid text is read by fbr.fast).
    from notation_toolkit.fbr.grammar import TRANSFORMER

    return TRANSFORMER


def parse(
    text: str, *, grammar: GrammarRef = None, max_input: int = MAX_INPUT, max_depth: int = MAX_DEPTH
) -> ast.RuleFile:
    """Parse a rule file (FBR rules, MBN items, metadata, comments) into a ``RuleFile``.

    ``grammar`` is a user extension grammar (a ``.lark`` path) that ``%import``s ``rulefile``
    and exposes ``rule_file``. Raises ``ParseError`` (FBR101/FBR102) or ``LimitError``
    (NTK001 longer than ``max_input``, NTK002 nested deeper than ``max_depth``).

    With the shipped grammar, the fast path (``fbr.fast``) builds the commonest items without
    Lark; it gives way to the whole-file Lark parse below for anything it does not accept, so
    results and diagnostics are the same either way.
    """
    if grammar is None and isinstance(text, str) and len(text) <= max_input and _nesting_ok(text, max_depth):
        with collector_paused(len(text)):
            fast = fast_read(text)
        if isinstance(fast, ast.RuleFile):
            return fast
        if fast:
            # Lark from a few items before the first item the fast path did not read: the first
            # error of the text, with the diagnostic the whole-text parse gives (fbr.fast.read).
            _lark(text, None, "rulefile", "rule_file", max_input, max_depth, fast)
            # No error there after all: the whole text is parsed below.
    rule_file: ast.RuleFile = _lark(text, grammar, "rulefile", "rule_file", max_input, max_depth)
    return rule_file


def _lark(
    text: str, grammar: GrammarRef, default: str, start: str, max_input: int, max_depth: int, offset: int = 0
) -> Any:
    # MBN's pipeline with FBR's transformer and syntax code: ``start`` of ``grammar`` (or of the
    # shipped ``default``); ``offset``: Lark reads from there on (parse_with's ``from_offset``).
    return parse_with(
        text,
        grammar=grammar,
        default=default,
        start=start,
        code=SYNTAX,
        max_input=max_input,
        max_depth=max_depth,
        transformer=_transformer(),
        from_offset=offset,
    )


def _nesting_ok(text: str, max_depth: int) -> bool:
    # Too deep a text takes the Lark path, which raises NTK002 exactly as before.
    if _openers(text) <= max_depth:
        return True
    from notation_toolkit.core.grammar import check_nesting

    try:
        check_nesting(text, max_depth=max_depth)
    except LimitError:
        return False
    return True


def parse_rule(
    text: str, *, grammar: GrammarRef = None, max_input: int = MAX_INPUT, max_depth: int = MAX_DEPTH
) -> ast.FbrRule:
    """Parse one FBR rule such as ``promotion*[1-12]=capture{D}``."""
    rule: ast.FbrRule = _lark(text, grammar, "fbr", "fbr_rule", max_input, max_depth)
    return rule


def parse_attribute(text: str, *, grammar: GrammarRef = None) -> ast.Attribute:
    """Parse one attribute such as ``most{M=1,K=1000}`` or ``expose(2)``."""
    attribute: ast.Attribute = _lark(text, grammar, "fbr", "attribute", MAX_INPUT, MAX_DEPTH)
    return attribute


def read_text(path: str | os.PathLike[str]) -> str:
    """Read a rule file as every text file is read (``core.textio``): UTF-8, a leading BOM dropped,
    at most ``NTK_MAX_TEXT`` bytes; an unreadable file raises ``NotationError`` (NTK005)."""
    from notation_toolkit.core.textio import read_text as read_bounded

    return read_bounded(path)


def parse_file(path: str | os.PathLike[str], *, grammar: GrammarRef = None) -> ast.RuleFile:
    """Parse the rule file at ``path`` (UTF-8)."""
    return parse(read_text(path), grammar=grammar)
