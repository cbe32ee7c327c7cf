"""FEN's canonical text: ``dumps(position)``, and the canonical spelling of each field.

``str(position)`` gives the same text; ``field_texts`` is what the reader writes back in place of
each known field when a user's extension grammar keeps its own syntax around them.
"""

from __future__ import annotations

from notation_toolkit.fen.ast import FenPosition


def dumps(position: FenPosition) -> str:
    """The canonical six-field FEN of ``position``."""
    return str(position)


def field_texts(position: FenPosition) -> dict[str, str]:
    """The canonical text of each field of ``position``, by rule name."""
    return {
        "placement": str(position.board),
        "side": str(position.side),
        "castling": str(position.castling_rights),
        "en_passant": str(position.en_passant_target),
        "halfmove": str(position.halfmove),
        "fullmove": str(position.fullmove),
    }
