"""Fairy-Stockfish (pyffish) as the oracle for single-piece move sets.

Every probe variant derives from chess with ``king = -`` (no royal piece: legal moves are the
pseudo-legal moves, nothing is filtered by check) and ``castling = false``; the piece under test is
``customPiece1 = a:<betza>``; blockers are knights (``N``/``n``), whose own moves are ignored because
only moves from the probe square are compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import pytest

sf = pytest.importorskip("pyffish")

_loaded: dict[tuple[str, int], str] = {}
_counter = [0]
_UCI = re.compile(r"([a-z])([0-9]+)([a-z])([0-9]+)")


def load(betzas: Iterable[str], size: int) -> None:
    """Define one probe variant per Betza string for a ``size`` x ``size`` board (once)."""
    ini = []
    for b in betzas:
        if (b, size) in _loaded:
            continue
        _counter[0] += 1
        name = f"ntkprobe{_counter[0]}x{size}"
        _loaded[(b, size)] = name
        lines = [
            f"[{name}:chess]",
            "king = -",
            "castling = false",
            f"customPiece1 = a:{b}",
            # `i` moves: Fairy-Stockfish allows them in the double-step region; make it the
            # second rank of each side on every board size
            "doubleStepRegionWhite = *2",
            f"doubleStepRegionBlack = *{size - 1}",
        ]
        if size != 8:
            lines += [f"maxRank = {size}", f"maxFile = {'abcdefghijklmnopqrstuvwxyz'[size - 1]}"]
        ini.append("\n".join(lines))
    if ini:
        sf.load_variant_config("\n\n".join(ini) + "\n")


def fen(size: int, pieces: dict[str, str], white_to_move: bool) -> str:
    """FEN of a ``size`` x ``size`` board from {square name: piece letter}."""
    rows = []
    for r in range(size, 0, -1):
        row = ""
        empty = 0
        for f in "abcdefghijklmnopqrstuvwxyz"[:size]:
            p = pieces.get(f"{f}{r}")
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + (" w" if white_to_move else " b") + " - - 0 1"


def targets(betza: str, size: int, origin: str, pieces: dict[str, str], white: bool) -> set[str]:
    """Destination squares Fairy-Stockfish allows the probe piece on ``origin``."""
    name = _loaded[(betza, size)]
    out = set()
    for mv in sf.legal_moves(name, fen(size, pieces, white), []):
        m = _UCI.match(mv)
        assert m is not None, mv
        if m.group(1) + m.group(2) == origin:
            out.add(m.group(3) + m.group(4))
    return out
