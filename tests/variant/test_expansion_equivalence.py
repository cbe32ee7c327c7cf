"""Each composite rule of the FBR compiler (``ntk expand``) against its expansion: where the rule
file as written and its expansion both load in the variant core, they play the same game (perft from
the start and from seeded random positions, legal move lists along random games): two independent
routes to one meaning (the component, and the page's own rewriting of the rule). Where one side
does not load, its first diagnostic is the one docs/fbr-expand.md lists for the rule."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from notation_toolkit import fbr
from notation_toolkit.fbr.expand import expand
from notation_toolkit.fbr.expand.templates import builtin_templates
from notation_toolkit.variant import Variant, VariantError, perft

DOCS = Path(__file__).resolve().parents[2] / "docs" / "fbr-expand.md"
START = "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R / C/c"
PIECES = "K Q=R+B R B N P +P==QRBN O-O=[*]isR[g]=isR[f] O-O-O=[*]isR[c]=isR[d]"
# the composite rule as a small chess file writes it (the piece set where the rule needs one)
WRITTEN = {"atomic": "atomic{^P}", "cheshire": "cheshire{X}"}


def composite_rules() -> list[str]:
    return sorted(builtin_templates().rules)


def rule_file(rule: str) -> str:
    text = WRITTEN.get(rule, rule)
    return f'boardsize="8x8"\nstartposition="{START}"\nroyal promotion+[8] {text}\n{PIECES}\n'


def load(text: str) -> Variant | str:
    """The variant, or the code of its first diagnostic."""
    try:
        return Variant.from_text(text)
    except VariantError as exc:
        return exc.diagnostics[0].code


def both(rule: str) -> tuple[Variant | str, Variant | str]:
    text = rule_file(rule)
    return load(text), load(fbr.dumps(expand(text)))


def documented() -> dict[str, tuple[str, str]]:
    """docs/fbr-expand.md "Expansions in the core": rule -> (written, expansion), each ``loads`` or
    the first diagnostic's code."""
    section = DOCS.read_text().split("### Expansions in the core", 1)[1].split("\n#", 1)[0]
    rows = re.finditer(r"^\| `(\w+)` \| (loads|VAR\d+)\b[^|]*\| (loads|VAR\d+)\b", section, re.M)
    return {m.group(1): (m.group(2), m.group(3)) for m in rows}


def random_positions(variant: Variant, seed: int, count: int, plies: int) -> list[str]:
    """FEENs reached by seeded random play from the start position."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        pos = variant.start()
        for _ in range(rng.randrange(plies // 2, plies + 1)):
            legal = pos.legal_moves()
            if not legal or pos.outcome() is not None:
                break
            pos.push(rng.choice(legal))
        out.append(pos.feen())
    return out


def test_every_composite_rule_is_documented() -> None:
    table = documented()
    assert set(table) == set(composite_rules())
    for rule in composite_rules():
        written, expanded = both(rule)
        got = tuple("loads" if isinstance(v, Variant) else v for v in (written, expanded))
        assert got == table[rule], rule


def comparable() -> list[str]:
    return [rule for rule, sides in documented().items() if sides == ("loads", "loads")]


def test_at_least_andernach_loads_both_ways() -> None:
    assert "andernach" in comparable()


@pytest.mark.parametrize("rule", comparable())
def test_written_and_expanded_play_the_same_game(rule: str) -> None:
    written, expanded = both(rule)
    assert isinstance(written, Variant) and isinstance(expanded, Variant)
    for feen in [START, *random_positions(written, 36, 4, 40)]:
        a, b = written.position(feen), expanded.position(feen)
        assert [perft(a, d) for d in (1, 2)] == [perft(b, d) for d in (1, 2)], feen
    rng = random.Random(36)
    for _ in range(3):
        a, b = written.start(), expanded.start()
        for _ in range(80):
            moves_a = sorted(m.text for m in a.legal_moves())
            assert moves_a == sorted(m.text for m in b.legal_moves()), a.feen()
            assert a.outcome() == b.outcome(), a.feen()
            if not moves_a or a.outcome() is not None:
                break
            move = rng.choice(moves_a)
            a.push(move)
            b.push(move)
            assert a.feen() == b.feen()


@pytest.mark.slow
@pytest.mark.parametrize("rule", comparable())
def test_written_and_expanded_perft_3(rule: str) -> None:
    written, expanded = both(rule)
    assert isinstance(written, Variant) and isinstance(expanded, Variant)
    for feen in [START, *random_positions(written, 3636, 6, 60)]:
        assert perft(written.position(feen), 3) == perft(expanded.position(feen), 3), feen
