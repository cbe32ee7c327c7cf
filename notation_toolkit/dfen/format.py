"""DFEN's canonical text: ``dumps(position)`` (always seven fields), and each field's spelling."""

from __future__ import annotations

from notation_toolkit.dfen.ast import DfenPosition


def dumps(position: DfenPosition) -> str:
    """Canonical 7-field DFEN: en-passant squares sorted, dice sorted in the mover's case, '-' if empty."""
    return str(position)


def field_texts(position: DfenPosition) -> dict[str, str]:
    """The canonical text of each field of ``position`` (dice in the mover's case), by rule name."""
    return {
        "placement": str(position.board),
        "side": str(position.side),
        "castling": str(position.castling_rights),
        "en_passant": str(position.en_passant_targets),
        "halfmove": str(position.halfmove),
        "fullmove": str(position.fullmove),
        "dice": position.pool.text(position.side.color),
    }
