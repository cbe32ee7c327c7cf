"""Test-suite configuration shared by every directory: hypothesis profiles, the fuzz budget, and the
progress line of a quiet run.

``pytest -m fuzz --hypothesis-profile=long`` runs the fuzz suite for ``--fuzz-seconds`` per notation
family (600 by default in the long profile); the default run tries each fuzz test once, briefly.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "long",
    max_examples=2_000,  # per inner round; rounds repeat until the family's time budget is spent
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    print_blob=True,
)


# family -> counter name -> count, filled by the fuzz suite (tests/fuzz/fuzz_harness.py).
FUZZ_STATS: dict[str, dict[str, Any]] = {}


@pytest.fixture(scope="session")
def fuzz_stats() -> dict[str, dict[str, Any]]:
    """The counters the fuzz suite reports at the end of the run."""
    return FUZZ_STATS


def _modules_after_ntk(*args: str) -> set[str]:
    code = (
        "import sys\nfrom notation_toolkit.cli import main\n"
        f"main({list(args)!r})\nsys.stdout.flush()\n"
        "sys.stderr.write('\\n'.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    return set(done.stderr.split("\n"))


@pytest.fixture(scope="session")
def modules_after_ntk() -> Callable[..., set[str]]:
    """``modules_after_ntk(*args)``: the modules loaded once ``ntk args`` has run in a fresh
    interpreter (``sys.modules`` is per process)."""
    return _modules_after_ntk


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--fuzz-seconds``: time budget of each notation family in the fuzz suite."""
    parser.addoption(
        "--fuzz-seconds",
        type=float,
        default=None,
        help="seconds of fuzzing per notation family (600 with --hypothesis-profile=long; else one round)",
    )


@pytest.fixture(scope="session")
def fuzz_seconds(pytestconfig: pytest.Config) -> float:
    """Seconds each notation family may fuzz for (0: one round of examples)."""
    explicit = pytestconfig.getoption("--fuzz-seconds")
    if explicit is not None:
        return float(explicit)
    return 600.0 if pytestconfig.getoption("hypothesis_profile", None) == "long" else 0.0


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """After a fuzz run: the counts per family (also written to $NTK_FUZZ_STATS if set)."""
    if not FUZZ_STATS:
        return
    terminalreporter.section("fuzz statistics")
    for family, counts in sorted(FUZZ_STATS.items()):
        terminalreporter.write_line(f"{family}: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    target = os.environ.get("NTK_FUZZ_STATS")
    if target:
        with open(target, "w", encoding="utf-8") as handle:
            json.dump(FUZZ_STATS, handle, indent=2, sort_keys=True)


class QuietProgress:
    """A quiet run (``-q``, the README's test command) shows a count of finished tests, not a dot each.

    Passed, skipped and expected-to-fail tests print nothing of their own; failures and errors still
    print their letter and their report at the end. On a terminal one line is rewritten in place;
    elsewhere (CI logs, pipes) a line is printed every tenth of the run.
    """

    def __init__(self, reporter: pytest.TerminalReporter) -> None:
        self.reporter = reporter
        self.done = 0
        self.shown = 0.0
        self.tty = reporter.isatty()
        self.next_tenth = 1

    def _total(self) -> int:
        return int(getattr(self.reporter._session, "testscollected", 0) or 0)

    @pytest.hookimpl(tryfirst=True)
    def pytest_report_teststatus(self, report: pytest.TestReport) -> tuple[str, str, str] | None:
        """Nothing printed for a test that did not fail."""
        if report.passed and report.when == "call":
            return "passed", "", "PASSED"
        if report.skipped and not hasattr(report, "wasxfail"):
            return "skipped", "", "SKIPPED"
        return None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """One more test finished: show the count."""
        if report.when != "teardown":
            return
        self.done += 1
        total = self._total()
        if self.tty:
            now = time.monotonic()
            if now - self.shown >= 0.2 or self.done == total:
                self.shown = now
                self.reporter.write(f"\r{self.done:,} of {total:,} tests done", flush=True)
        elif total and self.done * 10 >= self.next_tenth * total:
            while self.done * 10 >= self.next_tenth * total:
                self.next_tenth += 1
            self.reporter.write_line(f"{self.done:,} of {total:,} tests done")

    def pytest_sessionfinish(self) -> None:
        """End the rewritten line before the summary."""
        if self.tty and self.done:
            self.reporter.write_line("")


@pytest.hookimpl(trylast=True)  # after the terminal plugin has made its reporter
def pytest_configure(config: pytest.Config) -> None:
    """Install ``QuietProgress`` for a quiet run in the main process (not in xdist workers)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is None or config.get_verbosity() >= 0 or hasattr(config, "workerinput"):
        return
    config.pluginmanager.register(QuietProgress(reporter), "quiet-progress")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker that has run its last test ignores SIGINT for the rest of its teardown.

    execnet stops a worker whose teardown (the garbage collections of pytest's unraisable-exception
    check) still runs 5 s after the end of the session by sending it SIGINT; on a busy machine the
    interrupt then lands in hypothesis's garbage-collector callback and is printed as a stray
    ``PytestUnraisableExceptionWarning ... KeyboardInterrupt`` after a green run.
    """
    if hasattr(session.config, "workerinput") and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
