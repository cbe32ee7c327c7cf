"""FBR messages are written from one template per code (``fbr/codes.py``) and never stutter.

The corpus: the invalid rule files transcribed from the FBR page (``tests/data/fbr/invalid.json``),
the deliberately broken example file (``examples/fbr/invalid.fbr``, whole and line by line), rules
the catalog marks undocumented, a rule that needs one of its attributes, huge numbers (a board
range, a board size), a non-canonical layout, a broken catalog file, and one catalog per problem
a catalog can have (FBR401: each of its templates rendered).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from message_checks import (
    codes_without_template,
    diagnostics_of,
    prose_problems,
    unreached,
    unrendered_templates,
)

from notation_toolkit import fbr
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fbr.catalog import load_catalog
from notation_toolkit.fbr.codes import BAD_CATALOG, INFO

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "fbr" / "invalid.json"
INVALID = ROOT / "examples" / "fbr" / "invalid.fbr"
HUGE = "9" * 5000

EXTRA = [
    "spacious K",  # FBR216: a section but no entry in the page's list of rules
    "castling K",  # FBR216: used by an example only
    "royal pieces=capture(0) K",  # FBR216: an undocumented attribute
    "diagonals=dakr",  # FBR202 and FBR218
    f"royal promotion+[{HUGE}] K P +P==Q",  # FBR103
    f'boardsize="{HUGE}x8" royal K',  # FBR103 (the digits), not FBR501 (the size)
    'boardsize="27x8" royal K',  # FBR501
    'variant="A" variant="B" royal K',  # FBR502
    "royal{K}{Q}",  # FBR102
    "royal promotion++ K",
    "royal K Q=",  # FBR101
    'boardsize="4x4" startposition="k^3/4/4/K^2 / C/c" royal K',  # FBR503
    'boardsize="4x4" startposition="k^3/4/4/K^X2 / C/c" royal K',  # FBR504
    'boardsize="4x4" startposition="k3/4/4/K^3 / C/c" royal K',  # FBR505
    'boardsize="4x4" startposition="k^3/4/4/R^K^2 / C/c" royal K R=W0',
    'boardsize="4x4" startposition="4/4/4/R^K^2 / C/c" royal K R=W0',
    'boardsize="4x4" startposition="k^2-r/4/4/K^2-R / C/c" royal K R=W0 O-O=isR[c]=isR[b]',  # FBR506
    'boardsize="4x4" startposition="k2r/4/4/K2R w - - 0 1" royal K R=W0 O-O=isR[c]=isR[b]',
]


def _texts() -> list[str]:
    cases = json.loads(DATA.read_text(encoding="utf-8"))["cases"]
    texts = [str(case["text"]) for case in cases]
    whole = INVALID.read_text(encoding="utf-8")
    texts += [whole, *(line for line in whole.splitlines() if line.strip())]
    return [*texts, *EXTRA]


@pytest.fixture(scope="module")
def diagnostics(tmp_path_factory: pytest.TempPathFactory) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for text in _texts():
        found += fbr.check(text)
    found += diagnostics_of(lambda: fbr.canonicalize("royal   K\n\nQ=R+B")[1])  # FBR001
    broken = tmp_path_factory.mktemp("catalog") / "broken.json"
    broken.write_text(json.dumps({"rules": {"myrule": []}}), encoding="utf-8")
    found += diagnostics_of(lambda: fbr.check("myrule K", catalog=str(broken)))  # FBR401
    return found + _catalog_diagnostics(tmp_path_factory.mktemp("catalogs"))


# One catalog per problem (FBR401), in the JSON shape of docs/fbr.md's 'Catalog files'.
BAD_CATALOGS: list[object] = [
    {"rules": []},  # 'rules' is not an object
    {"rules": {"": {}}},  # an empty rule name
    {"rules": {"myrule": 3}},
    {"rules": {"myrule": {"piece_sets": "required"}}},  # an unknown key, close to one
    {"rules": {"myrule": {"colour": "red"}}},  # an unknown key, close to none
    {"rules": {"myrule": {"piece_set": "always"}}},
    {"rules": {"myrule": {"attributes": []}}},
    {"rules": {"myrule": {"attributes": {"x": 1}}}},
    {"rules": {"myrule": {"attributes": {"x": {"arg": "count?"}}}}},
    {"rules": {"myrule": {"attributes": {"x": {"args": 3}}}}},
    {"rules": {"myrule": {"attributes": {"x": {"args": "colour!"}}}}},
    {"rules": {"myrule": {"attributes": {"x": {"requires_rule": 1}}}}},
    {"rules": {"myrule": {"attributes": {"x": {"line": "ten"}}}}},
    {"rules": {"myrule": {"exclusive": ["x"]}}},
    {"rules": {"myrule": {"exclusive": [["x"]]}}},  # names an attribute the rule lacks
    {"rules": {"myrule": {"anonymous_count": "x"}}},
    {"rules": {"myrule": {"anonymous_count": 2}}},
    {"rules": {"myrule": {"requires_any_rule": "royal"}}},
    {"rules": {"myrule": {"defaults": []}}},
]


def _catalog_diagnostics(folder: Path) -> list[Diagnostic]:
    not_json = folder / "not_json.json"
    not_json.write_text('{"rules": {', encoding="utf-8")
    a_list = folder / "a_list.json"
    a_list.write_text("[]", encoding="utf-8")
    found: list[Diagnostic] = []
    for path in (not_json, a_list, folder / "missing.json"):
        found += diagnostics_of(lambda path=path: load_catalog(path))
    for data in BAD_CATALOGS:
        found += diagnostics_of(lambda data=data: load_catalog(data=[data]))
    return found


def test_every_catalog_problem_is_written_from_its_template(diagnostics: list[Diagnostic]) -> None:
    assert unrendered_templates([BAD_CATALOG], diagnostics) == []
    messages = {d.message: d.hint for d in diagnostics if d.code == BAD_CATALOG}
    assert str(messages["<data 0>: rule 'myrule': unknown key 'piece_sets'"]).startswith(
        "did you mean 'piece_set'"
    )
    assert (
        messages["<data 0>: rule 'myrule': unknown key 'colour'"]
        == "see docs/fbr.md, section 'Catalog files'"
    )
    assert messages["<data 0>: rule 'myrule', attribute 'x': bad argument kind 'colour!'"] == (
        "an argument is one of count, set, values, range, prefix, then ? (optional) or ! (required)"
    )


def test_every_fbr_code_has_a_template() -> None:
    assert codes_without_template(INFO) == []


def test_the_corpus_reaches_every_fbr_code(diagnostics: list[Diagnostic]) -> None:
    assert unreached(INFO, {d.code for d in diagnostics}, {}) == []


def test_no_fbr_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 60
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))


def test_the_expected_list_after_royal_k_q_names_what_may_follow() -> None:
    # After `royal K Q=` a move letter is what usually comes, not only '!', '(', '/', '<', '[' or '{'.
    (d,) = fbr.check("royal K Q=")
    assert d.code == "FBR101"
    for words in ("an upper-case piece or move letter", "a lower-case letter", "a compound piece letter"):
        assert words in d.message
    assert d.message.endswith("after '=', found the end of the input")
