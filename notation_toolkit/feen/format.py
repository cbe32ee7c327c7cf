"""FEEN AST -> canonical text: ``dumps``, the one name for "AST back to text" in every notation."""

from __future__ import annotations

from notation_toolkit.feen.ast import Hand, Hands, Placement, Position, StyleTurn

__all__ = ["dumps"]


def dumps(node: Position | Placement | Hands | Hand | StyleTurn) -> str:
    """The canonical FEEN text of a position, or of one of its fields (same as ``str(node)``).

    A position built by ``parse`` is canonical already (strict mode refuses non-canonical hands,
    lenient mode canonicalizes them), so ``dumps(parse(text)) == text`` for valid canonical FEEN.

    >>> from notation_toolkit import feen
    >>> dumps(feen.parse("8/8/8/8/8/8/8/8 PpP/p C/c", lenient=True))
    '8/8/8/8/8/8/8/8 2Pp/p C/c'
    """
    return str(node)
