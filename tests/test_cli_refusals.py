"""The command line's own refusals (not a notation's): each is its code's template, with the hint."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from notation_toolkit.cli import main


def _json_diagnostic(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    data = json.loads(capsys.readouterr().out)
    found = data["diagnostics"] if isinstance(data, dict) else data[0]["diagnostics"]
    assert len(found) == 1
    first: dict[str, object] = found[0]
    return first


def test_a_file_whose_extension_names_no_notation_is_ntk003(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "positions.txt"
    path.write_text("8/8/8/8/8/8/8/8 w - - 0 1\n", encoding="utf-8")
    code = main(["check", "--json", str(path)])
    assert code != 0
    found = _json_diagnostic(capsys)
    assert found["code"] == "NTK003"
    assert found["message"] == f"cannot tell the notation of {str(path)!r} from its extension"
    hint = str(found["hint"])
    assert hint.startswith("pass --notation NAME (one of: ") and "fen" in hint


def test_diff_reads_standard_input_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"royal\n"), encoding="utf-8"))
    code = main(["diff", "--json", "-", "-"])
    assert code != 0
    found = _json_diagnostic(capsys)
    assert (found["code"], found["message"]) == ("NTK005", "only one of A and B can be standard input")
    assert found["hint"] == "read the other one from a file"


def test_standard_input_is_not_sent_to_a_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("distributed")
    code = main(["check", "--json", "--notation", "fen", "--dask", "tcp://127.0.0.1:9", "-"])
    assert code != 0
    found = _json_diagnostic(capsys)
    assert (found["code"], found["message"]) == ("NTK005", "standard input cannot be sent to a Dask cluster")
    assert found["hint"] == "give files that every worker can read"
