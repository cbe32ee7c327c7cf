"""``ntk fmt``: print the canonical form (``--lenient`` normalizes and lists each fix)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

import click

from notation_toolkit.commands.common import (
    FileItems,
    notation_kwargs,
    notation_options,
    read_file,
    read_text_arg,
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
    usage,
)

if TYPE_CHECKING:
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
) -> int:
    """Print the canonical form of each FILE ('-' for standard input) or of --expr TEXT.

    --write rewrites the files in place (keeping their newline style and byte-order mark);
    --check only says which would change (exit 1).
    """
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import get_notation
    from notation_toolkit.core.textio import TextFile, write_text_file

    err_console = console(stderr=True)
    kwargs = notation_kwargs(grammar, options)
    jobs: list[tuple[TextFile, Notation]] = []
    try:
        if expr is not None:
            if not notation:
                return usage("--expr needs --notation")
            jobs.append((TextFile(EXPR, read_text_arg(expr)), get_notation(notation)))
        for path in files:
            jobs.append((read_file(path), resolve_notation(path, notation)))
    except NotationError as exc:
        return report_error(exc, None, None, as_json)
    if not jobs:
        return usage("give FILE... or --expr TEXT")
    status = EXIT_OK
    results: list[dict[str, Any]] = []
    for original, found in jobs:
        source, text = original.source, original.text
        items = FileItems(source, text, found)
        outputs: list[str] = []
        fixes: list[Diagnostic] = []
        failed = False
        per_line = found.per_line and source != EXPR
        pieces = items.items() if per_line else [(text.rstrip("\n"), 0, 0)]
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
                    from notation_toolkit.core.render import render_rich

                    render_rich(
                        err_console, [d.shifted(offset, line_index) for d in exc.diagnostics], text, source
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
                err_console.print(f"reformatted {source}")
        elif not check_only:
            sys.stdout.write(new_text if new_text.endswith("\n") else new_text + "\n")
        elif changed:
            err_console.print(f"would reformat {source}")
        if fixes:
            from notation_toolkit.core.render import render_rich

            err_console.print(f"[bold]{len(fixes)} fix(es) applied to {source}:[/]")
            render_rich(err_console, fixes, text, source)
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
