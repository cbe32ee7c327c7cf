"""``ntk lsp``: start the language server on standard input and output."""

from __future__ import annotations

import logging
import sys

import click

from notation_toolkit.core.cli import missing_extra

_MAX_MESSAGE = 16 << 20  # the default of --max-message (lsp.framing.MAX_MESSAGE, without pygls)


class _OneLine(logging.Formatter):
    """pygls's log records as one line each: ``ntk lsp: <message>: <error>``, no traceback.

    pygls logs a message it cannot handle (a body that is not JSON, say) with ``logger.exception``,
    and the server goes on; without a handler of ours Python printed the whole traceback.
    """

    def format(self, record: logging.LogRecord) -> str:
        # pygls puts some tracebacks in the message itself ("Unable to deserialize message\n...")
        text = record.getMessage().split("\n", 1)[0].rstrip()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text = f"{text}: {str(error) or type(error).__name__}"
        return f"ntk lsp: {text}"


def quiet_pygls_logs() -> None:
    """Route pygls's warnings and errors to standard error as single lines (``--debug`` keeps the
    tracebacks)."""
    from notation_toolkit.core.cli import debug_enabled

    if debug_enabled():
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    handler.setLevel(logging.WARNING)
    log = logging.getLogger("pygls")
    log.addHandler(handler)
    log.propagate = False


@click.command("lsp")
@click.option(
    "--debounce",
    type=click.FloatRange(0, 10),
    default=0.3,
    show_default=True,
    help="Seconds of quiet typing before a document is checked again.",
)
@click.option(
    "--max-message",
    type=click.IntRange(1 << 10, 1 << 30),
    default=_MAX_MESSAGE,
    show_default=True,
    metavar="BYTES",
    envvar="NTK_LSP_MAX_MESSAGE",
    help="Largest message the client may send (Content-Length); a larger one is answered with "
    "an error and skipped (env NTK_LSP_MAX_MESSAGE).",
)
@click.option(
    "--stdio", is_flag=True, help="Talk over standard input/output (the default; for editors that pass it)."
)
def lsp_command(debounce: float, max_message: int, stdio: bool) -> None:
    """Start the language server for .fbr, .feen, .fen and .dfen files (over stdio).

    Diagnostics as you type (the codes of ntk check), quick fixes, hover (ntk explain, rule and
    attribute pages of the FBR catalog), completion of rule and attribute names, formatting and
    the pieces a rule file defines. Editors start it themselves: see docs/editors.md.

    A malformed message (a bad Content-Length, a body that is not UTF-8 or not JSON) is answered
    with a JSON-RPC error and the server reads on; it exits 0 after shutdown and exit.
    """
    try:
        from notation_toolkit.lsp.server import create_server
    except ModuleNotFoundError as exc:
        sys.exit(missing_extra("lsp", "the language server", "lsp", exc))
    from notation_toolkit.core.textio import require_stdin

    require_stdin()  # closed stdin: EBADF (exit 3), as in every command, not an internal error
    quiet_pygls_logs()
    from notation_toolkit.core.cli import debug_enabled
    from notation_toolkit.lsp.transport import serve

    server = create_server(debounce=debounce, debug=debug_enabled())
    sys.exit(serve(server, sys.stdin.buffer, sys.stdout.buffer, max_message=max_message))
