"""The core's own codes (NTK0xx, NTK30x) are written from one template per code and never stutter.

The corpus: oversized and deeply nested input, unknown notations and conversions, extension
grammars that lose the fields of a FEN position, unreadable and non-UTF-8 files, a number too
long for the core's limit, and board sizes, squares and ranges the geometry refuses.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pytest
from message_checks import codes_without_template, diagnostics_of, prose_problems, unreached

from notation_toolkit import fen, mbn
from notation_toolkit.core.codes import all_codes
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.core.limits import bounded_int
from notation_toolkit.core.registry import get_conversion, get_notation
from notation_toolkit.core.textio import decode, read_text_file

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
G8 = Geometry.of(8, 8)


def _calls(tmp_path: Path) -> list[Callable[[], object]]:
    no_position = tmp_path / "no_position.lark"
    no_position.write_text('%import fen (placement)\nstart: placement " x"\n', encoding="utf-8")
    no_side = tmp_path / "no_side.lark"
    no_side.write_text(
        "%import fen (placement, castling, en_passant, halfmove, fullmove)\n"
        'start: position\nposition: placement " w " castling " " en_passant " " halfmove " " fullmove\n',
        encoding="utf-8",
    )
    latin1 = tmp_path / "latin1.fen"
    latin1.write_bytes("caf\xe9".encode("latin-1"))
    return [
        functools.partial(fen.parse, "8/" * 40_000 + "8 w - - 0 1"),  # NTK001
        functools.partial(mbn.parse, "Q=" + "(" * 200 + "W" + ")" * 200),  # NTK002
        functools.partial(get_notation, "fenn"),  # NTK003
        functools.partial(get_notation, "zzzz"),
        functools.partial(get_conversion, "fen", "mbn"),
        functools.partial(fen.parse, START, grammar=no_position),  # NTK004
        functools.partial(fen.parse, START, grammar=no_side),
        functools.partial(fen.parse, START, grammar=tmp_path / "missing.lark"),
        functools.partial(read_text_file, tmp_path / "missing.fen"),  # NTK005
        functools.partial(read_text_file, tmp_path),
        functools.partial(read_text_file, latin1),
        functools.partial(decode, b"\xff\xfe\xfa", "bytes"),
        functools.partial(bounded_int, "9" * 5000),  # NTK006
        functools.partial(Geometry.of, 99, 99),  # NTK301
        functools.partial(Geometry.parse, "eight"),
        functools.partial(Geometry.parse, "99x8"),
        functools.partial(G8.parse_square, "j10"),  # NTK302
        functools.partial(G8.parse_range, "1-2"),  # NTK303
        functools.partial(G8.parse_range, "[zz]"),
    ]


@pytest.fixture
def diagnostics(tmp_path: Path) -> list[Diagnostic]:
    return [d for call in _calls(tmp_path) for d in diagnostics_of(call)]


def _codes() -> list[str]:
    import notation_toolkit.core.geometry
    import notation_toolkit.core.limits  # noqa: F401  (registers NTK006)

    return [c for c in all_codes() if c.startswith("NTK")]


def test_every_core_code_has_a_template() -> None:
    assert codes_without_template(_codes()) == []


def test_the_corpus_reaches_every_core_code(diagnostics: list[Diagnostic]) -> None:
    assert unreached(_codes(), {d.code for d in diagnostics}, {}) == []


def test_no_core_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 15
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))
