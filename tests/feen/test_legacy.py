"""The legacy profile (001): PNN pieces, SNN styles, no cardinality rule."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from notation_toolkit import feen
from notation_toolkit.core.errors import CanonicalFormError, NotationError

LEGACY = "feen-legacy"


@pytest.mark.parametrize(
    "text",
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / CHESS/chess",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / shogi/SHOGI",
        "rheagaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAGAEHR / XIONGQI/ogi",
        "8/7/8/8/8/8/8/8 / CHESS/chess",  # 001's irregular example
        "8/8/8/8/8/8/8/8 181S/181s GO/go",  # no cardinality rule in 001
        "+K'/-p 3P'2B/+p C/c",
        "K / C960/chess960",
    ],
)
def test_valid_legacy(text: str) -> None:
    pos = feen.parse(text, profile=LEGACY)
    assert str(pos) == text
    assert feen.parse(text, profile=LEGACY) == feen.parser.parse_result(text, profile=LEGACY, fast=False)[0]


@pytest.mark.parametrize(
    "text,code",
    [
        ("K^ / CHESS/chess", "FEEN106"),  # no terminal marker in PNN
        ("8 / CHESS/CHESS", "FEEN203"),
        ("8 / Chess/chess", "FEEN103"),
        ("8 / 9/c", "FEEN103"),
    ],
)
def test_invalid_legacy(text: str, code: str) -> None:
    with pytest.raises(NotationError) as info:
        feen.parse(text, profile=LEGACY)
    assert info.value.code == code


def test_legacy_sorting_rules_not_001s_contradictory_example() -> None:
    # 001's rules: quantity desc, base letter asc (case-insensitive), uppercase first,
    # prefix '-', '+', none, suffix none before "'". (Its own worked example contradicts them.)
    hand = "ppR+p'PPP+K'ks'S-pB+b+B+p'BBBppprS-P-p'-PRb"
    canonical = feen.parse_hand(hand, profile=LEGACY, lenient=True)
    # an independent oracle written from the rules
    tokens = re.findall(r"[-+]?[A-Za-z]'?", hand)
    counts = Counter(tokens)

    def key(item: tuple[str, int]) -> tuple[int, str, int, int, int]:
        token, n = item
        letter = token.lstrip("+-")[0]
        prefix = "-+".find(token[0]) if token[0] in "-+" else 2
        return (-n, letter.lower(), 0 if letter.isupper() else 1, prefix, int(token.endswith("'")))

    expected = "".join(f"{n}{t}" if n > 1 else t for t, n in sorted(counts.items(), key=key))
    assert str(canonical) == expected
    assert len(canonical) == len(tokens) == 29
    assert [str(i) for i in canonical.items[:3]] == ["5p", "4B", "3P"]
    with pytest.raises(CanonicalFormError):
        feen.parse_hand(hand, profile=LEGACY)
    assert str(feen.parse_hand("-P+PPP'", profile=LEGACY)) == "-P+PPP'"
