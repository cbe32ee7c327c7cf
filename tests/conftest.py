"""Test-suite configuration shared by every directory: hypothesis profiles and the fuzz budget.

``pytest -m fuzz --hypothesis-profile=long`` runs the fuzz suite for ``--fuzz-seconds`` per notation
family (600 by default in the long profile); the default run tries each fuzz test once, briefly.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
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
