"""FEN messages are written from one template per code (``fen/codes.py``) and never stutter.

The corpus: the invalid example file of the X-FEN extension, mistakes generated field by field
from the standard start position (every field of the FEN documents' six-field layout), the inputs
of the FEN error tests, positions built by code, and two extension grammars (one that changes
the board, one that drops a field).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pytest
from message_checks import codes_without_template, diagnostics_of, prose_problems, unreached

from notation_toolkit import fen
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import NotationError
from notation_toolkit.fen.ast import (
    SQUARE_INDEX,
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    Side,
)
from notation_toolkit.fen.codes import CODES

ROOT = Path(__file__).resolve().parents[2]
XFEN = ROOT / "examples" / "fen" / "xfen.lark"
XFEN_INVALID = ROOT / "examples" / "fen" / "xfen_invalid.fen"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
FIELDS = [START, "w", "KQkq", "-", "0", "1"]


def _with(index: int, value: str) -> str:
    fields = FIELDS[:]
    fields[index] = value
    return " ".join(fields)


def _texts() -> list[str]:
    texts = [
        "",
        " " + " ".join(FIELDS),
        " ".join(FIELDS) + " ",
        " ".join(FIELDS).replace(" w ", " w  "),
        " ".join(FIELDS[:4]),
        " ".join(FIELDS[:2]),
        " ".join(FIELDS) + " 7",
        " ".join(FIELDS) + " 7 8",
        " ".join(FIELDS).replace("K", "К"),  # Cyrillic Ka
        " ".join(FIELDS).replace(" ", "\t", 1),
        " ".join(FIELDS) + "\x00",
        _with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP"),
        _with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8"),
        _with(0, "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR"),
        _with(0, "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR"),
        _with(0, "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR"),
        _with(0, "rnbqkbnr/pppppppp//8/8/PPPPPPPP/RNBQKBNR"),
        _with(0, "/rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR"),
        _with(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX"),
        _with(1, "x"),
        _with(1, "W"),
        _with(2, "qkQK"),
        _with(2, "KKQ"),
        _with(2, "KQx"),
        _with(3, "e4"),
        _with(3, "e6"),
        _with(3, "e9"),
        _with(3, "e3c3"),
        _with(4, "007"),
        _with(4, "x"),
        _with(4, "9" * 5000),
        _with(5, "0"),
        _with(5, "01"),
        _with(5, "-1"),
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
        " ".join([START, "b", "KQkq", "e3", "0", "1"]),
        "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
    ]
    return texts


def _position(placement: str = START, ep: int | None = None, half: int = 0, full: int = 1) -> FenPosition:
    # Nodes built by code may break any rule (from_values would refuse them).
    return FenPosition(
        Board(placement),
        Side("w"),
        CastlingRights(frozenset()),
        EnPassantSquare(ep),
        HalfmoveClock(half),
        FullmoveNumber(full),
    )


def _built() -> list[FenPosition]:
    return [
        _position("X7/8/8/8/8/8/8/8"),
        _position("8/8/8/8/8/8/8"),
        _position(ep=SQUARE_INDEX["e4"]),
        _position(ep=SQUARE_INDEX["e3"]),
        _position(half=-1),
        _position(full=0),
        _position(full=10**30),
    ]


def _extension_calls(tmp_path: Path) -> list[Callable[[], object]]:
    amazon = tmp_path / "amazon.lark"
    amazon.write_text(
        "%import fen (start, position, placement, side, castling, en_passant, halfmove, fullmove)\n"
        "%import fen (rank, PIECE, EMPTY)\n"
        "%override rank: (PIECE | EMPTY | AMAZON)+\n"
        "//@ AMAZON: an amazon (A or a)\n"
        "AMAZON: /[Aa]/\n",
        encoding="utf-8",
    )
    lines = [
        line
        for line in XFEN_INVALID.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    shredder = "rbbknnqr/pppppppp/8/8/8/8/PPPPPPPP/RBBKNNQR w HAha - 0 1"
    inner = "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w Gg - 0 1"  # G and g: the inner rooks of Chess960
    calls: list[Callable[[], object]] = [
        lambda: fen.parse("4k3/8/8/8/8/8/8/A3K3 w - - 0 1", grammar=amazon),
        lambda: fen.canonicalize(shredder, grammar=XFEN)[1],
        lambda: fen.canonicalize(inner, grammar=XFEN)[1],
    ]
    calls += [functools.partial(fen.check, line, grammar=XFEN) for line in lines]
    return calls


@pytest.fixture
def diagnostics(tmp_path: Path) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for text in _texts():
        found += fen.check(text, max_input=None)
        found += diagnostics_of(lambda text=text: fen.canonicalize(text, max_input=None)[1])
    for position in _built():
        found += fen.validate(position)
    for call in _extension_calls(tmp_path):
        found += diagnostics_of(call)
    return found


def test_every_fen_code_has_a_template() -> None:
    assert codes_without_template(CODES) == []


def test_the_corpus_reaches_every_fen_code(diagnostics: list[Diagnostic]) -> None:
    reached = {d.code for d in diagnostics}
    assert unreached(CODES, reached, {}) == []


def test_lenient_reading_reports_fixes_without_a_hint(diagnostics: list[Diagnostic]) -> None:
    # A fix applied in lenient mode is information, not an instruction to repair.
    applied = [d for d in diagnostics if d.fix is not None and d.severity is Severity.INFO]
    assert applied and all(d.hint is None for d in applied)
    strict = [d for d in diagnostics if d.code in {"FEN113", "FEN131", "FEN151"} and d.is_error]
    assert strict and all(d.hint and d.hint.endswith("or parse in lenient mode") for d in strict)


def test_no_fen_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 60
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("name", ["fen", "dfen"])
def test_an_unknown_option_is_ntk003_not_silently_ignored(name: str) -> None:
    """``ntk notations`` lists the options of FEN and DFEN as ``lenient`` and ``max_input``; FEEN
    refuses any other name (NTK003). FEN and DFEN used to ignore it, so ``--set lenent=true``
    read the text strictly without a word."""
    from notation_toolkit.core.errors import UnknownNameError
    from notation_toolkit.core.registry import get_notation

    notation = get_notation(name)
    text = f"{START} w qkQK - 0 1"
    calls: list[Callable[[], object]] = [
        functools.partial(notation.parse, text, lenent="true"),
        functools.partial(notation.format, text, lenent="true"),
    ]
    (reported,) = notation.check(text, lenent="true")  # check reports it, as for FEEN
    assert reported.code == "NTK003" and reported.hint == "did you mean 'lenient'?"
    assert notation.canonicalize is not None
    calls.append(functools.partial(notation.canonicalize, text, lenent="true"))
    for call in calls:
        with pytest.raises(UnknownNameError) as info:
            call()
        (d,) = info.value.diagnostics
        assert d.code == "NTK003"
        assert d.message == f"unknown {name.upper()} option 'lenent'"
        assert d.hint == "did you mean 'lenient'?"
    # The two known options still work.
    assert notation.format(text, lenient="true", max_input="none").endswith(
        " w KQkq - 0 1" + (" -" if name == "dfen" else "")
    )


@pytest.mark.parametrize("name", ["fen", "dfen", "feen"])
def test_a_misspelt_flag_value_is_ntk003_not_false(name: str) -> None:
    """``lenient`` is a true/false option; ``lenient=ture`` used to be read as false without a word
    (and so the text strictly), like a misspelt option name before NTK003 refused it."""
    from notation_toolkit.core.registry import get_notation

    notation = get_notation(name)
    text = f"{START} w qkQK - 0 1" if name != "feen" else "8/8/8/8/8/8/8/8 / C/c"
    with pytest.raises(NotationError) as info:
        notation.parse(text, lenient="ture")
    (d,) = info.value.diagnostics
    assert d.code == "NTK003"
    assert d.message == f"{name.upper()} option 'lenient' is true or false, not 'ture'"
    assert d.hint == "write true or false (1/0, yes/no and on/off are read too)"
    if name != "feen":
        # the spellings of true and false are still read, in any case
        assert notation.format(text, lenient=" YES ").endswith(
            " w KQkq - 0 1" + (" -" if name == "dfen" else "")
        )
        with pytest.raises(NotationError):
            notation.parse(text, lenient="Off")  # qkQK is refused when not lenient
