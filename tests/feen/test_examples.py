"""Every example of 002 and 004 gets the verdict the documents give (or the documented decision)."""

from __future__ import annotations

from typing import Any

import pytest

from notation_toolkit import feen
from notation_toolkit.core.errors import CanonicalFormError, NotationError
from notation_toolkit.feen.parser import parse_result
from tests.feen.conftest import invalid_examples, valid_examples

VALID = valid_examples()
INVALID = invalid_examples()


def test_the_transcribed_corpus_is_complete() -> None:
    assert len(VALID) == 46
    assert len(INVALID) == 31


@pytest.mark.parametrize("text", VALID)
def test_valid_examples_parse_and_round_trip(text: str) -> None:
    position = feen.parse(text)
    assert feen.dumps(position) == text
    assert str(position) == text
    assert feen.is_valid(text)
    assert feen.check(text) == []


@pytest.mark.parametrize("text", VALID)
def test_valid_examples_agree_between_fast_path_and_lalr(text: str) -> None:
    assert parse_result(text, fast=False)[0] == feen.parse(text)


@pytest.mark.parametrize("text", VALID)
def test_canonicalize_is_identity_on_canonical_input(text: str) -> None:
    canonical, fixes = feen.canonicalize(text)
    assert canonical == text
    assert fixes == []


@pytest.mark.parametrize("case", INVALID, ids=[c["text"][:30] for c in INVALID])
def test_invalid_examples_give_the_stated_code_and_span(case: dict[str, Any]) -> None:
    with pytest.raises(NotationError) as info:
        feen.parse(case["text"])
    err = info.value
    assert type(err).__name__ == case["error"]
    d = err.diagnostics[0]
    assert d.code == case["code"]
    assert d.span is not None
    assert (d.span.offset, d.span.length) == (case["offset"], case["length"])
    assert d.message and d.hint
    assert d.field in ("placement", "hands", "style-turn", None)
    assert not feen.is_valid(case["text"])
    assert next(x.code for x in feen.check(case["text"])) == case["code"]


@pytest.mark.parametrize("case", [c for c in INVALID if "canonical" in c], ids=lambda c: c["text"])
def test_strict_rejection_carries_the_canonical_fix(case: dict[str, Any]) -> None:
    with pytest.raises(CanonicalFormError) as info:
        feen.parse(case["text"])
    fix = info.value.diagnostics[0].fix
    assert fix is not None
    assert fix.apply(case["text"]) == case["canonical"]
    canonical, fixes = feen.canonicalize(case["text"])
    assert canonical == case["canonical"]
    assert fixes and all(f.severity == "info" and f.fix is not None for f in fixes)
    assert str(feen.parse(case["text"], lenient=True)) == case["canonical"]
    assert feen.canonicalize(canonical) == (canonical, [])  # idempotent


def test_trap_a_greedy_counts_44_is_forty_four_never_four_plus_four() -> None:
    # 002 marks "44/44/.../44 / C/c" invalid as a non-merged 8x8 board; the profile reads counts
    # greedily, so it is a valid board of 8 ranks of 44 squares (docs/feen.md).
    text = "44/44/44/44/44/44/44/44 / C/c"
    placement = feen.parse(text).placement
    assert placement.shape == (8, 44)
    assert placement.square_count == 352
    assert placement.rank_tokens(0) == (44,)
    assert placement.square_count != 64


def test_trap_b_004_normalization_is_lenient_only() -> None:
    text = "8/8/8/8/8/8/8/8 PpP/p C/c"
    with pytest.raises(CanonicalFormError) as info:
        feen.parse(text)
    assert info.value.code == "FEEN204"
    assert info.value.diagnostics[0].fix is not None
    assert feen.canonicalize(text)[0] == "8/8/8/8/8/8/8/8 2Pp/p C/c"


def test_trap_d_both_chess_start_spellings_are_valid() -> None:
    a = feen.parse("-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c")
    b = feen.parse("+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c")
    assert a.placement.shape == b.placement.shape == (8, 8)
    assert a.placement.piece_count == b.placement.piece_count == 32
    assert a != b


def test_002_cardinality_table() -> None:
    for text, n, p in [
        ("k^ / S/s", 1, 1),
        ("1 / G/g", 1, 0),
        ("8/8/8/8/8/8/8/8 / C/c", 64, 0),
        ("4/4/4/4 2P2p/ C/c", 16, 4),
    ]:
        pos = feen.parse(text)
        assert pos.placement.square_count == n
        assert pos.placement.piece_count + pos.hands.piece_count == p


def test_002_dimensional_coherence_tables() -> None:
    for placement, dims in [
        ("rkr", 1),
        ("rkr/PPPP", 2),
        ("a/b//c/d", 3),
        ("a/b//c/d//e/f", 3),
        ("a/b//c/d///e/f//g/h", 4),
    ]:
        assert feen.parse_placement(placement).dimensions == dims
    for placement in ["rkr//PPPP", "a//b//c", "a/b///c/d", "a///b"]:
        with pytest.raises(NotationError) as info:
            feen.parse_placement(placement)
        assert info.value.code == "FEEN201"


def test_002_qpi_inference() -> None:
    pos = feen.parse("-rnbqk^bn-r/+p+p+p1+p+p+p+p/8/8/4p3/8/+P+P+P+P1+P+P+P/-RNBQK^BN-R /P C/c")
    assert str(pos.qpi(pos.placement[0, 0] or feen.parse_epin("x"))) == "c:-r"  # a8
    assert str(pos.qpi(pos.placement[7, 0] or feen.parse_epin("x"))) == "C:-R"  # a1
    assert str(pos.qpi(pos.placement[4, 4] or feen.parse_epin("x"))) == "c:p"  # e4
    (hand_piece,) = list(pos.hands.second)
    assert str(pos.qpi(hand_piece)) == "C:P"


def test_hand_attribution_is_by_position_not_case() -> None:
    pos = feen.parse("8/8/8/3K^4/8/8/8/8 p/ C/c")
    assert [p.side.value for p in pos.hands.first] == ["second"]
    assert pos.hands.first.side.value == "first"


def test_002_canonical_order_examples() -> None:
    assert str(feen.parse_hands("3P2B/")) == "3P2B/"
    assert str(feen.parse_hands("BbPp/")) == "BbPp/"
    assert str(feen.parse_hands("pPbB/", lenient=True)) == "BbPp/"
    # state '-' before '+' before none; then the terminal marker decides (absent first), and only
    # then the derivation marker: P' (no '^') comes before P^.
    assert str(feen.parse_hand("P'P^P+P-P", lenient=True)) == "-P+PPP'P^"
    assert str(feen.parse_hand("P^'P^P'", lenient=True)) == "P'P^P^'"
