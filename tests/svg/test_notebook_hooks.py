"""Positions draw themselves in notebooks; diagnostics and errors show their rich rendering."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from notation_toolkit import dfen, feen, fen
from notation_toolkit.core.errors import NotationError


@pytest.mark.parametrize(
    ("module", "text"),
    [
        (feen, "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL P/p S/s"),
        (fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (dfen, "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 pnb"),
    ],
)
def test_positions_have_an_svg_view(module: object, text: str) -> None:
    position = module.parse(text)  # type: ignore[attr-defined]
    picture = position._repr_svg_()
    root = ET.fromstring(picture)
    assert root.tag.endswith("svg")
    assert picture == position._repr_svg_()  # deterministic


def test_errors_and_diagnostics_have_an_html_view() -> None:
    with pytest.raises(NotationError) as caught:
        feen.parse("rkr//PPPP / C/c")
    html = getattr(caught.value, "_repr_html_")()  # noqa: B009  (set by core.display)
    assert html is not None
    text = re.sub(r"<[^>]+>", "", html)
    assert "FEEN201" in text and "rkr//PPPP" in text
    first = getattr(caught.value.diagnostics[0], "_repr_html_")()  # noqa: B009
    assert first is not None and "FEEN201" in re.sub(r"<[^>]+>", "", first)
