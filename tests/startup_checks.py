"""What a command imports, seen from a fresh interpreter: the helpers of the start-up tests
(``test_cli_startup.py``, ``test_startup_imports_fbr_mbn.py``, ``core/test_nodeclass.py``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def python(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """One run of this Python with ``args`` and ``env`` (no standard input), its output captured."""
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def imported_by(
    args: list[str], cache: Path, *, terminal: bool = False, exit_code: int = 0, columns: int | None = None
) -> set[str]:
    """The modules loaded by one run of ``ntk args`` in a fresh interpreter (after a warm-up run).

    The output is captured (a pipe: plain text); ``terminal`` makes it count as a terminal, as
    rich decides (``TTY_COMPATIBLE=1``); ``columns`` sets the terminal's width."""
    code = (
        "import sys\nfrom notation_toolkit.cli import main\n"
        f"try:\n    code = main({args!r})\nexcept SystemExit as exc:\n    code = exc.code\n"
        "sys.stdout.flush()\n"
        "sys.stderr.write('\\n'.join(sorted(sys.modules)))\n"
        "sys.exit(code)\n"
    )
    env = {**os.environ, "NTK_CACHE_DIR": str(cache)}
    for name in ("NTK_NO_CACHE", "NTK_DEBUG", "NTK_STDLIB_DATACLASSES", "FORCE_COLOR", "TTY_COMPATIBLE"):
        env.pop(name, None)
    if terminal:
        env["TTY_COMPATIBLE"] = "1"
    if columns is not None:
        env["COLUMNS"] = str(columns)
    for _ in range(2):  # the first run may build and store the grammar's regexes
        done = python(["-c", code], env)
    assert done.returncode == exit_code, (args, done.stdout, done.stderr[-2000:])
    return set(done.stderr.split("\n"))
