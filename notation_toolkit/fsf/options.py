"""The options of Fairy-Stockfish's ``variants.ini``, their values and how the import treats them.

Option names are those Fairy-Stockfish's variant parser reads (src/parser.cpp); values are read
as Fairy-Stockfish reads them (booleans ``true``/``false``, 1-based ranks, files as letters or
numbers, regions such as ``*2 a1 d*``). Each reader raises ``ValueError`` with the user's words.
"""

from __future__ import annotations

import re
from typing import Final

from notation_toolkit.fsf.builtins import CUSTOM_PIECES, PIECE_TYPES

MAX_BOARD = 26
MAX_NUMBER_DIGITS = 6

OPTIONS: Final[frozenset[str]] = frozenset(
    [
        "adjudicateFullBoard",
        "bikjangRule",
        "blackDropRegion",
        "blackFlag",
        "blastImmuneTypes",
        "blastOnCapture",
        "cambodianMoves",
        "capturesToHand",
        "castling",
        "castlingDroppedPiece",
        "castlingKingFile",
        "castlingKingPiece",
        "castlingKingPieceBlack",
        "castlingKingPieceWhite",
        "castlingKingsideFile",
        "castlingQueensideFile",
        "castlingRank",
        "castlingRookKingsideFile",
        "castlingRookPiece",
        "castlingRookPieces",
        "castlingRookPiecesBlack",
        "castlingRookPiecesWhite",
        "castlingRookQueensideFile",
        "castlingWins",
        "chasingRule",
        "checkCounting",
        "checking",
        "checkmateValue",
        "chess960",
        "collinearN",
        "connectDiagonal",
        "connectHorizontal",
        "connectN",
        "connectNxN",
        "connectPieceTypes",
        "connectRegion1Black",
        "connectRegion1White",
        "connectRegion2Black",
        "connectRegion2White",
        "connectValue",
        "connectVertical",
        "countingRule",
        "diagonalLines",
        "doubleStep",
        "doubleStepRank",
        "doubleStepRankMin",
        "doubleStepRegionBlack",
        "doubleStepRegionWhite",
        "dropChecks",
        "dropLoop",
        "dropNoDoubled",
        "dropNoDoubledCount",
        "dropOnTop",
        "dropOppositeColoredBishop",
        "dropPromoted",
        "dropRegionBlack",
        "dropRegionWhite",
        "dupleCheck",
        "enPassantRegion",
        "enPassantRegionBlack",
        "enPassantRegionWhite",
        "enPassantTypes",
        "enPassantTypesBlack",
        "enPassantTypesWhite",
        "enclosingDrop",
        "enclosingDropStart",
        "extinctionClaim",
        "extinctionOpponentPieceCount",
        "extinctionPieceCount",
        "extinctionPieceTypes",
        "extinctionPseudoRoyal",
        "extinctionValue",
        "firstRankPawnDrops",
        "flagMove",
        "flagPiece",
        "flagPieceBlack",
        "flagPieceBlockedWin",
        "flagPieceCount",
        "flagPieceSafe",
        "flagPieceWhite",
        "flagRegion",
        "flagRegionBlack",
        "flagRegionWhite",
        "flipEnclosedPieces",
        "flyingGeneral",
        "gating",
        "immobilityIllegal",
        "makpongRule",
        "mandatoryPawnPromotion",
        "mandatoryPiecePromotion",
        "materialCounting",
        "maxFile",
        "maxRank",
        "moveRepetitionIllegal",
        "mustCapture",
        "mustDrop",
        "mustDropType",
        "mutuallyImmuneTypes",
        "nFoldRule",
        "nFoldValue",
        "nFoldValueAbsolute",
        "nMoveRule",
        "nMoveRuleTypes",
        "nMoveRuleTypesBlack",
        "nMoveRuleTypesWhite",
        "oppositeCastling",
        "pass",
        "passBlack",
        "passOnStalemate",
        "passOnStalemateBlack",
        "passOnStalemateWhite",
        "passWhite",
        "pawnTypes",
        "perpetualCheckIllegal",
        "petrifyBlastPieces",
        "petrifyOnCaptureTypes",
        "pieceDemotion",
        "pieceDrops",
        "piecePromotionOnCapture",
        "pieceToCharTable",
        "pocketSize",
        "promotionPawnTypes",
        "promotionPawnTypesBlack",
        "promotionPawnTypesWhite",
        "promotionPieceTypes",
        "promotionPieceTypesBlack",
        "promotionPieceTypesWhite",
        "promotionRank",
        "promotionRegionBlack",
        "promotionRegionWhite",
        "promotionZonePawnDrops",
        "seirawanGating",
        "shatarMateRule",
        "shogiPawnDropMateIllegal",
        "sittuyinPromotion",
        "sittuyinRookDrop",
        "soldierPromotionRank",
        "stalematePieceCount",
        "stalemateValue",
        "startFen",
        "tripleStepRegionBlack",
        "tripleStepRegionWhite",
        "twoBoards",
        "variantTemplate",
        "wallOrMove",
        "wallingRegion",
        "wallingRegionBlack",
        "wallingRegionWhite",
        "wallingRule",
        "whiteDropRegion",
        "whiteFlag",
        "promotedPieceType",
        "promotionLimit",
        "pieceValueMg",
        "pieceValueEg",
    ]
)
"""Every option name Fairy-Stockfish's variant parser reads, besides the piece options."""

PIECE_OPTIONS: Final[frozenset[str]] = frozenset(
    [*PIECE_TYPES, *(f"customPiece{i}" for i in range(1, CUSTOM_PIECES + 1))]
)


def mobility_option(name: str) -> tuple[str, str] | None:
    """``mobilityRegionWhiteKing`` -> ``("White", "king")``; ``None`` for other names."""
    m = re.fullmatch(r"mobilityRegion(White|Black)([A-Z][A-Za-z0-9]*)", name)
    if m is None:
        return None
    piece = m.group(2)[0].lower() + m.group(2)[1:]
    return (m.group(1), piece) if piece in PIECE_OPTIONS else None


def is_known(name: str) -> bool:
    """True for a name Fairy-Stockfish reads in a section."""
    return name in OPTIONS or name in PIECE_OPTIONS or mobility_option(name) is not None


DISPLAY_ONLY: Final[frozenset[str]] = frozenset(
    {"pieceToCharTable", "pocketSize", "variantTemplate", "pieceValueMg", "pieceValueEg"}
)
"""Options for GUIs and the engine's evaluation only: they change no rule."""

ADJUDICATION: Final[dict[str, str]] = {
    "nMoveRule": "the n-move rule adjudicates a draw; FBR has no move-count rule",
    "nMoveRuleTypes": "the n-move rule adjudicates a draw; FBR has no move-count rule",
    "nMoveRuleTypesWhite": "the n-move rule adjudicates a draw; FBR has no move-count rule",
    "nMoveRuleTypesBlack": "the n-move rule adjudicates a draw; FBR has no move-count rule",
    "countingRule": "counting rules adjudicate the end of a game; FBR has none",
    "materialCounting": "material counting adjudicates a game; FBR has none",
    "adjudicateFullBoard": "a full board is adjudicated; FBR has no such rule",
    "chasingRule": "the perpetual-chase rule adjudicates repetitions; FBR has no chase rule",
    "nFoldValue": "the value of a repetition only adjudicates it; FBR's repetition rule draws",
    "nFoldValueAbsolute": "the value of a repetition only adjudicates it; FBR's repetition rule draws",
    "extinctionClaim": "claiming an extinction adjudicates the game early",
}
"""Options that only adjudicate a game (no move changes): noted, not carried over."""


def read_bool(value: str) -> bool:
    """``true`` / ``false``."""
    if value not in ("true", "false"):
        raise ValueError("expected true or false")
    return value == "true"


def read_int(value: str, *, low: int = 0, high: int = 999_999) -> int:
    """A decimal number, bounded (the length is checked before ``int``)."""
    text = value.strip()
    if not re.fullmatch(r"-?[0-9]+", text):
        raise ValueError("expected a number")
    if len(text.lstrip("-")) > MAX_NUMBER_DIGITS:
        raise ValueError(f"the number has more than {MAX_NUMBER_DIGITS} digits")
    number = int(text)
    if not low <= number <= high:
        raise ValueError(f"expected a number from {low} to {high}")
    return number


def read_rank(value: str) -> int:
    """A 1-based rank -> 0-based."""
    return read_int(value, low=1, high=MAX_BOARD) - 1


def read_file(value: str) -> int:
    """A file as a letter or a 1-based number -> 0-based."""
    text = value.strip()
    if len(text) == 1 and text.isalpha():
        return ord(text.lower()) - ord("a")
    return read_int(text, low=1, high=MAX_BOARD) - 1


VALUES: Final = ("win", "loss", "draw", "none")


def read_value(value: str) -> str:
    """``win``, ``loss``, ``draw`` or ``none``."""
    if value not in VALUES:
        raise ValueError("expected win, loss, draw or none")
    return value


Square = tuple[int, int]


_FSF_FILES, _FSF_RANKS = 12, 10  # Fairy-Stockfish's largest board


def read_region(value: str, files: int, ranks: int) -> frozenset[Square]:
    """A region: ``*2`` (a rank), ``d*`` (a file), ``a1`` (a square), space-separated; ``-`` is
    none. Squares are (file, rank), 0-based. A symbol off this board but on Fairy-Stockfish's largest
    board (12 files, 10 ranks) names no square, as in Fairy-Stockfish (``*9`` on 8 ranks)."""
    out: set[Square] = set()
    for symbol in value.split():
        if symbol == "-":
            break
        m = re.fullmatch(r"([a-z])\*|\*([0-9]{1,2})|([a-z])([0-9]{1,2})", symbol)
        if m is None:
            raise ValueError(f"{symbol!r} is not a rank (*2), a file (d*) or a square (a1)")
        if m.group(1):
            f = ord(m.group(1)) - ord("a")
            if f >= files:
                if f < _FSF_FILES:
                    continue
                raise ValueError(f"file {m.group(1)} is off the board")
            out.update((f, r) for r in range(ranks))
        elif m.group(2):
            r = int(m.group(2)) - 1
            if not 0 <= r < ranks:
                if 0 <= r < _FSF_RANKS:
                    continue
                raise ValueError(f"rank {m.group(2)} is off the board")
            out.update((f, r) for f in range(files))
        else:
            f, r = ord(m.group(3)) - ord("a"), int(m.group(4)) - 1
            if f >= files or not 0 <= r < ranks:
                if f < _FSF_FILES and 0 <= r < _FSF_RANKS:
                    continue
                raise ValueError(f"square {symbol} is off the board")
            out.add((f, r))
    return frozenset(out)


def mirror(region: frozenset[Square], ranks: int) -> frozenset[Square]:
    """The region seen from the other side (ranks reflected)."""
    return frozenset((f, ranks - 1 - r) for f, r in region)


def fbr_range(region: frozenset[Square], files: int, ranks: int) -> str:
    """The FBR board range of a region, such as ``[6-8]``, ``[d-f1-3]``, ``[a1,c3]``."""

    def name(i: int, letters: bool) -> str:
        return chr(ord("a") + i) if letters else str(i + 1)

    def span(lo: int, hi: int, letters: bool) -> str:
        return name(lo, letters) if lo == hi else f"{name(lo, letters)}-{name(hi, letters)}"

    def runs(values: list[int]) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for v in sorted(values):
            if out and out[-1][1] == v - 1:
                out[-1] = (out[-1][0], v)
            else:
                out.append((v, v))
        return out

    full_ranks = [r for r in range(ranks) if all((f, r) in region for f in range(files))]
    if region == {(f, r) for r in full_ranks for f in range(files)}:
        return "[" + ",".join(span(a, b, False) for a, b in runs(full_ranks)) + "]"
    full_files = [f for f in range(files) if all((f, r) in region for r in range(ranks))]
    if region == {(f, r) for f in full_files for r in range(ranks)}:
        return "[" + ",".join(span(a, b, True) for a, b in runs(full_files)) + "]"
    # rectangles: runs of files per rank, merged over consecutive ranks with the same run
    rows: dict[tuple[int, int], list[int]] = {}
    for r in range(ranks):
        for a, b in runs([f for f in range(files) if (f, r) in region]):
            rows.setdefault((a, b), []).append(r)
    parts = []
    for (a, b), rs in sorted(rows.items(), key=lambda item: (item[1][0], item[0])):
        for lo, hi in runs(rs):
            parts.append(span(a, b, True) + span(lo, hi, False))
    return "[" + ",".join(parts) + "]"
