"""Pygments lexers for FEEN, FEN, DFEN, FBR rule files and MBN, following the grammars in ``grammars/``.

Registered through the ``pygments.lexers`` entry points, so ``pygmentize -l fbr file.fbr``, Sphinx,
MkDocs and rich's ``Syntax`` highlight them by name::

    >>> from pygments.lexers import get_lexer_by_name
    >>> get_lexer_by_name("fbr").name
    'FBR rule file'

Token kinds (the same in every lexer):

=====================  ==========================================================================
``Keyword``            FBR rule names (``royal``, ``promotion``)
``Name.Attribute``     FBR attribute names (``enter``, ``capture``)
``Name.Builtin``       piece letters of the first side / upper case (``K``, ``:QD:``, ``O-O``)
``Name.Variable``      piece letters of the second side / lower case (``k``)
``Name.Entity``        MBN move letters (atoms ``W``, ``F``, ``N`` and pieces used as macros)
``Keyword.Type``       MBN modifiers (``m``, ``c``, ``f``, ``(fs)``) and group directions
``Operator``           prefixes and state modifiers (``+ - # * $ % &``), ``! @ = == -- ?``
``Name.Decorator``     EPIN markers ``^`` (terminal) and ``'`` (derived)
``Number.Integer``     counts, steps, sequence numbers, clocks
``Name.Label``         board ranges and squares (``[1-2]``, ``e3``)
``Name.Constant``      styles (``C/c``), castling rights, cardinal directions, range symbols
``Keyword.Constant``   the side to move (``w`` / ``b``)
``String``             piece names ``|Fire Demon|``, announcements, metadata values
``String.Symbol``      the dice pool of DFEN
``Name.Tag``           metadata keys (``variant``)
``Punctuation``        ``/ { } [ ] ( ) < > ,``
``Comment.Single``     ``~ ...`` in rule files, ``# ...`` lines in position files
``Error``              what the grammar does not allow there
=====================  ==========================================================================

The lexers never raise: text the grammar refuses becomes ``Error`` tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar

from pygments.lexer import RegexLexer, default, include
from pygments.lexer import bygroups as _bygroups
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
    _TokenType,
)

__all__ = ["DfenLexer", "FbrLexer", "FeenLexer", "FenLexer", "MbnLexer"]

_PREFIX = r"[+\-#*$%&]"
_COMPOUND = r":[A-Za-z][A-Za-z0-9]{0,2}:"
_EXTENDED = r":[0-9]+,[0-9]+:"
_AMALGAM = r"\([bdflrstvz]{2,}\)"
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
# One single_range of mbn.lark (files, ranks, 3D levels, 4D rows, or a range symbol).
_SPAN = r"(?:[0-9]+(?:-[0-9]+)?(?:[A-Z](?:-[A-Z])?(?:[0-9]+(?:-[0-9]+)?)?)?)"
_SINGLE_RANGE = rf"(?:[a-z](?:-[a-z])?{_SPAN}?|{_SPAN}|[#.+*:])"
# '[' starts a board range when a whole range follows; otherwise an optional leg (G3).
_RANGE_AHEAD = rf"\[(?=\^?{_SINGLE_RANGE}(?:,{_SINGLE_RANGE})*\])"

RuleToken = tuple[Any, ...]
# The stubs leave bygroups untyped: give it a type once.
bygroups: Callable[..., Any] = _bygroups


def _silent(_lexer: RegexLexer, _match: Any) -> Iterator[tuple[int, _TokenType, str]]:
    # A zero-width match that only changes state: yield no (empty) token.
    return iter(())


_END_OF_ITEM: RuleToken = (r"(?=[ \t\r\n])", _silent, "#pop")
# Whitespace inside brackets: the bracket was never closed. Mark it and leave the bracket.
_UNCLOSED: RuleToken = (r"[ \t\r\n]", Error, "#pop")


def _field(*rules: Any, then: str | None = None) -> list[Any]:
    """A field of a one-position-a-line notation: a newline ends the line; a space moves to ``then``."""
    out: list[Any] = [(r"\n", Whitespace, "#pop"), *rules]
    if then is not None:
        out.append((r" ", Whitespace, ("#pop", then)))
    return out


def _bracketed(close: str, *rules: Any) -> list[Any]:
    """The inside of a bracket: ``close`` leaves it; whitespace means it was never closed."""
    return [(close, Punctuation, "#pop"), _UNCLOSED, *rules]


def _line_root(first: str) -> list[Any]:
    # One position a line; '#' starts a comment line and blank lines are skipped.
    return [(r"[ \t\r]*#[^\n]*", Comment.Single), (r"[ \t\r]*\n", Whitespace), default(first)]


class _Lexer(RegexLexer):
    # Keep the text as given: Pygments would otherwise strip leading and trailing newlines.
    def __init__(self, **options: Any) -> None:
        options.setdefault("stripnl", False)
        super().__init__(**options)


# ------------------------------------------------------------------------------------------------
# FEEN


class FeenLexer(_Lexer):
    """FEEN positions, one a line (``#`` starts a comment line): placement, hands, style-turn."""

    name = "FEEN"
    aliases: ClassVar[list[str]] = ["feen", "feen-legacy"]
    filenames: ClassVar[list[str]] = ["*.feen"]
    mimetypes: ClassVar[list[str]] = ["text/x-feen"]
    url = "https://sashite.dev/specs/feen/"

    tokens: ClassVar[dict[str, list[Any]]] = {
        "root": _line_root("placement"),
        "piece": [
            (r"([-+]?)([A-Z])(\^?)('?)", bygroups(Operator, Name.Builtin, Name.Decorator, Name.Decorator)),
            (r"([-+]?)([a-z])(\^?)('?)", bygroups(Operator, Name.Variable, Name.Decorator, Name.Decorator)),
        ],
        "placement": _field(
            (r"[1-9][0-9]*", Number.Integer),
            include("piece"),
            (r"/+", Punctuation),
            then="hands",
        ),
        "hands": _field(
            (r"[1-9][0-9]+|[2-9]", Number.Integer),
            include("piece"),
            (r"/", Punctuation),
            then="style",
        ),
        "style": _field(
            # SIN letters; the legacy profile's SNN names are words.
            (r"[A-Za-z][A-Za-z0-9]*", Name.Constant),
            (r"/", Punctuation),
        ),
    }


# ------------------------------------------------------------------------------------------------
# FEN and DFEN


def _fen_tokens(dfen: bool) -> dict[str, list[Any]]:
    after_fullmove = "dice" if dfen else "extra"
    en_passant = r"(?:[a-h][1-8])+" if dfen else r"[a-h][1-8]"
    tokens: dict[str, list[Any]] = {
        "root": _line_root("placement"),
        "placement": _field(
            (r"[PNBRQK]", Name.Builtin),
            (r"[pnbrqk]", Name.Variable),
            (r"[1-8]", Number.Integer),
            (r"/", Punctuation),
            then="side",
        ),
        "side": _field(
            (r"[wb]", Keyword.Constant),
            then="castling",
        ),
        "castling": _field(
            (r"[KQkq]+|-", Name.Constant),
            then="en_passant",
        ),
        "en_passant": _field(
            (en_passant, Name.Label),
            (r"-", Name.Label),
            then="halfmove",
        ),
        "halfmove": _field(
            (r"[0-9]+", Number.Integer),
            then="fullmove",
        ),
        "fullmove": _field(
            (r"[0-9]+", Number.Integer),
            then=after_fullmove,
        ),
        "dice": _field(
            (r"[PNBRQKpnbrqk]+|-", String.Symbol),
            then="extra",
        ),
        # A field the grammar does not have (an extension grammar's): every character is an error.
        "extra": _field(
            (r"[^\n]", Error),
        ),
    }
    return tokens


class FenLexer(_Lexer):
    """Standard FEN, one position a line (``#`` starts a comment line)."""

    name = "FEN"
    aliases: ClassVar[list[str]] = ["fen"]
    filenames: ClassVar[list[str]] = ["*.fen"]
    mimetypes: ClassVar[list[str]] = ["text/x-fen"]
    tokens: ClassVar[dict[str, list[Any]]] = _fen_tokens(dfen=False)


class DfenLexer(_Lexer):
    """DFEN (Dice Chess FEN): FEN with several en-passant targets and the dice pool (field 7)."""

    name = "DFEN"
    aliases: ClassVar[list[str]] = ["dfen"]
    filenames: ClassVar[list[str]] = ["*.dfen"]
    mimetypes: ClassVar[list[str]] = ["text/x-dfen"]
    tokens: ClassVar[dict[str, list[Any]]] = _fen_tokens(dfen=True)


# ------------------------------------------------------------------------------------------------
# MBN and FBR


_MBN_STATES: dict[str, list[Any]] = {
    "set": _bracketed(
        r"\}",
        (r"[!^]", Operator),
        (_PREFIX, Operator),
        (_COMPOUND, Name.Builtin),
        (r"[A-Z]", Name.Builtin),
        (r"[a-z]", Name.Variable),
        (r"(=)([0-9]+)", bygroups(Operator, Number.Integer)),  # piece values {M=1,K=1000}
        (r",", Punctuation),
    ),
    "range": _bracketed(
        r"\]",
        (r"\^", Operator),
        (r"[a-z]|[0-9]+|[A-Z]", Name.Label),
        (r"-", Name.Label),
        (r",", Punctuation),
        (r"[#.+*:]", Name.Constant),
    ),
    "board-id": _bracketed(
        r">",
        (r"<", Punctuation, "#push"),  # reflected and 4D board ids nest: <<1>;<2>>
        (r"[0-9]+", Number.Integer),
        (r"[*+\-]", Operator),
        (r"[,;]", Punctuation),
    ),
    "mbn-item": [
        _END_OF_ITEM,
        (r"[!@]", Operator),
        (_PREFIX, Operator),
        (r"O-O(?:-O)?", Name.Builtin),
        (_COMPOUND, Name.Builtin),
        (r"[A-Z]", Name.Builtin),
        (r"<", Punctuation, "board-id"),
        (r"\|[^|\r\n\x00]*\|", String),
        (rf"(/)({_NAME})(/)", bygroups(Punctuation, String, Punctuation)),
        (r"==", Operator, ("#pop", "targets")),
        (r"=", Operator, ("#pop", "moves")),
    ],
    "move": [
        (r"--|-|\+", Operator),
        (r"!|\?", Operator),
        (_EXTENDED, Number.Integer),
        (_COMPOUND, Name.Entity),
        (_AMALGAM, Keyword.Type),
        (r"\(", Punctuation, "group"),
        (_RANGE_AHEAD, Punctuation, "range"),
        (r"\[", Punctuation, "leg"),
        (r"\{", Punctuation, "set"),
        (r"<", Punctuation, "board-id"),
        (r"/", Punctuation),
        (r"[A-Z]", Name.Entity),
        (r"[a-z]", Keyword.Type),
        (r"[0-9]+\*?|\*\*|#", Number.Integer),
    ],
    "moves": [
        _END_OF_ITEM,
        (r"=", Operator),  # the next '=' part of a definition (castling: king part, rook part)
        include("move"),
    ],
    "group": _bracketed(
        r"\)",
        include("move"),
    ),
    "leg": _bracketed(
        r"\]",
        include("move"),
    ),
    "targets": [
        _END_OF_ITEM,
        (r"@", Operator),
        (_PREFIX, Operator),
        (_COMPOUND, Name.Builtin),
        (r"[A-Z]", Name.Builtin),
        (r"[a-z]", Name.Variable),
        (r"\(", Punctuation, "group"),
    ],
}


class MbnLexer(_Lexer):
    """MBN (Modified Betza Notation) piece definitions, declarations and promotion rules."""

    name = "MBN"
    aliases: ClassVar[list[str]] = ["mbn", "betza"]
    filenames: ClassVar[list[str]] = ["*.mbn"]
    mimetypes: ClassVar[list[str]] = ["text/x-mbn"]
    tokens: ClassVar[dict[str, list[Any]]] = {
        "root": [
            (r"\s+", Whitespace),
            default("mbn-item"),
        ],
        **_MBN_STATES,
    }


class FbrLexer(_Lexer):
    """FBR rule files: rules with their parts and attributes, MBN pieces, metadata, ``~`` comments."""

    name = "FBR rule file"
    aliases: ClassVar[list[str]] = ["fbr", "rulefile"]
    filenames: ClassVar[list[str]] = ["*.fbr"]
    mimetypes: ClassVar[list[str]] = ["text/x-fbr"]
    tokens: ClassVar[dict[str, list[Any]]] = {
        "root": [
            (r"\s+", Whitespace),
            (r"~[^\r\n]*", Comment.Single),
            (r'(variant|boardsize|startposition)(=)("[^"\r\n\x00]*")', bygroups(Name.Tag, Operator, String)),
            # The first-character rule: a lower-case word (after an optional '!') is an FBR rule.
            (r"(!?)([a-z][a-z0-9]*)", bygroups(Operator, Keyword), "rule"),
            default("mbn-item"),
        ],
        "rule": [
            _END_OF_ITEM,
            (_PREFIX, Operator),
            (r"(<)([0-9]+)(>)", bygroups(Punctuation, Number.Integer, Punctuation)),
            (r"(<)(nw|ne|sw|se|n|s|e|w)(>)", bygroups(Punctuation, Name.Constant, Punctuation)),
            (r"\{", Punctuation, "set"),
            (r"\[", Punctuation, "range"),
            (rf"(/)({_NAME})(/)", bygroups(Punctuation, String, Punctuation)),
            (r"=", Operator, ("#pop", "attributes")),
        ],
        "attributes": [
            _END_OF_ITEM,
            (r"(!?)([a-z0-9][A-Za-z0-9]*)", bygroups(Operator, Name.Attribute)),
            (_PREFIX, Operator),
            (r"(\()([0-9]*)(\))", bygroups(Punctuation, Number.Integer, Punctuation)),
            (r"\{", Punctuation, "set"),
            (r"\[", Punctuation, "range"),
            (r",", Punctuation),
        ],
        **_MBN_STATES,
    }
