"""Property tests generated from the grammar itself (hypothesis.extra.lark.from_lark)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from notation_toolkit import feen
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.feen.parser import parse_result

FEEN_TEXT = from_lark(load_parser("feen", cache=False), start="start")
LEGACY_TEXT = from_lark(load_parser("feen_legacy", cache=False), start="start")
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _outcome(text: str, **options: Any) -> tuple[str, object]:
    try:
        return ("ok", parse_result(text, **options)[0])
    except NotationError as err:
        return (type(err).__name__, tuple((d.code, d.span) for d in err.diagnostics))


@pytest.mark.slow
@SETTINGS
@given(FEEN_TEXT)
def test_grammar_strings_parse_or_raise_notation_error_and_round_trip(text: str) -> None:
    try:
        position = feen.parse(text)
    except NotationError as err:
        # generated strings are syntactically valid: only semantic rules may refuse them
        assert err.code.startswith(("FEEN2", "FEEN3")), err
        return
    assert feen.dumps(position) == text
    assert feen.parse(feen.dumps(position)) == position


@pytest.mark.slow
@SETTINGS
@given(FEEN_TEXT)
def test_fast_path_and_lalr_agree_on_grammar_strings(text: str) -> None:
    assert _outcome(text) == _outcome(text, fast=False)


@pytest.mark.slow
@SETTINGS
@given(LEGACY_TEXT)
def test_fast_path_and_lalr_agree_on_legacy_strings(text: str) -> None:
    assert _outcome(text, profile="feen-legacy") == _outcome(text, profile="feen-legacy", fast=False)


MUTATION_CHARS = st.sampled_from([*list("/ 0129+-^'KkPp:\t"), "//", "  ", "К"])


@st.composite
def mutated(draw: st.DrawFn) -> str:
    text = draw(FEEN_TEXT)
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        if kind == "insert":
            text = text[:i] + draw(MUTATION_CHARS) + text[i:]
        elif kind == "delete":
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + draw(MUTATION_CHARS) + text[i + 1 :]
    return text


@pytest.mark.slow
@SETTINGS
@given(mutated())
def test_fast_path_and_lalr_agree_on_mutated_strings(text: str) -> None:
    fast = _outcome(text)
    slow = _outcome(text, fast=False)
    assert fast[0] == slow[0]
    if fast[0] == "ok":
        assert fast == slow
    else:
        assert fast[1][0] == slow[1][0]  # type: ignore[index]


@SETTINGS
@given(mutated())
def test_any_mutation_parses_or_raises_notation_error(text: str) -> None:
    try:
        position = feen.parse(text)
    except NotationError as err:
        assert err.diagnostics and err.diagnostics[0].span is not None
        return
    assert feen.dumps(position) == text


@pytest.mark.slow
@SETTINGS
@given(FEEN_TEXT)
def test_canonicalize_is_idempotent(text: str) -> None:
    try:
        canonical, _ = feen.canonicalize(text)
    except NotationError:
        return
    assert feen.canonicalize(canonical) == (canonical, [])
    assert feen.dumps(feen.parse(canonical)) == canonical
