"""The example rule files of examples/fbr/ validate, round-trip and format idempotently."""

from __future__ import annotations

from pathlib import Path

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.diagnostics import Severity

EXAMPLES = Path(__file__).parents[2] / "examples" / "fbr"
SPECIAL = {"invalid.fbr", "duck.fbr", "extended.fbr"}
FILES = sorted(p.name for p in EXAMPLES.glob("*.fbr") if p.name not in SPECIAL)


def test_the_page_variants_have_examples() -> None:
    for name in (
        "alice",
        "andernach",
        "atomic",
        "avalanche",
        "benedict",
        "monster",
        "swap",
        "switching",
        "spacious",
        "swapping",
    ):
        assert f"{name}.fbr" in FILES


@pytest.mark.parametrize("name", FILES)
def test_example_is_valid(name: str) -> None:
    text = (EXAMPLES / name).read_text("utf-8")
    diagnostics = fbr.check(text)
    assert [d for d in diagnostics if d.severity is not Severity.INFO] == []
    rule_file = fbr.validate(text)
    assert rule_file.metadata.get("variant") or name.endswith("_expanded.fbr")
    canonical = fbr.dumps(text)
    assert fbr.parse(canonical) == rule_file
    assert fbr.dumps(canonical) == canonical


def test_undocumented_names_are_infos() -> None:
    infos = fbr.check((EXAMPLES / "spacious.fbr").read_text("utf-8"))
    assert [(d.code, d.severity) for d in infos] == [("FBR216", Severity.INFO)]


def test_chess_example_facts() -> None:
    chess = fbr.parse_file(EXAMPLES / "chess.fbr")
    assert chess.metadata == {
        "variant": "Chess",
        "boardsize": "8x8",
        "startposition": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    }
    assert [r.name for r in chess.rules] == ["royal", "promotion"]
    assert len(chess.comments) == 4


def test_extension_example_needs_its_grammar() -> None:
    text = (EXAMPLES / "extended.fbr").read_text("utf-8")
    assert [d.code for d in fbr.check(text)][:1] == ["FBR101"]
    assert [d for d in fbr.check(text, grammar=EXAMPLES / "leap3d.lark") if d.is_error] == []
