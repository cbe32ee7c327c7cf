"""``ntk diff`` compares pieces by their moves: spellings of one piece are equal, a real
difference names the piece. Through the root CLI (the entry point) and ``compare_rule_files``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation_toolkit.cli import main
from notation_toolkit.fbr.expand import _api
from notation_toolkit.variant.pieces.compare import compare_rule_files

BASE = 'boardsize="8x8"\nroyal\n'


def _write(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.fbr"
    path.write_text(BASE + body + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("K R Q N B P", "K R=W0 Q=W0+F0 N B=F0 P"),
        ("K Q=RB", "K Q=W0+F0"),
        ("K Q=RB", "K Q"),
        ("K E=RN", "K E=W0+N"),
        ("K=WF G=W+fF", "K G=fF+W"),
    ],
)
def test_spellings_of_the_same_pieces_are_equal(
    tmp_path: Path, a: str, b: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fa, fb = _write(tmp_path, "a", a), _write(tmp_path, "b", b)
    assert main(["diff", fa, fb]) == 0
    assert "same variant" in capsys.readouterr().out
    assert main(["diff", "--json", fa, fb]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equal"] is True and data["changes"] == []
    # the text comparison alone sees a difference wherever the spelling differs
    if any(t not in a.split() for t in b.split()):
        assert main(["diff", "--text-only", fa, fb]) == 1
        capsys.readouterr()


@pytest.mark.parametrize(
    ("a", "b", "piece"),
    [
        ("K N", "K N=(ff)N", "N"),
        ("K Q=RB", "K Q=RN", "Q"),
        ("K R=W0", "K R=W4", "R"),
        ("K P", "K P=mfW+cfF", "P"),  # no double step, no en passant
    ],
)
def test_a_real_difference_names_the_piece(
    tmp_path: Path, a: str, b: str, piece: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fa, fb = _write(tmp_path, "a", a), _write(tmp_path, "b", b)
    assert main(["diff", "--json", fa, fb]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [c["key"] for c in data["changes"]] == [piece]
    assert main(["diff", fa, fb]) == 1
    assert piece in capsys.readouterr().out


def test_a_macro_changes_a_piece_written_the_same() -> None:
    """`Q=R+B` in both files, but `@R=W4` in one: Q moves differently (kind "moves")."""
    a = _api.parse_rule_file(BASE + "K Q=R+B")
    b = _api.parse_rule_file(BASE + "@R=W4 K Q=R+B")
    outcome = compare_rule_files(a, b)
    assert not outcome.equal
    assert {(c.kind, c.key) for c in outcome.result.changes} == {("macro", "@R"), ("moves", "Q")}


def test_uncompilable_pieces_keep_their_textual_change() -> None:
    """atomic's expansion writes `X` (explosion), which the compiler does not execute: the
    definitions stay textual changes, never merged as 'same moves'."""
    a = _api.parse_rule_file("royal K Q=R+B R B N P +P")
    b = _api.parse_rule_file("royal atomic{^P} K Q=R+B R B N P +P")
    outcome = compare_rule_files(a, b)
    assert not outcome.same_moves
    assert {c.key for c in outcome.result.changes if c.kind == "definition"} >= {"K", "Q", "R", "B", "N"}
