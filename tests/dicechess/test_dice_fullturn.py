"""The multiset pass (``roll_turns``, ``count_turns``) against the depth-first walk.

``count_turns_walk`` is the reference algorithm (R8 asked at every step of a depth-first walk); the
brute force of ``test_dice_turns`` checks it independently. Here the two must give the same
sequence and distinct-position counts, for the exact and the reduced (F2) key, on every position
that appears in the Dice Chess tests and data files and on positions from seeded random play, and
every count must be unchanged when the position is colour-flipped or mirrored left-right.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from dicechess_randomplay import sample_positions
from dicechess_symmetry import flip_colours, mirror_files, strip_castling
from dicechess_testdata import KIWIPETE, START

from notation_toolkit.core.errors import NotationError
from notation_toolkit.dicechess import (
    ROLL_OUTCOMES,
    Position,
    count_turns,
    count_turns_walk,
    reduced_key,
    roll_turns,
    turn_outcomes,
)
from notation_toolkit.dicechess.dice import from_letters, to_letters
from notation_toolkit.dicechess.fullturn import KeyKind, dead_ep_targets
from notation_toolkit.dicechess.moves import uci

TESTS = Path(__file__).resolve().parents[1]
_DFEN = re.compile(
    r"[rnbqkpRNBQKP1-8]+(?:/[rnbqkpRNBQKP1-8]+){7} [wb] [KQkq-]+ [a-h36-]+(?: \d+ \d+(?: [PNBRQKpnbrqk-]+)?)?"
)


def _test_positions() -> list[str]:
    """Every DFEN written in the Dice Chess tests and their data files that parses (lenient)."""
    found: set[str] = set()
    files = [*TESTS.glob("dicechess*/*.py"), *(TESTS / "data" / "dicechess").glob("*.json")]
    for path in files:
        found.update(m.group(0) for m in _DFEN.finditer(path.read_text(encoding="utf-8")))
    out = []
    for text in sorted(found):
        try:
            pos = Position.from_dfen(text, lenient=True)
        except NotationError:
            continue  # the error-path tests' inputs
        out.append(pos.dfen())
    return out


POSITIONS = _test_positions()
BENCH_ROLLS = ("PPP", "PNB", "RRK", "NNN", "QKB")


def _rolls_of(dfen: str, every: bool) -> list[int]:
    pool = from_letters(dfen.split()[6])
    rolls = [o.pool for o in ROLL_OUTCOMES] if every else [from_letters(r) for r in BENCH_ROLLS]
    return [pool, *rolls] if pool and pool not in rolls else rolls


def _walk(pos: Position, pool: int, key: KeyKind) -> tuple[int, int]:
    work = pos.copy()
    if work.pool:
        work.set_pool(0)
    work.set_pool(pool)
    return count_turns_walk(work, key=key)


def _compare(dfen: str, every: bool) -> None:
    pos = Position.from_dfen(dfen)
    rolls = _rolls_of(dfen, every)
    keys: tuple[KeyKind, ...] = ("exact", "reduced")
    for key in keys:
        table = roll_turns(pos, rolls, key=key)
        for pool in rolls:
            got = (table[pool].sequences, table[pool].distinct)
            assert got == _walk(pos, pool, key), (dfen, to_letters(pool), key)
    assert pos.dfen() == dfen


def test_the_tests_hold_many_positions() -> None:
    assert len(POSITIONS) >= 100
    assert START + " -" in POSITIONS and KIWIPETE + " -" in POSITIONS


@pytest.mark.parametrize("dfen", POSITIONS)
def test_multiset_pass_equals_the_walk_on_every_test_position(dfen: str) -> None:
    _compare(dfen, every=False)


@pytest.mark.slow
@pytest.mark.parametrize("dfen", POSITIONS)
def test_multiset_pass_equals_the_walk_for_all_56_rolls(dfen: str) -> None:
    _compare(dfen, every=True)


def test_multiset_pass_equals_the_walk_on_random_positions() -> None:
    for dfen in sample_positions(range(3), every=9, max_micro_moves=200)[:24]:
        _compare(dfen, every=False)


# Every 22nd micro-move of 30 seeded games (237 positions), in parts so that a parallel run shares
# them among workers. Positions a few micro-moves apart in one game share most of their pieces, so
# every 11th (472 positions) doubled the time without adding kinds of positions.
ALL_ROLLS_PARTS = 4


@pytest.mark.slow
@pytest.mark.parametrize("part", range(ALL_ROLLS_PARTS))
def test_multiset_pass_equals_the_walk_on_random_positions_all_rolls(part: int) -> None:
    positions = sample_positions(range(30), every=22, max_micro_moves=400)
    assert len(positions) > 200
    for dfen in positions[part::ALL_ROLLS_PARTS]:
        _compare(dfen, every=True)


def test_all_rolls_at_once_equal_one_roll_at_a_time() -> None:
    for dfen in (START + " -", KIWIPETE + " -"):
        pos = Position.from_dfen(dfen)
        table = roll_turns(pos)
        assert len(table) == 56
        for o in ROLL_OUTCOMES:
            alone = roll_turns(pos, (o.pool,))[o.pool]
            assert (alone.sequences, alone.ends.keys(), alone.wins.keys()) == (
                table[o.pool].sequences,
                table[o.pool].ends.keys(),
                table[o.pool].wins.keys(),
            )


def test_each_end_comes_with_a_legal_sequence_reaching_it() -> None:
    # the representative sequence of every end replays under R8 and lands on that end
    pos = Position.from_dfen(KIWIPETE + " PNB")
    expected = {o.dfen for o in turn_outcomes(pos)}
    (result,) = roll_turns(pos, (pos.pool,)).values()
    got = set()
    for line in [*result.ends.values(), *result.wins.values()]:
        work = pos.copy()
        for m in line:
            assert m in work.legal_moves(), uci(m)
            work.push(m)
        assert not work.legal_moves()
        if not work.is_game_over:
            work.end_turn()
        got.add(work.dfen())
    assert got == expected


def test_maximum_dice_fallback_and_pass() -> None:
    # R8: only the N die can be used (the rook is boxed in, no pawn can move): turns spend one die
    pos = Position.from_dfen("k7/8/8/8/8/p7/P7/RN2K3 w - - 0 1 PNR")
    result = roll_turns(pos, (pos.pool,))[pos.pool]
    assert result.used == 2 and count_turns(pos) == count_turns_walk(pos)
    # R10: no die usable is a pass, one sequence and one end
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 RRB")
    assert count_turns(pos) == (1, 1) == count_turns_walk(pos)
    assert roll_turns(pos, (pos.pool,))[pos.pool].is_pass


def test_king_captures_follow_r8() -> None:
    # the capture e2e1 spends one die; the rook may also first move along the file then capture
    pos = Position.from_dfen("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1 rrb")
    result = roll_turns(pos, (pos.pool,))[pos.pool]
    assert len(result.wins) == 2
    assert count_turns(pos) == count_turns_walk(pos)


def test_reduced_key_drops_only_dead_targets() -> None:
    # d6 is live (the e5 pawn can take), a6 is dead (no White pawn near it)
    pos = Position.from_dfen("4k3/8/8/p2pP3/8/8/8/4K3 w - a6d6 0 2")
    assert dead_ep_targets(pos, 0) == 1 << 40  # a6
    same = Position.from_dfen("4k3/8/8/p2pP3/8/8/8/4K3 w - d6 0 2")
    assert reduced_key(pos) == reduced_key(same) == same.key
    # without a P die no target can be taken: all are dead at this max node
    rolled = Position.from_dfen("4k3/8/8/p2pP3/8/8/8/4K3 w - a6d6 0 2 NBR")
    none = Position.from_dfen("4k3/8/8/p2pP3/8/8/8/4K3 w - - 0 2 NBR")
    assert reduced_key(rolled) == none.key
    # a pawn two files and one rank away needs a capture to e5 first: live with 2 P dice, not with 1
    far = Position.from_dfen("4k3/8/8/3p4/5P2/8/8/4K3 w - d6 0 2")
    assert dead_ep_targets(far, 0, 2) == 0
    assert dead_ep_targets(far, 0, 1) == 1 << 43
    # three ranks below the capture rank: out of reach even with three P dice
    low = Position.from_dfen("4k3/8/8/3p4/8/8/4P3/4K3 w - d6 0 2")
    assert dead_ep_targets(low, 0, 3) == 0  # e2-e4-e5 then exd6: live
    lower = Position.from_dfen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 2")
    assert dead_ep_targets(lower, 0, 3) == 1 << 43


def test_reduced_count_merges_positions_that_differ_in_a_dead_target_only() -> None:
    # After the double push a2a4 no Black pawn can ever take on a3: the reduced key merges a2a4+...
    # with the same pieces reached otherwise, the exact key keeps them apart.
    pos = Position.from_dfen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 PPK")
    exact = count_turns(pos)
    reduced = count_turns(pos, key="reduced")
    assert exact == count_turns_walk(pos) and reduced == count_turns_walk(pos, key="reduced")
    assert reduced[1] < exact[1]


# ---------------------------------------------------------------- colour flip and mirror

SYMMETRY_CASES = [
    (START, "PPP"),
    (START, "PNB"),
    (KIWIPETE, "PNB"),
    (KIWIPETE, "RRK"),
    (KIWIPETE, "QKB"),
    ("4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 2", "PPN"),
    ("7k/8/8/pPpPp3/8/8/8/4K3 w - a6c6e6 0 1", "PPP"),
    ("4k3/p1p5/8/1P6/8/8/8/4K3 b - - 0 1", "PPP"),
    ("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1", "RRB"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "KRN"),
]


def _counts(dfen: str) -> tuple[tuple[int, int], tuple[int, int]]:
    pos = Position.from_dfen(dfen)
    return count_turns(pos), count_turns(pos, key="reduced")


@pytest.mark.parametrize(("fen", "dice"), SYMMETRY_CASES)
def test_turn_counts_are_colour_and_mirror_symmetric(fen: str, dice: str) -> None:
    dfen = f"{fen} {dice}"
    flipped = flip_colours(dfen)
    assert Position.from_dfen(flip_colours(flipped)).dfen() == Position.from_dfen(dfen, lenient=True).dfen()
    original = _counts(Position.from_dfen(dfen, lenient=True).dfen())
    assert _counts(flipped) == original
    plain = strip_castling(Position.from_dfen(dfen, lenient=True).dfen())
    assert _counts(mirror_files(plain)) == _counts(plain) == _counts(flip_colours(mirror_files(plain)))
    assert _walk(Position.from_dfen(flipped), Position.from_dfen(flipped).pool, "exact") == original[0]


@pytest.mark.parametrize("dfen", POSITIONS[::5])
def test_test_positions_are_colour_and_mirror_symmetric(dfen: str) -> None:
    pos = Position.from_dfen(dfen)
    if pos.is_game_over:
        pytest.skip("a finished game has no turn to count")
    for roll in ("PNB", "RQK"):
        base = " ".join(dfen.split()[:6])
        work = f"{base} {roll.lower() if pos.turn else roll}"
        plain = strip_castling(work)
        assert _counts(flip_colours(work)) == _counts(work)
        assert _counts(mirror_files(plain)) == _counts(plain)
