"""Diagnostic codes of the variant game core (registered for ``ntk explain``).

VAR1xx loading a rule file, VAR2xx a rule or attribute the core does not execute (the variant is
refused: it would otherwise be a silently different game), VAR3xx positions (FEEN / FEN), VAR4xx
moves.
"""

from __future__ import annotations

from notation_toolkit.core.codes import register_code

NO_BOARDSIZE = "VAR101"
NO_START = "VAR102"
PIECE_NOT_EXECUTABLE = "VAR103"
BAD_CASTLING = "VAR104"
BAD_PROMOTION = "VAR105"
NOT_A_FEEN_LETTER = "VAR106"
RULE_NOT_EXECUTED = "VAR201"
ATTRIBUTE_NOT_EXECUTED = "VAR202"
PART_NOT_EXECUTED = "VAR203"
ITEM_NOT_EXECUTED = "VAR204"
BAD_POSITION = "VAR301"
POSITION_SHAPE = "VAR302"
UNKNOWN_PIECE = "VAR303"
BAD_STATE_FIELD = "VAR304"
NO_FEN = "VAR305"
BAD_MOVE = "VAR401"
ILLEGAL_MOVE = "VAR402"
NO_MOVE_TO_UNDO = "VAR403"

_C = [
    (
        NO_BOARDSIZE,
        "no board size",
        """
A rule file played by the variant core needs `boardsize="WxH"` (files x ranks), the C/CIF <game>
attribute; without it the board of the variant is unknown. (8x8 is C/CIF's default: the core uses it
when the file gives no size, and says so.)
""",
    ),
    (
        NO_START,
        "no start position",
        """
`variant.start()` needs `startposition="..."` in the rule file: a FEEN (or, for 8x8 and wider
boards without hands, a FEN) string.
""",
    ),
    (
        PIECE_NOT_EXECUTABLE,
        "a piece definition cannot be executed",
        """
The piece compiler (notation_toolkit.variant.pieces) cannot execute part of an MBN definition; the
variant is refused rather than played with a different piece. The diagnostic of the compiler
follows with its span.
""",
    ),
    (
        BAD_CASTLING,
        "castling definition not understood",
        """
The core executes castling written as `O-O=[*]isR[g]=isR[f]`: the royal part (optionally from an
unthreatened square `[*]`, initial `i`, sideways `s`, a rider `R`, destination file) and the
partner's part (initial, sideways, rider, destination file). Other forms are refused.
""",
    ),
    (
        BAD_PROMOTION,
        "promotion rule not understood",
        """
Promotion choices are written `+P==QRBN` (FBR page line 30) or come from a prefixed definition
`+P=...` (the promoted state). Targets with moves (`(wwO--:QD:)`), drops (`@X`) or unknown pieces
are refused.
""",
    ),
    (
        NOT_A_FEEN_LETTER,
        "piece letter cannot be written in FEEN",
        """
FEEN pieces are one letter with at most one state modifier (`+`/`-`). Compound letters (`:QD:`) and
stacked prefixes (`##K`) on board pieces cannot be written, so such variants are refused.
""",
    ),
    (
        RULE_NOT_EXECUTED,
        "rule not executed by the variant core",
        """
The variant core plays a rule file only if it executes every rule of it; this rule is not executed
(yet), so the variant does not load. `docs/variants.md` lists the rules and attributes executed.
""",
    ),
    (
        ATTRIBUTE_NOT_EXECUTED,
        "attribute not executed by the variant core",
        """
The rule is executed, but not with this attribute; the variant does not load rather than being
played by different rules. `docs/variants.md` lists the attributes executed.
""",
    ),
    (
        PART_NOT_EXECUTED,
        "rule part not executed",
        """
A piece set, board range, prefix or sequence number given to a rule changes its meaning in a way
the core does not execute (for example a `holding` restricted to some pieces).
""",
    ),
    (
        ITEM_NOT_EXECUTED,
        "MBN item not executed",
        """
Cancellations (`!item`), announcement conditions, macros of prefixed pieces and promotion targets
with moves are not executed by the variant core.
""",
    ),
    (
        BAD_POSITION,
        "position not valid for this variant",
        """
The FEEN (or FEN) is well-formed but cannot be a position of this variant: for example a board of
another size, or a piece the rule file does not define.
""",
    ),
    (
        POSITION_SHAPE,
        "board shape differs from the variant",
        """
The placement must have the variant's board size (`boardsize`, files x ranks).
""",
    ),
    (
        UNKNOWN_PIECE,
        "piece not defined by the rule file",
        """
Every piece of a position must be defined by the rule file (its letter, and `+X` for promoted
pieces; a `-` marks an unmoved piece that still has initial moves or castling).
""",
    ),
    (
        BAD_STATE_FIELD,
        "state field not understood",
        """
After the three FEEN fields the core reads optional state fields: `ep:e3@e4` (squares capturable en
passant, @ the piece that made them capturable) and `checks:1/0` (checks given by the first and the
second player, for `royal=maxchecks(N)`).
""",
    ),
    (
        NO_FEN,
        "no FEN for this variant",
        """
FEN has conventions for rectangular boards of 8 or more files without pieces in hand and without
promoted-piece states; use FEEN for the others.
""",
    ),
    (
        BAD_MOVE,
        "move text not understood",
        """
Moves are written origin and target square (`e2e4`, `a10a9`), a promotion choice after them
(`e7e8q`, `c7c8+` for a prefixed state), drops as `P@e4`.
""",
    ),
    (
        ILLEGAL_MOVE,
        "illegal move",
        """
The move is well-formed but not legal in this position; the diagnostic lists a few legal moves.
""",
    ),
    (
        NO_MOVE_TO_UNDO,
        "no move to take back",
        """
`pop()` was called on a position with no move played.
""",
    ),
]

for _code, _title, _text in _C:
    register_code(_code, _title, _text)
