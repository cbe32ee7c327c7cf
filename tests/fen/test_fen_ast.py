"""FEN and DFEN nodes are ``core.ast.Node``\\ s: spans into the text, and ``walk()`` over the tree
(extension nodes included)."""

from __future__ import annotations

from pathlib import Path

from notation_toolkit import dfen, fen
from notation_toolkit.core.ast import GenericNode, Node

ROOT = Path(__file__).resolve().parents[2]
CLOCK = ROOT / "examples" / "dfen" / "clock.lark"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"


def test_walk_visits_every_field_node_with_its_span() -> None:
    position = fen.parse(AFTER_E4)
    nodes = list(position.walk())
    assert [type(n).__name__ for n in nodes] == [
        "FenPosition",
        "Board",
        "Side",
        "CastlingRights",
        "EnPassantSquare",
        "HalfmoveClock",
        "FullmoveNumber",
    ]
    for node in nodes[1:]:
        assert isinstance(node, Node) and node.span is not None
        # Each field node's span covers exactly its field's text, which is its canonical spelling.
        assert AFTER_E4[node.span.offset : node.span.end] == str(node)


def test_walk_reaches_the_extension_nodes() -> None:
    text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PN 300/288"
    position = dfen.parse(text, grammar=CLOCK)
    last = list(position.walk())[-1]
    assert last == GenericNode("clock", ("300", "288"))
    assert last.span is not None and text[last.span.offset : last.span.end] == "300/288"
