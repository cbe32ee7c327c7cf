"""Positions of a variant read and written through the variant core, for bulk runs with a rule
file (``ntk check --rules``, ``ntk convert -i --rules``) and the commands that take ``--rules``.

A FEN or FEEN text is read as a position of the variant the rule file defines (its board size,
its pieces, its hands) and written back by the core (``Position.fen()``, ``Position.feen()``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from notation_toolkit.variant import Position, Variant

NOTATIONS = ("fen", "feen")
"""The notations a variant's positions are read and written in."""


@lru_cache(maxsize=4)
def variant_of(text: str, name: str | None = None) -> Variant:
    """The variant of rule-file ``text``; kept, so that a bulk worker loads it once.

    ``NotationError`` (``VariantError`` VAR2xx ...) if the rule file cannot be played.
    """
    from notation_toolkit.variant import Variant

    try:
        return Variant.from_text(text, name=name)
    except RecursionError:  # a rule file nested beyond the interpreter's stack
        from notation_toolkit.core.codes import NTK002
        from notation_toolkit.core.errors import NotationError

        raise NTK002.error(NotationError, "read") from None


def read_position(variant: Variant, notation: str, text: str) -> Position:
    """The position ``text`` (FEN or FEEN, as ``notation`` says) of ``variant``."""
    from notation_toolkit.variant import Position

    if notation.lower() == "fen":
        return Position.from_fen(variant, text)
    return Position.from_feen(variant, text)


def write_position(position: Position, notation: str) -> str:
    """``position`` written in ``notation`` (FEN or FEEN) by the core."""
    return position.fen() if notation.lower() == "fen" else position.feen()
