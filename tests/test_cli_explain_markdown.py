"""``ntk explain`` renders simple Markdown itself (no markdown-it at start-up), exactly as rich does.

The oracle is ``rich.markdown.Markdown`` (markdown-it underneath): for any text, what
``commands.explain.markdown`` gives must render to the same characters, styles included, on a
terminal and off it, at several widths. Texts with more Markdown than paragraphs and code spans
go to rich.markdown itself.
"""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, RenderableType
from rich.markdown import Markdown

from notation_toolkit.commands.explain import load_all_codes, markdown
from notation_toolkit.core.codes import all_codes

WIDTHS = (12, 40, 80, 133)


def render(renderable: RenderableType, width: int, terminal: bool) -> str:
    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=width,
        force_terminal=terminal,
        color_system="truecolor" if terminal else None,
        highlight=False,
        emoji=False,
    )
    console.print(renderable)
    out = buffer.getvalue()
    # a terminal hyperlink carries a random id: not part of what is compared
    return re.sub(r"\x1b\]8;id=\d+;", "\x1b]8;id=;", out)


def assert_renders_as_rich(text: str) -> None:
    for width in WIDTHS:
        for terminal in (True, False):
            assert render(markdown(text), width, terminal) == render(Markdown(text), width, terminal), (
                text,
                width,
                terminal,
            )


def test_every_explanation_renders_as_rich_markdown() -> None:
    load_all_codes()
    codes = all_codes()
    assert len(codes) > 100
    light = 0
    for info in codes.values():
        assert_renders_as_rich(info.explanation)
        light += not isinstance(markdown(info.explanation), Markdown)
    # the point of the light renderer: most explanations do not need markdown-it
    assert light > len(codes) // 2


def test_a_paragraph_with_code_spans_is_rendered_without_markdown_it() -> None:
    text = "The placement must have exactly 8 ranks separated by 7 slashes (`/`)."
    assert not isinstance(markdown(text), Markdown)
    assert render(markdown(text), 80, False).startswith("The placement must have exactly 8 ranks")


@pytest.mark.parametrize(
    "text",
    [
        "one\ntwo `three`\nfour",
        "`start` and `end`",
        "a `code span\nacross lines` b",
        "first paragraph\n\nsecond `x`\n\n\nthird",
        "double  spaces  inside",
        "see https://example.org or www.example.org: plain text (no linkify)",
        "wide 漢字 and accents Ünïcödé ✓ wrap by cells",
        "x `a&b` `*` `[x](y)` y",
        "line\n`code` starts a line",
        "x " * 60,
        "- a list\n- of two",
        "1. numbered",
        "a *stressed* word",
        "snake_case outside code",
        "a [link](https://example.org)",
        "Title\n=====",
        "# heading",
        "> quoted",
        "    indented code",
        "line with a hard break  \nnext",
        "a | b\n--|--\n1 | 2",
        "&amp; <b>bold</b>",
        "escaped \\* star",
        "``double ticks``",
        "` spaced `",
        "an unpaired ` tick",
        "~~struck~~",
        "```\nfenced\n```",
        "",
        "\ntrailing and leading\n",
    ],
)
def test_edge_cases_render_as_rich(text: str) -> None:
    assert_renders_as_rich(text)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab1.-=#*_`[]<&\\|~> \n")), max_size=40))
def test_any_text_renders_as_rich(text: str) -> None:
    assert_renders_as_rich(text)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab1(). `\n")), max_size=60))
def test_any_text_of_words_and_code_spans_renders_as_rich(text: str) -> None:
    # the alphabet of the texts the light renderer takes: most of these never reach markdown-it
    assert_renders_as_rich(text)


WORD = st.text(alphabet=st.sampled_from(list("ab1().,:'\"")), min_size=1, max_size=12)
CODE = st.builds(
    lambda w: f"`{w}`", st.text(alphabet=st.sampled_from(list("ab/ .\n")), min_size=1, max_size=8)
)
LINE = st.lists(st.one_of(WORD, CODE), min_size=1, max_size=8).map(" ".join)
PARAGRAPH = st.lists(LINE, min_size=1, max_size=4).map("\n".join)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(PARAGRAPH, min_size=1, max_size=3).map("\n\n".join))
def test_paragraphs_of_words_and_code_spans_render_as_rich(text: str) -> None:
    assert_renders_as_rich(text)
