"""``ntk fsf import`` / ``ntk fsf export`` and ``ntk variant analyse``: the Fairy-Stockfish bridge
on the command line.

``ntk fsf`` is an ``EntryPointGroup`` (subcommands in ``notation_toolkit.commands.fsf``);
``analyse`` joins ``ntk variant`` through ``notation_toolkit.commands.variant``. Heavy imports
happen inside the commands so that ``ntk`` starts fast.
"""

from __future__ import annotations

import click

from notation_toolkit.core.cli import (
    COMMANDS_ENTRY_POINT_GROUP,
    EXIT_INVALID,
    EXIT_IO,
    EXIT_OK,
    command,
    group,
    json_option,
    print_json,
    report_error,
    usage,
)
from notation_toolkit.fsf import codes as _codes  # noqa: F401  (registers FSF codes for `ntk explain`)


@group(
    "fsf",
    entry_point_group=f"{COMMANDS_ENTRY_POINT_GROUP}.fsf",
    short_help="Fairy-Stockfish bridge: variants.ini sections to FBR rule files and back.",
)
def fsf() -> None:
    """Convert between Fairy-Stockfish's variants.ini and FBR rule files (docs/fsf.md)."""


def _read(path: str) -> tuple[str | None, int]:
    from notation_toolkit.core.layout import Line, show
    from notation_toolkit.core.textio import read_text

    try:
        return read_text(path), EXIT_OK
    except OSError as exc:
        show(Line((f"ntk fsf: cannot read {path}: {exc.strerror or exc}", "red")), stderr=True)
        return None, EXIT_IO


@command("import", short_help="Convert the sections of a variants.ini into FBR rule files.")
@click.argument("file")
@click.option("--section", "sections", multiple=True, metavar="NAME", help="Convert only this section.")
@click.option(
    "-o",
    "--output",
    "output",
    default=None,
    type=click.Path(file_okay=False),
    help="Directory to write NAME.fbr files to (default: print them).",
)
@json_option
def import_command(file: str, sections: tuple[str, ...], output: str | None, as_json: bool) -> int:
    """Convert FILE (a Fairy-Stockfish variants.ini) into one FBR rule file per section.

    Prints a table of the sections (converted, converted but not played by the variant core, or
    refused, and why), then the diagnostics with their line and column in the ini. Exit 1 when a
    section is refused or the file has errors.
    """
    import os

    from notation_toolkit.core.diagnostics import Diagnostic
    from notation_toolkit.core.layout import Line, Table, show
    from notation_toolkit.core.render import diagnostics_data, show_diagnostics
    from notation_toolkit.fsf.importer import convert, core_status

    text, status = _read(file)
    if text is None:
        return status
    result = convert(text)
    chosen = [s for s in result.sections if not sections or s.name in sections]
    missing = [name for name in sections if name not in {s.name for s in result.sections}]
    if missing:
        return usage(f"no section {', '.join(missing)} in {file}")
    rows = []
    all_diags: list[Diagnostic] = list(result.diagnostics)
    for s in chosen:
        core = core_status(s.fbr) if s.fbr is not None else None
        all_diags += s.diagnostics
        if s.fbr is None:
            errors = [d for d in s.diagnostics if d.is_error]
            rows.append((s.name, "refused", errors[0].message if errors else "the section is ignored"))
        elif core is not None:
            rows.append((s.name, "converted (core does not play it)", core))
        else:
            rows.append((s.name, "converted", ""))
        if s.fbr is not None and output is not None:
            os.makedirs(output, exist_ok=True)
            with open(os.path.join(output, f"{s.name}.fbr"), "w", encoding="utf-8") as out:
                out.write(s.fbr)
    refused = any(r[1] == "refused" for r in rows) or any(d.is_error for d in result.diagnostics)
    if as_json:
        print_json(
            {
                "file": file,
                "sections": [
                    {
                        "name": s.name,
                        "parent": s.parent,
                        "status": row[1],
                        "why": row[2] or None,
                        "fbr": s.fbr if output is None else None,
                        "diagnostics": diagnostics_data(list(s.diagnostics), text, file)["diagnostics"],
                    }
                    for s, row in zip(chosen, rows, strict=True)
                ],
                "diagnostics": diagnostics_data(list(result.diagnostics), text, file)["diagnostics"],
            }
        )
        return EXIT_INVALID if refused else EXIT_OK
    if output is None:
        for s in chosen:
            if s.fbr is not None:
                show(Line((f"~ ---- {s.name}.fbr", "dim")))
                show(s.fbr.rstrip("\n"))
    if all_diags:
        show_diagnostics(all_diags, text, file)
    table = Table(title=f"ntk fsf import {file}", title_justify="left")
    table.add_column("section", no_wrap=True)
    table.add_column("status", no_wrap=True)
    table.add_column("why", overflow="fold")
    for name, state, why in rows:
        style = "green" if state == "converted" else "yellow" if state.startswith("converted") else "red"
        table.add_row(name, Line((state, style)), why)
    show(table)
    converted = sum(1 for r in rows if r[1].startswith("converted"))
    played = sum(1 for r in rows if r[1] == "converted")
    show(f"{converted} of {len(rows)} sections converted, {played} played by the variant core")
    return EXIT_INVALID if refused else EXIT_OK


@command("export", short_help="Write an FBR rule file as a variants.ini section.")
@click.argument("file")
@click.option("-o", "--output", "output", default=None, help="The .ini file to write (default: print it).")
@click.option("--name", "name", default=None, help="Section name (default: from the variant name).")
@json_option
def export_command(file: str, output: str | None, name: str | None, as_json: bool) -> int:
    """Write FILE (an FBR rule file the variant core plays) as a Fairy-Stockfish variants.ini
    section. Rules Fairy-Stockfish cannot state are FSF401 diagnostics (exit 1)."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.layout import show
    from notation_toolkit.fsf.exporter import export_ini

    text, status = _read(file)
    if text is None:
        return status
    try:
        ini = export_ini(text, name=name)
    except NotationError as exc:
        return report_error(exc, text, file, as_json)
    if output is not None:
        with open(output, "w", encoding="utf-8") as out:
            out.write(ini)
    if as_json:
        print_json({"file": file, "ini": ini, "output": output})
    elif output is None:
        show(ini.rstrip("\n"))
    return EXIT_OK


@command("analyse", short_help="Ask a UCI engine (Fairy-Stockfish) for the best move of a position.")
@click.argument("rules", type=click.Path(dir_okay=False))
@click.option("--engine", "engine", required=True, help="Path of the UCI engine (Fairy-Stockfish).")
@click.option("--position", "-p", "position", default=None, help="FEEN or FEN (default: the start).")
@click.option("--moves", "-m", "moves", default="", help="Moves to play first (space-separated).")
@click.option("--time", "seconds", default=1.0, show_default=True, type=float, help="Seconds to think.")
@click.option("--depth", "depth", default=None, type=int, help="Search depth instead of a time.")
@json_option
def analyse(
    rules: str,
    engine: str,
    position: str | None,
    moves: str,
    seconds: float,
    depth: int | None,
    as_json: bool,
) -> int:
    """Analyse a position of the variant of RULES with a UCI engine: the rule file is exported as
    a variants.ini section for the engine, and the engine's move is checked by the variant core
    (a move the core calls illegal is an FSF501 diagnostic, exit 1)."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.layout import Line, show
    from notation_toolkit.fsf.uci import UciEngine
    from notation_toolkit.variant import Variant

    if seconds <= 0 or seconds > 3600:
        return usage("--time must be between 0 and 3600 seconds")
    if depth is not None and not 1 <= depth <= 64:
        return usage("--depth must be from 1 to 64")
    text, status = _read(rules)
    if text is None:
        return status
    try:
        variant = Variant.from_text(text)
        pos = variant.position(position) if position is not None else variant.start()
        for mv in moves.split():
            pos.push(mv)
    except NotationError as exc:
        return report_error(exc, text, rules, as_json)
    try:
        with UciEngine(engine) as uci:
            name = uci.load_variant(variant)
            result = uci.analyse(pos, seconds=seconds, depth=depth)
    except NotationError as exc:
        return report_error(exc, None, engine, as_json)
    data = {
        "engine": uci.name,
        "variant": name,
        "bestmove": result.bestmove,
        "ponder": result.ponder,
        "score": result.score,
        "depth": result.depth,
        "pv": list(result.pv),
    }
    if as_json:
        print_json(data)
        return EXIT_OK
    show(Line(("bestmove ", "bold"), (result.bestmove, "green"), f"  ({uci.name}, {name})"))
    if result.score is not None:
        show(f"score {result.score}" + (f", depth {result.depth}" if result.depth else ""))
    if result.pv:
        show("pv " + " ".join(result.pv))
    return EXIT_OK
