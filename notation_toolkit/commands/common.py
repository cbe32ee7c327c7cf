"""What the generic commands share: the notation options, reading inputs, splitting items."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from notation_toolkit.core.registry import Notation
    from notation_toolkit.core.textio import TextFile

F = TypeVar("F", bound=Callable[..., Any])

PROGRESS_THRESHOLD = 2000  # items: show a progress bar on a terminal above this


def _check_pairs(_ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> dict[str, str]:
    result: dict[str, str] = {}
    for pair in value:
        key, sep, val = pair.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"expects NAME=VALUE, got {pair!r}")
        result[key.strip().replace("-", "_")] = val
    return result


def notation_options(function: F) -> F:
    """``--grammar FILE`` and ``--set NAME=VALUE`` (the command receives ``grammar`` and ``options``)."""
    function = click.option(
        "--set",
        "options",
        metavar="NAME=VALUE",
        multiple=True,
        callback=_check_pairs,
        help="A notation option (see `ntk notations`), e.g. --set limits=reference.",
    )(function)
    return click.option(
        "--grammar",
        metavar="FILE",
        help="Your own .lark grammar extending the notation's (may %import shipped grammars).",
    )(function)


def notation_kwargs(grammar: str | None, options: dict[str, str]) -> dict[str, Any]:
    """Keyword arguments for a notation's functions from ``--grammar`` and ``--set``."""
    kwargs: dict[str, Any] = dict(options)
    if grammar:
        kwargs["grammar"] = grammar
    return kwargs


def read_text_arg(text: str) -> str:
    """A TEXT argument: the text itself, or standard input for ``-`` (read as a file, one item)."""
    if text != "-":
        return text
    from notation_toolkit.core.textio import read_text

    return read_text("-").rstrip("\n")


def read_file(path: str) -> TextFile:
    """Read an input file (``-``: standard input) with the toolkit's text rules."""
    from notation_toolkit.core.textio import read_text_file

    return read_text_file(path)


def resolve_notation(path: str, explicit: str | None) -> Notation:
    """The notation named by ``--notation``, or the one the file's extension names."""
    from notation_toolkit.core.errors import UnknownNameError
    from notation_toolkit.core.registry import get_notation, notation_for_path, notation_names

    if explicit:
        return get_notation(explicit)
    found = notation_for_path(path)
    if found is None:
        from notation_toolkit.core.codes import NTK003

        raise NTK003.error(UnknownNameError, "extension", path=path, known=", ".join(notation_names()))
    return found


def file_items(text: str, notation: Notation) -> list[tuple[str, int, int]]:
    """(item text, offset in the text, line index) of each item of a file's ``text``: its lines
    for a per-line notation (blank and '#' comment lines skipped), else the whole text."""
    if not notation.per_line:
        return [(text, 0, 0)]
    out = []
    offset = 0
    for index, line in enumerate(text.split("\n")):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            out.append((line, offset, index))
        offset += len(line) + 1
    return out
