"""Every reader of the command line is bounded: endless or oversized input is an NTK001 diagnostic
with exit code 1, in bounded time and memory, whatever the source (file, pipe, standard input,
device).

``/dev/zero`` is the endless input: one line that never ends, of NUL bytes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")

NTK = [sys.executable, "-m", "notation_toolkit"]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MEMORY_MB = 200
SECONDS = 10  # wall clock on a loaded 2-core machine; the reads themselves take well under 1 s


# A small launcher runs the command and reports its peak memory: a child forked from the test
# process would count the test process's own memory in its ru_maxrss (inherited across fork).
_LAUNCH = """
import resource, subprocess, sys
code = subprocess.call(sys.argv[2:])
with open(sys.argv[1], "w") as out:
    out.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(code)
"""


def run(
    args: list[str], *, stdin: str | None = None, env: dict[str, str] | None = None
) -> tuple[int, str, float, float]:
    """(exit code, stdout + stderr, seconds, peak resident memory in MB) of ``ntk args``."""
    import tempfile

    environment = {k: v for k, v in os.environ.items() if not k.startswith("NTK_")}
    environment.update(env or {})
    with tempfile.TemporaryDirectory() as scratch, open(stdin or os.devnull, "rb") as source:
        report = os.path.join(scratch, "maxrss")
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", _LAUNCH, report, *NTK, *args],
            stdin=source,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=environment,
            timeout=60,
        )
        seconds = time.monotonic() - started
        with open(report) as handle:
            peak_kib = int(handle.read())  # KiB on Linux
    return done.returncode, done.stdout.decode("utf-8", "replace"), seconds, peak_kib / 1024


_SLOW = pytest.mark.slow  # the same readers again through other commands: CI's slow run
ENDLESS = [
    (["check", "-n", "fen", "/dev/zero"], None, "line 1 of /dev/zero is longer than"),
    (["check", "-n", "fbr", "/dev/zero"], None, "/dev/zero is larger than"),
    (["check", "-n", "feen", "-"], "/dev/zero", "line 1 of <stdin> is longer than"),
    (["check", "--jobs", "2", "-n", "fen", "-"], "/dev/zero", "line 1 of <stdin> is longer than"),
    pytest.param(["fmt", "-n", "fen", "/dev/zero"], None, "line 1 of /dev/zero is longer than", marks=_SLOW),
    pytest.param(
        ["convert", "fen", "feen", "-i", "/dev/zero"], None, "line 1 of /dev/zero is longer than", marks=_SLOW
    ),
    pytest.param(
        ["convert", "fen", "feen", "-i", "-"], "/dev/zero", "line 1 of <stdin> is longer than", marks=_SLOW
    ),
    pytest.param(["parse", "fen", "-"], "/dev/zero", "<stdin> is larger than", marks=_SLOW),
    pytest.param(["draw", "fen", "-"], "/dev/zero", "<stdin> is larger than", marks=_SLOW),
    pytest.param(["convert", "fen", "feen", "-"], "/dev/zero", "<stdin> is larger than", marks=_SLOW),
    (["variant", "moves", "/dev/zero"], None, "/dev/zero is larger than"),
    pytest.param(["expand", "/dev/zero"], None, "/dev/zero is larger than", marks=_SLOW),
    pytest.param(["fsf", "import", "/dev/zero"], None, "/dev/zero is larger than", marks=_SLOW),
    pytest.param(["fsf", "export", "/dev/zero"], None, "/dev/zero is larger than", marks=_SLOW),
]


@pytest.mark.parametrize(
    ("args", "stdin", "message"), ENDLESS, ids=lambda v: " ".join(v) if isinstance(v, list) else None
)
def test_an_endless_input_is_ntk001_in_bounded_time_and_memory(
    args: list[str], stdin: str | None, message: str
) -> None:
    code, out, seconds, peak = run(args, stdin=stdin)
    assert code == 1, out
    assert "NTK001" in out and message in out, out
    assert "internal error" not in out and "Traceback" not in out
    assert seconds < SECONDS
    assert peak < MEMORY_MB


def test_the_caps_are_configurable_and_named_in_the_hint(tmp_path: Path) -> None:
    data = tmp_path / "two.fen"
    data.write_text(START + "\n" + START + "\n", encoding="utf-8")
    assert run(["check", str(data)])[0] == 0
    code, out, _, _ = run(["check", str(data)], env={"NTK_MAX_LINE": "40"})
    assert code == 1 and "line 1 of" in out and "NTK_MAX_LINE=" in out
    code, out, _, _ = run(["check", str(data)], env={"NTK_MAX_STREAM": "100"})
    assert code == 1 and "larger than 100 bytes" in out and "NTK_MAX_STREAM=" in out
    code, out, _, _ = run(["parse", "fen", "-"], stdin=str(data), env={"NTK_MAX_TEXT": "64"})
    assert code == 1 and "larger than 64 bytes" in out and "NTK_MAX_TEXT=" in out
    code, out, _, _ = run(["check", str(data)], env={"NTK_MAX_LINE": "1K"})
    assert code == 0, out
    code, out, _, _ = run(["check", str(data)], env={"NTK_MAX_LINE": "lots"})
    assert code == 1 and "NTK_MAX_LINE must be a size in bytes" in out


def test_a_line_over_the_cap_in_the_middle_of_a_file_is_located(tmp_path: Path) -> None:
    data = tmp_path / "long.fen"
    data.write_text(f"{START}\n# comment\n{'8' * 5000}\n{START}\n", encoding="utf-8")
    code, out, _, _ = run(["check", str(data)], env={"NTK_MAX_LINE": "4K"})
    assert code == 1 and "line 3 of" in out, out
    code, out, _, _ = run(["check", "-n", "fen", "-"], stdin=str(data), env={"NTK_MAX_LINE": "4K"})
    assert code == 1 and "line 3 of <stdin>" in out, out
