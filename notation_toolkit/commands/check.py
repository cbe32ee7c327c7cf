"""``ntk check FILE...``: validate every item, show diagnostics and a summary table."""

from __future__ import annotations

from typing import Any

import click

from notation_toolkit.commands.common import (
    PROGRESS_THRESHOLD,
    FileItems,
    notation_kwargs,
    notation_options,
    read_file,
    resolve_notation,
)
from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_OK,
    command,
    console,
    json_option,
    print_json,
    report_error,
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
def check(
    files: tuple[str, ...],
    notation: str | None,
    max_diagnostics: int,
    quiet: bool,
    as_json: bool,
    grammar: str | None,
    options: dict[str, Any],
) -> int:
    """Validate every item of each FILE ('-' for standard input) and print a summary table.

    FEEN, FEN and DFEN files hold one item per line ('#' starts a comment line); an FBR file is
    one item. The exit code is 1 when any item is invalid.
    """
    from rich.table import Table

    from notation_toolkit.core.diagnostics import Severity
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.render import diagnostics_data, render_rich

    out = console()
    kwargs = notation_kwargs(grammar, options)
    inputs: list[FileItems] = []
    for path in files:
        try:
            found = resolve_notation(path, notation)
            inputs.append(FileItems(path, read_file(path).text, found))
        except NotationError as exc:
            return report_error(exc, exc.text, path, as_json)
    total = sum(len(f.items()) for f in inputs)
    show_progress = out.is_terminal and not as_json and total >= PROGRESS_THRESHOLD
    rows = []
    json_records = []
    any_error = False
    shown = 0
    progress: Any = None
    task: Any = None
    if show_progress:
        from rich.progress import Progress

        progress = Progress(console=out, transient=True)
        progress.start()
        task = progress.add_task("checking", total=total)
    try:
        for item in inputs:
            n_ok = n_bad = n_warn = 0
            for text, offset, line_index in item.items():
                try:
                    diags = item.notation.check(text, **kwargs)
                except NotationError as exc:  # a notation's check should not raise; be safe anyway
                    diags = list(exc.diagnostics)
                errors = [d for d in diags if d.severity is Severity.ERROR]
                warns = [d for d in diags if d.severity is Severity.WARNING]
                n_warn += len(warns)
                if errors:
                    n_bad += 1
                    any_error = True
                else:
                    n_ok += 1
                if diags:
                    located = [d.shifted(offset, line_index) for d in diags]
                    if as_json:
                        json_records.append(diagnostics_data(located, item.text, item.source))
                    elif shown < max_diagnostics and (errors or not quiet):
                        render_rich(out, located[: max_diagnostics - shown], item.text, item.source)
                        shown += len(located)
                if progress is not None:
                    progress.advance(task)
            rows.append((item.source, item.notation.name, n_ok + n_bad, n_ok, n_bad, n_warn))
    finally:
        if progress is not None:
            progress.stop()
    if as_json:
        print_json(
            {
                "valid": not any_error,
                "files": [
                    {"source": s, "notation": n, "items": t, "valid": ok, "invalid": bad, "warnings": w}
                    for s, n, t, ok, bad, w in rows
                ],
                "diagnostics": json_records,
            }
        )
        return EXIT_INVALID if any_error else EXIT_OK
    if shown > max_diagnostics:
        out.print(f"[dim]… more diagnostics not shown (--max-diagnostics {max_diagnostics})[/]")
    table = Table(title="ntk check", title_justify="left")
    table.add_column("file", overflow="fold")
    table.add_column("notation", no_wrap=True)
    for col in ("items", "valid", "invalid", "warnings"):
        table.add_column(col, justify="right", no_wrap=True)
    for s, n, t, ok, bad, w in rows:
        table.add_row(
            s, n, str(t), f"[green]{ok}[/]", f"[red]{bad}[/]" if bad else "0", f"[yellow]{w}[/]" if w else "0"
        )
    out.print(table)
    return EXIT_INVALID if any_error else EXIT_OK
