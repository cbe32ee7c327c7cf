"""FEN and DFEN: every number is bounded before ``int()`` sees it.

Python refuses to convert more than 4,300 digits (``ValueError``); a FEN or DFEN text must give the
notation's own diagnostic instead (FEN152 for the clocks, FEN112 for a rank's width), with its span,
in ``parse``, ``check`` and ``canonicalize``, with the shipped grammar and with extension grammars.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from notation_toolkit import dfen, fen
from notation_toolkit.core.errors import LimitError, NotationError, ValidationError
from notation_toolkit.core.registry import get_notation
from notation_toolkit.core.tree import GenericNode

ROOT = Path(__file__).resolve().parents[2]
CLOCK = ROOT / "examples" / "dfen" / "clock.lark"
B = "4k3/8/8/8/8/8/8/4K3 w - - "  # the half-move clock starts at offset 26
HUGE = "9" * 5000  # over Python's 4,300-digit int() limit
MODULES = [fen, dfen]


def tail(module: ModuleType) -> str:
    return " -" if module is dfen else ""


@pytest.mark.parametrize("module", MODULES, ids=["fen", "dfen"])
@pytest.mark.parametrize("digits", [HUGE, "1" * 4301, "1" * 19], ids=["5000", "4301", "19"])
def test_a_huge_half_move_clock_is_fen152(module: ModuleType, digits: str) -> None:
    text = B + digits + " 1" + tail(module)
    with pytest.raises(ValidationError) as info:
        module.parse(text, max_input=None)
    (d,) = info.value.diagnostics
    assert d.code == "FEN152" and d.field == "halfmove"
    assert d.span is not None and (d.span.offset, d.span.length) == (26, len(digits))
    assert f"{len(digits):,} digits" in d.message and d.hint
    assert [x.code for x in module.check(text, max_input=None)] == ["FEN152"]
    with pytest.raises(ValidationError):
        module.canonicalize(text, max_input=None)


@pytest.mark.parametrize("module", MODULES, ids=["fen", "dfen"])
def test_a_huge_full_move_number_is_fen152(module: ModuleType) -> None:
    text = B + "0 " + HUGE + tail(module)
    with pytest.raises(ValidationError) as info:
        module.parse(text, max_input=None)
    (d,) = info.value.diagnostics
    assert d.code == "FEN152" and d.field == "fullmove"
    assert d.span is not None and (d.span.offset, d.span.length) == (28, 5000)


@pytest.mark.parametrize("module", MODULES, ids=["fen", "dfen"])
def test_eighteen_digits_are_read(module: ModuleType) -> None:
    digits = "9" * 18
    position = module.parse(B + digits + " " + digits + tail(module))
    assert position.halfmove_clock == position.fullmove_number == 10**18 - 1


@pytest.mark.parametrize("module", MODULES, ids=["fen", "dfen"])
def test_the_input_cap_comes_first_by_default(module: ModuleType) -> None:
    with pytest.raises(LimitError) as info:
        module.parse(B + HUGE + " 1" + tail(module))
    assert info.value.code == "NTK001"


@pytest.mark.parametrize("module", MODULES, ids=["fen", "dfen"])
def test_a_rank_of_thousands_of_counts_is_fen112(module: ModuleType) -> None:
    # Counts are summed digit by digit (each is 1-8): never one int() of the whole run.
    rank = "1" * 5000
    text = f"{rank}/8/8/8/8/8/8/8 w - - 0 1" + tail(module)
    with pytest.raises(NotationError) as info:
        module.parse(text, max_input=None)
    assert info.value.code == "FEN112"
    assert "5000 squares" in info.value.diagnostics[0].message


def test_a_huge_number_in_an_extension_field_stays_text() -> None:
    text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - " + HUGE + "/300"
    position = dfen.parse(text, grammar=CLOCK, max_input=None)
    assert position.extensions == (GenericNode("clock", (HUGE, "300")),)


def test_a_huge_clock_in_an_extension_grammar_is_fen152() -> None:
    text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - " + HUGE + " 1 - 300/300"
    with pytest.raises(ValidationError) as info:
        dfen.parse(text, grammar=CLOCK, max_input=None)
    assert info.value.code == "FEN152"


def test_a_signed_clock_of_an_extension_grammar_is_never_converted(tmp_path: Path) -> None:
    signed = tmp_path / "signed.lark"
    signed.write_text(
        "%import fen (start, position, placement, side, castling, en_passant, halfmove, fullmove)\n"
        "%override halfmove: SIGNED\n"
        "//@ SIGNED: a signed number\n"
        "SIGNED: /[+-][0-9]+/\n"
    )
    text = B + "+" + HUGE + " 1"
    position = fen.parse(text, grammar=signed, max_input=None)
    # Not FEN syntax: the field is kept as written, in an extension node; the clock is the default.
    assert position.halfmove_clock == 0
    assert position.extensions == (GenericNode("halfmove", ("+" + HUGE,)),)


@pytest.mark.parametrize("name", ["fen", "dfen"])
def test_a_huge_max_input_option_is_a_diagnostic(name: str) -> None:
    notation = get_notation(name)
    with pytest.raises(LimitError) as info:
        notation.parse(B + "0 1", max_input=HUGE)
    assert info.value.code == "NTK006" and "5,000 digits" in info.value.diagnostics[0].message
    with pytest.raises(NotationError) as bad:
        notation.parse(B + "0 1", max_input="lots")
    assert bad.value.code == "NTK003"
    assert notation.parse(B + "0 1", max_input="4096").turn == "w"
