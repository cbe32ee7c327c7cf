"""``ntk expand`` and ``ntk diff`` through the real ``ntk`` entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation_toolkit.cli import main

CHESS = "royal K Q=R+B R B N P +P\n"
ATOMIC = "royal atomic{^P} K Q=R+B R B N P +P\n"


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("COLUMNS", "250")  # rich wraps tables to the terminal width
    out = {}
    for name, text in {
        "chess": CHESS,
        "chess2": "+P P N B R Q=B+R K royal{K} draw=repetition(3)\n",
        "atomic": ATOMIC,
        "broken": "royal K Q=\n",
        "alice": "royal alice K Q=R+N R B N P +P\n",
    }.items():
        path = tmp_path / f"{name}.fbr"
        path.write_text(text, encoding="utf-8")
        out[name] = str(path)
    return out


def test_expand_prints_the_formatted_expansion(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["expand", files["atomic"]]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        "royal=expose",
        "@K",
        "@Q=R+B",
        "@R",
        "@B",
        "@N",
        "K=mK",
        "Q=mQ+(cQ--X)",
        "R=mR+(cR--X)",
        "B=mB+(cB--X)",
        "N=mN+(cN--X)",
        "P",
        "+P",
    ]


def test_expand_explicit_defaults(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", "--explicit-defaults", files["chess"]]) == 0
    out = capsys.readouterr().out.splitlines()
    for line in (
        "royal{K}",
        "promotion+[8]",
        "draw=repetition(3)",
        "mirror=vertical",
        "stalemate=draw",
        "multicapture=completed",
    ):
        assert line in out


def test_expand_json(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", "--json", files["alice"]]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["expansions"] == [{"rule": "alice", "variant": "classic", "line": 1}]
    assert "K=mK+c{QRBNP}K" in data["expanded"].splitlines()
    assert data["diagnostics"] == []


def test_expand_invalid_file(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", files["broken"]]) == 1
    assert "FBR101" in capsys.readouterr().err
    assert main(["expand", "--json", files["broken"]]) == 1
    assert "FBR101" in capsys.readouterr().out


def test_expand_reports_template_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.fbr"
    path.write_text("royal switching=notincheck,excluderoyals K\n", encoding="utf-8")
    assert main(["expand", str(path)]) == 1
    assert "FBR702" in capsys.readouterr().err


def test_diff_equal(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", files["chess"], files["chess2"]]) == 0
    assert "same variant" in capsys.readouterr().out


def test_diff_different(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", files["chess"], files["atomic"]]) == 1
    out = capsys.readouterr().out
    assert "1 added" in out and "6 changed" in out
    assert "royal{K}=expose" in out and "+expose" in out
    assert main(["diff", "--json", files["chess"], files["atomic"]]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["equal"] is False
    assert [c["new"] for c in data["changes"] if c["status"] == "added"] == ["@Q=R+B"]


def test_diff_options(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "--no-defaults", files["chess"], files["chess2"]]) == 1
    capsys.readouterr()
    assert main(["diff", "--no-expand", "--json", files["chess"], files["atomic"]]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [c["key"] for c in data["changes"] if c["kind"] == "rule"] == ["atomic{^P}"]


def test_diff_usage_errors(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", files["chess"], files["broken"]]) == 2
    assert main(["diff", files["chess"], files["chess"] + ".missing"]) == 2
    assert "NTK005" in capsys.readouterr().err
    with pytest.raises(SystemExit) as info:
        main(["diff", files["chess"]])
    assert info.value.code == 2
