"""FEEN through the generic ``ntk`` CLI (no FEEN-specific CLI code)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation_toolkit.cli import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "feen"


def test_check_all_examples_is_clean(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in EXAMPLES.glob("*.feen") if "invalid" not in p.name)
    assert len(files) >= 7
    assert main(["check", "--json", *files]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is True and sum(f["items"] for f in data["files"]) >= 19


def test_check_invalid_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", "-n", "feen", str(EXAMPLES / "invalid.feen")]) == 1
    data = json.loads(capsys.readouterr().out)
    (f,) = data["files"]
    assert f["items"] == f["invalid"] == 9


def test_parse_and_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "--json", "feen", "8/8/8/8/8/8/8/8 2P/p C/c"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True
    assert main(["parse", "qpi", "C:k"]) == 1
    assert "QPI201" in capsys.readouterr().out
    assert main(["explain", "FEEN201"]) == 0
    assert "coherence" in capsys.readouterr().out


def test_fmt_lenient_and_set_limits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "--lenient", "-n", "feen", "-e", "8/8/8/8/8/8/8/8 PpP/p C/c"]) == 0
    assert capsys.readouterr().out.strip() == "8/8/8/8/8/8/8/8 2Pp/p C/c"
    assert main(["fmt", "-n", "feen", "-e", "8/8/8/8/8/8/8/8 PpP/p C/c"]) == 1
    capsys.readouterr()
    assert main(["parse", "feen", "--set", "limits=reference", "ab/cd//ef/gh///AB/CD//EF/GH / G/g"]) == 1
    assert "FEEN302" in capsys.readouterr().out


def test_grammar_option(capsys: pytest.CaptureFixture[str]) -> None:
    grammar = str(EXAMPLES / "move_number.lark")
    assert main(["parse", "--json", "feen", "--grammar", grammar, "8/8/8/8/8/8/8/8 / C/c 42"]) == 0
    ast = json.loads(capsys.readouterr().out)["ast"]
    assert ast["extensions"][0]["rule"] == "move_number"
