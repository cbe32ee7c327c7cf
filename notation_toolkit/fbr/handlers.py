"""Handlers for the rules of ``fbr.lark`` and ``rulefile.lark`` (MBN ones: ``mbn.handlers``).

They register in the same table as the MBN handlers, so one iterative transform converts a
whole rule file. A rule part given twice (``royal{K}{Q}``) is refused here with FBR102: the AST
keeps each part once (see ``fbr.ast``).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from notation_toolkit.core.errors import ParseError
from notation_toolkit.core.span import Span
from notation_toolkit.fbr import ast
from notation_toolkit.fbr.codes import DUPLICATE_PART
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.handlers import Part, first, handler, part, tok, token_span

_PART_NAMES = {
    ast.Prefix: "prefix",
    ast.SeqNumber: "sequence number",
    ast.Cardinal: "cardinal direction",
    mbn.PieceSet: "piece set",
    mbn.BoardRange: "board range",
    ast.Announcement: "announcement",
}


@handler("rule_negation", "attribute_negation")
def _negation(span: Span | None, children: list[Any]) -> Part:
    return Part("negation", True, span)


@handler("rule_prefix")
def _rule_prefix(span: Span | None, children: list[Any]) -> ast.Prefix:
    return ast.Prefix(part(children, "prefix"), span)


@handler("seq_number")
def _seq_number(span: Span | None, children: list[Any]) -> ast.SeqNumber:
    return ast.SeqNumber(int(str(next(tok(children)))), span)


@handler("cardinal")
def _cardinal(span: Span | None, children: list[Any]) -> ast.Cardinal:
    return ast.Cardinal(str(next(tok(children))), span)


@handler("announcement")
def _announcement(span: Span | None, children: list[Any]) -> ast.Announcement:
    return ast.Announcement(str(next(tok(children))), span)


@handler("count")
def _count(span: Span | None, children: list[Any]) -> ast.Count:
    token = next(tok(children), None)
    return ast.Count(None if token is None else int(str(token)), span)


@handler("piece_value")
def _piece_value(span: Span | None, children: list[Any]) -> ast.PieceValue:
    return ast.PieceValue(first(children, mbn.PieceLetter), int(str(next(tok(children)))), span)


@handler("piece_values")
def _piece_values(span: Span | None, children: list[Any]) -> ast.PieceValues:
    return ast.PieceValues(tuple(c for c in children if isinstance(c, ast.PieceValue)), span)


_ARGUMENT_TYPES = (ast.Count, mbn.PieceSet, ast.PieceValues, mbn.BoardRange)


@handler("attribute")
def _attribute(span: Span | None, children: list[Any]) -> ast.Attribute:
    name = next(tok(children))
    prefix = part(children, "prefix")
    prefix_span = next((p.span for p in children if isinstance(p, Part) and p.kind == "prefix"), None)
    argument = next((c for c in children if isinstance(c, _ARGUMENT_TYPES)), None)
    return ast.Attribute(
        name=str(name),
        negated=bool(part(children, "negation")),
        prefix=ast.Prefix(prefix, prefix_span) if prefix is not None else None,
        argument=argument,
        span=span,
        name_span=token_span(name),
    )


@handler("anonymous_count", "anonymous_piece_set")
def _anonymous(span: Span | None, children: list[Any]) -> ast.Attribute:
    return ast.Attribute(name=None, argument=children[0], span=span)


@handler("rule_attributes")
def _rule_attributes(span: Span | None, children: list[Any]) -> Part:
    return Part("attributes", tuple(c for c in children if isinstance(c, ast.Attribute)), span)


@handler("fbr_rule")
def _fbr_rule(span: Span | None, children: list[Any]) -> ast.FbrRule:
    name = next(tok(children))
    found: dict[type, Any] = {}
    for child in children:
        for cls, label in _PART_NAMES.items():
            if isinstance(child, cls):
                if cls in found:
                    raise ParseError.single(
                        DUPLICATE_PART,
                        f"the rule {name} has two {label}s".replace("prefixs", "prefixes"),
                        span=getattr(child, "span", None),
                        hint=f"give the {label} once",
                    )
                found[cls] = child
    return ast.FbrRule(
        name=str(name),
        negated=bool(part(children, "negation")),
        prefix=found.get(ast.Prefix),
        seq_number=found.get(ast.SeqNumber),
        cardinal=found.get(ast.Cardinal),
        piece_set=found.get(mbn.PieceSet),
        board_range=found.get(mbn.BoardRange),
        announcement=found.get(ast.Announcement),
        attributes=part(children, "attributes") or (),
        span=span,
        name_span=token_span(name),
    )


@handler("metadata")
def _metadata(span: Span | None, children: list[Any]) -> ast.Metadata:
    key, value = (str(t) for t in tok(children))
    return ast.Metadata(key, value[1:-1], span)


@handler("comment")
def _comment(span: Span | None, children: list[Any]) -> ast.Comment:
    text = str(next(tok(children)))
    return ast.Comment(text[1:].strip(), span)


@handler("rule_file")
def _rule_file(span: Span | None, children: list[Any]) -> ast.RuleFile:
    return ast.RuleFile(tuple(c for c in children if not isinstance(c, Token)), span)
