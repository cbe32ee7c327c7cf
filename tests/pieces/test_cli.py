"""``ntk piece``: diagrams and JSON (through the click command; the root CLI is being rewritten)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from notation_toolkit.commands.piece import piece


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(piece, list(args))
    return result.exit_code, result.output


def test_diagram() -> None:
    code, out = run("N=mN+cW", "--board", "8x8", "--from", "d4", "--enemies", "d5", "--friends", "c6")
    assert code == 0
    assert "●" in out and "✕" in out and "□" in out
    assert " a  b  c  d  e  f  g  h" in out


def test_json_sets() -> None:
    code, out = run("N=mN+cW", "--from", "d4", "--enemies", "d5,e6", "--friends", "c6", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data["quiet"]) == {"b3", "b5", "c2", "e2", "f3", "f5", "e6"} - {"e6"}
    assert data["captures"] == ["d5"]
    assert set(data["guarded"]) == {"c4", "e4", "d3"}
    assert data["piece"] == "N" and data["side"] == "white"


def test_black_and_big_board() -> None:
    code, out = run("fW", "--board", "10x10", "--from", "a10", "--side", "black", "--json")
    assert code == 0
    assert json.loads(out)["quiet"] == ["a9"]


def test_rules_file(tmp_path: Path) -> None:
    f = tmp_path / "v.fbr"
    f.write_text('boardsize="10x8"\nroyal K Q=R+N R B N P\n', encoding="utf-8")
    code, out = run("--rules", str(f), "--piece", "Q", "--from", "a1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["board"] == "10x8" and "j1" in data["quiet"] and "b3" in data["quiet"]
    code, out = run("--rules", str(f), "--piece", "X", "--from", "a1")
    assert code == 2 and "Q" in out


def test_errors() -> None:
    code, out = run("jW", "--from", "d4")
    assert code == 1 and "PCE201" in out
    code, out = run("W", "--from", "z9")
    assert code == 1 and "NTK302" in out
    code, out = run("W", "--from", "a1", "--board", "30x30", "--json")
    assert code == 1 and json.loads(out)
    code, out = run("--from", "a1")
    assert code == 2
    code, out = run("--rules", "/nonexistent/file.fbr", "--piece", "Q", "--from", "a1")
    assert code == 3
    code, out = run("jW", "--from", "d4", "--partial")
    assert code == 0 and "PCE201" in out


def test_svg_file(tmp_path: Path) -> None:
    """--svg writes the same picture as svg.piece_diagram for the same piece and blockers."""
    from notation_toolkit import svg

    out = tmp_path / "knight.svg"
    code, _ = run("N=mN+cW", "--from", "d4", "--enemies", "d5", "--friends", "c6", "--svg", str(out))
    assert code == 0
    assert out.read_text(encoding="utf-8") == svg.piece_diagram(
        "N=mN+cW", origin="d4", enemies=["d5"], friends=["c6"]
    )
    code, _ = run("R", "--from", "a1", "--svg", str(tmp_path / "missing" / "r.svg"))
    assert code == 3


def test_rules_file_not_utf8_or_with_bom(tmp_path: Path) -> None:
    """--rules is read as every text file (core.textio): bad bytes are NTK005, a BOM is dropped."""
    bad = tmp_path / "bad.fbr"
    bad.write_bytes(b"royal\nK=W\xff\n")
    code, out = run("--rules", str(bad), "--piece", "K", "--from", "a1", "--json")
    assert code == 1
    assert json.loads(out)["diagnostics"][0]["code"] == "NTK005"
    bom = tmp_path / "bom.fbr"
    bom.write_bytes(b"\xef\xbb\xbfroyal\r\nK=W+F\r\n")
    code, out = run("--rules", str(bom), "--piece", "K", "--from", "a1", "--json")
    assert code == 0, out
    assert set(json.loads(out)["quiet"]) == {"a2", "b1", "b2"}


def test_a_piece_with_a_capture_set() -> None:
    # xiangqi's general (003: capture sets c{...}): it captures the other general along the file
    # and nothing else; the diagram's enemy blocker stands for a piece of every type
    code, out = run("G=W+c{G}vW0", "--from", "e5", "--enemies", "e8", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["captures"] == ["e8"]
    assert set(data["quiet"]) == {"d5", "f5", "e4", "e6"}


def test_wrapping_boards() -> None:
    """``--wrap``, and a rule file with ``cylindric``/``torus``: Nh2-b3 (003:211, 003:1074)."""
    code, out = run("N", "--from", "h2", "--wrap", "cylinder", "--json")
    data = json.loads(out)
    assert code == 0 and data["topology"] == "cylinder"
    assert set(data["quiet"]) == {"f1", "f3", "g4", "b1", "b3", "a4"}
    code, out = run("--rules", "examples/variants/torus.fbr", "--piece", "N", "--from", "h2", "--json")
    data = json.loads(out)
    assert code == 0 and data["topology"] == "torus"
    assert set(data["quiet"]) == {"f1", "f3", "g4", "b1", "b3", "a4", "a8", "g8"}
    code, out = run(
        "--rules", "examples/variants/chess.fbr", "--piece", "N", "--from", "h2", "--wrap", "torus"
    )
    assert code == 0 and "on 8x8 torus" in out
    code, out = run("N", "--from", "h2", "--json")
    assert json.loads(out)["topology"] == "plane" and "b3" not in json.loads(out)["quiet"]
