"""The README's test command is quiet: a count of finished tests instead of a dot per test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run_quiet(tmp_path: Path, *extra: str) -> str:
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_many.py").write_text(
        "import pytest\n\n\n"
        "@pytest.mark.parametrize('i', range(40))\n"
        "def test_numbers(i):\n"
        "    assert i != 7\n\n\n"
        "def test_skipped():\n"
        "    pytest.skip('not here')\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "console_output_style=classic",
            *extra,
            "test_many.py",
        ],
        cwd=tmp_path,
        # only this project's conftest: the installed plugins (xdist, dask, ...) cost seconds to load
        env={**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.stdout + done.stderr


def test_a_quiet_run_counts_finished_tests_and_still_reports_a_failure(tmp_path: Path) -> None:
    out = _run_quiet(tmp_path)
    lines = out.splitlines()
    assert "41 of 41 tests done" in out
    assert sum("of 41 tests done" in line for line in lines) == 10  # a line every tenth of the run
    assert not any(set(line.strip()) <= {".", "s"} and line.strip() for line in lines)  # no dots
    assert "FAILED test_many.py::test_numbers[7]" in out
    assert "1 failed, 39 passed, 1 skipped" in out


def test_a_verbose_run_is_left_as_pytest_prints_it(tmp_path: Path) -> None:
    out = _run_quiet(tmp_path, "-vv")
    assert "tests done" not in out
    assert "test_many.py::test_numbers[0] PASSED" in out
