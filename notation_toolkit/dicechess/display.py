"""Rendering of Dice Chess: the board, the dice, micro-move tables (for every `ntk dice` command).

The board, the dice and the grouped moves of ``ntk dice play`` are rich ``Text``/``Table``
objects (the game is played on a terminal); the tables of ``perft``, ``moves`` and ``turns`` are
``core.layout`` tables, printed as plain text in a pipe without importing rich.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.layout import Line
from notation_toolkit.core.layout import Table as LayoutTable
from notation_toolkit.dicechess.dice import count
from notation_toolkit.dicechess.moves import MicroMove
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.tables import BLACK, DIE_LETTERS, PIECE_NAMES, PIECE_SYMBOLS, SQUARE_BY_NAME

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text

    from notation_toolkit.dicechess.turns import TurnOutcome

_FACES = "⚀⚁⚂⚃⚄⚅"
_GLYPHS = {
    "K": "♔",
    "Q": "♕",
    "R": "♖",
    "B": "♗",
    "N": "♘",
    "P": "♙",
    "k": "♚",
    "q": "♛",
    "r": "♜",
    "b": "♝",
    "n": "♞",
    "p": "♟",
}


def board_text(
    pos: Position, *, highlight: Iterable[int] = (), flip: bool = False, glyphs: bool = False
) -> Text:
    """The board as rich Text: letters (White upper case) or chess glyphs, last-turn squares marked."""
    from rich.text import Text

    marked = set(highlight)
    out = Text()
    ranks = range(8) if flip else range(7, -1, -1)
    files = range(7, -1, -1) if flip else range(8)
    for rank in ranks:
        out.append(f"{rank + 1} ", style="dim")
        for file in files:
            sq = rank * 8 + file
            piece = pos.piece_at(sq)
            light = (rank + file) % 2 == 1
            bg = "on #b58863" if not light else "on #f0d9b5"
            if sq in marked:
                bg = "on #cdd26a" if light else "on #aaa23a"
            if piece is None:
                out.append("   ", style=bg)
                continue
            ptype, colour = piece
            letter = PIECE_SYMBOLS[ptype] if colour == BLACK else PIECE_SYMBOLS[ptype].upper()
            shown = _GLYPHS[letter] if glyphs else letter
            fg = "bold #000000" if colour == BLACK else "bold #ffffff"
            out.append(f" {shown} ", style=f"{fg} {bg}")
        out.append("\n")
    names = "hgfedcba" if flip else "abcdefgh"
    out.append("   " + "".join(f" {f} " for f in names), style="dim")
    return out


def dice_text(pool: int, *, black: bool) -> Text:
    """The dice of a pool: die faces with their piece letters, e.g. ``⚀ P  ⚁ N  ⚅ K``."""
    from rich.text import Text

    out = Text()
    for t in range(1, 7):
        for _ in range(count(pool, t)):
            letter = DIE_LETTERS[t - 1].lower() if black else DIE_LETTERS[t - 1]
            out.append(f"{_FACES[t - 1]} {letter}  ", style="bold magenta")
    return out if out.plain else Text("(none)", style="dim")


def moves_table(moves: list[MicroMove]) -> Table:
    """Legal micro-moves grouped by the die they spend."""
    from rich.table import Table

    table = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    table.add_column("die")
    table.add_column("micro-moves")
    by_die: dict[str, list[str]] = {}
    for m in moves:
        text = m.uci()
        if m.is_castling:
            text += " (castle)"
        elif m.is_en_passant:
            text += " (e.p.)"
        by_die.setdefault(m.dice, []).append(text)
    for die in sorted(by_die, key=lambda d: DIE_LETTERS.index(d[0])):
        name = "castling (K+R)" if die == "KR" else PIECE_NAMES[DIE_LETTERS.index(die) + 1]
        table.add_row(f"{die} {name}", " ".join(by_die[die]))
    return table


def squares_of(moves: Iterable[str]) -> set[int]:
    """From- and to-squares of UCI micro-moves (to highlight the last turn)."""
    out: set[int] = set()
    for m in moves:
        out.add(SQUARE_BY_NAME[m[:2]])
        out.add(SQUARE_BY_NAME[m[2:4]])
    return out


def divide_table(rows: Sequence[tuple[str, int]], first: str, title: str) -> LayoutTable:
    """A perft divide: node counts by first move (or roll), for ``ntk dice perft --divide``."""
    table = LayoutTable(title)
    table.add_column(first)
    table.add_column("nodes", justify="right")
    for name, n in rows:
        table.add_row(name, f"{n:,}")
    return table


def micro_moves_table(rows: Sequence[dict[str, Any]], pool: str, best: int) -> LayoutTable:
    """The legal micro-moves with their piece, die and notes, for ``ntk dice moves``.

    ``rows`` are the JSON records of ``ntk dice moves --json`` (uci, piece, dice, capture ...).
    The table is at least as wide as its title (rich would otherwise wrap a long title to the
    width of narrow columns: two ragged lines on any terminal).
    """
    table = LayoutTable(
        f"{len(rows)} legal micro-moves, pool {pool}, at most {best} dice usable (R8)", title_on_one_line=True
    )
    for column in ("move", "piece", "die", "note"):
        table.add_column(column)
    for row in rows:
        notes: list[str | tuple[str, str]] = []
        if row["captures_king"]:
            notes.append(("captures the king", "bold red"))
        elif row["capture"]:
            notes.append(f"takes {row['capture']}")
        if row["en_passant"]:
            notes.append("en passant")
        if row["castling"]:
            notes.append("castling (2 dice)")
        if row["promotion"]:
            notes.append(f"promotes to {row['promotion']}")
        joined: list[str | tuple[str, str]] = []
        for index, note in enumerate(notes):
            joined.extend([", ", note] if index else [note])
        table.add_row(row["uci"], row["piece"], row["dice"], Line(*joined))
    return table


def turn_outcomes_table(shown: Sequence[TurnOutcome], total: int) -> LayoutTable:
    """The positions a turn can lead to, with the sequence(s) reaching each, for ``ntk dice turns``."""
    table = LayoutTable(f"resulting positions (first {len(shown)} of {total})")
    table.add_column("#", justify="right")
    table.add_column("sequence(s)")
    table.add_column("DFEN after the turn", overflow="fold")
    for i, o in enumerate(shown, 1):
        first = Line(" ".join(o.sequences[0]) or "(pass)")
        if len(o.sequences) > 1:
            first += Line(" ", (f"(+{len(o.sequences) - 1} more)", "dim"))
        after = Line((o.dfen, "bold red"), " (king captured)") if o.king_captured else Line(o.dfen)
        table.add_row(str(i), first, after)
    return table
