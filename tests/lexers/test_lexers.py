"""Pygments lexers: registration, the example files, token kinds checked against the parsers, no crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import (
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    _TokenType,
    is_token_subtype,
)

from notation_toolkit import dfen, fbr, feen, fen
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.lexers import DfenLexer, FbrLexer, FeenLexer, FenLexer, MbnLexer

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
LEXERS: dict[str, type[Lexer]] = {
    ".feen": FeenLexer,
    ".fen": FenLexer,
    ".dfen": DfenLexer,
    ".fbr": FbrLexer,
}
# Written for an extension grammar (their header names the .lark file): they add fields or
# letters the shipped grammar does not have, which the lexer of the shipped grammar marks.
EXTENSION_EXAMPLES = {"clock.dfen", "clock_invalid.dfen", "chess960.fen", "xfen_invalid.fen", "extended.fbr"}


def _tokens(lexer: type[Lexer], text: str) -> list[tuple[_TokenType, str]]:
    return list(lexer().get_tokens(text))


def _example_files() -> list[Path]:
    return sorted(p for p in EXAMPLES.rglob("*") if p.suffix in LEXERS)


@pytest.mark.parametrize(
    ("alias", "cls"),
    [("feen", FeenLexer), ("feen-legacy", FeenLexer), ("fen", FenLexer), ("dfen", DfenLexer),
     ("fbr", FbrLexer), ("rulefile", FbrLexer), ("mbn", MbnLexer)],
)  # fmt: skip
def test_registered_by_name(alias: str, cls: type[Lexer]) -> None:
    assert type(get_lexer_by_name(alias)) is cls


@pytest.mark.parametrize("suffix", sorted(LEXERS))
def test_registered_by_file_name(suffix: str) -> None:
    assert type(get_lexer_for_filename(f"game{suffix}")) is LEXERS[suffix]


@pytest.mark.parametrize("path", _example_files(), ids=lambda p: p.name)
def test_example_files(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    tokens = _tokens(LEXERS[path.suffix], text)
    assert "".join(v for _, v in tokens).rstrip("\n") == text.rstrip("\n")
    errors = [v for t, v in tokens if is_token_subtype(t, Error)]
    if path.name in EXTENSION_EXAMPLES:
        assert errors, "the extension's syntax is not the shipped grammar's"
    elif "invalid" in path.name and path.suffix != ".fbr":
        # One mistake a line; the syntax mistakes show as errors (invalid.fbr's are semantic).
        assert errors
    else:
        assert errors == []


@pytest.mark.parametrize("path", sorted((EXAMPLES / "fbr").glob("*.fbr")), ids=lambda p: p.name)
def test_fbr_rule_and_attribute_names_match_the_parser(path: Path) -> None:
    if path.name in EXTENSION_EXAMPLES:
        pytest.skip("needs its extension grammar")
    text = path.read_text(encoding="utf-8")
    rule_file = fbr.parse(text)
    tokens = _tokens(FbrLexer, text)
    rules = [v for t, v in tokens if t is Keyword]
    attributes = [v for t, v in tokens if t is Name.Attribute]
    assert rules == [r.name for r in rule_file.rules]
    assert attributes == [a.name for r in rule_file.rules for a in r.attributes if a.name is not None]
    names = [v for t, v in tokens if t is String and v.startswith("|")]
    assert len(names) == text.count("|") // 2


def test_fbr_token_kinds() -> None:
    tokens = [(t, v) for t, v in _tokens(FbrLexer, "promotion+[8]=enter,!capture{D} ~ note\n") if v.strip()]
    assert tokens == [
        (Keyword, "promotion"),
        (Operator, "+"),
        (Punctuation, "["),
        (Name.Label, "8"),
        (Punctuation, "]"),
        (Operator, "="),
        (Name.Attribute, "enter"),
        (Punctuation, ","),
        (Operator, "!"),
        (Name.Attribute, "capture"),
        (Punctuation, "{"),
        (Name.Builtin, "D"),
        (Punctuation, "}"),
        (tokens[-1][0], "~ note"),
    ]
    assert str(tokens[-1][0]) == "Token.Comment.Single"


def test_mbn_token_kinds() -> None:
    tokens = [(t, v) for t, v in _tokens(FbrLexer, "P|Pawn|=mfW+cefF+[1-2]mefW02 +P==QRBN") if v.strip()]
    kinds = {v: t for t, v in tokens}
    assert kinds["|Pawn|"] is String
    assert kinds["m"] is Keyword.Type and kinds["W"] is Name.Entity and kinds["02"] is Number.Integer
    assert [v for t, v in tokens if t is Name.Label] == ["1", "-", "2"]  # [1-2] is a board range
    assert [v for t, v in tokens if t is Name.Builtin] == ["P", "P", "Q", "R", "B", "N"]
    # An optional leg (003:167): '[' followed by a move, not a range.
    leg = [(t, v) for t, v in _tokens(MbnLexer, ":FD:=(mF4+msW4+([mK]--[mK]--K))--X") if v.strip()]
    assert not [v for t, v in leg if is_token_subtype(t, Error)]
    assert [v for t, v in leg if t is Name.Label] == []


def test_feen_pieces_match_the_parser() -> None:
    for text in ("lnsgk^'gsnl/1r2s2b1/pppp1pppp/9/4p4/9/PPPP1PPPP/1B5R1/LNSGK^GSNL 3P2B/p S/s",
                 "-rnk^n-r/+p+p+p+p+p/5/5/5//buqbu/+p+p+p+p+p/5/5/5//5/5/5/5/5//5/5/5/+P+P+P+P+P/BUQBU"
                 "//5/5/5/+P+P+P+P+P/-RNK^N-R / R/r"):  # fmt: skip
        position = feen.parse(text)
        tokens = _tokens(FeenLexer, text)
        first = [v for t, v in tokens if t is Name.Builtin]
        second = [v for t, v in tokens if t is Name.Variable]
        board = list(position.placement.pieces())
        hands = position.hands.first.items + position.hands.second.items
        assert len(first) + len(second) == len(board) + len(hands)
        assert len(first) == sum(1 for s in board if s.piece and s.piece.side.value == "first") + sum(
            1 for i in hands if i.piece.side.value == "first"
        )
        markers = "".join(v for t, v in tokens if t is Name.Decorator)
        assert markers.count("^") == text.count("^") and markers.count("'") == text.count("'")
        assert [v for t, v in tokens if t is Name.Constant] == [
            str(position.style_turn.active),
            str(position.style_turn.inactive),
        ]


def test_fen_and_dfen_fields() -> None:
    text = "rnbqkbnr/1p1p1ppp/8/pPpPp3/P3P3/2N2Q1N/2P2PPP/1RB1KB1R w Kkq a6c6e6 0 1 P"
    position = dfen.parse(text)
    tokens = _tokens(DfenLexer, text)
    assert [v for t, v in tokens if t is Name.Label] == ["a6c6e6"]
    assert [v for t, v in tokens if t is String.Symbol] == ["P"]
    letters = [v for t, v in tokens if t is Name.Builtin or t is Name.Variable]
    assert len(letters) == sum(1 for s in position.squares if s)
    # FEN has one en-passant square and no dice field: DFEN's are errors there.
    fen_text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    fen.parse(fen_text)
    assert not [v for t, v in _tokens(FenLexer, fen_text) if is_token_subtype(t, Error)]
    assert [v for t, v in _tokens(FenLexer, text) if is_token_subtype(t, Error)]


@pytest.mark.parametrize(
    ("lexer", "broken"),
    [
        (FeenLexer, "K'^ / C/c"),
        (FeenLexer, "rnbq\u041ab / C/c"),
        (FenLexer, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        (DfenLexer, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq a3c 0 1 -"),
        (FbrLexer, "royal{K"),
        (FbrLexer, "promotion=enter;"),
        (MbnLexer, "Q=R+B\u00e9"),
    ],
)
def test_broken_text_gives_error_tokens(lexer: type[Lexer], broken: str) -> None:
    tokens = _tokens(lexer, broken)
    assert [v for t, v in tokens if is_token_subtype(t, Error)]
    assert "".join(v for _, v in tokens) == broken + "\n"


@settings(max_examples=150, deadline=None)
@given(text=st.text(alphabet=st.characters(codec="utf-8"), max_size=200))
def test_never_raises_on_any_text(text: str) -> None:
    for lexer in (FeenLexer, FenLexer, DfenLexer, FbrLexer, MbnLexer):
        tokens = _tokens(lexer, text)
        joined = "".join(v for _, v in tokens)
        # Pygments drops a leading BOM, normalises line ends and ends the text with a newline.
        expected = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        assert joined.rstrip("\n") == expected.rstrip("\n")


_FBR_ALPHABET = st.sampled_from(list("royalpromtin!+-#*$%&=,{}[]()<>/|:^?@~ \n\tKQRBNPWFmcf0123456789abegh"))


@settings(max_examples=300, deadline=None)
@given(text=st.lists(_FBR_ALPHABET, max_size=120).map("".join))
def test_never_raises_on_rule_file_like_text(text: str) -> None:
    for lexer in (FbrLexer, MbnLexer, FeenLexer, FenLexer, DfenLexer):
        tokens = _tokens(lexer, text)
        assert "".join(v for _, v in tokens).rstrip("\n") == text.rstrip("\n")


# Strings generated from the grammars themselves (hypothesis.extra.lark): whatever the grammar
# derives, the lexer must read without an Error token.
_GRAMMAR_SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_SPACE = {"_WS": st.sampled_from([" ", "\n", "  ", "\t"])}


def _from_grammar(name: str, start: str, **explicit: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return from_lark(load_parser(name, start, cache=False), start=start, explicit=explicit or None)


@_GRAMMAR_SETTINGS
@given(text=_from_grammar("feen", "start"))
def test_feen_grammar_strings_lex_cleanly(text: str) -> None:
    assert _errors(FeenLexer, text) == []


@_GRAMMAR_SETTINGS
@given(text=_from_grammar("fen", "start"))
def test_fen_grammar_strings_lex_cleanly(text: str) -> None:
    assert _errors(FenLexer, text) == []


@_GRAMMAR_SETTINGS
@given(text=_from_grammar("dfen", "start"))
def test_dfen_grammar_strings_lex_cleanly(text: str) -> None:
    assert _errors(DfenLexer, text) == []


@pytest.mark.slow
@_GRAMMAR_SETTINGS
@given(text=_from_grammar("mbn", "mbn_item"))
def test_mbn_grammar_strings_lex_cleanly(text: str) -> None:
    assert _errors(MbnLexer, text) == []
    assert _errors(FbrLexer, text) == []


@pytest.mark.slow
@_GRAMMAR_SETTINGS
@given(text=_from_grammar("rulefile", "rule_file", **_SPACE))
def test_rule_file_grammar_strings_lex_cleanly(text: str) -> None:
    assert _errors(FbrLexer, text) == []


def _errors(lexer: type[Lexer], text: str) -> list[str]:
    return [v for t, v in _tokens(lexer, text) if is_token_subtype(t, Error)]
