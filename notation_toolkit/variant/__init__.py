"""The variant game core: play any variant its FBR rule file defines.

>>> from notation_toolkit.variant import Variant, perft
>>> chess = Variant.load("examples/variants/chess.fbr")
>>> pos = chess.start()
>>> perft(pos, 2)
400
>>> pos.push("e2e4"); pos.feen().split()[0]
'-rnbq-k^bn-r/pppppppp/8/8/4P3/8/PPPP1PPP/-RNBQ-K^BN-R'

A rule file loads only if the core executes every rule and piece of it (``VariantError`` with
``VAR2xx`` diagnostics otherwise). See docs/variants.md.
"""

from __future__ import annotations

from notation_toolkit.variant import codes as _codes  # noqa: F401  (registers the VAR codes)
from notation_toolkit.variant.game import Variant
from notation_toolkit.variant.notation import PositionError
from notation_toolkit.variant.perft import divide, perft
from notation_toolkit.variant.position import Move, MoveError, Outcome, Position
from notation_toolkit.variant.rules import Castling, Promotion, Rules, VariantError

__all__ = [
    "Castling",
    "Move",
    "MoveError",
    "Outcome",
    "Position",
    "PositionError",
    "Promotion",
    "Rules",
    "Variant",
    "VariantError",
    "divide",
    "perft",
]
