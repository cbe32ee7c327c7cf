"""A frozen copy of the engine's search and evaluation as they were before issue 18.

It is the ladder's reference player (``baseline``): the new engine is measured against it at equal
time. Do not change these files; they share only the game core and the exact king exposure
(``engine.exposure``, whose answers are tested to equal the core's exhaustive count) with the live
engine.
"""

from __future__ import annotations

from notation_toolkit.dicechess.engine.baseline.search import Engine as BaselineEngine

__all__ = ["BaselineEngine"]
