"""Bounded numbers (``core.limits``), message templates (``core.codes``), character names and the
grammar cache (``core.cache``)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from notation_toolkit.core import cache
from notation_toolkit.core.codes import CodeInfo, all_codes, get_code
from notation_toolkit.core.errors import LimitError, ParseError
from notation_toolkit.core.grammar import describe_char, grammar_regexes, load_parser
from notation_toolkit.core.limits import MAX_SAFE_DIGITS, bounded_int
from notation_toolkit.core.regular import compile_regex
from notation_toolkit.core.span import Span

# Python's own limit on decimal string conversion (sys.get_int_max_str_digits default).
PYTHON_INT_DIGITS = 4300


@pytest.mark.parametrize("digits", ["0", "7", "-12", "+3", "9" * MAX_SAFE_DIGITS])
def test_bounded_int_converts_numbers_within_the_limit(digits: str) -> None:
    assert bounded_int(digits) == int(digits)


@pytest.mark.parametrize("length", [PYTHON_INT_DIGITS + 1, 100_000])
def test_numbers_beyond_python_limit_give_a_limit_error_not_value_error(length: int) -> None:
    digits = "1" * length
    with pytest.raises(ValueError):
        int(digits)  # the hazard this module exists for
    with pytest.raises(LimitError) as info:
        bounded_int(digits, max_digits=10**9, span=Span(4, length), text="xxxx" + digits)
    d = info.value.diagnostics[0]
    # max_digits is capped: nothing past MAX_SAFE_DIGITS is ever converted
    assert d.code == "NTK006" and f"{length:,} digits" in d.message and f"{MAX_SAFE_DIGITS:,}" in d.message
    assert d.span == Span(4, length)


def test_a_notation_limit_uses_the_notation_code_and_template() -> None:
    code = CodeInfo(
        "TEST305",
        "count too long",
        "",
        messages={"": "this {what} has {digits:,} digits; the limit is {limit}"},
        hints={"": "shorter"},
    )
    with pytest.raises(LimitError) as info:
        bounded_int("12345", max_digits=3, code=code, what="count", field="hands")
    d = info.value.diagnostics[0]
    assert (d.code, d.message, d.hint, d.field) == (
        "TEST305",
        "this count has 5 digits; the limit is 3",
        "shorter",
        "hands",
    )


@pytest.mark.parametrize("text", ["", "12a", "١٢", "1_000", " 1"])
def test_non_numbers_never_reach_int(text: str) -> None:
    with pytest.raises(ParseError):
        bounded_int(text)


def test_templates_fill_messages_and_hints() -> None:
    code = CodeInfo("T1", "t", "", messages={"": "{a} and {b}", "other": "only {a}"}, hints={"": "fix {b}"})
    d = code.diagnostic(a="x", b="y", span=Span(0, 1), field="f")
    assert (d.message, d.hint, d.field) == ("x and y", "fix y", "f")
    assert code.diagnostic("other", a="x").hint is None
    assert code.diagnostic(a="x", b="y", hint=None).hint is None
    assert code.diagnostic(a="x", b="y", hint="mine").hint == "mine"
    with pytest.raises(KeyError):
        code.diagnostic("missing")


def test_registered_templates_name_their_code() -> None:
    info = get_code("NTK006")
    assert info is not None and info.messages
    assert all(isinstance(c, CodeInfo) for c in all_codes().values())


_ARTICLE = re.compile(r"\b(a|an|the)\s+(?:\S+\s+){0,2}?(a|an|the)\s", re.IGNORECASE)


@pytest.mark.parametrize("code", [*range(0x00, 0x21), 0x7F, *range(0x80, 0xA1), 0xAD, 0x2003, 0xFEFF, 0xD800])
def test_describe_char_is_one_complete_noun_phrase(code: int) -> None:
    char = chr(code)
    for kind in (False, True):
        text = describe_char(char, kind=kind)
        assert f"U+{code:04X}" in text or char in "\t\n\r "
        # "a control character a NUL byte": never two noun phrases run together
        assert not _ARTICLE.search(text + " "), text
        assert text.count("control character") <= 1


def test_describe_char_keeps_printable_characters_visible() -> None:
    assert describe_char("K") == "'K'"
    assert describe_char("Ж") == "'Ж' (U+0416 CYRILLIC CAPITAL LETTER ZHE)"
    assert describe_char("Ж", kind=True) == "a non-ASCII character 'Ж' (U+0416 CYRILLIC CAPITAL LETTER ZHE)"
    assert describe_char("\x00") == "a NUL byte (U+0000)"
    assert describe_char("\x01") == "a control character (U+0001)"


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    target = tmp_path / "cache"
    monkeypatch.setenv("NTK_CACHE_DIR", str(target))
    monkeypatch.delenv("NTK_NO_CACHE", raising=False)
    cache.reset()
    yield target
    cache.reset()


def test_the_lark_version_is_read_without_importing_lark() -> None:
    import lark

    assert cache.lark_version() == lark.__version__


def test_regexes_come_from_the_grammar_and_are_cached_on_disk(cache_dir: Path) -> None:
    from notation_toolkit.core import grammar

    grammar._regex_memo.clear()
    fresh = grammar_regexes("sin", ("start",), ("STYLE_LETTER",))
    parser = load_parser("sin", cache=False)
    assert fresh["start"] == compile_regex(parser, "start")
    stored = list(cache_dir.glob("regex-*.marshal"))
    assert len(stored) == 1
    grammar._regex_memo.clear()
    assert grammar_regexes("sin", ("start",), ("STYLE_LETTER",)) == fresh
    # a corrupt, truncated or ill-shaped entry is ignored and rebuilt
    import marshal

    for damaged in (b"{not marshal", stored[0].read_bytes()[:5], marshal.dumps(["a", "list"]), b""):
        stored[0].write_bytes(damaged)
        grammar._regex_memo.clear()
        assert grammar_regexes("sin", ("start",), ("STYLE_LETTER",)) == fresh
        assert cache.read_value("regex", stored[0].name[len("regex-") : -len(".marshal")]) == fresh


def test_an_edited_user_grammar_gets_new_regexes_and_a_new_parser(cache_dir: Path, tmp_path: Path) -> None:
    from notation_toolkit.core import grammar

    user = tmp_path / "digits.lark"
    user.write_text("start: DIGITS\nDIGITS: /[0-9]+/\n", encoding="utf-8")
    first = grammar_regexes(user, ("start",))["start"]
    assert load_parser(user).parse("123")
    user.write_text("start: LETTERS\nLETTERS: /[a-z]+/\n", encoding="utf-8")
    os.utime(user, (1, 1))  # a different modification time, as an editor would leave
    grammar._regex_memo.clear()
    assert grammar_regexes(user, ("start",))["start"] != first
    assert load_parser(user).parse("abc")
    assert any(cache_dir.glob("lark-*.pickle"))


def test_an_unwritable_cache_directory_falls_back_to_no_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation_toolkit.core import grammar

    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    monkeypatch.setenv("NTK_CACHE_DIR", str(blocker / "cache"))
    cache.reset()
    try:
        assert cache.cache_dir() is None
        grammar._regex_memo.clear()
        assert grammar_regexes("sin", ("start",))["start"]
        user = tmp_path / "g.lark"
        user.write_text("start: /x+/\n", encoding="utf-8")
        assert load_parser(user).parse("xx")
    finally:
        cache.reset()


def test_no_cache_can_be_requested(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NTK_NO_CACHE", "1")
    cache.reset()
    try:
        assert cache.cache_dir() is None
    finally:
        cache.reset()
