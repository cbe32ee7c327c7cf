"""Handlers that turn Lark trees of ``mbn.lark`` into AST nodes, and the iterative transformer.

Blark-style: every grammar rule (or alias) has one handler, registered under its name with
``@handler("rule")``. Handlers receive the node's span and its already-converted children (tokens
stay ``lark.Token``). Rule names are looked up without Lark's import namespaces (``fbr__mbn__atom``
is ``atom``), so grammars that ``%import`` this one reuse the handlers. A rule no handler knows
(for example one added by a user's extension grammar) becomes ``core.tree.GenericNode``.

The transformer is iterative (an explicit stack), so deep input can never raise ``RecursionError``.
A few structural rules (``origin``, ``destination``, ``prefixes``, ``setup`` ...) produce a
``Part``: a tagged value that only their parent reads; they never appear in the final AST.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree

from notation_toolkit.core.grammar import base_name
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.mbn import ast

Handler = Callable[[Span | None, list[Any]], Any]

HANDLERS: dict[str, Handler] = {}
"""Rule name (without namespaces) -> handler. FBR registers its own rules in the same table."""


def handler(*names: str) -> Callable[[Handler], Handler]:
    """Register ``func`` as the handler of the grammar rules (or aliases) ``names``."""

    def register(func: Handler) -> Handler:
        for name in names:
            if name in HANDLERS:
                raise RuntimeError(f"two handlers for grammar rule {name!r}")
            HANDLERS[name] = func
        return func

    return register


class ExtensionNode(GenericNode):
    """The ``GenericNode`` of an unknown rule; like every AST node, equal regardless of its span."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GenericNode):
            return NotImplemented
        return (self.rule, self.children) == (other.rule, other.children)

    def __hash__(self) -> int:
        return hash((self.rule, self.children))


@dataclass(frozen=True, slots=True)
class Part:
    """A tagged intermediate value of a structural rule, consumed by the parent's handler."""

    kind: str
    value: Any
    span: Span | None = None


def transform(tree: Tree[Any] | Token, handlers: dict[str, Handler] | None = None) -> Any:
    """Convert a Lark tree into AST nodes bottom-up without recursion."""
    table = HANDLERS if handlers is None else handlers
    if isinstance(tree, Token):
        return tree
    results: list[Any] = []
    stack: list[tuple[Tree[Any], bool]] = [(tree, False)]
    while stack:
        node, ready = stack.pop()
        if not ready:
            stack.append((node, True))
            for child in reversed(node.children):
                if isinstance(child, Tree):
                    stack.append((child, False))
            continue
        children: list[Any] = []
        subtrees = sum(1 for c in node.children if isinstance(c, Tree))
        converted = iter(results[len(results) - subtrees :]) if subtrees else iter(())
        for child in node.children:
            children.append(next(converted) if isinstance(child, Tree) else child)
        if subtrees:
            del results[len(results) - subtrees :]
        span = Span.from_meta(node.meta)
        name = base_name(str(node.data))
        func = table.get(name)
        if func is None:
            results.append(ExtensionNode(name, tuple(_plain(c) for c in children), span))
        else:
            results.append(func(span, children))
    return results[0]


def _plain(value: Any) -> Any:
    return str(value) if isinstance(value, Token) else value


def tok(children: Sequence[Any]) -> Iterator[Token]:
    """The tokens among ``children``."""
    return (c for c in children if isinstance(c, Token))


def parts(children: Sequence[Any], kind: str) -> list[Part]:
    """The ``Part`` children of a given kind."""
    return [c for c in children if isinstance(c, Part) and c.kind == kind]


def part(children: Sequence[Any], kind: str) -> Any:
    """The value of the first ``Part`` of ``kind`` (``None`` when absent)."""
    found = parts(children, kind)
    return found[0].value if found else None


def first(children: Sequence[Any], cls: type[Any]) -> Any:
    """The first child that is an instance of ``cls`` (``None`` when absent)."""
    for c in children:
        if isinstance(c, cls):
            return c
    return None


def token_span(token: Token) -> Span:
    """Span of a token."""
    return Span.from_token(token)


# ------------------------------------------------------------------------------------------------
# Shared parts: letters, piece sets, board ranges
# ------------------------------------------------------------------------------------------------


@handler("piece_letter", "head_letter")
def _piece_letter(span: Span | None, children: list[Any]) -> ast.PieceLetter:
    token = next(tok(children))
    return ast.PieceLetter(str(token), token_span(token))


@handler("prefix")
def _prefix(span: Span | None, children: list[Any]) -> Part:
    return Part("prefix", "".join(str(t) for t in tok(children)), span)


@handler("prefixes")
def _prefixes(span: Span | None, children: list[Any]) -> Part:
    text = "".join(p.value for p in parts(children, "prefix")) + "".join(str(t) for t in tok(children))
    return Part("prefixes", text, span)


@handler("set_flags")
def _set_flags(span: Span | None, children: list[Any]) -> Part:
    return Part("flags", "".join(str(t) for t in tok(children)), span)


@handler("set_member")
def _set_member(span: Span | None, children: list[Any]) -> ast.SetMember:
    return ast.SetMember(part(children, "prefixes") or "", first(children, ast.PieceLetter), span)


@handler("piece_set")
def _piece_set(span: Span | None, children: list[Any]) -> ast.PieceSet:
    members = tuple(c for c in children if isinstance(c, ast.SetMember))
    written = part(children, "flags") or ""
    # G8: `!^` and `^!` mean the same; the AST keeps the BNF order.
    flags = ("!" if "!" in written else "") + ("^" if "^" in written else "")
    return ast.PieceSet(flags, members, span)


def _span1d(cls: type[ast.Span1D]) -> Handler:
    def build(span: Span | None, children: list[Any]) -> Any:
        values = [str(t) for t in tok(children)]
        return cls(values[0], values[1] if len(values) > 1 else None, span)

    return build


handler("file_span")(_span1d(ast.FileSpan))
handler("rank_span")(_span1d(ast.RankSpan))
handler("level_span")(_span1d(ast.LevelSpan))


@handler("range_symbol")
def _range_symbol(span: Span | None, children: list[Any]) -> Part:
    return Part("symbol", str(next(tok(children))), span)


@handler("single_range")
def _single_range(span: Span | None, children: list[Any]) -> ast.SingleRange:
    ranks = [c for c in children if isinstance(c, ast.RankSpan)]
    return ast.SingleRange(
        files=first(children, ast.FileSpan),
        ranks=ranks[0] if ranks else None,
        level=first(children, ast.LevelSpan),
        row=ranks[1] if len(ranks) > 1 else None,
        symbol=part(children, "symbol"),
        span=span,
    )


@handler("range_complement")
def _range_complement(span: Span | None, children: list[Any]) -> Part:
    return Part("complement", True, span)


@handler("board_range")
def _board_range(span: Span | None, children: list[Any]) -> ast.BoardRange:
    ranges = tuple(c for c in children if isinstance(c, ast.SingleRange))
    return ast.BoardRange(bool(part(children, "complement")), ranges, span)


# ------------------------------------------------------------------------------------------------
# Heads
# ------------------------------------------------------------------------------------------------


@handler("board_numbers")
def _board_numbers(span: Span | None, children: list[Any]) -> Part:
    return Part("numbers", tuple(str(t) for t in tok(children) if str(t) != ","), span)


def _board_id(kind: str) -> Handler:
    def build(span: Span | None, children: list[Any]) -> ast.BoardId:
        return ast.BoardId(kind, tuple(p.value for p in parts(children, "numbers")), span)

    return build


handler("board_id")(_board_id("3d"))
handler("reflected_board_id")(_board_id("reflected"))
handler("board_id_4d")(_board_id("4d"))


@handler("announcement_condition")
def _announcement_condition(span: Span | None, children: list[Any]) -> ast.AnnouncementCondition:
    return ast.AnnouncementCondition(str(next(tok(children))), span)


@handler("macro")
def _macro(span: Span | None, children: list[Any]) -> Part:
    return Part("macro", True, span)


@handler("drop")
def _drop(span: Span | None, children: list[Any]) -> Part:
    return Part("drop", True, span)


@handler("piece_head")
def _piece_head(span: Span | None, children: list[Any]) -> ast.PieceHead:
    name = next((str(t)[1:-1] for t in tok(children) if t.type.endswith("PIECE_NAME")), None)
    return ast.PieceHead(
        macro=bool(part(children, "macro")),
        prefixes=part(children, "prefixes") or "",
        letter=first(children, ast.PieceLetter),
        board=first(children, ast.BoardId),
        name=name,
        condition=first(children, ast.AnnouncementCondition),
        span=span,
    )


@handler("extra_letters")
def _extra_letters(span: Span | None, children: list[Any]) -> Part:
    return Part("letters", tuple(c for c in children if isinstance(c, ast.PieceLetter)), span)


@handler("promotion_head")
def _promotion_head(span: Span | None, children: list[Any]) -> ast.PromotionHead:
    letters = (first(children, ast.PieceLetter), *(part(children, "letters") or ()))
    return ast.PromotionHead(
        prefixes=part(children, "prefixes") or "",
        letters=letters,
        board=first(children, ast.BoardId),
        condition=first(children, ast.AnnouncementCondition),
        span=span,
    )


@handler("promotion_target")
def _promotion_target(span: Span | None, children: list[Any]) -> ast.PromotionTarget:
    return ast.PromotionTarget(
        bool(part(children, "drop")), part(children, "prefixes") or "", first(children, ast.PieceLetter), span
    )


@handler("move_target")
def _move_target(span: Span | None, children: list[Any]) -> ast.MoveTarget:
    return ast.MoveTarget(first(children, ast.MoveSequence), span)


@handler("promotion_targets")
def _promotion_targets(span: Span | None, children: list[Any]) -> Part:
    return Part("targets", tuple(c for c in children if not isinstance(c, Token)), span)


@handler("promotion_rule")
def _promotion_rule(span: Span | None, children: list[Any]) -> ast.PromotionRule:
    return ast.PromotionRule(first(children, ast.PromotionHead), part(children, "targets"), span)


@handler("piece_definition")
def _piece_definition(span: Span | None, children: list[Any]) -> ast.PieceDefinition:
    moves = tuple(c for c in children if isinstance(c, ast.MoveSequence))
    return ast.PieceDefinition(first(children, ast.PieceHead), moves, span)


@handler("piece_declaration")
def _piece_declaration(span: Span | None, children: list[Any]) -> ast.PieceDeclaration:
    return ast.PieceDeclaration(first(children, ast.PieceHead), span)


@handler("cancellation")
def _cancellation(span: Span | None, children: list[Any]) -> ast.Cancellation:
    item = first(children, (ast.PieceDefinition, ast.PieceDeclaration, ast.PromotionRule))  # type: ignore[arg-type]
    return ast.Cancellation(item, span)


@handler("mbn_item")
def _mbn_item(span: Span | None, children: list[Any]) -> Any:
    return children[0]


# ------------------------------------------------------------------------------------------------
# Move expressions
# ------------------------------------------------------------------------------------------------


@handler("link")
def _link(span: Span | None, children: list[Any]) -> Part:
    return Part("link", str(next(tok(children))), span)


@handler("move_sequence")
def _move_sequence(span: Span | None, children: list[Any]) -> ast.MoveSequence:
    legs = tuple(c for c in children if isinstance(c, ast.Alternatives | ast.OptionalLeg))
    links = tuple(p.value for p in parts(children, "link"))
    return ast.MoveSequence(legs, links, span)


@handler("leg")
def _leg(span: Span | None, children: list[Any]) -> Any:
    return children[0]


@handler("optional_leg")
def _optional_leg(span: Span | None, children: list[Any]) -> ast.OptionalLeg:
    return ast.OptionalLeg(first(children, ast.MoveSequence), span)


@handler("alternatives")
def _alternatives(span: Span | None, children: list[Any]) -> ast.Alternatives:
    return ast.Alternatives(tuple(c for c in children if isinstance(c, ast.PartialMove)), span)


@handler("setup")
def _setup(span: Span | None, children: list[Any]) -> Part:
    return Part("setup", True, span)


@handler("origin")
def _origin(span: Span | None, children: list[Any]) -> Part:
    return Part("origin", children[0], span)


@handler("destination")
def _destination(span: Span | None, children: list[Any]) -> Part:
    return Part("destination", children[0], span)


@handler("attackers")
def _attackers(span: Span | None, children: list[Any]) -> Part:
    return Part("attackers", children[0], span)


@handler("partial_move")
def _partial_move(span: Span | None, children: list[Any]) -> ast.PartialMove:
    return ast.PartialMove(
        units=tuple(c for c in children if isinstance(c, ast.Atom | ast.Group | GenericNode)),
        modifiers=tuple(c for c in children if isinstance(c, ast.Modifier)),
        setup=bool(part(children, "setup")),
        transition=first(children, ast.BoardTransition),
        condition=first(children, ast.MoveCondition),
        origin=part(children, "origin"),
        attackers=part(children, "attackers"),
        destination=part(children, "destination"),
        span=span,
    )


@handler("transition")
def _transition(span: Span | None, children: list[Any]) -> ast.Transition:
    return ast.Transition("".join(str(t) for t in tok(children)), span)


@handler("board_transition")
def _board_transition(span: Span | None, children: list[Any]) -> ast.BoardTransition:
    return ast.BoardTransition(tuple(c for c in children if isinstance(c, ast.Transition)), span)


@handler("square")
def _square(span: Span | None, children: list[Any]) -> ast.Square:
    file, rank = (str(t) for t in tok(children))
    return ast.Square(file, rank, span)


@handler("move_condition")
def _move_condition(span: Span | None, children: list[Any]) -> ast.MoveCondition:
    piece = first(children, ast.PieceSet) or first(children, ast.PieceLetter)
    where = first(children, ast.BoardRange) or first(children, ast.Square)
    return ast.MoveCondition(piece, where, span)


@handler("optional")
def _optional(span: Span | None, children: list[Any]) -> Part:
    return Part("optional", True, span)


@handler("modifier")
def _modifier(span: Span | None, children: list[Any]) -> ast.Modifier:
    return ast.Modifier(
        letter=str(next(tok(children))),
        optional=bool(part(children, "optional")),
        piece_set=first(children, ast.PieceSet),
        board_range=first(children, ast.BoardRange),
        span=span,
    )


@handler("steps")
def _steps(span: Span | None, children: list[Any]) -> ast.Steps:
    return ast.Steps("".join(str(t) for t in tok(children)), span)


@handler("atom")
def _atom(span: Span | None, children: list[Any]) -> ast.Atom:
    tokens = list(tok(children))
    circular = next((str(t) for t in tokens[1:] if base_name(t.type) == "AMALGAM"), None)
    return ast.Atom(str(tokens[0]), circular, first(children, ast.Steps), span)


@handler("group_direction")
def _group_direction(span: Span | None, children: list[Any]) -> Part:
    return Part("direction", str(next(tok(children))), span)


@handler("group")
def _group(span: Span | None, children: list[Any]) -> ast.Group:
    return ast.Group(
        first(children, ast.MoveSequence), part(children, "direction"), first(children, ast.Steps), span
    )
