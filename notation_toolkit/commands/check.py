"""``ntk check FILE...``: validate every item, show diagnostics and a summary table."""

from __future__ import annotations

from typing import Any

import click

from notation_toolkit.commands.common import (
    PROGRESS_THRESHOLD,
    notation_kwargs,
    notation_options,
    resolve_notation,
)
from notation_toolkit.commands.rules import rules_option
from notation_toolkit.commands.stream import bulk_options
from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_OK,
    command,
    console,
    json_option,
    report_error,
    usage,
)


@command("check", short_help="Validate files (one item per line, or per file).")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("-n", "--notation", help="Notation of the files (default: from the extension).")
@click.option(
    "--max-diagnostics",
    type=int,
    default=50,
    show_default=True,
    metavar="N",
    help="Show at most N diagnostics.",
)
@click.option("-q", "--quiet", is_flag=True, help="Show errors only, not warnings.")
@json_option
@notation_options
@bulk_options
@rules_option
def check(
    files: tuple[str, ...],
    notation: str | None,
    max_diagnostics: int,
    quiet: bool,
    as_json: bool,
    grammar: str | None,
    options: dict[str, Any],
    jobs: int | None,
    dask: str | None,
    rules: str | None,
) -> int:
    """Validate every item of each FILE ('-' for standard input) and print a summary table.

    FEEN, FEN and DFEN files hold one item per line ('#' starts a comment line); an FBR file is
    one item. The exit code is 1 when any item is invalid.

    Files of any size are streamed in constant memory, their items checked on every core
    (--jobs) or on a Dask cluster (--dask [ADDRESS]; quoted globs such as 'data/*.fen' are
    expanded); results are reported in input order.

    With --rules FILE.fbr, the FEN and FEEN files hold positions of the variant that rule file
    defines, checked by the variant core (its board size, pieces and hands).
    """
    from notation_toolkit.bulk import Task
    from notation_toolkit.commands.stream import (
        Input,
        expand_globs,
        open_input,
        run_inputs,
        split_dask,
        unique_inputs,
    )
    from notation_toolkit.core.diagnostics import Severity
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.layout import Line, Table, plain_output, show
    from notation_toolkit.core.render import show_diagnostics
    from notation_toolkit.core.textio import StreamDecodeError

    kwargs = notation_kwargs(grammar, options)
    rules_text: str | None = None
    if rules is not None:
        from notation_toolkit.commands.rules import check_notation, load_variant

        if kwargs:
            return usage("--rules reads positions through the variant core: --grammar and --set do not apply")
        try:
            rules_text, _variant = load_variant(rules)
        except NotationError as exc:
            return report_error(exc, exc.text, rules, as_json)
    dask, files = split_dask(dask, files)
    inputs: list[Input] = []
    for path in expand_globs(files):
        try:
            found = resolve_notation(path, notation)
            if rules_text is not None:
                refused = check_notation(found.name, "the notation")
                if refused is not None:
                    return usage(f"{path}: {refused}")
            inputs.append(open_input(path, found))
        except NotationError as exc:
            return report_error(exc, exc.text, path, as_json)
    if dask is not None:
        inputs = unique_inputs(inputs)
    known = [i.lines for i in inputs]
    total = None if None in known else sum(n or 0 for n in known)
    show_progress = not plain_output() and not as_json and (total is None or total >= PROGRESS_THRESHOLD)
    counts = [[0, 0, 0] for _ in inputs]  # valid, invalid, warnings
    records = _JsonRecords() if as_json else None
    any_error = False
    shown = 0
    progress: Any = None
    bar: Any = None
    done_lines = [0]  # lines of the inputs before the current one (for the progress bar)

    def task_of(item: Input) -> Task:
        return Task.make("check", item.notation.name, rules=rules_text, **kwargs)

    if show_progress:
        from rich.progress import Progress

        progress = Progress(console=console(), transient=True)
        progress.start()
        bar = progress.add_task("checking", total=total)
    try:
        current = 0
        try:
            for index, result in run_inputs(inputs, task_of, jobs=jobs, dask=dask):
                diags = result.diagnostics
                errors = any(d.severity is Severity.ERROR for d in diags)
                warns = sum(1 for d in diags if d.severity is Severity.WARNING)
                row = counts[index]
                row[2] += warns
                if errors:
                    row[1] += 1
                    any_error = True
                else:
                    row[0] += 1
                if diags:
                    located = result.located()
                    if records is not None:
                        records.add(located, inputs[index].path)
                    elif shown < max_diagnostics and (errors or not quiet):
                        show_diagnostics(
                            located[: max_diagnostics - shown],
                            result.text,
                            inputs[index].path,
                            base=result.offset,
                        )
                        shown += len(located)
                if progress is not None:
                    while current < index:
                        done_lines[0] += inputs[current].lines or 0
                        current += 1
                    progress.update(bar, completed=done_lines[0] + result.line + 1)
        except StreamDecodeError as exc:  # bytes that are not UTF-8 in standard input
            if records is not None:
                return report_error(exc, None, "-", as_json)
            show_diagnostics(exc.diagnostics, exc.text, "-", base=exc.text_offset)
            return EXIT_INVALID
    finally:
        if progress is not None:
            progress.stop()
    rows = [
        (i.path, i.notation.name, ok + bad, ok, bad, w)
        for i, (ok, bad, w) in zip(inputs, counts, strict=True)
    ]
    if records is not None:
        head = {
            "valid": not any_error,
            "files": [
                {"source": s, "notation": n, "items": t, "valid": ok, "invalid": bad, "warnings": w}
                for s, n, t, ok, bad, w in rows
            ],
        }
        records.write(head)
        return EXIT_INVALID if any_error else EXIT_OK
    if shown > max_diagnostics:
        show(Line((f"… more diagnostics not shown (--max-diagnostics {max_diagnostics})", "dim")))
    table = Table(title="ntk check", title_justify="left")
    table.add_column("file", overflow="fold")
    table.add_column("notation", no_wrap=True)
    for col in ("items", "valid", "invalid", "warnings"):
        table.add_column(col, justify="right", no_wrap=True)
    for s, n, t, ok, bad, w in rows:
        table.add_row(
            s,
            n,
            str(t),
            Line((str(ok), "green")),
            Line((str(bad), "red")) if bad else "0",
            Line((str(w), "yellow")) if w else "0",
        )
    show(table)
    return EXIT_INVALID if any_error else EXIT_OK


class _JsonRecords:
    """The ``diagnostics`` array of ``check --json``, spooled to a temporary file.

    The JSON document starts with the verdict and the per-file counts, known only at the end; the
    records are written as they come to a file that stays in memory while small, so memory does
    not grow with the number of invalid items. ``write`` prints exactly what ``print_json`` of
    the whole document prints.
    """

    def __init__(self) -> None:
        import tempfile

        self._spool = tempfile.SpooledTemporaryFile(  # noqa: SIM115 (closed by write)
            max_size=1 << 22, mode="w+", encoding="utf-8"
        )
        self._count = 0

    def add(self, diagnostics: Any, source: str) -> None:
        """Append the record of one item."""
        import json

        from notation_toolkit.core.render import diagnostics_data

        text = json.dumps(diagnostics_data(diagnostics, None, source), ensure_ascii=False, indent=2)
        self._spool.write(
            ("," if self._count else "") + "\n" + text.replace("\n", "\n    ").join(("    ", ""))
        )
        self._count += 1

    def write(self, head: dict[str, Any]) -> None:
        """Print the whole document: ``head`` then ``"diagnostics"``: the records."""
        import json
        import shutil
        import sys

        document = json.dumps({**head, "diagnostics": []}, ensure_ascii=False, indent=2)
        if not self._count:
            sys.stdout.write(document + "\n")
            return
        opening, _, _ = document.rpartition("[]")
        sys.stdout.write(opening + "[")
        self._spool.seek(0)
        shutil.copyfileobj(self._spool, sys.stdout)
        sys.stdout.write("\n  ]\n}\n")
        self._spool.close()
