"""Notebook views: the dispatch functions of ``core.display`` behind ``_repr_svg_`` / ``_repr_html_``."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from notation_toolkit import dfen, fbr, feen, fen, svg
from notation_toolkit.core import display
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.dicechess import Game, Position

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_repr_svg_draws_every_kind_of_position() -> None:
    positions: list[object] = [
        feen.parse("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL P/p S/s"),
        fen.parse("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        dfen.parse(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB".replace("PPPPPPPPP", "PPPPPPPP")
        ),
        Position.start(),
        Game(),
    ]
    for position in positions:
        picture = display.repr_svg(position)
        assert picture is not None and picture == str(svg.board(position))


def test_repr_svg_has_nothing_for_other_objects_or_without_the_svg_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert display.repr_svg("not a position") is None
    assert display.repr_svg(fbr.parse("royal K")) is None
    monkeypatch.setattr(display, "SVG_MODULE", "notation_toolkit.no_such_module")
    assert display.repr_svg(feen.parse("K^2k^ / C/c")) is None


def test_repr_html_of_an_error_is_the_terminal_rendering() -> None:
    with pytest.raises(NotationError) as caught:
        feen.parse("K'^ / C/c")
    error = caught.value
    page = display.repr_html(error)
    assert page is not None and page.startswith("<pre")
    first = error.diagnostics[0]
    assert first.code in page
    shown = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert first.message in shown
    assert first.hint is not None and first.hint in shown
    assert "K'^ / C/c" in shown  # the source line, as the terminal shows it
    assert display.repr_html(error) == page  # deterministic
    single = display.repr_html(first)
    assert single is not None and first.code in single


def test_checked_rule_file_is_a_table_of_its_diagnostics() -> None:
    text = (EXAMPLES / "fbr" / "invalid.fbr").read_text(encoding="utf-8")
    diagnostics = fbr.check(text)
    checked = display.Checked(tuple(diagnostics), text, "invalid.fbr")
    assert not checked.valid
    page = checked._repr_html_()
    assert "invalid.fbr: invalid" in page
    for column in ("line", "severity", "code", "message", "hint"):
        assert column in page
    for d in diagnostics:
        assert d.code in page
    assert display.repr_html(checked) == page
    as_list = display.repr_html(diagnostics)
    assert as_list is not None and all(d.code in as_list for d in diagnostics)
    valid = display.Checked(tuple(fbr.check("royal K")), "royal K")
    assert valid.valid and "valid, 0 diagnostic" in valid._repr_html_()


def test_repr_html_has_nothing_for_other_objects() -> None:
    assert display.repr_html(42) is None
    assert display.repr_html(["not", "diagnostics"]) is None


def test_repr_html_of_any_result_that_carries_diagnostics() -> None:
    @dataclass(frozen=True)
    class Result:
        diagnostics: list[Diagnostic]
        text: str
        source: str

    text = "royl K"
    page = display.repr_html(Result(fbr.check(text), text, "variant.fbr"))
    assert page is not None and "variant.fbr: invalid" in page and "FBR201" in page
