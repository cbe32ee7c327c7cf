"""Helpers of the Dice Chess tests: the transcribed data in tests/data/dicechess/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "data" / "dicechess"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def load(name: str) -> Any:
    """Load a transcribed data file."""
    return json.loads((DATA / name).read_text(encoding="utf-8"))
