"""Semantic equality and diff of rule files: what order means nothing, what order means something."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fbr_expand_helpers import COMPOSITE_RULES, load
from hypothesis import given, settings
from hypothesis import strategies as st

from notation_toolkit.fbr import parse as fbr_parse
from notation_toolkit.fbr.expand import diff, equivalent, expand, normal_form
from notation_toolkit.fbr.format import format_entry

PAGE: list[dict[str, Any]] = load("page_pairs.json")["cases"]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("royal K Q=R+N R", "R Q=R+N K royal"),  # item order
        ("promotion*=origin,move K", "promotion*=move,origin K"),  # attribute order
        ("turn<1>{!KQRBNP} K", "turn<1>{!PNBRQK} K"),  # piece-set members
        ("direction<n>[1,2] K", "direction<n>[2,1] K"),  # single ranges of a range
        ("K=mK+c{QRBNP}K", "K=c{PNBRQ}K+mK"),  # alternatives and sets inside moves
        ("Q=RB", "Q=BR"),  # juxtaposed moves are alternatives
        ("+P==QRBN", "+P==NBRQ"),  # promotion choices
        ("*KQRBNP==X", "*PNBRQK==X"),  # letters on the left of ==
        ("K=K @K=K", "K @K"),  # 003:38 @K=K and 003:104 @K: a declaration is the default definition
        ("@K @R K R", "K R"),  # a macro with its default meaning changes nothing
        ("B<3>|Basilisk|=fK+mbW", "B<3>=fK+mbW"),  # names are comments
        ('variant="A" K', 'variant="B" K'),  # the variant name is a label
        ("~ comment\nK", "K"),
        ("royal{!^K} K", "royal{^!K} K"),  # flag order (G8)
    ],
)
def test_equal_up_to_meaningless_order(a: str, b: str) -> None:
    assert equivalent(a, b)
    assert diff(a, b).equal


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("$K==@K@w@S", "$K==@w@K@S"),  # drops happen in sequence (003:600)
        ("K<*>=aK--<+>mO", "K<*>=<+>mO--aK"),  # legs of a sequence
        ("O-O<*>=[*]isR[g]=isR[f]", "O-O<*>=isR[f]=[*]isR[g]"),  # castling parts: king, then rook
        ("gating{QRB}=ordered K", "gating{BRQ}=ordered K"),  # 003:374 the set gives the order
        ("pieces{Kpp}=win K", "pieces{Kp}=win K"),  # repeated members count (003:642)
        ('boardsize="8x8" K', 'boardsize="10x8" K'),
        ("K=mK", "K"),
        ("royal K", "royal=expose K"),
    ],
)
def test_different_variants(a: str, b: str) -> None:
    assert not equivalent(a, b)
    assert not diff(a, b).equal


def test_diff_lists_added_removed_changed() -> None:
    result = diff("royal K Q=R+N R B N P +P", "royal atomic{^P} K Q=R+N R B N P +P")
    assert {c.status for c in result.changes} == {"added", "changed"}
    royal = next(c for c in result.changed if c.kind == "rule")
    assert (royal.old, royal.new, royal.added, royal.removed) == (
        "royal{K}",
        "royal{K}=expose",
        ("expose",),
        (),
    )
    # bare macros (@K, @R, ...) mean their default and are not differences; @Q=R+N is
    assert [(c.key, c.new) for c in result.added] == [("@Q", "@Q=R+N")]
    assert {c.key: c.new for c in result.changed if c.kind == "definition"}["Q"] == "Q=mQ+(cQ--X)"
    assert not result.removed
    reverse = diff("royal atomic{^P} K Q=R+N R B N P +P", "royal K Q=R+N R B N P +P")
    assert [c.key for c in reverse.removed] == ["@Q"]
    assert next(c for c in reverse.changed if c.kind == "rule").removed == ("expose",)


def test_diff_without_expansion_or_defaults() -> None:
    result = diff("royal alice K", "royal K", expand=False, explicit_defaults=False)
    assert [(c.status, c.kind, c.key) for c in result.changes] == [("removed", "rule", "alice")]
    as_dict = result.to_dict()
    assert as_dict["equal"] is False
    assert as_dict["changes"] == [
        {"status": "removed", "kind": "rule", "key": "alice", "old": "alice", "new": None}
    ]


def test_diff_of_switching_variants() -> None:
    plain = "royal switching K Q=QN R B N P +P"
    result = diff(plain, "royal switching=excluderoyals K Q=QN R B N P +P")
    got = {(c.status, c.key): (c.old, c.new) for c in result.changes}
    assert got == {
        ("changed", "@X"): ("@X=wwK", "@X=ww{^K}K"),
        ("changed", "K"): ("K=KX", "K"),
    }


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(PAGE), st.randoms(use_true_random=False))
def test_shuffled_expansion_is_equivalent(case: dict[str, Any], rnd: random.Random) -> None:
    """Any permutation of the items of an expansion means the same variant."""
    parsed = fbr_parse(case["expansion"])
    texts = [format_entry(i) for i in parsed.items]
    rnd.shuffle(texts)
    shuffled = " ".join(texts)
    assert equivalent(case["expansion"], shuffled, expand=False)
    assert normal_form(parsed) == normal_form(fbr_parse(shuffled))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([r if r != "cheshire" else "cheshire{X}" for r in COMPOSITE_RULES]),
    st.permutations(["K", "Q=R+N", "R", "B", "N", "P", "+P"]),
)
def test_expansion_does_not_depend_on_piece_order(rule: str, pieces: list[str]) -> None:
    standard = f"royal {rule} K Q=R+N R B N P +P"
    permuted = f"royal {rule} " + " ".join(pieces)
    assert equivalent(expand(standard), expand(permuted), expand=False, explicit_defaults=False)
    once = expand(permuted)
    assert expand(once) == once


@pytest.mark.slow
def test_diff_time_grows_linearly_with_the_changes() -> None:
    """Every added item is a change; each change used to rebuild the whole display map
    (NormalForm.display), so a rule file of 1 MiB (the input limit) took hours. 4x the items
    must take about 4x the time, not 16x (best of three, generous bound)."""
    import time

    def seconds(n: int) -> float:
        text = "K\n" * n
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            result = diff("royal", text, expand=False, explicit_defaults=False)
            best = min(best, time.perf_counter() - start)
        assert len(result.changes) == n + 1  # n added K, royal removed
        return best

    small, large = seconds(4000), seconds(16000)
    assert large < 9 * small, (small, large)
