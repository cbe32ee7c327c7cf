"""``validate(ast)`` of FEN and DFEN: the semantic checks of a built position, alone.

A parsed position has no errors left (they are raised), so ``validate`` gives its warnings; a
position built by code from nodes can break any rule, and ``validate`` reports it with the same
code the text would get, its span pointing into ``dumps(position)``. DFEN's ``validate`` adds its
own rules (F2, F3) to FEN's.
"""

from __future__ import annotations

import pytest

from notation_toolkit import dfen, fen
from notation_toolkit.core.errors import NotationError
from notation_toolkit.dfen import DfenPosition, DicePool, EnPassantTargets
from notation_toolkit.fen import (
    SQUARE_INDEX,
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    Side,
)

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def fen_position(
    placement: str = START, side: str = "w", ep: int | None = None, half: int = 0, full: int = 1
) -> FenPosition:
    return FenPosition(
        Board(placement),
        Side(side),
        CastlingRights(frozenset()),
        EnPassantSquare(ep),
        HalfmoveClock(half),
        FullmoveNumber(full),
    )


def dfen_position(
    targets: frozenset[int] = frozenset(), dice: tuple[str, ...] | None = None, full: int = 1
) -> DfenPosition:
    return DfenPosition(
        Board(START),
        Side("w"),
        CastlingRights(frozenset()),
        EnPassantTargets(targets),
        HalfmoveClock(0),
        FullmoveNumber(full),
        DicePool(dice),
    )


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        (START + " w KQkq - 0 1", []),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", ["FEN180"]),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", ["FEN182"]),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", ["FEN181"]),
    ],
)
def test_validate_of_a_parsed_position_gives_its_warnings(text: str, codes: list[str]) -> None:
    assert [d.code for d in fen.validate(fen.parse(text))] == codes
    assert [d.code for d in dfen.validate(dfen.parse(text))] == codes
    assert fen.validate(fen.parse(text)) == fen.check(text)


@pytest.mark.parametrize(
    ("position", "code", "field"),
    [
        (fen_position(placement="X7/8/8/8/8/8/8/8"), "FEN110", "placement"),
        (fen_position(placement="8/8/8/8/8/8/8"), "FEN111", "placement"),
        (fen_position(placement="8/8/8/8/8/8/8/7"), "FEN112", "placement"),
        (fen_position(ep=SQUARE_INDEX["e4"]), "FEN141", "en_passant"),
        (fen_position(ep=SQUARE_INDEX["e3"]), "FEN142", "en_passant"),
        (fen_position(half=-1), "FEN150", "halfmove"),
        (fen_position(full=0), "FEN161", "fullmove"),
        (fen_position(full=10**30), "FEN152", "fullmove"),
    ],
)
def test_validate_of_a_position_built_by_code(position: FenPosition, code: str, field: str) -> None:
    (d,) = fen.validate(position)
    assert (d.code, d.field) == (code, field)
    text = fen.dumps(position)
    assert d.span is not None and d.span.end <= len(text)
    # The same code as the text itself gets.
    with pytest.raises(NotationError) as info:
        fen.parse(text, max_input=None)
    assert code in [x.code for x in info.value.diagnostics]


@pytest.mark.parametrize(
    ("position", "code", "spelled"),
    [
        (dfen_position(targets=frozenset({SQUARE_INDEX["e4"]})), "DFEN213", "e4"),
        (dfen_position(dice=("P", "P", "N", "K")), "DFEN221", "PPNK"),
        (dfen_position(dice=("X",)), "DFEN220", "X"),
        (dfen_position(full=0), "FEN161", "0"),  # FEN's rules hold in DFEN too
    ],
)
def test_dfen_validate_adds_f2_and_f3(position: DfenPosition, code: str, spelled: str) -> None:
    (d,) = dfen.validate(position)
    assert d.code == code
    text = dfen.dumps(position)
    assert d.span is not None and text[d.span.offset : d.span.end] == spelled


def test_dfen_validate_of_from_values_is_clean() -> None:
    position = DfenPosition.from_values(
        fen.parse("rnbqkbnr/pppppppp/8/8/P1P5/8/1P1PPPPP/RNBQKBNR w KQkq - 0 1").squares,
        "b",
        "KQkq",
        ["a3", "c3"],
        3,
        7,
        "pn",
    )
    assert dfen.validate(position) == []
    assert dfen.parse(dfen.dumps(position)) == position
