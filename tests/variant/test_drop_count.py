"""Perft counts the drops of a leaf as square sets; every node of random games says the same as the
list of its legal moves, in check (where only shielding squares take a drop) and out of it."""

from __future__ import annotations

import random

import pytest

from notation_toolkit.variant import Variant

LETTERS = "ABCDEFGHIJLMNOQRSTU"
MOVES = ["W", "F", "W0", "F0", "N", "N0", "A", "D", "H", "C", "Z", "G", "W0F0", "WN", "FN"]
MOVES += ["mW+cF", "K", "WA", "FD"]


def _twenty_types(size: int) -> Variant:
    rows = ["k^" + str(size - 1)] + [str(size)] * (size - 2) + ["K^" + str(size - 1)]
    text = (
        f'variant="drops"\nboardsize="{size}x{size}"\n'
        f'startposition="{"/".join(rows)} {LETTERS}/{LETTERS.lower()} C/c"\nroyal\nholding\nK=W+F\n'
        + "\n".join(f"{a}={b}" for a, b in zip(LETTERS, MOVES, strict=True))
    )
    return Variant.from_text(text)


@pytest.mark.parametrize("name", ["crazyhouse", "twenty types 9x9"])
def test_the_drop_count_is_the_number_of_legal_moves(name: str) -> None:
    variant = Variant.load("examples/variants/crazyhouse.fbr") if name == "crazyhouse" else _twenty_types(9)
    rnd = random.Random(name)
    checks = nodes = 0
    for _game in range(6):
        pos = variant.start()
        for _ply in range(40):
            moves = pos._legal_codes()
            assert pos._legal_count() == len(moves)
            nodes += 1
            checks += pos.is_check()
            if not moves:
                break
            pos._push_code(rnd.choice(moves))
    assert nodes > 100 and checks >= 3  # the games pass through checks, where drops must shield
