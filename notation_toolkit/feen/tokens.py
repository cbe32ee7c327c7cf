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

from lark import Lark

import notation_toolkit.feen.codes  # noqa: F401  (registers the diagnostic codes)
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import NotationError, ParseError, ValidationError
from notation_toolkit.core.grammar import (
    check_size,
    describe_char,
    load_parser,
    lookalike_hint,
    parse_text,
)
from notation_toolkit.core.regular import compile_regex
from notation_toolkit.core.span import Span
from notation_toolkit.feen.ast import Piece, Qpi, Style, piece, style

_MAX_TOKEN_INPUT = 1024
_lock = threading.Lock()
_compiled: dict[str, tuple[Lark, re.Pattern[str]]] = {}
_BAD_CHAR = re.compile(r"[^\x21-\x7e]")

T = TypeVar("T")


def _grammar(name: str) -> tuple[Lark, re.Pattern[str]]:
    with _lock:
        found = _compiled.get(name)
    if found is None:
        parser = load_parser(name, cache=False)  # compile_regex needs .grammar (absent on cache hits)
        found = (parser, re.compile(compile_regex(parser, "start")))
        with _lock:
            _compiled[name] = found
    return found


def _parse_token(text: str, name: str, code: str, what: str, build: Callable[[str], T]) -> T:
    if not isinstance(text, str):
        raise TypeError(f"{what} input must be a str, not {type(text).__name__}")
    check_size(text, _MAX_TOKEN_INPUT, what=what)
    parser, regex = _grammar(name)
    if regex.fullmatch(text) is not None:
        return build(text)
    m = _BAD_CHAR.search(text)
    if m is not None:
        ch = m.group()
        raise ParseError.single(
            code,
            f"{describe_char(ch)} at column {m.start() + 1} is not allowed in {what}: ASCII only",
            span=Span(m.start(), 1, 1, m.start() + 1),
            text=text,
            hint=lookalike_hint(ch) or "remove it",
        )
    parse_text(parser, text, code=code)
    raise ParseError.single(code, f"not {what}", text=text)  # pragma: no cover - grammar agrees


def parse_epin(text: str) -> Piece:
    """Parse an EPIN token (``K``, ``+p``, ``K^``, ``-R'``, ``+K^'``) into an interned ``Piece``."""
    return _parse_token(text, "epin", "EPIN101", "an EPIN token", piece)


def parse_pin(text: str) -> Piece:
    """Parse a PIN token (``[-+]?[A-Za-z]\\^?``: ``K``, ``+p``, ``K^``); ``derived`` is always False."""
    return _parse_token(text, "pin", "PIN101", "a PIN token", piece)


def parse_sin(text: str) -> Style:
    """Parse a SIN token (one ASCII letter: ``C`` first side, ``c`` second side)."""
    return _parse_token(text, "sin", "SIN101", "a SIN token", style)


def _build_qpi(text: str) -> Qpi:
    colon = text.index(":")
    st = style(text[:colon])
    pc = piece(text[colon + 1 :])
    if st.side is not pc.side:
        raise ValidationError(
            [
                Diagnostic(
                    "QPI201",
                    f"the style {st} and the piece {pc} belong to different sides "
                    f"({st.side.value} and {pc.side.value})",
                    Span(0, len(text), 1, 1),
                    Severity.ERROR,
                    f"write both in the same case: {st.name}:{_recase(pc.token, st.name)} "
                    f"or {_recase(st.name, pc.letter)}:{pc.token}",
                    None,
                    None,
                )
            ],
            text,
        )
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
