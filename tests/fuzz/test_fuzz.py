"""The fuzz suite: inputs from every grammar, mutations of the example files, hostile inputs.

Each input goes through ``fuzz_harness.exercise`` (a NotationError or an AST, never anything else;
diagnostics in the user's words; bounded time; canonical forms round-trip). The default run tries a
round of examples per test; ``pytest -m fuzz --hypothesis-profile=long`` fuzzes each notation family
for ``--fuzz-seconds`` (600 by default) and prints the counts.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fuzz_harness import exercise
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from notation_toolkit.core.grammar import grammar_path, search_path

ROOT = Path(__file__).resolve().parents[2]

# family -> (notation, grammar file, start rule)
FAMILIES: dict[str, list[tuple[str, str, str]]] = {
    "feen": [("feen", "feen", "start"), ("feen-legacy", "feen_legacy", "start")],
    "fen": [("fen", "fen", "start"), ("dfen", "dfen", "start")],
    "fbr": [("fbr", "rulefile", "rule_file"), ("mbn", "mbn", "mbn_item")],
    "tokens": [
        ("epin", "epin", "start"),
        ("pin", "pin", "start"),
        ("sin", "sin", "start"),
        ("qpi", "qpi", "start"),
    ],
}
CASES = [(family, *case) for family, cases in FAMILIES.items() for case in cases]
# Two randomized tests per notation share the family's budget.
SHARE = {family: 2 * len(cases) for family, cases in FAMILIES.items()}

HOSTILE_CHARS = (
    "\x00\x01\x1b\x7f\t\r\n \u00a0\ufeff\u200b\u202e/\\+-^'*#~=[](){}<>,;:!@%&|\"`"
    "０１ＫＱＲkqrbnpKQRBNP012345678999аКо—–…"
)


@cache
def _grammar(name: str, start: str) -> Lark:
    # A fresh (uncached) Lark: hypothesis reads the grammar object itself.
    return Lark(
        grammar_path(name).read_text(encoding="utf-8"),
        parser="lalr",
        start=start,
        import_paths=[str(p) for p in search_path()],
    )


def _seeds(notation: str) -> list[str]:
    """Real inputs of the notation: example files and test data (whole files for FBR)."""
    per_line = {
        "feen": ["examples/feen/*.feen", "tests/data/feen/valid.txt"],
        "feen-legacy": ["tests/data/feen/valid.txt"],
        "fen": ["examples/fen/*.fen"],
        "dfen": ["examples/dfen/*.dfen"],
    }
    seeds: list[str] = []
    if notation in per_line:
        for pattern in per_line[notation]:
            for path in sorted(ROOT.glob(pattern)):
                for line in path.read_text(encoding="utf-8").splitlines():
                    if line.strip() and not line.startswith("#"):
                        seeds.append(line)
    elif notation == "fbr":
        seeds = [p.read_text(encoding="utf-8") for p in sorted(ROOT.glob("examples/fbr*/*.fbr"))]
        page = ROOT / "tests/data/fbr/page_003.json"
        if page.exists():
            seeds += [s for s in _strings(json.loads(page.read_text(encoding="utf-8"))) if "\n" not in s][
                :300
            ]
    elif notation == "mbn":
        data = ROOT / "tests/data/fbr/mbn_lecodex.json"
        seeds = [s for s in _strings(json.loads(data.read_text(encoding="utf-8"))) if 0 < len(s) < 200]
    else:
        seeds = {
            "epin": ["K^", "+p'", "-R"],
            "pin": ["K", "+p", "-R"],
            "sin": ["C", "s"],
            "qpi": ["C:K^", "c:+p"],
        }[notation]
    return seeds or ["x"]


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for value in data.values() for s in _strings(value)]
    if isinstance(data, list):
        return [s for value in data for s in _strings(value)]
    return []


@st.composite
def mutations(draw: st.DrawFn, seeds: list[str]) -> str:
    """A real input with up to four edits: insert, delete, replace, duplicate, huge digit runs."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "delete", "replace", "repeat", "digits", "nest"]))
        char = draw(st.sampled_from(HOSTILE_CHARS))
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif kind == "replace":
            text = text[:at] + char + text[at + 1 :]
        elif kind == "repeat":
            text = text[:at] + text[at : at + 8] * draw(st.integers(2, 300)) + text[at:]
        elif kind == "digits":
            text = text[:at] + "9" * draw(st.sampled_from([5, 20, 4301, 20_000])) + text[at:]
        else:
            depth = draw(st.integers(10, 3000))
            text = text[:at] + "(" * depth + "W" + ")" * depth + text[at:]
    return text


def _rounds(seconds: float, round_: Callable[[], None]) -> None:
    deadline = time.monotonic() + seconds
    round_()
    while time.monotonic() < deadline:
        round_()


def _fuzz(strategy: st.SearchStrategy[str], notation: str, stats: dict[str, Any]) -> Callable[[], None]:
    @settings(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(strategy)
    def round_(text: str) -> None:
        exercise(stats, notation, text)

    return round_


@pytest.mark.fuzz
@pytest.mark.parametrize(("family", "notation", "grammar", "start"), CASES, ids=[c[1] for c in CASES])
def test_inputs_from_the_grammar(
    family: str, notation: str, grammar: str, start: str, fuzz_seconds: float, fuzz_stats: dict[str, Any]
) -> None:
    stats = fuzz_stats.setdefault(family, {})
    strategy = from_lark(_grammar(grammar, start), start=start)
    _rounds(fuzz_seconds / SHARE[family], _fuzz(strategy, notation, stats))
    assert stats.get("other_exceptions", 0) == 0 and stats.get("roundtrip_failures", 0) == 0


@pytest.mark.fuzz
@pytest.mark.parametrize(("family", "notation", "grammar", "start"), CASES, ids=[c[1] for c in CASES])
def test_mutations_of_real_inputs(
    family: str, notation: str, grammar: str, start: str, fuzz_seconds: float, fuzz_stats: dict[str, Any]
) -> None:
    stats = fuzz_stats.setdefault(family, {})
    _rounds(fuzz_seconds / SHARE[family], _fuzz(mutations(_seeds(notation)), notation, stats))
    assert stats.get("parsed", 0) > 0 or family == "tokens"  # mutations keep some inputs valid


HOSTILE = [
    "",
    " ",
    "\ufeff",
    "\x00",
    "9" * 5000,
    "1" * 100_000,
    "/" * 50_000,
    "(" * 10_000,
    "[" * 10_000 + "]" * 10_000,
    "{" * 5000,
    "<" * 5000,
    "K" * 70_000,
    "x\n" * 20_000,
    "8/" * 20_000 + "8 / C/c",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - " + "9" * 5000 + " 1",
    "promotion+[" + "9" * 5000 + "] K",
    'boardsize="' + "9" * 5000 + 'x8" K',
    "K=" + "W" * 20_000,
    "K=" + "(" * 3000 + "W" + ")" * 3000,
]


@pytest.mark.fuzz
@pytest.mark.parametrize("notation", [c[1] for c in CASES])
def test_hostile_inputs(notation: str, fuzz_stats: dict[str, Any]) -> None:
    family = next(f for f, cases in FAMILIES.items() if any(c[0] == notation for c in cases))
    stats = fuzz_stats.setdefault(family, {})
    rng = random.Random(notation)
    for text in HOSTILE + [
        "".join(rng.choice(HOSTILE_CHARS) for _ in range(rng.randint(1, 400))) for _ in range(50)
    ]:
        exercise(stats, notation, text)
