"""``ntk tour [DIR]``: check every example file and print a report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from notation_toolkit.commands.common import file_items, read_file
from notation_toolkit.core.cli import EXIT_INVALID, EXIT_OK, command, console, json_option, print_json, usage

if TYPE_CHECKING:
    from notation_toolkit.core.diagnostics import Diagnostic


@command("tour", short_help="Check every file in examples/ and print a report.")
@click.argument("directory", required=False, default="examples")
@click.option(
    "--show",
    type=int,
    default=8,
    show_default=True,
    metavar="N",
    help="Show N diagnostics of invalid examples.",
)
@json_option
def tour(directory: str, show: int, as_json: bool) -> int:
    """Check every example file under DIRECTORY (default: examples) and print a report.

    Files whose name contains 'invalid' are showcases of diagnostics: every item in them must be
    rejected (and a few of their diagnostics are shown). Every other file must be entirely valid.
    The exit code is 0 when every file behaves as its name says.
    """
    from rich.panel import Panel
    from rich.table import Table

    from notation_toolkit.core.diagnostics import Severity
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import notation_for_path
    from notation_toolkit.core.render import render_rich

    out = console()
    if not out.is_terminal:
        # Logs and pipes get rich's 80 columns by default, too narrow for the report table.
        out = console(width=110)
    root = Path(directory)
    if not root.is_dir():
        return usage(f"{root} is not a directory (run the tour from the project root)")
    files = sorted(p for p in root.rglob("*") if p.is_file() and notation_for_path(p) is not None)
    manifest = _tour_manifest(root)
    table = Table(title=f"ntk tour of {root}/", title_justify="left")
    table.add_column("file", no_wrap=True)
    table.add_column("notation", no_wrap=True)
    for col in ("items", "valid", "invalid", "warn"):
        table.add_column(col, justify="right", no_wrap=True)
    table.add_column("as expected", no_wrap=True)
    failures = 0
    showcase: list[tuple[Path, str, list[Diagnostic]]] = []
    report: list[dict[str, Any]] = []
    for path in files:
        notation = notation_for_path(path)
        assert notation is not None
        expect_invalid = "invalid" in path.name
        options = manifest.get(path.relative_to(root).as_posix(), {})
        ok = bad = warns = shown_here = 0
        wrong: list[str] = []
        try:
            text = read_file(str(path)).text
        except NotationError as exc:
            text = ""
            wrong.append(f"{exc.diagnostics[0].code} {exc.diagnostics[0].message}")
        items = file_items(text, notation) if not wrong else []
        for item_text, offset, line_index in items:
            try:
                diags = notation.check(item_text, **options)
            except NotationError as exc:
                diags = list(exc.diagnostics)
            errors = [d for d in diags if d.severity is Severity.ERROR]
            warns += sum(1 for d in diags if d.severity is Severity.WARNING)
            if errors:
                bad += 1
                if not expect_invalid:
                    wrong.append(f"line {line_index + 1}: {errors[0].code} {errors[0].message}")
            else:
                ok += 1
                if expect_invalid and not diags:
                    wrong.append(f"line {line_index + 1}: no diagnostic, but the file expects one per item")
            # A couple of diagnostics per invalid file, so the showcase covers every notation.
            if expect_invalid and diags and len(showcase) < show and shown_here < 2:
                showcase.append((path, text, [d.shifted(offset, line_index) for d in diags[:1]]))
                shown_here += 1
        verdict = "[green]yes[/]" if not wrong else f"[red]no ({len(wrong)})[/]"
        failures += bool(wrong)
        table.add_row(
            str(path.relative_to(root)), notation.name, str(ok + bad), str(ok), str(bad), str(warns), verdict
        )
        report.append(
            {
                "file": str(path),
                "notation": notation.name,
                "valid": ok,
                "invalid": bad,
                "warnings": warns,
                "expect_invalid": expect_invalid,
                "unexpected": wrong,
            }
        )
    if as_json:
        print_json({"ok": failures == 0, "files": report})
        return EXIT_OK if failures == 0 else EXIT_INVALID
    out.print(table)
    for entry in report:
        for line in entry["unexpected"][:5]:
            out.print(f"[red]{entry['file']}[/] {line}")
    if showcase:
        out.print(Panel.fit("a few of the diagnostics the invalid examples produce", style="bold"))
        for path, text, diags in showcase:
            render_rich(out, diags, text, str(path))
    total = len(files)
    if failures:
        out.print(f"[bold red]{failures} of {total} example files did not behave as expected[/]")
        return EXIT_INVALID
    out.print(f"[bold green]all {total} example files behave as expected[/]")
    return EXIT_OK


def _tour_manifest(root: Path) -> dict[str, dict[str, str]]:
    """Options some example files need (``tour.json``: file -> {option: value}).

    Values naming files (a catalog, an extension grammar) are relative to the examples directory.
    """
    path = root / "tour.json"
    if not path.is_file():
        return {}
    raw: dict[str, dict[str, str]] = json.loads(read_file(str(path)).text)
    resolved: dict[str, dict[str, str]] = {}
    for name, options in raw.items():
        resolved[name] = {k: str(root / v) if k in ("grammar", "catalog") else v for k, v in options.items()}
    return resolved
