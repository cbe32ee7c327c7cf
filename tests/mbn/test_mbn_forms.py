"""MBN forms of the BNF (fbr-mbn-notes 3.1) that pieces need, and the ones refused with a reason.

Each case names the BNF production that forces it; the AST is typed, and ``dumps`` round-trips.
"""

from __future__ import annotations

import pytest

from notation_toolkit import fbr, mbn
from notation_toolkit.core.errors import LimitError, NotationError, ParseError
from notation_toolkit.mbn import ast


def _partial(text: str, index: int = 0) -> ast.PartialMove:
    item = mbn.parse(text)
    assert isinstance(item, ast.PieceDefinition)
    leg = item.moves[0].legs[0]
    assert isinstance(leg, ast.Alternatives)
    return leg.moves[index]


def _round_trip(text: str) -> None:
    item = mbn.parse(text)
    canonical = mbn.dumps(item)
    assert mbn.parse(canonical) == item
    assert mbn.dumps(mbn.parse(canonical)) == canonical


@pytest.mark.parametrize(
    ("text", "modifiers", "directions"),
    [
        # <Modification> ::= <DirectionalModifier> | ...; <DirectionalModifier> ::= <Amalgamated>
        ("N=(fs)N", "", ("(fs)",)),
        ("N=f(fs)N", "f", ("(fs)",)),
        ("N=m(fs)(bs)N", "m", ("(fs)", "(bs)")),
    ],
)
def test_amalgamated_direction_before_the_move(
    text: str, modifiers: str, directions: tuple[str, ...]
) -> None:
    partial = _partial(text)
    assert "".join(m.letter for m in partial.modifiers) == modifiers
    assert tuple(d.text for d in partial.directions) == directions
    assert all(isinstance(d, ast.Direction) for d in partial.directions)
    assert [d.letters for d in partial.directions] == [d[1:-1] for d in directions]
    _round_trip(text)


def test_mbn201_hint_spelling_is_accepted() -> None:
    # The hint of MBN201 (on Betza's `ffN`) recommends `(fs)`: the recommended text must parse clean.
    diagnostics = mbn.check("N=ffN")
    assert diagnostics[0].code == "MBN201" and diagnostics[0].hint is not None
    assert "(fs)" in diagnostics[0].hint
    assert mbn.check("N=(fs)N") == []


@pytest.mark.parametrize(("text", "circular"), [("N=N(f)", "(f)"), ("N=N(fs)", "(fs)"), ("W=W(b)0", "(b)")])
def test_circular_part(text: str, circular: str) -> None:
    # <Circular> ::= <Amalgamated> | '(' <Direction>+ ')'
    unit = _partial(text).units[0]
    assert isinstance(unit, ast.Atom) and unit.circular == circular
    _round_trip(text)


def test_circular_does_not_swallow_a_juxtaposed_group() -> None:
    unit = _partial("K=N(fK)").units
    assert isinstance(unit[0], ast.Atom) and unit[0].circular is None
    assert isinstance(unit[1], ast.Group)


def test_several_attacker_sets() -> None:
    # <ModifiedMove> ::= <Attackers>* <Modification>* <Move> <Move>*
    partial = _partial("K={Q}{R}K")
    assert partial.attackers is not None and str(partial.attackers) == "{Q}"
    assert [str(s) for s in partial.more_attackers] == ["{R}"]
    _round_trip("K={Q}{R}{!^B}mK")


def test_reflected_transition() -> None:
    partial = _partial("B=<<+1>>mO")
    assert partial.transition is not None and partial.transition.reflected
    assert [t.text for t in partial.transition.transitions] == ["+1"]
    assert mbn.dumps(mbn.parse("B=<<+1>>mO")) == "B=<<+1>>mO"
    plain = _partial("B=<+1>mO").transition
    assert plain is not None and not plain.reflected
    assert mbn.parse("B=<<+1>>mO") != mbn.parse("B=<+1>mO")


@pytest.mark.parametrize("text", ["K<<1;2>>=W", "K<<1>;<2>>=W"])
def test_4d_board_identifier_both_spellings(text: str) -> None:
    # <4dBoardIdentifier> ::= '<' <3dBoardIdentifier> ';' <3dBoardIdentifier> '>'
    #                       | '<' '<' <BoardNumbers> ';' <BoardNumbers> '>' '>'
    item = mbn.parse(text)
    assert isinstance(item, ast.PieceDefinition) and item.head.board is not None
    assert item.head.board.kind == "4d" and item.head.board.boards == (("1",), ("2",))
    assert mbn.dumps(item) == "K<<1>;<2>>=W"
    assert mbn.parse("K<<1;2>>=W") == mbn.parse("K<<1>;<2>>=W")


@pytest.mark.parametrize(
    ("text", "written"),
    [("B=+1mO", "+1"), ("B=K--1mO", "1"), ("B=W+2mO", "2"), ("B=(-1mO)", "-1"), ("B=+1;2mO", "+1;2")],
)
def test_unbracketed_transition_is_refused_with_the_decision(text: str, written: str) -> None:
    with pytest.raises(ParseError) as info:
        mbn.parse(text)
    d = info.value.diagnostics[0]
    assert d.code == "MBN103"
    assert d.span is not None and text[d.span.offset : d.span.end] == written
    assert d.hint is not None and "G18" in d.hint
    assert d.fix is not None and d.fix.replacement == f"<{written}>"
    fixed = text[: d.span.offset] + d.fix.replacement + text[d.span.end :]
    mbn.parse(fixed)


def test_a_digit_inside_a_range_is_still_a_syntax_error() -> None:
    with pytest.raises(ParseError) as info:
        fbr.parse("royal hill[4d] K")
    assert info.value.diagnostics[0].code == "FBR101"


def test_walk_visits_every_node() -> None:
    item = mbn.parse("K={Q}{R}m(fs)N(f)2-[W]")
    kinds = {type(n).__name__ for n in item.walk()}
    assert {"PieceDefinition", "PieceHead", "MoveSequence", "PartialMove", "Direction", "Atom"} <= kinds
    assert {"PieceSet", "Steps", "OptionalLeg", "Modifier"} <= kinds
    sets = [n for n in item.walk() if isinstance(n, ast.PieceSet)]
    assert [str(s) for s in sets] == ["{Q}", "{R}"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("P=mfW+[1-" + "9" * 5000 + "]mefW02", "MBN102"),
        ("W=W" + "7" * 5000, "MBN102"),
        ("A=:" + "2" * 5000 + ",1:", "MBN102"),
        ("K<" + "1" * 5000 + ">=W", "MBN102"),
        ("B=<+" + "1" * 5000 + ">mO", "MBN102"),
    ],
)
def test_huge_numbers_are_refused_before_conversion(text: str, code: str) -> None:
    with pytest.raises(LimitError) as info:
        mbn.parse(text)
    d = info.value.diagnostics[0]
    assert d.code == code and d.span is not None and d.span.length >= 5000


def test_numbers_up_to_the_limit_are_read() -> None:
    item = mbn.parse("W=W" + "1" * 100)
    assert isinstance(item, ast.PieceDefinition)
    with pytest.raises(NotationError):
        mbn.parse("W=W" + "1" * 101)
