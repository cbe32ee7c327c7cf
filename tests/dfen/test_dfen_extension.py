"""DFEN read with a user extension grammar (``grammar=`` / ``--grammar``): examples/dfen/clock.lark.

The grammar adds an 8th field, both players' clocks in seconds ("300/287"). The seven DFEN fields
must come out exactly as the shipped reader gives them (same rules F1-F6), the clocks as a generic
node, and text the grammar refuses as a diagnostic in the grammar's own words.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation_toolkit import dfen
from notation_toolkit.cli import main
from notation_toolkit.core.errors import (
    CanonicalFormError,
    GrammarError,
    NotationError,
    ParseError,
    ValidationError,
)
from notation_toolkit.core.grammar import load_parser, undescribed_terminals
from notation_toolkit.core.registry import get_notation
from notation_toolkit.core.span import Span
from notation_toolkit.core.tree import GenericNode

ROOT = Path(__file__).resolve().parents[2]
CLOCK = ROOT / "examples" / "dfen" / "clock.lark"
CLOCK_FILE = ROOT / "examples" / "dfen" / "clock.dfen"
CLOCK_INVALID = ROOT / "examples" / "dfen" / "clock_invalid.dfen"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
PHASE5 = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -"


def lines(path: Path) -> list[str]:
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln and not ln.startswith("#")]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    out, _err = capsys.readouterr()
    return code, out


def test_clock_field_is_a_generic_node_and_the_dfen_fields_are_typed() -> None:
    text = PHASE5 + " 288/300"
    pos = dfen.parse(text, grammar=CLOCK)
    assert pos.extensions == (GenericNode("clock", ("288", "300")),)
    assert pos.extensions[0].span == Span(len(PHASE5) + 1, 7, 1, len(PHASE5) + 2)
    assert sorted(pos.en_passant) == [16, 18, 20] and pos.turn == "b" and pos.dice is None
    # Equality covers the extensions: the same position without its clocks is a different value.
    plain = dfen.parse(PHASE5)
    assert plain.extensions == () and pos != plain
    assert pos.board == plain.board and pos.en_passant_targets == plain.en_passant_targets


def test_spans_of_the_known_fields_are_those_of_the_text() -> None:
    text = PHASE5 + " 288/300"
    pos = dfen.parse(text, grammar=CLOCK)
    assert pos.board.span == Span(0, 48, 1, 1)
    assert pos.en_passant_targets.span is not None
    ep = pos.en_passant_targets.span
    assert text[ep.offset : ep.end] == "a3c3e3"
    assert pos.pool.span is not None and text[pos.pool.span.offset : pos.pool.span.end] == "-"


@pytest.mark.parametrize("line", lines(CLOCK_FILE))
def test_example_file_round_trips_the_known_fields(line: str) -> None:
    seven, _, clocks = line.rpartition(" ")
    pos = dfen.parse(line, grammar=CLOCK)
    shipped = dfen.parse(seven)
    assert str(pos) == str(shipped)  # the seven DFEN fields, canonically
    assert pos.extensions == (GenericNode("clock", tuple(clocks.split("/"))),)
    assert dfen.format_text(line, grammar=CLOCK) == line  # the examples are canonical
    assert dfen.parse(dfen.format_text(line, grammar=CLOCK), grammar=CLOCK) == pos


def test_canonicalize_rewrites_known_fields_in_place_and_keeps_the_clocks() -> None:
    text = "4k3/8/8/8/8/8/8/4K3 w - c3a3 0 1 NP 300/0299"
    canonical, fixes = dfen.canonicalize(text, grammar=CLOCK)
    # En-passant squares and dice are sorted (DFEN214, DFEN224); the user's field is left as written.
    assert canonical == "4k3/8/8/8/8/8/8/4K3 w - a3c3 0 1 PN 300/0299"
    assert sorted(d.code for d in fixes) == ["DFEN214", "DFEN224"]
    assert dfen.format_text(text, grammar=CLOCK) == canonical


def test_strict_and_lenient_modes_apply_to_the_known_fields() -> None:
    text = "4k3/8/8/8/8/8/8/4K3 b - - 0 1 BKK 10/20"
    with pytest.raises(CanonicalFormError) as info:
        dfen.parse(text, grammar=CLOCK)
    assert [d.code for d in info.value.diagnostics] == ["DFEN223"]
    assert info.value.diagnostics[0].span == Span(30, 3, 1, 31)
    assert dfen.parse(text, grammar=CLOCK, lenient=True).dice == ("B", "K", "K")
    assert dfen.canonicalize(text, grammar=CLOCK)[0] == "4k3/8/8/8/8/8/8/4K3 b - - 0 1 bkk 10/20"


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        (START + " -", 59, "expected a space after '-', found the end of the input"),
        (START + " - 300", 63, "expected '/' after '0', found the end of the input"),
        (
            START + " - 300/",
            64,
            "expected a number of seconds (digits 0-9) after '/', found the end of the input",
        ),
        (START + " - 5m/5m", 61, "expected '/' after '5', found 'm'"),
    ],
)
def test_text_the_grammar_refuses_is_described_in_its_words(text: str, column: int, words: str) -> None:
    with pytest.raises(ParseError) as info:
        dfen.parse(text, grammar=CLOCK)
    (d,) = info.value.diagnostics
    assert d.code == "FEN103" and d.message == words
    assert d.span is not None and d.span.column == column
    assert d.hint is not None and "clock.lark" in d.hint
    for internal in ("__", "SECONDS", "NUMBER", "$END", "ANON"):
        assert internal not in d.message


def test_lookalike_characters_in_the_extended_syntax_get_the_ascii_hint() -> None:
    with pytest.raises(ParseError) as info:
        dfen.parse(START + " - 300/З00", grammar=CLOCK)  # Cyrillic Ze, looks like a 3
    d = info.value.diagnostics[0]
    assert d.code == "FEN103" and "U+0417" in d.message
    assert d.hint is not None and "ASCII" in d.hint


@pytest.mark.parametrize(
    ("line", "code"),
    [
        (ln, c)
        for ln, c in zip(
            lines(CLOCK_INVALID), ["FEN103", "FEN103", "FEN103", "DFEN221", "DFEN213"], strict=True
        )
    ],
)
def test_invalid_example_lines(line: str, code: str) -> None:
    with pytest.raises(NotationError) as info:
        dfen.parse(line, grammar=CLOCK)
    assert info.value.diagnostics[0].code == code
    assert dfen.check(line, grammar=CLOCK)[0].code == code


def test_semantic_errors_keep_their_codes_and_spans() -> None:
    with pytest.raises(ValidationError) as info:
        dfen.parse(START + " PPPP 300/300", grammar=CLOCK)
    d = info.value.diagnostics[0]
    assert d.code == "DFEN221" and d.span == Span(57, 4, 1, 58) and d.field == "dice"


def test_the_shipped_fast_path_is_unaffected() -> None:
    with pytest.raises(ParseError) as info:
        dfen.parse(PHASE5 + " 288/300")
    assert info.value.diagnostics[0].code == "DFEN201"
    assert dfen.parse(PHASE5).extensions == ()


def test_example_grammar_describes_every_terminal() -> None:
    assert undescribed_terminals(load_parser(CLOCK)) == []


def test_a_broken_grammar_is_a_grammar_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.lark"
    broken.write_text('%import dfen (start, position)\n%override position: placement " " clock\nclock: ???\n')
    with pytest.raises(GrammarError) as info:
        dfen.parse(PHASE5, grammar=broken)
    assert info.value.code == "NTK004" and "broken.lark" in info.value.diagnostics[0].message
    assert [d.code for d in dfen.check(PHASE5, grammar=broken)] == ["NTK004"]
    with pytest.raises(GrammarError):
        dfen.parse(PHASE5, grammar=tmp_path / "missing.lark")


def test_a_grammar_without_the_position_rule_is_a_grammar_error(tmp_path: Path) -> None:
    other = tmp_path / "other.lark"
    other.write_text('start: "x"\n')
    with pytest.raises(GrammarError) as info:
        dfen.parse("x", grammar=other)
    assert info.value.code == "NTK004" and "'position'" in info.value.diagnostics[0].message


def test_a_grammar_may_drop_optional_fields(tmp_path: Path) -> None:
    # Only the first four fields: the clocks take their F1 defaults and there is no dice pool.
    short = tmp_path / "short.lark"
    short.write_text(
        "%import dfen (start, position, placement, side, castling, en_passant)\n"
        '%override position: placement " " side " " castling " " en_passant\n'
    )
    pos = dfen.parse("4k3/8/8/8/8/8/8/4K3 w - a3", grammar=short)
    assert (pos.halfmove_clock, pos.fullmove_number, pos.dice, pos.extensions) == (0, 1, None, ())
    assert dfen.format_text("4k3/8/8/8/8/8/8/4K3 w - a3", grammar=short) == "4k3/8/8/8/8/8/8/4K3 w - a3"


def test_notation_object_takes_the_grammar() -> None:
    notation = get_notation("dfen")
    text = START + " - 300/300"
    assert notation.parse(text, grammar=str(CLOCK)).extensions[0].rule == "clock"
    assert notation.format(text, grammar=str(CLOCK)) == text
    assert notation.check(text, grammar=str(CLOCK)) == []
    assert notation.canonicalize is not None
    assert notation.canonicalize(text, grammar=str(CLOCK)) == (text, [])


def test_cli_parse_with_grammar(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "parse", "dfen", "--grammar", str(CLOCK), PHASE5 + " 288/300", "--json")
    assert code == 0
    ast = json.loads(out)["ast"]
    assert ast["type"] == "DfenPosition"
    assert ast["en_passant_targets"]["squares"] == [16, 18, 20]
    assert [(e["type"], e["rule"], e["children"]) for e in ast["extensions"]] == [
        ("GenericNode", "clock", ["288", "300"])
    ]
    code, out = run(capsys, "parse", "dfen", "--grammar", str(CLOCK), START + " - 300", "--json")
    assert code == 1 and '"FEN103"' in out


def test_cli_check_with_grammar(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "check", "--grammar", str(CLOCK), str(CLOCK_FILE), "--json")
    assert code == 0
    assert [(f["items"], f["invalid"]) for f in json.loads(out)["files"]] == [(5, 0)]
    code, out = run(capsys, "check", "--grammar", str(CLOCK), str(CLOCK_INVALID), "--json")
    assert code == 1
    data = json.loads(out)
    assert [(f["items"], f["invalid"]) for f in data["files"]] == [(5, 5)]
    codes = [r["diagnostics"][0]["code"] for r in data["diagnostics"]]
    assert codes == ["FEN103", "FEN103", "FEN103", "DFEN221", "DFEN213"]


def test_cli_fmt_with_grammar(capsys: pytest.CaptureFixture[str]) -> None:
    text = "4k3/8/8/8/8/8/8/4K3 w - c3a3 0 1 - 1/2"
    code, out = run(capsys, "fmt", "-n", "dfen", "--grammar", str(CLOCK), "-e", text)
    assert code == 0 and out.strip() == "4k3/8/8/8/8/8/8/4K3 w - a3c3 0 1 - 1/2"
