"""MBN messages are written from one template per code (``mbn/codes.py``) and never stutter.

The corpus: every item of the invalid rule files (``tests/data/fbr/invalid.json``, the mistakes
transcribed from the FBR page and the MBN notes), one item per MBN rule the notes state (doubled
modifiers, 'y', 'q', directions with arguments, ranges on other modifiers than 'o', step counts,
'=' parts, 3D levels, reversed ranges, rank 0, bare transitions, huge numbers, 'm' with 'c',
single '=' promotions), non-canonical items, and the letter checks of MBN items inside rule files
(MBN211 and MBN213 are checked against the letters a file defines).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from message_checks import codes_without_template, diagnostics_of, prose_problems, unreached

from notation_toolkit import fbr, mbn
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.mbn.codes import INFO

DATA = Path(__file__).resolve().parents[1] / "data" / "fbr" / "invalid.json"
HUGE = "9" * 5000

ITEMS = [
    "Q=ggW",  # a doubling MBN defines
    "Q=ddW",  # MBN201: a doubling it does not
    "Q=yW",  # MBN202
    "Q=qW",  # MBN203
    "Q=f?W",  # MBN204
    "Q=f{K}W",  # MBN204
    "Q=m[e4]W",  # MBN205
    "Q=W*",  # MBN206 (a step count ending in '*')
    "Q=W7*",
    "Q=W=W",  # MBN207: a piece takes one '=' part
    "O-O=K",  # MBN207: castling takes two
    "P=[a1I]W",  # MBN208
    "P=[h-a]W",  # MBN209
    "P=[1-0]W",  # MBN209 and MBN210
    "P=[0]W",  # MBN210
    "Q=mcW",  # MBN212
    "Q=mccW",
    "+N=QR",  # MBN301
    "K=K--1mO",  # MBN103
    "B=+1mO",
    f"P=[{HUGE}]mfW",  # MBN102
    f"Q=W{HUGE}",
    "Q=W+",  # MBN101
    "Q=",
    "Q=mRcpR",
    "Q=[a1",
    "Q=W~x",
    "Q=|Name",
]
NON_CANONICAL = ["Q=c{^!K}W", "Q=(fs)mW"]
RULE_FILES = [
    "royal K Y=:QX:",  # MBN211
    "royal K Q=/Z[a1]/W",  # MBN213 (a warning: Z may be a base piece)
    "royal K :KD:=W Q=/:QD:[a1]/W",  # MBN213 (an error: a compound nothing defines)
]


def _items() -> list[str]:
    cases = json.loads(DATA.read_text(encoding="utf-8"))["cases"]
    items = [item for case in cases for item in str(case["text"]).split() if item[:1].isupper()]
    return [*items, *ITEMS]


@pytest.fixture(scope="module")
def diagnostics() -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for item in _items():
        found += mbn.check(item)
    for item in NON_CANONICAL:
        found += diagnostics_of(lambda item=item: mbn.canonicalize(item)[1])
    for text in RULE_FILES:
        found += [d for d in fbr.check(text) if d.code.startswith("MBN")]
    return found


def test_every_mbn_code_has_a_template() -> None:
    assert codes_without_template(INFO) == []


def test_the_corpus_reaches_every_mbn_code(diagnostics: list[Diagnostic]) -> None:
    assert unreached(INFO, {d.code for d in diagnostics}, {}) == []


def test_no_mbn_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 40
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))


def test_the_expected_list_after_an_equals_sign_names_piece_letters() -> None:
    # Lark drops the terminals of imported grammars (mbn__UPPER ...) from the expected set of an
    # unexpected end of input; the message names them again.
    (d,) = mbn.check("Q=")
    assert d.code == "MBN101" and "an upper-case piece or move letter" in d.message
    assert "found the end of the input" in d.message
