"""FEN <-> FEEN (chess style) and FEN <-> ``chess.Board`` conversions, and what each loses.

FEEN (Field Expression Encoding Notation, specs 002) has three fields: placement, pieces in hand,
and style-turn. For a chess position this module writes the board letters as they are, the kings
with FEEN's terminal marker ``^`` (002: "Chess: Kings are terminal"), empty hands ``/`` and the
styles ``C/c`` (White to move) or ``c/C`` (Black to move).

Castling rights and the en-passant square are **not** mapped onto FEEN's ``+``/``-`` state
modifiers: 002 itself is inconsistent (its comment says "Rooks with '+' indicate castling is
available" while its example writes ``-r``; 004 writes ``+rnbq+k^bn+r``), and the project's FEEN
profile says the meaning of ``+``/``-`` is a convention of the game, not of FEEN. So FEN -> FEEN
loses castling, en passant and both clocks; FEEN -> FEN drops state modifiers and derivation marks
and writes ``- - 0 1`` for the fields FEEN does not have. The text is produced and read here (a
small chess-only reader), so this module does not depend on the FEEN package.

python-chess is optional: ``to_chess_board`` / ``from_chess_board`` import it lazily and raise an
``ImportError`` that says how to install it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import ParseError, ValidationError
from notation_toolkit.core.span import Span
from notation_toolkit.fen.ast import (
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    Side,
    expand_placement,
)

if TYPE_CHECKING:
    import chess

LOSES_FEN_TO_FEEN = (
    "castling rights, the en-passant square and both clocks (FEEN keeps placement and side to move; "
    "kings are written terminal, K^)"
)
LOSES_FEEN_TO_FEN = (
    "FEEN state modifiers (+/-) and derivation marks ('); castling becomes '-', en passant '-', "
    "clocks 0 1; only chess-style FEEN (8x8, PNBRQK, styles C/c, empty hands) converts"
)

_FEEN_TOKEN = re.compile(r"([-+]?)([A-Za-z])(\^?)('?)|([1-9][0-9]*)")
_CHESS_LETTERS = frozenset("PNBRQKpnbrqk")


def placement_to_feen(placement: str) -> str:
    """FEN field 1 as a FEEN placement: the same text with kings marked terminal (``K^``)."""
    return placement.replace("K", "K^").replace("k", "k^")


def board_side_to_feen(board: Board, turn: str) -> str:
    """A FEEN string for a chess board and side to move (hands empty, styles C/c)."""
    return f"{placement_to_feen(board.placement)} / {'C/c' if turn == 'w' else 'c/C'}"


def fen_to_feen(text: str) -> str:
    """Convert FEN text to chess-style FEEN (see the module docstring for what is lost)."""
    from notation_toolkit import fen

    pos = fen.parse(text)
    return board_side_to_feen(pos.board, pos.turn)


def read_chess_feen(text: str) -> tuple[Board, Side]:
    """Read a chess-style FEEN (8x8 board, PNBRQK letters, empty hands, styles C/c).

    Raises ``ParseError`` (FEN190) for text that is not FEEN of that shape and ``ValidationError``
    (FEN191) for FEEN that FEN cannot hold.
    """
    fields = text.split(" ")
    if len(fields) != 3 or not all(fields):
        raise ParseError.single(
            "FEN190",
            "FEEN has 3 fields separated by one space (placement, hands, style-turn); "
            f"this text has {len(fields)}",
            span=Span.from_offsets(text, 0, len(text)),
            text=text,
            hint="example: rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c",
        )
    placement, hands, styles = fields
    hands_at = len(placement) + 1
    styles_at = hands_at + len(hands) + 1
    rows: list[str] = []
    row_at = 0
    for row in placement.split("/"):
        if not row:
            raise _not_chess(
                text, 0, len(placement), "the placement has an empty rank (or '//': FEN boards are 2D)"
            )
        plain = ""
        pos = 0
        while pos < len(row):
            m = _FEEN_TOKEN.match(row, pos)
            if m is None:
                at = row_at + pos
                raise ParseError.single(
                    "FEN190",
                    f"'{row[pos]}' is not a FEEN piece or empty-square count",
                    span=Span.from_offsets(text, at, at + 1),
                    text=text,
                    hint="FEEN pieces are a letter with optional +/- before and ^ or ' after",
                )
            if m.group(5):
                count = m.group(5)
                if len(count) > 1:
                    raise _not_chess(
                        text, 0, len(placement), f"a run of {count} empty squares does not fit an 8x8 board"
                    )
                plain += count
            else:
                letter = m.group(2)
                if letter not in _CHESS_LETTERS:
                    raise _not_chess(text, 0, len(placement), f"'{letter}' is not a chess piece (PNBRQK)")
                plain += letter
            pos = m.end()
        rows.append(plain)
        row_at += len(row) + 1
    fen_placement = "/".join(rows)
    try:
        expand_placement(fen_placement)
    except ValueError:
        raise _not_chess(text, 0, len(placement), "the board is not 8 ranks of 8 squares") from None
    if hands != "/":
        raise _not_chess(
            text, hands_at, len(hands), "FEN has no pieces in hand; the hands must be empty ('/')"
        )
    if styles not in ("C/c", "c/C"):
        raise _not_chess(
            text, styles_at, len(styles), f"the styles '{styles}' are not chess ('C/c' or 'c/C')"
        )
    return Board(fen_placement), Side("w" if styles == "C/c" else "b")


def _not_chess(text: str, start: int, length: int, why: str) -> ValidationError:
    return ValidationError(
        [
            Diagnostic(
                "FEN191",
                f"this FEEN cannot be converted to FEN: {why}",
                Span.from_offsets(text, start, start + length),
                Severity.ERROR,
                "only chess-style FEEN converts: 8x8 board, PNBRQK, empty hands, styles C/c",
            )
        ],
        text,
    )


def feen_to_fen(text: str) -> str:
    """Convert chess-style FEEN text to FEN (castling '-', en passant '-', clocks ``0 1``)."""
    board, side = read_chess_feen(text)
    return str(
        FenPosition(
            board,
            side,
            CastlingRights(frozenset()),
            EnPassantSquare(None),
            HalfmoveClock(0),
            FullmoveNumber(1),
        )
    )


# ---------------------------------------------------------------------------------- python-chess


def _chess() -> Any:
    try:
        import chess
    except ImportError:
        raise ImportError(
            "python-chess is not installed; it is needed only for chess.Board conversions: "
            "pip install 'notation-toolkit[chess]' (or pip install chess)"
        ) from None
    return chess


def to_chess_board(position: FenPosition | str) -> chess.Board:
    """A ``chess.Board`` for a FEN position (or FEN text). Needs python-chess."""
    from notation_toolkit import fen

    chess_module = _chess()
    pos = fen.parse(position) if isinstance(position, str) else position
    board: chess.Board = chess_module.Board(fen.dumps(pos))
    return board


def from_chess_board(board: chess.Board) -> FenPosition:
    """The FEN position of a ``chess.Board`` (its en-passant square kept as set, legal or not)."""
    from notation_toolkit import fen

    return fen.parse(board.fen(en_passant="fen"))


def register() -> None:
    """Register the FEN conversions with the notation registry (for ``ntk convert``)."""
    from notation_toolkit.core.registry import register_conversion

    register_conversion("fen", "feen", fen_to_feen, LOSES_FEN_TO_FEEN)
    register_conversion("feen", "fen", feen_to_fen, LOSES_FEEN_TO_FEN)
    from notation_toolkit.dfen import convert as dfen_convert

    dfen_convert.register_fen_pair()
