"""Every rejection rule of DFEN (F1-F5) and FEN has a test showing its diagnostic: code and span."""

from __future__ import annotations

import re

import pytest

from notation_toolkit import dfen, fen
from notation_toolkit.core.codes import get_code
from notation_toolkit.core.diagnostics import Severity
from notation_toolkit.core.errors import (
    CanonicalFormError,
    LimitError,
    NotationError,
    ParseError,
    ValidationError,
)
from notation_toolkit.core.render import render_text

B = "4k3/8/8/8/8/8/8/4K3"  # 19 characters: side at 20, castling at 22, en passant at 24
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"

# (text, code, span offset, span length, error class)
DFEN_CASES = [
    # F2: field 4
    (B + " w - a3c 0 1 -", "DFEN211", 24, 3, ParseError),  # odd length
    (B + " w - a3c3e 0 1 -", "DFEN211", 24, 5, ParseError),
    (B + " w - i3 0 1 -", "DFEN210", 24, 1, ParseError),  # bad file
    (B + " w - a3c9 0 1 -", "DFEN210", 26, 1, ParseError),  # bad rank
    (B + " w - a3A3 0 1 -", "DFEN210", 26, 1, ParseError),
    (B + " w - a3a3 0 1 -", "DFEN212", 26, 2, ValidationError),  # duplicate
    (B + " w - c6a3c6 0 1 -", "DFEN212", 28, 2, ValidationError),
    (B + " w - e4 0 1 -", "DFEN213", 24, 2, ValidationError),  # off ranks 3 and 6
    (B + " w - a3h8 0 1 -", "DFEN213", 26, 2, ValidationError),
    # F3: field 7
    (B + " w - - 0 1 PPPP", "DFEN221", 30, 4, ValidationError),  # more than three dice
    (B + " w - - 0 1 PX", "DFEN220", 31, 1, ParseError),  # other letters
    (B + " w - - 0 1 A", "DFEN220", 30, 1, ParseError),
    (B + " w - - 0 1 Pp", "DFEN222", 30, 2, ValidationError),  # mixed case
    (B + " b - - 0 1 pN", "DFEN222", 30, 2, ValidationError),
    (B + " w - - 0 1 pp", "DFEN223", 30, 2, CanonicalFormError),  # strict: case of the mover
    (B + " b - - 0 1 BKK", "DFEN223", 30, 3, CanonicalFormError),
    # F1: 4 to 7 fields
    (B + " w - - 0 1 - x", "DFEN201", 32, 1, ParseError),
    (B + " w - - 0 1 - x y", "DFEN201", 32, 3, ParseError),
    (B + " w -", "DFEN201", 23, 0, ParseError),
    (B, "DFEN201", 19, 0, ParseError),
    ("", "DFEN201", 0, 0, ParseError),
    # F4: clocks
    (B + " w - - -1 1 -", "FEN150", 26, 1, ParseError),  # half-move >= 0 (no sign)
    (B + " w - - x 1 -", "FEN150", 26, 1, ParseError),
    (B + " w - - 0 0 -", "FEN161", 28, 1, ValidationError),  # full-move >= 1
    (B + " w - - 0 +1 -", "FEN160", 28, 1, ParseError),
    (B + " w - - 0000000000000000000 1 -", "FEN152", 26, 19, ValidationError),
    (B + " w - - 07 1 -", "FEN151", 26, 2, CanonicalFormError),
    # fields shared with FEN
    ("4k4/8/8/8/8/8/8/4K3 w - -", "FEN112", 0, 3, ValidationError),  # 9 squares on rank 8
    ("4k3/8/8/8/8/8/7/4K3 w - -", "FEN112", 14, 1, ValidationError),  # 7 squares on rank 2
    ("4k3/8/8/8/8/8/4K3 w - -", "FEN111", 0, 17, ValidationError),  # 7 ranks
    ("4k3/8/8/8/8/8/8/8/4K3 w - -", "FEN111", 0, 21, ValidationError),  # 9 ranks
    ("4k3/8/8/44/8/8/8/4K3 w - -", "FEN113", 8, 2, CanonicalFormError),  # adjacent counts
    ("4k3/8/8/8/8/8/8/4K3/ w - -", "FEN110", 19, 1, ParseError),
    ("4k3//8/8/8/8/8/4K3 w - -", "FEN110", 4, 1, ParseError),
    ("4k3/8/8/8/8/8/8/4X3 w - -", "FEN110", 17, 1, ParseError),
    ("4k3/8/8/9/8/8/8/4K3 w - -", "FEN110", 8, 1, ParseError),
    (B + " x - -", "FEN120", 20, 1, ParseError),
    (B + " W - -", "FEN120", 20, 1, ParseError),
    (B + " w KX -", "FEN130", 23, 1, ParseError),
    (B + " w kK -", "FEN131", 22, 2, CanonicalFormError),
    (B + " w KK -", "FEN131", 22, 2, CanonicalFormError),
    (B + "  w - -", "FEN102", 20, 1, ParseError),
    (" " + B + " w - -", "FEN102", 0, 1, ParseError),
    (B + " w - - ", "FEN102", 25, 1, ParseError),
    (B + " w\t- -", "FEN100", 21, 1, ParseError),
    (B + " w - -\r\n", "FEN100", 25, 1, ParseError),
    ("4k3/8/8/8/8/8/8/4К3 w - -", "FEN100", 17, 1, ParseError),  # Cyrillic KA
    ("4k3/8/8/8/8/8/8/4Ｋ3 w - -", "FEN100", 17, 1, ParseError),  # full-width K
    ("4k3/8/8/8/8/8/8/4K3 w - -\x00", "FEN100", 25, 1, ParseError),
]

FEN_CASES = [
    (START + " w KQkq e4 0 1", "FEN141", 51, 2, ValidationError),  # not rank 3 or 6
    (START + " w KQkq e3 0 1", "FEN142", 51, 2, ValidationError),  # White to move: rank 6
    (START + " b KQkq e6 0 1", "FEN142", 51, 2, ValidationError),
    (START + " b KQkq a3c3 0 1", "FEN140", 51, 4, ParseError),  # one square only in FEN
    (START + " w KQkq - 0", "FEN101", 54, 0, ParseError),
    (START + " w KQkq - 0 1 -", "FEN101", 57, 1, ParseError),  # a DFEN dice field
    (START + " w KQkq - 0 0", "FEN161", 55, 1, ValidationError),
    (START + " w KQkq - 00 1", "FEN151", 53, 2, CanonicalFormError),
    (START + " w QK - 0 1", "FEN131", 46, 2, CanonicalFormError),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "FEN112", 35, 7, ValidationError),
]

LARK_WORDS = re.compile(
    r"__|\$END|END-OF-FILE|Token\(|ANON|\b(PIECE|EMPTY|SIDE|CASTLING|SQUARE|NUMBER|NONE|DICE|SPACE|SLASH)\b"
)


def _error(parse: object, text: str) -> NotationError:
    with pytest.raises(NotationError) as info:
        parse(text)  # type: ignore[operator]
    return info.value


def _check_case(parse: object, text: str, code: str, offset: int, length: int, cls: type) -> None:
    error = _error(parse, text)
    assert type(error) is cls, (type(error), error)
    first = error.diagnostics[0]
    assert first.code == code, error
    assert first.span is not None
    assert (first.span.offset, first.span.length) == (offset, length), first
    assert first.severity is Severity.ERROR
    assert first.hint or first.fix, f"{code} has neither hint nor fix"
    assert get_code(code) is not None, f"{code} is not registered"
    for d in error.diagnostics:
        assert not LARK_WORDS.search(d.message), d.message
        assert not LARK_WORDS.search(d.hint or ""), d.hint


@pytest.mark.parametrize(
    ("text", "code", "offset", "length", "cls"), DFEN_CASES, ids=[c[1] for c in DFEN_CASES]
)
def test_dfen_rejections(text: str, code: str, offset: int, length: int, cls: type) -> None:
    _check_case(dfen.parse, text, code, offset, length, cls)


@pytest.mark.parametrize(
    ("text", "code", "offset", "length", "cls"), FEN_CASES, ids=[c[1] for c in FEN_CASES]
)
def test_fen_rejections(text: str, code: str, offset: int, length: int, cls: type) -> None:
    _check_case(fen.parse, text, code, offset, length, cls)


@pytest.mark.parametrize(
    ("text", "code", "offset", "length", "cls"), DFEN_CASES, ids=[c[1] for c in DFEN_CASES]
)
def test_dfen_check_never_raises_and_reports_the_same(
    text: str, code: str, offset: int, length: int, cls: type
) -> None:
    diags = dfen.check(text)
    assert diags and diags[0].code == code


def test_several_problems_are_all_reported() -> None:
    error = _error(dfen.parse, B + " w - a3a3d4 0 0 PNBR")
    assert [d.code for d in error.diagnostics] == ["DFEN212", "DFEN213", "FEN161", "DFEN221"]


def test_lenient_accepts_exactly_the_fixable_problems() -> None:
    text = "4k3/8/8/44/8/8/8/4K3 b kK - 07 1 PN"
    error = _error(dfen.parse, text)
    assert isinstance(error, CanonicalFormError)
    assert [d.code for d in error.diagnostics] == ["FEN113", "FEN131", "FEN151", "DFEN223"]
    canonical, fixes = dfen.canonicalize(text)
    assert canonical == "4k3/8/8/8/8/8/8/4K3 b Kk - 7 1 pn"
    assert [d.code for d in fixes] == ["FEN113", "FEN131", "FEN151", "DFEN223"]
    assert all(d.severity is Severity.INFO and d.fix is not None for d in fixes)
    # Applying the fixes right to left yields a strictly valid text with the same meaning.
    fixed = text
    for d in sorted(fixes, key=lambda d: d.span.offset if d.span else 0, reverse=True):
        assert d.fix is not None
        fixed = d.fix.apply(fixed)
    assert dfen.dumps(dfen.parse(fixed)) == canonical


def test_lenient_does_not_accept_real_errors() -> None:
    for text in (B + " w - - 0 1 Pp", B + " w - e4 0 1", B + " w - - 0 1 PPPP"):
        with pytest.raises(ValidationError):
            dfen.parse(text, lenient=True)


def test_field_count_fix_and_separator_fix() -> None:
    error = _error(dfen.parse, B + " w - - 0 1 - x")
    fix = error.diagnostics[0].fix
    assert fix is not None and fix.apply(B + " w - - 0 1 - x") == B + " w - - 0 1 -"
    error = _error(dfen.parse, B + "  w - -")
    fix = error.diagnostics[0].fix
    assert fix is not None and fix.apply(B + "  w - -") == B + " w - -"
    error = _error(fen.parse, START + " w KQkq -")
    fix = error.diagnostics[0].fix
    assert fix is not None and fen.parse(fix.apply(START + " w KQkq -")).fullmove_number == 1


def test_a_field_count_fix_is_offered_only_when_it_repairs_the_text() -> None:
    """A Fix replaces the text with one the notation reads (PGN 16.1: six fields, field 4 is '-' or
    a square). ``w - 0 1`` leaves out the en-passant field: adding a full-move number gives
    ``w - 0 1 1``, whose field 4 is still '0', so FEN101 offers no fix there (it used to). The
    same holds for dropping the extra fields of ``w KQkq - - 0 1`` (its half-move clock is '-')."""
    for text in (START + " w - 0 1", START + " w KQkq 0 1", START + " w 0 1", START + " w KQkq - - 0 1"):
        error = _error(fen.parse, text)
        count = [d for d in error.diagnostics if d.code == "FEN101"]
        assert count and count[0].fix is None, text
    text = B + " w - - 0 - 1 -"  # a stray '-' before the full-move number
    count = [d for d in _error(dfen.parse, text).diagnostics if d.code == "DFEN201"]
    assert count and count[0].fix is None
    # Where the repaired text is well formed, the fix stays.
    for text in (START + " w KQkq -", START + " w KQkq - 0", START + " w KQkq - 0 1 -"):
        fix = _error(fen.parse, text).diagnostics[0].fix
        assert fix is not None and fen.is_valid(fix.apply(text)), text


def test_lookalike_hints_name_the_ascii_character() -> None:
    error = _error(dfen.parse, "4k3/8/8/8/8/8/8/4К3 w - -")
    d = error.diagnostics[0]
    assert "U+041A" in d.message and "CYRILLIC" in d.message
    assert d.hint is not None and "'K'" in d.hint


def test_messages_use_field_words() -> None:
    error = _error(dfen.parse, B + " w - - 0 1 PX")
    assert error.diagnostics[0].message.startswith("dice pool:")
    assert error.diagnostics[0].field == "dice"
    error = _error(dfen.parse, B + " w - i3 0 1 -")
    assert error.diagnostics[0].message.startswith("en-passant field:")


def test_rendered_diagnostic_shows_caret_under_the_span() -> None:
    text = B + " w - a3a3 0 1 -"
    error = _error(dfen.parse, text)
    rendered = render_text(error.diagnostics, text)
    lines = rendered.splitlines()
    assert lines[0] == "<input>:1:27: error DFEN212: a3 is listed more than once in the en-passant field"
    assert lines[2].index("^") - 2 == 26 and lines[2].endswith("^~")


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", [("FEN180", 0, 4)]),
        ("4k3/8/8/8/8/8/8/4K2p w - - 0 1", [("FEN180", 16, 4)]),
        ("4k3/8/8/8/8/8/8/K3K3 w - - 0 1", [("FEN181", 18, 1)]),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", [("FEN182", 0, 17)]),
        ("8/8/8/8/8/8/8/8 w - - 0 1", [("FEN182", 0, 15), ("FEN182", 0, 15)]),
    ],
)
def test_sanity_findings_are_warnings(text: str, codes: list[tuple[str, int, int]]) -> None:
    for module in (fen, dfen):
        module.parse(text)  # valid: warnings never make the text invalid
        found = module.check(text)
        assert [(d.code, d.span.offset, d.span.length) for d in found if d.span] == codes
        assert all(d.severity is Severity.WARNING for d in found)
    assert "final position" in dfen.check("4k3/8/8/8/8/8/8/8 w - - 0 1")[0].message


def test_size_cap_is_a_limit_error() -> None:
    with pytest.raises(LimitError) as info:
        dfen.parse("8/" * 600)
    assert info.value.code == "NTK001"
    # The cap is the caller's to raise; then the parser itself explains.
    with pytest.raises(ValidationError) as info2:
        dfen.parse("8/" * 600 + "8 w - -", max_input=None)
    assert info2.value.code == "FEN111"
