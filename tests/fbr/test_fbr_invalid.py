"""A corpus of invalid rule files, each with its diagnostic code and span (tests/data/fbr/invalid.json)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.codes import get_code
from notation_toolkit.core.diagnostics import Severity
from notation_toolkit.core.errors import NotationError, ValidationError

DATA = json.loads((Path(__file__).parent.parent / "data" / "fbr" / "invalid.json").read_text("utf-8"))


@pytest.mark.parametrize("case", DATA["cases"], ids=lambda c: c["id"])
def test_invalid_case(case: dict[str, Any]) -> None:
    text = case["text"]
    diagnostics = fbr.check(text)
    found = [d for d in diagnostics if d.code == case["code"]]
    assert found, f"expected {case['code']}, got {[(d.code, d.message) for d in diagnostics]}"
    d = found[0]
    assert get_code(d.code) is not None, "every code is registered for `ntk explain`"
    assert d.span is not None
    if "at" in case:
        assert text[d.span.offset : d.span.end] == case["at"]
    if "column" in case:
        assert d.span.column == case["column"]
    assert d.hint or d.fix, "every diagnostic helps: a hint or a fix"
    if "fix" in case:
        assert d.fix is not None and d.fix.replacement == case["fix"]
        repaired = d.fix.apply(text)
        assert case["code"] not in {x.code for x in fbr.check(repaired)}
    if d.severity is Severity.ERROR and not case["code"].startswith("FBR1"):
        with pytest.raises(ValidationError) as info:
            fbr.validate(text)
        assert case["code"] in {x.code for x in info.value.diagnostics}
    if case["code"] in ("FBR101", "FBR102"):
        with pytest.raises(NotationError) as exc:
            fbr.parse(text)
        assert exc.value.code == case["code"]


def test_syntax_messages_use_words_not_terminal_names() -> None:
    for case in DATA["cases"]:
        for d in fbr.check(case["text"]):
            assert "__" not in d.message and "ANON" not in d.message and "RULE_NAME" not in d.message


def test_betza_hint_on_juxtaposition() -> None:
    d = fbr.check("royal K=mRcpR")[0]
    assert d.hint is not None and "mR+cpR" in d.hint


def test_every_example_file_of_invalid_diagnostics_is_explained() -> None:
    text = (Path(__file__).parents[2] / "examples" / "fbr" / "invalid.fbr").read_text("utf-8")
    codes = [d.code for d in fbr.check(text)]
    for expected in (
        "FBR201",
        "FBR202",
        "FBR203",
        "FBR204",
        "FBR205",
        "FBR206",
        "FBR208",
        "FBR211",
        "FBR212",
        "FBR210",
        "FBR302",
        "FBR240",
        "MBN301",
    ):
        assert expected in codes
