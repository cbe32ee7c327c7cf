"""``ntk draw`` (and the ``lsp`` command's entry), invoked as click commands."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from click.testing import CliRunner

from notation_toolkit import fen, svg
from notation_toolkit.commands.draw import draw_command
from notation_toolkit.core.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE

E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"


def test_draw_to_stdout_is_the_api_picture() -> None:
    result = CliRunner().invoke(draw_command, ["fen", E4])
    assert result.exit_code == EXIT_OK
    assert result.stdout == svg.board(fen.parse(E4))


def test_draw_to_a_file_with_options(tmp_path: Path) -> None:
    out = tmp_path / "e4.svg"
    args = ["fen", E4, "-o", str(out), "--flipped", "--size", "300", "--highlight", "e4", "--arrow", "e2-e4"]
    result = CliRunner().invoke(draw_command, args)
    assert result.exit_code == EXIT_OK, result.output
    expected = svg.board(fen.parse(E4), flipped=True, size=300, squares=["e4"], arrows=[("e2", "e4")])
    assert out.read_text(encoding="utf-8") == expected
    ET.fromstring(out.read_text(encoding="utf-8"))


def test_draw_feen_text_starting_with_a_dash() -> None:
    text = "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c"
    result = CliRunner().invoke(draw_command, ["feen", "--", text])
    assert result.exit_code == EXIT_OK, result.output
    assert result.stdout.startswith("<svg")


def test_draw_png(tmp_path: Path) -> None:
    pytest.importorskip("cairosvg")
    out = tmp_path / "e4.png"
    result = CliRunner().invoke(draw_command, ["fen", E4, "-o", str(out)])
    assert result.exit_code == EXIT_OK, result.output
    assert out.read_bytes().startswith(b"\x89PNG")


def test_draw_errors() -> None:
    runner = CliRunner()
    bad = runner.invoke(draw_command, ["fen", E4.replace("e3", "e9")])
    assert bad.exit_code == EXIT_INVALID and "FEN140" in bad.output
    assert runner.invoke(draw_command, ["fbr", "royal"]).exit_code == EXIT_USAGE
    assert runner.invoke(draw_command, ["nosuch", "x"]).exit_code == EXIT_USAGE
    assert runner.invoke(draw_command, ["fen", E4, "--png"]).exit_code == EXIT_USAGE
    assert runner.invoke(draw_command, ["fen", E4, "--highlight", "z9"]).exit_code == EXIT_USAGE
    assert runner.invoke(draw_command, ["fen", E4, "--arrow", "e2"]).exit_code == EXIT_USAGE


def test_draw_json() -> None:
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PPN"
    result = CliRunner().invoke(draw_command, ["dfen", start, "--json"])
    assert result.exit_code == EXIT_OK
    record = json.loads(result.stdout)
    assert record["format"] == "svg" and record["svg"].startswith("<svg")
    bad = CliRunner().invoke(draw_command, ["fen", "x", "--json"])
    assert bad.exit_code == EXIT_INVALID and json.loads(bad.stdout)["valid"] is False


def test_commands_are_registered() -> None:
    found = {ep.name: ep.value for ep in entry_points(group="notation_toolkit.commands")}
    assert found.get("draw") == "notation_toolkit.commands.draw:draw_command"
    assert found.get("lsp") == "notation_toolkit.lsp.cli:lsp_command"
    from notation_toolkit.lsp.cli import lsp_command

    assert "--debounce" in CliRunner().invoke(lsp_command, ["--help"]).output
