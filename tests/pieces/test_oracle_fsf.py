"""Our move sets against Fairy-Stockfish's for every Betza piece of the research files that has an
MBN form (tests/data/pieces/betza_mbn.json), on 8x8 and 10x10, from corner, edge, centre and
second-rank squares, on an empty board and with friendly and enemy blockers, for both colours.

Black is compared with ``Mirror.BOTH`` (Fairy-Stockfish turns the board for Black, so Black's
``l`` is the h-side); MBN's default ``mirror=vertical`` keeps files (003:464), tested separately in
test_semantics.py. Fairy-Stockfish allows ``i`` moves in its double-step region (the second rank),
so probes on the second rank pass ``initial=True``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces.compiler import Mirror
from tests.pieces import oracle
from tests.pieces.helpers import BLACK, WHITE, betza_table, compile_mbn, move_set, record_set

ENTRIES = [e for e in betza_table() if e["mbn"] and not e.get("oracle_skip")]
SIZES = (8, 10)


def _origins(size: int) -> list[str]:
    top = size
    mid = size // 2
    files = "abcdefghijklmnopqrstuvwxyz"
    return [
        "a1",
        f"{files[size - 1]}{top}",
        f"a{mid}",
        f"{files[mid]}1",
        f"{files[mid - 1]}{mid}",
        f"{files[mid]}{mid + 1}",
        "c2",
        f"{files[size - 3]}{top - 1}",
        f"{files[size - 2]}{mid - 1}",
    ]


def _layouts(size: int, origin: str, rng: random.Random) -> list[tuple[list[str], list[str]]]:
    g = Geometry.of(size, size)
    others = [n for n in g.square_names if n != origin]
    out: list[tuple[list[str], list[str]]] = [([], [])]
    for density in (4, 10, 18):
        chosen = rng.sample(others, density)
        half = density // 2
        out.append((chosen[:half], chosen[half:]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["betza"] for e in ENTRIES])
def test_same_moves_as_fairy_stockfish(entry: dict[str, Any]) -> None:
    betza, mbn = entry["betza"], entry["mbn"]
    rng = random.Random(betza)
    mismatches: list[str] = []
    checked = 0
    for size in SIZES:
        oracle.load([betza], size)
        g = Geometry.of(size, size)
        piece = compile_mbn(mbn, size, Mirror.BOTH)
        for origin in _origins(size):
            sq = g.parse_square(origin)
            for friends_l, enemies_l in _layouts(size, origin, rng):
                for side in (WHITE, BLACK):
                    mine, theirs = ("A", "n") if side == WHITE else ("a", "N")
                    own = "N" if side == WHITE else "n"
                    placement = {origin: mine}
                    placement.update({s: own for s in friends_l})
                    placement.update({s: theirs for s in enemies_l})
                    expected = {
                        g.parse_square(t)
                        for t in oracle.targets(betza, size, origin, placement, side == WHITE)
                    }
                    friends, enemies = g.mask(friends_l), g.mask(enemies_l)
                    rel_rank = g.rank_of(sq) if side == WHITE else size - 1 - g.rank_of(sq)
                    initial = rel_rank == 1
                    q, c = move_set(piece, sq, side, friends, enemies, initial)
                    rq, rc = record_set(piece, sq, side, friends, enemies, initial)
                    checked += 1
                    if q | c != expected or (rq, rc) != (q, c) or q & c:
                        mismatches.append(
                            f"{size}x{size} {'wb'[side]} {origin} F={friends_l} E={enemies_l}: "
                            f"fsf-ours={g.names(sum(1 << s for s in expected - (q | c)))} "
                            f"ours-fsf={g.names(sum(1 << s for s in (q | c) - expected))}"
                        )
    assert checked > 100
    assert not mismatches, f"{betza} = MBN {mbn}: {len(mismatches)} of {checked} differ\n" + "\n".join(
        mismatches[:8]
    )
