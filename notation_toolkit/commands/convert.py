"""``ntk convert SOURCE TARGET TEXT``: convert between notations, saying what is lost."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, NamedTuple

import click

from notation_toolkit.commands.common import read_text_arg
from notation_toolkit.commands.rules import rules_option
from notation_toolkit.commands.stream import bulk_options
from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_OK,
    command,
    json_option,
    print_json,
    report_error,
    usage,
)
from notation_toolkit.core.layout import Line, Table, show

if TYPE_CHECKING:
    from notation_toolkit.variant import Variant


@command("convert", short_help="Convert TEXT (or files of positions) from one notation to another.")
@click.argument("source", required=False)
@click.argument("target", required=False)
@click.argument("text", required=False)
@click.option("--list", "list_only", is_flag=True, help="List the available conversions.")
@click.option(
    "-i",
    "--input",
    "inputs",
    multiple=True,
    metavar="FILE",
    help="Convert every line of FILE instead of TEXT ('-': standard input; repeatable; quoted "
    "globs expanded).",
)
@json_option
@bulk_options
@rules_option
def convert(
    source: str | None,
    target: str | None,
    text: str | None,
    list_only: bool,
    inputs: tuple[str, ...],
    as_json: bool,
    jobs: int | None,
    dask: str | None,
    rules: str | None,
) -> int:
    """Convert TEXT ('-' reads standard input) from notation SOURCE to TARGET.

    The converted text goes to standard output and what the conversion loses to standard error.
    With --input FILE (one position per line, '#' comment and blank lines skipped) every line is
    converted, streamed in constant memory on every core (--jobs) or a Dask cluster (--dask
    [ADDRESS]): one output line per position, in input order; the positions that cannot be
    converted are reported on standard error and the exit code is 1.

    With --rules FILE.fbr, SOURCE and TARGET are fen or feen, and positions are read and written
    as positions of that variant by the variant core (any board size, its pieces and hands),
    e.g. ntk convert fen feen --rules capablanca.fbr "rnabqkbcnr/pppppppppp/10/.../RNABQKBCNR w KQkq - 0 1".
    """
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import conversions, get_conversion

    if list_only:
        convs = conversions()
        if as_json:
            print_json([{"from": s, "to": t, "loses": c.loses} for (s, t), c in sorted(convs.items())])
        else:
            table = Table(title="conversions", title_justify="left")
            for col in ("from", "to", "what it loses"):
                table.add_column(col)
            for (s, t), c in sorted(convs.items()):
                table.add_row(s, t, c.loses)
            show(table)
        return EXIT_OK
    rules_text: str | None = None
    if rules is not None and source and target:
        from notation_toolkit.commands.rules import check_notation, load_variant

        refused = check_notation(source, "SOURCE") or check_notation(target, "TARGET")
        if refused is not None:
            return usage(refused)
        source, target = source.lower(), target.lower()
        try:
            rules_text, variant = load_variant(rules)
        except NotationError as exc:
            return report_error(exc, exc.text, rules, as_json)
    if inputs and source and target and text is None:
        return _convert_files(
            source, target, inputs, as_json=as_json, jobs=jobs, dask=dask, rules_text=rules_text
        )
    if not (source and target and text is not None) or inputs:
        return usage(
            "usage: ntk convert SOURCE TARGET TEXT, ntk convert SOURCE TARGET -i FILE... (or --list)"
        )
    text = read_text_arg(text)
    if rules_text is not None:
        return _convert_variant(variant, source, target, text, as_json)
    try:
        conv = get_conversion(source, target)
        out = conv.convert(text)
    except NotationError as exc:
        return report_error(exc, text, None, as_json)
    if as_json:
        print_json(
            {"from": conv.source, "to": conv.target, "input": text, "output": out, "loses": conv.loses}
        )
    else:
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        show(_loses_line(conv.source, conv.target, conv.loses), stderr=True)
    return EXIT_OK


def _convert_variant(variant: Variant, source: str, target: str, text: str, as_json: bool) -> int:
    """``convert --rules``: one position of the variant, read and written by the core."""
    from notation_toolkit.bulk.positions import read_position, write_position
    from notation_toolkit.commands.rules import LOSES
    from notation_toolkit.core.errors import NotationError

    try:
        out = write_position(read_position(variant, source, text), target)
    except NotationError as exc:
        return report_error(exc, text, None, as_json)
    loses = LOSES[source, target]
    if as_json:
        print_json(
            {
                "from": source,
                "to": target,
                "variant": variant.name,
                "input": text,
                "output": out,
                "loses": loses,
            }
        )
    else:
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        show(_loses_line(source, target, loses, variant.name), stderr=True)
    return EXIT_OK


def _convert_files(
    source: str,
    target: str,
    paths: tuple[str, ...],
    *,
    as_json: bool,
    jobs: int | None,
    dask: str | None,
    rules_text: str | None = None,
) -> int:
    """``convert -i FILE...``: every line of the files, streamed through ``notation_toolkit.bulk``.

    JSON is written as it comes (``results`` in input order, then ``valid``), so memory stays
    constant whatever the size of the input.
    """
    import json

    from notation_toolkit.bulk import Task
    from notation_toolkit.commands.stream import (
        expand_globs,
        open_input,
        run_inputs,
        split_dask,
        unique_inputs,
    )
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import get_conversion, get_notation
    from notation_toolkit.core.render import show_diagnostics
    from notation_toolkit.core.textio import StreamDecodeError

    dask, extra = split_dask(dask, ())
    variant_name: str | None = None
    try:
        if rules_text is not None:
            from notation_toolkit.bulk.positions import variant_of
            from notation_toolkit.commands.rules import LOSES

            conv = Conversion(source, target, LOSES[source, target])
            variant_name = variant_of(rules_text).name
        else:
            found_conv = get_conversion(source, target)
            conv = Conversion(found_conv.source, found_conv.target, found_conv.loses)
        found = get_notation(conv.source)
        task = Task.make("convert", conv.source, conv.target, rules=rules_text)
        opened = [open_input(path, found) for path in expand_globs([*extra, *paths])]
    except NotationError as exc:
        return report_error(exc, exc.text, None, as_json)
    if dask is not None:
        opened = unique_inputs(opened)
    ok = True
    first = True
    if as_json:
        fields = {"from": conv.source, "to": conv.target, "loses": conv.loses}
        if variant_name is not None:
            fields["variant"] = variant_name
        head = json.dumps(fields, ensure_ascii=False)
        sys.stdout.write(head[:-1] + ', "results": [')
    try:
        for index, result in run_inputs(opened, lambda _i: task, jobs=jobs, dask=dask):
            path = opened[index].path
            if result.output is None:
                ok = False
            if as_json:
                record = {
                    "source": path,
                    "line": result.line + 1,
                    "input": result.text,
                    "output": result.output,
                    "diagnostics": [d.to_dict() for d in result.located()],
                }
                sys.stdout.write(("\n  " if first else ",\n  ") + json.dumps(record, ensure_ascii=False))
                first = False
            elif result.output is None:
                show_diagnostics(result.located(), result.text, path, base=result.offset, stderr=True)
            else:
                sys.stdout.write(result.output + "\n")
    except StreamDecodeError as exc:  # bytes that are not UTF-8 in standard input
        ok = False
        if as_json:
            sys.stdout.write(
                ("\n  " if first else ",\n  ")
                + json.dumps(
                    {"source": "-", "error": [d.to_dict() for d in exc.diagnostics]}, ensure_ascii=False
                )
            )
        else:
            show_diagnostics(exc.diagnostics, exc.text, "-", base=exc.text_offset, stderr=True)
    if as_json:
        sys.stdout.write(("\n" if not first else "") + '], "valid": ' + ("true" if ok else "false") + "}\n")
    else:
        show(_loses_line(conv.source, conv.target, conv.loses, variant_name), stderr=True)
    return EXIT_OK if ok else EXIT_INVALID


class Conversion(NamedTuple):
    """What ``convert -i`` says of the conversion it runs."""

    source: str
    target: str
    loses: str


def _loses_line(source: str, target: str, loses: str, variant: str | None = None) -> Line:
    """What a conversion loses, said on standard error after the result."""
    through = f" ({variant})" if variant else ""
    return Line((f"{source} → {target}{through} loses: {loses}", "dim"))
