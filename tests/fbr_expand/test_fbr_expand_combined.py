"""Composite rules combined in one file, and composite rules refused before their templates run
one definition per macro, never two; `cheshire{}` never reaches a template."""

from __future__ import annotations

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.codes import get_code
from notation_toolkit.core.errors import NotationError
from notation_toolkit.fbr.expand import expand
from notation_toolkit.mbn import ast as mbn

PIECES = "K Q=R+N R B N P +P"


def _macros(text: str) -> list[str]:
    out = []
    for item in expand(text).pieces:
        if isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration) and item.head.macro:
            out.append(fbr.dumps(item))
    return out


@pytest.mark.parametrize(
    ("first", "second"), [("alice", "atomic"), ("atomic", "alice"), ("alice", "switching")]
)
def test_two_composite_rules_redefining_a_macro_are_refused(first: str, second: str) -> None:
    text = f"royal {first} {second} {PIECES}"
    with pytest.raises(NotationError) as info:
        expand(text)
    d = info.value.diagnostics[0]
    assert d.code == "FBR708"
    assert d.span is not None and text[d.span.offset : d.span.end] == second
    assert first in d.message and second in d.message
    assert get_code("FBR708") is not None


def test_a_macro_restating_the_default_gives_way() -> None:
    # The file's `@K` and alice's `@K=K` (003:30) both keep K's default: one survives.
    macros = _macros(f"royal @K alice {PIECES}")
    assert [m for m in macros if m.startswith("@K")] == ["@K"]
    # `@Q=Q` restates the default; alice's `@Q=R+N` is the real definition and replaces it.
    macros = _macros(f"royal alice @Q=Q {PIECES}")
    assert [m for m in macros if m.startswith("@Q")] == ["@Q=R+N"]


def test_every_macro_is_defined_once_after_one_composite_rule() -> None:
    for rule in ("alice", "atomic", "switching", "andernach", "monster"):
        macros = _macros(f"royal {rule} {PIECES}")
        heads = [m.split("=", 1)[0] for m in macros]
        assert len(heads) == len(set(heads)), (rule, macros)


def test_cheshire_with_an_empty_set_is_refused_before_the_templates() -> None:
    # 003:181: the mandatory set defines the letter of the removed square; `{}` names none.
    text = f"royal cheshire{{}} {PIECES}"
    with pytest.raises(NotationError) as info:
        expand(text)
    d = info.value.diagnostics[0]
    assert d.code == "FBR703" and "template" not in d.message
    assert d.span is not None and text[d.span.offset : d.span.end] == "{}"
    assert [x.code for x in fbr.check(text) if x.is_error] == ["FBR219"]
