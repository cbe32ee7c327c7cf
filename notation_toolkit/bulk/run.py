"""The bulk pipeline: a ``Task`` applied to a stream of ``Item``s, in this process or on N workers.

Chunks of items go to worker processes with a bounded number in flight, so memory does not grow
with the input, and results are yielded in input order. The work done per item is exactly what the
single-item API does (the registry's ``check``, ``format``, ``canonicalize`` and conversions), so a
bulk run gives the same results and diagnostics as a loop over the items.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Generator, Iterable, Iterator, Mapping
from dataclasses import field
from itertools import islice
from typing import TYPE_CHECKING, Any, Literal

from notation_toolkit.bulk.items import Item, iter_items
from notation_toolkit.core.codes import NTK009
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import NotationError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) without an exec per method at import (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

Kind = Literal["check", "format", "canonicalize", "convert"]

DEFAULT_CHUNK = 500  # items per task sent to a worker: large enough to amortise the IPC


@dataclass(frozen=True, slots=True)
class Task:
    """What to do with each item: ``kind`` on ``notation`` (``target`` for conversions).

    With ``rules`` (the text of an FBR rule file) the items are positions of that variant, read
    and written through the variant core (``bulk.positions``): ``check`` and ``convert`` between
    ``fen`` and ``feen``.
    """

    kind: Kind
    notation: str
    target: str | None = None
    options: tuple[tuple[str, Any], ...] = ()
    rules: str | None = None

    @classmethod
    def make(
        cls, kind: Kind, notation: str, target: str | None = None, *, rules: str | None = None, **options: Any
    ) -> Task:
        """Build a task, validating the notation (and conversion) names up front."""
        from notation_toolkit.core.registry import get_conversion, get_notation

        if rules is not None:
            from notation_toolkit.bulk.positions import NOTATIONS, variant_of

            if kind not in ("check", "convert") or options:
                raise ValueError("a task with rules checks or converts positions, without options")
            for name in (notation, target or notation):
                if name not in NOTATIONS:
                    raise ValueError(f"a task with rules reads fen or feen, not {name!r}")
            variant_of(rules)  # a rule file that cannot be played fails here, not in every item
            return cls(kind, notation, target, (), rules)
        if kind == "convert":
            if target is None:
                raise ValueError("a conversion task needs a target notation")
            get_conversion(notation, target)
        else:
            get_notation(notation)
        return cls(kind, notation, target, tuple(sorted(options.items())))


@dataclass(frozen=True, slots=True)
class Result:
    """What the task gave for one item.

    ``diagnostics`` have spans relative to the item's text; ``located()`` re-bases them into the
    source (offset and line). ``output`` is the canonical or converted text (``format``,
    ``canonicalize``, ``convert``), ``None`` when the item failed or for ``check``.
    """

    source: str
    line: int
    offset: int
    text: str
    diagnostics: tuple[Diagnostic, ...] = ()
    output: str | None = None
    kind: Kind = "check"
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """True when the item has no error (and, for producing tasks, an output)."""
        if any(d.severity is Severity.ERROR for d in self.diagnostics):
            return False
        return self.kind == "check" or self.output is not None

    def located(self) -> list[Diagnostic]:
        """The diagnostics with spans re-based into the whole source."""
        return [d.shifted(self.offset, self.line) for d in self.diagnostics]


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


Outcome = tuple[tuple[Diagnostic, ...], str | None]  # (diagnostics, output) of one item


def _work(task: Task, texts: list[str]) -> list[Outcome]:
    """The task on each text: what a worker computes. Only texts go to a worker and only
    (diagnostics, output) come back (valid items: ``((), None)``), which keeps the inter-process
    traffic small; the caller keeps the items and builds the results."""
    from notation_toolkit.core.registry import get_conversion, get_notation

    if task.rules is not None:
        return _work_variant(task, texts)
    options = dict(task.options)
    notation = get_notation(task.notation)
    convert = get_conversion(task.notation, task.target).convert if task.target is not None else None
    outcomes: list[Outcome] = []
    for text in texts:
        diagnostics: list[Diagnostic] = []
        output: str | None = None
        try:
            if task.kind == "check":
                diagnostics = notation.check(text, **options)
            elif task.kind == "format":
                output = notation.format(text, **options)
            elif task.kind == "canonicalize":
                if notation.canonicalize is None:
                    raise NTK009.error(NotationError, "lenient", notation=notation.name)
                output, diagnostics = notation.canonicalize(text, **options)
            else:
                assert convert is not None
                output = convert(text)
        except NotationError as exc:
            diagnostics = list(exc.diagnostics)
            output = None
        outcomes.append((tuple(diagnostics), output))
    return outcomes


def _work_variant(task: Task, texts: list[str]) -> list[Outcome]:
    """``_work`` for a task with rules: each text read as a position of the variant."""
    from notation_toolkit.bulk.positions import read_position, variant_of, write_position

    assert task.rules is not None
    variant = variant_of(task.rules)
    outcomes: list[Outcome] = []
    for text in texts:
        try:
            position = read_position(variant, task.notation, text)
            output = write_position(position, task.target) if task.target is not None else None
        except NotationError as exc:
            outcomes.append((tuple(exc.diagnostics), None))
            continue
        outcomes.append(((), output))
    return outcomes


def _results(task: Task, items: list[Item], outcomes: list[Outcome]) -> list[Result]:
    return [
        Result(item.source, item.line, item.offset, item.text, diagnostics, output, task.kind)
        for item, (diagnostics, output) in zip(items, outcomes, strict=True)
    ]


def _process(task: Task, items: list[Item]) -> list[Result]:
    return _results(task, items, _work(task, [item.text for item in items]))


def _chunks(items: Iterable[Item], size: int) -> Iterator[list[Item]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def run(
    task: Task, items: Iterable[Item], *, jobs: int | None = None, chunk_size: int = DEFAULT_CHUNK
) -> Generator[Result, None, None]:
    """Apply ``task`` to every item, yielding results in input order.

    ``jobs=None`` uses every core; ``jobs=1`` works in this process (no pool). At most
    ``4 × jobs`` chunks are in flight, so memory stays bounded whatever the input size.
    """
    return run_many([(task, items)], jobs=jobs, chunk_size=chunk_size)


def run_many(
    work: Iterable[tuple[Task, Iterable[Item]]],
    *,
    jobs: int | None = None,
    chunk_size: int = DEFAULT_CHUNK,
) -> Generator[Result, None, None]:
    """``run`` over several streams, each with its own task (one file per notation), one pool.

    Streams are read one after the other, lazily (a stream is opened when the previous one is
    exhausted); results come in input order. A chunk never mixes two streams.
    """
    workers = default_jobs() if jobs is None else jobs
    if workers < 1:
        raise ValueError("jobs must be at least 1")
    if workers == 1:
        for task, items in work:
            for chunk in _chunks(items, chunk_size):
                yield from _process(task, chunk)
        return
    # Imported here: multiprocessing costs a one-line `ntk check` start-up time.
    from notation_toolkit.bulk.workers import Chunk, Workers, death_diagnostics, unchecked

    def chunks() -> Iterator[Chunk]:
        for task, items in work:
            for chunk in _chunks(items, chunk_size):
                where = (chunk[0].source, chunk[0].line + 1, chunk[-1].line + 1)
                held.append((task, chunk))
                yield Chunk((task, [item.text for item in chunk]), where, len(chunk))

    held: deque[tuple[Task, list[Item]]] = deque()  # the items of each chunk read, in order
    pool = Workers(workers, _work_payload)
    try:
        # The input itself may fail (bytes that are not UTF-8 in a stream): the pool gives the
        # items read before it their results, as with jobs=1, then raises the error.
        for done in pool.run(chunks(), 4 * workers):
            task, items = held.popleft()
            warning, error = death_diagnostics(done)
            if error is not None:
                yield from _results(task, items, list(unchecked(done, error)))
                continue
            outcomes: list[Outcome] = done.outcome
            if warning is not None:
                first_diagnostics, output = outcomes[0]
                outcomes = [((warning, *first_diagnostics), output), *outcomes[1:]]
            yield from _results(task, items, outcomes)
    finally:
        pool.close()


def _work_payload(payload: tuple[Task, list[str]]) -> list[Outcome]:
    """What a worker runs: ``_work`` on one chunk's (task, texts)."""
    return _work(*payload)


def _items(lines: Iterable[str] | Iterable[Item], source: str) -> Iterator[Item]:
    iterator = iter(lines)
    first = next(iterator, None)
    if first is None:
        return
    if isinstance(first, Item):
        yield first
        yield from iterator  # type: ignore[misc]
        return

    def chained() -> Iterator[str]:
        yield first  # type: ignore[misc]
        yield from iterator  # type: ignore[misc]

    yield from iter_items(chained(), source)


def check(
    lines: Iterable[str] | Iterable[Item],
    notation: str,
    *,
    jobs: int | None = 1,
    source: str = "<input>",
    **options: Any,
) -> Iterator[Result]:
    """Check every item (lines or ``Item``s) with ``notation``; results in input order."""
    return run(Task.make("check", notation, **options), _items(lines, source), jobs=jobs)


def reformat(
    lines: Iterable[str] | Iterable[Item],
    notation: str,
    *,
    lenient: bool = False,
    jobs: int | None = 1,
    source: str = "<input>",
    **options: Any,
) -> Iterator[Result]:
    """The canonical text of every item (``lenient`` applies and reports the fixes)."""
    kind: Kind = "canonicalize" if lenient else "format"
    return run(Task.make(kind, notation, **options), _items(lines, source), jobs=jobs)


def convert(
    lines: Iterable[str] | Iterable[Item],
    source_notation: str,
    target: str,
    *,
    jobs: int | None = 1,
    source: str = "<input>",
) -> Iterator[Result]:
    """Convert every item from ``source_notation`` to ``target``."""
    return run(Task.make("convert", source_notation, target), _items(lines, source), jobs=jobs)
