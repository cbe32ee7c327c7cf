"""Grammar loading, user extension grammars, and Lark error translation."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from notation_toolkit.core.errors import GrammarError, LimitError, NotationError, ParseError
from notation_toolkit.core.grammar import (
    GRAMMAR_DIR,
    check_nesting,
    check_size,
    describe_char,
    load_parser,
    lookalike_hint,
    parse_text,
    undescribed_terminals,
)
from notation_toolkit.core.regular import NotRegularError, compile_regex

TOY = """\
//@ COUNT: an empty-square count
//@ PIECE: a piece letter
//@ SIDE: the side to move ('w' or 'b')
start: board " " SIDE
board: rank ("/" rank)*
rank: cell+
?cell: PIECE | COUNT
PIECE: /[a-zA-Z]/
COUNT: /[1-9][0-9]*/
SIDE: "w" | "b"
"""

EXTENSION = """\
// A variant author's grammar: adds a '*' hole square to the toy board, without forking it.
%import toy (start, board, rank, cell, PIECE, COUNT, SIDE)
//@ HOLE: a hole '*'
HOLE: "*"
%extend cell: HOLE
"""


@pytest.fixture()
def grammar_dir(tmp_path: Path) -> Path:
    (tmp_path / "toy.lark").write_text(TOY)
    (tmp_path / "holes.lark").write_text(EXTENSION)
    return tmp_path


def test_shipped_grammar_dir_exists() -> None:
    assert GRAMMAR_DIR.is_dir()
    assert GRAMMAR_DIR.name == "grammars"


def test_parsers_are_built_once_per_grammar_and_start(grammar_dir: Path) -> None:
    a = load_parser(grammar_dir / "toy.lark")
    b = load_parser(grammar_dir / "toy.lark")
    c = load_parser(grammar_dir / "toy.lark", start="board")
    assert a is b
    assert c is not a


def test_trees_carry_positions(grammar_dir: Path) -> None:
    tree = load_parser(grammar_dir / "toy.lark").parse("8/p7 w")
    rank = list(tree.find_data("rank"))[1]
    assert (rank.meta.start_pos, rank.meta.end_pos) == (2, 4)


def test_user_grammar_imports_and_extends_a_grammar_from_the_search_path(grammar_dir: Path) -> None:
    parser = load_parser(grammar_dir / "holes.lark", search_paths=[grammar_dir])
    tree = parser.parse("p*6/8 b")
    assert any(tok == "*" for tok in tree.scan_values(lambda t: True))
    with pytest.raises(ParseError):
        parse_text(load_parser(grammar_dir / "toy.lark"), "p*6/8 b", code="TOY001")


def test_user_grammar_errors_use_its_own_annotations(grammar_dir: Path) -> None:
    parser = load_parser(grammar_dir / "holes.lark", search_paths=[grammar_dir])
    with pytest.raises(ParseError) as info:
        parse_text(parser, "p/ w", code="TOY001")
    message = info.value.diagnostics[0].message
    assert "a hole '*'" in message and "a piece letter" in message
    assert "toy__" not in message and "__" not in message


def test_missing_and_broken_grammars_raise_grammar_error(tmp_path: Path) -> None:
    with pytest.raises(GrammarError) as info:
        load_parser(tmp_path / "nope.lark")
    assert info.value.code == "NTK004"
    bad = tmp_path / "bad.lark"
    bad.write_text("start: undefined_rule\n")
    with pytest.raises(GrammarError):
        load_parser(bad)
    with pytest.raises(GrammarError) as info:
        load_parser("no_such_grammar_name")
    assert "no_such_grammar_name" in info.value.diagnostics[0].message


@pytest.mark.parametrize(
    ("text", "offset", "words"),
    [
        ("8//8 w", 2, "expected a piece letter or an empty-square count after '/', found '/'"),
        ("8/8 x", 4, "expected the side to move ('w' or 'b') after a space, found a piece letter 'x'"),
        ("8/8", 3, "found the end of the input"),
        ("8/Ж w", 2, "found 'Ж' (U+0416 CYRILLIC CAPITAL LETTER ZHE)"),
        ("8/8\tw", 3, "found a tab character"),
        ("\x008 w", 0, "at the start of the input, found a NUL byte (U+0000)"),
    ],
)
def test_lark_errors_are_translated_to_user_words(
    grammar_dir: Path, text: str, offset: int, words: str
) -> None:
    parser = load_parser(grammar_dir / "toy.lark")
    with pytest.raises(ParseError) as info:
        parse_text(parser, text, code="TOY001", field="board")
    d = info.value.diagnostics[0]
    assert d.code == "TOY001" and d.field == "board"
    assert words in d.message
    assert d.span is not None and d.span.offset == offset
    assert not re.search(r"__|ANON|PIECE|COUNT|SIDE|\$END", d.message)


def test_lookalike_characters_get_an_ascii_hint() -> None:
    assert lookalike_hint("К") == "only ASCII is allowed: replace it with the ASCII character 'K'"
    assert lookalike_hint("８") == "only ASCII is allowed: replace it with the ASCII character '8'"
    assert describe_char("\r") == "a carriage return (CR)"
    assert describe_char("é").startswith("'é' (U+00E9")


def test_every_toy_terminal_is_described(grammar_dir: Path) -> None:
    assert undescribed_terminals(load_parser(grammar_dir / "toy.lark")) == []


def test_check_size_and_nesting() -> None:
    check_size("abc", 3)
    with pytest.raises(LimitError) as info:
        check_size("abcd", 3)
    assert info.value.code == "NTK001"
    check_nesting("((a))", max_depth=2)
    with pytest.raises(LimitError) as info2:
        check_nesting("(" * 10_000 + ")" * 10_000, max_depth=100)
    assert info2.value.code == "NTK002"
    assert info2.value.diagnostics[0].span is not None
    assert info2.value.diagnostics[0].span.offset == 100


def test_regex_compiled_from_grammar_is_rejected_for_recursive_rules(tmp_path: Path) -> None:
    path = tmp_path / "rec.lark"
    path.write_text('start: "(" start ")" | "x"\n')
    with pytest.raises(NotRegularError):
        compile_regex(load_parser(path), "start")


_TOY_DIR = Path(tempfile.mkdtemp(prefix="ntk-toy-"))
(_TOY_DIR / "toy.lark").write_text(TOY)


def _accepts(parser: Lark, text: str) -> bool:
    try:
        parse_text(parser, text, code="TOY001")
    except NotationError:
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="pk18/ wbx0*", max_size=14))
def test_regex_fast_path_agrees_with_lalr_parser(text: str) -> None:
    parser = load_parser(_TOY_DIR / "toy.lark")
    pattern = re.compile(compile_regex(parser, "start", groups=["board"]))
    assert (pattern.fullmatch(text) is not None) == _accepts(parser, text)


def test_regex_compiles_from_a_disk_cached_parser(tmp_path: Path) -> None:
    path = tmp_path / "cached.lark"
    path.write_text(TOY)
    load_parser(path, cache=True)  # writes Lark's cache file
    from notation_toolkit.core import grammar as grammar_module

    grammar_module._parsers.clear()  # force the next load to come from the disk cache
    parser = load_parser(path, cache=True)
    pattern = re.compile(compile_regex(parser, "start"))
    assert pattern.fullmatch("p7/8 w") and not pattern.fullmatch("p7/8  w")


def test_end_of_input_is_named_in_words(grammar_dir: Path) -> None:
    from notation_toolkit.core.grammar import describe_terminal

    parser = load_parser(grammar_dir / "toy.lark")
    assert describe_terminal("<END-OF-FILE>", parser) == "the end of the input"
    assert describe_terminal("$END", parser) == "the end of the input"


def test_expected_terminals_of_imported_grammars_are_listed(grammar_dir: Path) -> None:
    # Lark's `accepts` drops namespaced terminals (toy__PIECE); the message must still name them.
    parser = load_parser(grammar_dir / "holes.lark", search_paths=[grammar_dir])
    with pytest.raises(ParseError) as info:
        parse_text(parser, "p/ w", code="TOY001")
    message = info.value.diagnostics[0].message
    assert "an empty-square count" in message and "a piece letter" in message


def test_generic_nodes_compare_by_meaning_not_position() -> None:
    from notation_toolkit.core.span import Span
    from notation_toolkit.core.tree import GenericNode

    assert GenericNode("hole", ("*",), Span(0, 1)) == GenericNode("hole", ("*",), Span(9, 1, 1, 10))
