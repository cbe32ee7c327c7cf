"""EPIN, PIN, SIN and QPI token parsers."""

from __future__ import annotations

import pytest

from notation_toolkit import feen
from notation_toolkit.core.errors import ParseError, ValidationError
from notation_toolkit.feen import Side, State


@pytest.mark.parametrize("token", ["K", "k", "+K", "-p", "K^", "K'", "K^'", "+K^'", "-r'", "z"])
def test_valid_epin(token: str) -> None:
    p = feen.parse_epin(token)
    assert str(p) == token
    assert p is feen.parse_epin(token)  # interned


@pytest.mark.parametrize(
    "token", ["", "K'^", "K^^", "'K", "^K", "KK", "+", "+-K", "1", "K''", " K", "К", "Ｋ"]
)
def test_invalid_epin(token: str) -> None:
    with pytest.raises(ParseError) as info:
        feen.parse_epin(token)
    assert info.value.code == "EPIN101"
    assert not feen.is_valid_token("epin", token)


def test_epin_attributes() -> None:
    p = feen.parse_epin("+k^'")
    assert (p.letter, p.side, p.state, p.terminal, p.derived, p.base) == (
        "k",
        Side.SECOND,
        State.ENHANCED,
        True,
        True,
        "K",
    )
    q = feen.parse_epin("-R")
    assert (q.side, q.state, q.terminal, q.derived) == (Side.FIRST, State.DIMINISHED, False, False)


@pytest.mark.parametrize(
    "token,ok",
    [("K", True), ("+p", True), ("K^", True), ("-k^", True), ("K'", False), ("K^'", False), ("^", False)],
)
def test_pin(token: str, ok: bool) -> None:
    assert feen.is_valid_token("pin", token) is ok
    if not ok:
        with pytest.raises(ParseError) as info:
            feen.parse_pin(token)
        assert info.value.code == "PIN101"


@pytest.mark.parametrize("token,side", [("C", Side.FIRST), ("c", Side.SECOND), ("Z", Side.FIRST)])
def test_sin(token: str, side: Side) -> None:
    assert feen.parse_sin(token).side is side


@pytest.mark.parametrize("token", ["", "CC", "1", "+C", "С", "Ｃ"])
def test_invalid_sin(token: str) -> None:
    with pytest.raises(ParseError) as info:
        feen.parse_sin(token)
    assert info.value.code == "SIN101"


@pytest.mark.parametrize("token", ["C:K", "c:+p", "S:+R^", "x:-k^"])
def test_valid_qpi(token: str) -> None:
    q = feen.parse_qpi(token)
    assert str(q) == token
    assert q.style.side is q.piece.side is q.side


def test_qpi_of_different_sides_is_invalid() -> None:
    with pytest.raises(ValidationError) as info:
        feen.parse_qpi("C:k")
    d = info.value.diagnostics[0]
    assert d.code == "QPI201"
    assert d.hint is not None and "C:K" in d.hint and "c:k" in d.hint


@pytest.mark.parametrize("token", ["C", "C:", ":K", "C:K'", "CK", "C::K", "CC:K", "C:K^^"])
def test_invalid_qpi_syntax(token: str) -> None:
    with pytest.raises(ParseError) as info:
        feen.parse_qpi(token)
    assert info.value.code == "QPI101"
