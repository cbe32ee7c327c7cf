"""The grammars: described terminals, one handler per rule, no Lark internals in messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notation_toolkit import feen
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import GRAMMAR_DIR, base_name, load_parser, undescribed_terminals
from notation_toolkit.core.tree import GenericNode
from notation_toolkit.feen.parser import parse_result
from notation_toolkit.feen.transform import FeenTransformer

GRAMMARS = ["feen", "feen_legacy", "epin", "pin", "sin", "qpi"]


@pytest.mark.parametrize("name", GRAMMARS)
def test_every_terminal_is_described(name: str) -> None:
    assert undescribed_terminals(load_parser(name)) == []


@pytest.mark.parametrize("name", ["feen", "feen_legacy"])
def test_every_grammar_rule_has_a_transformer_handler(name: str) -> None:
    parser = load_parser(name)
    rules = {base_name(str(r.origin.name)) for r in parser.rules if not str(r.origin.name).startswith("_")}
    assert rules == {"start", "feen", "placement", "rank", "hands", "hand", "hand_item", "style_turn", "sin"}
    for rule in rules:
        # Handlers are named after the rules (Lark's convention, core.transform.NodeTransformer).
        assert callable(vars(FeenTransformer).get(rule)), rule


def test_each_handler_builds_its_node() -> None:
    # blark-style: every handler is exercised and produces the node the AST promises.
    pos = parse_result("a9/b//c/2 3P+q^/p C/m", fast=False)[0]
    assert pos.placement.segments == ("a9", "b", "c", "2")  # placement + rank
    assert pos.placement.separators == (1, 2, 1)
    assert [(str(i), i.count) for i in pos.hands.first.items] == [("3P", 3), ("+q^", 1)]  # hand(_item)
    assert str(pos.hands.second) == "p"  # hands
    assert (pos.style_turn.active.name, pos.style_turn.inactive.name) == ("C", "m")  # style_turn + sin
    assert pos.span is not None and pos.span.length == len("a9/b//c/2 3P+q^/p C/m")  # start + feen


def test_legacy_is_an_extension_of_feen() -> None:
    text = (GRAMMAR_DIR / "feen_legacy.lark").read_text(encoding="utf-8")
    assert re.search(r"^%import feen \(", text, re.MULTILINE)
    assert "%override EPIN" in text and "%override sin" in text
    assert "placement:" not in text  # the structure is not copied


def test_a_user_extension_grammar_adds_a_field(tmp_path: Path) -> None:
    grammar = tmp_path / "moves.lark"
    grammar.write_text(
        "%import feen (start, feen, placement, hands, style_turn, SP)\n"
        "%override feen: placement SP hands SP style_turn (SP move_number)?\n"
        "move_number: MOVE_NUMBER\n"
        "//@ MOVE_NUMBER: a move number\n"
        "MOVE_NUMBER: /[1-9][0-9]*/\n",
        encoding="utf-8",
    )
    pos = feen.parse("8/8/8/8/8/8/8/8 2P/ C/c 42", grammar=grammar)
    assert str(pos) == "8/8/8/8/8/8/8/8 2P/ C/c"
    (ext,) = pos.extensions
    assert isinstance(ext, GenericNode) and ext.rule == "move_number"
    assert pos.placement.shape == (8, 8)
    # the semantic rules still apply to the extended grammar
    with pytest.raises(NotationError) as info:
        feen.parse("8/8/8/8/8/8/8/8 / C/C 42", grammar=grammar)
    assert info.value.code == "FEEN203"


def test_the_shipped_example_extension_grammar_works() -> None:
    grammar = Path(__file__).resolve().parents[2] / "examples" / "feen" / "move_number.lark"
    pos = feen.parse("k^ / S/s 7", grammar=grammar)
    assert len(pos.extensions) == 1


BAD = [
    "",
    " ",
    "/",
    "8",
    "8 /",
    "8 / ",
    "8 / C",
    "8 / C/",
    "8 / /c",
    "8 / C//c",
    "8 // C/c",
    "8 P C/c",
    "8 / C/c/",
    "8/ / C/c",
    "/8 / C/c",
    "8//8 / C/c",
    "0 / C/c",
    "08 / C/c",
    "K'^ / C/c",
    "K^^ / C/c",
    "'K / C/c",
    "^K / C/c",
    "K+ / C/c",
    "K- / C/c",
    "+ / C/c",
    "+- / C/c",
    "++K / C/c",
    "8 1P/ C/c",
    "8 0P/ C/c",
    "8 P1/ C/c",
    "8 2/ C/c",
    "8 P/P/ C/c",
    "8 / CC/c",
    "8 / C/cc",
    "8 / 1/c",
    "8 / C:c",
    "8 / C/c d",
    "8\t/ C/c",
    "8 /\nC/c",
    "8 / C/c\r",
    "8\x00 / C/c",
    "8 / С/c",
    "８ / C/c",
    "K^ / Ｃ/c",
    "8 / C/c\u00a0",
    "rnbqk^bnr/8 /  C/c",
    "8 / C/C",
    "K^k^ 2K^/2k^ S/s",
    "rkr//PPPP / C/c",
    "8 PpP/ C/c",
]
UNICODE_NAME = re.compile(r"\(U\+[0-9A-F]{4,6}[^)]*\)")  # "(U+0421 CYRILLIC CAPITAL LETTER ES)" is wanted


def _words(text: str) -> set[str]:
    return set(re.findall(r"\b[A-Z_]{2,}\b", UNICODE_NAME.sub("", text)))


TERMINAL_NAMES = {
    "EPIN",
    "PIN",
    "SNN",
    "COUNT",
    "HAND_COUNT",
    "SEPARATOR",
    "SLASH",
    "SP",
    "STATE",
    "LETTER",
    "TERMINAL_MARKER",
    "DERIVATION_MARKER",
    "STYLE_LETTER",
    "COLON",
}


@pytest.mark.parametrize("profile", ["feen", "feen-legacy"])
def test_no_lark_internals_in_any_message(profile: str) -> None:
    refused = 0
    for text in BAD:
        try:
            feen.parse(text, profile=profile)
        except NotationError as err:
            diagnostics = err.diagnostics
            refused += 1
        else:
            # only the legacy profile accepts a few of these (SNN styles such as CC/c)
            assert profile == "feen-legacy" and text in ("8 / CC/c", "8 / C/cc"), text
            continue
        for d in diagnostics:
            for words in (d.message, d.hint or ""):
                assert "__" not in words and "ANON" not in words, (text, words)
                assert not (_words(words) & TERMINAL_NAMES), (text, words)
            assert d.code.startswith("FEEN") or d.code.startswith("NTK")
            assert d.span is not None, text
    assert refused >= len(BAD) - 2


@pytest.mark.parametrize(
    "func,bad",
    [
        (feen.parse_epin, ["", "K'^", "KK", "1", "К"]),
        (feen.parse_pin, ["", "K'", "K^^", "+"]),
        (feen.parse_sin, ["", "CC", "1", "Ｃ"]),
        (feen.parse_qpi, ["", "C", "C:", ":K", "C:K'", "CK"]),
    ],
)
def test_no_lark_internals_in_token_messages(func: object, bad: list[str]) -> None:
    assert callable(func)
    for text in bad:
        with pytest.raises(NotationError) as info:
            func(text)
        d = info.value.diagnostics[0]
        assert "__" not in d.message and "ANON" not in d.message, d.message
        # "an EPIN token" names the notation the user asked for, not a grammar terminal
        assert not (_words(d.message) & (TERMINAL_NAMES - {"EPIN", "PIN"})), d.message
