"""Fairy-Stockfish (pyffish) as the oracle of the bridge: a variants.ini is loaded into pyffish
with ``load_variant_config`` and each section is compared with the FBR rule file the import (or
the export) gives, on perft from the start and on sorted legal-move lists along seeded random
games played in the variant core."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OPTIONS_INI = ROOT / "tests" / "data" / "fsf" / "options.ini"
ENGINE_PATHS = ("fairy-stockfish", "/usr/games/fairy-stockfish")


def fsf_perft(name: str, fen: str, moves: list[str], depth: int) -> int:
    """Perft by pyffish's legal-move lists."""
    import pyffish

    legal = pyffish.legal_moves(name, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(name, fen, [*moves, m], depth - 1) for m in legal)


def core_perft(pos: Any, depth: int) -> int:
    """Perft in the variant core."""
    legal = pos.legal_moves()
    if depth == 1:
        return len(legal)
    total = 0
    for m in legal:
        pos.push(m)
        total += core_perft(pos, depth - 1)
        pos.pop()
    return total


def perft_depths(variant: Any, name: str, *, most: int = 3, calls: int = 500) -> list[int]:
    """The depths 1..``most`` at which core and pyffish are compared: a depth is left out when
    pyffish would need more than ``calls`` legal-move lists for it (its lists cost ~7 ms here)."""
    depths = [1]
    nodes = 1
    for depth in range(2, most + 1):
        nodes = core_perft(variant.start(), depth - 1)
        if nodes > calls:
            break
        depths.append(depth)
    return depths


def first_difference(
    variant: Any, name: str, *, games: int, plies: int, seed: int
) -> tuple[list[str], list[str], list[str]] | None:
    """The first position along seeded random games where the sorted legal-move lists differ:
    (moves played, core's list, pyffish's list); ``None`` when they agree everywhere."""
    import pyffish

    start = pyffish.start_fen(name)
    rnd = random.Random(seed)
    for _ in range(games):
        pos = variant.start()
        line: list[str] = []
        for _ in range(plies + 1):
            ours = sorted(m.text for m in pos.legal_moves())
            theirs = sorted(pyffish.legal_moves(name, start, line))
            if ours != theirs:
                return line, ours, theirs
            if not ours or pos.outcome() is not None:
                break
            move = rnd.choice(ours)
            line.append(move)
            pos.push(move)
    return None


def engine_path() -> str | None:
    """Fairy-Stockfish's binary (Debian's package installs it in /usr/games), or ``None``."""
    import os
    import shutil

    for candidate in ENGINE_PATHS:
        found = shutil.which(candidate) or (candidate if os.access(candidate, os.X_OK) else None)
        if found:
            return found
    return None
