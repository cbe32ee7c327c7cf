"""``ntk lsp``: start the language server on standard input and output."""

from __future__ import annotations

import sys

import click

from notation_toolkit.core.cli import EXIT_USAGE, console


@click.command("lsp")
@click.option(
    "--debounce",
    type=click.FloatRange(0, 10),
    default=0.3,
    show_default=True,
    help="Seconds of quiet typing before a document is checked again.",
)
@click.option(
    "--stdio", is_flag=True, help="Talk over standard input/output (the default; for editors that pass it)."
)
def lsp_command(debounce: float, stdio: bool) -> None:
    """Start the language server for .fbr, .feen, .fen and .dfen files (over stdio).

    Diagnostics as you type (the codes of ntk check), quick fixes, hover (ntk explain, rule and
    attribute pages of the FBR catalog), completion of rule and attribute names, formatting and
    the pieces a rule file defines. Editors start it themselves: see docs/editors.md.
    """
    try:
        from notation_toolkit.lsp.server import create_server
    except ModuleNotFoundError as exc:
        console(stderr=True).print(
            f"[bold red]ntk lsp:[/] the language server needs the 'lsp' extra ({exc.name} is missing): "
            "pip install 'notation-toolkit[lsp]'"
        )
        sys.exit(EXIT_USAGE)
    from notation_toolkit.core.textio import require_stdin

    require_stdin()  # closed stdin: EBADF (exit 3), as in every command, not an internal error
    create_server(debounce=debounce).start_io()
