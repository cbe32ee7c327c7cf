"""Check every position file of a directory and write a JSON-lines report, locally or on Dask.

    python examples/bulk/check_directory.py examples/fen report.jsonl            # all cores
    python examples/bulk/check_directory.py examples/fen report.jsonl --dask     # a LocalCluster
    python examples/bulk/check_directory.py data report.jsonl --dask tcp://scheduler:8786

One line per invalid item (file, line, codes, first message), then a summary line; the notation
of each file is taken from its extension (.fen, .dfen, .feen).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from notation_toolkit.bulk import Result, Task, read_items, run
from notation_toolkit.core.registry import notation_for_path


def results(directory: Path, dask: str | None) -> Iterator[Result]:
    """Results for every file of ``directory`` whose extension names a per-line notation."""
    by_notation: dict[str, list[str]] = {}
    for path in sorted(directory.iterdir()):
        notation = notation_for_path(path)
        if notation is not None and notation.per_line:
            by_notation.setdefault(notation.name, []).append(str(path))
    for name, files in by_notation.items():
        task = Task.make("check", name)
        if dask is None:
            yield from run(task, read_items(files), jobs=None)
        else:
            from notation_toolkit.bulk.cluster import run_files

            yield from run_files(task, files, address=dask or None)


def main() -> None:
    """Write the report and print the summary."""
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("directory", type=Path)
    parser.add_argument("report", type=Path)
    parser.add_argument("--dask", nargs="?", const="", default=None, metavar="ADDRESS")
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    with args.report.open("w", encoding="utf-8") as out:
        for result in results(args.directory, args.dask):
            counts["items"] += 1
            if result.ok:
                continue
            counts["invalid"] += 1
            located = result.located()
            record = {
                "file": result.source,
                "line": result.line + 1,
                "codes": [d.code for d in located],
                "message": located[0].message if located else "",
            }
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
        out.write(json.dumps({"summary": dict(counts)}) + "\n")
    print(f"{counts['items']} items, {counts['invalid']} invalid; report in {args.report}")


if __name__ == "__main__":
    main()
