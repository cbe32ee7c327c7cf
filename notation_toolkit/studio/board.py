"""The studio's board: a variant position drawn by ``notation_toolkit.svg``, with clickable squares.

The picture is ``svg.render`` of the position's FEEN diagram with ``square_data`` (every square
and hand piece named for the page's click handler) and a piece set chosen by the variant's
letters: chess glyphs when every piece is a chess piece, pentagon pieces (pointing at the
opponent, as shogi pieces do) for variants with drops, discs with the letter otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING

from notation_toolkit.svg.model import Band, Cell

if TYPE_CHECKING:
    from notation_toolkit.variant import Position
    from notation_toolkit.variant.tables import VariantLike

__all__ = ["COLORS", "GLYPHS", "board_svg", "piece_style"]

_CHESS_LETTERS = frozenset("KQRBNP")
# The filled (black) chess symbols; both sides use them, filled with the side's colour, so that
# White's pieces have solid bodies as on lichess's boards instead of outline glyphs.
_GLYPHS = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "N": "\u265e", "P": "\u265f"}
_FONT = "DejaVu Sans, Noto Sans Symbols2, Segoe UI Symbol, sans-serif"

#: Board and marker colours (lichess's brown board).
COLORS: dict[str, str] = {
    "square light": "#f0d9b5",
    "square dark": "#b58863",
    # drawn on the page's dark panel: no background of its own, light labels
    "background": "none",
    "margin": "none",
    "coord": "#bfb6a8",
    "label": "#e8e6e3",
    "to move": "#629924",
    "hand count": "#b3261e",
}
LAST_MOVE = "#cdd26a"
CHECK = "#e0413a"

# The core's "-" marks an unmoved piece that still has its initial moves (a game-state detail of
# the core's FEEN, docs/variants.md): not something a player wants drawn on every pawn.
_UNMOVED = re.compile(r"-(?=[A-Za-z])")


def piece_style(variant: VariantLike) -> str:
    """``"chess"``, ``"shogi"`` or ``"disc"``: how the variant's pieces are drawn."""
    letters = {key.lstrip("+-#*$%&").upper()[:1] for key in variant.pieces}
    if letters <= _CHESS_LETTERS:
        return "chess"
    if variant.rules.holding:
        return "shogi"
    return "disc"


def _chess(cell: Cell) -> str:
    glyph = _GLYPHS[cell.letter.upper()]
    fill, stroke = ("#ffffff", "#1a1a1a") if cell.first else ("#1a1a1a", "#1a1a1a")
    # The glyph is drawn twice: a wide stroke underneath gives White's pieces a dark outline and
    # Black's a thin light halo that keeps them readable on dark squares.
    halo = "#1a1a1a" if cell.first else "#f5f0e6"
    return (
        f'<text x="22.5" y="24" text-anchor="middle" dominant-baseline="central" font-size="40" '
        f'font-family="{_FONT}" fill="{fill}" stroke="{halo}" stroke-width="2.6" '
        f'stroke-linejoin="round">{glyph}</text>'
        f'<text x="22.5" y="24" text-anchor="middle" dominant-baseline="central" font-size="40" '
        f'font-family="{_FONT}" fill="{fill}" stroke="{stroke}" stroke-width="0.4">{glyph}</text>'
    )


def _shogi(cell: Cell) -> str:
    # A pentagon pointing at the opponent: up for the first side, down for the second.
    points = "22.5,4 35,9 39,41 6,41 10,9"
    turn = "" if cell.first else ' transform="rotate(180 22.5 22.5)"'
    colour = "#b3261e" if cell.state == "+" else "#1a1a1a"
    return (
        f'<g{turn}><polygon points="{points}" fill="#f3d9a4" stroke="#5a4220" stroke-width="1.6" '
        f'stroke-linejoin="round"/>'
        f'<text x="22.5" y="26" text-anchor="middle" dominant-baseline="central" font-size="19" '
        f'font-weight="bold" font-family="DejaVu Sans, sans-serif" fill="{colour}">'
        f"{escape(cell.letter.upper())}</text></g>"
    )


def _disc(cell: Cell) -> str:
    fill, ink, rim = ("#fbfbf8", "#1a1a1a", "#1a1a1a") if cell.first else ("#2b2b2b", "#f7f7f7", "#000000")
    ring = '<circle cx="22.5" cy="22.5" r="19.5" fill="none" stroke="#c99a06" stroke-width="2.4"/>'
    return (
        (ring if cell.terminal else "")
        + f'<circle cx="22.5" cy="22.5" r="17" fill="{fill}" stroke="{rim}" stroke-width="1.6"/>'
        f'<text x="22.5" y="23" text-anchor="middle" dominant-baseline="central" font-size="21" '
        f'font-weight="bold" font-family="DejaVu Sans, sans-serif" fill="{ink}">'
        f"{escape(cell.letter.upper())}</text>"
    )


#: The piece sets by style (``piece_style``): functions ``Cell -> SVG fragment`` for ``svg``'s ``pieces=``.
GLYPHS: Mapping[str, Callable[[Cell], str]] = {"chess": _chess, "shogi": _shogi, "disc": _disc}


def board_svg(
    pos: Position,
    *,
    flipped: bool = False,
    last: tuple[str, ...] = (),
    style: str | None = None,
) -> str:
    """The SVG of ``pos``: squares named (``data-square``), hands clickable (``data-hand``), the
    last move's squares and a royal piece in check highlighted."""
    from notation_toolkit import feen
    from notation_toolkit.svg import diagram
    from notation_toolkit.svg.render import render

    fields = pos.feen().split(" ")
    fields[0] = _UNMOVED.sub("", fields[0])
    parsed = feen.parse(" ".join(fields[:3]))
    picture = diagram(parsed)
    first_to_move = pos.turn == 0
    picture = replace(
        picture,
        first=Band("White", first_to_move, picture.first.hand),
        second=Band("Black", not first_to_move, picture.second.hand),
        caption="",
    )
    squares: dict[object, str] = {name: LAST_MOVE for name in last}
    if pos.is_check():
        for name in _royals_of(pos, pos.turn):
            squares[name] = CHECK
    glyphs = GLYPHS[style or piece_style(pos.variant)]
    return render(
        picture,
        flipped=flipped,
        colors=COLORS,
        squares=squares,
        pieces=glyphs,
        square_data=True,
    )


def _royals_of(pos: Position, side: int) -> list[str]:
    g = pos.core.geometry
    out = []
    for sq in range(g.width * g.height):
        code = pos.board[sq]
        if code >= 0 and code & 1 == side and code >> 1 in pos.core.royal_types:
            out.append(g.name(sq))
    return out
