"""The directory-report example works as its docstring says, locally and on a LocalCluster."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "bulk" / "check_directory.py"


def _data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    data.mkdir()
    (data / "a.fen").write_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n8/8/8 w - - 0 1\n", encoding="utf-8")
    (data / "b.dfen").write_text("4k3/8/8/8/8/8/8/4K3 w - - 0 1 PPP\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 PP7\n")
    (data / "notes.txt").write_text("not a position file\n", encoding="utf-8")
    return data


@pytest.mark.parametrize("dask", [False, True])
def test_report_lists_each_invalid_item_and_a_summary(tmp_path: Path, dask: bool) -> None:
    if dask:
        pytest.importorskip("distributed")
    report = tmp_path / "report.jsonl"
    command = [sys.executable, str(EXAMPLE), str(_data(tmp_path)), str(report)] + (["--dask"] if dask else [])
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "4 items, 2 invalid" in done.stdout
    records = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert records[-1] == {"summary": {"items": 4, "invalid": 2}}
    invalid = {(Path(r["file"]).name, r["line"]) for r in records[:-1]}
    assert invalid == {("a.fen", 2), ("b.dfen", 2)}
    assert all(r["codes"] and r["message"] for r in records[:-1])
