"""Diagnostic codes of DFEN (DFEN2xx); the fields DFEN shares with FEN use FEN1xx codes."""

from __future__ import annotations

from notation_toolkit.core.codes import Templates, register_codes
from notation_toolkit.fen.codes import FEN101, SYNTAX_MESSAGES  # DFEN also uses the FEN1xx codes

CODES: dict[str, tuple[str, str]] = {
    "DFEN201": (
        "wrong number of fields",
        """
A DFEN has up to seven fields separated by one space:

    rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -
    placement side castling en-passant half-move full-move dice

On input 4 to 7 fields are accepted (rule F1): a missing half-move clock is 0, a missing full-move
number 1, a missing dice pool `-`. More than 7 fields, or fewer than 4, are rejected. Output always
has all seven fields.
""",
    ),
    "DFEN202": (
        "missing fields filled in",
        """
The input had fewer than 7 fields (allowed on input, rule F1); the canonical form writes all seven,
with the defaults half-move 0, full-move 1 and dice `-`.
""",
    ),
    "DFEN210": (
        "bad en-passant field",
        """
Field 4 is `-`, or one or more square names written together without separators (`e3`,
`a3c3e3`, `b6f6`): each square is a file `a`-`h` and a rank `1`-`8` (rule F2).
""",
    ),
    "DFEN211": (
        "en-passant field has an odd length",
        """
Field 4 is made of 2-character square names written together, so its length is even. An odd
length means a square is cut short or has an extra character (rule F2).
""",
    ),
    "DFEN212": (
        "en-passant square repeated",
        """
Field 4 is a set: each target square appears once (rule F2).
""",
    ),
    "DFEN213": (
        "en-passant square not on rank 3 or 6",
        """
En-passant targets are the squares skipped by double-pushed pawns, so they lie on rank 3 (White
pawns) or rank 6 (Black pawns). In Dice Chess both ranks can be live at once in the middle of a turn
(rule F2, R15), but no other rank can.
""",
    ),
    "DFEN214": (
        "en-passant squares reordered",
        """
Any order is accepted on input; the canonical form lists the targets in lexicographic order of
their names (`a3c3d6e3`), as the DFEN specification says "sorted alphabetically" (decision D1;
the Scala engine's serializer writes bit order instead, which differs only mid-turn).
""",
    ),
    "DFEN220": (
        "bad dice pool",
        """
Field 7 is `-` (dice not rolled: a fresh turn) or one to three dice letters: `P` pawn (1), `N` knight
(2), `B` bishop (3), `R` rook (4), `Q` queen (5), `K` king (6) (rule F3).
""",
    ),
    "DFEN221": (
        "more than three dice",
        """
A turn rolls three dice, so the pool holds at most three letters (rule F3).
""",
    ),
    "DFEN222": (
        "dice letters in mixed case",
        """
All dice letters are in one case, the case of the side to move: upper case for White, lower case
for Black (rule F3). Mixed case is always rejected.
""",
    ),
    "DFEN223": (
        "dice letters not in the case of the side to move",
        """
The dice belong to the side to move and are written in its case: `PNB` when White is to move, `pnb`
when Black is. Strict parsing (the default) rejects the other case. Lenient mode accepts it, because
the reference engine parses dice case-insensitively (its own test vector
`rnq1k2r/pppbpp1p/3p2pQ/8/2BPP3/2N2N2/PPPK1PPP/1R5R b kq - 0 1 BKK` has Black to move with upper-case
dice), and reports the fix (rule F3).
""",
    ),
    "DFEN224": (
        "dice reordered",
        """
Any order is accepted on input; the canonical form sorts the dice by value, P < N < B < R < Q < K,
in the case of the side to move (rule F3).
""",
    ),
}

# Message templates, by code: (messages, hints, fixes), each keyed by template name. DFEN's
# field-count and field-syntax codes are worded as FEN's (the reader is shared).
_STRICT = ", or parse in lenient mode"
_MESSAGES: dict[str, Templates] = {
    "DFEN201": (dict(FEN101.messages), dict(FEN101.hints), dict(FEN101.fixes)),
    "DFEN202": (
        {
            "": "{given} fields given; the canonical form writes all 7 (defaults: half-move 0, full-move 1, "
            "dice '-')"
        },
        {},
        {"": "add the default fields"},
    ),
    "DFEN210": (SYNTAX_MESSAGES, {}, {}),
    "DFEN211": (
        {
            "": "the en-passant field '{part}' has {length}; it is made of 2-character squares, "
            "so its length must be even"
        },
        {"": "check for a cut or doubled character: squares are a file a-h and a rank 1-8, e.g. a3c3"},
        {},
    ),
    "DFEN212": (
        {"": "{square} is listed more than once in the en-passant field"},
        {"": "remove the repeated {square}"},
        {},
    ),
    "DFEN213": (
        {
            "": "{square} cannot be an en-passant target: targets are the squares skipped by double-pushed "
            "pawns, on rank 3 or rank 6"
        },
        {"": "remove {square}"},
        {},
    ),
    "DFEN214": (
        {"": "en-passant targets are written in lexicographic order: '{canonical}'"},
        {},
        {"": "write '{canonical}'"},
    ),
    "DFEN220": (SYNTAX_MESSAGES, {}, {}),
    "DFEN221": (
        {"": "the dice pool '{dice}' has {count} dice; a turn rolls at most 3"},
        {"": "remove the extra dice letters"},
        {},
    ),
    "DFEN222": (
        {"": "the dice '{dice}' mix upper and lower case; they are all in the case of the side to move"},
        {"": "write '{upper}' for White to move or '{lower}' for Black"},
        {},
    ),
    "DFEN223": (
        {
            "": "the dice '{dice}' are in the wrong case: {mover} is to move, so they are written in {case} "
            "case: '{canonical}'"
        },
        {"": "write '{canonical}'" + _STRICT},
        {"": "write '{canonical}'"},
    ),
    "DFEN224": (
        {"": "dice are sorted by value (P<N<B<R<Q<K): '{canonical}'"},
        {},
        {"": "write '{canonical}'"},
    ),
}

_INFO = register_codes(CODES, _MESSAGES)

DFEN202 = _INFO["DFEN202"]
DFEN211 = _INFO["DFEN211"]
DFEN212 = _INFO["DFEN212"]
DFEN213 = _INFO["DFEN213"]
DFEN214 = _INFO["DFEN214"]
DFEN221 = _INFO["DFEN221"]
DFEN222 = _INFO["DFEN222"]
DFEN223 = _INFO["DFEN223"]
DFEN224 = _INFO["DFEN224"]
