"""`ntk check` streamed through notation_toolkit.bulk: --jobs and --dask give the single-process
results (valid and invalid lines, diagnostics, order) in text and JSON, without reading ahead."""

from __future__ import annotations

import io
import json
import random
import runpy
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from notation_toolkit.cli import main
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.registry import get_notation
from notation_toolkit.core.render import diagnostics_data, render_rich
from notation_toolkit.core.textio import read_text_file

chess = pytest.importorskip("chess")


# The position generator is shared with benchmarks/bench_bulk.py, which lives outside tests/.
game_positions: Callable[..., list[str]] = runpy.run_path(
    str(Path(__file__).resolve().parents[1] / "benchmarks" / "random_games.py")
)["game_positions"]

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
WIDTH = 200


def _damaged(fen: str, rng: random.Random) -> str:
    placement, rest = fen.split(" ", 1)
    ranks = placement.split("/")
    how = rng.randrange(3)
    if how == 0:
        return "/".join(ranks[:-1]) + " " + rest  # a rank missing
    if how == 1:
        return placement + " x " + rest.split(" ", 1)[1]  # a bad side to move
    return placement.replace("k", "z", 1) + " " + rest  # an unknown piece


@pytest.fixture(scope="module")
def fen_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], set[tuple[str, int]]]:
    """Two FEN files (LF and CRLF, comments, blank lines, one line in ten damaged), with the
    (file, line) of every damaged line; more lines than one bulk chunk, so --jobs 2 uses a pool."""
    root = tmp_path_factory.mktemp("bulk")
    rng = random.Random(5)
    damaged: set[tuple[str, int]] = set()
    paths = []
    for name, newline, count in (("a.fen", "\n", 1300), ("b.fen", "\r\n", 700)):
        path = root / name
        lines = ["# positions from seeded games", ""]
        for fen in game_positions(count, seed=count):
            if rng.random() < 0.1:
                bad = _damaged(fen, rng)
                with pytest.raises(ValueError):
                    chess.Board(bad)  # python-chess refuses it too
                damaged.add((str(path), len(lines)))
                lines.append(bad)
            else:
                assert chess.Board(fen).is_valid()
                lines.append(fen)
        path.write_bytes(newline.join(lines).encode() + newline.encode())
        paths.append(path)
    return paths, damaged


def _run(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str]:
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    capsys.readouterr()
    code = main(args)
    return code, capsys.readouterr().out


def _reference_diagnostics(paths: list[Path]) -> Iterator[tuple[str, str, list[Diagnostic]]]:
    """(file, its text, the diagnostics of one invalid line located in the file) as the
    single-item API gives them, line by line (the pre-bulk way)."""
    for path in paths:
        notation = get_notation("fen")
        text = read_text_file(path).text
        offset = 0
        for index, line in enumerate(text.split("\n")):
            stripped = line.strip()
            if stripped and not stripped.startswith("#"):
                diags = notation.check(line)
                if diags:
                    yield str(path), text, [d.shifted(offset, index) for d in diags]
            offset += len(line) + 1


def _reference_text(paths: list[Path]) -> str:
    """Diagnostics as the single-item API and a whole-file render give them."""
    console = Console(record=True, width=WIDTH, highlight=False, force_terminal=False)
    with console.capture() as captured:
        for source, text, located in _reference_diagnostics(paths):
            render_rich(console, located, text, source)
    return captured.get()


def _reference_json(paths: list[Path]) -> list[dict[str, Any]]:
    return [
        diagnostics_data(located, text, source) for source, text, located in _reference_diagnostics(paths)
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_jobs_give_the_single_process_diagnostics_in_order(
    fen_files: tuple[list[Path], set[tuple[str, int]]],
    jobs: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths, damaged = fen_files
    args = ["check", "--max-diagnostics", "100000", "--jobs", jobs, *map(str, paths)]
    code, out = _run(args, capsys, monkeypatch)
    assert code == 1
    expected = _reference_text(paths)
    assert out.startswith(expected)
    assert "ntk check" in out[len(expected) :]  # then the summary table

    code, out = _run(["check", "--json", "--jobs", jobs, *map(str, paths)], capsys, monkeypatch)
    assert code == 1
    data = json.loads(out)
    assert data["diagnostics"] == _reference_json(paths)
    # the invalid lines are exactly the damaged ones (line numbers are 1-based in spans)
    invalid = {
        (record["source"], record["diagnostics"][0]["span"]["line"] - 1)
        for record in data["diagnostics"]
        if not record["valid"]
    }
    assert invalid == damaged
    assert [f["invalid"] for f in data["files"]] == [sum(1 for s, _ in damaged if s == str(p)) for p in paths]


def test_text_and_json_are_byte_identical_across_jobs(
    fen_files: tuple[list[Path], set[tuple[str, int]]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths, _ = fen_files
    files = [*map(str, paths), str(EXAMPLES / "fbr" / "invalid.fbr"), str(paths[0])]
    for extra in ([], ["--json"], ["-q", "--max-diagnostics", "7"]):
        outputs = {_run(["check", *extra, "--jobs", j, *files], capsys, monkeypatch) for j in ("1", "2")}
        assert len(outputs) == 1, extra


def test_json_output_is_the_document_print_json_writes(
    fen_files: tuple[list[Path], set[tuple[str, int]]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The records are spooled, then printed after the counts: the text must be what json.dumps
    # of the whole document gives, with and without records.
    paths, _ = fen_files
    for files in (
        [str(paths[1])],
        [str(EXAMPLES / "fen" / p.name) for p in sorted((EXAMPLES / "fen").glob("*.fen"))][:1],
    ):
        _, out = _run(["check", "--json", "--jobs", "1", *files], capsys, monkeypatch)
        assert out == json.dumps(json.loads(out), ensure_ascii=False, indent=2) + "\n"


def test_dask_local_cluster_gives_the_single_process_results(
    fen_files: tuple[list[Path], set[tuple[str, int]]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("dask.distributed")
    paths, _ = fen_files
    pattern = str(paths[0].parent / "*.fen")  # a quoted glob, expanded by ntk
    files = [*map(str, paths), str(EXAMPLES / "fbr" / "invalid.fbr")]
    local = _run(["check", "--json", "--jobs", "1", *files], capsys, monkeypatch)
    # `--dask PATTERN`: the pattern is not an address, so it is the first file (local cluster)
    on_dask = _run(
        ["check", "--json", "--jobs", "2", "--dask", pattern, str(EXAMPLES / "fbr" / "invalid.fbr")],
        capsys,
        monkeypatch,
    )
    assert on_dask == local


def test_input_is_not_read_ahead(
    tmp_path: Path, fen_files: tuple[list[Path], set[tuple[str, int]]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from notation_toolkit import bulk
    from notation_toolkit.bulk.run import DEFAULT_CHUNK
    from notation_toolkit.commands.stream import open_input, run_inputs

    big = tmp_path / "big.fen"
    line = fen_files[0][0].read_text().splitlines()[3]
    big.write_text((line + "\n") * 20_000)
    consumed = 0
    real = bulk.iter_file_items

    def counting(path: str, *, per_line: bool = True) -> Iterator[bulk.Item]:
        nonlocal consumed
        for item in real(path, per_line=per_line):
            consumed += 1
            yield item

    monkeypatch.setattr(bulk, "iter_file_items", counting)
    fen = get_notation("fen")
    for jobs, window in ((1, 1), (2, 4 * 2 + 1)):
        consumed = 0
        results = run_inputs(
            [open_input(str(big), fen)], lambda _i: bulk.Task.make("check", "fen"), jobs=jobs, dask=None
        )
        first = next(results)
        assert first[1].ok and first[0] == 0
        assert consumed <= window * DEFAULT_CHUNK < 20_000
        results.close()  # type: ignore[attr-defined]


def test_a_bad_byte_refuses_the_file_before_any_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    good = tmp_path / "good.fen"
    good.write_text("8/8/8 w - - 0 1\n")  # invalid, but the bad file is refused first, as before
    bad = tmp_path / "bad.fen"
    bad.write_bytes(b"8/8/8/8/8/8/8/8 w - - 0 1\n8/8/8/8\xff/8/8/8/8 w - - 0 1\n")
    code, out = _run(["check", str(good), str(bad)], capsys, monkeypatch)
    assert code == 1
    with pytest.raises(NotationError) as exc:
        read_text_file(bad)  # the message is the whole-file reader's
    assert exc.value.diagnostics[0].message in out
    assert "line 2, column 8" in out and "good.fen" not in out


FEEN_LINES = [
    "# hands written in any order are normalized by --lenient",
    "8/8/8/8/8/8/8/8 PpP/p C/c",
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c",
    "8/8/8/8/8/8/8/8 pP/ C/c",
]


@pytest.mark.parametrize("lenient", [[], ["--lenient"]])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_fmt_streamed_equals_the_whole_text_path(
    tmp_path: Path,
    lenient: list[str],
    newline: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Standard input still goes through the whole-text path: a streamed file must give the same.
    lines = FEEN_LINES * 300  # more than one bulk chunk
    data = (newline.join(lines) + newline).encode()
    path = tmp_path / "many.feen"
    path.write_bytes(data)
    outputs = {}
    for jobs in ("1", "2"):
        outputs[jobs] = _run(["fmt", *lenient, "--jobs", jobs, str(path)], capsys, monkeypatch)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    whole = _run(["fmt", *lenient, "-n", "feen", "-"], capsys, monkeypatch)
    assert outputs["1"] == outputs["2"] == whole
    if lenient:
        assert whole[0] == 0 and "2Pp/p" in whole[1]
    else:
        assert whole[0] == 1  # the non-canonical hands are errors without --lenient

    # --json: the same records (the source aside)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    _, whole_json = _run(["fmt", "--json", *lenient, "-n", "feen", "-"], capsys, monkeypatch)
    _, file_json = _run(["fmt", "--json", *lenient, "--jobs", "2", str(path)], capsys, monkeypatch)
    strip = [{k: v for k, v in r.items() if k != "source"} for r in json.loads(whole_json)["results"]]
    assert [{k: v for k, v in r.items() if k != "source"} for r in json.loads(file_json)["results"]] == strip


def test_fmt_write_keeps_newlines_and_bom(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "w.feen"
    body = "\r\n".join(FEEN_LINES * 300) + "\r\n"
    path.write_bytes(b"\xef\xbb\xbf" + body.encode())
    code, _ = _run(["fmt", "--lenient", "--write", "--jobs", "2", str(path)], capsys, monkeypatch)
    assert code == 0
    written = path.read_bytes()
    assert (
        written.startswith(b"\xef\xbb\xbf")
        and b"\r\n" in written
        and b"\n" not in written.replace(b"\r\n", b"")
    )
    expected = body.replace("8/8/8/8/8/8/8/8 PpP/p C/c", "8/8/8/8/8/8/8/8 2Pp/p C/c")
    expected = expected.replace("8/8/8/8/8/8/8/8 pP/ C/c", "8/8/8/8/8/8/8/8 Pp/ C/c")
    assert written[3:].decode() == expected
    code, _ = _run(["fmt", "--check", str(path)], capsys, monkeypatch)
    assert code == 0


def test_convert_files_equal_the_one_text_form(
    fen_files: tuple[list[Path], set[tuple[str, int]]],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    paths, damaged = fen_files
    lines = read_text_file(paths[1]).text.split("\n")
    expected = []
    for index, line in enumerate(lines):
        if line.strip() and not line.startswith("#"):
            code, out = _run(["convert", "fen", "dfen", line], capsys, monkeypatch)
            assert (code == 0) == ((str(paths[1]), index) not in damaged)
            if code == 0:
                expected.append(out)
    for jobs in ("1", "2"):
        code, out = _run(["convert", "fen", "dfen", "--jobs", jobs, "-i", str(paths[1])], capsys, monkeypatch)
        assert code == 1
        assert out == "".join(expected)
        code, out = _run(
            ["convert", "fen", "dfen", "--json", "--jobs", jobs, "-i", str(paths[1])], capsys, monkeypatch
        )
        data = json.loads(out)
        assert data["valid"] is False
        assert [r["output"] + "\n" for r in data["results"] if r["output"] is not None] == expected
        assert {(r["source"], r["line"] - 1) for r in data["results"] if r["output"] is None} == {
            d for d in damaged if d[0] == str(paths[1])
        }
