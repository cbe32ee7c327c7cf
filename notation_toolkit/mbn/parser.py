"""Parsing MBN (and, through ``parse_with``, FBR rule files): limits, Lark, translation, AST.

The pipeline: size (NTK001) and nesting (NTK002) are checked before Lark sees the text; the LALR
parser of ``grammar.py`` builds the AST inline through the transformer of ``transform.py`` (no
tree, no recursion); Lark errors are translated into the user's words (``betza_hint`` adds the
commonest fixes, ``MBN103`` names the refused unbracketed board transitions). Every failure is a
``NotationError``.
"""

from __future__ import annotations

import gc
import os
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.errors import NotationError, ParseError
from notation_toolkit.core.span import Span
from notation_toolkit.mbn import ast
from notation_toolkit.mbn.codes import INFO, SYNTAX, UNBRACKETED_TRANSITION
from notation_toolkit.mbn.fast import parse_item as fast_parse_item
from notation_toolkit.mbn.fast import parse_moves as fast_parse_moves

if TYPE_CHECKING:
    from lark.exceptions import UnexpectedInput

    from notation_toolkit.mbn.transform import MbnTransformer

# Lark, the grammars, the transformer and core.grammar (with pathlib) are imported by the Lark
# path only: valid text of the shipped grammar is read by mbn.fast, and a one-line command should
# not pay for loading them.

GrammarRef = str | os.PathLike[str] | None
"""A user's extension grammar (a ``.lark`` path) or ``None`` for the shipped one (``core.grammar``'s)."""

MAX_INPUT = 1 << 20
"""Default cap on the input length in characters (1 MiB); pass ``max_input`` to change it."""

MAX_DEPTH = 64
"""Default cap on the nesting of ( [ { (deeper input is refused before parsing, NTK002)."""

__all__ = [
    "MAX_DEPTH",
    "MAX_INPUT",
    "GrammarRef",
    "betza_hint",
    "collector_paused",
    "openers",
    "parse_item",
    "parse_moves",
    "parse_with",
]

_BETZA = re.compile(r"[A-Z0-9\]\)*#]$")


def betza_hint(exc: UnexpectedInput) -> str | None:
    """A hint for the commonest mistakes: Betza juxtaposition and comments glued to an item."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    text = getattr(exc, "_ntk_text", None)
    pos = getattr(exc, "pos_in_stream", None)
    if isinstance(exc, UnexpectedToken):
        pos = exc.token.start_pos
    if text is None or pos is None:
        return None
    char = text[pos] if pos < len(text) else ""
    before = text[:pos]
    hints = INFO[SYNTAX].hints
    if char and char.islower() and char.isascii() and _BETZA.search(before):
        return hints["betza"]
    if char == "~":
        return hints["comment"]
    if char == "|":
        return hints["name"]
    unclosed = _unclosed(before)
    if unclosed is not None and (char in " \t\r\n" or pos >= len(text) - 1 or char in ")]}"):
        opener, where = unclosed
        at = Span.from_offsets(text, where, where + 1)
        return hints["unclosed"].format(opener=opener, line=at.line, column=at.column, closer=_PAIRS[opener])
    if before.endswith("[") or (unclosed is not None and unclosed[0] == "[" and char in "$]"):
        return hints["range"]
    if char in " \t\r\n" and isinstance(exc, UnexpectedCharacters):
        return hints["whitespace"]
    return None


def complete_expected(exc: UnexpectedInput) -> None:
    """Add the terminals Lark leaves out of an ``UnexpectedToken``'s expected set.

    Lark keeps only names that are all upper case (``name.isupper()``), so the terminals of an
    imported grammar (``mbn__UPPER``, ``mbn__COMPOUND``) vanish: after ``royal K Q=`` the message
    offered '!', '(' ... but no piece letter, the commonest thing to write there. The parser state
    still knows every choice; its terminals are put back before the message is written.
    """
    from lark.exceptions import UnexpectedToken

    from notation_toolkit.core.grammar import base_name

    parser = getattr(exc, "interactive_parser", None)
    if not isinstance(exc, UnexpectedToken) or parser is None:
        return
    try:
        choices = parser.choices()
    except Exception:  # pragma: no cover - a message must never fail because of this
        return
    terminals = {name for name in choices if base_name(name).isupper() and name != "$END"}
    exc.expected = set(exc.expected or ()) | terminals


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


# A board transition without brackets where a partial move starts: after '=', '(', '[', '+' or a
# link, a sign or number followed by what starts a move (G18).
_BARE_TRANSITION = re.compile(r"(?<=[=(+\-])([+\-]?[0-9]+(?:,[0-9]+)*(?:;[+\-]?[0-9]+)?)(?=[a-zA-Z{(/!:\[])")


def _unbracketed(text: str, exc: ParseError) -> ParseError | None:
    span = exc.diagnostics[0].span if exc.diagnostics else None
    if span is None:
        return None
    start = max(0, span.offset - 2)
    match = _BARE_TRANSITION.search(text, start, span.offset + 40)
    if match is None or not (match.start() <= span.offset <= match.end()):
        return None
    unclosed = _unclosed(text[: match.start()])
    if unclosed is not None and unclosed[0] in "[{<":
        return None  # inside a board range, piece set or board identifier: not a move
    begin = match.start(1)
    if text[begin] == "-" and text[begin - 1] == "-" and text[begin - 2 : begin - 1] != "-":
        begin += 1  # `K--1mO`: read the '--' as the link (the fix then writes `K--<1>mO`)
    written = text[begin : match.end(1)]
    at = Span.from_offsets(text, begin, match.end(1))
    fixed = f"<{written}>"
    code = INFO[UNBRACKETED_TRANSITION]
    return code.error(
        ParseError, text=text, span=at, fix=code.fix("", fixed, at, fixed=fixed), written=written, fixed=fixed
    )


def openers(text: str) -> int:
    """How many opening brackets ( [ { ``text`` holds (its nesting cannot be deeper)."""
    return text.count("(") + text.count("[") + text.count("{")


GC_PAUSE_CHARS = 2048
"""Texts at least this long are parsed with the cyclic garbage collector paused (see below)."""


@contextmanager
def collector_paused(size: int, threshold: int | None = None) -> Iterator[None]:
    """Pause the cyclic garbage collector for work of ``size`` (characters, items) >= ``threshold``.

    ``threshold`` defaults to ``GC_PAUSE_CHARS``; the previous state is restored on exit.
    """
    # Building one big AST allocates hundreds of thousands of acyclic nodes, all alive until the
    # end: every collection the allocations trigger finds no garbage, and the full ones traverse
    # the whole tree built so far, so the cost per item grew with the file (about 2x at 10,000
    # items). The parser and the transformer create no reference cycles, so nothing is lost by
    # not collecting while they run; the collector is restored (if it was on) whatever happens.
    if size < (GC_PAUSE_CHARS if threshold is None else threshold) or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def parse_with(
    text: str,
    *,
    grammar: GrammarRef,
    default: str,
    start: str,
    code: str,
    max_input: int = MAX_INPUT,
    max_depth: int = MAX_DEPTH,
    transformer: MbnTransformer | None = None,
    from_offset: int = 0,
) -> Any:
    """Parse ``text`` from ``start`` of ``grammar`` (or the shipped ``default``) into AST nodes.

    ``transformer`` runs inline in the LALR parser (FBR passes its own, which extends MBN's).
    ``from_offset``: Lark reads ``text[from_offset:]`` only (positions, diagnostics and hints stay
    those of the whole text); ``fbr.parse`` uses it to find the error of a long file its fast path
    did not read, from a few items before the first unread one (``fbr.fast.read``).
    """
    if not isinstance(text, str):
        raise TypeError(f"expected text (str), got {type(text).__name__}")
    from notation_toolkit.core.grammar import check_nesting, check_size, parse_text

    check_size(text, max_input)
    if openers(text) > max_depth:
        # Nesting can only exceed the limit when there are more opening brackets than that.
        check_nesting(text, max_depth=max_depth)
    from notation_toolkit.mbn.grammar import TRANSFORMER, parser_for

    parser: Any = parser_for(grammar, default, start, transformer or TRANSFORMER)
    if from_offset:
        parser = _SliceParser(parser, from_offset)

    def hint(exc: UnexpectedInput) -> str | None:
        # Called with the Lark error before the message is written (core.grammar).
        exc._ntk_text = text  # type: ignore[attr-defined]
        complete_expected(exc)
        return betza_hint(exc)

    try:
        with collector_paused(len(text)):
            return parse_text(parser, text, code=code, hint=hint)
    except ParseError as exc:
        if exc.diagnostics and exc.diagnostics[0].code == code:
            refused = _unbracketed(text, exc)
            if refused is not None:
                raise refused from None
        raise type(exc)(exc.diagnostics, text) from None
    except NotationError as exc:
        raise type(exc)(exc.diagnostics, text) from None


def parse_item(
    text: str, *, grammar: GrammarRef = None, max_input: int = MAX_INPUT, max_depth: int = MAX_DEPTH
) -> ast.PieceDefinition | ast.PieceDeclaration | ast.PromotionRule | ast.Cancellation:
    """Parse one MBN item: ``Q=R+N``, ``+P``, ``+P==QRBN``, ``!*K=j{K}K``.

    Raises ``ParseError`` (MBN101) or ``LimitError`` (NTK001/NTK002).
    """
    result: Any = _fast_or_lark(text, fast_parse_item, grammar, "mbn_item", max_input, max_depth)
    return result  # type: ignore[no-any-return]


def parse_moves(
    text: str, *, grammar: GrammarRef = None, max_input: int = MAX_INPUT, max_depth: int = MAX_DEPTH
) -> ast.MoveSequence:
    """Parse a bare MBN move expression such as ``mfW+cefF+[1-2]mefW02``."""
    moves: ast.MoveSequence = _fast_or_lark(
        text, fast_parse_moves, grammar, "move_sequence", max_input, max_depth
    )
    return moves


def _fast_or_lark(
    text: str,
    fast_read: Callable[[str], Any],
    grammar: GrammarRef,
    start: str,
    max_input: int,
    max_depth: int,
) -> Any:
    # The hand-written reader first (mbn.fast, shipped grammar only); whatever it declines goes to
    # Lark from ``start``, which gives the diagnostics.
    if grammar is None and _fast_ok(text, max_input, max_depth):
        with collector_paused(len(text)):
            fast = fast_read(text)
        if fast is not None:
            return fast
    return parse_with(
        text,
        grammar=grammar,
        default="mbn",
        start=start,
        code=SYNTAX,
        max_input=max_input,
        max_depth=max_depth,
    )


def _fast_ok(text: object, max_input: int, max_depth: int) -> bool:
    # The hand-written reader (mbn.fast) reads the shipped grammar only, within the limits; it
    # declines anything else, so Lark (and its diagnostics) sees every other text as before.
    return isinstance(text, str) and len(text) <= max_input and openers(text) <= max_depth


class _SliceParser:
    """A Lark parser that reads its text from ``offset`` on (a ``lark.utils.TextSlice``).

    Lark feeds the skipped part to its line counter, so tokens keep their whole-text positions;
    everything else (terminal names for the error messages) is the wrapped parser's.
    """

    __slots__ = ("_offset", "_parser")

    def __init__(self, parser: Any, offset: int) -> None:
        self._parser = parser
        self._offset = offset

    def parse(self, text: str) -> Any:
        """Parse ``text[offset:]`` with whole-text positions."""
        from lark.utils import TextSlice

        return self._parser.parse(TextSlice(text, self._offset, len(text)))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._parser, name)
