"""Parsers for the Sashité token notations used by FEEN: EPIN, PIN, SIN and QPI.

Each has its grammar in ``grammars/`` (``epin.lark``, ``pin.lark``, ``sin.lark``, ``qpi.lark``);
a regex compiled from that grammar accepts valid tokens at once, the LALR parser explains
rejections. Results are interned ``Piece`` / ``Style`` objects and ``Qpi`` pairs.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from notation_toolkit.core.codes import get_code
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError, ParseError, ValidationError
from notation_toolkit.core.grammar import (
    check_size,
    describe_char,
    grammar_regexes,
    load_parser,
    lookalike_hint,
    parse_text,
)
from notation_toolkit.core.span import Span
from notation_toolkit.feen.ast import Piece, Qpi, Style, piece, style
from notation_toolkit.feen.codes import QPI201

_MAX_TOKEN_INPUT = 1024
_lock = threading.Lock()
_compiled: dict[str, re.Pattern[str]] = {}
_BAD_CHAR = re.compile(r"[^\x21-\x7e]")

T = TypeVar("T")


def _regex(name: str) -> re.Pattern[str]:
    # Compiled from the grammar (cached on disk): valid tokens never need the Lark parser.
    with _lock:
        found = _compiled.get(name)
    if found is None:
        found = re.compile(grammar_regexes(name, ("start",))["start"])
        with _lock:
            _compiled[name] = found
    return found


def _parse_token(text: str, name: str, code: str, what: str, build: Callable[[str], T]) -> T:
    if not isinstance(text, str):
        raise TypeError(f"{what} input must be a str, not {type(text).__name__}")
    check_size(text, _MAX_TOKEN_INPUT, what=what)
    if _regex(name).fullmatch(text) is not None:
        return build(text)
    info = get_code(code)
    assert info is not None
    m = _BAD_CHAR.search(text)
    if m is not None:
        ch = m.group()
        diagnostic = info.diagnostic(
            "char",
            span=Span(m.start(), 1, 1, m.start() + 1),
            hint=lookalike_hint(ch) or info.hints["char"],
            char=describe_char(ch, kind=True),
            column=m.start() + 1,
            what=what,
        )
        raise ParseError([diagnostic], text)
    parse_text(load_parser(name), text, code=code)
    raise ParseError([info.diagnostic(what=what)], text)  # pragma: no cover - grammar agrees


def parse_epin(text: str) -> Piece:
    """Parse an EPIN token (``K``, ``+p``, ``K^``, ``-R'``, ``+K^'``) into an interned ``Piece``."""
    return _parse_token(text, "epin", "EPIN101", "an EPIN token", piece)


def parse_pin(text: str) -> Piece:
    """Parse a PIN token (``[-+]?[A-Za-z]\\^?``: ``K``, ``+p``, ``K^``); ``derived`` is always False."""
    return _parse_token(text, "pin", "PIN101", "a PIN token", piece)


def parse_sin(text: str) -> Style:
    """Parse a SIN token (one ASCII letter: ``C`` first side, ``c`` second side)."""
    return _parse_token(text, "sin", "SIN101", "a SIN token", style)


def validate_token(value: Piece | Style | Qpi) -> list[Diagnostic]:
    """The semantic diagnostics of a token (only a QPI has a rule beyond its grammar: one side)."""
    if isinstance(value, Qpi) and value.style.side is not value.piece.side:
        return [_qpi_sides(value.style, value.piece, str(value))]
    return []


def _qpi_sides(st: Style, pc: Piece, text: str) -> Diagnostic:
    return QPI201.diagnostic(
        span=Span(0, len(text), 1, 1),
        style=st,
        piece=pc,
        style_side=st.side.value,
        piece_side=pc.side.value,
        same_as_style=f"{st.name}:{_recase(pc.token, st.name)}",
        same_as_piece=f"{_recase(st.name, pc.letter)}:{pc.token}",
    )


def _build_qpi(text: str) -> Qpi:
    colon = text.index(":")
    st = style(text[:colon])
    pc = piece(text[colon + 1 :])
    if st.side is not pc.side:
        raise ValidationError([_qpi_sides(st, pc, text)], text)
    return Qpi(st, pc)


def _recase(token: str, like: str) -> str:
    return token.upper() if "A" <= like[0] <= "Z" else token.lower()


def parse_qpi(text: str) -> Qpi:
    """Parse a QPI token ``SIN:PIN`` whose two parts share a side (``C:K``, ``c:+p``; not ``C:k``)."""
    return _parse_token(text, "qpi", "QPI101", "a QPI token", _build_qpi)


def is_valid_token(kind: str, text: str) -> bool:
    """True if ``text`` is a valid token of ``kind`` (``epin``, ``pin``, ``sin`` or ``qpi``)."""
    parsers: dict[str, Callable[[str], Any]] = {
        "epin": parse_epin,
        "pin": parse_pin,
        "sin": parse_sin,
        "qpi": parse_qpi,
    }
    try:
        parsers[kind](text)
    except NotationError:
        return False
    return True
