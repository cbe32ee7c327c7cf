"""``ntk explain [CODE]``: the long explanation of a diagnostic code, or the list of codes."""

from __future__ import annotations

import click

from notation_toolkit.core.cli import (
    COMMANDS_ENTRY_POINT_GROUP,
    EXIT_INVALID,
    EXIT_OK,
    command,
    console,
    json_option,
    own_entry_points,
    print_json,
    warn,
)


def load_all_codes() -> None:
    """Register every code: the notations' (importing each) and those of the command packages."""
    import importlib

    from notation_toolkit.core.registry import notation_names

    notation_names()  # importing every notation registers its codes
    packages: set[str] = set()
    for group, table in own_entry_points().items():
        if group == COMMANDS_ENTRY_POINT_GROUP or group.startswith(COMMANDS_ENTRY_POINT_GROUP + "."):
            packages.update(value.partition(":")[0].strip().rsplit(".", 1)[0] for value in table.values())
    for package in sorted(packages):
        try:
            importlib.import_module(package)
        except Exception as exc:  # one broken package must not hide every other code
            warn(f"cannot load the diagnostic codes of {package}: {type(exc).__name__}: {exc}")


def load_codes_of(code: str) -> None:
    """Register the codes of the package a code's prefix names (FEN111: ``notation_toolkit.fen``),
    so that explaining one code does not import every notation and engine."""
    import importlib
    import importlib.util
    import re

    prefix = re.match(r"[A-Za-z]*", code)
    name = prefix.group(0).lower() if prefix else ""
    if not name.isidentifier():
        return
    module = f"notation_toolkit.{name}.codes"
    try:
        if importlib.util.find_spec(f"notation_toolkit.{name}") is None:
            return
        importlib.import_module(module)
    except ImportError:
        return


@command("explain", short_help="Explain a diagnostic code (no CODE: list them).")
@click.argument("code", required=False)
@json_option
def explain(code: str | None, as_json: bool) -> int:
    """Explain the diagnostic CODE (such as FEEN201); without CODE, list every code."""
    from rich.markdown import Markdown
    from rich.table import Table

    from notation_toolkit.core.codes import all_codes, get_code
    from notation_toolkit.core.suggest import did_you_mean

    if code is not None:
        load_codes_of(code)
    if code is None or get_code(code) is None:
        load_all_codes()
    out = console()
    if code is None:
        codes = all_codes()
        if as_json:
            print_json(
                {c: {"title": i.title, "explanation": i.explanation} for c, i in sorted(codes.items())}
            )
            return EXIT_OK
        table = Table(title="diagnostic codes", title_justify="left")
        table.add_column("code")
        table.add_column("title")
        for name, info in sorted(codes.items()):
            table.add_row(name, info.title)
        out.print(table)
        return EXIT_OK
    found = get_code(code)
    if found is None:
        hint = did_you_mean(code.upper(), all_codes())
        if as_json:
            print_json({"code": code, "error": "unknown code", "hint": hint})
        else:
            console(stderr=True).print(f"[bold red]unknown code {code!r}[/]" + (f" — {hint}" if hint else ""))
        return EXIT_INVALID
    if as_json:
        print_json({"code": found.code, "title": found.title, "explanation": found.explanation})
    else:
        out.print(f"[bold]{found.code}[/]: {found.title}\n")
        out.print(Markdown(found.explanation))
    return EXIT_OK
