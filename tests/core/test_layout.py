"""``core.layout``: plain text in a pipe is rich's rendering without colour, line for line.

Every plain rendering is compared with what rich itself prints for the same tree, table or line
on a console without colours that is wide enough not to wrap (plain text is never wrapped), in
UTF-8 and in ASCII.
"""

from __future__ import annotations

import io
import os
from typing import Any

import pytest
from rich.console import Console

from notation_toolkit.core.layout import Line, Table, Tree, cell_width, lines_of, plain_output, show
from notation_toolkit.core.render import diagnostic_lines, render_rich
from notation_toolkit.core.tree import to_tree

WIDE = 2000


class _AsciiFile(io.StringIO):
    encoding = "ascii"


def rich_lines(renderable: Any, *, ascii_only: bool = False, soft_wrap: bool = False) -> list[str]:
    """What rich prints for ``renderable`` without colour on a console of WIDE columns."""
    buffer: io.StringIO = _AsciiFile() if ascii_only else io.StringIO()
    console = Console(
        file=buffer, width=WIDE, color_system=None, highlight=False, emoji=False, legacy_windows=False
    )
    console.print(renderable, soft_wrap=soft_wrap)
    return buffer.getvalue().split("\n")[:-1]


def sample_tables() -> list[Table]:
    out = []
    for justify in ("left", "center", "right"):
        table = Table("ntk check", title_justify=justify)
        table.add_column("file")
        table.add_column("items", justify="right")
        table.add_column("mid", justify="center")
        table.add_row("one.feen", "1", "x")
        table.add_row("a/much/longer/path.fen", "1000", Line(("styled", "bold red")))
        out.append(table)
    untitled = Table()
    untitled.add_column("only")
    out.append(untitled)  # no rows
    wide = Table("駒の一覧")
    wide.add_column("名前")
    wide.add_column("x")
    wide.add_row("王将", "K")
    wide.add_row("ab", "")
    out.append(wide)
    long_title = Table("a title much longer than the table itself")
    long_title.add_column("a")
    long_title.add_row("1")
    out.append(long_title)
    return out


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("index", range(5))  # the sixth has a title wider than the table: below
def test_a_table_in_plain_text_is_rich_without_colour(index: int, ascii_only: bool) -> None:
    table = sample_tables()[index]
    assert table.plain_lines(ascii_only=ascii_only) == rich_lines(table.to_rich(), ascii_only=ascii_only)


def test_a_title_longer_than_its_table_is_left_whole() -> None:
    table = sample_tables()[5]
    lines = table.plain_lines()
    assert table.title is not None and cell_width(table.title) > len(lines[-1])
    assert lines[0] == "a title much longer than the table itself"
    assert lines[1:] == rich_lines(table.to_rich())[-len(lines) + 1 :]


def test_a_row_must_have_a_cell_per_column() -> None:
    table = Table()
    table.add_column("a")
    with pytest.raises(ValueError, match="a row of 2 cells in a table of 1 columns"):
        table.add_row("1", "2")


def ast_samples() -> list[tuple[str, object]]:
    from notation_toolkit import dfen, fbr, feen, fen, mbn

    return [
        ("feen", feen.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c")),
        ("feen", feen.parse("lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s")),
        ("fen", fen.parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")),
        ("dfen", dfen.parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB")),
        ("fbr", fbr.parse("K Q=R+N R B N P\nboardsize=10x8\n")),
        ("mbn", mbn.parse("N=mN+cW")),
    ]


@pytest.mark.parametrize("ascii_only", [False, True])
@pytest.mark.parametrize("index", range(6))
def test_an_ast_tree_in_plain_text_is_rich_without_colour(index: int, ascii_only: bool) -> None:
    name, ast = ast_samples()[index]
    tree = to_tree(ast, name)
    assert tree.plain_lines(ascii_only=ascii_only) == rich_lines(tree.to_rich(), ascii_only=ascii_only)


def chain(depth: int) -> Tree:
    """A tree of ``depth`` levels below its root, one child each."""
    root = node = Tree("root")
    for level in range(depth):
        node = node.add(f"level {level}")
    return root


def test_a_deep_tree_is_laid_out_without_recursion() -> None:
    lines = chain(5000).plain_lines()
    assert len(lines) == 5001
    assert lines[-1] == " " * 4 * 4999 + "└── level 4999"


def test_lines_join_and_drop_empty_segments() -> None:
    line = Line(("error", "bold red"), "", ": ", ("", "dim")) + "message" + Line((" hint", "cyan"))
    assert line.segments == (("error", "bold red"), (": ", ""), ("message", ""), (" hint", "cyan"))
    assert line.plain == "error: message hint"
    assert rich_lines(line.to_rich()) == ["error: message hint"]
    assert line.to_rich().spans[0].style == "bold red"


def diagnostics_samples() -> list[tuple[list[Any], str]]:
    from notation_toolkit import fbr, fen

    texts = [
        (fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x"),
        (fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1"),
        (fbr, "K Q=R+N R B N P\nboardsize=0x8\n"),  # an unknown rule: a warning
        (fbr, "K Q=R+N R B N P\nQ=R(\n"),
    ]
    return [(module.check(text), text) for module, text in texts]


@pytest.mark.parametrize("index", range(4))
def test_diagnostics_in_plain_text_are_rich_without_colour(index: int) -> None:
    diagnostics, text = diagnostics_samples()[index]
    assert diagnostics  # the sample is invalid
    plain = [line.plain for line, _ in diagnostic_lines(diagnostics, text, "in.txt")]
    buffer = io.StringIO()
    console = Console(file=buffer, width=WIDE, color_system=None, highlight=False, emoji=False)
    render_rich(console, diagnostics, text, "in.txt")
    assert plain == buffer.getvalue().split("\n")[:-1]


def test_the_span_is_underlined_on_a_terminal() -> None:
    diagnostics, text = diagnostics_samples()[0]
    line, unwrapped = diagnostic_lines(diagnostics[:1], text)[1]
    assert unwrapped
    underlined = [part for part, style in line.segments if "underline" in style]
    assert underlined == ["x"]  # the full-move number the message is about


@pytest.mark.parametrize(
    ("environ", "isatty", "plain"),
    [
        ({}, False, True),
        ({}, True, False),
        ({"FORCE_COLOR": "1"}, False, False),
        ({"FORCE_COLOR": ""}, True, True),
        ({"TTY_COMPATIBLE": "1"}, False, False),
        ({"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"}, True, True),
    ],
)
def test_plain_output_decides_as_rich_does(
    environ: dict[str, str], isatty: bool, plain: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)

    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return isatty

    stream = Stream()
    assert plain_output(stream) is plain
    console = Console(file=stream)
    assert console.is_terminal is (not plain)


def test_show_writes_plain_lines_to_a_pipe(capsys: pytest.CaptureFixture[str]) -> None:
    table = sample_tables()[0]
    tree = to_tree(ast_samples()[0][1], "feen")
    show(Line(("head", "bold")), tree, table, "tail")
    out = capsys.readouterr().out
    assert out == "\n".join(["head", *tree.plain_lines(), *table.plain_lines(), "tail"]) + "\n"
    assert out.splitlines() == lines_of([Line(("head", "bold")), tree, table, "tail"])
    assert "\x1b[" not in out


def test_show_lets_rich_render_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.delenv("NO_COLOR", raising=False)
    show(Line(("bold", "bold")), stderr=True)
    err = capsys.readouterr().err
    assert "\x1b[1mbold" in err


def test_the_environment_of_this_test_run_is_not_a_terminal() -> None:
    # the tests above rely on captured output being a pipe
    assert os.environ.get("TTY_COMPATIBLE") != "1"


def test_a_table_that_fits_a_terminal_prints_as_rich_table_does(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import re

    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "120")
    for name in ("TTY_COMPATIBLE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for table in sample_tables()[:5]:
        assert table.fits(120)
        show(table)
        out = capsys.readouterr().out
        assert "\x1b[1m" in out  # the header in bold
        assert re.sub(r"\x1b\[[0-9;]*m", "", out).split("\n")[:-1] == rich_lines(table.to_rich())


def test_a_table_too_wide_for_the_terminal_is_left_to_rich() -> None:
    table = sample_tables()[0]
    assert not table.fits(table.width() - 1)
    assert not sample_tables()[5].fits(200)  # its title would wrap


@pytest.mark.parametrize("columns", [1, 2, 3, 4])
def test_a_table_widened_to_its_title_shares_the_width_as_rich_does(columns: int) -> None:
    table = Table("12 legal micro-moves, pool PNB, at most 3 dice usable (R8)", title_on_one_line=True)
    for index in range(columns):
        table.add_column(f"c{index}" * (index + 1), justify="right" if index % 2 else "left")
    table.add_row(*(f"v{index}" for index in range(columns)))
    assert table.width() == cell_width(table.title or "")
    assert table.fits(200)
    assert table.plain_lines() == rich_lines(table.to_rich())


def test_a_deep_tree_becomes_a_rich_tree_without_recursion() -> None:
    rich_root = chain(3000).to_rich()
    for depth in range(3000):
        (rich_root,) = rich_root.children
        assert rich_root.label.plain == f"level {depth}"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "parts",
    [
        ("a\x1b[31mb",),
        ("tab\there",),
        ("a\tb", ("\tc", "bold"), "d\t"),
        ("bell\x07x", ("cr\rx", "red")),
        ("\x08\x0b\x0c",),
        ("nul\x00x del\x7fx",),
        ("漢\t字",),
    ],
)
def test_control_characters_show_in_plain_text_as_rich_shows_them(parts: tuple[Any, ...]) -> None:
    line = Line(*parts)
    assert [line.plain] == (rich_lines(line.to_rich(), soft_wrap=True) or [""])
