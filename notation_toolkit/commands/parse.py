"""``ntk parse NOTATION TEXT``: print the AST as a rich tree (or JSON)."""

from __future__ import annotations

from typing import Any

import click

from notation_toolkit.commands.common import notation_kwargs, notation_options, read_text_arg
from notation_toolkit.commands.rules import rules_option
from notation_toolkit.core.cli import (
    EXIT_OK,
    command,
    console,
    json_option,
    print_json,
    report_error,
    usage,
)


@command("parse", short_help="Parse TEXT and print its AST.")
@click.argument("notation")
@click.argument("text")
@json_option
@notation_options
@rules_option
def parse(
    notation: str, text: str, as_json: bool, grammar: str | None, options: dict[str, Any], rules: str | None
) -> int:
    """Parse TEXT in NOTATION (see `ntk notations`) and print its AST; TEXT '-' reads standard input.

    With --rules FILE.fbr, TEXT (FEN or FEEN) is read as a position of that variant by the variant
    core, and the board, its FEEN and its FEN are printed.
    """
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.layout import show
    from notation_toolkit.core.registry import get_notation
    from notation_toolkit.core.tree import to_data, to_tree

    if rules is not None:
        return _parse_variant(notation, text, rules, as_json, bool(grammar or options))
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


def _parse_variant(notation: str, text: str, rules: str, as_json: bool, notation_settings: bool) -> int:
    """``parse --rules``: the position as the variant core reads it."""
    from notation_toolkit.commands.rules import check_notation, load_variant
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.layout import Line, show

    refused = check_notation(notation)
    if refused is None and notation_settings:
        refused = "--rules reads positions through the variant core: --grammar and --set do not apply"
    if refused is not None:
        return usage(refused)
    try:
        _rules_text, variant = load_variant(rules)
    except NotationError as exc:
        return report_error(exc, exc.text, rules, as_json)
    text = read_text_arg(text)
    from notation_toolkit.bulk.positions import read_position

    try:
        position = read_position(variant, notation, text)
    except NotationError as exc:
        return report_error(exc, text, None, as_json)
    feen = position.feen()
    try:
        fen: str | None = position.fen()
    except NotationError:
        fen = None  # a board FEN cannot hold: FEEN only
    geometry = position.core.geometry
    if as_json:
        print_json(
            {
                "notation": notation.lower(),
                "variant": variant.name,
                "valid": True,
                "board": [geometry.width, geometry.height],
                "feen": feen,
                "fen": fen,
            }
        )
        return EXIT_OK
    from notation_toolkit.variant.cli import board_view

    show(Line((f"{variant.name}", "bold"), f" ({geometry.width}x{geometry.height})"))
    console().print(board_view(position))
    show(Line(("FEEN ", "dim"), feen))
    show(Line(("FEN  ", "dim"), fen if fen is not None else "(none: FEN cannot hold this board)"))
    return EXIT_OK
