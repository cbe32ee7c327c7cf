"""A player in a child process of its own, on the pure-Python build: ``SPEC@pure`` in the ladder.

With the compiled build (``ntk dice compile``) every player of a ladder process imports the same
compiled game core, because ``position``, ``tables`` and ``exposure`` are shared. ``engine:1@pure``
thinks in a child process started with ``NTK_PURE_PYTHON=1``, so the compiled engine can be measured
against the pure-Python engine at equal time.

Protocol (one line each way per turn): the parent writes the position's DFEN (dice rolled, no
micro-move played yet); the child answers with a JSON object ``{"moves": [UCI, ...], "seconds": S}``
(``seconds``: the thinking time the player reports, measured in the child), or ``{"error": TEXT}``.
An empty line or end of input ends the child. The child's side is ``engine.serve``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Final

from notation_toolkit.dicechess.native import PURE_ENV
from notation_toolkit.dicechess.position import Position

SUFFIX_PURE: Final = "@pure"
"""The spec suffix that puts a player in a pure-Python child process."""

_STDERR_TAIL: Final = 2000  # characters of the child's standard error quoted in a failure


class ChildPlayerError(RuntimeError):
    """The child process failed: it exited, answered something else than the protocol, or reported
    an error. The message quotes the end of its standard error."""


def child_environment() -> dict[str, str]:
    """The child's environment: this process's, with ``NTK_PURE_PYTHON=1`` (the pure-Python build)."""
    env = dict(os.environ)
    env[PURE_ENV] = "1"
    return env


class ChildPlayer:
    """Runs the player ``spec`` (a ladder spec without suffix) in a child process, on pure Python.

    The child is started at the first ``choose``, so building the player (to validate a spec) costs
    no process. Call ``close`` (or use ``with``) to end it; the ladder does after every game.
    """

    def __init__(self, spec: str, seed: int) -> None:
        self.name = spec + SUFFIX_PURE
        self.spec = spec
        self.seed = seed
        self.seconds = 0.0
        self.turns = 0
        self._proc: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-m", "notation_toolkit.dicechess.engine.serve", self.spec, str(self.seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=child_environment(),
        )

    def choose(self, pos: Position) -> tuple[str, ...]:
        """See ``players.Player.choose``: the child's answer for ``pos``."""
        if self._proc is None:
            self._proc = self._start()
        proc = self._proc
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(pos.dfen() + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise self._failure("it stopped reading") from None
        line = proc.stdout.readline()
        if not line:
            raise self._failure("it exited without an answer")
        try:
            answer = json.loads(line)
        except json.JSONDecodeError:
            raise self._failure(f"it answered {line.strip()[:200]!r}") from None
        if not isinstance(answer, dict) or "error" in answer or not isinstance(answer.get("moves"), list):
            detail = answer.get("error") if isinstance(answer, dict) else None
            raise self._failure(f"it reported: {detail}" if detail else f"it answered {line.strip()[:200]!r}")
        self.seconds += float(answer.get("seconds", 0.0))
        self.turns += 1
        return tuple(str(m) for m in answer["moves"])

    def _failure(self, what: str) -> ChildPlayerError:
        tail = ""
        if self._proc is not None:
            self.close()
            if self._proc.stderr is not None:
                tail = self._proc.stderr.read()[-_STDERR_TAIL:].strip()
        message = f"the child process of player {self.name!r} failed: {what}"
        return ChildPlayerError(message + (f"\n{tail}" if tail else ""))

    def close(self) -> None:
        """End the child process (it exits on end of input; killed if it has not after 10 s)."""
        proc = self._proc
        if proc is None or proc.poll() is not None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()

    def __enter__(self) -> ChildPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
