"""Canonical text of MBN AST nodes (the inverse of the parser: ``parse(dumps(x)) == x``).

MBN has no optional spacing, so the canonical form is the shortest faithful spelling of the AST:
piece-set flags are written ``!^`` (BNF order, G8), amalgamated directions after the modifier
letters, the 4D board identifier as ``<<n>;<m>>``, everything else as parsed.

``dumps`` is the template name of "AST back to canonical text"; ``format_item`` is its former
name, kept as a deprecated alias (README and older code use it).
"""

from __future__ import annotations

from notation_toolkit.core.errors import LimitError
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.mbn import ast


def format_piece_set(node: ast.PieceSet) -> str:
    """``{!^#QRp}``: flags in BNF order, members as written."""
    flags = ("!" if node.colour_sensitive else "") + ("^" if node.complement else "")
    return "{" + flags + "".join(m.prefixes + m.letter.text for m in node.members) + "}"


def format_board_range(node: ast.BoardRange) -> str:
    """``[^a-c1-2,#]``."""
    return str(node)


def format_modifier(node: ast.Modifier) -> str:
    """``c?{D}``, ``o[b,g]``."""
    out = node.letter + ("?" if node.optional else "")
    if node.piece_set is not None:
        out += format_piece_set(node.piece_set)
    if node.board_range is not None:
        out += format_board_range(node.board_range)
    return out


def format_unit(node: object) -> str:
    """An atom, a group, or an extension's generic node (its children's text)."""
    if isinstance(node, ast.Atom):
        return str(node)
    if isinstance(node, ast.Group):
        return (
            "("
            + format_moves(node.moves)
            + ")"
            + (node.direction or "")
            + (str(node.steps) if node.steps else "")
        )
    if isinstance(node, GenericNode):
        return "".join(format_unit(c) for c in node.children)
    if isinstance(node, ast.Steps):
        return node.text
    return str(node)


def format_partial(node: ast.PartialMove) -> str:
    """One partial move in BNF order."""
    out = "!" if node.setup else ""
    if node.transition is not None:
        out += str(node.transition)
    if node.condition is not None:
        piece = node.condition.piece
        piece_text = format_piece_set(piece) if isinstance(piece, ast.PieceSet) else piece.text
        out += "/" + piece_text + str(node.condition.where) + "/"
    if node.origin is not None:
        out += format_board_range(node.origin)
    if node.attackers is not None:
        out += format_piece_set(node.attackers)
    out += "".join(format_piece_set(p) for p in node.more_attackers)
    out += "".join(format_modifier(m) for m in node.modifiers)
    out += "".join(d.text for d in node.directions)
    out += "".join(format_unit(u) for u in node.units)
    if node.destination is not None:
        out += format_board_range(node.destination)
    return out


def format_leg(node: ast.Alternatives | ast.OptionalLeg) -> str:
    """Alternatives joined by ``+`` or an optional leg in brackets."""
    if isinstance(node, ast.OptionalLeg):
        return "[" + format_moves(node.moves) + "]"
    return "+".join(format_partial(m) for m in node.moves)


def format_moves(node: ast.MoveSequence) -> str:
    """A move sequence: legs joined by their links."""
    out = format_leg(node.legs[0])
    for link, leg in zip(node.links, node.legs[1:], strict=True):
        out += link + format_leg(leg)
    return out


def format_head(node: ast.PieceHead) -> str:
    """``@#K<*>|King|/Cond/``."""
    return str(node)


def format_target(node: ast.PromotionTarget | ast.MoveTarget) -> str:
    """One promotion choice."""
    if isinstance(node, ast.MoveTarget):
        return "(" + format_moves(node.moves) + ")"
    return str(node)


def dumps(node: object) -> str:
    """The canonical text of any MBN item (definition, declaration, promotion rule,
    cancellation) or move sequence.

    Raises ``LimitError`` (NTK002) for an AST nested deeper than Python's recursion allows (only
    reachable when a parse raised ``max_depth`` far above its default of 64).
    """
    try:
        return _dumps(node)
    except RecursionError:
        from notation_toolkit.core.codes import NTK002

        raise NTK002.error(LimitError, "write", what="item") from None


def _dumps(node: object) -> str:
    if isinstance(node, ast.Cancellation):
        return "!" + _dumps(node.item)
    if isinstance(node, ast.PieceDefinition):
        return format_head(node.head) + "".join("=" + format_moves(m) for m in node.moves)
    if isinstance(node, ast.PieceDeclaration):
        return format_head(node.head)
    if isinstance(node, ast.PromotionRule):
        return str(node.head) + "==" + "".join(format_target(t) for t in node.targets)
    if isinstance(node, ast.MoveSequence):
        return format_moves(node)
    raise TypeError(f"not an MBN item: {type(node).__name__}")


format_item = dumps
"""Deprecated alias of ``dumps`` (the name before the one-template redesign)."""
