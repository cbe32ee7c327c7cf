"""Diagnostic codes of FEEN and the Sashité token notations (``ntk explain FEEN101``).

Each code carries its explanation and the templates of its messages and hints: every FEEN
diagnostic is built with ``FEENxxx.diagnostic(template, span=..., **params)``, so a message is
worded in exactly one place.
"""

from __future__ import annotations

from notation_toolkit.core.codes import CodeInfo, register_code

_CODES: tuple[tuple[str, str, str], ...] = (
    (
        "FEEN101",
        "syntax error in the piece placement",
        """
Field 1 (piece placement) is a sequence of ranks separated by separator groups (`/`, `//` ...).
A rank is made of pieces (EPIN: optional `+`/`-`, a letter, optional `^`, optional `'`) and
empty-square counts (`1`, `8`, `19` ... no leading zero). A separator may not start or end the
field, and two separator groups cannot touch (`8//` + `/8` is one group `///`).

    -rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c
""",
    ),
    (
        "FEEN102",
        "syntax error in the hands",
        """
Field 2 lists the pieces held by each player: `first/second`, with exactly one `/` (a lone `/`
means both hands are empty). Each item is an optional count (2-9, or 10 and more without a
leading zero) followed by a piece: `3P2B/p`.
""",
    ),
    (
        "FEEN103",
        "syntax error in the style-turn",
        """
Field 3 is two styles separated by `/`: `C/c` (first player to move) or `c/C` (second player to
move). In the `feen` profile a style is one letter (SIN); in `feen-legacy` it is a name such as
`CHESS/chess` (SNN).
""",
    ),
    (
        "FEEN104",
        "fields and spaces",
        """
A FEEN string is exactly three non-empty fields separated by exactly one ASCII space (0x20):
`placement hands style-turn`. No leading or trailing spaces, no double spaces, no tabs or line
breaks.
""",
    ),
    (
        "FEEN105",
        "non-ASCII or control character",
        """
FEEN is ASCII only. Characters that look like ASCII letters (Cyrillic `К`, Greek `Κ`, full-width
`Ｋ`) and control characters (NUL ...) are refused; the message names the character and its
position, and the hint names the ASCII character it resembles.
""",
    ),
    (
        "FEEN106",
        "piece markers in the wrong order",
        """
The markers of an EPIN piece have a fixed order: state (`+`/`-`), letter, terminal marker (`^`),
derivation marker (`'`), each at most once: `+K^'` is valid, `K'^`, `K^^` and `'K` are not.
The legacy profile (PNN pieces) has no terminal marker at all.
""",
    ),
    (
        "FEEN107",
        "bad hand count",
        """
A hand count is at least 2 and has no leading zero: one piece is written without a count
(`P`, not `1P`), and `0P` or `02P` are not allowed.
""",
    ),
    (
        "FEEN201",
        "dimensional coherence",
        """
A separator group of length N may only separate parts that themselves contain separator groups of
length N-1: `a/b//c/d` is a 3D board, but `rkr//PPPP` (skips `/`), `a//b//c` and `a/b///c/d` are
not coherent.
""",
    ),
    (
        "FEEN202",
        "more pieces than squares",
        """
Cardinality: the pieces on the board plus the pieces in both hands (with multiplicity) may not
exceed the number of squares (empty-counts plus pieces on the board). `K^k^ 2K^/2k^ S/s` has 6
pieces for 2 squares.
""",
    ),
    (
        "FEEN203",
        "styles of the same case",
        """
The style-turn field needs one uppercase style (the first player's) and one lowercase style (the
second player's); the first of the two is the side to move. `C/C` and `c/c` are invalid;
`C/c`, `c/C` and `C/m` are valid.
""",
    ),
    (
        "FEEN204",
        "hand items not aggregated",
        """
Canonical form: a given piece appears at most once per hand, with its multiplicity: `3P`, not
`PPP` or `2PP` (and `3P3Q2P` is invalid because `P` appears twice). In strict mode this is an
error whose fix is the canonical hands; `ntk fmt --lenient` (or `canonicalize`) applies it.
""",
    ),
    (
        "FEEN205",
        "hand items not sorted",
        """
Canonical form: hand items are ordered by multiplicity (descending), then base letter
(case-insensitive, ascending), uppercase before lowercase, state `-` before `+` before none,
without `^` before with, without `'` before with: `3P2B/`, `BbPp/`. In strict mode this is an
error whose fix is the canonical hands; `ntk fmt --lenient` (or `canonicalize`) applies it.
""",
    ),
    (
        "FEEN301",
        "larger than the reference limit",
        """
The `reference` limits refuse inputs over 4096 bytes, like the reference implementations. The
string may still be FEEN: use the default limits to accept it.
""",
    ),
    (
        "FEEN302",
        "too many dimensions",
        """
The configured limits allow fewer dimensions than this board has (the `reference` limits allow 3).
The string may still be FEEN: the default limits allow any number of dimensions.
""",
    ),
    (
        "FEEN303",
        "too many cells along a dimension",
        """
The configured limits allow at most this many cells along any one dimension (the `reference`
limits: 255). The string may still be FEEN under the default limits.
""",
    ),
    (
        "FEEN304",
        "irregular board",
        """
The configured limits accept regular boards only (the `reference` limits: every rank the same
length, every layer the same number of ranks). Irregular boards such as `rkr/pp/PPPP` are FEEN
under the default limits.
""",
    ),
    (
        "FEEN305",
        "count too long",
        """
An empty-square count or hand count has more digits than the configured limit (default 100
digits; `reference`: 3). Counts are never converted before this check, so huge digit runs are
refused at once. Raise `max_count_digits` in a custom `Limits` if you need longer counts.
""",
    ),
    (
        "EPIN101",
        "not an EPIN token",
        """
An EPIN token is an optional state modifier (`+` or `-`), one ASCII letter (uppercase = first
side), an optional terminal marker `^` and an optional derivation marker `'`, in that order:
`K`, `+p`, `K^`, `-R'`, `+K^'`.
""",
    ),
    (
        "PIN101",
        "not a PIN token",
        """
A PIN token is an optional state modifier (`+` or `-`), one ASCII letter and an optional terminal
marker `^`: `K`, `+p`, `K^`. (EPIN adds the derivation marker `'`.)
""",
    ),
    (
        "SIN101",
        "not a SIN token",
        """
A SIN token (style) is one ASCII letter: uppercase for the first side, lowercase for the second:
`C`, `s`.
""",
    ),
    (
        "QPI101",
        "not a QPI token",
        """
A QPI token is a SIN style, a colon and a PIN piece: `C:K`, `c:+p`, `S:+R^`.
""",
    ),
    (
        "QPI201",
        "QPI parts of different sides",
        """
Both parts of a QPI belong to the same side: the style and the piece have the same case. `C:K`
and `c:+p` are valid; `C:k` is not.
""",
    ),
)

_FIELD_HINTS = {
    "FEEN101": "the placement is ranks of pieces and empty-square counts separated by '/', "
    "e.g. 8/8/8/8/8/8/8/8",
    "FEEN102": "the hands are first/second with exactly one '/', e.g. 2P/p, or / when both are empty",
}

# The identifier notations (EPIN, PIN, SIN, QPI) refuse a bad token in the same words.
_IDENTIFIER_CODES = ("EPIN101", "PIN101", "SIN101", "QPI101")

# Message templates, by code and template name ("" is the code's main message). Fields in braces
# are filled by the caller; ``char`` is always a complete noun phrase from ``describe_char``.
_MESSAGES: dict[str, dict[str, str]] = {
    # The grammar's own words (expected ..., found ...), from core.grammar.translate_lark_error.
    "FEEN101": {
        "": "{detail}",
        # The fast path and the grammar disagree on the shipped grammar: a bug, said as one.
        "disagreement": "internal disagreement between the fast path and the grammar",
        "not_a_position": "the grammar did not produce a FEEN position",
    },
    "FEEN102": {"": "{detail}"},
    "FEEN103": {"": "{detail}"},
    "FEEN104": {
        "whitespace": "{char} at column {column}: fields are separated by exactly one ASCII space",
        "empty": "the input is empty",
        "empty_field": "the {field_name} is empty",
        "space_in_field": "a space at column {column}: a single field has no spaces",
        "leading_space": "the input starts with a space",
        "trailing_space": "the input ends with a space",
        "spaces": "{count} spaces in a row at column {column}: fields are separated by exactly one space",
        "fields": "expected 3 fields (placement, hands, style-turn) separated by single spaces, "
        "found {count}",
        "extra_fields": "expected 3 fields (placement, hands, style-turn) separated by single spaces, "
        "found {count}; the fourth starts at column {column}",
    },
    "FEEN105": {"": "{char} at column {column}: FEEN is ASCII only"},
    "FEEN106": {
        "legacy_terminal": "the terminal marker '^' does not exist in the feen-legacy profile (PNN pieces)",
        "terminal_after_derived": "the terminal marker '^' must come before the derivation marker \"'\"",
        "repeated": "a piece has at most one {marker!r} marker",
        "misplaced": "the marker {marker!r} must follow a piece letter",
    },
    "FEEN107": {
        "leading_zero": "hand count {digits!r} is not allowed: counts have no leading zero",
        "one": "hand count {digits!r} is not allowed: a hand count is 2 or more",
    },
    "FEEN201": {
        "": "separator {group!r} must separate parts that contain {want!r}; around it: {left!r} and {right!r}"
    },
    "FEEN202": {
        "": "{pieces} pieces ({board} on the board, {in_hands} in hands) for {squares}: "
        "there cannot be more pieces than squares"
    },
    "FEEN203": {
        "": "both styles are {case} ({active}/{inactive}): one must be uppercase (first player) "
        "and one lowercase (second player)"
    },
    "FEEN204": {
        "": "hand items must be aggregated: {piece} appears more than once in the {side} hand; "
        "write {total}{piece} once"
    },
    "FEEN205": {"": "hand items must be sorted: {after} must come before {before}"},
    "FEEN301": {"": "the input is {size:,} bytes; the {limits} limits allow {limit:,}"},
    "FEEN302": {"": "the board has {dimensions} dimensions; the {limits} limits allow {limit}"},
    "FEEN303": {"": "the board has {cells:,} cells along one dimension; the {limits} limits allow {limit}"},
    "FEEN304": {
        "": "the board is irregular (ranks of lengths {lengths}); "
        "the {limits} limits accept regular boards only"
    },
    "FEEN305": {"": "this {what} has {digits:,} digits; the limit is {limit}"},
    **{
        code: {"char": "{char} at column {column} is not allowed in {what}: ASCII only", "": "not {what}"}
        for code in _IDENTIFIER_CODES
    },
    "QPI201": {
        "": "the style {style} and the piece {piece} belong to different sides "
        "({style_side} and {piece_side})"
    },
}

_THREE_FIELDS = "write 'placement hands style-turn', e.g. '8/8/8/8/8/8/8/8 / C/c'"

_HINTS: dict[str, dict[str, str]] = {
    "FEEN101": {
        "": _FIELD_HINTS["FEEN101"],
        "disagreement": "please report this input as a bug of the toolkit",
        "not_a_position": "keep the FEEN rule 'feen' as the grammar's start (import it by name)",
    },
    "FEEN102": {"": _FIELD_HINTS["FEEN102"]},
    "FEEN103": {
        "": "the style-turn is two style letters of opposite case, e.g. C/c",
        "letters": "a style is one letter (SIN), e.g. C/c; multi-letter names such as CHESS are feen-legacy",
        "legacy": "write two style names such as CHESS/chess",
    },
    "FEEN104": {
        "whitespace": "remove it, or replace it with one ASCII space between fields",
        "empty": "a FEEN string has three fields, e.g. '8/8/8/8/8/8/8/8 / C/c'",
        "space_in_field": "give one field only",
        "leading_space": "remove the leading space(s)",
        "trailing_space": "remove the trailing space(s)",
        "spaces": "use exactly one space between fields",
        "fields": _THREE_FIELDS,
        "missing_hands": _THREE_FIELDS + "; a missing hands field is written '/'",
        "extra_fields": _THREE_FIELDS,
    },
    "FEEN105": {"": "remove it"},
    "FEEN106": {
        "legacy_terminal": "remove '^', or use the current profile (feen)",
        "terminal_after_derived": "write the markers in the order state, letter, '^', \"'\" (like K^')",
        "repeated": "remove the repeated marker",
        "misplaced": "write the markers in the order state, letter, '^', \"'\" (like +K^')",
    },
    "FEEN107": {
        "leading_zero": "write the count without leading zeros (and no count at all for a single piece)",
        "one": "a single piece is written without a count (P, not 1P)",
    },
    "FEEN201": {
        "": "a group of {n} slashes marks dimension {dimension}: each part it separates must itself be "
        "split by {inner} (like a/b//c/d)"
    },
    "FEEN202": {"": "remove pieces or enlarge the board"},
    "FEEN203": {"": "write {first} (first player to move) or {second} (second player to move)"},
    "FEEN204": {"": "canonical hands: {canonical}"},
    "FEEN205": {"": "canonical hands: {canonical} ({reason})"},
    "FEEN301": {"": "use the default limits to accept longer FEEN strings"},
    "FEEN302": {"": "use the default limits to accept boards of any dimension"},
    "FEEN303": {"": "use the default limits to accept larger boards"},
    "FEEN304": {"": "use the default limits to accept irregular boards"},
    "FEEN305": {
        "": "counts this long are refused before they are read; raise max_count_digits in a custom "
        "Limits if you really need them"
    },
    **{code: {"char": "remove it"} for code in _IDENTIFIER_CODES},
    "QPI201": {"": "write both in the same case: {same_as_style} or {same_as_piece}"},
}

_INFO: dict[str, CodeInfo] = {
    code: register_code(code, title, text, messages=_MESSAGES.get(code), hints=_HINTS.get(code))
    for code, title, text in _CODES
}

CODES = tuple(_INFO)

FEEN101 = _INFO["FEEN101"]
FEEN102 = _INFO["FEEN102"]
FEEN103 = _INFO["FEEN103"]
FEEN104 = _INFO["FEEN104"]
FEEN105 = _INFO["FEEN105"]
FEEN106 = _INFO["FEEN106"]
FEEN107 = _INFO["FEEN107"]
FEEN201 = _INFO["FEEN201"]
FEEN202 = _INFO["FEEN202"]
FEEN203 = _INFO["FEEN203"]
FEEN204 = _INFO["FEEN204"]
FEEN205 = _INFO["FEEN205"]
FEEN301 = _INFO["FEEN301"]
FEEN302 = _INFO["FEEN302"]
FEEN303 = _INFO["FEEN303"]
FEEN304 = _INFO["FEEN304"]
FEEN305 = _INFO["FEEN305"]
EPIN101 = _INFO["EPIN101"]
PIN101 = _INFO["PIN101"]
SIN101 = _INFO["SIN101"]
QPI101 = _INFO["QPI101"]
QPI201 = _INFO["QPI201"]

SYNTAX = (FEEN101, FEEN102, FEEN103)
"""The syntax-error code of each field (placement, hands, style-turn)."""
