"""DFEN and FEN through the generic `ntk` CLI: parse, check, fmt, convert, explain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation_toolkit.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "dfen"
A3C3E3 = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_parse_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "dfen", A3C3E3, "--json")
    assert code == 0
    data = json.loads(out)
    ast = data["ast"]
    assert ast["type"] == "DfenPosition"
    assert ast["en_passant_targets"]["squares"] == [16, 18, 20]
    assert ast["side"]["color"] == "b"
    assert ast["pool"]["dice"] is None
    assert ast["board"]["placement"] == "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR"


def test_parse_error_json_has_code_and_span(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "dfen", "4k3/8/8/8/8/8/8/4K3 w - a3c 0 1 -", "--json")
    assert code == 1
    text = json.dumps(json.loads(out))
    assert "DFEN211" in text and '"offset": 24' in text


def test_parse_lenient_option(capsys: pytest.CaptureFixture[str]) -> None:
    text = "4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK"
    assert run(capsys, "parse", "dfen", text)[0] == 1
    assert run(capsys, "parse", "dfen", text, "--set", "lenient=true")[0] == 0


def test_check_examples(capsys: pytest.CaptureFixture[str]) -> None:
    good = [str(EXAMPLES / "five_phase_turn.dfen"), str(EXAMPLES / "en_passant_targets.dfen")]
    code, out, _ = run(capsys, "check", *good, str(ROOT / "examples" / "fen" / "positions.fen"), "--json")
    assert code == 0
    files = json.loads(out)["files"]
    assert [(f["items"], f["invalid"]) for f in files] == [(5, 0), (4, 0), (4, 0)]
    code, out, _ = run(capsys, "check", str(EXAMPLES / "invalid.dfen"), "--json")
    assert code == 1
    data = json.loads(out)
    assert data["files"][0]["items"] == 12
    assert data["files"][0]["invalid"] == 11 and data["files"][0]["warnings"] == 1
    codes = [d["code"] for record in data["diagnostics"] for d in record["diagnostics"]]
    assert codes == [
        "DFEN211",
        "DFEN212",
        "DFEN213",
        "DFEN221",
        "DFEN220",
        "DFEN222",
        "DFEN223",
        "DFEN201",
        "FEN161",
        "FEN112",
        "FEN100",
        "FEN180",
    ]


def test_fmt_writes_canonical_seven_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "fmt", str(EXAMPLES / "en_passant_targets.dfen"))
    assert code == 0
    assert A3C3E3 in out.splitlines()
    assert "b3d3f3 0 2 ppn" in out
    code, _, _ = run(capsys, "fmt", "--check", str(EXAMPLES / "en_passant_targets.dfen"))
    assert code == 1  # the file holds non-canonical (but valid) spellings
    assert run(capsys, "fmt", "--check", str(EXAMPLES / "five_phase_turn.dfen"))[0] == 0


def test_fmt_lenient_lists_the_fix(capsys: pytest.CaptureFixture[str]) -> None:
    text = "rnq1k2r/pppbpp1p/3p2pQ/8/2BPP3/2N2N2/PPPK1PPP/1R5R b kq - 0 1 BKK"
    code, out, err = run(capsys, "fmt", "--lenient", "-n", "dfen", "-e", text)
    assert code == 0
    assert out.strip() == text[:-3] + "bkk"
    assert "DFEN223" in err


def test_convert(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "convert", "dfen", "fen", "4k3/8/8/8/8/8/8/4K3 w - a3d6 3 7 PN")
    assert code == 0 and out.strip() == "4k3/8/8/8/8/8/8/4K3 w - d6 3 7"
    assert "dice pool" in err
    code, out, _ = run(capsys, "convert", "fen", "dfen", "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    assert out.strip() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -"


@pytest.mark.parametrize("code_name", ["DFEN201", "DFEN211", "DFEN223", "FEN112", "FEN182"])
def test_explain(capsys: pytest.CaptureFixture[str], code_name: str) -> None:
    code, out, _ = run(capsys, "explain", code_name, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["code"] == code_name and len(data["explanation"]) > 60
