"""Test setup of the Dice Chess tests."""

from __future__ import annotations

import importlib
import sys


def _real_dfen_available() -> bool:
    try:
        module = importlib.import_module("notation_toolkit.dfen")
    except ImportError:
        return False
    return hasattr(module, "parse") and hasattr(module, "dumps")


if not _real_dfen_available():  # pragma: no cover - only until notation_toolkit.dfen lands
    import _dfen_standin

    sys.modules["notation_toolkit.dfen"] = _dfen_standin
