"""Message templates of the Dice Chess codes (DICExxx, registered in ``dicechess/errors.py``).

Every Dice Chess diagnostic built from a code's template is worded here
(``info_of(code).diagnostic(template, ...)``).
"""

from __future__ import annotations

from notation_toolkit.core.codes import CodeInfo, add_templates
from notation_toolkit.dicechess import errors as _errors  # noqa: F401  (registers the codes)

#: DICE002: a DFEN the game core cannot play.
DICE002: CodeInfo = add_templates(
    "DICE002",
    messages={
        "pawn_rank": "{colour} pawn on {square}: pawns cannot stand on their first rank, nor on their last "
        "rank while the game goes on"
    },
    hints={"pawn_rank": "a pawn reaching the last rank promotes, unless it captured the king (R12)"},
)
