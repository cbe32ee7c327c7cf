"""Diagnostic codes of FEN (FEN1xx). DFEN reuses them for the fields it shares with FEN."""

from __future__ import annotations

from notation_toolkit.core.codes import CodeInfo, Templates, get_code, register_code, register_codes

_FIELDS = """
A FEN has six fields separated by exactly one ASCII space:

    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
    placement         side castling en-passant half-move full-move
"""

CODES: dict[str, tuple[str, str]] = {
    "FEN100": (
        "character not allowed",
        """
FEN is plain ASCII. Tabs, line breaks, NUL bytes, non-breaking spaces and look-alike characters
(Cyrillic `К`, full-width `Ｋ`) are not allowed anywhere. The message names the character and its
code point; replace it with the ASCII character it imitates.
""",
    ),
    "FEN101": (
        "wrong number of fields",
        _FIELDS
        + """
Standard FEN needs all six fields. (DFEN, the Dice Chess extension, accepts 4 to 7: see DFEN201.)
""",
    ),
    "FEN102": (
        "fields not separated by exactly one space",
        """
Fields are separated by exactly one ASCII space: no leading or trailing space, no two spaces in a
row. The fix removes the extra spaces.
""",
    ),
    "FEN103": (
        "text refused by your extension grammar",
        """
With `--grammar FILE` (API: `grammar=`) the text is read by your own grammar, a `.lark` file that
`%import`s `fen` or `dfen` and `%extend`s / `%override`s its rules. This text does not follow that
grammar; the message says what the grammar expected at the marked character, in the words of the
`//@ TERMINAL: description` lines of your file and of the shipped grammars. Describe each terminal
you add with such a line so that the messages can name it.
""",
    ),
    "FEN104": (
        "extension grammar changes the board or the side to move",
        """
An extension grammar may add fields (they appear in `extensions` as generic nodes) and change the
syntax of the castling, en-passant, clock and dice fields. The piece placement and the side to move
are read by the toolkit itself into an 8x8 board of PNBRQK pieces: when your grammar lets them hold
anything else (a new piece letter, a 10x8 board) the position cannot be built. Use FEEN for boards
and pieces beyond chess, or keep these two fields in the FEN syntax.
""",
    ),
    "FEN110": (
        "bad piece placement",
        """
Field 1 lists the ranks from 8 down to 1, separated by `/`. Each rank is made of piece letters
(`PNBRQK` for White, `pnbrqk` for Black) and empty-square counts `1` to `8`.
""",
    ),
    "FEN111": (
        "wrong number of ranks",
        """
The placement must have exactly 8 ranks separated by 7 slashes (`/`).
""",
    ),
    "FEN112": (
        "rank does not have 8 squares",
        """
Each rank must describe exactly 8 squares: the piece letters plus the empty-square counts must add
up to 8. The message says which rank (counting from rank 8, the first one written) is too short or
too long.
""",
    ),
    "FEN113": (
        "adjacent empty-square counts",
        """
Consecutive empty squares are written as one count (`8`, not `44`). Strict parsing rejects the
split form; lenient mode (`ntk fmt --lenient`) merges the counts and reports the fix.
""",
    ),
    "FEN120": (
        "bad side to move",
        """
Field 2 is `w` (White to move) or `b` (Black to move).
""",
    ),
    "FEN130": (
        "bad castling field",
        """
Field 3 is `-` (no castling rights) or some of the letters `K` (White king side), `Q` (White queen
side), `k` and `q` (Black). Chess960 letters (X-FEN, Shredder-FEN) are not supported.
""",
    ),
    "FEN131": (
        "castling rights not in canonical order",
        """
Castling letters are written once each, in the order `KQkq`. Strict parsing rejects other orders
and repeated letters; lenient mode reorders them and reports the fix.
""",
    ),
    "FEN132": (
        "castling rook-file letter names no castling rook",
        """
An extension grammar may write castling rights as rook files (X-FEN / Shredder-FEN): `A`-`H` for a
White rook on rank 1, `a`-`h` for a Black rook on rank 8, as in Chess960
`bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1`. The letter must name a square holding a
rook of that colour, and that colour's king must be on the same rank.
""",
    ),
    "FEN133": (
        "castling rook-file letter that KQkq cannot say",
        """
`K` and `Q` (X-FEN) mean the outermost rook on the king's or queen's side. A rook-file letter that
names an inner rook (a Chess960 position with two rooks on one side of the king) has no KQkq
spelling: the position's `castling` set leaves it out and the extension node keeps the letters.
This is information, not an error.
""",
    ),
    "FEN140": (
        "bad en-passant field",
        """
Field 4 is `-` or one square name (`e3`): a file `a`-`h` followed by a rank `1`-`8`.
""",
    ),
    "FEN141": (
        "en-passant square not on rank 3 or 6",
        """
An en-passant target is the square a pawn skipped with its double step, so it is always on rank 3
(White pawn) or rank 6 (Black pawn).
""",
    ),
    "FEN142": (
        "en-passant square does not match the side to move",
        """
In standard FEN the en-passant square belongs to the pawn that has just moved: it is on rank 6 when
White is to move (Black just double-stepped) and on rank 3 when Black is to move.
""",
    ),
    "FEN150": (
        "bad half-move clock",
        """
Field 5 is a whole number >= 0 written with digits only (no sign).
""",
    ),
    "FEN151": (
        "number with leading zeros",
        """
Numbers are written without leading zeros (`7`, not `007`). Strict parsing rejects them; lenient
mode removes them and reports the fix.
""",
    ),
    "FEN152": (
        "number too long",
        """
The half-move clock and the full-move number are limited to 18 digits; longer digit strings are
refused before conversion, so hostile input cannot cost time or memory.
""",
    ),
    "FEN160": (
        "bad full-move number",
        """
Field 6 is a whole number written with digits only (no sign); its value must be at least 1
(FEN161).
""",
    ),
    "FEN161": (
        "full-move number below 1",
        """
The full-move number starts at 1 and grows after each Black move, so `0` is not a valid full-move
number. Lenient mode reads `0` as `1`, as python-chess does, and `canonicalize` lists the fix.
""",
    ),
    "FEN180": (
        "pawn on the first or last rank (warning)",
        """
A pawn cannot stand on rank 1 or rank 8: it promotes when it reaches the last rank and never
stands on its own first rank. The text is well-formed, but the position cannot arise in a game.
""",
    ),
    "FEN181": (
        "more than one king of a colour (warning)",
        """
Each side has exactly one king in chess and in Dice Chess (kings never promote). The text is
well-formed, but the position cannot arise in a game.
""",
    ),
    "FEN182": (
        "a king is missing (warning)",
        """
One side has no king. In chess this cannot happen. In Dice Chess it happens only in the final
position, after a king capture (R17): the loser's king is absent and the winner is still to move.
""",
    ),
    "FEN183": (
        "castling right without its king or rook (warning)",
        """
A castling right is lost for good once the king or that rook has moved, so `K` needs the White king
on e1 and a White rook on h1, `Q` the king on e1 and a rook on a1, `k` and `q` the Black king on e8
and a rook on h8 or a8 (the PGN standard's FEN; Dice Chess rule R14). python-chess reports the same
position as `BAD_CASTLING_RIGHTS`. The text is well-formed, but the right can never be used: write
the castling field without it. Chess960 positions in X-FEN name other squares; read them with an
X-FEN grammar (`examples/`) instead.
""",
    ),
    "FEN184": (
        "en-passant square without the pawn that made it (warning)",
        """
An en-passant target is the square a pawn has just skipped, so the pawn stands right beyond it:
after `e2e4` the target `e3` has a White pawn on e4. In FEN the target and the pawn's starting
square (e2) are empty too, since nothing has moved since the double step; python-chess reports
such a square as `INVALID_EP_SQUARE`. In DFEN a target stays live until its pawn moves or is
captured (rule R15), so only the pawn is required. The text is well-formed, but no capture can use
the target: write `-` (or leave the square out).
""",
    ),
}

# Message templates (``core.codes.CodeInfo``), by code: (messages, hints, fixes), each keyed by
# template name ("" is the code's main message). DFEN reads FEN's fields with the same checks, so
# ``{label}`` names the notation ("FEN" or "DFEN"); a field's syntax code (FEN110, FEN120 ...,
# DFEN210, DFEN220) reads a field refused by its grammar rule with the templates of ``_SYNTAX``.
_STRICT = ", or parse in lenient mode"

#: Templates every field-syntax code shares (FEN's and DFEN's): the grammar's own words
#: (``core.grammar.translate_lark_error``) after the field's name, or a field that a built
#: position writes outside its rule.
SYNTAX_MESSAGES: dict[str, str] = {
    "grammar": "{what}: {detail}",
    "not_syntax": "the {what} '{part}' is not {label} syntax",
}

_MESSAGES: dict[str, Templates] = {
    "FEN100": ({"": "{char} is not allowed in {label}"}, {"": "{label} is plain ASCII text"}, {}),
    "FEN101": (
        {
            "empty": "the {label} text is empty",
            "too_many": "{label} has {wanted} fields; this text has {count} ({extra} too many)",
            "missing": "{label} has {wanted} fields; this text has {count} (missing: {missing})",
        },
        {"too_many": "remove what follows the {last}"},
        {"too_many": "remove the extra fields", "missing": "add the default clocks"},
    ),
    "FEN102": (
        {
            "leading": "a leading space: fields are separated by exactly one space",
            "trailing": "a trailing space: fields are separated by exactly one space",
            "double": "two spaces in a row: fields are separated by exactly one space",
        },
        {name: "remove the extra space" for name in ("leading", "trailing", "double")},
        {name: "remove the extra spaces" for name in ("leading", "trailing", "double")},
    ),
    "FEN104": (
        {
            "": "the {what} '{value}' is not {label} syntax; the grammar {grammar} changes a field "
            "that {label} positions cannot hold"
        },
        {
            "": "an extension grammar may add fields and change the castling, en-passant and clock "
            "fields; the board (8x8, PNBRQK) and the side to move keep the FEN syntax"
        },
        {},
    ),
    "FEN110": (
        {
            **SYNTAX_MESSAGES,
            "empty_rank": "piece placement: a rank is empty; ranks are separated by one '/' and each "
            "describes 8 squares",
        },
        {"empty_rank": "remove the extra '/' (an empty rank is written 8)"},
        {},
    ),
    "FEN111": (
        {"": "the placement has {ranks}; it needs exactly 8 (ranks 8 to 1 separated by '/')"},
        {"": "a position lists 8 ranks separated by 7 slashes"},
        {},
    ),
    "FEN112": (
        {
            "long": "rank {rank} ('{row}') has {width} squares; every rank needs exactly 8",
            "short": "rank {rank} ('{row}') has {width} squares; every rank needs exactly 8",
        },
        {"long": "remove {squares}", "short": "add {squares}"},
        {},
    ),
    "FEN113": (
        {"": "rank {rank} ('{row}') has adjacent empty-square counts; write '{merged}'"},
        {"": "merge the counts into '{merged}'" + _STRICT},
        {"": "merge the counts into '{merged}'"},
    ),
    # The grammar's words, for text refused by a user's extension grammar (``core.grammar``).
    "FEN103": ({"grammar": "{detail}"}, {}, {}),
    "FEN120": (SYNTAX_MESSAGES, {}, {}),
    "FEN130": (SYNTAX_MESSAGES, {}, {}),
    "FEN131": (
        {
            "repeated": "castling rights '{written}' repeat a letter; write '{canonical}'",
            "order": "castling rights '{written}' are not in the order KQkq; write '{canonical}'",
        },
        {"repeated": "write '{canonical}'" + _STRICT, "order": "write '{canonical}'" + _STRICT},
        {"repeated": "write '{canonical}'", "order": "write '{canonical}'"},
    ),
    "FEN132": (
        {
            "king_moved": "castling letter '{letter}' names {colour}'s rook on {square}, but {colour}'s "
            "king is not on rank {rank}",
            "no_rook": "castling letter '{letter}' names {colour}'s rook on {square}, but there is no "
            "{colour} rook there",
        },
        {
            "king_moved": "remove '{letter}': a king that has left rank {rank} cannot castle",
            "no_rook": "a rook-file letter names the file of a rook that can still castle",
        },
        {},
    ),
    "FEN133": (
        {
            "": "castling letter '{letter}' names an inner rook ({square}); KQkq cannot say which rook, "
            "so the right is kept only in the extension node"
        },
        {"": "read Position.extensions for rook-file castling rights"},
        {},
    ),
    "FEN140": (
        {
            **SYNTAX_MESSAGES,
            "several": "standard FEN has at most one en-passant square; '{part}' lists {count}",
        },
        {
            "several": "keep the square of the pawn that has just moved (several targets are DFEN, "
            "Dice Chess FEN)"
        },
        {},
    ),
    "FEN141": (
        {"": "{square} cannot be an en-passant square: the square a pawn skips is on rank 3 or 6"},
        {"": "write '-' if no pawn has just made a double step"},
        {},
    ),
    "FEN142": (
        {
            "": "{square} is on rank {rank}, but {mover} is to move: the en-passant square then belongs "
            "to a {other} pawn and lies on rank {wanted}"
        },
        {"": "use a rank-{wanted} square, '-', or check the side to move"},
        {},
    ),
    "FEN150": (SYNTAX_MESSAGES, {}, {}),
    "FEN151": (
        {"": "the {what} '{written}' has leading zeros; write '{value}'"},
        {"": "write '{value}'" + _STRICT},
        {"": "write '{value}'"},
    ),
    # FEN152 is the limit diagnostic ``core.limits.digits_error`` gives for an over-long clock.
    "FEN152": (
        {"": "the {what} has {digits:,} digits; at most {limit} are accepted"},
        {"": "use a realistic number"},
        {},
    ),
    "FEN160": (SYNTAX_MESSAGES, {}, {}),
    "FEN161": (
        {
            "": "the full-move number is {value}; it starts at 1",
            "built": "the full-move number is {value}; it starts at 1",
        },
        {"": "write 1 for the first move" + _STRICT, "built": "use 1 for the first move"},
        {"": "write 1 (python-chess reads 0 as 1)"},
    ),
    "FEN180": (
        {"": "a pawn stands on rank {rank}; pawns never stand on rank 1 or 8"},
        {"": "a pawn reaching the last rank promotes"},
        {},
    ),
    "FEN181": (
        {"": "{colour} has {count} kings; each side has exactly one"},
        {"": "remove the extra king"},
        {},
    ),
    "FEN182": (
        {
            "": "{colour} has no king",
            "final": "{colour} has no king; in {label} this is legal only as the final position, "
            "after {colour}'s king was captured (R17)",
        },
        {},
        {},
    ),
    "FEN183": (
        {
            "": "castling right '{right}' needs the {colour} king on {king} and a {colour} rook on {rook}, "
            "but {problem}"
        },
        {
            "": "remove '{right}' from the castling field: the right is lost once the {piece} has left "
            "its square"
        },
        {},
    ),
    "FEN184": (
        {
            "no_pawn": "en-passant square {square} has no {colour} pawn on {pawn}, so no pawn has just "
            "skipped it",
            "occupied": "en-passant square {square} cannot be a pawn's skipped square: {occupied} is "
            "occupied",
        },
        {
            "no_pawn": "write '-' in the en-passant field, or put the {colour} pawn on {pawn}",
            "occupied": "write '-' in the en-passant field",
        },
        {},
    ),
}

_INFO = register_codes(CODES, _MESSAGES)

#: FEN152, the limit diagnostic of an over-long clock (``core.limits.digits_error``).
NUMBER_TOO_LONG = _INFO["FEN152"]

FEN100 = _INFO["FEN100"]
FEN101 = _INFO["FEN101"]
FEN102 = _INFO["FEN102"]
FEN103 = _INFO["FEN103"]
FEN104 = _INFO["FEN104"]
FEN110 = _INFO["FEN110"]
FEN111 = _INFO["FEN111"]
FEN112 = _INFO["FEN112"]
FEN113 = _INFO["FEN113"]
FEN131 = _INFO["FEN131"]
FEN132 = _INFO["FEN132"]
FEN133 = _INFO["FEN133"]
FEN140 = _INFO["FEN140"]
FEN141 = _INFO["FEN141"]
FEN142 = _INFO["FEN142"]
FEN151 = _INFO["FEN151"]
FEN161 = _INFO["FEN161"]
FEN180 = _INFO["FEN180"]
FEN181 = _INFO["FEN181"]
FEN182 = _INFO["FEN182"]
FEN183 = _INFO["FEN183"]
FEN184 = _INFO["FEN184"]


def info(code: str) -> CodeInfo:
    """The registered ``CodeInfo`` of ``code`` (a field's syntax or count code, FEN's or DFEN's)."""
    found = get_code(code)
    if found is None:  # pragma: no cover - every code the syntax tables name is registered
        raise KeyError(f"unregistered diagnostic code {code}")
    return found


_CHESS_HINT = "only chess-style FEEN converts: 8x8 board, PNBRQK, empty hands, styles C/c"

#: FEN190, FEN191: the FEEN -> FEN (and DFEN) conversion (``convert/fen_feen.py``).
NOT_FEEN = register_code(
    "FEN190",
    "not FEEN text",
    """
The text given to a FEEN -> FEN (or DFEN) conversion is not FEEN: FEEN has three fields (placement,
pieces in hand, style-turn) separated by one space, e.g.
`rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c`.
""",
    messages={
        "": "this text is not FEEN, so it cannot be converted: {reason}",
        "unreadable": "this text is not FEEN, so it cannot be converted",
    },
    hints={
        name: "example: rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c" for name in ("", "unreadable")
    },
)
NOT_CHESS = register_code(
    "FEN191",
    "FEEN that FEN cannot hold",
    """
FEEN describes boards of any size and dimension, pieces in hand and any piece style. FEN holds only
an 8x8 chess board, so only chess-style FEEN converts: 8 ranks of 8 squares, piece letters PNBRQK,
empty hands (`/`) and the styles `C/c` or `c/C`.
""",
    messages={
        "piece": "this FEEN cannot be converted to FEN: '{letter}' is not a chess piece (PNBRQK)",
        "board": "this FEEN cannot be converted to FEN: the board is not 8 ranks of 8 squares",
        "hands": "this FEEN cannot be converted to FEN: FEN has no pieces in hand; the hands must be empty "
        "('/')",
        "styles": "this FEEN cannot be converted to FEN: the styles '{styles}' are not chess ('C/c' or "
        "'c/C')",
    },
    hints={name: _CHESS_HINT for name in ("piece", "board", "hands", "styles")},
)


#: Default cap on the input length (characters) of FEN and DFEN. A real FEN is under 100
#: characters. Here rather than in ``fen.grammar`` so that the registry entries (``ntk
#: notations``) can show it without loading the grammar module.
MAX_INPUT = 1024
