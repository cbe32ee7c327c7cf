"""Move diagrams of a compiled piece: the data (``diagram_data``) and a picture of styled lines
(``diagram_lines``; ``render`` gives it as rich ``Text``).

Like the Betza diagrams variant authors draw: the piece on its square, one mark for the squares it
moves to, another for the squares it captures on, and the squares it would reach on an empty board
but cannot now (blocked), the empty squares it could only capture on,
with the friendly and enemy blockers shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.layout import Line
from notation_toolkit.core.nodeclass import dataclass
from notation_toolkit.variant.pieces.model import WHITE, CompiledPiece, PieceMove

if TYPE_CHECKING:
    from rich.text import Text

QUIET_MARK = "●"
CAPTURE_MARK = "✕"
GUARD_MARK = "○"
BLOCKED_MARK = "·"
FRIEND_MARK = "□"
ENEMY_MARK = "■"


@dataclass(frozen=True, slots=True)
class Diagram:
    """The sets a diagram shows (bitboards) and the move records."""

    piece: CompiledPiece
    square: int
    side: int
    friends: int
    enemies: int
    quiets: int
    captures: int
    guarded: int
    blocked: int
    moves: tuple[PieceMove, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (square names)."""
        g = self.piece.geometry
        return {
            "piece": self.piece.key,
            "definition": self.piece.definition,
            "board": str(g),
            "topology": g.topology,
            "from": g.name(self.square),
            "side": "white" if self.side == WHITE else "black",
            "quiet": g.names(self.quiets),
            "captures": g.names(self.captures),
            "guarded": g.names(self.guarded),
            "blocked": g.names(self.blocked),
            "friends": g.names(self.friends),
            "enemies": g.names(self.enemies),
            "moves": [
                {
                    "to": g.name(mv.target),
                    "capture": None if mv.captured is None else g.name(mv.captured),
                    "path": [g.name(s) for s in mv.path],
                    "en_passant_squares": g.names(mv.ep_squares),
                    "initial": mv.initial,
                }
                for mv in sorted(self.moves, key=lambda mv: (mv.target, mv.path))
            ],
            "complete": self.piece.complete,
        }


class _EveryType(Mapping[str, int]):
    """``by_type`` for a diagram: its enemy blockers stand for pieces of every type, so that a piece
    with a capture set (``c{G}vW0``) is drawn capturing where that set allows it at all."""

    def __init__(self, enemies: int) -> None:
        self.enemies = enemies

    def __getitem__(self, key: str) -> int:
        return self.enemies

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def diagram_data(
    piece: CompiledPiece, square: int, side: int, friends: int = 0, enemies: int = 0, *, initial: bool = False
) -> Diagram:
    """Compute the diagram of ``piece`` on ``square`` for ``side`` with the given blockers (enemy
    blockers count as pieces of every type for capture sets)."""
    friends &= ~(1 << square)
    enemies &= ~(1 << square) & ~friends
    occupied = friends | enemies | (1 << square)
    moves = piece.moves(
        square, side, occupied, friends, enemies, initial=initial, by_type=_EveryType(enemies)
    )
    quiets = 0
    captures = 0
    for mv in moves:
        if mv.captured is None:
            quiets |= 1 << mv.target
        else:
            captures |= 1 << mv.target
    empty_board = piece.moves(square, side, 1 << square, 0, 0, initial=initial, by_type=_EveryType(0))
    free = piece.attacks(square, side, 1 << square)
    for mv in empty_board:
        free |= 1 << mv.target
    # empty squares it attacks without being able to move there (capture-only moves)
    guarded = piece.attacks(square, side, occupied) & ~occupied & ~quiets
    blocked = free & ~quiets & ~captures & ~guarded & ~(1 << square)
    return Diagram(piece, square, side, friends, enemies, quiets, captures, guarded, blocked, tuple(moves))


def diagram_lines(diagram: Diagram) -> list[Line]:
    """The board picture as styled lines (rank ``height`` at the top, files under the board, then
    the legend): shown by ``ntk piece`` through ``core.layout.show``."""
    g = diagram.piece.geometry
    label = diagram.piece.key if len(diagram.piece.key) <= 2 else "●"
    label = label[:1] if diagram.side == WHITE else label[:1].lower()
    # a square shows the mark of the first set that holds it: a capture target is also an enemy
    marks = (
        (diagram.captures, CAPTURE_MARK, "bold red"),
        (diagram.quiets, QUIET_MARK, "bold green4"),
        (diagram.guarded, GUARD_MARK, "red"),
        (diagram.friends, FRIEND_MARK, "blue"),
        (diagram.enemies, ENEMY_MARK, "dark_red"),
        (diagram.blocked, BLOCKED_MARK, "grey30"),
    )
    lines: list[Line] = []
    for r in range(g.height - 1, -1, -1):
        parts: list[tuple[str, str]] = [(f"{r + 1:>2} ", "dim")]
        for f in range(g.width):
            sq = r * g.width + f
            light = (f + r) % 2 == 1
            bg = "on grey82" if light else "on grey62"
            if sq == diagram.square:
                cell, style = label, "bold black"
            else:
                cell, style = next(((m, s) for bits, m, s in marks if bits >> sq & 1), (" ", ""))
            parts.append((f" {cell} ", f"{style} {bg}".strip()))
        lines.append(Line(*parts))
    lines.append(Line("   ", *((f" {'abcdefghijklmnopqrstuvwxyz'[f]} ", "dim") for f in range(g.width))))
    lines.append(
        Line(
            (f"{QUIET_MARK} move  ", "green4"),
            (f"{CAPTURE_MARK} capture  ", "red"),
            (f"{GUARD_MARK} captures only  ", "red"),
            (f"{BLOCKED_MARK} blocked  ", "grey50"),
            (f"{FRIEND_MARK} friend  ", "blue"),
            (f"{ENEMY_MARK} enemy", "dark_red"),
        )
    )
    return lines


def render(diagram: Diagram) -> Text:
    """The board picture as rich ``Text``: :func:`diagram_lines`, one line after the other."""
    from rich.text import Text

    return Text("\n").join(line.to_rich() for line in diagram_lines(diagram))
