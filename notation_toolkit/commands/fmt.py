"""``ntk fmt``: print the canonical form (``--lenient`` normalizes and lists each fix)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from notation_toolkit.commands.common import (
    file_items,
    notation_kwargs,
    notation_options,
    read_file,
    read_text_arg,
    resolve_notation,
)
from notation_toolkit.commands.stream import bulk_options
from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_OK,
    command,
    json_option,
    print_json,
    report_error,
    usage,
)
from notation_toolkit.core.layout import Line, show

if TYPE_CHECKING:
    from notation_toolkit.commands.stream import Input
    from notation_toolkit.core.diagnostics import Diagnostic
    from notation_toolkit.core.registry import Notation
    from notation_toolkit.core.textio import TextFile

EXPR = "<expr>"


@command("fmt", short_help="Print the canonical form.")
@click.argument("files", nargs=-1, metavar="[FILE]...")
@click.option("-n", "--notation", help="Notation (default: from the extension).")
@click.option("-e", "--expr", metavar="TEXT", help="Format TEXT instead of files (needs --notation).")
@click.option("--lenient", is_flag=True, help="Normalize non-canonical input and list each fix.")
@click.option("--check", "check_only", is_flag=True, help="Exit 1 if any input is not canonical.")
@click.option("-w", "--write", is_flag=True, help="Rewrite files in place.")
@json_option
@notation_options
@bulk_options
def fmt(
    files: tuple[str, ...],
    notation: str | None,
    expr: str | None,
    lenient: bool,
    check_only: bool,
    write: bool,
    as_json: bool,
    grammar: str | None,
    options: dict[str, Any],
    jobs: int | None,
    dask: str | None,
) -> int:
    """Print the canonical form of each FILE ('-' for standard input) or of --expr TEXT.

    --write rewrites the files in place (keeping their newline style and byte-order mark);
    --check only says which would change (exit 1). Files of one item per line are streamed in
    constant memory, on every core (--jobs) or a Dask cluster (--dask [ADDRESS]).
    """
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import get_notation
    from notation_toolkit.core.textio import TextFile, write_text_file

    kwargs = notation_kwargs(grammar, options)
    from notation_toolkit.commands.stream import Input, split_dask
    from notation_toolkit.core.textio import count_lines

    dask, files = split_dask(dask, files)
    work: list[tuple[TextFile, Notation] | Input] = []
    try:
        if expr is not None:
            if not notation:
                return usage("--expr needs --notation")
            work.append((TextFile(EXPR, read_text_arg(expr)), get_notation(notation)))
        for path in files:
            if path == "-":
                work.append((read_file(path), resolve_notation(path, notation)))
                continue
            lines = count_lines(path)  # the read errors of read_file, nothing kept in memory
            found = resolve_notation(path, notation)
            # Files of one item per line are streamed (bulk); whole-file notations read as before.
            work.append(Input(path, found, lines) if found.per_line else (read_file(path), found))
    except NotationError as exc:
        return report_error(exc, None, None, as_json)
    if not work:
        return usage("give FILE... or --expr TEXT")
    status = EXIT_OK
    results: list[dict[str, Any]] = []
    for job in work:
        if isinstance(job, Input):
            if lenient and job.notation.canonicalize is None:
                return usage(f"{job.notation.name} has no lenient mode")
            code = _stream_file(
                job,
                kwargs,
                lenient=lenient,
                check_only=check_only,
                write=write,
                as_json=as_json,
                results=results,
                jobs=jobs,
                dask=dask,
            )
            status = max(status, code)
            continue
        original, found = job
        source, text = original.source, original.text
        outputs: list[str] = []
        fixes: list[Diagnostic] = []
        failed = False
        per_line = found.per_line and source != EXPR
        pieces = file_items(text, found) if per_line else [(text.rstrip("\n"), 0, 0)]
        for item_text, offset, line_index in pieces:
            try:
                if lenient:
                    if found.canonicalize is None:
                        return usage(f"{found.name} has no lenient mode")
                    canonical, applied = found.canonicalize(item_text, **kwargs)
                    fixes.extend(d.shifted(offset, line_index) for d in applied)
                else:
                    canonical = found.format(item_text, **kwargs)
            except NotationError as exc:
                failed = True
                status = EXIT_INVALID
                if as_json:
                    results.append({"source": source, "error": [d.to_dict() for d in exc.diagnostics]})
                else:
                    from notation_toolkit.core.render import show_diagnostics

                    show_diagnostics(
                        [d.shifted(offset, line_index) for d in exc.diagnostics], text, source, stderr=True
                    )
                continue
            outputs.append(canonical)
        if failed:
            continue
        new_text = "\n".join(outputs) + ("\n" if text.endswith("\n") or source != EXPR else "")
        if per_line:
            new_text = _merge_lines(text, outputs)
        changed = new_text != text and new_text.rstrip("\n") != text.rstrip("\n")
        if check_only and changed:
            status = EXIT_INVALID
        if as_json:
            results.append(
                {
                    "source": source,
                    "canonical": new_text,
                    "changed": changed,
                    "fixes": [d.to_dict() for d in fixes],
                }
            )
            continue
        if write and source not in (EXPR, "-"):
            if changed:
                write_text_file(original, new_text)
                show(f"reformatted {source}", stderr=True)
        elif not check_only:
            sys.stdout.write(new_text if new_text.endswith("\n") else new_text + "\n")
        elif changed:
            show(f"would reformat {source}", stderr=True)
        if fixes:
            from notation_toolkit.core.render import show_diagnostics

            show(Line((f"{len(fixes)} fix(es) applied to {source}:", "bold")), stderr=True)
            show_diagnostics(fixes, text, source, stderr=True)
    if as_json:
        print_json({"results": results})
    return status


def _merge_lines(text: str, outputs: list[str]) -> str:
    """Replace each item line of ``text`` by its canonical form, keeping comments and blanks."""
    it = iter(outputs)
    lines = []
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            lines.append(next(it))
        else:
            lines.append(raw)
    return "\n".join(lines)


def _stream_file(
    job: Input,
    kwargs: dict[str, Any],
    *,
    lenient: bool,
    check_only: bool,
    write: bool,
    as_json: bool,
    results: list[dict[str, Any]],
    jobs: int | None,
    dask: str | None,
) -> int:
    """``fmt`` of one file of one item per line, streamed through ``notation_toolkit.bulk``.

    The new text goes to a spooled temporary file (memory stays constant), printed or written
    back only when every item could be formatted, as the whole-file path does; the lines that are
    not items (comments, blank lines) are copied from a second reader of the file.
    """
    import tempfile

    from notation_toolkit.bulk import Task
    from notation_toolkit.commands.stream import run_inputs
    from notation_toolkit.core.render import show_diagnostics
    from notation_toolkit.core.textio import iter_lines

    source = job.path
    kind: Any = "canonicalize" if lenient else "format"
    task = Task.make(kind, job.notation.name, **kwargs)
    failed = changed = False
    fixes: list[tuple[list[Diagnostic], str, int]] = []  # (located fixes, line, its offset)
    raw = iter_lines(source)
    copied = 0  # lines of the file already in the new text
    with tempfile.SpooledTemporaryFile(max_size=1 << 22, mode="w+", encoding="utf-8") as new:

        def put(line: str) -> None:
            nonlocal copied
            new.write(line if copied == 0 else "\n" + line)
            copied += 1

        for _, result in run_inputs([job], lambda _i: task, jobs=jobs, dask=dask):
            if result.output is None:
                failed = True
                if as_json:
                    results.append({"source": source, "error": [d.to_dict() for d in result.diagnostics]})
                else:
                    show_diagnostics(result.located(), result.text, source, base=result.offset, stderr=True)
                continue
            if failed:
                continue  # nothing of this file is written; the errors still are
            while copied < result.line:
                put(next(raw))
            next(raw)
            put(result.output)
            changed = changed or result.output != result.text
            if result.diagnostics:
                fixes.append((result.located(), result.text, result.offset))
        if failed:
            return EXIT_INVALID
        for line in raw:
            put(line)
        status = EXIT_INVALID if check_only and changed else EXIT_OK
        new.seek(0)
        if as_json:
            text = new.read()
            results.append(
                {
                    "source": source,
                    "canonical": text,
                    "changed": changed,
                    "fixes": [d.to_dict() for located, _, _ in fixes for d in located],
                }
            )
            return status
        if write:
            if changed:
                _replace_file(source, new)
                show(f"reformatted {source}", stderr=True)
        elif not check_only:
            last = ""
            while chunk := new.read(1 << 16):
                sys.stdout.write(chunk)
                last = chunk
            if not last.endswith("\n"):
                sys.stdout.write("\n")
        elif changed:
            show(f"would reformat {source}", stderr=True)
    if fixes:
        show(Line((f"{sum(len(f) for f, _, _ in fixes)} fix(es) applied to {source}:", "bold")), stderr=True)
        for located, line, offset in fixes:
            show_diagnostics(located, line, source, base=offset, stderr=True)
    return status


def _replace_file(path: str, new: Any) -> None:
    """Write the text of ``new`` (a file object at its start) over ``path`` in its newline style and
    byte-order mark, through a temporary file beside it (a failure leaves the original)."""
    import os
    import tempfile

    with open(path, "rb") as handle:
        first = handle.readline()
    bom = first.startswith(b"\xef\xbb\xbf")
    # The file's newline is its first one (textio's rule): the first line ends at the first b"\n".
    cr = first.find(b"\r")
    newline = "\n" if cr < 0 else "\r\n" if first[cr : cr + 2] == b"\r\n" else "\r"
    directory = os.path.dirname(os.path.abspath(path))
    fd, temp = tempfile.mkstemp(dir=directory, prefix=".ntk-fmt-")
    try:
        os.chmod(temp, os.stat(path).st_mode & 0o7777)
        with os.fdopen(fd, "wb") as out:
            if bom:
                out.write(b"\xef\xbb\xbf")
            while chunk := new.read(1 << 16):
                out.write(chunk.replace("\n", newline).encode("utf-8"))
        os.replace(temp, path)
    except BaseException:
        os.unlink(temp)
        raise
