"""The bulk pipeline on a Dask cluster (``pip install "notation-toolkit[dask]"``).

The unit of distribution is a file: each file becomes one partition of a ``dask.bag`` and is read
and processed on a worker, with the same per-item work as a local run, so results and diagnostics
are identical (line numbers and offsets included). Results come back file by file, in the order of
the paths given, so the client holds at most the results of the files still in flight.

Every worker must be able to read the paths (a shared file system, or a ``LocalCluster``).

>>> from notation_toolkit.bulk import Task
>>> from notation_toolkit.bulk.cluster import run_files          # doctest: +SKIP
>>> for result in run_files(Task.make("check", "fen"), ["data/a.fen", "data/b.fen"]):  # doctest: +SKIP
...     print(result.source, result.line + 1, result.ok)
"""

from __future__ import annotations

import glob
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from typing import Any

from notation_toolkit.bulk.items import iter_file_items
from notation_toolkit.bulk.run import Result, Task, _process
from notation_toolkit.core.codes import NTK005
from notation_toolkit.core.dask import dask_client
from notation_toolkit.core.errors import NotationError


def expand_paths(patterns: Iterable[str]) -> list[str]:
    """Expand glob patterns (``data/*.fen``) and directories into a sorted, de-duplicated file list.

    A pattern that matches nothing is an error (NTK005), as a missing file would be.
    """
    files: list[str] = []
    seen: set[str] = set()
    for pattern in patterns:
        if os.path.isdir(pattern):
            matches = sorted(
                os.path.join(pattern, name)
                for name in os.listdir(pattern)
                if os.path.isfile(os.path.join(pattern, name))
            )
        elif glob.has_magic(pattern):
            matches = sorted(glob.glob(pattern, recursive=True))
        else:
            matches = [pattern]
        if not matches:
            raise NTK005.error(NotationError, "no_match", pattern=pattern)
        for path in matches:
            if path not in seen:
                seen.add(path)
                files.append(path)
    return files


def process_file(path: str, task: Task, per_line: bool = True) -> list[Result]:
    """Every result of one file (run on a worker). A file that cannot be read gives one result."""
    try:
        return _process(task, list(iter_file_items(path, per_line=per_line)))
    except NotationError as exc:
        return [Result(path, 0, 0, "", exc.diagnostics, None, task.kind)]


def _process_job(job: tuple[str, Task], per_line: bool | None) -> list[Result]:
    path, task = job
    if per_line is None:
        from notation_toolkit.core.registry import get_notation

        per_line = get_notation(task.notation).per_line
    return process_file(path, task, per_line)


def _client(address: str | None, workers: int | None, stack: ExitStack) -> Any:
    return dask_client(stack, address, workers=workers, feature="running on a cluster")


def run_files(
    task: Task | Callable[[str], Task],
    paths: Sequence[str],
    *,
    address: str | None = None,
    client: Any = None,
    workers: int | None = None,
    per_line: bool | None = True,
) -> Iterator[Result]:
    """Run ``task`` over every item of ``paths`` (globs and directories expanded) on Dask.

    ``task`` is one task for every file, or a function giving the task of each file (the
    notation of its extension). ``client``: an existing ``distributed.Client``; else ``address``
    (``tcp://host:8786``) is connected to, else a ``LocalCluster`` with ``workers`` processes is
    started for the run.
    Results are yielded in file order, then line order: the same sequence as a local run.
    ``per_line=None``: one item per line or per file as each file's notation says.
    """
    files = expand_paths(paths)
    with ExitStack() as stack:
        if client is None:
            client = _client(address, workers, stack)
        import dask.bag as db

        jobs = [(path, task(path) if callable(task) else task) for path in files]
        bag = db.from_sequence(jobs, npartitions=max(1, len(jobs))).map(_process_job, per_line=per_line)
        futures = client.compute(bag.to_delayed())
        for future in futures:
            for file_results in future.result():
                yield from file_results
            future.release()
