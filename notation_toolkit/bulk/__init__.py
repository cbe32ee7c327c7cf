"""Bulk work over many items: check, format or convert whole files of positions, on all cores.

Items are streamed: memory stays constant in the size of the input, and results come back in input
order. ``jobs=1`` runs in this process; ``jobs=N`` spreads chunks of items over N worker processes;
:mod:`notation_toolkit.bulk.cluster` runs the same pipeline on a Dask cluster.

>>> from notation_toolkit import bulk
>>> lines = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8/8 w - - 0 1"]
>>> [r.ok for r in bulk.check(lines, "fen")]
[True, False]
>>> next(iter(bulk.convert(lines[:1], "fen", "dfen"))).output
'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -'
"""

from __future__ import annotations

from notation_toolkit.bulk.items import Item, iter_file_items, iter_items, read_items
from notation_toolkit.bulk.run import Result, Task, check, convert, default_jobs, reformat, run, run_many

__all__ = [
    "Item",
    "Result",
    "Task",
    "check",
    "convert",
    "default_jobs",
    "iter_file_items",
    "iter_items",
    "read_items",
    "reformat",
    "run",
    "run_many",
]
