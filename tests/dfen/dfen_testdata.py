"""Shared fixtures of the DFEN tests: the transcribed data in tests/data/dfen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "data" / "dfen"


def load(name: str) -> Any:
    """A JSON file of tests/data/dfen."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))
