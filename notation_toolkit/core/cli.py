"""The command-line kit every ``ntk`` command is built from: exit codes, ``--json``, consoles.

Commands live in the package they serve (``notation_toolkit/<package>/cli.py``) as ``click``
commands or groups and are found through the ``notation_toolkit.commands`` entry-point group, the
same mechanism a third-party package uses. They import this module (it sits in ``core``, so the
import points down) and nothing from ``notation_toolkit.cli``, the root that assembles them.

Exit codes are the same for every command: ``EXIT_OK`` (0) valid / done, ``EXIT_INVALID`` (1) the
input is not valid, ``EXIT_USAGE`` (2) the command line is wrong, ``EXIT_IO`` (3) a file or stream
could not be read or written, ``EXIT_INTERRUPTED`` (130) Ctrl-C.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from rich.console import Console

    from notation_toolkit.core.errors import NotationError

COMMANDS_ENTRY_POINT_GROUP = "notation_toolkit.commands"

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_IO = 3
EXIT_INTERRUPTED = 130

F = TypeVar("F", bound=Callable[..., Any])


def json_option(function: F) -> F:
    """The one ``--json`` flag: the command receives ``as_json: bool``."""
    return click.option(
        "--json", "as_json", is_flag=True, default=False, help="Print machine-readable JSON."
    )(function)


def console(*, stderr: bool = False) -> Console:
    """A rich console for command output (stderr for messages that are not the result)."""
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON (UTF-8, non-ASCII kept) on stdout."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def report_error(exc: NotationError, text: str | None, source: str | None, as_json: bool) -> int:
    """Show a ``NotationError``'s diagnostics (rich or JSON) and return ``EXIT_INVALID``."""
    from notation_toolkit.core.render import diagnostics_data, render_rich

    if as_json:
        print_json(diagnostics_data(exc.diagnostics, text, source))
    else:
        render_rich(console(), exc.diagnostics, text if text is not None else exc.text, source)
    return EXIT_INVALID


def usage_error(message: str) -> click.UsageError:
    """A usage error (exit code 2) to raise from a command."""
    return click.UsageError(message)
