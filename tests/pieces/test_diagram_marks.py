"""The text diagram of ``ntk piece``: which mark each square shows, from the rules of chess."""

from __future__ import annotations

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces import WHITE, compile_piece
from notation_toolkit.variant.pieces.diagram import (
    BLOCKED_MARK,
    CAPTURE_MARK,
    ENEMY_MARK,
    FRIEND_MARK,
    GUARD_MARK,
    QUIET_MARK,
    diagram_data,
    diagram_lines,
)

G = Geometry(8, 8)


def bits(*names: str) -> int:
    return sum(1 << G.parse_square(n) for n in names)


def marks(definition: str, square: str, friends: int = 0, enemies: int = 0) -> dict[str, str]:
    """The mark on every square of the picture, by square name (board rows only, blanks left out)."""
    piece = compile_piece(definition, G)
    lines = diagram_lines(diagram_data(piece, G.parse_square(square), WHITE, friends, enemies))
    out: dict[str, str] = {}
    for row, line in zip(range(8, 0, -1), lines[:8], strict=True):
        cells = [text.strip() for text, _style in line.segments[1:]]
        for file, cell in zip("abcdefgh", cells, strict=True):
            if cell:
                out[f"{file}{row}"] = cell
    return out


def test_rook_moves_captures_and_is_blocked() -> None:
    # a rook on d4, a friend on d6, enemies on f4 (in reach) and h8 (out of reach)
    shown = marks("R", "d4", friends=bits("d6"), enemies=bits("f4", "h8"))
    assert shown.pop("d4") == "R"
    quiet = {"d5", "e4", "d3", "d2", "d1", "c4", "b4", "a4"}
    assert {sq for sq, m in shown.items() if m == QUIET_MARK} == quiet
    # the enemy it can take shows the capture, not the enemy mark
    assert shown["f4"] == CAPTURE_MARK and shown["h8"] == ENEMY_MARK
    assert shown["d6"] == FRIEND_MARK
    # behind the friend and behind the enemy: reachable on an empty board, not here
    assert {sq for sq, m in shown.items() if m == BLOCKED_MARK} == {"d7", "d8", "g4", "h4"}
    assert len(shown) == len(quiet) + 7


def test_pawn_guards_the_diagonals_it_cannot_move_to() -> None:
    shown = marks("P", "e4", enemies=bits("d5"))
    assert shown["e5"] == QUIET_MARK and shown["d5"] == CAPTURE_MARK and shown["f5"] == GUARD_MARK
