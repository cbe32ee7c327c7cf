"""FEEN messages are written from one template per code and never stutter; numbers are bounded.

Messages pasted together at call sites read "a control character a NUL byte (U+0000)" and "a
control character a control character (U+0001)". Every FEEN diagnostic is built from its code's
template (``feen/codes.py``); this file renders the messages of a broad set of bad inputs (the invalid
examples transcribed from the FEEN documents, every control character, look-alikes, markers,
counts, spaces, limits) and checks the prose.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from message_checks import stutters as _stutters

from notation_toolkit import feen
from notation_toolkit.core.codes import get_code
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import LimitError, NotationError
from notation_toolkit.feen.codes import CODES
from notation_toolkit.feen.parser import parse_result

DATA = Path(__file__).resolve().parents[1] / "data" / "feen" / "invalid.json"
EXAMPLE_GRAMMAR = Path(__file__).resolve().parents[2] / "examples" / "feen" / "move_number.lark"
EMPTY = "8/8/8/8/8/8/8/8"


def _corpus() -> list[str]:
    texts = [str(case["text"]) for case in json.loads(DATA.read_text(encoding="utf-8"))]
    controls = [*range(0x00, 0x20), 0x7F, 0x85, 0x9F]
    texts += [f"{EMPTY} / C/c{chr(c)}" for c in controls]
    texts += [f"8/8{chr(c)}/8 / C/c" for c in controls]
    texts += [
        f"{EMPTY} / С/c",  # Cyrillic С
        f"{EMPTY} / Ｃ/c",  # full-width
        f"{EMPTY}\u00a0/ C/c",
        f"{EMPTY} / C/c\ufeff",
        f"\ufeff{EMPTY} / C/c",
        f"{EMPTY} \u2003/ C/c",
        "K'^ / C/c",
        "K^^ / C/c",
        "'K / C/c",
        f"{EMPTY} 1P/ C/c",
        f"{EMPTY} 02P/ C/c",
        f"{EMPTY} PpP/p C/c",
        f"{EMPTY} pP/ C/c",
        f"{EMPTY} / CHESS/chess",
        f"{EMPTY} / C/C",
        f"{EMPTY} / c/c",
        "",
        " ",
        f" {EMPTY} / C/c",
        f"{EMPTY} / C/c ",
        f"{EMPTY}  / C/c",
        f"{EMPTY} /",
        f"{EMPTY} / C/c 1",
        "9" * 200 + " / C/c",
        f"{EMPTY} {'9' * 200}P/ C/c",
        "a//b//c / C/c",
        "K^k^ 2K^/2k^ S/s",
        "256 / C/c",
    ]
    return texts


def _diagnostics(text: str) -> list[Diagnostic]:
    found = feen.check(text)
    found += feen.check(text, profile="feen-legacy")
    found += feen.check(text, limits="reference")
    return found


def test_the_checker_finds_the_stutters_issue_12_reported() -> None:
    assert _stutters("a control character a NUL byte (U+0000) at column 3: FEEN is ASCII only")
    assert _stutters("a control character a control character (U+0001) at column 3")
    assert _stutters("the the input")
    assert not _stutters("write the markers in the order state, letter, '^', \"'\" (like K^')")
    assert not _stutters("a NUL byte (U+0000) at column 3: FEEN is ASCII only")
    # An expected list names each terminal as its grammar describes it; items are phrases of
    # their own, but a stutter inside one item, or in the rest of the sentence, still counts.
    listed = "expected a leap such as (f), a direction such as (fs) or '!' after 'R', found 'c'"
    assert not _stutters(listed)
    assert _stutters(listed.replace("a leap such", "a leap a such"))
    assert _stutters(listed.replace("after 'R'", "after after 'R'"))


def test_no_feen_message_or_hint_repeats_a_phrase() -> None:
    seen = 0
    for text in _corpus():
        for d in _diagnostics(text):
            seen += 1
            assert not _stutters(d.message), (text, d.message)
            if d.hint:
                assert not _stutters(d.hint), (text, d.hint)
    assert seen > 100


def test_the_corpus_reaches_every_feen_code() -> None:
    # The checks above only mean something if every template was rendered at least once.
    reached = {d.code for text in _corpus() for d in _diagnostics(text)}
    expected = {c for c in CODES if c.startswith("FEEN")} - {"FEEN301"}  # 4,096 bytes: below
    assert expected <= reached, sorted(expected - reached)
    big = "8/" * 2100 + "8 / C/c"
    assert {d.code for d in feen.check(big, limits="reference")} >= {"FEEN301"}


@pytest.mark.parametrize(
    ("char", "expected"),
    [
        ("\x00", "a NUL byte (U+0000) at column 20: FEEN is ASCII only"),
        ("\x01", "a control character (U+0001) at column 20: FEEN is ASCII only"),
        ("\x7f", "a control character (U+007F) at column 20: FEEN is ASCII only"),
        (
            "К",
            "a non-ASCII character 'К' (U+041A CYRILLIC CAPITAL LETTER KA) at column 20: FEEN is ASCII only",
        ),
    ],
)
def test_control_and_non_ascii_characters_are_named_once(char: str, expected: str) -> None:
    (d,) = feen.check(f"{EMPTY} / C{char}/c")  # the character is the 20th
    assert d.code == "FEEN105" and d.message == expected


def test_every_feen_code_has_a_template() -> None:
    for code in CODES:
        info = get_code(code)
        assert info is not None and info.messages, code


HUGE = "9" * 5000  # beyond Python's 4,300-digit int() limit


@pytest.mark.parametrize(
    "text",
    [
        f"{HUGE} / C/c",
        f"8/{HUGE}/8 / C/c",
        f"{EMPTY} {HUGE}P/ C/c",
        f"{EMPTY} / {HUGE}P/c",  # not FEEN at all: a syntax error, not a crash
    ],
)
@pytest.mark.parametrize("limits", [None, feen.Limits(max_count_digits=4000)])
def test_huge_numbers_give_notation_errors_on_every_path(text: str, limits: feen.Limits | None) -> None:
    paths: list[Callable[[], object]] = [
        lambda: feen.parse(text, limits=limits, max_input=None),
        lambda: parse_result(text, limits=limits, max_input=None, fast=False),
        lambda: feen.parse(text, limits=limits, max_input=None, grammar=EXAMPLE_GRAMMAR),
    ]
    for path in paths:
        with pytest.raises(NotationError) as info:
            path()
        assert info.value.diagnostics[0].code.startswith("FEEN")


@pytest.mark.parametrize(
    "call",
    [
        lambda: feen.parse_placement(f"8/{HUGE}"),
        lambda: feen.parse_hands(f"{HUGE}P/p"),
        lambda: feen.parse_hand(f"{HUGE}P"),
    ],
)
def test_huge_counts_in_single_fields_give_feen305(call: Callable[[], object]) -> None:
    with pytest.raises(LimitError) as info:
        call()
    d = info.value.diagnostics[0]
    assert (
        d.code == "FEEN305" and "5,000 digits" in d.message and d.span is not None and d.span.length == 5000
    )


def test_a_grammar_that_builds_no_position_is_told_so(tmp_path: Path) -> None:
    # An extension grammar whose start is the placement alone parses, but yields no position.
    grammar = tmp_path / "placement_only.lark"
    grammar.write_text("%import feen (placement)\nstart: placement\n", encoding="utf-8")
    with pytest.raises(NotationError) as info:
        feen.parse(EMPTY, grammar=grammar)
    [found] = info.value.diagnostics
    assert (found.code, found.message) == ("FEEN101", "the grammar did not produce a FEEN position")
    assert found.hint == "keep the FEEN rule 'feen' as the grammar's start (import it by name)"
    assert not _stutters(found.message) and not _stutters(found.hint)


def test_lenient_hand_findings_keep_their_wording_as_information() -> None:
    # Lenient mode reports the same hand findings as strict mode, with severity INFO only.
    text = f"{EMPTY} PpP/p C/c"
    with pytest.raises(NotationError) as info:
        feen.parse(text)
    strict = [(d.code, d.message, d.hint) for d in info.value.diagnostics]
    _, fixes = feen.canonicalize(text)
    assert strict and [(d.code, d.message, d.hint) for d in fixes] == strict
    assert {d.severity.value for d in fixes} == {"info"}
