"""The bulk pipeline gives exactly what a loop over the single-item API gives, in order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from notation_toolkit import bulk
from notation_toolkit.bulk import Item, Result, Task, iter_items, read_items, run
from notation_toolkit.core.errors import NotationError, UnknownNameError
from notation_toolkit.core.registry import get_conversion, get_notation

FEN_LINES = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/8/8 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
]
FEEN_LINES = [
    "-rnbqk^bn-r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/-RNBQK^BN-R / C/c",
    "8/8/8/8/8/8/8/8 PpP/p C/c",
    "rkr//PPPP / C/c",
    "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL P/p S/s",
]


def _key(result: Result) -> tuple[Any, ...]:
    return (
        result.source,
        result.line,
        result.offset,
        result.text,
        result.ok,
        result.output,
        [d.to_dict() for d in result.located()],
    )


def _loop_check(lines: list[str], notation: str) -> list[tuple[bool, list[dict[str, Any]]]]:
    n = get_notation(notation)
    out = []
    for text in lines:
        diags = n.check(text)
        out.append((not any(d.severity.value == "error" for d in diags), [d.to_dict() for d in diags]))
    return out


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize(("notation", "lines"), [("fen", FEN_LINES), ("feen", FEEN_LINES)])
def test_check_equals_single_item_loop(notation: str, lines: list[str], jobs: int) -> None:
    many = lines * 40  # several chunks when chunk_size is small
    results = list(run(Task.make("check", notation), iter_items(many), jobs=jobs, chunk_size=7))
    assert [r.text for r in results] == many
    assert [r.line for r in results] == list(range(len(many)))
    expected = _loop_check(many, notation)
    assert [(r.ok, [d.to_dict() for d in r.diagnostics]) for r in results] == expected


@pytest.mark.parametrize("jobs", [1, 2])
def test_reformat_and_convert_equal_the_single_item_api(jobs: int) -> None:
    fen = get_notation("fen")
    strict = list(bulk.reformat(FEN_LINES, "fen", jobs=jobs))
    for line, result in zip(FEN_LINES, strict, strict=True):
        try:
            assert result.output == fen.format(line)
            assert result.ok
        except NotationError as exc:
            assert result.output is None and not result.ok
            assert [d.to_dict() for d in result.diagnostics] == [d.to_dict() for d in exc.diagnostics]
    lenient = list(bulk.reformat(FEEN_LINES, "feen", lenient=True, jobs=jobs))
    assert lenient[1].output == "8/8/8/8/8/8/8/8 2Pp/p C/c"
    assert lenient[1].ok and [d.code for d in lenient[1].diagnostics]  # the fix applied is reported
    assert not lenient[2].ok and lenient[2].diagnostics[0].code.startswith("FEEN")
    conv = get_conversion("fen", "dfen")
    converted = list(bulk.convert(FEN_LINES, "fen", "dfen", jobs=jobs))
    assert converted[0].output == conv.convert(FEN_LINES[0])
    assert converted[0].output is not None and converted[0].output.endswith(" -")
    assert not converted[1].ok and converted[1].output is None


def test_items_skip_blank_and_comment_lines_and_keep_places() -> None:
    lines = ["# header\n", "\n", "a b\r\n", "   \n", "c\n", "d"]
    items = list(iter_items(lines, "x.fen"))
    assert items == [Item("x.fen", 2, 10, "a b"), Item("x.fen", 4, 19, "c"), Item("x.fen", 5, 21, "d")]


def test_whole_file_item_for_rule_files() -> None:
    items = list(iter_items(["royal\n", "K\n"], "r.fbr", per_line=False))
    assert items == [Item("r.fbr", 0, 0, "royal\nK\n")]


@pytest.mark.parametrize(
    ("raw", "texts"),
    [
        (b"\xef\xbb\xbfa\nb\n", ["a", "b"]),  # a BOM at the start of a file is not text
        (b"a\r\nb\r\n", ["a", "b"]),
        (b"a\rb\r", ["a", "b"]),
        (b"a\nb", ["a", "b"]),  # no final newline
        (b"", []),
    ],
)
def test_file_items_read_as_text_tools_do(tmp_path: Path, raw: bytes, texts: list[str]) -> None:
    path = tmp_path / "f.fen"
    path.write_bytes(raw)
    assert [i.text for i in read_items([path])] == texts
    assert [i.line for i in read_items([path])] == list(range(len(texts)))


def test_unreadable_files_are_notation_errors(tmp_path: Path) -> None:
    with pytest.raises(NotationError) as missing:
        list(read_items([tmp_path / "missing.fen"]))
    assert missing.value.code == "NTK005"
    bad = tmp_path / "bad.fen"
    bad.write_bytes(b"ok\n\xff\xfe\n")
    with pytest.raises(NotationError) as undecodable:
        list(read_items([bad]))
    assert undecodable.value.code == "NTK005" and "UTF-8" in str(undecodable.value)


def test_unknown_names_are_refused_up_front() -> None:
    with pytest.raises(UnknownNameError):
        Task.make("check", "fenn")
    with pytest.raises(UnknownNameError):
        Task.make("convert", "fbr", "feen")


def test_input_is_streamed_not_read_ahead() -> None:
    consumed = 0

    def lines() -> Iterator[str]:
        nonlocal consumed
        for _ in range(100_000):
            consumed += 1
            yield FEN_LINES[0]

    results = run(Task.make("check", "fen"), iter_items(lines()), jobs=2, chunk_size=100)
    first = next(results)
    assert first.ok
    # At most the in-flight window (4 × jobs chunks) plus one chunk has been read.
    assert consumed <= 9 * 100
    results.close()


def test_jobs_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        list(run(Task.make("check", "fen"), iter_items(FEN_LINES), jobs=0))
