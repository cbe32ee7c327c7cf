"""Worker processes for ``bulk.run``: one chunk per worker at a time, so the parent always knows
which lines each worker holds.

* A worker that dies (killed, out of memory, a crash in a C extension) is noticed through its
  process sentinel. The chunk it held is retried once in a fresh worker, with a warning (NTK010)
  naming the file and the line range; if the fresh worker dies too, every item of the range is
  reported as not checked (an NTK010 error) and the run goes on.
* Workers ignore SIGINT (Ctrl-C reaches the whole process group: the parent alone reports it) and
  die with their parent (``PR_SET_PDEATHSIG`` on Linux; elsewhere at the end of their pipe).
  Whatever ends the run (its end, an error, SIGINT, SIGTERM turned into an exception by the
  command line), :meth:`Workers.close` stops every worker before returning.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.codes import NTK010
from notation_toolkit.core.diagnostics import Diagnostic, Severity

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

RETRIES = 1  # fresh workers given to a range after the one that died holding it
_STOP_SECONDS = 0.5  # how long a worker may take to leave on its own before it is killed


@dataclass(eq=False)
class Chunk:
    """Work for one worker: ``payload`` is sent, ``outcome`` comes back (``None`` until then)."""

    payload: Any
    where: tuple[str, int, int]  # source, first and last line (1-based) of the items
    size: int  # number of items (for the unchecked outcome)
    outcome: Any = None
    done: bool = False
    deaths: list[str] = field(default_factory=list)


class _Slot:
    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.chunk: Chunk | None = None


def _worker(conn: Connection, parent: int, function: Callable[[Any], Any]) -> None:
    """A worker's loop: a payload in, ``("ok", outcome)`` or ``("error", exception)`` out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before the line above
        return
    while True:
        try:
            payload = conn.recv()
        except (EOFError, OSError):
            return
        if payload is None:
            return
        try:
            reply: tuple[str, Any] = ("ok", function(payload))
        except Exception as exc:
            reply = ("error", exc)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as exc:  # an exception that cannot be pickled
            conn.send(("error", RuntimeError(f"{type(exc).__name__}: {exc}")))


def _die_with_parent() -> None:
    """Ask Linux to send SIGTERM to this process when its parent dies."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the pipe's end tells the worker instead
        pass


def _reason(process: BaseProcess) -> str:
    code = process.exitcode
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"was killed by {name}"
    return f"stopped with exit code {code}"


class Workers:
    """``count`` worker processes running ``function`` on the payloads of :class:`Chunk`s."""

    def __init__(self, count: int, function: Callable[[Any], Any]) -> None:
        import multiprocessing

        self._context = multiprocessing.get_context()
        self._function = function
        self._count = count
        self._slots: list[_Slot] = []

    def _start(self) -> _Slot:
        parent_end, child_end = self._context.Pipe()
        process = self._context.Process(
            target=_worker, args=(child_end, os.getpid(), self._function), daemon=True, name="ntk-worker"
        )
        process.start()
        child_end.close()
        return _Slot(process, parent_end)

    def pids(self) -> list[int]:
        """The process ids of the workers (started lazily: empty before the first chunk)."""
        return [s.process.pid for s in self._slots if s.process.pid is not None]

    def run(self, chunks: Iterator[Chunk], window: int) -> Iterator[Chunk]:
        """Each chunk of ``chunks`` once done, in input order; at most ``window`` read ahead."""
        pending: deque[Chunk] = deque()
        waiting: deque[Chunk] = deque()  # read, not yet sent to a worker (retries go first)
        exhausted = False
        failure: Exception | None = None  # reading the input failed: raised after the chunks read
        while True:
            while not exhausted and len(pending) < window:
                try:
                    chunk = next(chunks, None)
                except Exception as exc:
                    chunk, failure = None, exc
                if chunk is None:
                    exhausted = True
                    break
                pending.append(chunk)
                waiting.append(chunk)
                self._dispatch(waiting)
            while pending and pending[0].done:
                yield pending.popleft()
            if not pending:
                if exhausted:
                    if failure is not None:
                        raise failure
                    return
                continue
            self._dispatch(waiting)
            self._wait(waiting)

    def _dispatch(self, waiting: deque[Chunk]) -> None:
        while waiting:
            slot = next((s for s in self._slots if s.chunk is None), None)
            if slot is None:
                if len(self._slots) >= self._count:
                    return
                slot = self._start()
                self._slots.append(slot)
            chunk = waiting.popleft()
            try:
                slot.conn.send(chunk.payload)
            except OSError:  # the worker died while idle: it held nothing, start another
                waiting.appendleft(chunk)
                self._slots.remove(slot)
                slot.conn.close()
                slot.process.join(_STOP_SECONDS)
                continue
            slot.chunk = chunk

    def _wait(self, waiting: deque[Chunk]) -> None:
        from multiprocessing.connection import wait

        busy = [s for s in self._slots if s.chunk is not None]
        handles: list[Any] = [s.conn for s in busy] + [s.process.sentinel for s in busy]
        ready = set(wait(handles))
        for slot in busy:
            chunk = slot.chunk
            assert chunk is not None
            if slot.conn in ready or slot.process.sentinel in ready:
                reply = None
                try:
                    if slot.conn.poll():
                        reply = slot.conn.recv()
                except (EOFError, OSError):
                    reply = None
                if reply is not None:
                    slot.chunk = None
                    kind, value = reply
                    if kind == "error":
                        raise value
                    chunk.outcome, chunk.done = value, True
                    continue
                if slot.process.sentinel not in ready and slot.process.is_alive():
                    continue
                self._died(slot, chunk, waiting)

    def _died(self, slot: _Slot, chunk: Chunk, waiting: deque[Chunk]) -> None:
        slot.process.join(_STOP_SECONDS)
        chunk.deaths.append(_reason(slot.process))
        slot.conn.close()
        self._slots.remove(slot)
        if len(chunk.deaths) > RETRIES:
            chunk.done = True  # the caller reports its items as not checked
        else:
            waiting.appendleft(chunk)

    def close(self) -> None:
        """Stop every worker: asked first, then SIGTERM, then SIGKILL; never leaves one behind."""
        slots, self._slots = self._slots, []
        for slot in slots:
            if slot.chunk is None:
                with contextlib.suppress(OSError, ValueError):
                    slot.conn.send(None)
            else:
                slot.process.terminate()  # busy: its chunk is not wanted any more
        for slot in slots:
            slot.process.join(_STOP_SECONDS)
            if slot.process.is_alive():
                slot.process.kill()
                slot.process.join(_STOP_SECONDS)
            slot.conn.close()


def death_diagnostics(chunk: Chunk) -> tuple[Diagnostic | None, Diagnostic | None]:
    """(the warning for a retried range, the error for a range not checked) of ``chunk``."""
    if not chunk.deaths:
        return None, None
    source, first, last = chunk.where
    if chunk.outcome is None:
        reason = chunk.deaths[-1]
        return None, NTK010.diagnostic("unchecked", source=source, first=first, last=last, reason=reason)
    warning = NTK010.diagnostic(
        "retried", source=source, first=first, last=last, reason=chunk.deaths[0], severity=Severity.WARNING
    )
    return warning, None


def unchecked(chunk: Chunk, error: Diagnostic) -> Sequence[tuple[tuple[Diagnostic, ...], None]]:
    """The outcome of a chunk whose items could not be checked: the error on each item."""
    return [((error,), None)] * chunk.size
