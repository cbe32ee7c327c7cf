"""Multi-leg moves against their legs: ``A-B`` moves as ``B`` from every empty square ``A`` reaches.

The compiler searches the legs as sets of squares (polynomial in the board, where following paths
grew exponentially); the oracle here composes the single-leg pieces, compiled on their own, square
by square, so it shares nothing with that search. Boards and occupancies are random (seeded).
"""

from __future__ import annotations

import itertools
import random

import pytest

from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant.pieces import BLACK, WHITE, compile_piece

# (multi-leg definition, its legs as single-leg definitions)
CASES = [
    ("W0-W0", ["W0", "W0"]),
    ("N-N0", ["N", "N0"]),
    ("mW-cF", ["mW", "cF"]),
    ("F0-mW0", ["F0", "mW0"]),
    ("N0-N0-N0", ["N0", "N0", "N0"]),
    ("fF-fF0", ["fF", "fF0"]),
    ("W-[1-3]cN", ["W", "[1-3]cN"]),
    ("gW0-W", ["gW0", "W"]),
    ("W-W-W-W", ["W", "W", "W", "W"]),
    ("nN-N", ["nN", "N"]),  # lame leaps: the squares they pass must be empty
    ("nA-nZ", ["nA", "nZ"]),
    ("pR-W", ["pR", "W"]),  # hops: over the first piece on the line
    ("W-pR", ["W", "pR"]),
    ("mpR-cpB", ["mpR", "cpB"]),
]
BOARDS = [Geometry.of(8, 8), Geometry.of(11, 7), Geometry.of(26, 26)]


def _squares(bb: int) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def _oracle(legs: list[str], g: Geometry, sq: int, side: int, occ: int, enemies: int) -> tuple[int, int]:
    """(quiet targets, captures) composed from the legs compiled one by one."""
    pieces = [compile_piece(leg, g) for leg in legs]
    moved = occ & ~(1 << sq)  # the mover has left its square
    frontier = {sq}
    for piece in pieces[:-1]:
        frontier = {t for at in frontier for t in _squares(piece.quiets(at, side, moved))}
    last = pieces[-1]
    quiet = capture = 0
    for at in frontier:
        quiet |= last.quiets(at, side, moved)
        capture |= last.captures(at, side, moved, enemies)
    return quiet & ~(1 << sq), capture & ~(1 << sq)


@pytest.mark.parametrize(("definition", "legs"), CASES, ids=[c[0] for c in CASES])
def test_multi_leg_moves_are_their_legs_composed(definition: str, legs: list[str]) -> None:
    rnd = random.Random(definition)
    for g in BOARDS:
        piece = compile_piece(definition, g)
        for _ in range(8 if g.size < 100 else 2):
            density = rnd.choice((0.0, 0.15, 0.4))
            occ = sum(1 << s for s in range(g.size) if rnd.random() < density)
            sq = rnd.randrange(g.size)
            occ |= 1 << sq
            enemies = occ & ~(1 << sq) & rnd.getrandbits(g.size)
            side = rnd.choice((WHITE, BLACK))
            quiet, capture = _oracle(legs, g, sq, side, occ, enemies)
            assert piece.quiets(sq, side, occ) == quiet
            assert piece.captures(sq, side, occ, enemies) == capture
            assert piece.attacks(sq, side, occ) & enemies == capture
            records = piece.moves(sq, side, occ, occ & ~enemies, enemies)
            assert {r.target for r in records if r.captured is None} == set(_squares(quiet))
            assert {r.target for r in records if r.captured is not None} == set(_squares(capture))
            # one record per move, each with a path its legs can walk
            assert len({(r.target, r.captured) for r in records}) == len(records)
            moved = occ & ~(1 << sq)
            for r in records:
                steps = [sq, *r.path, r.target]
                assert len(r.path) == len(legs) - 1
                for leg, (a, b) in zip(legs, itertools.pairwise(steps), strict=True):
                    leg_piece = compile_piece(leg, g)
                    reach = leg_piece.quiets(a, side, moved) | leg_piece.captures(a, side, moved, enemies)
                    assert reach >> b & 1, (definition, steps)


@pytest.mark.parametrize(("definition", "legs"), CASES, ids=[c[0] for c in CASES])
def test_empty_board_tables_match_the_moves(definition: str, legs: list[str]) -> None:
    g = Geometry.of(9, 7)
    tables = compile_piece(definition, g).tables
    piece = compile_piece(definition, g)
    for side in (WHITE, BLACK):
        movers = sum(1 << s for s in range(g.size) if piece.quiets(s, side, 0) | piece.attacks(s, side, 0))
        assert tables.empty_board_movers(side) == movers
        attacks = tables.empty_board_attacks(side, (None, "K"))
        assert attacks == [piece.attacks(s, side, 0) | piece.attacks(s, side, 0, "K") for s in range(g.size)]
