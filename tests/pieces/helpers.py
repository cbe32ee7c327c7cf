"""Shared helpers of the piece tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.mbn import parse_moves
from notation_toolkit.variant.pieces import BLACK, WHITE, CompiledPiece, compile_piece
from notation_toolkit.variant.pieces.compiler import Mirror

DATA = Path(__file__).parent.parent / "data" / "pieces"


def betza_table() -> list[dict[str, Any]]:
    """The transcribed Betza/MBN table (tests/data/pieces/betza_mbn.json)."""
    data: dict[str, Any] = json.loads((DATA / "betza_mbn.json").read_text(encoding="utf-8"))
    pieces: list[dict[str, Any]] = data["pieces"]
    return pieces


def compile_mbn(text: str, size: int | Geometry, mirror: Mirror = Mirror.VERTICAL) -> CompiledPiece:
    """Compile MBN text (parsed by the real grammar, amalgams `(ff)N` included) for a square board
    or a geometry."""
    g = size if isinstance(size, Geometry) else Geometry.of(size, size)
    return compile_piece(parse_moves(text), g, mirror=mirror)


def move_set(
    piece: CompiledPiece, square: int, side: int, friends: int, enemies: int, initial: bool = False
) -> tuple[set[int], set[int]]:
    """(quiet targets, capture targets) from the bitboard API."""
    g = piece.geometry
    occ = friends | enemies
    q = piece.quiets(square, side, occ, initial=initial)
    c = piece.captures(square, side, occ, enemies, initial=initial)
    return set(g.squares(q)), set(g.squares(c))


def record_set(
    piece: CompiledPiece, square: int, side: int, friends: int, enemies: int, initial: bool = False
) -> tuple[set[int], set[int]]:
    """(quiet targets, capture targets) from ``moves`` records."""
    occ = friends | enemies
    recs = piece.moves(square, side, occ, friends, enemies, initial=initial)
    return {r.target for r in recs if not r.is_capture}, {r.target for r in recs if r.is_capture}


__all__ = ["BLACK", "WHITE", "betza_table", "compile_mbn", "move_set", "record_set"]
