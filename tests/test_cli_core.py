"""The generic `ntk` commands, driven in-process with a test notation."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from notation_toolkit import __version__
from notation_toolkit.cli import main
from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.errors import ValidationError
from notation_toolkit.core.registry import Notation, register_notation
from notation_toolkit.core.span import Span


def _check(text: str, **_: object) -> list[Diagnostic]:
    out = []
    for i, ch in enumerate(text):
        if ch == "!":
            out.append(
                Diagnostic("CLI001", "no '!' allowed", Span.from_offsets(text, i, i + 1), hint="remove it")
            )
        if ch == "?":
            out.append(
                Diagnostic(
                    "CLI002", "a '?' is odd", Span.from_offsets(text, i, i + 1), severity=Severity.WARNING
                )
            )
    return out


def _parse(text: str, **_: object) -> object:
    errors = [d for d in _check(text) if d.is_error]
    if errors:
        raise ValidationError(errors, text)
    return {"words": text.split()}


def _format(text: str, **_: object) -> str:
    _parse(text)
    return " ".join(text.split())


def _canonicalize(text: str, **_: object) -> tuple[str, list[Diagnostic]]:
    canonical = " ".join(text.replace("!", "").split())
    fixes = []
    if canonical != text:
        fixes.append(
            Diagnostic("CLI003", "normalized", None, Severity.INFO, fix=Fix("canonical form", canonical))
        )
    return canonical, fixes


register_notation(
    Notation("clitest", "CLI test notation", (".clitest",), True, _parse, _check, _format, _canonicalize),
    replace=True,
)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"ntk {__version__}"


def test_check_reports_errors_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "items.clitest"
    f.write_text("# a comment\nfine words\nbad!\n\nodd?\n")
    assert main(["check", str(f)]) == 1
    out = capsys.readouterr().out
    assert "items.clitest:3:4: error[CLI001]: no '!' allowed" in out
    assert "warning[CLI002]" in out
    assert "ntk check" in out  # the summary table


def test_check_json_is_structured(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "items.clitest"
    f.write_text("ok\nbad!\n")
    assert main(["check", "--json", str(f)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False
    assert data["files"][0] == {
        "source": str(f),
        "notation": "clitest",
        "items": 2,
        "valid": 1,
        "invalid": 1,
        "warnings": 0,
    }
    diag = data["diagnostics"][0]["diagnostics"][0]
    assert diag["code"] == "CLI001" and diag["span"] == {"offset": 6, "length": 1, "line": 2, "column": 4}


def test_check_valid_file_exits_0(tmp_path: Path) -> None:
    f = tmp_path / "ok.clitest"
    f.write_text("all good\n")
    assert main(["check", str(f)]) == 0


def test_unknown_extension_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "x.unknownext"
    f.write_text("x")
    assert main(["check", str(f)]) == 1
    assert "cannot tell the notation" in capsys.readouterr().out


def test_parse_json_and_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "clitest", "two words", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ast"] == {"words": ["two", "words"]}
    assert main(["parse", "clitest", "no!"]) == 1
    assert "error[CLI001]" in capsys.readouterr().out
    assert main(["parse", "clitset", "x"]) == 1
    assert "did you mean 'clitest'?" in capsys.readouterr().out


def test_fmt_strict_and_lenient(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fmt", "-n", "clitest", "-e", "a   b"]) == 0
    assert capsys.readouterr().out == "a b\n"
    assert main(["fmt", "-n", "clitest", "-e", "a  b!"]) == 1
    assert main(["fmt", "-n", "clitest", "-e", "a  b!", "--lenient"]) == 0
    captured = capsys.readouterr()
    assert captured.out.endswith("a b\n")
    assert "fix(es) applied" in captured.err


def test_fmt_check_and_write(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "f.clitest"
    f.write_text("# keep me\na   b\n")
    assert main(["fmt", "--check", str(f)]) == 1
    assert main(["fmt", "--write", str(f)]) == 0
    assert f.read_text() == "# keep me\na b\n"
    assert main(["fmt", "--check", str(f)]) == 0


def test_explain_known_and_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "ntk001"]) == 0
    assert "input too large" in capsys.readouterr().out
    assert main(["explain", "NTK0001"]) == 1


def test_usage_errors_exit_2() -> None:
    with pytest.raises(SystemExit) as info:
        main(["parse"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["no-such-command"])
    assert info.value.code == 2


def test_console_script_runs_as_a_subprocess() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "notation_toolkit.cli", "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == f"ntk {__version__}"


def test_tour_of_the_shipped_examples_passes(capsys: pytest.CaptureFixture[str]) -> None:
    examples = Path(__file__).resolve().parent.parent / "examples"
    assert main(["tour", str(examples), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is True
    notations = {f["notation"] for f in data["files"]}
    assert {"feen", "fen", "dfen", "fbr"} <= notations
    invalid = [f for f in data["files"] if f["expect_invalid"]]
    assert invalid and all(f["invalid"] + f["warnings"] > 0 for f in invalid)


def test_tour_flags_a_file_that_does_not_behave(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "good.clitest").write_text("fine\nbad!\n")
    (tmp_path / "invalid.clitest").write_text("also fine\n")
    assert main(["tour", str(tmp_path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    unexpected = {f["file"].rsplit("/", 1)[-1]: f["unexpected"] for f in data["files"]}
    assert len(unexpected["good.clitest"]) == 1 and len(unexpected["invalid.clitest"]) == 1
