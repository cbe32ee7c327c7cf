"""``ntk fsf import`` / ``ntk fsf export`` / ``ntk variant analyse`` through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bridge_oracle import OPTIONS_INI, engine_path
from click.testing import CliRunner

from notation_toolkit.fsf.cli import analyse, export_command, import_command
from notation_toolkit.variant import Variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"


def _run(command: object, args: list[str]) -> tuple[str, object]:
    result = CliRunner().invoke(command, args, standalone_mode=False)  # type: ignore[arg-type]
    assert result.exception is None, result.output
    return result.output, result.return_value


def test_import_writes_one_rule_file_per_section(tmp_path: Path) -> None:
    out, code = _run(import_command, [str(OPTIONS_INI), "-o", str(tmp_path)])
    assert code == 1  # a section is refused on purpose
    written = sorted(p.stem for p in tmp_path.glob("*.fbr"))
    assert "t-board" in written and "t-promotedtype" not in written and "t-walls" in written
    assert "t-castlingrook" in written  # castlingRookPieces = a: royal=castle{A} (003:918)
    assert "t-promotedtype" in out and "refused" in out
    Variant.load(tmp_path / "t-crazyhouse.fbr")


def test_import_one_section_as_json() -> None:
    out, code = _run(import_command, [str(OPTIONS_INI), "--section", "t-board", "--json"])
    data = json.loads(out)
    assert code == 0 and [s["name"] for s in data["sections"]] == ["t-board"]
    assert data["sections"][0]["status"] == "converted" and 'boardsize="6x6"' in data["sections"][0]["fbr"]


def test_import_reports_a_missing_section() -> None:
    _out, code = _run(import_command, [str(OPTIONS_INI), "--section", "nope"])
    assert code == 2


def test_export_then_import(tmp_path: Path) -> None:
    ini = tmp_path / "makruk.ini"
    _out, code = _run(export_command, [str(EXAMPLES / "makruk.fbr"), "-o", str(ini), "--name", "mk"])
    assert code == 0 and ini.read_text(encoding="utf-8").startswith("[mk]\n")
    out, code = _run(import_command, [str(ini), "--json"])
    assert code == 0 and json.loads(out)["sections"][0]["status"] == "converted"


def test_export_refusal_is_a_diagnostic() -> None:
    out, code = _run(export_command, [str(EXAMPLES / "shatranj.fbr")])
    assert code == 1 and "FSF401" in out


@pytest.mark.skipif(engine_path() is None, reason="fairy-stockfish is not installed")
def test_analyse_with_fairy_stockfish() -> None:
    engine = engine_path()
    assert engine is not None
    out, code = _run(
        analyse,
        [str(EXAMPLES / "chess.fbr"), "--engine", engine, "--moves", "e2e4 e7e5", "--time", "0.1", "--json"],
    )
    data = json.loads(out)
    assert code == 0 and data["variant"] == "ntk-chess"
    pos = Variant.load(EXAMPLES / "chess.fbr").start()
    pos.push("e2e4")
    pos.push("e7e5")
    assert data["bestmove"] in {m.text for m in pos.legal_moves()}


def test_analyse_with_a_missing_engine() -> None:
    out, code = _run(analyse, [str(EXAMPLES / "chess.fbr"), "--engine", "/nonexistent", "--time", "0.1"])
    assert code == 1 and "FSF502" in out
