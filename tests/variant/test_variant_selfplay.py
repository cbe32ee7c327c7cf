"""Self-play invariants for every example variant: after every move the FEEN parses back to an equal
position with the same Zobrist key, the incremental key equals the key recomputed from scratch, and
push/pop restores FEEN and key. A few games by default, 200 per variant under ``-m slow``."""

from __future__ import annotations

import random

import pytest
from fsf_oracle import EXAMPLES, SPECS

from notation_toolkit.variant import Variant

PLAYABLE = list(SPECS)


def _play(variant: Variant, games: int, plies: int, seed: int) -> int:
    rnd = random.Random(seed)
    checked = 0
    for _ in range(games):
        pos = variant.start()
        for _ in range(plies):
            if pos.outcome() is not None:
                break
            moves = pos.legal_moves()
            assert moves
            before, key = pos.feen(), pos.zobrist()
            mv = rnd.choice(moves)
            pos.push(mv)
            after = pos.feen()
            again = variant.position(after)
            assert again == pos and again.feen() == after, after
            assert again.zobrist() == pos.zobrist() == pos.zobrist_full(), after
            undone = pos.pop()
            assert undone.text == mv.text
            assert pos.feen() == before and pos.zobrist() == key
            pos.push(mv)
            checked += 1
    return checked


@pytest.mark.parametrize("name", PLAYABLE)
def test_selfplay_invariants(name: str) -> None:
    variant = Variant.load(EXAMPLES / SPECS[name].file)
    assert _play(variant, games=2, plies=40, seed=99) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", PLAYABLE)
def test_selfplay_invariants_200_games(name: str) -> None:
    variant = Variant.load(EXAMPLES / SPECS[name].file)
    assert _play(variant, games=200, plies=80, seed=2026) > 0
