"""The general legality shortcut (lame leapers, ranges, capture sets, hoppers) gives exactly the
moves that survive make / royal-attacked / unmake of every pseudo-legal move, on seeded random
games; a hopper reached only through a macro's expansion disables the shortcut."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation_toolkit.variant import Position, Variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
XIANGQI = (EXAMPLES / "xiangqi.fbr").read_text(encoding="utf-8")
# the cannon written through a macro: its own text has no `p`
MACRO_CANNON = XIANGQI.replace("C=mW0+cpW0", "@Z=mW0+cpW0\nC=Z")


def _brute_force(pos: Position) -> list[int]:
    out = []
    for m in pos._pseudo():
        undo = pos._do(m)
        exposed = pos._royal_attacked(1 - pos.turn)
        pos._undo(undo)
        if not exposed:
            out.append(m)
    return sorted(out)


@pytest.mark.parametrize("text", [XIANGQI, MACRO_CANNON], ids=["xiangqi", "macro-cannon"])
def test_shortcut_equals_make_unmake(text: str) -> None:
    variant = Variant.from_text(text)
    rnd = random.Random(31)
    checked = 0
    for _ in range(12):
        pos = variant.start()
        for _ in range(90):
            if pos.outcome() is not None:
                break
            assert sorted(pos._legal_raw()) == _brute_force(pos), pos.feen()
            checked += 1
            pos.push(rnd.choice(pos.legal_moves()))
    assert checked > 500


def test_macro_hopper_is_seen_from_the_compiled_parts() -> None:
    core = Variant.from_text(MACRO_CANNON).tables
    cannon = core.index["C"]
    assert core.pieces[cannon].tables.hops
    assert not core.fast_legal and not core.general_fast
    plain = Variant.from_text(XIANGQI).tables
    assert plain.general_fast and plain.hopper_types == [plain.index["C"]]
