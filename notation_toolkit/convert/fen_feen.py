"""FEN and DFEN <-> FEEN (chess style), and what each conversion loses.

FEEN (Field Expression Encoding Notation, specs 002) has three fields: placement, pieces in hand,
and style-turn. For a chess position the board letters are written as they are, the kings with
FEEN's terminal marker ``^`` (002: "Chess: Kings are terminal"), empty hands ``/`` and the styles
``C/c`` (White to move) or ``c/C`` (Black to move).

Castling rights and the en-passant square are **not** mapped onto FEEN's ``+``/``-`` state
modifiers: 002 itself is inconsistent (its comment says "Rooks with '+' indicate castling is
available" while its example writes ``-r``; 004 writes ``+rnbq+k^bn+r``), and the project's FEEN
profile says the meaning of ``+``/``-`` is a convention of the game, not of FEEN. So FEN -> FEEN
loses castling, en passant and both clocks; FEEN -> FEN drops state modifiers, derivation marks and
terminal markers (in FEN the kings are terminal, whatever the FEEN text marked) and writes
``- - 0 1`` for the fields FEEN does not have.

FEEN is read with the FEEN parser (``notation_toolkit.feen.parse``): text that is not FEEN gives
FEN190 followed by the FEEN parser's own diagnostics; FEEN that FEN cannot hold (another board
size, other pieces, pieces in hand, other styles) gives FEN191.
"""

from __future__ import annotations

from notation_toolkit import dfen, feen, fen
from notation_toolkit.core.errors import NotationError, ParseError, ValidationError
from notation_toolkit.core.span import Span
from notation_toolkit.dfen.ast import DfenPosition, DicePool, EnPassantTargets
from notation_toolkit.fen.ast import (
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    Side,
)
from notation_toolkit.fen.codes import NOT_CHESS, NOT_FEEN

LOSES_FEN_TO_FEEN = (
    "castling rights, the en-passant square and both clocks (FEEN keeps placement and side to move; "
    "kings are written terminal, K^)"
)
LOSES_FEEN_TO_FEN = (
    "FEEN state modifiers (+/-), derivation marks (') and terminal markers (^; in FEN the kings are "
    "terminal); castling becomes '-', en passant '-', "
    "clocks 0 1; only chess-style FEEN (8x8, PNBRQK, styles C/c, empty hands) converts"
)
LOSES_DFEN_TO_FEEN = "castling rights, en-passant targets, both clocks and the dice pool"
LOSES_FEEN_TO_DFEN = (
    "FEEN state modifiers (+/-), derivation marks (') and terminal markers (^; in DFEN the kings are "
    "terminal); castling '-', en passant '-', clocks 0 1, "
    "dice '-'; only chess-style FEEN (8x8, PNBRQK, styles C/c, empty hands) converts"
)

_CHESS_LETTERS = frozenset("PNBRQKpnbrqk")


def placement_to_feen(placement: str) -> str:
    """FEN field 1 as a FEEN placement: the same text with kings marked terminal (``K^``)."""
    return placement.replace("K", "K^").replace("k", "k^")


def board_side_to_feen(board: Board, turn: str) -> str:
    """A FEEN string for a chess board and side to move (hands empty, styles C/c)."""
    return f"{placement_to_feen(board.placement)} / {'C/c' if turn == 'w' else 'c/C'}"


def fen_to_feen(text: str) -> str:
    """Convert FEN text to chess-style FEEN (see the module docstring for what is lost)."""
    pos = fen.parse(text)
    return board_side_to_feen(pos.board, pos.turn)


def dfen_to_feen(text: str) -> str:
    """Convert DFEN text to chess-style FEEN (placement and side to move only)."""
    pos = dfen.parse(text)
    return board_side_to_feen(pos.board, pos.turn)


def read_chess_feen(text: str) -> tuple[Board, Side]:
    """Read a chess-style FEEN (8x8 board, PNBRQK letters, empty hands, styles C/c).

    The text is read by the FEEN parser. Text that is not FEEN raises the FEEN parser's error
    class with FEN190 first and the FEEN diagnostics after it; FEEN that FEN cannot hold raises
    ``ValidationError`` (FEN191).
    """
    try:
        position = feen.parse(text, lenient=True)
    except NotationError as exc:
        raise _not_feen(text, exc) from None
    placement = position.placement
    for square in placement.pieces():
        assert square.piece is not None  # pieces() yields occupied squares only
        if square.piece.letter not in _CHESS_LETTERS:
            raise _not_chess(text, placement.span, "piece", letter=square.piece.letter)
    if placement.dimensions != 2 or placement.shape != (8, 8):
        raise _not_chess(text, placement.span, "board")
    hands = position.hands
    if hands.piece_count:
        raise _not_chess(text, hands.span, "hands")
    styles = str(position.style_turn)
    if styles not in ("C/c", "c/C"):
        raise _not_chess(text, position.style_turn.span, "styles", styles=styles)
    ranks = placement.ranks()  # rank 8 first, as written
    squares = [p.letter if p is not None else None for rank in reversed(ranks) for p in rank]
    return Board.from_squares(squares), Side("w" if styles == "C/c" else "b")


def _not_feen(text: str, exc: NotationError) -> NotationError:
    first = exc.diagnostics[0] if exc.diagnostics else None
    if first is not None:
        lead = NOT_FEEN.diagnostic(span=first.span, reason=first.message)
    else:
        lead = NOT_FEEN.diagnostic("unreadable")
    cls = type(exc) if isinstance(exc, ParseError | ValidationError) else ParseError
    return cls([lead, *exc.diagnostics], text)


def _not_chess(text: str, span: Span | None, why: str, /, **params: object) -> ValidationError:
    # FEN191, worded by its template ``why`` (fen/codes.py).
    where = span if span is not None else Span.from_offsets(text, 0, len(text))
    return ValidationError([NOT_CHESS.diagnostic_from(why, params, span=where)], text)


def feen_to_fen(text: str) -> str:
    """Convert chess-style FEEN text to FEN (castling '-', en passant '-', clocks ``0 1``)."""
    board, side = read_chess_feen(text)
    return fen.dumps(
        FenPosition(
            board,
            side,
            CastlingRights(frozenset()),
            EnPassantSquare(None),
            HalfmoveClock(0),
            FullmoveNumber(1),
        )
    )


def feen_to_dfen(text: str) -> str:
    """Convert chess-style FEEN to DFEN (castling '-', en passant '-', clocks 0 1, dice '-')."""
    board, side = read_chess_feen(text)
    return dfen.dumps(
        DfenPosition(
            board,
            side,
            CastlingRights(frozenset()),
            EnPassantTargets(frozenset()),
            HalfmoveClock(0),
            FullmoveNumber(1),
            DicePool(None),
        )
    )
