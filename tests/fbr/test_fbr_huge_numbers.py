"""Numbers over Python's 4,300-digit conversion limit, through the API: every number
FBR and MBN read is bounded before it is converted, with the notation's limit diagnostic (FBR103
in a rule file, wherever the number sits; MBN102 for MBN text on its own)."""

from __future__ import annotations

import pytest

from notation_toolkit import fbr, mbn
from notation_toolkit.core.errors import LimitError, NotationError
from notation_toolkit.fbr.expand import diff, expand

HUGE = "9" * 5000

CASES = [
    pytest.param(f"royal promotion+[{HUGE}] K P +P==Q", "FBR103", id="board-range-rank"),
    pytest.param(f"royal promotion+[1-{HUGE}] K P +P==Q", "FBR103", id="board-range-span"),
    pytest.param(f"royal=expose({HUGE}) K", "FBR103", id="count"),
    pytest.param(f"turn<{HUGE}> K", "FBR103", id="sequence-number"),
    pytest.param(f"royal mustcapture=most{{K={HUGE}}} K", "FBR103", id="piece-value"),
    pytest.param(f"royal K Q=W{HUGE}", "FBR103", id="steps"),
    pytest.param(f"royal K A=:{HUGE},1:", "FBR103", id="extended-leap"),
    pytest.param(f"royal K<{HUGE}>=W", "FBR103", id="board-id"),
    pytest.param(f"royal K B=<+{HUGE}>mO", "FBR103", id="transition"),
    pytest.param(f"royal K Q=/K{'a'}{HUGE}/W", "FBR103", id="condition-square"),
]


@pytest.mark.parametrize(("text", "code"), CASES)
def test_fbr_parse_refuses_huge_numbers(text: str, code: str) -> None:
    with pytest.raises(LimitError) as info:
        fbr.parse(text)
    d = info.value.diagnostics[0]
    assert d.code == code
    assert d.span is not None and text[d.span.offset : d.span.end].strip("9") == ""
    assert [x.code for x in fbr.check(text)] == [code]
    with pytest.raises(NotationError):
        fbr.validate(text)
    with pytest.raises(NotationError):
        expand(text)


@pytest.mark.parametrize("size", [f"{HUGE}x8", f"8x{HUGE}", f"{HUGE}"])
def test_huge_boardsize_is_the_number_limit_diagnostic(size: str) -> None:
    # Like every other huge number of a rule file (CASES above): FBR103, on the digits, never
    # converted; not FBR501, which is for sizes that are merely wrong ("9x", "27x8").
    text = f'boardsize="{size}" royal K'
    (d,) = fbr.check(text)
    assert d.code == "FBR103"
    assert d.message == "this board size has 5,000 digits; the limit is 100"
    assert d.span is not None and text[d.span.offset : d.span.end] == HUGE
    assert d.span.column == d.span.offset + 1  # one line: columns count from 1
    with pytest.raises(LimitError) as info:
        expand(text)
    assert info.value.code == "FBR103"  # the expander reads the size: the same limit
    with pytest.raises(NotationError):
        diff(text, "royal K")


@pytest.mark.parametrize("size", ["9x", "27x8", "1234567890x8", f"{'9' * 100}x8"])
def test_wrong_but_short_boardsizes_stay_fbr501(size: str) -> None:
    text = f'boardsize="{size}" royal K'
    assert [d.code for d in fbr.check(text)] == ["FBR501"]
    with pytest.raises(NotationError) as info:
        expand(text)
    assert info.value.code == "FBR707"


def test_mbn_parse_refuses_huge_numbers() -> None:
    with pytest.raises(LimitError) as info:
        mbn.parse(f"P=mfW+[1-{HUGE}]mefW02")
    assert info.value.code == "MBN102"
    assert mbn.check(f"P=[{HUGE}]mfW")[0].code == "MBN102"
