"""``ntk lsp``: start the language server on standard input and output."""

from __future__ import annotations

import logging
import re
import sys
from typing import BinaryIO, Final

import click

from notation_toolkit.core.cli import EXIT_IO, EXIT_USAGE, console

MAX_MESSAGE: Final = 64 << 20
"""Largest LSP message body read (bytes); a document is at most 1 MiB, so this is generous."""

_CONTENT_LENGTH = re.compile(rb"content-length:\s*(\d+)", re.IGNORECASE)


class MessageTooLarge(Exception):
    """The client announced a message body the server will not read (``Content-Length``)."""


class GuardedInput:
    """Standard input for pygls with bounded header lines and ``Content-Length``.

    pygls reads ``Content-Length`` bytes at once, so a header of 10**12 was a ``MemoryError`` and
    one of 20 digits an ``OverflowError`` (exit 70, "internal error"). Header lines are read at most
    4 KiB at a time, and a length above ``MAX_MESSAGE`` stops the server with a message.
    """

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw

    def readline(self) -> bytes:
        """One header line (at most 4 KiB); refuses a ``Content-Length`` above ``MAX_MESSAGE``."""
        line = self.raw.readline(4096)
        found = _CONTENT_LENGTH.match(line)
        if found is not None:
            digits = found.group(1)
            if len(digits) > 12 or int(digits) > MAX_MESSAGE:
                shown = digits if len(digits) <= 20 else digits[:20] + b"..."
                raise MessageTooLarge(
                    f"the client announced a message of {shown.decode()} bytes (Content-Length); "
                    f"the server reads at most {MAX_MESSAGE} bytes"
                )
        return line

    def read(self, size: int = -1) -> bytes:
        """The message body (its length already checked by ``readline``)."""
        return self.raw.read(size)


class _OneLine(logging.Formatter):
    """pygls's log records as one line each: ``ntk lsp: <message>: <error>``, no traceback.

    pygls logs a message it cannot handle (a body that is not JSON, say) with ``logger.exception``,
    and the server goes on; without a handler of ours Python printed the whole traceback.
    """

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
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
    quiet_pygls_logs()
    try:
        create_server(debounce=debounce).start_io(stdin=GuardedInput(sys.stdin.buffer))  # type: ignore[arg-type]
    except MessageTooLarge as exc:
        console(stderr=True).print(f"[bold red]ntk lsp:[/] {exc}", highlight=False)
        sys.exit(EXIT_IO)
