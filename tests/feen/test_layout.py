"""The FEEN package on the notation template: AST nodes, validate, dumps, the deprecated alias, and
a first parse that builds no grammar."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from notation_toolkit import feen
from notation_toolkit.core.ast import GenericNode, Node
from notation_toolkit.feen.ast import Hand, Hands, Placement, Position, StyleTurn

CHESS = "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c"
EXAMPLE_GRAMMAR = Path(__file__).resolve().parents[2] / "examples" / "feen" / "move_number.lark"


def test_the_position_is_a_tree_of_core_nodes() -> None:
    pos = feen.parse("8/8/8/8/8/8/8/8 2P/p C/c")
    kinds = [type(n) for n in pos.walk()]
    assert kinds == [Position, Placement, Hands, Hand, Hand, StyleTurn]
    assert all(isinstance(n, Node) and n.span is not None for n in pos.walk())
    ext = feen.parse("8/8/8/8/8/8/8/8 / C/c 42", grammar=EXAMPLE_GRAMMAR)
    generic = [n for n in ext.walk() if isinstance(n, GenericNode)]
    assert [g.rule for g in generic] == ["move_number"] and generic[0].children == ("42",)
    span = generic[0].span
    assert span is not None and "8/8/8/8/8/8/8/8 / C/c 42"[span.offset : span.end] == "42"


def test_dumps_is_the_canonical_text_of_a_position_and_of_its_fields() -> None:
    pos = feen.parse(CHESS)
    assert feen.dumps(pos) == CHESS
    assert feen.dumps(pos.placement) == CHESS.split(" ")[0]
    assert feen.dumps(pos.style_turn) == "C/c"
    assert feen.dumps(feen.parse("8/8/8/8/8/8/8/8 PpP/p C/c", lenient=True)) == "8/8/8/8/8/8/8/8 2Pp/p C/c"


def test_format_feen_still_works_and_says_it_is_deprecated() -> None:
    with pytest.warns(DeprecationWarning, match="dumps"):
        assert feen.format_feen(CHESS) == CHESS


def test_validate_runs_the_semantic_checks_alone() -> None:
    assert feen.validate(feen.parse(CHESS)) == []
    # Built by code, not parsed: both styles uppercase, hands unsorted.
    pos = feen.parse("8/8/8/8/8/8/8/8 / C/c")
    bad = Position(
        pos.placement,
        Hands(Hand(pos.hands.first.side, "P2B", 3, None, []), pos.hands.second, None),
        StyleTurn(pos.style_turn.active, pos.style_turn.active, None),
        None,
    )
    assert {d.code for d in feen.validate(bad)} == {"FEEN203", "FEEN205"}
    assert feen.validate(feen.parse("rkr/pp/PPPP / C/c"), limits="reference")[0].code == "FEEN304"


def test_a_first_parse_builds_no_grammar_and_imports_no_lark(tmp_path: Path) -> None:
    # Two fresh interpreters sharing a cache directory: the first fills it, the second reads valid
    # FEEN without importing Lark (so without building any grammar).
    code = (
        "import sys\n"
        "from notation_toolkit import feen\n"
        "feen.parse('8/8/8/8/8/8/8/8 / C/c')\n"
        "feen.parse_epin('+K^')\n"
        "print('lark' in sys.modules)\n"
    )
    env = dict(os.environ, NTK_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("NTK_NO_CACHE", None)
    runs = [
        subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
        for _ in range(2)
    ]
    assert [r.returncode for r in runs] == [0, 0], [r.stderr for r in runs]
    assert runs[0].stdout.strip() == "True"  # the first run builds the grammar once, for the cache
    assert runs[1].stdout.strip() == "False"
    assert any((tmp_path / "cache").glob("regex-*.marshal"))


def test_invalid_input_still_gets_the_exact_diagnostic_from_a_cached_parser(tmp_path: Path) -> None:
    code = (
        "from notation_toolkit import feen\n"
        "print([(d.code, d.span.offset) for d in feen.check('8/8/8/8/8/8/8/8 / C/c/')])\n"
    )
    env = dict(os.environ, NTK_CACHE_DIR=str(tmp_path / "cache"))
    env.pop("NTK_NO_CACHE", None)
    outputs = [
        subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
        ).stdout
        for _ in range(2)
    ]
    assert outputs[0] == outputs[1] and "FEEN103" in outputs[0]
    assert any((tmp_path / "cache").glob("lark-*.pickle"))
