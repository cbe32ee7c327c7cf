"""The command-line kit every ``ntk`` command is built from: exit codes, ``--json``, consoles, groups.

Commands live in the package they serve (``notation_toolkit/<package>/cli.py``) as ``click``
commands or groups and are found through the ``notation_toolkit.commands`` entry-point group, the
same mechanism a third-party package uses. They import this module (it sits in ``core``, so the
import points down) and nothing from ``notation_toolkit.cli``, the root that assembles them.

A group's subcommands come from the entry-point group named after its path:
``notation_toolkit.commands`` for ``ntk`` itself, ``notation_toolkit.commands.dice`` for
``ntk dice``, and so on (see :class:`EntryPointGroup`). Commands are imported only when they are
run, listed in ``--help`` or completed.

Exit codes are the same for every command:

==========================  =====  ==============================================================
``EXIT_OK``                 0      valid / done
``EXIT_INVALID``            1      the input is not valid (or, for ``ntk diff``, the variants differ)
``EXIT_USAGE``              2      the command line is wrong
``EXIT_IO``                 3      a file or stream could not be read or written (closed stdin, full disk)
``EXIT_INTERNAL``           70     a bug in ntk (``--debug`` or ``NTK_DEBUG=1`` shows the traceback)
``EXIT_INTERRUPTED``        130    interrupted (Ctrl-C, SIGINT): 128 + 2
``EXIT_BROKEN_PIPE``        141    the reader of standard output went away (``ntk ... | head``): 128 + 13
``EXIT_TERMINATED``         143    terminated (SIGTERM): 128 + 15
==========================  =====  ==============================================================

Help is rendered by ``rich-click`` on a terminal, imported only when help is shown (it costs
start-up time every command would otherwise pay); in a pipe or a file it is click's plain page
(the same rule as every other output, ``core.layout``).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from notation_toolkit.core import entry_points as _entry_points
from notation_toolkit.core import layout as _layout

if TYPE_CHECKING:
    from rich.console import Console

    from notation_toolkit.core.errors import NotationError

COMMANDS_ENTRY_POINT_GROUP = "notation_toolkit.commands"

# The entry-point reader lives in the click-free core.entry_points (the registry uses it too);
# commands and tests import these names from here.
DISTRIBUTION = _entry_points.DISTRIBUTION
_find_dist_info = _entry_points._find_dist_info
_metadata_name = _entry_points._metadata_name
_normalize = _entry_points._normalize
_parse_entry_points_txt = _entry_points._parse_entry_points_txt
_scan_entry_points = _entry_points._scan_entry_points
installed_entry_points = _entry_points.installed_entry_points
load_reference = _entry_points.load_reference
own_entry_points = _entry_points.own_entry_points

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_IO = 3
EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
EXIT_TERMINATED = 143

# ctx.meta is shared by a context and all its children: the root's error boundary reads it to
# report a NotationError escaping a command as JSON when that command was given --json.
JSON_META_KEY = "notation_toolkit.json"

F = TypeVar("F", bound=Callable[..., Any])


def _remember_json(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        ctx.meta[JSON_META_KEY] = True
    return value


def json_option(function: F) -> F:
    """The one ``--json`` flag: the command receives ``as_json: bool``."""
    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        default=False,
        callback=_remember_json,
        help="Print machine-readable JSON.",
    )(function)


def json_requested(ctx: click.Context | None) -> bool:
    """Whether the command running under ``ctx`` (or any of its parents) was given ``--json``."""
    return bool(ctx is not None and ctx.meta.get(JSON_META_KEY, False))


def console(*, stderr: bool = False, width: int | None = None) -> Console:
    """A rich console for command output (stderr for messages that are not the result).

    A closed pipe raises ``BrokenPipeError`` for the error boundary (rich itself would exit 1).
    """
    return _layout.console(stderr=stderr, width=width)


def print_json(data: Any) -> None:
    """Write ``data`` as indented JSON (UTF-8, non-ASCII kept) on stdout."""
    import json

    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def report_error(
    exc: NotationError, text: str | None, source: str | None, as_json: bool, *, stderr: bool = False
) -> int:
    """Show a ``NotationError``'s diagnostics (rich or JSON) and return ``EXIT_INVALID``.

    JSON always goes to stdout (it is the result); rich diagnostics go to stdout unless ``stderr``.
    """
    from notation_toolkit.core.render import diagnostics_data, show_diagnostics

    if as_json:
        print_json(diagnostics_data(exc.diagnostics, text, source))
    else:
        show_diagnostics(exc.diagnostics, text if text is not None else exc.text, source, stderr=stderr)
    return EXIT_INVALID


def usage(message: str) -> int:
    """Report a bad command-line value found by a command body; returns ``EXIT_USAGE``.

    Click reports what it can check itself (missing arguments, unknown options) before the
    command runs; this is for checks only the command can make (``--depth -1``).
    """
    ctx = click.get_current_context(silent=True)
    prefix = f"{ctx.command_path}: " if ctx is not None else "ntk: "
    _layout.show(_layout.Line((f"{prefix}error:", "bold red"), " ", message), stderr=True)
    return EXIT_USAGE


def usage_error(message: str) -> click.UsageError:
    """A usage error (exit code 2) to raise from a parameter callback."""
    return click.UsageError(message)


def missing_extra(command: str, what: str, extra: str, exc: ModuleNotFoundError) -> int:
    """Say that ``ntk COMMAND`` needs the optional dependencies ``extra``; returns ``EXIT_USAGE``.

    ``what`` names what needs them ("the studio"); ``exc`` is the failed import, whose module is
    named so that a half-installed extra is found.
    """
    from rich.markup import escape

    # escaped: rich would read "[extra]" as markup and print a wrong install command
    console(stderr=True).print(
        f"[bold red]ntk {command}:[/] {what} needs the '{extra}' extra ({exc.name} is missing): "
        + escape(f"pip install 'notation-toolkit[{extra}]'"),
        soft_wrap=True,
    )
    return EXIT_USAGE


def warn(message: str) -> None:
    """A one-line warning on stderr (plain text: it may be shown before rich is imported)."""
    try:
        sys.stderr.write(f"ntk: warning: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # no usable stderr: nothing else to tell
        pass


def debug_enabled() -> bool:
    """Whether tracebacks are wanted (``--debug`` on the command line or ``NTK_DEBUG=1``)."""
    return _DEBUG[0] or os.environ.get("NTK_DEBUG", "").strip().lower() not in ("", "0", "false", "no")


_DEBUG = [False]


def set_debug(value: bool) -> None:
    """Turn tracebacks on or off for this process (the root ``--debug`` flag)."""
    _DEBUG[0] = value


# --------------------------------------------------------------------------------------------
# commands and groups with rich help


def dash_positionals(command: click.Command, ctx: click.Context, args: list[str]) -> list[str]:
    """``args`` rearranged so that a positional argument may start with ``-``.

    Every position a chess-like variant's core writes in FEEN starts with ``-`` (``-rnbq-k^bn-r/``),
    and click reads such a word as an unknown option. Here, before click parses:

    * a word that starts with ``-`` and holds a ``/`` (a position, not an option) is positional,
      unless it names one of the command's options (``--output=dir/x.svg``);
    * ``--`` may stand anywhere: words after it that are not the command's options are positional
      (``ntk draw feen -- "-r..." -o x.svg`` works), known options after it stay options;
    * any other unknown word that starts with ``-`` stays an option, for click's "no such option".

    Positionals are passed after a final ``--``, in their order.
    """
    long_names: set[str] = set()
    short_names: set[str] = set()
    valued: set[str] = set()
    optional: set[str] = set()  # options whose value may be left out (--dask [ADDRESS])
    for param in command.get_params(ctx):  # ctx's own: click keeps the help option it makes
        if not isinstance(param, click.Option):
            continue
        for opt in (*param.opts, *param.secondary_opts):
            (long_names if opt.startswith("--") else short_names).add(opt)
            if not param.is_flag and not param.count:
                valued.add(opt)
                if getattr(param, "_flag_needs_value", False):
                    optional.add(opt)
    options: list[str] = []
    positionals: list[str] = []
    after_separator = False
    index = 0
    while index < len(args):
        word = args[index]
        index += 1
        if word == "--":
            after_separator = True
            continue
        name: str | None = None
        if word.startswith("--"):
            name = word.split("=", 1)[0]
            known = name in long_names
        elif word.startswith("-") and len(word) > 1:
            name = word[:2]
            known = name in short_names and (word == name or (name in valued and "/" not in word))
        else:
            known = False
        if known:
            options.append(word)
            takes_next = name in valued and word == name and index < len(args)
            if takes_next and (name not in optional or not args[index].startswith("-")):
                options.append(args[index])
                index += 1
        elif name is not None and not after_separator and "/" not in word:
            options.append(word)  # an unknown option: click says so
        else:
            positionals.append(word)
    return [*options, "--", *positionals] if positionals else options


class Command(click.Command):
    """A click command whose help is rendered by rich-click (imported only to show help), and
    whose positional arguments may start with ``-`` (:func:`dash_positionals`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Click's parsing, after :func:`dash_positionals` rearranged ``args``."""
        return super().parse_args(ctx, dash_positionals(self, ctx, list(args)))

    def get_help(self, ctx: click.Context) -> str:
        """The help page: rich-click's on a terminal, click's plain page in a pipe or a file."""
        if _layout.plain_output():
            return super().get_help(ctx)
        try:
            return _rich_help(self, ctx)
        except ImportError:  # rich-click is a dependency, but plain help beats a failure
            return super().get_help(ctx)


class Group(click.Group):
    """A click group with rich help whose subcommands and subgroups are ``Command`` and ``Group``."""

    command_class = Command
    group_class = type  # subgroups are of the same class as their parent

    def get_help(self, ctx: click.Context) -> str:
        """The help page: rich-click's on a terminal, click's plain page in a pipe or a file."""
        if _layout.plain_output():
            return super().get_help(ctx)
        try:
            return _rich_help(self, ctx)
        except ImportError:
            return super().get_help(ctx)


def command(name: str | None = None, **kwargs: Any) -> Callable[[Callable[..., Any]], Command]:
    """``click.command`` making a :class:`Command` (rich help)."""
    decorator: Callable[[Callable[..., Any]], Command] = click.command(name, cls=Command, **kwargs)
    return decorator


def group(
    name: str | None = None, *, entry_point_group: str | None = None, **kwargs: Any
) -> Callable[[Callable[..., Any]], Group]:
    """``click.group`` making a :class:`Group`, or an :class:`EntryPointGroup` whose subcommands
    also come from the entry-point group ``entry_point_group``."""
    decorator: Callable[[Callable[..., Any]], Group]
    if entry_point_group is not None:
        decorator = click.group(name, cls=EntryPointGroup, entry_point_group=entry_point_group, **kwargs)
    else:
        decorator = click.group(name, cls=Group, **kwargs)
    return decorator


def _give_click_its_version() -> None:
    """Set ``click.__version__`` from click's dist-info directory name before rich-click reads it.

    rich-click reads ``click.__version__`` at import; click 8.2+ answers that through
    ``importlib.metadata`` (about 10 ms of ``--help``: ``email``, ``zipfile``, ``csv`` ...). The
    name of click's own ``click-<version>.dist-info`` says the same without that import; if it
    cannot be found, nothing is set and click answers as before.
    """
    namespace: dict[str, Any] = vars(click)
    if "__version__" in namespace:
        return

    package_dir = os.path.dirname(os.path.dirname(os.path.abspath(click.__file__ or "")))
    try:
        names = os.listdir(package_dir)
    except OSError:
        return
    for name in names:
        stem, dot, kind = name.rpartition(".")
        distribution, _, version = stem.partition("-")
        if dot and kind == "dist-info" and _normalize(distribution) == "click" and version[:1].isdigit():
            namespace["__version__"] = version
            return


def _rich_help(command: click.Command, ctx: click.Context) -> str:
    """Render ``command``'s help with rich-click through a rich-click twin of the command.

    rich-click renders only its own command classes under its own context class; building them
    for the help page alone keeps ``import rich_click`` off the path of every other run.
    """
    _give_click_its_version()
    import rich_click
    from rich_click.rich_context import RichContext

    common: dict[str, Any] = {
        "name": command.name,
        "params": list(command.params),
        "help": command.help,
        "epilog": command.epilog,
        "short_help": command.short_help,
        "options_metavar": command.options_metavar,
        "add_help_option": command.add_help_option,
        "no_args_is_help": command.no_args_is_help,
        "hidden": command.hidden,
        "deprecated": command.deprecated,
    }
    twin: click.Command
    if isinstance(command, click.Group):
        commands: dict[str, click.Command] = {}
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                commands[name] = sub
        twin = rich_click.RichGroup(commands=commands, **common)
    else:
        twin = rich_click.RichCommand(**common)
    rich_ctx = RichContext(
        twin, parent=ctx.parent, info_name=ctx.info_name, help_option_names=ctx.help_option_names
    )
    return twin.get_help(rich_ctx)


# --------------------------------------------------------------------------------------------
# entry points


class EntryPointGroup(Group):
    """A group whose subcommands are also read from an entry-point group, and loaded lazily.

    ``entry_point_group`` is ``notation_toolkit.commands`` for the root and
    ``notation_toolkit.commands.<path>`` for a subgroup (``notation_toolkit.commands.dice``).
    Each entry is ``name = "module:object"`` where the object is a click command or group.
    Commands shipped with notation-toolkit are looked up first, without ``importlib.metadata``;
    other distributions are scanned only for a name not shipped, for ``--help`` and for
    completion. A command that cannot be loaded gives a one-line warning and is left out.
    """

    def __init__(self, *args: Any, entry_point_group: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.entry_point_group = entry_point_group
        self._failed: set[str] = set()

    def _references(self, *, others: bool, warn_clashes: bool = False) -> dict[str, tuple[str, str]]:
        refs = {
            name: (value, DISTRIBUTION)
            for name, value in own_entry_points().get(self.entry_point_group, {}).items()
        }
        if others:
            for name, ref in installed_entry_points(self.entry_point_group).items():
                if name not in refs and name not in self.commands:
                    refs[name] = ref
                elif warn_clashes:
                    warn(f"command '{name}' from {ref[1]} ignored: ntk already has a '{name}' command")
        return refs

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command name: defined on the group, shipped, or from another distribution."""
        names = set(self.commands) | set(self._references(others=True, warn_clashes=True))
        return sorted(names - self._failed)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command ``cmd_name``, imported on first use (``None`` if unknown or broken)."""
        found = self.commands.get(cmd_name)
        if found is not None or cmd_name in self._failed:
            return found
        ref = self._references(others=False).get(cmd_name)
        if ref is None:
            ref = self._references(others=True).get(cmd_name)
        if ref is None:
            return None
        value, dist = ref
        try:
            obj = load_reference(value)
            if not isinstance(obj, click.Command):
                raise TypeError(f"{value} is a {type(obj).__name__}, not a click command")
        except Exception as exc:  # a broken plug-in must not break ntk
            self._failed.add(cmd_name)
            if debug_enabled():
                import traceback

                traceback.print_exc()
            warn(f"command '{cmd_name}' from {dist} cannot be loaded ({value}): {type(exc).__name__}: {exc}")
            return None
        self.commands[cmd_name] = obj
        return obj
