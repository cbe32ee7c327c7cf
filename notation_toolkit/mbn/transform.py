"""Lark tree -> MBN AST: one ``Transformer`` method per rule of ``grammars/mbn.lark``.

``MbnTransformer`` is a ``lark.Transformer_NonRecursive`` (so ``transform(tree)`` never recurses,
whatever the depth) whose methods take only the children, which lets the same object run as
Lark's inline ``transformer=`` of the LALR parser: the AST is then built while parsing, without
an intermediate tree (the fast path ``parser.py`` uses). Lark refuses ``meta`` arguments for inline
transformers, so spans are computed from the children: the parsers are built with
``keep_all_tokens=True``, which keeps the brackets and punctuation that bound each rule.

Rule names are resolved without Lark's import namespaces (``fbr__mbn__atom`` is ``atom``), so the
grammars that ``%import`` this one (``fbr.lark``, ``rulefile.lark``, users' extensions) reuse the
methods; FBR's transformer subclasses this one. A rule no method knows (one that an extension
grammar adds) becomes an ``ExtensionNode`` (a ``core.tree.GenericNode``) holding its children.

A few structural rules (``origin``, ``prefixes``, ``setup`` ...) produce a ``Part``: a tagged value
that only their parent reads; they never appear in the final AST.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer_NonRecursive, Tree

from notation_toolkit.core.codes import get_code
from notation_toolkit.core.grammar import base_name
from notation_toolkit.core.limits import digits_error
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.mbn import ast
from notation_toolkit.mbn.codes import MAX_NUMBER_DIGITS, NUMBER_TOO_LONG


class ExtensionNode(GenericNode):
    """The ``GenericNode`` of an unknown rule; like every AST node, equal regardless of its span."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GenericNode):
            return NotImplemented
        return (self.rule, self.children) == (other.rule, other.children)

    def __hash__(self) -> int:
        return hash((self.rule, self.children))

    def walk(self) -> Iterator[Any]:
        """This node and every node below it (the extension's children included)."""
        yield self
        for child in self.children:
            walk = getattr(child, "walk", None)
            if walk is not None:
                yield from walk()


@dataclass(frozen=True, slots=True)
class Part:
    """A tagged intermediate value of a structural rule, consumed by the parent's method."""

    kind: str
    value: Any
    span: Span | None = None


# ------------------------------------------------------------------------------------------------
# Helpers over children
# ------------------------------------------------------------------------------------------------


def span_of(children: Sequence[Any]) -> Span | None:
    """The span from the first to the last positioned child (tokens, nodes, parts)."""
    # The hottest helper of the transformer (once per rule): tokens are tested by exact type
    # first (Lark's tokens are plain ``Token``s), subclasses by isinstance.
    start: tuple[int, int, int] | None = None
    for child in children:
        if type(child) is Token or isinstance(child, Token):
            if child.start_pos is not None:
                start = (child.start_pos, child.line or 1, child.column or 1)
                break
            continue
        span = getattr(child, "span", None)
        if span is not None:
            start = (span.offset, span.line, span.column)
            break
    if start is None:
        return None
    end = start[0]
    for child in reversed(children):
        if type(child) is Token or isinstance(child, Token):
            if child.end_pos is not None:
                end = child.end_pos
                break
            continue
        span = getattr(child, "span", None)
        if span is not None:
            end = span.offset + span.length
            break
    return Span(start[0], end - start[0], start[1], start[2])


def tok(children: Sequence[Any]) -> Iterator[Token]:
    """The tokens among ``children``."""
    return (c for c in children if isinstance(c, Token))


def parts(children: Sequence[Any], kind: str) -> list[Part]:
    """The ``Part`` children of a given kind."""
    return [c for c in children if isinstance(c, Part) and c.kind == kind]


def part(children: Sequence[Any], kind: str) -> Any:
    """The value of the first ``Part`` of ``kind`` (``None`` when absent)."""
    for c in children:
        if isinstance(c, Part) and c.kind == kind:
            return c.value
    return None


def first(children: Sequence[Any], cls: type[Any] | tuple[type[Any], ...]) -> Any:
    """The first child that is an instance of ``cls`` (``None`` when absent)."""
    for c in children:
        if isinstance(c, cls):
            return c
    return None


def token_span(token: Token) -> Span:
    """Span of a token."""
    return Span.from_token(token)


def number(token: Token, code: str = NUMBER_TOO_LONG, what: str = "number") -> int:
    """``int(token)``, refused with a ``LimitError`` before conversion when it is too long."""
    text = str(token)
    if len(text) > MAX_NUMBER_DIGITS:
        info = get_code(code)
        assert info is not None  # MBN102, or the embedding notation's own limit code (FBR103)
        raise digits_error(text, max_digits=MAX_NUMBER_DIGITS, code=info, span=token_span(token), what=what)
    return int(text)


def check_digits(token: Token, code: str = NUMBER_TOO_LONG, what: str = "number") -> str:
    """The digits of ``token`` (kept as text in the AST), refused when too long."""
    if len(token) > MAX_NUMBER_DIGITS:
        number(token, code, what)  # raises
    return str(token)


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, Token) else value


def _digits_in(children: Sequence[Any], code: str) -> None:
    for t in tok(children):
        if t[:1].isdigit():
            check_digits(t, code)


class MbnTransformer(Transformer_NonRecursive):  # type: ignore[type-arg]
    """Tree -> AST for ``mbn.lark`` (usable as Lark's inline ``transformer=``)."""

    __visit_tokens__ = False

    number_code = NUMBER_TOO_LONG
    """The code of a number too long to read: MBN102 here, FBR103 in FBR's transformer (one code
    per notation, whichever part of the shared grammar holds the number)."""

    def __getattr__(self, name: str) -> Callable[[list[Any]], Any]:
        # Lark looks callbacks up by the rule's full name (``fbr__mbn__atom``); a name with an
        # import namespace resolves to its base rule, and an unknown rule (added by a user's
        # extension grammar) builds an ExtensionNode. Names starting with '_' are Lark's own
        # helper rules (inlined into their parent) and Python's protocols, upper-case names are
        # terminals (Lark also looks those up, as lexer callbacks): never rules here.
        base = base_name(name)
        if name.startswith("_") or not base[:1].islower():
            raise AttributeError(name)
        if base != name:
            method = getattr(type(self), base, None)
            if method is not None:
                bound: Callable[[list[Any]], Any] = method.__get__(self)
                return bound

        def extension(children: list[Any]) -> ExtensionNode:
            return ExtensionNode(base, tuple(_plain(c) for c in children), span_of(children))

        return extension

    # -- letters, piece sets, board ranges ------------------------------------------------------

    def piece_letter(self, c: list[Any]) -> ast.PieceLetter:
        token = c[0]
        start = token.start_pos
        if start is None or token.end_pos is None:
            return ast.PieceLetter(str(token), token_span(token))
        # Span.from_token inlined: one piece letter per reduction makes this the commonest rule.
        return ast.PieceLetter(
            str(token), Span(start, token.end_pos - start, token.line or 1, token.column or 1)
        )

    head_letter = piece_letter

    def prefix(self, c: list[Any]) -> Part:
        return Part("prefix", "".join(str(t) for t in tok(c)), span_of(c))

    def prefixes(self, c: list[Any]) -> Part:
        text = "".join(p.value for p in parts(c, "prefix")) + "".join(str(t) for t in tok(c))
        return Part("prefixes", text, span_of(c))

    def set_flags(self, c: list[Any]) -> Part:
        return Part("flags", "".join(str(t) for t in tok(c)), span_of(c))

    def set_member(self, c: list[Any]) -> ast.SetMember:
        return ast.SetMember(part(c, "prefixes") or "", first(c, ast.PieceLetter), span_of(c))

    def piece_set(self, c: list[Any]) -> ast.PieceSet:
        members = tuple(x for x in c if isinstance(x, ast.SetMember))
        written = part(c, "flags") or ""
        # G8: `!^` and `^!` mean the same; the AST keeps the BNF order.
        flags = ("!" if "!" in written else "") + ("^" if "^" in written else "")
        return ast.PieceSet(flags, members, span_of(c))

    def _span1d(self, c: list[Any], cls: type[ast.Span1D]) -> Any:
        values = [t for t in tok(c) if t != "-"]
        for v in values:
            if v[:1].isdigit():
                check_digits(v, self.number_code)
        return cls(str(values[0]), str(values[1]) if len(values) > 1 else None, span_of(c))

    def file_span(self, c: list[Any]) -> ast.FileSpan:
        result: ast.FileSpan = self._span1d(c, ast.FileSpan)
        return result

    def rank_span(self, c: list[Any]) -> ast.RankSpan:
        result: ast.RankSpan = self._span1d(c, ast.RankSpan)
        return result

    def level_span(self, c: list[Any]) -> ast.LevelSpan:
        result: ast.LevelSpan = self._span1d(c, ast.LevelSpan)
        return result

    def range_symbol(self, c: list[Any]) -> Part:
        return Part("symbol", str(c[0]), span_of(c))

    def single_range(self, c: list[Any]) -> ast.SingleRange:
        ranks = [x for x in c if isinstance(x, ast.RankSpan)]
        return ast.SingleRange(
            files=first(c, ast.FileSpan),
            ranks=ranks[0] if ranks else None,
            level=first(c, ast.LevelSpan),
            row=ranks[1] if len(ranks) > 1 else None,
            symbol=part(c, "symbol"),
            span=span_of(c),
        )

    def range_complement(self, c: list[Any]) -> Part:
        return Part("complement", True, span_of(c))

    def board_range(self, c: list[Any]) -> ast.BoardRange:
        ranges = tuple(x for x in c if isinstance(x, ast.SingleRange))
        return ast.BoardRange(bool(part(c, "complement")), ranges, span_of(c))

    # -- heads ----------------------------------------------------------------------------------

    def board_numbers(self, c: list[Any]) -> Part:
        _digits_in(c, self.number_code)
        return Part("numbers", tuple(str(t) for t in tok(c) if t != ","), span_of(c))

    def _board_id(self, c: list[Any], kind: str) -> ast.BoardId:
        return ast.BoardId(kind, tuple(p.value for p in parts(c, "numbers")), span_of(c))

    def board_id(self, c: list[Any]) -> ast.BoardId:
        return self._board_id(c, "3d")

    def reflected_board_id(self, c: list[Any]) -> ast.BoardId:
        return self._board_id(c, "reflected")

    def board_id_4d(self, c: list[Any]) -> ast.BoardId:
        return self._board_id(c, "4d")

    def announcement_condition(self, c: list[Any]) -> ast.AnnouncementCondition:
        name = next(t for t in tok(c) if t != "/")
        return ast.AnnouncementCondition(str(name), span_of(c))

    def macro(self, c: list[Any]) -> Part:
        return Part("macro", True, span_of(c))

    def drop(self, c: list[Any]) -> Part:
        return Part("drop", True, span_of(c))

    def piece_head(self, c: list[Any]) -> ast.PieceHead:
        name = next((str(t)[1:-1] for t in tok(c) if t.type.endswith("PIECE_NAME")), None)
        return ast.PieceHead(
            macro=bool(part(c, "macro")),
            prefixes=part(c, "prefixes") or "",
            letter=first(c, ast.PieceLetter),
            board=first(c, ast.BoardId),
            name=name,
            condition=first(c, ast.AnnouncementCondition),
            span=span_of(c),
        )

    def extra_letters(self, c: list[Any]) -> Part:
        return Part("letters", tuple(x for x in c if isinstance(x, ast.PieceLetter)), span_of(c))

    def promotion_head(self, c: list[Any]) -> ast.PromotionHead:
        letters = (first(c, ast.PieceLetter), *(part(c, "letters") or ()))
        return ast.PromotionHead(
            prefixes=part(c, "prefixes") or "",
            letters=letters,
            board=first(c, ast.BoardId),
            condition=first(c, ast.AnnouncementCondition),
            span=span_of(c),
        )

    def promotion_target(self, c: list[Any]) -> ast.PromotionTarget:
        return ast.PromotionTarget(
            bool(part(c, "drop")), part(c, "prefixes") or "", first(c, ast.PieceLetter), span_of(c)
        )

    def move_target(self, c: list[Any]) -> ast.MoveTarget:
        return ast.MoveTarget(first(c, ast.MoveSequence), span_of(c))

    def promotion_targets(self, c: list[Any]) -> Part:
        return Part("targets", tuple(x for x in c if not isinstance(x, Token)), span_of(c))

    def promotion_rule(self, c: list[Any]) -> ast.PromotionRule:
        return ast.PromotionRule(first(c, ast.PromotionHead), part(c, "targets"), span_of(c))

    def piece_definition(self, c: list[Any]) -> ast.PieceDefinition:
        moves = tuple(x for x in c if isinstance(x, ast.MoveSequence))
        return ast.PieceDefinition(first(c, ast.PieceHead), moves, span_of(c))

    def piece_declaration(self, c: list[Any]) -> ast.PieceDeclaration:
        return ast.PieceDeclaration(first(c, ast.PieceHead), span_of(c))

    def cancellation(self, c: list[Any]) -> ast.Cancellation:
        item = first(c, (ast.PieceDefinition, ast.PieceDeclaration, ast.PromotionRule))
        return ast.Cancellation(item, span_of(c))

    def mbn_item(self, c: list[Any]) -> Any:
        return c[0]

    # -- move expressions -----------------------------------------------------------------------

    def link(self, c: list[Any]) -> Part:
        return Part("link", str(c[0]), span_of(c))

    def move_sequence(self, c: list[Any]) -> ast.MoveSequence:
        legs = tuple(x for x in c if isinstance(x, ast.Alternatives | ast.OptionalLeg))
        links = tuple(p.value for p in parts(c, "link"))
        return ast.MoveSequence(legs, links, span_of(c))

    def leg(self, c: list[Any]) -> Any:
        return c[0]

    def optional_leg(self, c: list[Any]) -> ast.OptionalLeg:
        return ast.OptionalLeg(first(c, ast.MoveSequence), span_of(c))

    def alternatives(self, c: list[Any]) -> ast.Alternatives:
        return ast.Alternatives(tuple(x for x in c if isinstance(x, ast.PartialMove)), span_of(c))

    def setup(self, c: list[Any]) -> Part:
        return Part("setup", True, span_of(c))

    def origin(self, c: list[Any]) -> Part:
        return Part("origin", c[0], span_of(c))

    def destination(self, c: list[Any]) -> Part:
        return Part("destination", c[0], span_of(c))

    def attackers(self, c: list[Any]) -> Part:
        # Several sets in a row (`{Q}{R}K`) are attacker sets of successive attackers.
        sets = tuple(x for x in c if isinstance(x, ast.PieceSet))
        return Part("attackers", sets, span_of(c))

    def partial_move(self, c: list[Any]) -> ast.PartialMove:
        attackers: tuple[ast.PieceSet, ...] = part(c, "attackers") or ()
        return ast.PartialMove(
            units=tuple(x for x in c if isinstance(x, ast.Atom | ast.Group | GenericNode)),
            modifiers=tuple(x for x in c if isinstance(x, ast.Modifier)),
            setup=bool(part(c, "setup")),
            transition=first(c, ast.BoardTransition),
            condition=first(c, ast.MoveCondition),
            origin=part(c, "origin"),
            attackers=attackers[0] if attackers else None,
            destination=part(c, "destination"),
            span=span_of(c),
            directions=tuple(x for x in c if isinstance(x, ast.Direction)),
            more_attackers=attackers[1:],
        )

    def transition(self, c: list[Any]) -> ast.Transition:
        _digits_in(c, self.number_code)
        return ast.Transition("".join(str(t) for t in tok(c)), span_of(c))

    def board_transition(self, c: list[Any]) -> ast.BoardTransition:
        transitions = tuple(x for x in c if isinstance(x, ast.Transition))
        written = "".join(str(t) for t in tok(c))
        return ast.BoardTransition(transitions, span_of(c), reflected=written.startswith("<<"))

    def square(self, c: list[Any]) -> ast.Square:
        file, rank = (t for t in tok(c))
        return ast.Square(str(file), check_digits(rank, self.number_code), span_of(c))

    def move_condition(self, c: list[Any]) -> ast.MoveCondition:
        piece = first(c, ast.PieceSet) or first(c, ast.PieceLetter)
        where = first(c, ast.BoardRange) or first(c, ast.Square)
        return ast.MoveCondition(piece, where, span_of(c))

    def optional(self, c: list[Any]) -> Part:
        return Part("optional", True, span_of(c))

    def modifier(self, c: list[Any]) -> ast.Modifier:
        return ast.Modifier(
            letter=str(c[0]),
            optional=bool(part(c, "optional")),
            piece_set=first(c, ast.PieceSet),
            board_range=first(c, ast.BoardRange),
            span=span_of(c),
        )

    def direction(self, c: list[Any]) -> ast.Direction:
        return ast.Direction(str(c[0]), span_of(c))

    def steps(self, c: list[Any]) -> ast.Steps:
        _digits_in(c, self.number_code)
        return ast.Steps("".join(str(t) for t in tok(c)), span_of(c))

    def atom(self, c: list[Any]) -> ast.Atom:
        tokens = list(tok(c))
        letter = tokens[0]
        if letter.startswith(":") and "," in letter:
            at = 1
            for digits in letter[1:-1].split(","):
                if len(digits) > MAX_NUMBER_DIGITS:
                    start = (letter.start_pos or 0) + at
                    column = (letter.column or 1) + at
                    end = start + len(digits)
                    number(
                        Token(letter.type, digits, start, letter.line, column, end_pos=end), self.number_code
                    )
                at += len(digits) + 1
        circular = next((str(t) for t in tokens[1:] if base_name(t.type) in ("AMALGAM", "CIRCULAR")), None)
        return ast.Atom(str(letter), circular, first(c, ast.Steps), span_of(c))

    def group_direction(self, c: list[Any]) -> Part:
        return Part("direction", str(c[0]), span_of(c))

    def group(self, c: list[Any]) -> ast.Group:
        return ast.Group(first(c, ast.MoveSequence), part(c, "direction"), first(c, ast.Steps), span_of(c))


def transform(tree: Tree[Any] | Token, transformer: MbnTransformer | None = None) -> Any:
    """Convert a Lark tree (from a parser built with ``keep_all_tokens=True``) into AST nodes.

    Iterative (``Transformer_NonRecursive``): deep trees never raise ``RecursionError``.
    """
    if isinstance(tree, Token):
        return tree
    return (transformer or MbnTransformer()).transform(tree)
