"""Every registered notation, fed hostile input through its public entry points.

Whatever the input, ``parse``/``format``/``canonicalize`` either succeed or raise a
``NotationError`` subclass, and ``check`` returns diagnostics without raising. No message shows a
Lark internal name.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.registry import get_notation, notation_names

BUILTIN = ["feen", "feen-legacy", "epin", "pin", "sin", "qpi", "fen", "dfen", "fbr", "mbn"]

HOSTILE = [
    "",
    " ",
    "\x00",
    "\t",
    "\r\n",
    "\ufeff",
    "Ж",
    "ＫＱＲ",
    "K\x00Q",
    "8/8/8/8/8/8/8/8\t/ C/c",
    "8/8/8/8/8/8/8/8 / C/c\r\n",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\r",
    "9" * 100_000,
    "/" * 10_000,
    "(" * 10_000 + ")" * 10_000,
    "[" * 5_000,
    "{" * 5_000,
    "K=" + "(" * 10_000 + "W" + ")" * 10_000,
    "x" * 1_000_000,
    "rnbqkbnr/" * 50_000,
    "=" * 1000,
    "royal " * 20_000,
    "\\" * 100,
    "%import feen",
]

_LEAK = re.compile(r"__ANON|\$END|<END-OF-FILE>|\b[a-z]+__[a-z_]+\b|Token\(|UnexpectedToken|Traceback")


def _assert_clean(diags: tuple[Diagnostic, ...] | list[Diagnostic]) -> None:
    for d in diags:
        assert isinstance(d, Diagnostic)
        assert d.code and d.message
        assert not _LEAK.search(d.message), d.message
        assert d.hint is None or not _LEAK.search(d.hint), d.hint


def test_every_builtin_notation_is_registered() -> None:
    assert set(BUILTIN) <= set(notation_names())


@pytest.mark.parametrize("name", BUILTIN)
@pytest.mark.parametrize("index", range(len(HOSTILE)))
def test_hostile_input_gives_notation_errors_only(name: str, index: int) -> None:
    notation = get_notation(name)
    text = HOSTILE[index]
    _assert_clean(notation.check(text))
    for func in (notation.parse, notation.format):
        try:
            func(text)
        except NotationError as exc:
            assert exc.diagnostics
            _assert_clean(exc.diagnostics)
    if notation.canonicalize is not None:
        try:
            _canonical, fixes = notation.canonicalize(text)
            _assert_clean(fixes)
        except NotationError as exc:
            _assert_clean(exc.diagnostics)


_ALPHABET = "KQRBNPkqrbnp12345678/ -+^'*#=()[]{}<>:|~!@$%&.,;aAwbcC\t\x00Жé0"


@pytest.mark.parametrize("name", BUILTIN)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(alphabet=_ALPHABET, max_size=80))
def test_random_text_gives_notation_errors_only(name: str, text: str) -> None:
    notation = get_notation(name)
    _assert_clean(notation.check(text))
    try:
        notation.parse(text)
    except NotationError as exc:
        _assert_clean(exc.diagnostics)
