"""Random self-play with invariant checks after every micro-move (and every end of turn).

Invariants: DFEN round trip (and the parsed key equals the incremental key), bitboards agree with
the mailbox, the incremental Zobrist key equals the key computed from scratch, and push/pop of every
pseudo-legal micro-move (all six die types, castling included) restores position and key exactly
(with the key also checked right after each push).

The default run plays 1,000 games capped at 24 micro-moves each; the ``slow`` run plays 1,000 whole
games (to a king capture or the R16 draw).
"""

from __future__ import annotations

import pytest
from dicechess_randomplay import random_game

from notation_toolkit import dfen
from notation_toolkit.dicechess import Position
from notation_toolkit.dicechess.tables import KING

ALL_DICE = sum(1 << (2 * t) for t in range(1, 7))  # one die of every type: every micro-move


def snapshot(pos: Position) -> tuple[object, ...]:
    return (
        tuple(pos.board),
        tuple(pos.pieces),
        tuple(pos.occ),
        pos.turn,
        pos.castling,
        pos.ep,
        pos.halfmove,
        pos.fullmove,
        pos.pool,
        pos.key,
    )


def check_invariants(pos: Position) -> None:
    text = pos.dfen()
    ast = dfen.parse(text)
    assert dfen.dumps(ast) == text  # our serializer is the DFEN module's canonical form
    parsed = Position.from_parsed(ast)
    assert parsed.dfen() == text
    assert parsed.key == pos.key
    assert pos.key == pos.compute_key()
    occupied = 0
    for sq in range(64):
        code = pos.board[sq]
        bit = 1 << sq
        if code:
            assert pos.pieces[code & 7] & bit and pos.occ[code >> 3] & bit
            occupied |= bit
        else:
            assert not (pos.occ[0] | pos.occ[1]) & bit
    assert pos.occ[0] & pos.occ[1] == 0
    assert (
        pos.occ[0] | pos.occ[1]
        == occupied
        == (pos.pieces[1] | pos.pieces[2] | pos.pieces[3] | pos.pieces[4] | pos.pieces[5] | pos.pieces[KING])
    )
    before = snapshot(pos)
    depth = pos.ply_depth
    for m in pos.generate(pos.pool | ALL_DICE if pos.pool else ALL_DICE):
        pos.push(m)
        assert pos.key == pos.compute_key()
        pos.pop()
        assert pos.ply_depth == depth
    assert snapshot(pos) == before


def run_games(seeds: range, cap: int) -> tuple[int, int]:
    steps = 0
    finished = 0
    for seed in seeds:

        def on_position(pos: Position) -> None:
            nonlocal steps
            steps += 1
            check_invariants(pos)

        final = random_game(seed, max_micro_moves=cap, on_position=on_position)
        finished += final.is_game_over or final.halfmove >= 100
    return steps, finished


# 100 games a block; the default run plays the first two blocks, the slow run all ten.
@pytest.mark.parametrize(
    "block", [pytest.param(b, marks=[pytest.mark.slow] if b >= 2 else []) for b in range(10)]
)
def test_selfplay_invariants_capped(block: int) -> None:
    steps, _ = run_games(range(block * 100, block * 100 + 100), cap=24)
    assert steps >= 100 * 24


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_selfplay_invariants_full_games(block: int) -> None:
    steps, finished = run_games(range(10_000 + block * 100, 10_000 + block * 100 + 100), cap=100_000)
    assert finished == 100
    assert steps > 100 * 24
