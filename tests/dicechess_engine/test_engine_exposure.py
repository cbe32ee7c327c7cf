"""The engine's fast king exposure equals the core's exhaustive chance node (R2, R8 semantics B, R17)."""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from notation_toolkit.dicechess import ROLL_OUTCOMES, Position, iter_turns, king_capture_probability
from notation_toolkit.dicechess.dice import roll
from notation_toolkit.dicechess.engine.exposure import (
    ALL_OUTCOMES,
    OUTCOME_WEIGHTS,
    SUPERSET,
    capture_mask,
    capture_mask_lower,
    capture_probability,
    clear_cache,
    mask_weight,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "dicechess" / "king_capture_probabilities.json"
CASES: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
# The core's reference test explains this case: the reference value is for "per path" legality (D4
# option A); under R8 (semantics B) rolls PBR and PBK cannot reach the king.
R8_VALUES = {"kingcap-14": Fraction(19, 216)}


def test_outcome_tables() -> None:
    assert sum(OUTCOME_WEIGHTS) == 216
    assert mask_weight(ALL_OUTCOMES) == 216
    # rolls holding at least one P die: 1 - (5/6)^3 = 91/216
    assert mask_weight(SUPERSET[1 << 2]) == 91
    # rolls holding P and N: 216 - 2 * 125 + 64 = 30
    assert mask_weight(SUPERSET[(1 << 2) + (1 << 4)]) == 30


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_reference_probabilities(case: dict[str, Any]) -> None:
    pos = Position.from_dfen(case["dfen"])
    clear_cache()
    value = capture_probability(pos)
    if case["id"] in R8_VALUES:
        assert value == R8_VALUES[case["id"]]
    else:
        assert float(value) == pytest.approx(case["probability"], abs=1e-4)
    # the two-dice bound is a subset of the exact answer
    lower = capture_mask_lower(Position.from_dfen(case["dfen"]))
    assert lower & ~capture_mask(pos) == 0


def _random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position.start()
        for _ in range(rng.randrange(4, 40)):
            pos.set_pool(roll(rng))
            seq = rng.choice(list(iter_turns(pos)))
            for m in seq:
                pos.push(m)
            if pos.is_game_over:
                break
            pos.end_turn()
        if not pos.is_game_over:
            out.append(pos.copy())
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_matches_exhaustive_search_on_random_positions(seed: int) -> None:
    for pos in _random_positions(4, seed):
        clear_cache()
        before = (pos.dfen(), pos.key)
        assert capture_probability(pos) == king_capture_probability(pos), pos.dfen()
        assert (pos.dfen(), pos.key) == before


def test_mask_lists_exactly_the_rolls_that_capture() -> None:
    # Rook on e1 behind its own knight on e4; the black king on e8. R alone is blocked. Hits: the
    # knight steps aside and the rook takes (N+R), the knight goes to d6/f6 and takes (N+N), or the
    # rook walks round by h1-h8 or a-file-free files and takes along the 8th rank (R+R+R).
    pos = Position.from_dfen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1")
    mask = capture_mask(pos)
    hits = {o.letters for i, o in enumerate(ROLL_OUTCOMES) if mask >> i & 1}
    expected = {
        o.letters
        for o in ROLL_OUTCOMES
        if ("N" in o.letters and "R" in o.letters) or o.letters.count("N") >= 2 or o.letters == "RRR"
    }
    assert hits == expected
    assert mask_weight(mask) == sum(o.weight for o in ROLL_OUTCOMES if o.letters in expected)


def test_a_pool_in_the_position_is_ignored_and_restored() -> None:
    pos = Position.from_dfen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1 NNR")
    before = (pos.dfen(), pos.key)
    with_pool = capture_probability(pos)
    assert (pos.dfen(), pos.key) == before
    assert with_pool == capture_probability(Position.from_dfen("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1"))


def test_no_king_no_capture() -> None:
    assert capture_mask(Position.from_dfen("8/8/8/8/8/8/8/K3R3 w - - 0 1")) == 0


# ------------------------------------------------ colour flip and mirror (as the C++ peer's tests)


def _symmetry_helpers() -> ModuleType:
    # the helpers live with the core's tests (tests/dicechess), which are not a package
    path = Path(__file__).resolve().parents[1] / "dicechess" / "dicechess_symmetry.py"
    spec = importlib.util.spec_from_file_location("dicechess_symmetry", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_SYMMETRY = _symmetry_helpers()
flip_colours: Callable[[str], str] = _SYMMETRY.flip_colours
mirror_files: Callable[[str], str] = _SYMMETRY.mirror_files
strip_castling: Callable[[str], str] = _SYMMETRY.strip_castling


def _symmetry_cases() -> list[str]:
    cases = [c["dfen"] for c in CASES]
    cases += [p.dfen() for p in _random_positions(6, 11)]
    cases.append("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1")
    return cases


@pytest.mark.parametrize("dfen", _symmetry_cases())
def test_exposure_is_colour_and_mirror_symmetric(dfen: str) -> None:
    pos = Position.from_dfen(dfen)
    clear_cache()
    value = capture_probability(pos)
    mask = capture_mask(pos)
    clear_cache()
    flipped = Position.from_dfen(flip_colours(pos.dfen()))
    # the outcome masks list the same rolls: dice are colourless
    assert capture_mask(flipped) == mask
    assert capture_probability(flipped) == value
    plain = Position.from_dfen(strip_castling(pos.dfen()))
    mirrored = Position.from_dfen(mirror_files(plain.dfen()))
    clear_cache()
    assert capture_probability(mirrored) == capture_probability(plain)
    assert capture_probability(mirrored) == king_capture_probability(mirrored)
