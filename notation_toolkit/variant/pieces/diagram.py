"""Move diagrams of a compiled piece: the data (``diagram_data``) and a rich picture (``render``).

Like the Betza diagrams variant authors draw: the piece on its square, one mark for the squares it
moves to, another for the squares it captures on, and the squares it would reach on an empty board
but cannot now (blocked), the empty squares it could only capture on,
with the friendly and enemy blockers shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from notation_toolkit.variant.pieces.model import WHITE, CompiledPiece, PieceMove

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

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


def diagram_data(
    piece: CompiledPiece, square: int, side: int, friends: int = 0, enemies: int = 0, *, initial: bool = False
) -> Diagram:
    """Compute the diagram of ``piece`` on ``square`` for ``side`` with the given blockers."""
    friends &= ~(1 << square)
    enemies &= ~(1 << square) & ~friends
    occupied = friends | enemies | (1 << square)
    moves = piece.moves(square, side, occupied, friends, enemies, initial=initial)
    quiets = 0
    captures = 0
    for mv in moves:
        if mv.captured is None:
            quiets |= 1 << mv.target
        else:
            captures |= 1 << mv.target
    empty_board = piece.moves(square, side, 1 << square, 0, 0, initial=initial)
    free = piece.attacks(square, side, 1 << square)
    for mv in empty_board:
        free |= 1 << mv.target
    # empty squares it attacks without being able to move there (capture-only moves)
    guarded = piece.attacks(square, side, occupied) & ~occupied & ~quiets
    blocked = free & ~quiets & ~captures & ~guarded & ~(1 << square)
    return Diagram(piece, square, side, friends, enemies, quiets, captures, guarded, blocked, tuple(moves))


def render(diagram: Diagram) -> Text:
    """The board picture as rich ``Text`` (rank ``height`` at the top, files under the board)."""
    g = diagram.piece.geometry
    out = Text()
    label = diagram.piece.key if len(diagram.piece.key) <= 2 else "●"
    label = label[:1] if diagram.side == WHITE else label[:1].lower()
    for r in range(g.height - 1, -1, -1):
        out.append(f"{r + 1:>2} ", style="dim")
        for f in range(g.width):
            sq = r * g.width + f
            bit = 1 << sq
            light = (f + r) % 2 == 1
            bg = "on grey82" if light else "on grey62"
            if sq == diagram.square:
                cell, style = label, "bold black"
            elif bit & diagram.captures:
                cell, style = CAPTURE_MARK, "bold red"
            elif bit & diagram.quiets:
                cell, style = QUIET_MARK, "bold green4"
            elif bit & diagram.guarded:
                cell, style = GUARD_MARK, "red"
            elif bit & diagram.friends:
                cell, style = FRIEND_MARK, "blue"
            elif bit & diagram.enemies:
                cell, style = ENEMY_MARK, "dark_red"
            elif bit & diagram.blocked:
                cell, style = BLOCKED_MARK, "grey30"
            else:
                cell, style = " ", ""
            out.append(f" {cell} ", style=f"{style} {bg}".strip())
        out.append("\n")
    out.append("   ")
    for f in range(g.width):
        out.append(f" {'abcdefghijklmnopqrstuvwxyz'[f]} ", style="dim")
    out.append("\n")
    out.append(f"{QUIET_MARK} move  ", style="green4")
    out.append(f"{CAPTURE_MARK} capture  ", style="red")
    out.append(f"{GUARD_MARK} captures only  ", style="red")
    out.append(f"{BLOCKED_MARK} blocked  ", style="grey50")
    out.append(f"{FRIEND_MARK} friend  ", style="blue")
    out.append(f"{ENEMY_MARK} enemy", style="dark_red")
    return out
