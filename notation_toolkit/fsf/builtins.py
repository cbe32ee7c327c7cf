"""What the importer knows of Fairy-Stockfish itself: its piece types (name, Betza, the letter of
the chess set) and the built-in variants that ``variants.ini`` sections inherit from.

The built-in variants are written here as ``variants.ini`` sections (the options that differ from
Fairy-Stockfish's defaults, read from its ``src/variant.cpp``), so a section inheriting from one
is read exactly like a section inheriting from another section of the file. Built-ins whose
defining rule has no FBR counterpart are listed with that rule, so that a section inheriting from
them is refused with its name.
"""

from __future__ import annotations

from typing import Final

PIECE_TYPES: Final[dict[str, str]] = {
    "pawn": "fmWfceF",
    "knight": "N",
    "bishop": "B",
    "rook": "R",
    "queen": "Q",
    "fers": "F",
    "met": "F",
    "alfil": "A",
    "fersAlfil": "FA",
    "silver": "FfW",
    "khon": "FfW",
    "aiwok": "RNF",
    "bers": "RF",
    "dragon": "RF",
    "archbishop": "BN",
    "chancellor": "RN",
    "amazon": "QN",
    "knibis": "mNcB",
    "biskni": "mBcN",
    "kniroo": "mNcR",
    "rookni": "mRcN",
    "shogiPawn": "fW",
    "lance": "fR",
    "shogiKnight": "fN",
    "gold": "WfF",
    "dragonHorse": "BW",
    "clobber": "cW",
    "breakthrough": "fmWfF",
    "immobile": "",
    "cannon": "mRcpR",
    "janggiCannon": "pR",
    "soldier": "fsW",
    "horse": "nN",
    "elephant": "nA",
    "janggiElephant": "nZ",
    "banner": "RcpRnN",
    "wazir": "W",
    "commoner": "K",
    "centaur": "KN",
    "king": "K",
}
"""Fairy-Stockfish's predefined piece types and their Betza moves (src/piece.cpp)."""

ALIASES: Final[dict[str, str]] = {"met": "fers", "khon": "silver", "dragon": "bers"}
"""Names Fairy-Stockfish gives to the same piece type."""

CUSTOM_PIECES: Final = 25
"""customPiece1 ... customPiece25 (Fairy-Stockfish's largest build)."""

CHESS_PIECES: Final[dict[str, str]] = {
    "pawn": "p",
    "knight": "n",
    "bishop": "b",
    "rook": "r",
    "queen": "q",
    "king": "k",
}
"""The pieces of Fairy-Stockfish's default variant, with their letters."""


def _only(*kept: str) -> str:
    """Options removing the chess pieces a built-in does not use."""
    return "".join(f"{name} = -\n" for name in CHESS_PIECES if name not in kept)


BUILTINS: Final[dict[str, str]] = {
    "fairy": "",
    "chess": "",
    "normal": "",
    "crazyhouse": (
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n"
        "pieceDrops = true\ncapturesToHand = true\n"
    ),
    "giveaway": (
        "king = -\ncommoner = k\ncastlingKingPiece = k\npromotionPieceTypes = kqrbn\n"
        "stalemateValue = win\nextinctionValue = win\nextinctionPieceTypes = *\nmustCapture = true\n"
    ),
    "antichess": (
        "king = -\ncommoner = k\ncastlingKingPiece = k\npromotionPieceTypes = kqrbn\n"
        "stalemateValue = win\nextinctionValue = win\nextinctionPieceTypes = *\nmustCapture = true\n"
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\ncastling = false\n"
    ),
    "losers": (
        "checkmateValue = win\nstalemateValue = win\nextinctionValue = win\nextinctionPieceTypes = *\n"
        "extinctionPieceCount = 1\nmustCapture = true\n"
    ),
    "extinction": (
        "king = -\ncommoner = k\ncastlingKingPiece = k\npromotionPieceTypes = kqrbn\n"
        "extinctionValue = loss\nextinctionPieceTypes = kqrbnp\n"
    ),
    "losalamos": (
        "maxRank = 6\nmaxFile = f\nbishop = -\nstartFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n"
        "promotionRegionWhite = *6\npromotionRegionBlack = *1\npromotionPieceTypes = qrn\n"
        "doubleStep = false\ncastling = false\n"
    ),
    "gardner": (
        "maxRank = 5\nmaxFile = e\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\n"
        "promotionRegionWhite = *5\npromotionRegionBlack = *1\ndoubleStep = false\ncastling = false\n"
    ),
    "kingofthehill": "flagPiece = k\nflagRegionWhite = d4 e4 d5 e5\nflagRegionBlack = d4 e4 d5 e5\n",
    "racingkings": (
        "startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\nflagPiece = k\nflagRegionWhite = *8\n"
        "flagRegionBlack = *8\nflagMove = true\ncastling = false\nchecking = false\n"
    ),
    "amazon": (
        "queen = -\namazon = a\nstartFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n"
        "promotionPieceTypes = arbn\n"
    ),
    "nightrider": "knight = -\ncustomPiece1 = n:NN\npromotionPieceTypes = qrbn\n",
    "berolina": (
        "pawn = -\ncustomPiece1 = p:mfFcfeWimfnA\npromotionPawnTypes = p\nenPassantTypes = p\n"
        "nMoveRuleTypes = p\n"
    ),
    "courier": (
        "maxFile = l\nqueen = -\nalfil = e\nfers = f\ncommoner = m\nwazir = w\n"
        "startFen = rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1\n"
        "promotionPieceTypes = f\ndoubleStep = false\ncastling = false\nextinctionValue = loss\n"
        "extinctionClaim = true\nextinctionPieceTypes = *\nextinctionPieceCount = 1\n"
        "extinctionOpponentPieceCount = 2\nstalemateValue = loss\n"
    ),
    "shako": (
        "maxRank = 10\nmaxFile = j\nfersAlfil = e\ncannon = c\n"
        "startFen = c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1\n"
        "promotionPieceTypes = qrbnce\npromotionRegionWhite = *10\npromotionRegionBlack = *1\n"
        "castlingKingsideFile = h\ncastlingQueensideFile = d\ncastlingRookKingsideFile = i\n"
        "castlingRookQueensideFile = b\ncastlingRank = 2\ndoubleStepRegionWhite = *3\n"
        "doubleStepRegionBlack = *8\n"
    ),
    "chess960": "chess960 = true\n",
    "3check": (
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\ncheckCounting = true\n"
    ),
    "capablanca": (
        "maxFile = j\ncastlingKingsideFile = i\ncastlingQueensideFile = c\narchbishop = a\nchancellor = c\n"
        "startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n"
        "promotionPieceTypes = acqrbn\n"
    ),
    "janus": (
        "maxFile = j\ncastlingKingsideFile = i\ncastlingQueensideFile = b\narchbishop = j\n"
        "startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1\n"
        "promotionPieceTypes = jqrbn\n"
    ),
    "grand": (
        "maxRank = 10\nmaxFile = j\narchbishop = a\nchancellor = c\n"
        "startFen = r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1\n"
        "promotionPieceTypes = acqrbn\npromotionRegionWhite = *8 *9 *10\npromotionRegionBlack = *3 *2 *1\n"
        "promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2\nmandatoryPawnPromotion = false\nimmobilityIllegal = true\n"
        "doubleStepRegionWhite = *3\ndoubleStepRegionBlack = *8\ncastling = false\n"
    ),
    "shatranj": (
        "bishop = -\nqueen = -\nalfil = b\nfers = q\n"
        "startFen = rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1\npromotionPieceTypes = q\n"
        "doubleStep = false\ncastling = false\nextinctionValue = loss\nextinctionClaim = true\n"
        "extinctionPieceTypes = *\nextinctionPieceCount = 1\nextinctionOpponentPieceCount = 2\n"
        "stalemateValue = loss\nnMoveRule = 70\n"
    ),
    "makruk": (
        "bishop = -\nqueen = -\nkhon = s\nmet = m\n"
        "startFen = rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1\n"
        "promotionRegionWhite = *6 *7 *8\npromotionRegionBlack = *3 *2 *1\npromotionPieceTypes = m\n"
        "doubleStep = false\ncastling = false\nnMoveRule = 0\ncountingRule = makruk\n"
    ),
    "knightmate": (
        "commoner = m\nknight = -\nstartFen = rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1\n"
        "king = k:N\npromotionPieceTypes = mqrb\n"
    ),
    "breakthrough": (
        _only() + "breakthrough = p\nstartFen = pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1\n"
        "doubleStep = false\ncastling = false\nstalemateValue = loss\nflagPiece = p\n"
        "flagRegionWhite = *8\nflagRegionBlack = *1\n"
    ),
    "minishogi": (
        _only("bishop", "rook", "king") + "maxRank = 5\nmaxFile = e\nshogiPawn = p\nsilver = s\ngold = g\n"
        "dragonHorse = h\ndragon = d\nstartFen = rbsgk/4p/5/P4/KGSBR[-] w 0 1\n"
        "pieceDrops = true\ncapturesToHand = true\npromotionRegionWhite = *5\npromotionRegionBlack = *1\n"
        "doubleStep = false\ncastling = false\npromotedPieceType = p:g s:g b:h r:d\ndropNoDoubled = p\n"
        "immobilityIllegal = true\nshogiPawnDropMateIllegal = true\nstalemateValue = loss\nnFoldRule = 4\n"
        "nMoveRule = 0\nperpetualCheckIllegal = true\npocketSize = 5\nnFoldValue = loss\n"
        "nFoldValueAbsolute = true\n"
    ),
    "shogi": (
        _only("bishop", "rook", "king") + "maxRank = 9\nmaxFile = i\nshogiPawn = p\nsilver = s\ngold = g\n"
        "dragonHorse = h\ndragon = d\nlance = l\nshogiKnight = n\n"
        "startFen = lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1\n"
        "pieceDrops = true\ncapturesToHand = true\npromotionRegionWhite = *7 *8 *9\n"
        "promotionRegionBlack = *3 *2 *1\ndoubleStep = false\ncastling = false\n"
        "promotedPieceType = p:g s:g b:h r:d l:g n:g\ndropNoDoubled = p\nimmobilityIllegal = true\n"
        "shogiPawnDropMateIllegal = true\nstalemateValue = loss\nnFoldRule = 4\nnMoveRule = 0\n"
        "perpetualCheckIllegal = true\n"
    ),
    "minixiangqi": (
        _only("rook", "king") + "maxRank = 7\nmaxFile = g\nhorse = n\nking = k:W\ncannon = c\nsoldier = p\n"
        "startFen = rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1\n"
        "mobilityRegionWhiteKing = c1 d1 e1 c2 d2 e2 c3 d3 e3\n"
        "mobilityRegionBlackKing = c5 d5 e5 c6 d6 e6 c7 d7 e7\n"
        "doubleStep = false\ncastling = false\nstalemateValue = loss\nperpetualCheckIllegal = true\n"
        "flyingGeneral = true\n"
    ),
    "xiangqi": (
        _only("rook", "king") + "maxRank = 10\nmaxFile = i\nhorse = n\nking = k:W\ncannon = c\nsoldier = p\n"
        "elephant = b\nfers = a\n"
        "startFen = rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n"
        "mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3\n"
        "mobilityRegionBlackKing = d8 e8 f8 d9 e9 f9 d10 e10 f10\n"
        "mobilityRegionWhiteFers = d1 e1 f1 d2 e2 f2 d3 e3 f3\n"
        "mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10\n"
        "mobilityRegionWhiteElephant = *1 *2 *3 *4 *5\nmobilityRegionBlackElephant = *6 *7 *8 *9 *10\n"
        "soldierPromotionRank = 6\ndoubleStep = false\ncastling = false\nstalemateValue = loss\n"
        "perpetualCheckIllegal = true\nflyingGeneral = true\nchasingRule = axf\n"
    ),
    "nocheckatomic": (
        "king = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\n"
        "extinctionPieceTypes = k\nblastOnCapture = true\n"
    ),
    "atomic": (
        "king = -\ncommoner = k\ncastlingKingPiece = k\nextinctionValue = loss\n"
        "extinctionPieceTypes = k\nblastOnCapture = true\nextinctionPseudoRoyal = true\n"
    ),
    "horde": (
        "startFen = rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1\n"
        "doubleStepRegionWhite = *1 *2\nenPassantRegionWhite = *6\nenPassantRegionBlack = *3\n"
        "extinctionValue = loss\nextinctionPieceTypes = *\n"
    ),
    "placement": (
        "startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1\nmustDrop = true\n"
        "pieceDrops = true\ncapturesToHand = false\ndropRegionWhite = *1\ndropRegionBlack = *8\n"
        "dropOppositeColoredBishop = true\ncastlingDroppedPiece = true\n"
    ),
    "pocketknight": (
        "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1\npieceDrops = true\n"
        "capturesToHand = false\npocketSize = 2\n"
    ),
    "amazons": (
        _only() + "maxRank = 10\nmaxFile = j\ncustomPiece1 = q:mQ\n"
        "startFen = 3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1\nstalemateValue = loss\n"
        "wallingRule = arrow\n"
    ),
    "ataxx": (
        _only() + "maxRank = 7\nmaxFile = g\ncustomPiece1 = p:mDmNmA\nstartFen = P5p/7/7/7/7/7/p5P w 0 1\n"
        "pieceDrops = true\ndoubleStep = false\ncastling = false\nenclosingDrop = ataxx\n"
        "flipEnclosedPieces = ataxx\n"
    ),
    "flipello": "pieceDrops = true\nenclosingDrop = reversi\nflipEnclosedPieces = reversi\n",
    "flipersi": "pieceDrops = true\nenclosingDrop = reversi\nflipEnclosedPieces = reversi\n",
    "quadwrangle": "pieceDrops = true\nenclosingDrop = quadwrangle\nflipEnclosedPieces = quadwrangle\n",
    "snort": "pieceDrops = true\nenclosingDrop = snort\n",
    "picaria": "connectN = 3\npieceDrops = true\nmustDrop = true\n",
    "connect4": "connectN = 4\npieceDrops = true\n",
    "tictactoe": "connectN = 3\npieceDrops = true\n",
}
"""Built-in variants as the ``variants.ini`` options that differ from the defaults."""

# Built-ins that Fairy-Stockfish derives from another (a repeated option: the later value counts).
BUILTINS["gorogoro"] = BUILTINS["minishogi"] + (
    "maxRank = 6\nstartFen = sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1\npromotionRegionWhite = *5 *6\n"
    "promotionRegionBlack = *2 *1\npocketSize = 3\n"
)
BUILTINS["snailtrail"] = _only() + (
    "maxRank = 7\nmaxFile = g\ncustomPiece1 = p:mK\nstartFen = 6p/7/7/7/7/7/P6 w - - 0 1\n"
    "stalemateValue = loss\nwallingRule = past\n"
)
BUILTINS["janggi"] = BUILTINS["xiangqi"] + (
    "fers = -\ncannon = -\nelephant = -\nwazir = a\njanggiCannon = c\njanggiElephant = b\n"
    "startFen = rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1\n"
    "mobilityRegionWhiteWazir = d1 e1 f1 d2 e2 f2 d3 e3 f3\n"
    "mobilityRegionBlackWazir = d8 e8 f8 d9 e9 f9 d10 e10 f10\nsoldierPromotionRank = 1\n"
    "flyingGeneral = false\nbikjangRule = true\nmaterialCounting = janggi\n"
    "diagonalLines = d1 f1 e2 d3 f3 d8 f8 e9 d10 f10\npass = true\nnFoldValue = draw\n"
)

INCOMPLETE_BUILTINS: Final[dict[str, str]] = {
    "flipello": "a rule flipping enclosed pieces (reversi)",
    "flipersi": "a rule flipping enclosed pieces (reversi)",
    "quadwrangle": "a rule flipping enclosed pieces (quadwrangle)",
    "snort": "drops restricted to enclosing squares (snort)",
    "picaria": "a win by connecting pieces in a line",
    "connect4": "a win by connecting pieces in a line",
    "tictactoe": "a win by connecting pieces in a line",
}
"""Built-ins known only by their defining rule, which FBR lacks: sections inheriting from them are
refused with that rule's name."""
