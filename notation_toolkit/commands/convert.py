"""``ntk convert SOURCE TARGET TEXT``: convert between notations, saying what is lost."""

from __future__ import annotations

import sys

import click

from notation_toolkit.commands.common import read_text_arg
from notation_toolkit.core.cli import EXIT_OK, command, console, json_option, print_json, report_error, usage


@command("convert", short_help="Convert TEXT from one notation to another.")
@click.argument("source", required=False)
@click.argument("target", required=False)
@click.argument("text", required=False)
@click.option("--list", "list_only", is_flag=True, help="List the available conversions.")
@json_option
def convert(source: str | None, target: str | None, text: str | None, list_only: bool, as_json: bool) -> int:
    """Convert TEXT ('-' reads standard input) from notation SOURCE to TARGET.

    The converted text goes to standard output and what the conversion loses to standard error.
    """
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import conversions, get_conversion

    if list_only:
        convs = conversions()
        if as_json:
            print_json([{"from": s, "to": t, "loses": c.loses} for (s, t), c in sorted(convs.items())])
        else:
            from rich.table import Table

            table = Table(title="conversions", title_justify="left")
            for col in ("from", "to", "what it loses"):
                table.add_column(col)
            for (s, t), c in sorted(convs.items()):
                table.add_row(s, t, c.loses)
            console().print(table)
        return EXIT_OK
    if not (source and target and text is not None):
        return usage("usage: ntk convert SOURCE TARGET TEXT (or ntk convert --list)")
    text = read_text_arg(text)
    try:
        conv = get_conversion(source, target)
        out = conv.convert(text)
    except NotationError as exc:
        return report_error(exc, text, None, as_json)
    if as_json:
        print_json(
            {"from": conv.source, "to": conv.target, "input": text, "output": out, "loses": conv.loses}
        )
    else:
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        console(stderr=True).print(f"[dim]{conv.source} → {conv.target} loses: {conv.loses}[/]")
    return EXIT_OK
