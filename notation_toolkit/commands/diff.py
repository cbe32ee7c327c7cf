"""``ntk diff A B``: compare two FBR variants, pieces by their moves.

The FBR comparison (``ntk diff`` of the FBR compiler, ``notation_toolkit.fbr.expand``) compares the
files after expansion and with their defaults written out; this command adds what the notation
layer cannot know: two definitions of a piece that are spelled differently but move the same way
(``R`` and ``R=W0``, ``Q=RB`` and ``Q=W0+F0``) are the same piece (``variant.pieces.compare``). A
piece that really moves differently stays a change naming the piece. Exit 0 when the variants are
the same, 1 when they differ, 2 for a usage error or a file that cannot be read or parsed.
"""

from __future__ import annotations

import click

from notation_toolkit.core.cli import EXIT_OK, EXIT_USAGE, command, json_option, print_json
from notation_toolkit.fbr.expand.cli import (
    EXIT_DIFFERENT,
    _read,
    _render_diff,
    _report,
    _templates,
    _templates_option,
)


@command("diff", short_help="Compare two FBR variants (exit 0 equal, 1 different, 2 error).")
@click.argument("a", metavar="A")
@click.argument("b", metavar="B")
@click.option("--no-expand", is_flag=True, help="Compare the files as written (no expansion).")
@click.option("--no-defaults", is_flag=True, help="Do not write out the defaults first.")
@_templates_option
@click.option(
    "--text-only", is_flag=True, help="Compare piece definitions as text (do not compile the pieces)."
)
@json_option
def diff(
    a: str, b: str, no_expand: bool, no_defaults: bool, templates: str | None, text_only: bool, as_json: bool
) -> int:
    """What variant B adds to, removes from and changes in variant A, compared after expansion and
    with the documented defaults written out; pieces are compared by their moves (R = W0)."""
    from notation_toolkit.core.codes import NTK005
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr.expand import _api
    from notation_toolkit.fbr.expand.compare import diff as text_diff
    from notation_toolkit.variant.pieces.compare import PieceAwareDiff, compare_rule_files

    texts: dict[str, str] = {}
    try:
        table = _templates(templates)
        for path in (a, b):
            if path == "-" and "-" in texts:
                raise NTK005.error(NotationError, "two_stdin")
            texts[path] = _read(path)
        files = []
        for path in (a, b):
            try:
                files.append(_api.parse_rule_file(texts[path]))
            except NotationError as exc:
                _report(exc, texts[path], path, as_json)
                return EXIT_USAGE
        expand, defaults = not no_expand, not no_defaults
        if text_only:
            plain = text_diff(files[0], files[1], expand=expand, explicit_defaults=defaults, templates=table)
            outcome = PieceAwareDiff(plain, compiled=False)
        else:
            outcome = compare_rule_files(
                files[0], files[1], expand=expand, explicit_defaults=defaults, templates=table
            )
    except NotationError as exc:
        _report(exc, exc.text, None, as_json)
        return EXIT_USAGE
    if as_json:
        print_json({"a": a, "b": b, **outcome.to_dict()})
    else:
        _render_diff(outcome.result, a, b)
        if outcome.same_moves:
            from notation_toolkit.core.layout import Line, show

            show(
                Line(("pieces written differently that move the same way:", "dim")),
                *(
                    Line("  ", (change.key, "cyan"), f": {change.old}  =  {change.new}")
                    for change in outcome.same_moves
                ),
            )
    return EXIT_OK if outcome.equal else EXIT_DIFFERENT
