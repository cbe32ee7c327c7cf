"""The error of the Fairy-Stockfish bridge."""

from __future__ import annotations

from notation_toolkit.core.errors import NotationError


class FsfError(NotationError):
    """A ``variants.ini`` or an FBR rule file the bridge cannot carry over, or an engine failure
    (FSFxxx diagnostics)."""
