"""Conversions between notations, in one place above the notations they convert.

Each conversion reads its source with the source notation's own parser (FEEN with
``notation_toolkit.feen.parse``, never a private regex) and writes its target with the target's
``dumps``. Importing this package registers every conversion with the notation registry
(``core.registry``), which imports it lazily the first time a conversion is asked for
(``ntk convert``); ``conversions()`` lists them with what each loses.

=========  =========  ==========================================
source     target     module
=========  =========  ==========================================
fen        dfen       :mod:`notation_toolkit.convert.dfen_fen`
dfen       fen        :mod:`notation_toolkit.convert.dfen_fen`
fen        feen       :mod:`notation_toolkit.convert.fen_feen`
feen       fen        :mod:`notation_toolkit.convert.fen_feen`
dfen       feen       :mod:`notation_toolkit.convert.fen_feen`
feen       dfen       :mod:`notation_toolkit.convert.fen_feen`
=========  =========  ==========================================

``chess.Board`` (python-chess, optional) conversions are in :mod:`notation_toolkit.convert.chess_board`.
"""

from __future__ import annotations

from collections.abc import Callable

from notation_toolkit.convert import dfen_fen, fen_feen
from notation_toolkit.convert.chess_board import (
    dfen_from_chess_board,
    dfen_to_chess_board,
    from_chess_board,
    to_chess_board,
)
from notation_toolkit.convert.dfen_fen import dfen_to_fen, fen_to_dfen
from notation_toolkit.convert.fen_feen import dfen_to_feen, feen_to_dfen, feen_to_fen, fen_to_feen
from notation_toolkit.core.registry import register_conversion

__all__ = [
    "CONVERSIONS",
    "dfen_from_chess_board",
    "dfen_to_chess_board",
    "dfen_to_feen",
    "dfen_to_fen",
    "feen_to_dfen",
    "feen_to_fen",
    "fen_to_dfen",
    "fen_to_feen",
    "from_chess_board",
    "register",
    "to_chess_board",
]

#: (source, target, function, what it loses): every text conversion of the toolkit.
CONVERSIONS: tuple[tuple[str, str, Callable[[str], str], str], ...] = (
    ("fen", "dfen", fen_to_dfen, dfen_fen.LOSES_FEN_TO_DFEN),
    ("dfen", "fen", dfen_to_fen, dfen_fen.LOSES_DFEN_TO_FEN),
    ("fen", "feen", fen_to_feen, fen_feen.LOSES_FEN_TO_FEEN),
    ("feen", "fen", feen_to_fen, fen_feen.LOSES_FEEN_TO_FEN),
    ("dfen", "feen", dfen_to_feen, fen_feen.LOSES_DFEN_TO_FEEN),
    ("feen", "dfen", feen_to_dfen, fen_feen.LOSES_FEEN_TO_DFEN),
)


def register() -> None:
    """Register every conversion with the notation registry (done once, on import)."""
    for source, target, convert, loses in CONVERSIONS:
        register_conversion(source, target, convert, loses)


register()
