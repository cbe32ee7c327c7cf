"""Shared helpers of the piece tests."""

from __future__ import annotations

import json
import re
from dataclasses import fields, is_dataclass, replace
from pathlib import Path
from typing import Any

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.mbn import ast as m
from notation_toolkit.mbn import parse_moves
from notation_toolkit.variant.pieces import BLACK, WHITE, CompiledPiece, compile_piece
from notation_toolkit.variant.pieces.compiler import Mirror

DATA = Path(__file__).parent.parent / "data" / "pieces"
_AMALGAM = re.compile(r"\(([bdflrsv]{2})\)(?=[a-z]*[A-Z:])")


def betza_table() -> list[dict[str, Any]]:
    """The transcribed Betza/MBN table (tests/data/pieces/betza_mbn.json)."""
    data: dict[str, Any] = json.loads((DATA / "betza_mbn.json").read_text(encoding="utf-8"))
    pieces: list[dict[str, Any]] = data["pieces"]
    return pieces


def _swap(node: Any, table: dict[int, str], counter: list[int]) -> Any:
    if isinstance(node, tuple):
        return tuple(_swap(x, table, counter) for x in node)
    if isinstance(node, m.Modifier) and node.letter == "d":
        i = counter[0]
        counter[0] += 1
        return replace(node, letter=f"({table[i]})") if i in table else node
    if is_dataclass(node) and not isinstance(node, type):
        changes = {
            f.name: _swap(getattr(node, f.name), table, counter) for f in fields(node) if f.name != "span"
        }
        return replace(node, **changes)
    return node


def parse_with_amalgams(text: str) -> m.MoveSequence:
    """Parse MBN; an amalgamated direction before the atom (``(ff)N``, not in the grammar yet: it
    is being added on another branch) is parsed as a placeholder ``d`` and put back into the AST as
    the modifier ``(ff)``, which is how the compiler receives it."""
    table: dict[int, str] = {}
    out = ""
    pos = 0
    # existing `d` modifiers are counted too, so placeholders and AST modifiers line up (texts
    # with a `d` file inside a board range are not supported by this helper)
    for counter, mt in enumerate(re.finditer(r"\(([bdflrsv]{2})\)|(?<![A-Z0-9:(\[,-])d", text)):
        out += text[pos : mt.start()]
        if mt.group(1):
            table[counter] = mt.group(1)
        out += "d"
        pos = mt.end()
    out += text[pos:]
    seq = parse_moves(out)
    if not table:
        return seq
    result: m.MoveSequence = _swap(seq, table, [0])
    return result


def compile_mbn(text: str, size: int | Geometry, mirror: Mirror = Mirror.VERTICAL) -> CompiledPiece:
    """Compile MBN text (amalgams allowed) for a square board or a geometry."""
    g = size if isinstance(size, Geometry) else Geometry.of(size, size)
    return compile_piece(parse_with_amalgams(text), g, mirror=mirror)


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


__all__ = ["BLACK", "WHITE", "betza_table", "compile_mbn", "move_set", "parse_with_amalgams", "record_set"]
