"""Diagnostic codes of MBN (registered for ``ntk explain``)."""

from __future__ import annotations

from notation_toolkit.core.codes import CodeInfo, register_code

MAX_NUMBER_DIGITS = 100
"""Longest number (in digits, leading zeros included) an MBN or FBR text may hold; longer ones are
refused before ``int()`` reads them (Python refuses 4,300 digits with a plain ``ValueError``, and
converting long numbers costs quadratic time). No board, count or step needs more than a few
digits; the margin keeps every number a generator of grammar sentences writes acceptable."""

SYNTAX = "MBN101"
NUMBER_TOO_LONG = "MBN102"
UNBRACKETED_TRANSITION = "MBN103"
UNDEFINED_DOUBLING = "MBN201"
LONE_Y = "MBN202"
UNUSED_Q = "MBN203"
ARGUMENT_ON_DIRECTION = "MBN204"
RANGE_NOT_ON_O = "MBN205"
BAD_STEPS = "MBN206"
PARTS_COUNT = "MBN207"
BAD_LEVEL = "MBN208"
REVERSED_RANGE = "MBN209"
RANK_ZERO = "MBN210"
UNDEFINED_MOVE_LETTER = "MBN211"
CONTRADICTORY_MODIFIERS = "MBN212"
UNDEFINED_CONDITION_PIECE = "MBN213"
PROMOTION_WITH_SINGLE_EQUALS = "MBN301"

_DOUBLINGS = "cc, cy, ee, gg, ii, jj, jy, kk, oo, pp, tt, ww, wy, xx, xy"

# Message templates, by code: (messages, hints, fixes), each keyed by template name ("" is the
# code's main message). Every MBN diagnostic is built from them (``CODE.diagnostic(...)``).
_TEMPLATES: dict[str, tuple[dict[str, str], dict[str, str], dict[str, str]]] = {
    # The grammar's own words (expected ..., found ...), from core.grammar.translate_lark_error.
    # Its hints name the commonest mistakes (``mbn.parser.betza_hint``).
    SYNTAX: (
        {"grammar": "{detail}"},
        {
            "betza": "modifiers go before the move letters of a partial move; MBN joins modified moves "
            "with '+' (Betza `mRcpR` is MBN `mR+cpR`)",
            "comment": "a comment starts after whitespace or at the start of a line",
            "name": "a piece name is written between two bars on one line: |Name|",
            "unclosed": "close the {opener!r} opened at line {line}, column {column} with {closer!r}",
            "range": "a board range holds files (a-z), ranks (1, 2 ...), spans such as c-f2 or 1-12, or "
            "one of the symbols # . + * :",
            "whitespace": "an item cannot contain whitespace; items are separated by whitespace",
        },
        {},
    ),
    NUMBER_TOO_LONG: (
        {"": "this {what} has {digits:,} digits; the limit is {limit}"},
        {"": "no board, count or step needs more than {limit} digits"},
        {},
    ),
    UNBRACKETED_TRANSITION: (
        {"": "the board transition {written!r} must be written in angle brackets"},
        {
            "": "unbracketed transitions cannot be told apart from the '+' and '-' operators "
            "(decision G18, docs/fbr.md); write {fixed}"
        },
        {"": "write {fixed}"},
    ),
    UNDEFINED_DOUBLING: (
        {"": "the modifier letters {word!r} have no meaning in MBN"},
        {"": f"MBN defines {_DOUBLINGS}; oblique directions are written (fs)"},
        {},
    ),
    LONE_Y: ({"": "'y' (any) must follow c, j, w or x"}, {"": "write cy, jy, wy or xy"}, {}),
    UNUSED_Q: ({"": "the modifier 'q' is unused in MBN"}, {}, {}),
    ARGUMENT_ON_DIRECTION: (
        {"": "the direction {word!r} takes no '?', piece set or board range"},
        {"": "put piece sets after m, c, e, g, j, k, p, w or x"},
        {},
    ),
    RANGE_NOT_ON_O: (
        {"": "only the modifier 'o' takes a board range, not {word!r}"},
        {"": "put an origin range before the modifiers, a destination range after the move"},
        {},
    ),
    BAD_STEPS: (
        {"": "the step count {steps!r} is not defined"},
        {"": "use n, 0, 0n, 0*, ** or #"},
        {},
    ),
    PARTS_COUNT: (
        {
            "": "{head} has {count} move parts; a piece takes one",
            "castling": "{head} has {count} move parts; castling takes the king's and the rook's",
        },
        {name: "only O-O and O-O-O take two '=' parts" for name in ("", "castling")},
        {},
    ),
    BAD_LEVEL: ({"": "the 3D level {level} is outside A-H"}, {"": "use A to H"}, {}),
    REVERSED_RANGE: (
        {"": "the range {written} runs backwards"},
        {"": "write {last}-{first}"},
        {"": "write {last}-{first}"},
    ),
    RANK_ZERO: ({"": "rank 0 does not exist"}, {"": "ranks start at 1"}, {}),
    UNDEFINED_MOVE_LETTER: (
        {"": "the move {letter!r} is no base letter and the file does not define it"},
        {"": "define it, e.g. {letter}=K, or use a base letter"},
        {},
    ),
    CONTRADICTORY_MODIFIERS: (
        {"": "'m' (move only) and {letters!r} (capture only) on one move leave no move"},
        {"": "write the moves as alternatives, {split}, or drop one of them"},
        {"": "write {split}"},
    ),
    UNDEFINED_CONDITION_PIECE: (
        {"": "the piece {letter!r} in the condition is not defined in this file"},
        {"": "declare it (e.g. {key}) or fix the letter"},
        {},
    ),
    PROMOTION_WITH_SINGLE_EQUALS: (
        {"": "{head}={letters} defines moves (like {listed}); a promotion list needs '=='"},
        {"": "write {text} if the piece promotes to these pieces"},
        {"": "write {text}"},
    ),
    "MBN001": ({"": "rewrote the item in canonical form"}, {}, {"": "canonical form"}),
}

INFO: dict[str, CodeInfo] = {}


def _register(code: str, title: str, explanation: str) -> None:
    messages, hints, fixes = _TEMPLATES[code]
    INFO[code] = register_code(code, title, explanation, messages=messages, hints=hints, fixes=fixes)


_register(
    SYNTAX,
    "MBN syntax error",
    """
The text is not a piece definition, declaration, promotion rule or move expression of MBN
(Modified Betza Notation). The message says what was expected where.

A definition is `head=moves`, for example `Q=R+N` or `P|Pawn|=mfW+cefF+[1-2]mefW02`. Moves are
combined with `+` (alternatives) and `-`/`--` (legs); modifiers (lower-case letters) come before the
move letters of each partial move. Plain Betza juxtaposes modified moves (`mRcpR`); MBN needs
`+` between them: `mR+cpR`.
""",
)
_register(
    NUMBER_TOO_LONG,
    "number too long",
    """
A rank, step count, board number or leap distance has more digits than any board or move needs
(the limit is 100 digits). It is refused before it is read, so a hostile file cannot make the
checker convert a number of thousands of digits.
""",
)
_register(
    UNBRACKETED_TRANSITION,
    "board transition without brackets",
    """
The MBN BNF (fbr-mbn-notes 3.1 <BoardTransition>) also allows a transition without angle
brackets, `+1mO`. The toolkit refuses it (decision G18 in docs/fbr.md): the signs and numbers
cannot be told apart from the operators around them. `K--1mO` reads both as `K--<1>mO` and as
`K-<-1>mO`, `W+1mO` both as `W+<1>mO` and as `W<+1>mO`. Every transition the FBR page prints is
bracketed (`<+>` line 38, `<+1>` line 318, `<2>` line 652): write `<+1>mO`.
""",
)
_register(
    UNDEFINED_DOUBLING,
    "doubled modifier letter without a meaning",
    f"""
MBN gives a meaning to a few doubled modifier letters ({_DOUBLINGS}: for example `cc` =
capture friendly pieces only, `ww` = swap with friendly pieces, `tt` = no turn). Other
doublings, such as Betza's `ff` for oblique directions, mean nothing in MBN. Oblique directions
are written with an amalgamated pair in parentheses: `(fs)N`.
""",
)
_register(
    LONE_Y,
    "'y' without c, j, w or x",
    """
`y` means "any (friendly or enemy)" and only follows `c`, `j`, `w` or `x` (`cy`, `jy`, `wy`,
`xy`). On its own it has no meaning.
""",
)
_register(
    UNUSED_Q,
    "modifier q is unused",
    """
The MBN modifier table marks `q` as unused. It is accepted by the grammar but has no meaning.
""",
)
_register(
    ARGUMENT_ON_DIRECTION,
    "direction letter with an argument",
    """
Direction letters (`b d f l r s t v z`) take no `?`, piece set or board range. Move/capture
modifiers do, for example `c?{D}` or `ww{^K}`.
""",
)
_register(
    RANGE_NOT_ON_O,
    "board range after a modifier other than o",
    """
Only the cylindrical modifier `o` takes a board range (`o[b,g]B`: a cylinder between files b and
g). To restrict the origin or destination square, put the range before the modifiers or after
the move letter: `[1-2]mfW02`, `B[d-f1-3]`.
""",
)
_register(
    BAD_STEPS,
    "step count not defined",
    """
Steps after a move letter are `n` (at most n), `0` (unlimited), `0n` (exactly n), `0*`, `**`
or `#`. A `*` after a number other than 0 (`4*`) is not defined.
""",
)
_register(
    PARTS_COUNT,
    "wrong number of '=' parts",
    """
A piece definition has one move part (`Q=R+N`). Only the castling pseudo-pieces `O-O` and
`O-O-O` take two: the king's move and the rook's move (`O-O<*>=[*]isR[g]=isR[f]`, FBR page
line 34).
""",
)
_register(
    BAD_LEVEL,
    "3D level outside A-H",
    """
A 3D board level in a board range is a letter from A to H (MBN BNF 3dRange).
""",
)
_register(
    PROMOTION_WITH_SINGLE_EQUALS,
    "promotion list written with '='",
    """
`+P=QRBN` defines the moves of the promoted pawn (it moves like Q, R, B or N); a promotion rule
(the pawn promotes to Q, R, B or N) is written with `==`: `+P==QRBN` (FBR page line 30). The
C/CIF ticket #3 uses the single `=`; the two forms cannot be told apart by syntax, so MBN reads
it as a move definition and this warning offers the `==` form.
""",
)
_register(
    REVERSED_RANGE,
    "board range runs backwards",
    """
In `first-last` the first file, rank or level must not come after the last: write `[a-h]`, not
`[h-a]`; `[1-8]`, not `[8-1]`. (Inside an FBR rule file the same problem is FBR240.)
""",
)
_register(
    RANK_ZERO,
    "rank 0 does not exist",
    """
Ranks are numbered from 1 (files are letters, ranks are numbers: `[a2,c2]`, `[1-12]`). (Inside an
FBR rule file the same problem is FBR241.)
""",
)
_register(
    UNDEFINED_MOVE_LETTER,
    "move letter that means nothing",
    """
A move is written with a base letter (the 26 capitals of MBN: W F D N A H C Z G ... K Q R B, fbr-mbn-notes
3.2 "Base letters"), an extended leap `:x,y:`, or a piece letter used as a macro: a letter the
file defines (`@X=...`, a piece `X=...`, a declaration, a promotion or drop target). A compound
letter such as `:QD:` is not a base letter, so as a move it means something only when the rule
file defines it (`:QD:=Q+D`, FBR page line 702). A one-letter compound of a base letter (`:K:`,
`:M:`) reads as that atom: the page writes `K=acc?{D}:K:` without defining `:K:` (line 1015).
Checked in rule files (a single MBN item has no file to define its letters).
""",
)
_register(
    CONTRADICTORY_MODIFIERS,
    "modifiers that contradict each other",
    """
`m` means "move only, never capture" and `c` (`cc`, `cy`) "capture only, never a quiet move"
(fbr-mbn-notes 3.2, modifiers); on one partial move together they leave no move at all (`mcW`).
Write the two moves as alternatives, `mW+cW`, or drop one of them. An optional capture `c?`
does not contradict `m`.
""",
)
_register(
    UNDEFINED_CONDITION_PIECE,
    "piece in a move condition that nothing defines",
    """
A move condition `/X[range]/` or `/{XY}square/` (MBN BNF <Condition>) names pieces. A compound
letter that the file never defines stands for nothing (error); a single letter that the file
neither defines nor uses anywhere else may be a piece of the base variant, so it is a warning
with a 'did you mean' where a defined letter is close. Checked in rule files.
""",
)
_register(
    "MBN001",
    "rewritten in canonical form",
    """
Information from canonicalisation: the item was rewritten in its canonical form (piece-set flags
as `!^`, amalgamated directions after the modifier letters, 4D board identifiers as `<<n>;<m>>`).
""",
)
