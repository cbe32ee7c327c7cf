"""Parsing MBN (and, through ``parse_with``, FBR rule files): limits, Lark, translation, AST.

Every failure is a ``NotationError``: size (NTK001) and nesting (NTK002) are checked before Lark
sees the text, Lark errors are translated into the user's words, and the tree is converted by the
iterative transformer of ``handlers`` (no recursion, whatever the depth).
"""

from __future__ import annotations

import os
import re
from typing import Any

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import check_nesting, check_size, load_parser, parse_text
from notation_toolkit.core.span import Span
from notation_toolkit.mbn import ast
from notation_toolkit.mbn import handlers as _handlers
from notation_toolkit.mbn.codes import SYNTAX

MAX_INPUT = 1 << 20
"""Default cap on the input length in characters (1 MiB); pass ``max_input`` to change it."""

MAX_DEPTH = 64
"""Default cap on the nesting of ( [ { (deeper input is refused before parsing, NTK002)."""

GrammarRef = str | os.PathLike[str] | None

_BETZA = re.compile(r"[A-Z0-9\]\)*#]$")


def betza_hint(exc: UnexpectedInput) -> str | None:
    """A hint for the commonest mistakes: Betza juxtaposition and comments glued to an item."""
    text = getattr(exc, "_ntk_text", None)
    pos = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken):
        pos = exc.token.start_pos
    if text is None or pos is None:
        return None
    char = text[pos] if pos < len(text) else ""
    before = text[:pos]
    if char and char.islower() and char.isascii() and _BETZA.search(before):
        return (
            "modifiers go before the move letters of a partial move; MBN joins modified moves with "
            "'+' (Betza `mRcpR` is MBN `mR+cpR`)"
        )
    if char == "~":
        return "a comment starts after whitespace or at the start of a line"
    if char == "|":
        return "a piece name is written between two bars on one line: |Name|"
    unclosed = _unclosed(before)
    if unclosed is not None and (char in " \t\r\n" or pos >= len(text) - 1 or char in ")]}"):
        opener, where = unclosed
        at = Span.from_offsets(text, where, where + 1)
        return f"close the {opener!r} opened at line {at.line}, column {at.column} with {_PAIRS[opener]!r}"
    if before.endswith("[") or (unclosed is not None and unclosed[0] == "[" and char in "$]"):
        return (
            "a board range holds files (a-z), ranks (1, 2 ...), spans such as c-f2 or 1-12, "
            "or one of the symbols # . + * :"
        )
    if char in " \t\r\n" and isinstance(exc, UnexpectedCharacters):
        return "an item cannot contain whitespace; items are separated by whitespace"
    return None


_PAIRS = {"(": ")", "[": "]", "{": "}", "<": ">"}


def _unclosed(before: str) -> tuple[str, int] | None:
    # The innermost bracket still open in the current item (items end at whitespace outside |...|).
    stack: list[tuple[str, int]] = []
    in_name = False
    for i, ch in enumerate(before):
        if ch == "|":
            in_name = not in_name
        elif in_name:
            continue
        elif ch in " \t\r\n":
            stack.clear()
        elif ch in _PAIRS:
            stack.append((ch, i))
        elif stack and ch == _PAIRS[stack[-1][0]]:
            stack.pop()
    return stack[-1] if stack else None


def parser_for(grammar: GrammarRef, default: str, start: str) -> Lark:
    """The LALR parser of a shipped grammar name or of a user's extension grammar file."""
    return load_parser(grammar if grammar is not None else default, start)


def parse_with(
    text: str,
    *,
    grammar: GrammarRef,
    default: str,
    start: str,
    code: str,
    max_input: int = MAX_INPUT,
    max_depth: int = MAX_DEPTH,
) -> Any:
    """Parse ``text`` from ``start`` of ``grammar`` (or the shipped ``default``) into AST nodes."""
    if not isinstance(text, str):
        raise TypeError(f"expected text (str), got {type(text).__name__}")
    check_size(text, max_input)
    check_nesting(text, max_depth=max_depth)
    parser = parser_for(grammar, default, start)

    def hint(exc: UnexpectedInput) -> str | None:
        exc._ntk_text = text  # type: ignore[attr-defined]
        return betza_hint(exc)

    tree = parse_text(parser, text, code=code, hint=hint)
    try:
        return _handlers.transform(tree)
    except NotationError as exc:
        raise type(exc)(exc.diagnostics, text) from None


def parse_item(
    text: str, *, grammar: GrammarRef = None, max_input: int = MAX_INPUT, max_depth: int = MAX_DEPTH
) -> ast.PieceDefinition | ast.PieceDeclaration | ast.PromotionRule | ast.Cancellation:
    """Parse one MBN item: ``Q=R+N``, ``+P``, ``+P==QRBN``, ``!*K=j{K}K``.

    Raises ``ParseError`` (MBN101) or ``LimitError`` (NTK001/NTK002).
    """
    result: Any = parse_with(
        text,
        grammar=grammar,
        default="mbn",
        start="mbn_item",
        code=SYNTAX,
        max_input=max_input,
        max_depth=max_depth,
    )
    return result  # type: ignore[no-any-return]


def parse_moves(
    text: str, *, grammar: GrammarRef = None, max_input: int = MAX_INPUT, max_depth: int = MAX_DEPTH
) -> ast.MoveSequence:
    """Parse a bare MBN move expression such as ``mfW+cefF+[1-2]mefW02``."""
    result: Any = parse_with(
        text,
        grammar=grammar,
        default="mbn",
        start="move_sequence",
        code=SYNTAX,
        max_input=max_input,
        max_depth=max_depth,
    )
    return result  # type: ignore[no-any-return]
