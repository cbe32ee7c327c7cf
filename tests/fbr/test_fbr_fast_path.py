"""The fast path of ``fbr.parse`` (``fbr.fast``) gives exactly what Lark's whole-file parse gives.

For every text: either the fast path declines (``None``, and ``fbr.parse`` uses Lark from the
first declined item) or its AST equals Lark's node for node, with every span (offset, length,
line, column) equal. Texts: the example files and the page's rule files, several of them
joined, grammar-generated rule files, and hand-written edge cases of the item split (piece names
and values with spaces, comments, CR/LF, unclosed bars and quotes).
"""

from __future__ import annotations

from typing import Any

import pytest
from fast_path_checks import fbr_lark
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from test_fbr_speed_paths import CORPUS, spans

from notation_toolkit import fbr
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.fbr import fast

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def lark_path(text: str) -> Any:
    """The whole-file Lark parse (what ``fbr.parse`` did before the fast path), or its error."""
    return fbr_lark(text)


def assert_agree(text: str) -> bool:
    """Assert both paths agree on ``text``; return whether the fast path took it."""
    quick = fast.parse(text)
    reference = lark_path(text)
    public: Any
    try:
        public = fbr.parse(text)
    except NotationError as exc:
        public = exc.diagnostics
    assert public == reference
    if isinstance(reference, fbr.ast.RuleFile):
        assert spans(public) == spans(reference)
    if quick is None:
        return False
    assert isinstance(reference, fbr.ast.RuleFile), "the fast path accepted a text Lark refuses"
    assert quick == reference
    assert quick.span == reference.span
    assert spans(quick) == spans(reference)
    return True


@pytest.mark.parametrize("index", range(len(CORPUS)))
def test_corpus_files(index: int) -> None:
    assert_agree(CORPUS[index])


def test_the_fast_path_takes_the_whole_valid_corpus() -> None:
    # The comparisons prove something only if the fast path is used. It declines invalid files
    # only: every valid file of the corpus is read by the hand-written readers.
    taken = [assert_agree(t) for t in CORPUS]
    valid = [isinstance(lark_path(t), fbr.ast.RuleFile) for t in CORPUS]
    assert not any(t and not v for t, v in zip(taken, valid, strict=True))
    for text, was_taken, is_valid in zip(CORPUS, taken, valid, strict=True):
        if is_valid and not was_taken:
            assert not any(_simple(text, item) for item in fbr.parse(text).items), text
    assert taken == valid


def _simple(text: str, item: object) -> bool:
    # Whether the fast path builds this item itself (rather than handing it to Lark).
    span = getattr(item, "span", None)
    assert span is not None
    return fast._simple(text, span.offset, span.end, span.line, span.column) is not None


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "\n\n",
        "royal",
        "!draw",
        "k",
        "K",
        "+P",
        "@K",
        "-K",
        "@+*K",
        "!K",
        "!*K=j{K}K",
        "royal alice\r\nK Q=R+N\tR  B\n\n  N P +P",
        '~ a comment with royal K inside\nvariant="Alice Chess" royal',
        'variant="x"K',
        'variant="x',
        "boardsize",
        ":FD:|Fire Demon|=(mF4+msW4+([mK]--[mK]--K))--X K",
        "K|King",
        "K|Ki\nng|=W",
        "K~x",
        "royal ~ tail\n~\n~~",
        "royal{K}{Q}",
        "promotion+[" + "9" * 200 + "] K",
        "K\u00a0Q",
        "\ufeffroyal",
        "K" * 500,
        "x\n" * 300,
        "K " * 300,
        "royal=castle{} K Q R",
        "Q=R+N",
        "Q=BN",
        "@K=K @Q=R+N\n  +P=QRBN",
        "Q=R+",
        "Q=+R",
        "Q==R",
        "+P==QRBN",
        "Q=R+N=B",
        "O=K",
        "O-O=K",
        "K=W0",
        "Q=R++N",
        "Q=",
        "=R",
        "ROYAL royal Royal",
    ],
)
def test_edge_cases(text: str) -> None:
    assert_agree(text)


@pytest.mark.slow
@SETTINGS
@given(from_lark(load_parser("rulefile", "rule_file", cache=False), start="rule_file"))
def test_generated_rule_files(text: str) -> None:
    assert_agree(text)


@SETTINGS
@given(st.lists(st.sampled_from(CORPUS), min_size=1, max_size=5), st.sampled_from([" ", "\n", "\r\n", "\t"]))
def test_joined_corpus_files(texts: list[str], separator: str) -> None:
    assert_agree(separator.join(texts))


@SETTINGS
@given(
    st.lists(
        st.sampled_from(
            ["royal", "K", "+P", "Q=R+N", "~ c K", 'variant="a b"', "|", '"', "~", "!", "=", "\n", " "]
        ),
        max_size=12,
    )
)
def test_item_soup(parts: list[str]) -> None:
    # Simple items, Lark items and stray quotes, bars and comment marks, glued or separated.
    assert_agree("".join(parts))
    assert_agree(" ".join(parts))


def test_a_big_file_goes_fast_and_agrees() -> None:
    # More brackets than the depth limit (64) but no deep nesting: the fast path still applies.
    valid = [t for t in CORPUS if isinstance(lark_path(t), fbr.ast.RuleFile)]
    text = "\n".join(valid * 3)
    assert sum(text.count(c) for c in "([{") > 64
    assert assert_agree(text)
    assert not assert_agree("K " + "(" * 65 + "W" + ")" * 65)  # too deep: Lark's NTK002
