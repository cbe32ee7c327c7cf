"""Lark tree -> FBR AST: the methods for ``fbr.lark`` and ``rulefile.lark`` on top of MBN's.

``FbrTransformer`` subclasses ``mbn.transform.MbnTransformer`` (FBR imports MBN's piece sets,
board ranges and items), so one object converts a whole rule file, as Lark's inline
``transformer=`` of the LALR parser or over a tree (``transform``). A rule part given twice
(``royal{K}{Q}``) is refused here with FBR102: the AST keeps each part once (see ``fbr.ast``).
"""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from notation_toolkit.core.errors import ParseError
from notation_toolkit.fbr import ast
from notation_toolkit.fbr.codes import DUPLICATE_PART, INFO, NUMBER_TOO_LONG
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.transform import MbnTransformer, Part, first, number, part, span_of, tok, token_span

_PART_NAMES: dict[type, tuple[str, str]] = {
    ast.Prefix: ("prefix", "prefix"),
    ast.SeqNumber: ("seq_number", "sequence number"),
    ast.Cardinal: ("cardinal", "cardinal direction"),
    mbn.PieceSet: ("piece_set", "piece set"),
    mbn.BoardRange: ("board_range", "board range"),
    ast.Announcement: ("announcement", "announcement"),
}

_ARGUMENT_TYPES = (ast.Count, mbn.PieceSet, ast.PieceValues, mbn.BoardRange)


def _inner(c: list[Any], skip: str) -> Token:
    # The one token of a bracketed rule (`<n>`, `/Name/`, `(2)`) that is not punctuation.
    return next(t for t in tok(c) if t not in skip)


class FbrTransformer(MbnTransformer):
    """Tree -> AST for ``fbr.lark`` and ``rulefile.lark`` (usable as Lark's inline ``transformer=``)."""

    number_code = NUMBER_TOO_LONG

    def rule_negation(self, c: list[Any]) -> Part:
        return Part("negation", True, span_of(c))

    attribute_negation = rule_negation

    def rule_prefix(self, c: list[Any]) -> ast.Prefix:
        return ast.Prefix(part(c, "prefix"), span_of(c))

    def seq_number(self, c: list[Any]) -> ast.SeqNumber:
        return ast.SeqNumber(number(_inner(c, "<>"), NUMBER_TOO_LONG, "sequence number"), span_of(c))

    def cardinal(self, c: list[Any]) -> ast.Cardinal:
        return ast.Cardinal(str(_inner(c, "<>")), span_of(c))

    def announcement(self, c: list[Any]) -> ast.Announcement:
        return ast.Announcement(str(_inner(c, "/")), span_of(c))

    def count(self, c: list[Any]) -> ast.Count:
        token = next((t for t in tok(c) if t not in "()"), None)
        value = None if token is None else number(token, NUMBER_TOO_LONG, "count")
        return ast.Count(value, span_of(c))

    def piece_value(self, c: list[Any]) -> ast.PieceValue:
        digits = [t for t in tok(c) if t[:1].isdigit()][-1]
        return ast.PieceValue(
            first(c, mbn.PieceLetter), number(digits, NUMBER_TOO_LONG, "piece value"), span_of(c)
        )

    def piece_values(self, c: list[Any]) -> ast.PieceValues:
        return ast.PieceValues(tuple(x for x in c if isinstance(x, ast.PieceValue)), span_of(c))

    def attribute(self, c: list[Any]) -> ast.Attribute:
        name = next(tok(c))
        prefix = next((p for p in c if isinstance(p, Part) and p.kind == "prefix"), None)
        argument = next((x for x in c if isinstance(x, _ARGUMENT_TYPES)), None)
        return ast.Attribute(
            name=str(name),
            negated=bool(part(c, "negation")),
            prefix=ast.Prefix(prefix.value, prefix.span) if prefix is not None else None,
            argument=argument,
            span=span_of(c),
            name_span=token_span(name),
        )

    def anonymous_count(self, c: list[Any]) -> ast.Attribute:
        return ast.Attribute(name=None, argument=c[0], span=span_of(c))

    anonymous_piece_set = anonymous_count

    def rule_attributes(self, c: list[Any]) -> Part:
        return Part("attributes", tuple(x for x in c if isinstance(x, ast.Attribute)), span_of(c))

    def fbr_rule(self, c: list[Any]) -> ast.FbrRule:
        name = next(tok(c))
        found: dict[type, Any] = {}
        order: list[str] = []
        for child in c:
            entry = _PART_NAMES.get(type(child))
            if entry is None:
                continue
            key, label = entry
            cls = type(child)
            if cls in found:
                parts = "prefixes" if label == "prefix" else f"{label}s"
                raise INFO[DUPLICATE_PART].error(
                    ParseError, span=getattr(child, "span", None), rule=name, part=label, parts=parts
                )
            found[cls] = child
            order.append(key)
        return ast.FbrRule(
            name=str(name),
            negated=bool(part(c, "negation")),
            prefix=found.get(ast.Prefix),
            seq_number=found.get(ast.SeqNumber),
            cardinal=found.get(ast.Cardinal),
            piece_set=found.get(mbn.PieceSet),
            board_range=found.get(mbn.BoardRange),
            announcement=found.get(ast.Announcement),
            attributes=part(c, "attributes") or (),
            span=span_of(c),
            name_span=token_span(name),
            written_order=tuple(order),
        )

    def metadata(self, c: list[Any]) -> ast.Metadata:
        key, value = (str(t) for t in tok(c) if t != "=")
        return ast.Metadata(key, value[1:-1], span_of(c))

    def comment(self, c: list[Any]) -> ast.Comment:
        return ast.Comment(str(c[0])[1:].strip(), span_of(c))

    def rule_file(self, c: list[Any]) -> ast.RuleFile:
        return ast.RuleFile(tuple(x for x in c if not isinstance(x, Token)), span_of(c))


def transform(tree: Tree[Any] | Token) -> Any:
    """Convert a Lark tree of ``rulefile``/``fbr``/``mbn`` (built with ``keep_all_tokens=True``)."""
    if isinstance(tree, Token):
        return tree
    return FbrTransformer().transform(tree)
