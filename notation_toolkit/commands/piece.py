"""``ntk piece``: where can an MBN piece go? A move diagram (or JSON, or an SVG picture) for a square.

A root-layer command because it combines the piece compiler (``variant.pieces``, layer 2) with the
SVG face (``svg.piece_diagram``, layer 3) for ``--svg``.
"""

from __future__ import annotations

import click

from notation_toolkit.core.cli import EXIT_IO, EXIT_OK, json_option, print_json, report_error


@click.command("piece")
@click.argument("definition", required=False)
@click.option(
    "--board", "board", metavar="WxH", help="Board size (default: the rule file's boardsize, else 8x8)."
)
@click.option(
    "--wrap",
    type=click.Choice(["cylinder", "torus"]),
    help="Join the board's edges: the files (cylinder), or files and ranks (torus).",
)
@click.option("--from", "origin", metavar="SQUARE", required=True, help="The square the piece stands on.")
@click.option("--rules", "rules", type=click.Path(dir_okay=False), help="An FBR rule file with the piece.")
@click.option("--piece", "piece_key", metavar="KEY", help="The piece of --rules to show (Q, +P, :QD:).")
@click.option("--friends", default="", metavar="SQUARES", help="Friendly blockers: a1,b2 or 'a1 b2'.")
@click.option("--enemies", default="", metavar="SQUARES", help="Enemy blockers: a1,b2 or 'a1 b2'.")
@click.option("--side", type=click.Choice(["white", "black"]), default="white", show_default=True)
@click.option("--initial", is_flag=True, help="The piece has not moved yet (include its i moves).")
@click.option("--partial", is_flag=True, help="Show the executable parts even if some are not executable.")
@click.option(
    "--svg",
    "svg_file",
    type=click.Path(dir_okay=False, writable=True),
    metavar="FILE",
    help="Also write the diagram as an SVG picture to FILE.",
)
@json_option
def piece(
    definition: str | None,
    board: str | None,
    wrap: str | None,
    origin: str,
    rules: str | None,
    piece_key: str | None,
    friends: str,
    enemies: str,
    side: str,
    initial: bool,
    partial: bool,
    svg_file: str | None,
    as_json: bool,
) -> int:
    """Show where an MBN piece moves and captures from a square.

    \b
    ntk piece 'N=mN+cW' --board 8x8 --from d4
    ntk piece 'R' --from a1 --friends a4 --enemies c1
    ntk piece --rules chess.fbr --piece Q --from d1 --json
    ntk piece 'N=mN+cW' --from d4 --enemies d5 --svg knight.svg
    ntk piece N --from h2 --wrap cylinder
    """
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.geometry import Geometry
    from notation_toolkit.core.layout import Line, show
    from notation_toolkit.core.textio import decode
    from notation_toolkit.variant.pieces import BLACK, WHITE, compile_piece, compile_rule_file
    from notation_toolkit.variant.pieces.diagram import diagram_data, diagram_lines

    ctx = click.get_current_context()
    text: str | None = definition
    try:
        if rules is not None:
            if definition is not None:
                raise click.UsageError("give a DEFINITION or --rules/--piece, not both")
            if not piece_key:
                raise click.UsageError("--rules needs --piece KEY")
            try:
                with open(rules, "rb") as fh:
                    raw = fh.read()
            except OSError as exc:
                _error(f"cannot read {rules}: {exc.strerror}")
                ctx.exit(EXIT_IO)
            # as every text file is read (core.textio): not UTF-8 is NTK005, a leading BOM is dropped
            text = decode(raw, rules).text
            geometry = Geometry.parse(board) if board else None
            pieces = compile_rule_file(text, geometry, strict=not partial)
            if wrap is not None and pieces:
                # the rule file's board (its boardsize) with the edges joined
                found = next(iter(pieces.values())).geometry
                joined = found.wrapped(files=True, ranks=wrap == "torus" or found.wrap_ranks)
                pieces = compile_rule_file(text, joined, strict=not partial)
            if piece_key not in pieces:
                known = ", ".join(sorted(pieces)) or "none"
                raise click.UsageError(f"{rules} defines no piece {piece_key} (pieces: {known})")
            compiled = pieces[piece_key]
        else:
            if definition is None:
                raise click.UsageError("give a piece DEFINITION (e.g. 'N=mN+cW') or --rules FILE --piece KEY")
            geometry = Geometry.parse(board or "8x8")
            if wrap is not None:
                geometry = geometry.wrapped(files=True, ranks=wrap == "torus")
            compiled = compile_piece(definition, geometry, strict=not partial)
        g = compiled.geometry
        sq = g.parse_square(origin)
        data = diagram_data(
            compiled,
            sq,
            WHITE if side == "white" else BLACK,
            g.mask(friends),
            g.mask(enemies),
            initial=initial,
        )
    except NotationError as exc:
        ctx.exit(report_error(exc, text, rules, as_json))
    if svg_file is not None:
        from notation_toolkit.svg import piece_diagram

        image = piece_diagram(
            compiled,
            origin=origin,
            side=side,
            friends=g.names(data.friends),
            enemies=g.names(data.enemies),
            initial=initial,
        )
        try:
            with open(svg_file, "w", encoding="utf-8") as fh:
                fh.write(image)
        except OSError as exc:
            _error(f"cannot write {svg_file}: {exc.strerror}")
            ctx.exit(EXIT_IO)
    if as_json:
        out = data.to_dict()
        out["diagnostics"] = [d.to_dict() for d in compiled.diagnostics]
        print_json(out)
        ctx.exit(EXIT_OK)
    show(
        Line(
            (compiled.key, "bold"),
            f" = {compiled.definition}  on {g}{' ' + g.topology if g.wraps else ''} from {origin} ({side})",
        ),
        *diagram_lines(data),
        *(Line((d.code, "yellow"), f" not shown: {d.message}") for d in compiled.diagnostics),
    )
    ctx.exit(EXIT_OK)
    return EXIT_OK


def _error(message: str) -> None:
    """A refusal of ``ntk piece`` on standard error."""
    from notation_toolkit.core.layout import Line, show

    show(Line(("ntk piece:", "bold red"), " ", message), stderr=True)
