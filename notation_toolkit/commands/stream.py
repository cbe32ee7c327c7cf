"""Streaming the inputs of ``ntk check`` / ``fmt`` / ``convert`` through ``notation_toolkit.bulk``.

Each input is checked up front (it can be opened, it is UTF-8: the same NTK005 as a whole-file
read, before anything is printed, and its lines counted for the progress bar) without being held
in memory, then streamed: per-line notations item by item through ``bulk.run_many`` (``--jobs``)
or ``bulk.cluster.run_files`` (``--dask``); whole-file notations (FBR) as one item read as today.
Results come back in input order.

The options every bulk command takes are ``bulk_options``: ``--jobs N`` and ``--dask [ADDRESS]``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from notation_toolkit.bulk import Item, Result, Task
    from notation_toolkit.core.registry import Notation

F = TypeVar("F", bound=Callable[..., Any])

LOCAL_CLUSTER = "local"
# tcp://host:8786, tls://..., or host:port: what --dask takes as a scheduler (anything else that
# follows --dask is the first file: `ntk check --dask data/*.fen`).
_ADDRESS = re.compile(r"^(?:[a-z][a-z0-9+]*://\S+|[\w.\-]+:\d+)$")


def _check_jobs(_ctx: click.Context, _param: click.Parameter, value: int | None) -> int | None:
    if value is not None and value < 1:
        raise click.BadParameter("must be at least 1")
    return value


def bulk_options(function: F) -> F:
    """``--jobs N`` and ``--dask [ADDRESS]`` (the command receives ``jobs`` and ``dask``)."""
    function = click.option(
        "--dask",
        "dask",
        metavar="[ADDRESS]",
        is_flag=False,
        flag_value=LOCAL_CLUSTER,
        default=None,
        help="Run on a Dask cluster: the scheduler's ADDRESS (tcp://host:8786), or a local "
        'cluster when none is given (needs pip install "notation-toolkit[dask]").',
    )(function)
    return click.option(
        "-j",
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        callback=_check_jobs,
        help="Worker processes (default: every core; 1 works in this process).",
    )(function)


def split_dask(dask: str | None, files: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """The scheduler address (``LOCAL_CLUSTER`` for a local cluster) and the files.

    ``--dask`` takes an optional value, so in ``--dask data/*.fen`` click hands the first file
    to ``--dask``: a value that is not an address is given back to the files.
    """
    if dask is None or dask == LOCAL_CLUSTER or _ADDRESS.match(dask):
        return dask, files
    return LOCAL_CLUSTER, (dask, *files)


def expand_globs(paths: Iterable[str]) -> list[str]:
    """Expand quoted glob patterns (``'data/*.fen'``); other paths are kept as given."""
    import glob
    import os

    out: list[str] = []
    for path in paths:
        if path != "-" and glob.has_magic(path) and not os.path.exists(path):
            matches = sorted(glob.glob(path, recursive=True))
            if matches:
                out.extend(matches)
                continue
        out.append(path)
    return out


@dataclass(frozen=True, slots=True)
class Input:
    """One input of a bulk command: its path, notation, and what is known before streaming it."""

    path: str
    notation: Notation
    lines: int | None  # lines of a per-line file (None: standard input, not known in advance)
    text: str | None = None  # the whole text of a whole-file notation (FBR), read as today

    @property
    def per_line(self) -> bool:
        """Whether the input is streamed line by line."""
        return self.notation.per_line

    def items(self) -> Iterator[Item]:
        """The items of the input, read lazily."""
        from notation_toolkit.bulk import Item, iter_file_items

        if self.text is not None:
            yield Item(self.path, 0, 0, self.text)
            return
        yield from iter_file_items(self.path)


def open_input(path: str, notation: Notation) -> Input:
    """Check that ``path`` can be read (NTK005 as ``read_text_file`` says, nothing kept in memory)."""
    from notation_toolkit.core.textio import count_lines, read_text_file

    if not notation.per_line:
        return Input(path, notation, 1, read_text_file(path).text)
    if path == "-":
        from notation_toolkit.core.textio import require_stdin

        require_stdin()
        return Input(path, notation, None)
    return Input(path, notation, count_lines(path))


def effective_jobs(jobs: int | None, inputs: list[Input]) -> int:
    """Worker processes for the run: ``jobs`` (default every core), but 1 when the inputs fit in
    one chunk (a pool would only add its start-up time)."""
    from notation_toolkit.bulk import default_jobs
    from notation_toolkit.bulk.run import DEFAULT_CHUNK

    if any(i.lines is None for i in inputs):
        return default_jobs() if jobs is None else jobs
    if sum(i.lines or 0 for i in inputs) <= DEFAULT_CHUNK:
        return 1
    return default_jobs() if jobs is None else jobs


def run_inputs(
    inputs: list[Input], make_task: Callable[[Input], Task], *, jobs: int | None, dask: str | None
) -> Iterator[tuple[int, Result]]:
    """``(index of the input, result)`` for every item of ``inputs``, in input order."""
    if dask is not None:
        yield from _run_dask(inputs, make_task, jobs=jobs, dask=dask)
        return
    from notation_toolkit.bulk import run_many

    tasks = [make_task(i) for i in inputs]
    results = run_many(
        ((task, i.items()) for task, i in zip(tasks, inputs, strict=True)), jobs=effective_jobs(jobs, inputs)
    )
    yield from _number(inputs, results)


def _number(inputs: list[Input], results: Iterable[Result]) -> Iterator[tuple[int, Result]]:
    # Results carry their source and line: a new input starts when the source changes or, for
    # the same file given twice, when the line goes back. Inputs without items get no result.
    index = 0
    last_line = -1
    for result in results:
        while index < len(inputs) and (
            result.source != inputs[index].path
            or (
                result.line <= last_line
                and index + 1 < len(inputs)
                and inputs[index + 1].path == result.source
            )
        ):
            index += 1
            last_line = -1
        last_line = result.line
        yield min(index, len(inputs) - 1), result


def _run_dask(
    inputs: list[Input], make_task: Callable[[Input], Task], *, jobs: int | None, dask: str
) -> Iterator[tuple[int, Result]]:
    from notation_toolkit.bulk.cluster import run_files

    stdin = [i for i in inputs if i.path == "-"]
    if stdin:
        from notation_toolkit.core.codes import NTK005
        from notation_toolkit.core.errors import NotationError

        raise NTK005.error(NotationError, "stdin_cluster")
    by_path = {i.path: make_task(i) for i in inputs}
    address = None if dask == LOCAL_CLUSTER else dask
    results = run_files(
        lambda path: by_path[path], list(by_path), address=address, workers=jobs, per_line=None
    )
    yield from _number(inputs, results)


def unique_inputs(inputs: list[Input]) -> list[Input]:
    """``inputs`` without repeated paths (a cluster run reads each file once)."""
    seen: set[str] = set()
    out = []
    for item in inputs:
        if item.path not in seen:
            seen.add(item.path)
            out.append(item)
    return out
