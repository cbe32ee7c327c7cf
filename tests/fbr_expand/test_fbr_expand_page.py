"""Every input/expansion pair of the FBR page (003): expanding the input gives the page's expansion,
up to the order of the items. Where the page's own text is wrong the data keeps both strings and
the reason, and a test shows that the page text is not what the compiler produces."""

from __future__ import annotations

from typing import Any

import pytest
from fbr_expand_helpers import COMPOSITE_RULES, items, load

from notation_toolkit.core.diagnostics import Severity
from notation_toolkit.fbr import check_rule_file
from notation_toolkit.fbr import parse as fbr_parse
from notation_toolkit.fbr.expand import equivalent, expand, make_defaults_explicit
from notation_toolkit.fbr.format import format_rule

CASES: list[dict[str, Any]] = load("page_pairs.json")["cases"]
IDS = [c["id"] for c in CASES]
CORRECTED = [c for c in CASES if c["corrections"]]


def test_every_composite_rule_of_the_page_has_a_case() -> None:
    rules = {c["rule"] for c in CASES}
    assert rules == set(COMPOSITE_RULES)
    # the attribute forms the page expands: alice 3D/4D/classic, avalanche=balance, switching x2
    inputs = " ".join(c["input"] for c in CASES)
    for form in (
        "alice=3D",
        "alice=4D",
        "alice=classic",
        "avalanche=balance",
        "switching=notincheck",
        "switching=excluderoyals",
    ):
        assert form in inputs


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_expansion_matches_the_page(case: dict[str, Any]) -> None:
    assert items(expand(case["input"])) == items(case["expansion"])


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_expansion_is_idempotent(case: dict[str, Any]) -> None:
    once = expand(case["input"])
    assert expand(once) == once
    explicit = expand(case["input"], explicit_defaults=True)
    assert expand(explicit, explicit_defaults=True) == explicit
    assert make_defaults_explicit(explicit) == explicit


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_expanded_file_passes_fbr_validation(case: dict[str, Any]) -> None:
    for result in (expand(case["input"]), expand(case["input"], explicit_defaults=True)):
        problems = [(d.code, d.message) for d in check_rule_file(result) if d.severity is not Severity.INFO]
        assert problems == []


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_input_is_equivalent_to_its_expansion(case: dict[str, Any]) -> None:
    assert equivalent(case["input"], case["expansion"])
    assert equivalent(case["expansion"], case["expansion"], expand=False)


@pytest.mark.parametrize("case", CORRECTED, ids=[c["id"] for c in CORRECTED])
def test_page_typo_is_corrected(case: dict[str, Any]) -> None:
    """The page text differs from the expectation exactly by the listed corrections, and the
    compiler does not reproduce the page's slip."""
    for fix in case["corrections"]:
        assert fix["reason"]
        in_page = fix["page"] in case["expansion_page"] or fix["page"] == case["input_page"]
        assert in_page, fix
    page_input = case["input_page"]
    if page_input is not None and page_input != case["input"]:
        # the input itself was wrong (benedict): as written, nothing is expanded
        assert items(expand(page_input)) == items(page_input)
    if case["expansion_page"] != case["expansion"]:
        patched = case["expansion_page"]
        for fix in case["corrections"]:
            if fix["page"] in patched:
                patched = patched.replace(fix["page"], fix["corrected"])
        assert items(patched) == items(case["expansion"])
        assert items(expand(case["input"])) != items(case["expansion_page"])


def test_alice_king_typo() -> None:
    """003:30 writes K=mR+c{QRBNP}K; the compiler writes the king move (fbr-mbn-notes G12)."""
    out = items(expand("royal alice K Q=R+N R B N P +P"))
    assert out["K=mK+c{QRBNP}K"] == 1
    assert out["K=mR+c{QRBNP}K"] == 0


def test_monster_page_lists_added_rules_only() -> None:
    case = next(c for c in CASES if c["rule"] == "monster")
    assert case["page_shows"] == "added rules"
    expanded = items(expand(case["input"]))
    for rule in fbr_parse(case["expansion_page"]).rules:
        assert expanded[format_rule(rule)] == 1
    assert expanded["royal"] == 0  # royal=untilcaptured takes its place


def test_three_d_expansion_is_the_double_board_one() -> None:
    """G12: the page's 3D text equals the double-board text; the data keeps it, with the doubt."""
    double = next(c for c in CASES if c["id"] == "003-L38-alice-double-board")
    three = next(c for c in CASES if c["id"] == "003-L50-alice-3D")
    assert three["expansion_page"] == double["expansion_page"]
    assert three["doubts"]
    assert items(expand(three["input"])) == items(expand(double["input"]))
