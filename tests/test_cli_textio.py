"""Files are read as every text tool reads them (``notation_toolkit.core.textio``), through the API
and through ``ntk``: a leading BOM dropped, CRLF / CR / LF newlines, a last line without newline,
an empty file, undecodable bytes as a diagnostic."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from notation_toolkit import feen
from notation_toolkit.cli import main
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.textio import decode, read_text, read_text_file, write_text_file

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c"
OTHER = "8/8/8/8/8/8/8/8 / C/c"
BOM = b"\xef\xbb\xbf"


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# -------------------------------------------------------------------------------------- API


@pytest.mark.parametrize(
    ("data", "text", "newline", "bom"),
    [
        (b"a\nb\n", "a\nb\n", "\n", False),
        (b"a\r\nb\r\n", "a\nb\n", "\r\n", False),
        (b"a\rb\r", "a\nb\n", "\r", False),
        (b"a\nb", "a\nb", "\n", False),  # last line without newline
        (b"", "", "\n", False),  # empty file
        (BOM + b"a\r\nb", "a\nb", "\r\n", True),
        (BOM, "", "\n", True),
        (b"a\n" + BOM + b"b\n", "a\n\ufeffb\n", "\n", False),  # a BOM inside the text is text
    ],
)
def test_decode_rules(data: bytes, text: str, newline: str, bom: bool) -> None:
    decoded = decode(data, "x")
    assert (decoded.text, decoded.newline, decoded.bom) == (text, newline, bom)
    assert decoded.encode(decoded.text) == data  # written back byte for byte


def test_undecodable_bytes_are_a_diagnostic_with_a_location(tmp_path: Path) -> None:
    path = _write(tmp_path, "latin1.feen", "8/8\r\nsé\n".encode("latin-1"))
    with pytest.raises(NotationError) as info:
        read_text(path)
    (diag,) = info.value.diagnostics
    assert diag.code == "NTK005"
    assert diag.span is not None and (diag.span.line, diag.span.column) == (2, 2)
    assert "0xe9" in diag.message and "not UTF-8" in diag.message
    assert info.value.text is not None and info.value.text.splitlines()[1] == "s\ufffd"


def test_missing_file_is_a_diagnostic(tmp_path: Path) -> None:
    with pytest.raises(NotationError) as info:
        read_text_file(tmp_path / "nope.feen")
    assert info.value.code == "NTK005" and "nope.feen" in info.value.diagnostics[0].message


def test_stdin_is_read_as_a_file(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stdin(io.TextIOWrapper):
        pass

    monkeypatch.setattr(sys, "stdin", Stdin(io.BytesIO(BOM + b"x\r\ny")))
    assert read_text("-") == "x\ny"


def test_closed_stdin_is_an_os_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(OSError, match="standard input is closed"):
        read_text("-")


def test_write_back_keeps_newlines_and_bom(tmp_path: Path) -> None:
    path = _write(tmp_path, "f.txt", BOM + b"a\r\nb\r\n")
    original = read_text_file(path)
    write_text_file(original, "c\nd\n")
    assert path.read_bytes() == BOM + b"c\r\nd\r\n"


def test_a_bom_in_a_string_given_to_the_api_is_still_an_error() -> None:
    with pytest.raises(NotationError) as info:
        feen.parse("\ufeff" + START)
    assert info.value.code == "FEEN105"


# -------------------------------------------------------------------------------------- CLI


@pytest.mark.parametrize(
    "data",
    [
        BOM + (START + "\n" + OTHER + "\n").encode(),
        (START + "\r\n" + OTHER + "\r\n").encode(),
        (START + "\r" + OTHER + "\r").encode(),
        (START + "\n" + OTHER).encode(),  # no final newline
        BOM + (START + "\r\n# comment\r\n" + OTHER).encode(),
    ],
    ids=["bom", "crlf", "cr", "no-final-newline", "bom-crlf-comment"],
)
def test_check_reads_every_text_file_shape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes
) -> None:
    path = _write(tmp_path, "two.feen", data)
    assert main(["check", "--json", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["files"][0]["items"] == 2 and report["files"][0]["invalid"] == 0


def test_check_an_empty_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "empty.feen", b"")
    assert main(["check", "--json", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["files"][0]["items"] == 0


def test_check_reports_the_line_of_an_error_after_crlf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "bad.feen", BOM + (START + "\r\nrkr//PPPP / C/c\r\n").encode())
    assert main(["check", str(path)]) == 1
    assert "bad.feen:2:4: error[FEEN201]" in capsys.readouterr().out


def test_check_undecodable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "bad.feen", b"8/8/8/8/8/8/8/8 / C/c\n\xff\xfe\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert "error[NTK005]" in out and "0xff" in out and "bad.feen:2:1" in out


def test_fmt_write_keeps_crlf_and_bom(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "f.feen", BOM + b"# keep\r\n8/8/8/8/8/8/8/8 PpP/p C/c\r\n")
    assert main(["fmt", "--lenient", "--write", str(path)]) == 0
    assert path.read_bytes() == BOM + b"# keep\r\n8/8/8/8/8/8/8/8 2Pp/p C/c\r\n"
    assert main(["fmt", "--check", str(path)]) == 0
    capsys.readouterr()


def test_expand_reads_a_bom_crlf_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "v.fbr", BOM + b"royal K Q=R+B R B N P +P\r\n")
    assert main(["expand", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "royal"


def test_diff_reads_an_undecodable_file_as_a_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "a.fbr", b"royal K\n")
    bad = _write(tmp_path, "b.fbr", b"royal \xff\n")
    assert main(["diff", str(good), str(bad)]) == 2
    assert "NTK005" in capsys.readouterr().err


def test_a_bom_in_a_command_line_string_is_still_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "feen", "\ufeff" + START]) == 1
    assert "FEEN105" in capsys.readouterr().out


def test_stdin_with_bom_and_crlf_as_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "notation_toolkit", "check", "-n", "feen", "--json", "-"],
        input=BOM + (START + "\r\n" + OTHER + "\r\n").encode(),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["files"][0]["items"] == 2
    assert b"Traceback" not in done.stderr


def test_undecodable_stdin_as_a_subprocess() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "notation_toolkit", "parse", "feen", "-"],
        input=b"\x80\n",
        capture_output=True,
        check=False,
    )
    assert done.returncode == 1
    assert b"NTK005" in done.stdout and b"Traceback" not in done.stderr
