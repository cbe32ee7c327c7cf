"""The shipped catalog (facts of the FBR page) and catalog files of variant authors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.errors import NotationError, UnknownNameError

EXAMPLES = Path(__file__).parents[2] / "examples" / "fbr"

# The 47 rules of the FBR page (specs/fbr-mbn-notes.md 2.4), transcribed.
PAGE_RULES = [
    "alice",
    "andernach",
    "announcement",
    "antiroyal",
    "atomic",
    "avalanche",
    "benedict",
    "bouncing",
    "bughouse",
    "burner",
    "cheshire",
    "conversion",
    "cylindric",
    "diagonals",
    "difficulttrading",
    "direction",
    "draw",
    "drop",
    "freezer",
    "gating",
    "hill",
    "holding",
    "loss",
    "magnetic",
    "mirror",
    "monster",
    "multicapture",
    "musketeer",
    "mustcapture",
    "nonrepeating",
    "pieces",
    "pincher",
    "promotion",
    "turn",
    "progressive",
    "protector",
    "royal",
    "stalemate",
    "stopifchecking",
    "stymizer",
    "swap",
    "swapping",
    "switching",
    "torus",
    "warp",
    "win",
    "zone",
]


def test_catalog_has_every_page_rule() -> None:
    catalog = fbr.shipped_catalog()
    assert len(PAGE_RULES) == 47
    documented = {n for n, r in catalog.rules.items() if r.documented}
    assert documented == set(PAGE_RULES)
    assert {n for n, r in catalog.rules.items() if not r.documented} == {"spacious", "castling"}


@pytest.mark.parametrize(
    ("rule", "key", "level"),
    [
        ("burner", "prefix", "required"),
        ("conversion", "prefix", "required"),
        ("freezer", "prefix", "required"),
        ("pincher", "prefix", "required"),
        ("protector", "prefix", "required"),
        ("stymizer", "prefix", "required"),
        ("antiroyal", "piece_set", "required"),
        ("cheshire", "piece_set", "required"),
        ("hill", "board_range", "required"),
        ("zone", "board_range", "required"),
        ("direction", "board_range", "required"),
        ("direction", "cardinal", "required"),
        ("announcement", "announcement", "required"),
        ("royal", "piece_set", "optional"),
        ("magnetic", "piece_set", "none"),
    ],
)
def test_mandatory_parts(rule: str, key: str, level: str) -> None:
    assert fbr.shipped_catalog().rule(rule).part(key) == level


def test_documented_facts() -> None:
    catalog = fbr.shipped_catalog()
    assert {n for n, r in catalog.rules.items() if r.attributes_required} == {
        "diagonals",
        "stalemate",
        "zone",
        "pieces",
    }
    assert catalog.rule("draw").defaults["attributes"] == "repetition(3)"
    assert catalog.rule("royal").defaults["piece_set"] == "{K}"
    assert catalog.rule("bouncing").defaults["piece_set"] == "{B}"
    assert catalog.rule("difficulttrading").defaults["piece_set"] == "{L}"
    assert catalog.rule("mirror").defaults["attributes"] == "vertical"
    assert ("demote", "either") in catalog.rule("holding").exclusive
    assert ("notincheck", "excluderoyals") in catalog.rule("switching").exclusive
    assert catalog.rule("royal").attributes["maxchecks"].args == {"count": "required"}
    assert catalog.rule("royal").attributes["expose"].args == {"count": "optional"}
    assert catalog.rule("mustcapture").attributes["most"].args == {"values": "optional"}
    assert catalog.rule("promotion").attributes["capture"].negatable
    assert "move*" in catalog.rule("promotion").attributes
    assert catalog.rule("freezer").anonymous_count == "attackers"


def test_unknown_rule_lookup_suggests() -> None:
    with pytest.raises(UnknownNameError) as info:
        fbr.shipped_catalog().rule("promotoin")
    assert info.value.diagnostics[0].hint is not None and "promotion" in info.value.diagnostics[0].hint


def test_custom_catalog_adds_rule_and_attribute_without_code() -> None:
    text = (EXAMPLES / "duck.fbr").read_text("utf-8")
    codes = {d.code for d in fbr.check(text)}
    assert {"FBR201", "FBR202"} <= codes  # unknown to the shipped catalog
    custom = str(EXAMPLES / "custom_catalog.json")
    assert [d for d in fbr.check(text, catalog=custom) if d.is_error] == []
    catalog = fbr.load_catalog(custom)
    assert catalog.rule("duck").part("piece_set") == "required"
    assert "expose" in catalog.rule("royal").attributes  # merged, not replaced
    assert "capturable" in catalog.rule("royal").attributes
    bad = fbr.check("duck=start royal K D", catalog=custom)
    assert {"FBR204", "FBR211"} <= {d.code for d in bad}


@pytest.mark.parametrize(
    "data",
    [
        {"rules": {"x": {"prefix": "sometimes"}}},
        {"rules": {"x": {"attributes": {"a": {"args": "number?"}}}}},
        {"rules": {"x": {"exclusive": [["a", "b"]]}}},
        {"rules": {"x": {"prefx": "none"}}},
        {"rules": []},
        {"nothing": 1},
    ],
)
def test_bad_catalog_data(data: dict[str, object]) -> None:
    with pytest.raises(NotationError) as info:
        fbr.load_catalog(data=[data])
    assert info.value.code == "FBR401"


def test_bad_catalog_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", "utf-8")
    with pytest.raises(NotationError) as info:
        fbr.load_catalog(path)
    assert info.value.code == "FBR401"
    with pytest.raises(NotationError) as info:
        fbr.load_catalog(tmp_path / "missing.json")
    assert info.value.code == "NTK005"


def test_catalog_is_package_data() -> None:
    from importlib import resources

    raw = json.loads(resources.files("notation_toolkit.fbr").joinpath("catalog.json").read_text("utf-8"))
    assert len(raw["rules"]) == 49
