"""``ntk``: the command line of notation-toolkit.

The root ``ntk`` group assembles its commands from the ``notation_toolkit.commands`` entry-point
group (``pyproject.toml`` lists the shipped ones; a third-party package adds its own the same
way) and imports a command only when it runs. ``main`` is the one error boundary of the command
line: every failure ends in a one-line message and a documented exit code
(``notation_toolkit.core.cli``), never a traceback unless ``--debug`` or ``NTK_DEBUG=1`` asks for it.

Shell completion is click's: ``eval "$(_NTK_COMPLETE=bash_source ntk)"`` (``zsh_source``,
``fish_source`` for the other shells).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from notation_toolkit import __version__

if TYPE_CHECKING:
    import click

PROG = "ntk"
COMPLETE_VAR = "_NTK_COMPLETE"
HELP = """Parse, check, format and convert chess-variant notations (FEEN, FEN, DFEN, FBR/MBN), and play
Dice Chess.

Exit codes: 0 valid / done, 1 invalid input, 2 usage error, 3 a file or stream cannot be read or
written, 70 internal error, 130 interrupted (SIGINT), 141 standard output closed by its reader, 143
terminated (SIGTERM). check, fmt and expand report a file they cannot read as an invalid input
(NTK005, exit 1) and go on with the others.
"""


def _set_debug(_ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    from notation_toolkit.core.cli import set_debug

    if value:
        set_debug(True)
    return value


def build_cli() -> click.Group:
    """The root ``ntk`` group (its commands come from the entry points, loaded on use)."""
    import click

    from notation_toolkit.core.cli import COMMANDS_ENTRY_POINT_GROUP, EntryPointGroup

    @click.group(
        PROG,
        cls=EntryPointGroup,
        entry_point_group=COMMANDS_ENTRY_POINT_GROUP,
        help=HELP,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    @click.version_option(__version__, "-V", "--version", prog_name=PROG, message="%(prog)s %(version)s")
    @click.option(
        "--debug",
        is_flag=True,
        expose_value=False,
        is_eager=True,
        callback=_set_debug,
        help="Show the traceback of an unexpected error (also NTK_DEBUG=1).",
    )
    def ntk() -> None:
        """The root group: options only, the work is in the commands."""

    return ntk


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``ntk`` with ``argv`` (default: ``sys.argv[1:]``) and return the exit code.

    Errors on the command line itself (a missing argument, an unknown option) end in
    ``SystemExit(2)`` after click's message, as argparse did.
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args in (["--version"], ["-V"]):
        # Answer before importing click: printing a version needs nothing else.
        sys.stdout.write(f"{PROG} {__version__}\n")
        return 0
    # --debug is accepted anywhere before "--" (it is on the root group for the help page), so
    # that it can be added at the end of the command that failed.
    end = args.index("--") if "--" in args else len(args)
    if "--debug" in args[:end]:
        from notation_toolkit.core.cli import set_debug

        set_debug(True)
        args = [a for a in args[:end] if a != "--debug"] + args[end:]
    previous = _catch_sigterm()
    try:
        return _run(args)
    except BaseException as exc:  # the one error boundary of the command line
        return _handle(exc)
    finally:
        _restore_sigterm(previous)


class Terminated(BaseException):
    """SIGTERM, raised in the main thread so that every ``finally`` runs (worker processes are
    stopped, temporary files removed) before ``ntk`` exits with 143."""


def _on_sigterm(_signum: int, _frame: object) -> None:
    raise Terminated


def _catch_sigterm() -> object:
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return None  # main() called from a thread (an embedding): signals are not ours to take
    try:
        return signal.signal(signal.SIGTERM, _on_sigterm)
    except (ValueError, OSError):
        return None


def _restore_sigterm(previous: object) -> None:
    import signal

    if previous is not None:
        signal.signal(signal.SIGTERM, previous)  # type: ignore[arg-type]


def _run(args: list[str]) -> int:
    cli = build_cli()
    instruction = os.environ.get(COMPLETE_VAR)
    if instruction:
        from click.shell_completion import shell_complete

        return shell_complete(cli, {}, PROG, COMPLETE_VAR, instruction)
    ctx: click.Context | None = None
    try:
        with cli.make_context(PROG, args) as ctx:
            result = cli.invoke(ctx)
        sys.stdout.flush()  # a full disk or closed pipe must fail here, inside the boundary
        return result if isinstance(result, int) else 0
    except Exception as exc:
        from notation_toolkit.core.errors import NotationError

        if not isinstance(exc, NotationError):
            raise
        # A NotationError a command did not catch (a bad DFEN argument, ...): report it as the
        # command would have, in JSON when the command was given --json.
        from notation_toolkit.core.cli import json_requested, report_error

        code = report_error(exc, exc.text, None, json_requested(ctx))
        sys.stdout.flush()
        return code


def _handle(exc: BaseException) -> int:
    """Turn an exception that left a command into a message and an exit code."""
    from notation_toolkit.core import cli as kit

    if isinstance(exc, SystemExit):
        raise exc
    try:
        import click
    except ImportError:  # pragma: no cover - click is a dependency
        click = None  # type: ignore[assignment]
    if click is not None:
        if isinstance(exc, click.exceptions.Exit):  # --help, --version
            _flush_quietly()
            return exc.exit_code
        if isinstance(exc, click.exceptions.NoArgsIsHelpError):  # `ntk`, `ntk dice`: the help
            exc.show()
            return kit.EXIT_USAGE
        if isinstance(exc, click.ClickException):
            exc.show()
            raise SystemExit(exc.exit_code) from None
        if isinstance(exc, click.Abort):
            exc = KeyboardInterrupt() if isinstance(exc.__cause__, KeyboardInterrupt) else exc
    if isinstance(exc, KeyboardInterrupt):
        _silence_stdout()
        _say("interrupted")
        return kit.EXIT_INTERRUPTED
    if isinstance(exc, Terminated):
        _silence_stdout()
        _say("terminated")
        return kit.EXIT_TERMINATED
    if isinstance(exc, BrokenPipeError):
        # The reader of our output went away (`ntk check big.feen | head -1`): nothing to say.
        _silence_stdout()
        return kit.EXIT_BROKEN_PIPE
    if kit.debug_enabled():
        import traceback

        traceback.print_exception(exc)
    if isinstance(exc, OSError):
        _silence_stdout()
        where = f": {exc.filename}" if exc.filename else ""
        reason = exc.strerror or str(exc) or type(exc).__name__
        _say(f"error: {reason}{where}" + ("" if kit.debug_enabled() else f" [{_errno_name(exc)}]"))
        return kit.EXIT_IO
    _silence_stdout()
    hint = "" if kit.debug_enabled() else " (run with --debug or NTK_DEBUG=1 for the traceback)"
    _say(f"internal error: {type(exc).__name__}: {exc}{hint}; please report it")
    return kit.EXIT_INTERNAL


def _errno_name(exc: OSError) -> str:
    import errno

    return errno.errorcode.get(exc.errno or 0, type(exc).__name__)


def _say(message: str) -> None:
    try:
        sys.stderr.write(f"{PROG}: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # stderr is gone too: the exit code says it
        pass


def _flush_quietly() -> None:
    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        _silence_stdout()


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail again.

    What is still buffered cannot be written anyway (closed pipe, full disk); without this,
    Python prints "Exception ignored ... BrokenPipeError" at exit.
    """
    try:
        sys.stdout.flush()
        return
    except (OSError, ValueError, AttributeError):
        pass
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file descriptor (captured in a test)
        pass


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
