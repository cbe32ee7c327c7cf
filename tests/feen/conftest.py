"""Shared data for the FEEN tests: facts transcribed from specs 002/004 into tests/data/feen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "feen"


def valid_examples() -> list[str]:
    """Every valid FEEN string of 002 and 004 (tests/data/feen/valid.txt)."""
    lines = (DATA / "valid.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def invalid_examples() -> list[dict[str, Any]]:
    """Invalid examples with the verdict of the documents (tests/data/feen/invalid.json)."""
    data: list[dict[str, Any]] = json.loads((DATA / "invalid.json").read_text(encoding="utf-8"))
    return data
