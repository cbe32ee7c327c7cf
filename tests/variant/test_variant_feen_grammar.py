"""Every FEEN a variant position writes is read by the FEEN parser (with the shipped state fields).

Plain FEEN has three fields; the variant core adds ``ep:``, ``checks:`` and ``turn:`` when a position needs
them, and ``grammars/feen_variant.lark`` (an extension of ``feen.lark``) declares them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation_toolkit import feen
from notation_toolkit.core.ast import GenericNode
from notation_toolkit.variant import Variant

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "variants").glob("*.fbr"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_positions_of_random_games_are_feen(path: Path) -> None:
    variant = Variant.load(path)
    rng = random.Random(path.stem)
    seen_state = 0
    for _ in range(3):
        pos = variant.start()
        for _ in range(40):
            text = pos.feen()
            parsed = feen.parse(text, grammar="feen_variant")
            three_fields = " ".join(text.split(" ")[:3])
            assert str(parsed) == str(feen.parse(three_fields))
            if text != three_fields:
                seen_state += 1
                rules = {getattr(n, "rule", None) for n in parsed.extensions}
                assert rules <= {"en_passant_state", "checks_state", "turn_state"}
                assert parsed.extensions
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            pos.push(rng.choice(moves))
    if path.stem in ("chess", "3check", "berolina", "marseillais", "progressive"):
        assert seen_state  # these games write the state fields sooner or later


def test_plain_feen_refuses_the_state_fields_with_a_diagnostic() -> None:
    text = "-rnbq-k^bn-r/pppppppp/8/8/4P3/8/PPPP1PPP/-RNBQ-K^BN-R / c/C ep:e3@e4"
    assert not feen.is_valid(text)
    (state,) = feen.parse(text, grammar="feen_variant").extensions
    assert isinstance(state, GenericNode) and state.children == ("e3", "e4")
