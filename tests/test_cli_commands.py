"""The command registry of ``ntk``: every shipped command is an entry point that loads."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path

import click
import pytest

from notation_toolkit.cli import build_cli, main
from notation_toolkit.core.cli import (
    COMMANDS_ENTRY_POINT_GROUP,
    _parse_entry_points_txt,
    load_reference,
    own_entry_points,
)

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def _declared() -> dict[str, dict[str, str]]:
    with PYPROJECT.open("rb") as handle:
        tables: dict[str, dict[str, str]] = tomllib.load(handle)["project"]["entry-points"]
    return {g: t for g, t in tables.items() if g.startswith(COMMANDS_ENTRY_POINT_GROUP)}


def test_the_commands_ntk_finds_are_those_pyproject_declares() -> None:
    found = {g: t for g, t in own_entry_points().items() if g.startswith(COMMANDS_ENTRY_POINT_GROUP)}
    assert found == _declared()
    assert {
        "parse",
        "check",
        "fmt",
        "explain",
        "notations",
        "convert",
        "tour",
        "dice",
        "expand",
        "diff",
    } <= set(found[COMMANDS_ENTRY_POINT_GROUP])


@pytest.mark.parametrize(
    "reference",
    sorted({value for table in _declared().values() for value in table.values()}),
)
def test_every_shipped_entry_point_is_a_click_command(reference: str) -> None:
    assert isinstance(load_reference(reference), click.Command)


def test_entry_points_txt_format() -> None:
    text = "[console_scripts]\nntk = a.b:main\n\n# comment\n[notation_toolkit.commands]\nx = m.n:cmd\n"
    assert _parse_entry_points_txt(text) == {
        "console_scripts": {"ntk": "a.b:main"},
        "notation_toolkit.commands": {"x": "m.n:cmd"},
    }


def test_root_lists_every_command() -> None:
    cli = build_cli()
    with cli.make_context("ntk", [], resilient_parsing=True) as ctx:
        names = cli.list_commands(ctx)
    assert set(_declared()[COMMANDS_ENTRY_POINT_GROUP]) <= set(names)


def test_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "Usage: ntk" in out and "expand" in out
    assert main(["dice", "play", "-h"]) == 0
    assert "--seed" in capsys.readouterr().out


def test_bare_ntk_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "Commands" in capsys.readouterr().err


@pytest.mark.parametrize("group", ["console_scripts", "notation_toolkit.commands", "pytest11"])
def test_the_entry_point_scan_finds_what_importlib_metadata_finds(group: str) -> None:
    import importlib.metadata

    from notation_toolkit.core.cli import _scan_entry_points

    scanned = _scan_entry_points(group)
    assert scanned is not None
    expected = sorted((ep.name, ep.value) for ep in importlib.metadata.entry_points(group=group))
    assert sorted((name, value) for name, value, _ in scanned) == expected


def test_one_line_commands_import_only_what_they_use(
    tmp_path: Path, modules_after_ntk: Callable[..., set[str]]
) -> None:
    one = tmp_path / "one.fen"
    one.write_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")
    heavy = {
        "importlib.metadata",
        "multiprocessing",
        "lark",
        "notation_toolkit.fbr",
        "notation_toolkit.dicechess",
    }
    for args in (
        ("check", str(one)),
        ("fmt", str(one)),
        ("convert", "fen", "dfen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        ("explain", "FEN111"),
    ):
        modules = modules_after_ntk(*args)
        assert "notation_toolkit.fen" in modules, args
        assert not heavy & modules, (args, heavy & modules)
