"""``ntk expand FILE``: the command of the FBR compiler, and the pieces ``ntk diff`` shares.

``ntk expand`` prints the expanded rule file in the FBR formatter's layout (exit 0; 1 when the
file is invalid); it is registered in the ``notation_toolkit.commands`` entry-point group.
``ntk diff A B`` (``notation_toolkit.commands.diff``, a layer above: it also compares pieces by
their moves) reads, reports and prints its comparison with the helpers below (``_render_diff``
prints a ``DiffResult``).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

import click

from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_OK,
    command,
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
    from notation_toolkit.core.layout import Line, Table, show

    if result.equal:
        show(Line((f"{a} and {b} define the same variant", "green"), " (after expansion, with defaults)"))
        return
    counts = ", ".join(
        f"{len(result.of_status(s))} {s}" for s in ("added", "removed", "changed") if result.of_status(s)
    )
    table = Table()
    table.add_column("", no_wrap=True)
    table.add_column("kind")
    table.add_column("what")
    table.add_column(f"in {os.path.basename(a)}")
    table.add_column(f"in {os.path.basename(b)}")
    marks = {"added": ("+", "green"), "removed": ("-", "red"), "changed": ("~", "yellow")}
    for change in result.changes:
        mark, colour = marks[change.status]
        new = Line(change.new or "")
        if change.new and (change.added or change.removed):
            detail = [f"+{x}" for x in change.added] + [f"-{x}" for x in change.removed]
            new += Line((f"  ({', '.join(detail)})", "dim"))
        table.add_row(
            Line((mark, f"bold {colour}")),
            change.kind,
            Line((change.key, colour)),
            Line((change.old or "", "red")),
            new,
        )
    show(Line((f"{a} → {b}", "bold"), f": {counts}"), table)
