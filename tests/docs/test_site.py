"""The documentation site builds with ``mkdocs build --strict`` (every page, link and API page).

Needs the ``docs`` extra (mkdocs, mkdocstrings[python]); skipped without it. Slow: a few seconds.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_site_builds_strict(tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings_handlers.python")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # Every page of the nav was written, and the API reference holds rendered docstrings.
    for page in ("index.html", "architecture/index.html", "changelog/index.html", "api/feen/index.html"):
        assert (site / page).is_file(), page
    assert "notation_toolkit.feen.parse" in (site / "api/feen/index.html").read_text(encoding="utf-8")
    assert "Unreleased" in (site / "changelog/index.html").read_text(encoding="utf-8")
    shutil.rmtree(site)
