"""Property tests from the grammars: fast path == LALR path, round trips, hostile input."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from notation_toolkit import dfen, fen
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import load_parser, undescribed_terminals
from notation_toolkit.dfen import DfenPosition
from notation_toolkit.dfen.parser import READER as DFEN_READER
from notation_toolkit.fen.ast import SQUARE_NAMES
from notation_toolkit.fen.parser import READER as FEN_READER
from notation_toolkit.fen.parser import PositionReader

READERS: dict[str, PositionReader[Any]] = {"fen": FEN_READER, "dfen": DFEN_READER}
# hypothesis.extra.lark needs the grammar object, which a parser restored from Lark's cache lacks.
GRAMMAR_TEXTS = {name: from_lark(load_parser(name, "start", cache=False), start="start") for name in READERS}


def field_strategy(name: str, rule: str) -> st.SearchStrategy[str]:
    """Strings of one field, generated from the grammar rule of that field."""
    return from_lark(load_parser(name, rule, cache=False), start=rule)


@st.composite
def valid_rank(draw: st.DrawFn) -> str:
    cells = draw(st.lists(st.sampled_from([None, None, *"PNBRQKpnbrqk"]), min_size=8, max_size=8))
    rank = ""
    empty = 0
    for cell in cells:
        if cell is None:
            empty += 1
            continue
        rank += (str(empty) if empty else "") + cell
        empty = 0
    return rank + (str(empty) if empty else "")


@st.composite
def assembled(draw: st.DrawFn, name: str) -> str:
    """A position assembled from grammar-generated fields; most ranks are 8 squares wide, so the
    semantic checks (not only the 8-rank count) are exercised."""
    grammar_rank = field_strategy(name, "rank" if name == "fen" else "fen__rank")
    ranks = [draw(grammar_rank) if draw(st.integers(0, 19)) == 0 else draw(valid_rank()) for _ in range(8)]
    fields = ["/".join(ranks)] + [draw(field_strategy(name, rule)) for rule in READERS[name].field_names[1:]]
    if name == "dfen":
        fields = fields[: draw(st.integers(4, 7))]
    return " ".join(fields)


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MUTATION_CHARS = "PNBRQKpnbrqk12345678 /-wbabcdefgh036x\t\x00Кｐ9"


def outcome(reader: PositionReader[Any], text: str, *, fast: bool, lenient: bool = False) -> tuple[Any, ...]:
    """What reading ``text`` produces: the position and fixes, or the error class and diagnostics."""
    try:
        position, fixes = reader.read(text, fast=fast, lenient=lenient, max_input=None)
    except NotationError as exc:
        return ("error", type(exc), tuple((d.code, d.span, d.message) for d in exc.diagnostics))
    return ("ok", position, str(position), tuple((d.code, d.span, d.fix) for d in fixes))


def assert_agree(name: str, text: str) -> tuple[Any, ...]:
    reader = READERS[name]
    fast = outcome(reader, text, fast=True)
    slow = outcome(reader, text, fast=False)
    assert fast == slow, text
    assert outcome(reader, text, fast=True, lenient=True) == outcome(reader, text, fast=False, lenient=True)
    return fast


def assert_round_trip(name: str, result: tuple[Any, ...]) -> None:
    if result[0] != "ok":
        return
    module = dfen if name == "dfen" else fen
    canonical = result[2]
    again = module.parse(canonical)
    assert again == result[1]
    assert str(again) == canonical


@pytest.mark.parametrize("name", ["fen", "dfen"])
def test_every_terminal_is_described(name: str) -> None:
    assert undescribed_terminals(load_parser(name, "start")) == []


@pytest.mark.parametrize("name", ["fen", "dfen"])
def test_fast_path_regex_comes_from_the_grammar(name: str) -> None:
    regex = READERS[name].regex
    assert regex.groups == len(READERS[name].field_names)
    assert set(regex.groupindex) == set(READERS[name].field_names)


@pytest.mark.slow
@given(st.data())
@SETTINGS
@pytest.mark.parametrize("name", ["fen", "dfen"])
def test_grammar_strings_agree_and_round_trip(name: str, data: st.DataObject) -> None:
    text = data.draw(GRAMMAR_TEXTS[name] | assembled(name))
    result = assert_agree(name, text)
    assert_round_trip(name, result)


@pytest.mark.slow
@given(st.data())
@SETTINGS
@pytest.mark.parametrize("name", ["fen", "dfen"])
def test_mutated_strings_agree(name: str, data: st.DataObject) -> None:
    text = data.draw(GRAMMAR_TEXTS[name] | assembled(name))
    for _ in range(data.draw(st.integers(1, 3))):
        pos = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        char = data.draw(st.sampled_from(MUTATION_CHARS))
        if kind == "insert":
            text = text[:pos] + char + text[pos:]
        elif kind == "delete":
            text = text[:pos] + text[pos + 1 :]
        else:
            text = text[:pos] + char + text[pos + 1 :]
    result = assert_agree(name, text)
    assert_round_trip(name, result)


PIECE = st.sampled_from([None] * 6 + list("PNBRQKpnbrqk"))


@st.composite
def positions(draw: st.DrawFn) -> DfenPosition:
    squares = draw(st.lists(PIECE, min_size=64, max_size=64))
    targets = draw(st.sets(st.sampled_from([n for n in SQUARE_NAMES if n[1] in "36"]), max_size=4))
    return DfenPosition.from_values(
        squares,
        turn=draw(st.sampled_from("wb")),
        castling=draw(st.sets(st.sampled_from("KQkq"))),
        en_passant=targets,
        halfmove_clock=draw(st.integers(0, 10**12)),
        fullmove_number=draw(st.integers(1, 10**12)),
        dice=draw(st.none() | st.lists(st.sampled_from("PNBRQK"), min_size=1, max_size=3)),
    )


@pytest.mark.slow
@given(positions(), st.randoms(use_true_random=False))
@SETTINGS
def test_valid_positions_round_trip_in_any_spelling(position: DfenPosition, rnd: Any) -> None:
    text = dfen.dumps(position)
    assert dfen.parse(text) == position
    assert dfen.dumps(dfen.parse(text)) == text
    assert_agree("dfen", text)
    # Respell: targets and dice in any order, trailing default fields left out (F1, F2, F3).
    fields = text.split(" ")
    ep = fields[3]
    if ep != "-":
        squares = [ep[i : i + 2] for i in range(0, len(ep), 2)]
        rnd.shuffle(squares)
        fields[3] = "".join(squares)
    if fields[6] != "-":
        dice = list(fields[6])
        rnd.shuffle(dice)
        fields[6] = "".join(dice)
    elif fields[4:] == ["0", "1", "-"]:
        fields = fields[:4]
    elif fields[5:] == ["1", "-"] or fields[6] == "-":
        fields = fields[:6]
    respelled = " ".join(fields)
    assert dfen.parse(respelled) == position
    assert dfen.canonicalize(respelled)[0] == text
    assert_agree("dfen", respelled)
    if not position.dice and len(position.en_passant) <= 1:
        fen_text = " ".join(text.split(" ")[:6])
        try:
            as_fen = fen.parse(fen_text)
        except NotationError as exc:
            assert exc.code == "FEN142"  # a target on the mover's own rank: DFEN only
        else:
            assert fen.dumps(as_fen) == fen_text


HOSTILE = [
    "\x00",
    "4k3/8/8/8/8/8/8/4K3\tw - -",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1\r\n",
    "4k3/8/8/8/8/8/8/4K3 w - -\r",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\n",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 Р",  # Cyrillic ER looks like P
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ＰＮ",  # full-width
    "4k3/8/8/8/8/8/8/4Ｋ3 w - -",
    "4k3/8/8/8/8/8/8/4K3 w - ｅ3 0 1",
    "4k3/8/8/8/8/8/8/4K3 ｗ - -",
    "4k3/8/8/8/8/8/8/4K3\u00a0w - -",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -\u200b",
    "\ufeff4k3/8/8/8/8/8/8/4K3 w - -",
    "x" * 1_000_000,
    "4k3/8/8/8/8/8/8/4K3 w - - " + "9" * 100_000 + " 1",
    "9" * 100_000 + "/8/8/8/8/8/8/8 w - -",
    "/" * 10_000,
    " " * 10_000,
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 -" + " -" * 10_000,
    "8/" * 10_000 + "8 w - -",
    "",
    " ",
    "-",
]


@pytest.mark.parametrize("name", ["fen", "dfen"])
@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_input_is_a_clear_notation_error(name: str, text: str) -> None:
    module = dfen if name == "dfen" else fen
    for limit in (1024, None):
        if limit is None and len(text) > 200_000:
            continue
        with pytest.raises(NotationError) as info:
            module.parse(text, max_input=limit)
        error = info.value
        assert error.diagnostics and error.diagnostics[0].code
        d = error.diagnostics[0]
        assert d.message and "Traceback" not in d.message
        assert len(d.message) < 400
        assert isinstance(module.check(text, max_input=limit), list)
