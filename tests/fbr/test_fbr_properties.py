"""Property tests: grammar-generated rule files parse (or fail cleanly) and round-trip; any text
fails only with NotationError."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from notation_toolkit import fbr, mbn
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.fbr.format import format_rule
from notation_toolkit.mbn.format import format_item

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _strategy(grammar: str, start: str) -> st.SearchStrategy[str]:
    # A cache-less parser: a parser restored from the disk cache has no grammar to generate from.
    return from_lark(load_parser(grammar, start, cache=False), start=start)


def _round_trip(parse: Any, formatter: Any, text: str) -> None:
    try:
        tree = parse(text)
    except NotationError:
        return  # generated text may lex differently from the derivation; a clean error is fine
    canonical = formatter(tree)
    again = parse(canonical)
    assert again == tree
    assert formatter(again) == canonical


@SETTINGS
@given(_strategy("rulefile", "rule_file"))
def test_generated_rule_files_round_trip(text: str) -> None:
    _round_trip(fbr.parse, fbr.dumps, text)


@SETTINGS
@given(_strategy("fbr", "fbr_rule"))
def test_generated_rules_round_trip(text: str) -> None:
    _round_trip(fbr.parse_rule, format_rule, text)


@pytest.mark.slow
@SETTINGS
@given(_strategy("mbn", "mbn_item"))
def test_generated_mbn_items_round_trip(text: str) -> None:
    _round_trip(mbn.parse_item, format_item, text)


@SETTINGS
@given(_strategy("rulefile", "rule_file"))
def test_generated_rule_files_mostly_parse(text: str) -> None:
    # The grammar's own sentences are accepted (the lexer is context-aware): no false syntax errors.
    # Only FBR102 (a rule part given twice, which the grammar leaves to the AST builder) may refuse.
    try:
        fbr.parse(text)
    except NotationError as exc:
        assert exc.code == "FBR102", exc


@SETTINGS
@given(st.text(alphabet=st.sampled_from(list('royalK Q=R+N-[]{}()<>#*!^@:|/,?0123abc~"\t\n')), max_size=60))
def test_any_text_fails_cleanly(text: str) -> None:
    for function in (fbr.parse, fbr.check, fbr.parse_rule, mbn.parse_item, mbn.parse_moves):
        with contextlib.suppress(NotationError):
            function(text)


@SETTINGS
@given(st.text(max_size=40))
def test_any_unicode_fails_cleanly(text: str) -> None:
    try:
        fbr.validate(text)
    except NotationError as exc:
        assert exc.diagnostics
