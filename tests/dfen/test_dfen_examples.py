"""DFEN: the specification's examples and every research position parse with their stated meaning."""

from __future__ import annotations

from typing import Any

import pytest
from dfen_testdata import load

from notation_toolkit import dfen
from notation_toolkit.core.errors import CanonicalFormError, NotationError
from notation_toolkit.dfen import DfenPosition, canonicalize, dumps, parse
from notation_toolkit.fen.ast import SQUARE_INDEX

SPEC = load("spec_examples.json")
RESEARCH = load("research_positions.json")["positions"]


def idx(names: list[str]) -> frozenset[int]:
    return frozenset(SQUARE_INDEX[n] for n in names)


def test_a3c3e3_example_meaning() -> None:
    ex = SPEC["a3c3e3"]
    pos = parse(ex["dfen"])
    assert pos.turn == ex["turn"]
    assert pos.castling == frozenset(ex["castling"])
    assert pos.en_passant == idx(ex["en_passant"]) == frozenset({16, 18, 20})
    assert pos.dice is ex["dice"] is None
    for square, piece in ex["pawns"].items():
        assert pos.squares[SQUARE_INDEX[square]] == piece
    assert pos.squares[0] == "R" and pos.squares[4] == "K" and pos.squares[60] == "k"
    assert len(pos.squares) == 64
    assert dumps(pos) == ex["dfen"]
    # The six-field form (dice field omitted, F1/D2) means the same and is written with 7 fields.
    assert parse(ex["six_field_form"]) == pos
    assert dumps(parse(ex["six_field_form"])) == ex["dfen"]


@pytest.mark.parametrize("phase", SPEC["five_phases"], ids=lambda p: f"phase{p['phase']}")
def test_five_phase_turn(phase: dict[str, object]) -> None:
    pos = parse(str(phase["dfen"]))
    assert pos.turn == phase["color"]
    dice = phase["dice"]
    assert pos.dice == (tuple(dice) if isinstance(dice, list) else None)
    assert pos.pool.rolled is (dice is not None)
    assert pos.en_passant == idx(list(phase["en_passant"]))  # type: ignore[call-overload]
    assert pos.halfmove_clock == 0 and pos.fullmove_number == 1
    assert dumps(pos) == phase["dfen"]
    assert str(pos).split(" ")[6] == phase["dice_field"]


def test_five_phases_progress_by_one_die_each() -> None:
    phases = [parse(p["dfen"]) for p in SPEC["five_phases"]]
    sizes = [len(p.dice) if p.dice else 0 for p in phases]
    assert sizes == [0, 3, 2, 1, 0]
    assert [p.turn for p in phases] == ["w", "w", "w", "w", "b"]
    # Each micro-move adds the skipped square to the target set (F2 / spec field 4).
    assert [len(p.en_passant) for p in phases] == [0, 0, 1, 2, 3]


@pytest.mark.parametrize("case", RESEARCH, ids=lambda c: c["dfen"])
def test_research_positions(case: dict[str, object]) -> None:
    text = str(case["dfen"])
    if case["strict_rejects"]:
        with pytest.raises(CanonicalFormError) as info:
            parse(text)
        assert info.value.code == "DFEN223"
        pos = parse(text, lenient=True)
    else:
        pos = parse(text)
    assert pos.turn == case["turn"]
    assert pos.dice == (tuple(str(case["dice"])) if case["dice"] else None)
    assert pos.en_passant == idx(list(case["en_passant"]))  # type: ignore[call-overload]
    assert dumps(pos) == case["canonical"]
    # Round trip: the canonical text parses strictly to the same position and is a fixed point.
    again = parse(str(case["canonical"]))
    assert again == pos
    assert dumps(again) == case["canonical"]
    canonical, fixes = canonicalize(text)
    assert canonical == case["canonical"]
    assert all(d.severity == "info" and d.fix is not None for d in fixes)


def test_exactly_the_f3_vector_needs_lenient_mode() -> None:
    needing = [c["dfen"] for c in RESEARCH if not dfen.is_valid(c["dfen"])]
    assert needing == [SPEC["f3_reference_vector"]["dfen"]]
    assert all(dfen.is_valid(c["dfen"], lenient=True) for c in RESEARCH)
    canonical, fixes = canonicalize(SPEC["f3_reference_vector"]["dfen"])
    assert canonical == SPEC["f3_reference_vector"]["lenient_canonical"]
    assert [d.code for d in fixes] == ["DFEN223"]
    fix = fixes[0].fix
    assert fix is not None and fix.replacement == "bkk"
    assert fix.apply(SPEC["f3_reference_vector"]["dfen"]) == canonical


def test_lexicographic_not_lerf_order_d1() -> None:
    d1 = SPEC["d1_order"]
    text = f"4k3/8/8/8/8/8/8/4K3 w - {d1['lerf_order']} 0 1 -"
    pos = parse(text)
    assert pos.en_passant == idx(["a3", "c3", "e3", "d6"])
    assert dumps(pos).split(" ")[3] == d1["canonical"]
    canonical, fixes = canonicalize(text)
    assert canonical == dumps(pos)
    assert [d.code for d in fixes] == ["DFEN214"]
    assert fixes[0].span is not None and (fixes[0].span.offset, fixes[0].span.length) == (24, 8)


def test_d3_vector_and_any_order_of_dice() -> None:
    pos = parse(SPEC["d3_vector"]["dfen"])
    assert pos.en_passant == idx(["a3"]) and pos.fullmove_number == 2 and pos.dice is None
    with_dice = parse(SPEC["d3_vector"]["dfen"] + " " + SPEC["d3_vector"]["dice"].lower())
    assert with_dice.dice == ("P", "N", "N")
    assert dumps(with_dice).endswith(" a3 0 2 pnn")


@pytest.mark.parametrize(
    ("text", "fields", "tail"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - -", 4, "w - - 0 1 -"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 5", 5, "w - - 5 1 -"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 5 9", 6, "w - - 5 9 -"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 5 9 QK", 7, "w - - 5 9 QK"),
    ],
)
def test_four_to_seven_fields_in_seven_out(text: str, fields: int, tail: str) -> None:
    assert len(text.split(" ")) == fields
    out = dumps(parse(text))
    assert out == "4k3/8/8/8/8/8/8/4K3 " + tail
    assert len(out.split(" ")) == 7


def test_from_values_matches_parse_and_is_cheap_to_build() -> None:
    text = "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq a3c3 0 1 P"
    parsed = parse(text)
    built = DfenPosition.from_values(
        squares=parsed.squares,
        turn="w",
        castling="KQkq",
        en_passant=["c3", "a3"],
        halfmove_clock=0,
        fullmove_number=1,
        dice="p",
    )
    assert built == parsed
    assert dumps(built) == text
    assert built.board.span is None and parsed.board.span is not None
    empty = DfenPosition.from_values([None] * 64)
    assert dumps(empty) == "8/8/8/8/8/8/8/8 w - - 0 1 -"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"turn": "x"},
        {"castling": "KX"},
        {"en_passant": [SQUARE_INDEX["e4"]]},
        {"halfmove_clock": -1},
        {"fullmove_number": 0},
        {"dice": "PPPP"},
        {"dice": "PX"},
        {"squares": [None] * 63},
        {"squares": ["X"] + [None] * 63},
    ],
)
def test_from_values_rejects_impossible_values(kwargs: dict[str, object]) -> None:
    args: dict[str, object] = {"squares": [None] * 64, **kwargs}
    with pytest.raises(ValueError):
        DfenPosition.from_values(**args)  # type: ignore[arg-type]


def test_dice_pool_is_a_multiset() -> None:
    pos = parse("4k3/8/8/8/8/8/8/4K3 b - - 0 1 kpk")
    assert pos.dice == ("P", "K", "K")
    assert pos.pool.counts() == {"P": 1, "K": 2}
    assert pos.pool.text("b") == "pkk"
    assert dumps(pos).endswith(" pkk")


def test_spans_point_at_fields() -> None:
    text = "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq c3a3 0 1 P"
    pos = parse(text)
    nodes: list[tuple[Any, str]] = [
        (pos.board, "rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR"),
        (pos.side, "w"),
        (pos.castling_rights, "KQkq"),
        (pos.en_passant_targets, "c3a3"),
        (pos.halfmove, "0"),
        (pos.fullmove, "1"),
        (pos.pool, "P"),
    ]
    for node, value in nodes:
        assert node.span is not None
        assert text[node.span.offset : node.span.end] == value
        assert node.span.column == node.span.offset + 1


def test_parse_result_survives_equality_across_spellings() -> None:
    a = parse("4k3/8/8/8/8/8/8/4K3 w - c3a3 0 1 NP")
    b = parse("4k3/8/8/8/8/8/8/4K3 w - a3c3 0 1 PN")
    assert a == b and hash(a) == hash(b)


def test_non_string_input_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        parse(b"4k3/8/8/8/8/8/8/4K3 w - -")  # type: ignore[arg-type]


def test_notation_error_base_class() -> None:
    with pytest.raises(NotationError):
        parse("")
