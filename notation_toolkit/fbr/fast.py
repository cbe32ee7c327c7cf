"""The fast path of ``fbr.parse``: the commonest items built without Lark, the rest by Lark in runs.

A rule file is a whitespace-separated list of items (``rulefile.lark``). Most items of real files
are a bare rule name (``royal``, ``!draw``), a piece declaration (``K``, ``+P``, ``@K``), a piece
defined by bare atoms (``Q=R+N``, ``Q=BN``, ``@K=K``), a comment or a metadata line: these are
read here with one regular expression each and built into exactly the nodes ``FbrTransformer``
builds for them. Every other item is parsed by the shipped LALR parser, one call per run of
consecutive such items, over a ``lark.utils.TextSlice`` of the whole text, so Lark's positions
(offsets, lines, columns) are those of the file.

The split into items follows the grammar's terminals: an item ends at unquoted whitespace; a
piece name ``|...|`` and a metadata value ``"..."`` may hold spaces; a comment runs to the end of
the line. Anything unexpected (an unclosed ``|`` or ``"``, any error in a run, a text without one
simple item) makes ``parse`` return ``None``, and the caller parses the whole text with Lark as
before: diagnostics of invalid files are Lark's, unchanged. ``tests/fbr/test_fbr_fast_path.py``
compares both paths on the corpus and on grammar-generated files.
"""

from __future__ import annotations

import re
from typing import Any

from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.span import Span
from notation_toolkit.fbr import ast
from notation_toolkit.mbn import ast as mbn

# One item, after optional whitespace: a comment, or a run of characters in which a piece name
# and a quoted value are atomic (the PIECE_NAME, STRING and COMMENT terminals of the grammars).
_ITEM = re.compile(r'[ \t\r\n]*(~[^\r\n]*|(?:[^ \t\r\n|"]+|\|[^|\r\n\x00]*\||"[^"\r\n\x00]*")+)')
_WHITESPACE = frozenset(" \t\r\n")

# The item shapes built here (each a full match of the item text).
_RULE = re.compile(r"(!?)([a-z][a-z0-9]*)")
_DECLARATION = re.compile(r"(@?)([-+#*$%&]*)([A-Z])")
_DEFINITION = re.compile(r"(@?)([-+#*$%&]*)([A-Z])=([A-Z]+(?:\+[A-Z]+)*)")
_METADATA = re.compile(r'(variant|boardsize|startposition)="([^"\r\n\x00]*)"')


def parse(text: str) -> ast.RuleFile | None:
    """The ``RuleFile`` of ``text`` with the shipped grammar, or ``None`` to use the Lark path."""
    # First the split and the simple items; Lark runs only once the whole text has split cleanly
    # and holds at least one simple item (otherwise the whole-file parse is as fast, and an
    # invalid text would be parsed twice).
    parts: list[object] = []  # nodes, and (start, end, line, line start) runs for Lark
    simple = 0
    line, line_start, counted = 1, 0, 0
    pos, size = 0, len(text)
    match_item = _ITEM.match
    while pos < size:
        found = match_item(text, pos)
        if found is None:
            if text[pos:].strip(" \t\r\n"):
                return None
            break
        start, end = found.span(1)
        if end < size and text[end] not in _WHITESPACE:
            return None  # an unclosed '|' or '"', or a quote glued to an item: Lark says what
        newlines = text.count("\n", counted, start)
        if newlines:
            line += newlines
            line_start = text.rindex("\n", counted, start) + 1
        counted = start
        node = _simple(text, start, end, line, start - line_start + 1)
        if node is not None:
            parts.append(node)
            simple += 1
        elif parts and type(parts[-1]) is tuple:
            run_start, _, run_line, run_line_start = parts[-1]
            parts[-1] = (run_start, end, run_line, run_line_start)
        else:
            parts.append((start, end, line, line_start))
        pos = end
    if not simple and parts:
        return None
    items: list[object] = []
    for part in parts:
        if type(part) is tuple:
            run = _lark_run(text, *part)
            if run is None:
                return None
            items.extend(run)
        else:
            items.append(part)
    return ast.RuleFile(tuple(items), Span(0, size, 1, 1) if size else None)


def _simple(text: str, start: int, end: int, line: int, column: int) -> object | None:
    # The nodes FbrTransformer builds for these shapes (fbr_rule, piece_declaration, metadata,
    # comment): the same fields, the same spans.
    first = text[start]
    span = Span(start, end - start, line, column)
    if first == "~":
        return ast.Comment(text[start + 1 : end].strip(), span)
    if "a" <= first <= "z" or first == "!":
        rule = _RULE.fullmatch(text, start, end)
        if rule is not None:
            name_start = rule.start(2)
            name_span = Span(name_start, end - name_start, line, column + name_start - start)
            return ast.FbrRule(
                name=rule.group(2), negated=bool(rule.group(1)), span=span, name_span=name_span
            )
        metadata = _METADATA.fullmatch(text, start, end)
        if metadata is not None:
            return ast.Metadata(metadata.group(1), metadata.group(2), span)
        return None
    declaration = _DECLARATION.fullmatch(text, start, end)
    if declaration is not None:
        return mbn.PieceDeclaration(_head(declaration, span, line, column), span)
    definition = _DEFINITION.fullmatch(text, start, end)
    if definition is None:
        return None
    head_end = definition.end(3)
    head = _head(definition, Span(start, head_end - start, line, column), line, column)
    # `Q=R+N`, `Q=BN`: one '=' part, one leg, partial moves of bare atoms (MbnTransformer's
    # atom, partial_move, alternatives, move_sequence and piece_definition for this shape).
    partials: list[mbn.PartialMove] = []
    at = head_end + 1
    for word in definition.group(4).split("+"):
        units = tuple(
            mbn.Atom(letter, None, None, Span(at + i, 1, line, column + at + i - start))
            for i, letter in enumerate(word)
        )
        partials.append(mbn.PartialMove(units=units, span=Span(at, len(word), line, column + at - start)))
        at += len(word) + 1
    moves_at = head_end + 1
    moves_span = Span(moves_at, end - moves_at, line, column + moves_at - start)
    sequence = mbn.MoveSequence((mbn.Alternatives(tuple(partials), moves_span),), (), moves_span)
    return mbn.PieceDefinition(head, (sequence,), span)


def _head(found: re.Match[str], span: Span, line: int, column: int) -> mbn.PieceHead:
    # Groups 1-3 of _DECLARATION / _DEFINITION: macro '@', prefixes, the letter.
    at = found.start(3)
    letter = mbn.PieceLetter(found.group(3), Span(at, 1, line, column + at - span.offset))
    return mbn.PieceHead(macro=bool(found.group(1)), prefixes=found.group(2), letter=letter, span=span)


_frontend: Any = None


def _lark_run(text: str, start: int, end: int, line: int, line_start: int) -> tuple[object, ...] | None:
    # Lark's LALR parser over text[start:end] with its line counter placed at `start`, so every
    # token carries its position in the whole file. Lark >= 1.2 reads a TextSlice; the parser
    # objects used here are those `Lark.parse` uses (frontend.lexer, frontend.parser).
    from lark.exceptions import LarkError, VisitError
    from lark.lexer import LexerState, LexerThread, LineCounter
    from lark.utils import TextSlice

    global _frontend
    if _frontend is None:
        from notation_toolkit.fbr.grammar import parser_for

        # Looked up once: parser_for checks the grammar file's time stamp on every call.
        _frontend = parser_for(None).parser
    frontend = _frontend
    untyped: Any = LineCounter  # Lark leaves it unannotated
    counter = untyped("\n")
    counter.char_pos = start
    counter.line = line
    counter.line_start_pos = line_start
    counter.column = start - line_start + 1
    try:
        state = LexerState(TextSlice(text, start, end), counter)
        result = frontend.parser.parse(LexerThread(frontend.lexer, state), "rule_file")
    except (LarkError, VisitError, NotationError, RecursionError):
        return None
    if not isinstance(result, ast.RuleFile):
        return None
    return result.items
