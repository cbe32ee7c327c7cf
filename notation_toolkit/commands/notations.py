"""``ntk notations``: list the available notations."""

from __future__ import annotations

from notation_toolkit.core.cli import EXIT_OK, command, json_option, print_json


@command("notations", short_help="List the available notations.")
@json_option
def notations(as_json: bool) -> int:
    """List the available notations: name, file extensions, grammar and options."""
    from notation_toolkit.core.layout import Table, show
    from notation_toolkit.core.registry import get_notation, notation_names

    rows = [get_notation(n) for n in notation_names()]
    if as_json:
        print_json(
            [
                {
                    "name": n.name,
                    "title": n.title,
                    "extensions": list(n.extensions),
                    "grammar": n.grammar,
                    "options": dict(n.options),
                }
                for n in rows
            ]
        )
        return EXIT_OK
    table = Table(title="notations", title_justify="left")
    for col in ("name", "title", "files", "grammar", "options"):
        table.add_column(col)
    for n in rows:
        table.add_row(n.name, n.title, " ".join(n.extensions), n.grammar or "", ", ".join(n.options))
    show(table)
    return EXIT_OK
