"""The fast path of ``fbr.parse``: a rule file read without Lark, or ``None`` to use Lark.

A rule file is a whitespace-separated list of items (``rulefile.lark``). The split into items
follows the grammar's terminals: an item ends at unquoted whitespace; a piece name ``|...|`` and a
metadata value ``"..."`` may hold spaces; a comment runs to the end of the line. The commonest
items (a bare rule name, a piece declaration, a piece defined by bare atoms, a comment, a
metadata line) are read with one regular expression each; every other FBR rule and MBN item is
read by the hand-written reader of the shipped grammar (``mbn.fast.Reader``, with ``RuleReader``
below for FBR rules). Either way the nodes are exactly those ``FbrTransformer`` builds, with the
same spans.

Anything the readers do not accept (a syntax error, an unclosed ``|`` or ``"``, a number too long
to read, a rule part given twice) hands the text to Lark: ``parse`` returns ``None``, ``read`` the
offset from which Lark finds the first error exactly as its whole-text parse would (two items
before the unread one, see ``read``). Every diagnostic is Lark's, unchanged.
``tests/fbr/test_fast_fbr.py`` and ``tests/fbr/test_fbr_fast_path.py`` compare both paths on the
corpus, on grammar-generated files and on mutations.
"""

from __future__ import annotations

import re
from typing import Any

from notation_toolkit.core.span import Span
from notation_toolkit.fbr import ast
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.fast import Decline, Reader, builder

# One item, after optional whitespace: a comment, or a run of characters in which a piece name
# and a quoted value are atomic (the PIECE_NAME, STRING and COMMENT terminals of the grammars).
_ITEM = re.compile(r'[ \t\r\n]*(~[^\r\n]*|(?:[^ \t\r\n|"]+|\|[^|\r\n\x00]*\||"[^"\r\n\x00]*")+)')
_WHITESPACE = frozenset(" \t\r\n")

# The item shapes built here (each a full match of the item text).
_RULE = re.compile(r"(!?)([a-z][a-z0-9]*)")
_DECLARATION = re.compile(r"(@?)([-+#*$%&]*)([A-Z])")
_DEFINITION = re.compile(r"(@?)([-+#*$%&]*)([A-Z])=([A-Z]+(?:\+[A-Z]+)*)")
_METADATA = re.compile(r'(variant|boardsize|startposition)="([^"\r\n\x00]*)"')

# Constructors that fill the slots directly (mbn.fast.builder): the same nodes, built faster.
_Span = builder(Span)
_FbrRule = builder(ast.FbrRule)
_Attribute = builder(ast.Attribute)
_Prefix = builder(ast.Prefix)
_Comment = builder(ast.Comment)
_PieceLetter = builder(mbn.PieceLetter)
_PieceHead = builder(mbn.PieceHead)
_PieceDeclaration = builder(mbn.PieceDeclaration)
_PieceDefinition = builder(mbn.PieceDefinition)
_MoveSequence = builder(mbn.MoveSequence)
_Alternatives = builder(mbn.Alternatives)
_PartialMove = builder(mbn.PartialMove)
_Atom = builder(mbn.Atom)


def parse(text: str) -> ast.RuleFile | None:
    """The ``RuleFile`` of ``text`` with the shipped grammar, or ``None`` to use the Lark path."""
    result = read(text)
    return result if isinstance(result, ast.RuleFile) else None


RESTART_BEHIND = 2
"""How many items before the first unread one the Lark parse of an unread file starts (see ``read``)."""


def read(text: str) -> ast.RuleFile | int:
    """The ``RuleFile`` of ``text``, or the offset from which Lark must parse it to find its error.

    When an item is not read, every item before it was: Lark accepts them and its parse of the
    whole text would reach that item without error. Lark started ``RESTART_BEHIND`` items
    earlier reaches it in the same LALR state (after an entry and whitespace, in the repeated
    part of ``rule_file``) with the same previous token and the same positions, so its first
    error, and the diagnostic made of it, is the whole-text parse's, without reading the whole
    file again. The offset is 0 when fewer than ``RESTART_BEHIND`` + 1 items come before the unread one.
    """
    items: list[object] = []
    starts: list[int] = []
    line, line_start, counted = 1, 0, 0
    pos, size = 0, len(text)
    match_item = _ITEM.match
    append = items.append
    while pos < size:
        found = match_item(text, pos)
        if found is None:
            if text[pos:].strip(" \t\r\n"):
                return _restart(starts)
            break
        start, end = found.span(1)
        if end < size and text[end] not in _WHITESPACE:
            return _restart(starts)  # an unclosed '|' or '"', or a quote glued to an item
        newlines = text.count("\n", counted, start)
        if newlines:
            line += newlines
            line_start = text.rindex("\n", counted, start) + 1
        counted = start
        node = _simple(text, start, end, line, start - line_start + 1)
        if node is None:
            node = _read(text, start, end, line, line_start)
            if node is None:
                return _restart(starts)
        append(node)
        starts.append(start)
        pos = end
    return ast.RuleFile(tuple(items), _Span(0, size, 1, 1) if size else None)


def _restart(starts: list[int]) -> int:
    return starts[-RESTART_BEHIND] if len(starts) > RESTART_BEHIND else 0


def _read(text: str, start: int, end: int, line: int, line_start: int) -> object | None:
    # An FBR rule (a lower-case word, optionally after '!') or an MBN item (anything else; a
    # comment or metadata never gets here: _simple reads those).
    reader = RuleReader(text, start, end, line, line_start)
    first = text[start]
    try:
        if "a" <= first <= "z" or (first == "!" and start + 1 < end and "a" <= text[start + 1] <= "z"):
            node: object = reader.fbr_rule()
        else:
            node = reader.mbn_item()
    except (Decline, RecursionError, IndexError):
        return None
    return node if reader.pos == end else None


def _simple(text: str, start: int, end: int, line: int, column: int) -> object | None:
    # The nodes FbrTransformer builds for these shapes (fbr_rule, piece_declaration, metadata,
    # comment): the same fields, the same spans.
    first = text[start]
    span = _Span(start, end - start, line, column)
    if first == "~":
        return _Comment(text[start + 1 : end].strip(), span)
    if "a" <= first <= "z" or first == "!":
        rule = _RULE.fullmatch(text, start, end)
        if rule is not None:
            name_start = rule.start(2)
            name_span = _Span(name_start, end - name_start, line, column + name_start - start)
            name = rule.group(2)
            negated = bool(rule.group(1))
            return _FbrRule(name, negated, None, None, None, None, None, None, (), span, name_span, ())
        metadata = _METADATA.fullmatch(text, start, end)
        if metadata is not None:
            return ast.Metadata(metadata.group(1), metadata.group(2), span)
        return None
    declaration = _DECLARATION.fullmatch(text, start, end)
    if declaration is not None:
        return _PieceDeclaration(_head(declaration, span, line, column), span)
    definition = _DEFINITION.fullmatch(text, start, end)
    if definition is None:
        return None
    head_end = definition.end(3)
    head = _head(definition, _Span(start, head_end - start, line, column), line, column)
    # `Q=R+N`, `Q=BN`: one '=' part, one leg, partial moves of bare atoms (MbnTransformer's
    # atom, partial_move, alternatives, move_sequence and piece_definition for this shape).
    partials: list[mbn.PartialMove] = []
    at = head_end + 1
    for word in definition.group(4).split("+"):
        units = tuple(
            _Atom(letter, None, None, _Span(at + i, 1, line, column + at + i - start))
            for i, letter in enumerate(word)
        )
        word_span = _Span(at, len(word), line, column + at - start)
        partials.append(_PartialMove(units, (), False, None, None, None, None, None, word_span, (), ()))
        at += len(word) + 1
    moves_at = head_end + 1
    moves_span = _Span(moves_at, end - moves_at, line, column + moves_at - start)
    sequence = _MoveSequence((_Alternatives(tuple(partials), moves_span),), (), moves_span)
    return _PieceDefinition(head, (sequence,), span)


def _head(found: re.Match[str], span: Span, line: int, column: int) -> mbn.PieceHead:
    # Groups 1-3 of _DECLARATION / _DEFINITION: macro '@', prefixes, the letter.
    at = found.start(3)
    letter = _PieceLetter(found.group(3), _Span(at, 1, line, column + at - span.offset))
    return _PieceHead(bool(found.group(1)), found.group(2), letter, None, None, None, span)


_PREFIX_CHARS = frozenset(mbn.PREFIX_CHARS)
_DIGITS = frozenset("0123456789")
_RULE_NAME = re.compile(r"[a-z][a-z0-9]*")
_ATTRIBUTE_NAME = re.compile(r"[a-z0-9][A-Za-z0-9]*")
_CARDINAL = re.compile(r"nw|ne|sw|se|n|s|e|w")
_ANNOUNCEMENT_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class RuleReader(Reader):
    """``mbn.fast.Reader`` with the rules of ``fbr.lark``: FBR rules and their attributes."""

    __slots__ = ()

    def name(self, pattern: re.Pattern[str]) -> tuple[str, Span]:
        """A name matching ``pattern`` (a rule or an attribute), with its span; declined if none."""
        start = self.pos
        name = self.match(pattern)
        if name is None:
            raise Decline
        return name, self.span(start)

    def fbr_rule(self) -> ast.FbrRule:
        """``fbr_rule: rule_negation? RULE_NAME rule_part* rule_attributes?`` to the end."""
        start = self.pos
        negated = self.accept("!")
        name, name_span = self.name(_RULE_NAME)
        found: dict[str, Any] = {}
        while True:
            at = self.pos
            char = self.peek()
            part: Any
            if char in _PREFIX_CHARS:
                self.pos += 1
                key, part = "prefix", _Prefix(char, self.span(at))
            elif char == "<":
                self.pos += 1
                if self.peek() in _DIGITS:
                    value = int(self.digits())
                    self.expect(">")
                    key, part = "seq_number", ast.SeqNumber(value, self.span(at))
                else:
                    cardinal = self.match(_CARDINAL)
                    if cardinal is None:
                        raise Decline
                    self.expect(">")
                    key, part = "cardinal", ast.Cardinal(cardinal, self.span(at))
            elif char == "{":
                key, part = "piece_set", self.piece_set()
            elif char == "[":
                key, part = "board_range", self.board_range()
            elif char == "/":
                self.pos += 1
                announced = self.match(_ANNOUNCEMENT_NAME)
                if announced is None:
                    raise Decline
                self.expect("/")
                key, part = "announcement", ast.Announcement(announced, self.span(at))
            else:
                break
            if key in found:
                raise Decline  # FBR102 (a part given twice) comes from Lark's transformer
            found[key] = part
        attributes: tuple[ast.Attribute, ...] = ()
        if self.peek() == "=":
            self.pos += 1
            attributes = (self.attribute(),)
            while self.peek() == ",":
                self.pos += 1
                attributes += (self.attribute(),)
        if not self.at_end():
            raise Decline
        get = found.get
        return _FbrRule(
            name,
            negated,
            get("prefix"),
            get("seq_number"),
            get("cardinal"),
            get("piece_set"),
            get("board_range"),
            get("announcement"),
            attributes,
            self.span(start),
            name_span,
            tuple(found),
        )

    def attribute(self) -> ast.Attribute:
        """``attribute``: ``!``? name prefix? argument?, or an anonymous count or piece set."""
        start = self.pos
        char = self.peek()
        if char == "(":
            return _Attribute(None, False, None, self.count(), self.span(start), None)
        if char == "{":
            return _Attribute(None, False, None, self.piece_set(), self.span(start), None)
        negated = self.accept("!")
        name, name_span = self.name(_ATTRIBUTE_NAME)
        prefix = None
        char = self.peek()
        if char in _PREFIX_CHARS:
            self.pos += 1
            prefix = _Prefix(char, self.span(self.pos - 1))
            char = self.peek()
        argument: ast.Count | mbn.PieceSet | ast.PieceValues | mbn.BoardRange | None = None
        if char == "(":
            argument = self.count()
        elif char == "{":
            argument = self.piece_values_or_set()
        elif char == "[":
            argument = self.board_range()
        return _Attribute(name, negated, prefix, argument, self.span(start), name_span)

    def count(self) -> ast.Count:
        """``count: "(" INT? ")"``."""
        start = self.pos
        self.expect("(")
        value = int(self.digits()) if self.peek() in _DIGITS else None
        self.expect(")")
        return ast.Count(value, self.span(start))

    def piece_values_or_set(self) -> ast.PieceValues | mbn.PieceSet:
        """``piece_values: "{" piece_value ("," piece_value)* "}"`` when a letter and '=' open it,
        else a piece set (one token after the letter decides, as in the LALR automaton)."""
        start = self.pos
        self.pos += 1
        try:
            self.piece_letter()
        except Decline:
            self.pos = start
            return self.piece_set()
        is_values = self.peek() == "="
        self.pos = start
        if not is_values:
            return self.piece_set()
        self.pos += 1
        values: list[ast.PieceValue] = []
        while True:
            at = self.pos
            letter = self.piece_letter()
            self.expect("=")
            values.append(ast.PieceValue(letter, int(self.digits()), self.span(at)))
            if self.peek() == ",":
                self.pos += 1
                continue
            self.expect("}")
            return ast.PieceValues(tuple(values), self.span(start))
