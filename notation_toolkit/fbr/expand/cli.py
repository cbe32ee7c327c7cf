"""``ntk expand FILE`` and ``ntk diff A B``: the commands of the FBR compiler.

``ntk expand`` prints the expanded rule file in the FBR formatter's layout (exit 0; 1 when the
file is invalid). ``ntk diff`` compares two variants after expansion and with their defaults
written out: exit 0 when they are equivalent, 1 when they differ, 2 for a usage error or a file
that cannot be read or parsed. Both are registered in the ``notation_toolkit.commands``
entry-point group.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    command,
    console,
    json_option,
    print_json,
    report_error,
)

if TYPE_CHECKING:
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr import ast
    from notation_toolkit.fbr.expand.compare import DiffResult
    from notation_toolkit.fbr.expand.templates import Templates

EXIT_DIFFERENT = 1


def _read(path: str) -> str:
    from notation_toolkit.core.textio import read_text

    return read_text(path)


def _report(exc: NotationError, text: str | None, source: str | None, as_json: bool) -> None:
    report_error(exc, text, source, as_json, stderr=True)


def _templates(path: str | None) -> Templates | None:
    from notation_toolkit.fbr.expand.templates import load_templates

    return load_templates(path) if path else None


_templates_option = click.option(
    "--templates", metavar="TOML", help="Extra expansion templates (extends the shipped ones)."
)


@command("expand", short_help="Expand composite FBR rules (alice, atomic, switching, ...) into core rules.")
@click.argument("file", metavar="FILE")
@click.option(
    "--explicit-defaults",
    is_flag=True,
    help="Also write out the documented defaults (draw=repetition(3), mirror=vertical, ...).",
)
@_templates_option
@json_option
def expand(file: str, explicit_defaults: bool, templates: str | None, as_json: bool) -> int:
    """Print the FBR rule FILE ('-' for standard input) with every composite rule expanded as the
    FBR page defines it."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr.expand import _api
    from notation_toolkit.fbr.expand.defaults import make_defaults_explicit
    from notation_toolkit.fbr.expand.engine import expand_items
    from notation_toolkit.fbr.expand.templates import Variant, builtin_templates

    text: str | None = None
    applied: list[dict[str, Any]] = []

    def note(rule: ast.FbrRule, variant: Variant) -> None:
        line = rule.span.line if rule.span is not None else None
        applied.append({"rule": _api.format_rule(rule), "variant": variant.name, "line": line})

    try:
        table = _templates(templates) or builtin_templates()
        text = _read(file)
        rulefile = _api.parse_rule_file(text)
        result = expand_items(rulefile, table, on_rule=note)
        if explicit_defaults:
            result = make_defaults_explicit(result, table)
    except NotationError as exc:
        _report(exc, text if text is not None else exc.text, file, as_json)
        return EXIT_INVALID
    output = _api.format_rule_file(result)
    if as_json:
        print_json(
            {
                "source": file,
                "expanded": output,
                "expansions": applied,
                "explicit_defaults": explicit_defaults,
                "diagnostics": [d.to_dict() for d in _api.check_rule_file(result)],
            }
        )
    else:
        sys.stdout.write(output)
    return EXIT_OK


def _render_diff(result: DiffResult, a: str, b: str) -> None:
    from rich.table import Table
    from rich.text import Text

    out = console()
    if result.equal:
        out.print(f"[green]{a} and {b} define the same variant[/] (after expansion, with defaults)")
        return
    counts = ", ".join(
        f"{len(result.of_status(s))} {s}" for s in ("added", "removed", "changed") if result.of_status(s)
    )
    out.print(f"[bold]{a} → {b}[/]: {counts}", soft_wrap=True)
    table = Table()
    table.add_column("", no_wrap=True)
    table.add_column("kind")
    table.add_column("what")
    table.add_column(f"in {Path(a).name}")
    table.add_column(f"in {Path(b).name}")
    marks = {"added": ("+", "green"), "removed": ("-", "red"), "changed": ("~", "yellow")}
    for change in result.changes:
        mark, colour = marks[change.status]
        new = Text(change.new or "")
        if change.added or change.removed:
            detail = [f"+{x}" for x in change.added] + [f"-{x}" for x in change.removed]
            new.append(f"  ({', '.join(detail)})", style="dim")
        table.add_row(
            Text(mark, style=f"bold {colour}"),
            change.kind,
            Text(change.key, style=colour),
            Text(change.old or "", style="red" if change.old else ""),
            new if change.new else Text(""),
        )
    out.print(table)


@command("diff", short_help="Compare two FBR variants (exit 0 equal, 1 different, 2 error).")
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--no-expand", is_flag=True, help="Compare the files as written (no expansion).")
@click.option("--no-defaults", is_flag=True, help="Do not write out the defaults first.")
@_templates_option
@json_option
def diff(a: str, b: str, no_expand: bool, no_defaults: bool, templates: str | None, as_json: bool) -> int:
    """What variant B adds to, removes from and changes in variant A, compared after expansion and
    with the documented defaults written out."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr.expand import _api
    from notation_toolkit.fbr.expand.compare import diff as compare

    texts: dict[str, str] = {}
    try:
        table = _templates(templates)
        for path in (a, b):
            if path == "-" and "-" in texts:
                raise NotationError.single("NTK005", "only one of A and B can be standard input")
            texts[path] = _read(path)
        files = []
        for path in (a, b):
            try:
                files.append(_api.parse_rule_file(texts[path]))
            except NotationError as exc:
                _report(exc, texts[path], path, as_json)
                return EXIT_USAGE
        result = compare(
            files[0],
            files[1],
            expand=not no_expand,
            explicit_defaults=not no_defaults,
            templates=table,
        )
    except NotationError as exc:
        _report(exc, exc.text, None, as_json)
        return EXIT_USAGE
    if as_json:
        print_json({"a": a, "b": b, **result.to_dict()})
    else:
        _render_diff(result, a, b)
    return EXIT_OK if result.equal else EXIT_DIFFERENT
