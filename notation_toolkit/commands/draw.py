"""``ntk draw``: a picture of a position, as SVG (or PNG through ``cairosvg``)."""

from __future__ import annotations

import sys

import click

from notation_toolkit.commands.rules import rules_option
from notation_toolkit.core.cli import (
    EXIT_IO,
    EXIT_OK,
    EXIT_USAGE,
    command,
    json_option,
    report_error,
)
from notation_toolkit.core.layout import Line, show


@command("draw", short_help="Draw a position as SVG or PNG.")
@click.argument("notation")
@click.argument("text")
@click.option(
    "-o", "--output", "output", type=click.Path(dir_okay=False), help="Write the picture to this file."
)
@click.option("--png", is_flag=True, help="Write PNG instead of SVG (needs the 'png' extra: cairosvg).")
@click.option("--size", type=click.IntRange(16, 20000), help="Width of the picture in pixels.")
@click.option("--flipped", is_flag=True, help="Seen from the second side (Black).")
@click.option("--no-coordinates", is_flag=True, help="Leave out file letters and rank numbers.")
@click.option(
    "--highlight",
    "highlight",
    multiple=True,
    metavar="SQUARE",
    help="Highlight a square (e4, c3B); repeatable.",
)
@click.option(
    "--arrow", "arrows", multiple=True, metavar="FROM-TO", help="Draw an arrow (e2-e4); repeatable."
)
@json_option
@rules_option
def draw_command(
    notation: str,
    text: str,
    output: str | None,
    png: bool,
    size: int | None,
    flipped: bool,
    no_coordinates: bool,
    highlight: tuple[str, ...],
    arrows: tuple[str, ...],
    as_json: bool,
    rules: str | None,
) -> None:
    """Draw the position TEXT written in NOTATION (feen, feen-legacy, fen, dfen).

    TEXT is the position itself, or '-' to read it from standard input. Without -o the SVG is
    written to standard output. An output name ending in .png implies --png. A FEEN text may
    start with '-' (ntk draw feen "-rnbq-k^bn-r/..." -o x.svg). With --rules FILE.fbr the FEN or
    FEEN text is read as a position of that variant by the variant core (any board size).

    \b
    Examples:
      ntk draw fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" -o e4.svg
      ntk draw feen "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL P/p S/s" -o shogi.png
    """
    sys.exit(
        _run(notation, text, output, png, size, flipped, no_coordinates, highlight, arrows, as_json, rules)
    )


def _run(
    notation: str,
    text: str,
    output: str | None,
    png: bool,
    size: int | None,
    flipped: bool,
    no_coordinates: bool,
    highlight: tuple[str, ...],
    arrows: tuple[str, ...],
    as_json: bool,
    rules: str | None = None,
) -> int:
    from pathlib import Path

    from notation_toolkit.core.cli import print_json
    from notation_toolkit.core.errors import NotationError, UnknownNameError
    from notation_toolkit.svg import draw, to_png

    if text == "-":
        from notation_toolkit.core.textio import read_text

        # as every command reads '-' (core.textio): closed stdin is EBADF (exit 3), bytes that
        # are not UTF-8 are NTK005, a leading BOM is dropped
        try:
            text = read_text("-").strip("\r\n")
        except NotationError as exc:
            return report_error(exc, None, "<stdin>", as_json)
    if rules is not None:
        from notation_toolkit.bulk.positions import read_position
        from notation_toolkit.commands.rules import check_notation, load_variant

        refused = check_notation(notation)
        if refused is not None:
            _error(refused)
            return EXIT_USAGE
        try:
            _rules_text, variant = load_variant(rules)
        except NotationError as exc:
            return report_error(exc, exc.text, rules, as_json)
        try:
            position = read_position(variant, notation, text)
        except NotationError as exc:
            return report_error(exc, text, None, as_json)
        # the picture needs the board, the hands and the side: FEEN's first three fields
        drawn, text = "feen", " ".join(position.feen().split(" ")[:3])
    else:
        drawn = notation
    if output is not None and output.lower().endswith(".png"):
        png = True
    if png and output is None:
        _error("--png needs an output file (-o board.png)")
        return EXIT_USAGE
    pairs: list[tuple[str, str]] = []
    for arrow in arrows:
        tail, sep, head = arrow.partition("-")
        if not sep or not tail or not head:
            _error(f"--arrow expects FROM-TO (e2-e4), got {arrow!r}")
            return EXIT_USAGE
        pairs.append((tail, head))
    try:
        picture = draw(
            drawn,
            text,
            size=size,
            flipped=flipped,
            coordinates=not no_coordinates,
            squares=list(highlight),
            arrows=pairs,
        )
    except UnknownNameError as exc:
        report_error(exc, None, None, as_json)
        return EXIT_USAGE
    except NotationError as exc:
        return report_error(exc, text, None, as_json)
    except KeyError as exc:
        _error(str(exc.args[0]))
        return EXIT_USAGE
    data: bytes
    if png:
        try:
            data = to_png(picture)
        except ModuleNotFoundError as exc:
            _error(str(exc))
            return EXIT_USAGE
    else:
        data = picture.encode("utf-8")
    if output is None:
        if not as_json:
            sys.stdout.write(picture)
    else:
        try:
            Path(output).write_bytes(data)
        except OSError as exc:
            _error(f"cannot write {output!r}: {exc.strerror or exc}")
            return EXIT_IO
    if as_json:
        record: dict[str, object] = {
            "notation": notation,
            "output": output,
            "format": "png" if png else "svg",
        }
        record["bytes"] = len(data)
        if output is None:
            record["svg"] = str(picture)
        print_json(record)
    elif output is not None:
        show(f"wrote {output} ({len(data)} bytes)", stderr=True)
    return EXIT_OK


def _error(message: str) -> None:
    """A refusal of ``ntk draw`` on standard error."""
    show(Line(("ntk draw:", "bold red"), " ", message), stderr=True)
