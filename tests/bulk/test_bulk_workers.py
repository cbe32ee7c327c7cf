"""Worker processes that die, and signals: nothing is lost silently and nothing is left behind.

* A worker killed while it holds a range of lines: the range is retried once in a fresh worker
  (an NTK010 warning names the file and the lines), and a range whose fresh worker dies too is
  reported line by line as not checked (NTK010 errors); the other ranges are checked as usual.
* ``ntk check --jobs 2`` with one worker killed from outside (SIGKILL) finishes with every line.
* SIGTERM / SIGINT stop the command and its workers within a second: exit 143 / 130, no traceback.
"""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from notation_toolkit.bulk import Item, Task, run
from notation_toolkit.core import registry
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.registry import get_notation

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
NTK = [sys.executable, "-m", "notation_toolkit"]

fork_only = pytest.mark.skipif(
    multiprocessing.get_start_method() != "fork", reason="the crashing notation reaches workers by fork"
)


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text()
        found.extend(int(p) for p in text.split())
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@fork_only
def test_a_dead_worker_range_is_retried_once_then_reported_unchecked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fen = get_notation("fen")
    marker = tmp_path / "died-once"

    def crashy_check(text: str, **options: object) -> list[Diagnostic]:
        # "ONCE" kills the first worker that reads it; "ALWAYS" kills every worker that does.
        if text == "ONCE" and not marker.exists():
            marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        if text == "ALWAYS":
            os.kill(os.getpid(), signal.SIGKILL)
        return fen.check(START if text in ("ONCE", "ALWAYS") else text, **options)

    monkeypatch.setitem(
        registry._registry, "crashy", dataclasses.replace(fen, name="crashy", check=crashy_check)
    )
    texts = [START, START, "ONCE", START, START, "8/8 w - - 0 1", "ALWAYS", START, START]
    items = [Item("games.fen", i, i * 100, t) for i, t in enumerate(texts)]
    before = set(_children(os.getpid()))  # other tests' helpers (a resource tracker ...)
    started = time.monotonic()
    results = list(run(Task.make("check", "crashy"), items, jobs=2, chunk_size=2))
    assert time.monotonic() - started < 30
    assert [r.line for r in results] == list(range(len(texts)))  # every line, in input order

    codes = [[d.code for d in r.diagnostics] for r in results]
    # Lines 3-4 (chunk 2): the first worker died; a fresh one checked them, with a warning.
    warning = results[2].diagnostics[0]
    assert warning.code == "NTK010" and warning.severity.value == "warning"
    assert "lines 3-4 of games.fen was killed by SIGKILL" in warning.message
    assert "checked again in a fresh worker" in warning.message
    assert results[2].ok and results[3].ok and codes[3] == []
    # Lines 7-8 (chunk 4): killed twice, reported as not checked, line by line.
    for result in results[6:8]:
        [error] = result.diagnostics
        assert error.code == "NTK010" and not result.ok
        assert "not checked" in error.message and "lines 7-8 of games.fen" in error.message
    # The other ranges are checked as usual, the invalid line too.
    invalid = [d.code for d in fen.check("8/8 w - - 0 1")]
    assert invalid
    assert [c for i, c in enumerate(codes) if i not in (2, 6, 7)] == [[], [], [], [], invalid, []]
    left = [p for p in _children(os.getpid()) if p not in before and _alive(p)]
    assert left == [], "a worker was left behind"


def _start_check(tmp_path: Path, lines: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [*NTK, "check", "--json", "--jobs", "2", "-n", "fen", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as in a foreground shell
    )
    assert process.stdin is not None
    process.stdin.write((START + "\n").encode() * lines)
    process.stdin.flush()
    return process


def _wait_for_workers(pid: int, count: int = 2) -> list[int]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = _children(pid)
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError("the workers did not start")


def test_a_worker_killed_from_outside_loses_no_line(tmp_path: Path) -> None:
    process = _start_check(tmp_path, 3000)
    workers = _wait_for_workers(process.pid)
    os.kill(workers[0], signal.SIGKILL)
    out, err = process.communicate((START + "\n").encode() * 3000, timeout=60)
    assert process.returncode == 0, err
    report = json.loads(out)
    assert report["valid"] is True and report["files"][0]["items"] == 6000
    assert b"Traceback" not in err and b"internal error" not in err
    for diagnostic in report["diagnostics"]:  # a warning if the worker held a range, no error
        assert all(d["code"] == "NTK010" and d["severity"] == "warning" for d in diagnostic["diagnostics"])


@pytest.mark.parametrize(
    ("sent", "code", "said"), [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")]
)
def test_a_signal_stops_the_command_and_its_workers_within_a_second(
    tmp_path: Path, sent: signal.Signals, code: int, said: str
) -> None:
    process = _start_check(tmp_path, 3000)  # standard input stays open: the command waits
    workers = _wait_for_workers(process.pid)
    time.sleep(0.2)
    started = time.monotonic()
    process.send_signal(sent)
    try:
        returncode = process.wait(timeout=5)
    finally:
        process.kill()
    assert time.monotonic() - started < 1.5  # one second, and a margin for a loaded machine
    assert returncode == code
    assert process.stderr is not None
    err = process.stderr.read().decode()
    assert err.strip() == f"ntk: {said}"
    deadline = time.monotonic() + 1
    while any(_alive(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not any(_alive(p) for p in workers), "a worker was left behind"
