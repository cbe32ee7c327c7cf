"""Fairy-Stockfish's built-in variants as the importer knows them play as the project's example
rule files do (examples/variants/*.fbr, each checked against Fairy-Stockfish in tests/variant):
a section ``[x:NAME]`` with no option of its own is imported and compared by perft."""

from __future__ import annotations

from pathlib import Path

import pytest
from bridge_oracle import core_perft

from notation_toolkit.fsf import convert, import_ini
from notation_toolkit.variant import Variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
SAME_GAME = [
    "3check", "amazon", "antichess", "atomic", "nocheckatomic", "giveaway", "berolina", "capablanca",
    "chess", "crazyhouse", "gardner", "grand",
    "janus", "kingofthehill", "knightmate", "losalamos", "makruk", "minishogi", "nightrider", "shogi",
    "xiangqi", "nocheckatomic", "giveaway",
]  # fmt: skip
# built-ins whose defining rule FBR (or the core) lacks: the import names it
REFUSED = {
    "shatranj": "extinctionValue",
    "courier": "extinctionValue",
    "shako": "castlingRookKingsideFile",
    "chess960": "chess960",
    "racingkings": "flagMove",
    "flipello": "flipping enclosed pieces",
}


def _imported(name: str) -> Variant:
    return Variant.from_text(import_ini(f"[x:{name}]\n")["x"])


@pytest.mark.parametrize("name", SAME_GAME)
def test_builtin_parent_plays_as_the_example(name: str) -> None:
    ours, example = _imported(name), Variant.load(EXAMPLES / f"{name}.fbr")
    for depth in (1, 2):
        assert core_perft(ours.start(), depth) == core_perft(example.start(), depth), depth


@pytest.mark.slow
@pytest.mark.parametrize("name", SAME_GAME)
def test_builtin_parent_plays_as_the_example_deeper(name: str) -> None:
    assert core_perft(_imported(name).start(), 3) == core_perft(
        Variant.load(EXAMPLES / f"{name}.fbr").start(), 3
    )


@pytest.mark.parametrize(("name", "option"), sorted(REFUSED.items()))
def test_builtin_parents_fbr_lacks_are_named(name: str, option: str) -> None:
    section = convert(f"[x:{name}]\n").sections[0]
    assert section.fbr is None
    errors = [d for d in section.diagnostics if d.is_error]
    assert any(option in d.message for d in errors), [d.message for d in errors]
    assert all(d.span is not None and d.span.line == 1 for d in errors)
