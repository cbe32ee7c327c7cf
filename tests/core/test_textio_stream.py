"""Streaming reads (core.textio.iter_lines / count_lines) give what read_text_file gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.textio import StreamDecodeError, count_lines, iter_lines, read_text_file

FIXED = [
    b"",
    b"a",
    b"a\n",
    b"a\r\nb\rc\n\n",
    b"\xef\xbb\xbfx\ry\r",
    b"a\r",
    "\u00e9\n\u65e5\u672c\r\n".encode(),
    b"ok\nbad\xff here\nz",
    b"x\r\xfe",
    b"\xef\xbb\xbf\xef\xbb\xbfdouble bom",
]


def _random_inputs() -> list[bytes]:
    rng = random.Random(17)
    alphabet = b"ab\r\n\xc3\xa9\xef"
    return [bytes(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) for _ in range(400)]


@pytest.mark.parametrize("data", FIXED + _random_inputs())
def test_streamed_lines_and_errors_equal_the_whole_file_read(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "input.txt"
    path.write_bytes(data)
    try:
        whole = read_text_file(path)
    except NotationError as exc:
        with pytest.raises(StreamDecodeError) as streamed:
            list(iter_lines(path))
        assert streamed.value.diagnostics == exc.diagnostics
        with pytest.raises(NotationError) as counted:
            count_lines(path)
        assert counted.value.diagnostics == exc.diagnostics
        # the line shown under the message is the one the whole-file error shows
        assert exc.text is not None
        span = exc.diagnostics[0].span
        assert span is not None
        start = exc.text.rfind("\n", 0, span.offset) + 1
        end = exc.text.find("\n", span.offset)
        line = exc.text[start : end if end >= 0 else len(exc.text)]
        assert (streamed.value.text, streamed.value.text_offset) == (line, start)
        return
    assert list(iter_lines(path)) == whole.text.split("\n")
    assert count_lines(path) == len(whole.text.split("\n"))


def test_a_missing_file_is_the_same_ntk005(tmp_path: Path) -> None:
    missing = tmp_path / "nope.fen"
    with pytest.raises(NotationError) as whole:
        read_text_file(missing)
    with pytest.raises(NotationError) as streamed:
        next(iter_lines(missing))
    assert streamed.value.diagnostics == whole.value.diagnostics
