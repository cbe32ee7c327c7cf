"""Lark tree -> FEEN AST: one handler per rule of ``grammars/feen.lark``.

Built on the core mechanism (``core.transform.NodeTransformer``, a Lark
``Transformer_NonRecursive``): handlers are named after the rules, rules an extension grammar
``%import``\\ s under a namespace (``feen__rank``) reach the same handlers, and rules it adds
become ``GenericNode``\\ s in ``Position.extensions``. Nodes are built with the same builders as
the fast path (``feen.grammar``), so both paths give identical ASTs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lark import Token, v_args

from notation_toolkit.core.ast import GenericNode
from notation_toolkit.core.limits import bounded_int
from notation_toolkit.core.span import Span
from notation_toolkit.core.transform import NodeTransformer, transform_tree
from notation_toolkit.feen.ast import (
    Hand,
    HandItem,
    Hands,
    Placement,
    Position,
    Side,
    Style,
    StyleTurn,
    piece,
    style,
)
from notation_toolkit.feen.codes import FEEN101, FEEN305
from notation_toolkit.feen.grammar import Profile, make_placement, span_at

if TYPE_CHECKING:
    from lark import Tree

    from notation_toolkit.feen.limits import Limits

__all__ = ["FeenTransformer", "transform"]


@dataclass(frozen=True, slots=True)
class _Rank:
    text: str
    offset: int


@v_args(meta=True)
class FeenTransformer(NodeTransformer):
    """Builds the FEEN AST from a Lark tree; one handler per rule of ``feen.lark``.

    Each handler receives the rule's ``meta`` (positions) and its children.
    """

    def __init__(self, text: str, profile: Profile, limits: Limits) -> None:
        super().__init__()
        self._text = text
        self._profile = profile
        self._limits = limits

    def start(self, meta: Any, children: list[Any]) -> Any:
        """``start: feen`` (or a single field when a field rule is the start)."""
        return children[0] if len(children) == 1 else GenericNode("start", tuple(children), None)

    def feen(self, meta: Any, children: list[Any]) -> Position:
        """``feen: placement SP hands SP style_turn`` (extensions may add more)."""
        placement = next(c for c in children if isinstance(c, Placement))
        hands = next(c for c in children if isinstance(c, Hands))
        style_turn = next(c for c in children if isinstance(c, StyleTurn))
        extras = tuple(c for c in children if not isinstance(c, Placement | Hands | StyleTurn | Token))
        return Position(placement, hands, style_turn, Span(0, len(self._text), 1, 1), extras)

    def placement(self, meta: Any, children: list[Any]) -> Placement:
        """``placement: rank (SEPARATOR rank)*``."""
        ranks = [c for c in children if isinstance(c, _Rank)]
        seps = tuple(len(c) for c in children if isinstance(c, Token))
        start = ranks[0].offset
        end = ranks[-1].offset + len(ranks[-1].text)
        field = self._text[start:end]
        return make_placement(self._text, [r.text for r in ranks], seps, start, field, self._limits)

    def rank(self, meta: Any, children: list[Any]) -> _Rank:
        """``rank: (COUNT | EPIN COUNT?) (EPIN COUNT?)*``: the rank's text and where it starts."""
        return _Rank("".join(str(c) for c in children), meta.start_pos)

    def hands(self, meta: Any, children: list[Any]) -> Hands:
        """``hands: hand SLASH hand``; empty hands get zero-length spans around the slash."""
        slash = next(c for c in children if isinstance(c, Token))
        first, second = (c for c in children if isinstance(c, tuple))
        start = meta.start_pos
        end = meta.end_pos
        s = slash.start_pos
        assert s is not None
        return Hands(
            self._hand(Side.FIRST, first, start, s - start),
            self._hand(Side.SECOND, second, s + 1, end - s - 1),
            span_at(start, end - start),
        )

    def _hand(self, side: Side, items: tuple[HandItem, ...], offset: int, length: int) -> Hand:
        return Hand(side, "".join(map(str, items)), sum(i.count for i in items), span_at(offset, length), [])

    def hand(self, meta: Any, children: list[Any]) -> tuple[HandItem, ...]:
        """``hand: hand_item*``."""
        return tuple(children)

    def hand_item(self, meta: Any, children: list[Any]) -> HandItem:
        """``hand_item: HAND_COUNT? EPIN``."""
        token = children[-1]
        count = 1
        if len(children) == 2:
            digits = str(children[0])
            count = bounded_int(
                digits,
                max_digits=self._limits.max_count_digits,
                code=FEEN305,
                span=span_at(meta.start_pos, len(digits)),
                text=self._text,
                field="hands",
                what="count",
            )
        return HandItem(piece(str(token)), count, span_at(meta.start_pos, meta.end_pos - meta.start_pos))

    def style_turn(self, meta: Any, children: list[Any]) -> StyleTurn:
        """``style_turn: sin SLASH sin``."""
        active, inactive = (c for c in children if isinstance(c, Style))
        return StyleTurn(active, inactive, span_at(meta.start_pos, meta.end_pos - meta.start_pos))

    def sin(self, meta: Any, children: list[Any]) -> Style:
        """``sin: STYLE_LETTER`` (``feen``) or ``sin: SNN`` (``feen-legacy``)."""
        return style(str(children[0]))


def transform(tree: Tree[Any], text: str, profile: Profile, limits: Limits) -> Any:
    """The AST of a Lark tree of ``text`` (a ``Position`` for the whole-string rule)."""
    return transform_tree(
        FeenTransformer(text, profile, limits), tree, text=text, code=FEEN101.code, what="the FEEN builder"
    )
