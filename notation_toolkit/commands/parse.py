"""``ntk parse NOTATION TEXT``: print the AST as a rich tree (or JSON)."""

from __future__ import annotations

from typing import Any

import click

from notation_toolkit.commands.common import notation_kwargs, notation_options, read_text_arg
from notation_toolkit.core.cli import EXIT_OK, command, json_option, print_json, report_error


@command("parse", short_help="Parse TEXT and print its AST.")
@click.argument("notation")
@click.argument("text")
@json_option
@notation_options
def parse(notation: str, text: str, as_json: bool, grammar: str | None, options: dict[str, Any]) -> int:
    """Parse TEXT in NOTATION (see `ntk notations`) and print its AST; TEXT '-' reads standard input."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.layout import show
    from notation_toolkit.core.registry import get_notation
    from notation_toolkit.core.tree import to_data, to_tree

    text = read_text_arg(text)
    try:
        found = get_notation(notation)
        ast = found.parse(text, **notation_kwargs(grammar, options))
    except NotationError as exc:
        return report_error(exc, text, None, as_json)
    if as_json:
        print_json({"notation": found.name, "valid": True, "ast": to_data(ast)})
    else:
        show(to_tree(ast, found.name))
    return EXIT_OK
