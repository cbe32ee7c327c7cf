"""Diagnostic codes of FEEN and the Sashité token notations (``ntk explain FEEN101``)."""

from __future__ import annotations

from notation_toolkit.core.codes import register_code

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

for _code, _title, _text in _CODES:
    register_code(_code, _title, _text)

CODES = tuple(c for c, _, _ in _CODES)
