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

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.variant import codes as _codes  # noqa: F401  (registers the VAR codes)
from notation_toolkit.variant import native as _native

# a compiled build older than its sources is not imported (core.native; NTK_PURE_PYTHON=1 too)
_native.BUILD.guard()

if TYPE_CHECKING:
    from notation_toolkit.variant.game import Variant
    from notation_toolkit.variant.notation import PositionError
    from notation_toolkit.variant.perft import divide, perft
    from notation_toolkit.variant.position import Move, MoveError, Outcome, Position
    from notation_toolkit.variant.rules import Castling, Promotion, Rules, VariantError

# Imported on first use (core.lazy): `ntk --help` loads this package's command module and must not
# load the game core with it.
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Variant": "notation_toolkit.variant.game",
        "PositionError": "notation_toolkit.variant.notation",
        "divide": "notation_toolkit.variant.perft",
        "perft": "notation_toolkit.variant.perft",
        "Move": "notation_toolkit.variant.position",
        "MoveError": "notation_toolkit.variant.position",
        "Outcome": "notation_toolkit.variant.position",
        "Position": "notation_toolkit.variant.position",
        "Castling": "notation_toolkit.variant.rules",
        "Promotion": "notation_toolkit.variant.rules",
        "Rules": "notation_toolkit.variant.rules",
        "VariantError": "notation_toolkit.variant.rules",
    },
)

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
