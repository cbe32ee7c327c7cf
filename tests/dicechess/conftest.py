"""Test setup of the Dice Chess tests."""

from __future__ import annotations

import sys

try:  # pragma: no cover - depends on whether notation_toolkit.dfen has landed
    import notation_toolkit.dfen  # noqa: F401
except ImportError:  # pragma: no cover
    import _dfen_standin

    sys.modules["notation_toolkit.dfen"] = _dfen_standin
