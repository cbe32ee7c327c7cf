"""Round trips of FEN and DFEN: ``parse(dumps(parse(x))) == parse(x)`` for text generated from the
grammars (shipped and extension grammars), in strict and lenient mode.

For FEN, strict mode accepts only canonical text, so ``dumps(parse(x)) == x`` as well; DFEN's
strict mode also accepts respellings (targets and dice in any order, 4 to 6 fields), whose
canonical text is the 7-field form.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from notation_toolkit import dfen, fen
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import load_parser

ROOT = Path(__file__).resolve().parents[2]
XFEN = ROOT / "examples" / "fen" / "xfen.lark"
CLOCK = ROOT / "examples" / "dfen" / "clock.lark"
MODULES: dict[str, ModuleType] = {"fen": fen, "dfen": dfen}
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def grammar_texts(grammar: str | Path) -> st.SearchStrategy[str]:
    # hypothesis.extra.lark needs the grammar object, which a parser restored from Lark's cache lacks.
    return from_lark(load_parser(grammar, "start", cache=False), start="start")


@st.composite
def eight_squares(draw: st.DrawFn) -> str:
    """A rank of 8 squares (so that texts often pass the semantic checks), in any spelling."""
    cells = draw(st.lists(st.sampled_from([None, None, *"PNBRQKpnbrqk"]), min_size=8, max_size=8))
    out = ""
    for cell in cells:
        # Empty squares as 1s, sometimes merged: '44'-style spellings reach lenient mode.
        out += "1" if cell is None else cell
    return out if draw(st.booleans()) else _merge(out)


def _merge(rank: str) -> str:
    out, run = "", 0
    for ch in rank:
        if ch == "1":
            run += 1
            continue
        out += (str(run) if run else "") + ch
        run = 0
    return out + (str(run) if run else "")


@st.composite
def with_real_boards(draw: st.DrawFn, name: str, grammar: str | Path) -> str:
    """Grammar text whose placement is replaced, most of the time, by 8 ranks of 8 squares."""
    text = draw(grammar_texts(grammar))
    if draw(st.integers(0, 4)) == 0:
        return text
    board = "/".join(draw(eight_squares()) for _ in range(8))
    return board + text[text.index(" ") :] if " " in text else text


def reads(module: ModuleType, text: str, **options: Any) -> Any:
    try:
        return module.parse(text, max_input=None, **options)
    except NotationError:
        return None


@pytest.mark.slow
@given(st.data())
@SETTINGS
@pytest.mark.parametrize("name", ["fen", "dfen"])
def test_parse_dumps_parse_is_parse(name: str, data: st.DataObject) -> None:
    module = MODULES[name]
    text = data.draw(with_real_boards(name, name))
    for lenient in (False, True):
        position = reads(module, text, lenient=lenient)
        if position is None:
            continue
        canonical = module.dumps(position)
        again = module.parse(canonical)  # the canonical text is strict-valid
        assert again == position
        assert module.dumps(again) == canonical
        if name == "fen" and not lenient:
            assert canonical == text  # strict FEN is canonical FEN


@pytest.mark.slow
@given(st.data())
@SETTINGS
@pytest.mark.parametrize(("name", "grammar"), [("fen", XFEN), ("dfen", CLOCK)], ids=["xfen", "clock"])
def test_extension_grammars_round_trip(name: str, grammar: Path, data: st.DataObject) -> None:
    module = MODULES[name]
    text = data.draw(with_real_boards(name, grammar))
    position = reads(module, text, grammar=grammar, lenient=True)
    if position is None:
        return
    canonical = module.format_text(text, grammar=grammar, lenient=True, max_input=None)
    again = module.parse(canonical, grammar=grammar, max_input=None)
    assert again == position
    assert module.format_text(canonical, grammar=grammar, max_input=None) == canonical
