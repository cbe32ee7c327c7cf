"""``ntk explain [CODE]``: the long explanation of a diagnostic code, or the list of codes."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult


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
        from rich.table import Table

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
        out.print(markdown(found.explanation))
    return EXIT_OK


# --------------------------------------------------------------------------------------------
# Markdown without markdown-it for the common case

# Outside code spans, anything that could be Markdown syntax other than a paragraph: emphasis,
# links, HTML, entities, escapes, strikethrough, tables.
_SYNTAX = re.compile(r"[*_\[\]<>&\\~|\t\r]")
# Lines that could open a block: lists, headings, setext underlines, fences; leading or
# trailing white space (indented code, hard breaks).
_BLOCK_LINE = re.compile(r"^(?:[-+#=>]|\d+[.)]|```|\s)|\s$")


def markdown(text: str) -> RenderableType:
    """``text`` (Markdown) as ``rich.markdown.Markdown`` renders it.

    Most explanations are paragraphs of words and `code` spans; those are rendered here, segment
    for segment as rich renders them, without importing markdown-it and pygments (about 15 ms of
    ``ntk explain``'s start-up). Anything else goes to ``rich.markdown``.
    """
    paragraphs = _simple_paragraphs(text)
    if paragraphs is None:
        from rich.markdown import Markdown

        return Markdown(text)
    return _Paragraphs(paragraphs)


def _simple_paragraphs(text: str) -> list[list[tuple[str, bool]]] | None:
    """The paragraphs of ``text`` as (piece, is code) runs, or None when ``text`` uses more
    Markdown than paragraphs, soft line breaks and single-backtick code spans.

    The runs are those markdown-it gives rich: a text run per line, a ``" "`` run for each soft
    line break, a run per code span (its line breaks read as spaces), so that even the styled
    segments on a terminal are rich's own.
    """
    if not text or text != text.strip():
        return None
    paragraphs: list[list[tuple[str, bool]]] = []
    for block in re.split(r"\n{2,}", text):
        if any(not line or _BLOCK_LINE.search(line) for line in block.split("\n")):
            return None
        if "``" in block:  # a run of backticks opens or closes only a span of the same run
            return None
        parts = block.split("`")
        if len(parts) % 2 == 0:  # an unpaired backtick
            return None
        pieces: list[tuple[str, bool]] = []
        for index, part in enumerate(parts):
            if index % 2 == 1:
                code = part.replace("\n", " ")
                # empty spans and CommonMark's stripping of a space on both sides of a
                # span are left to markdown-it
                if not code or code != code.strip(" "):
                    return None
                pieces.append((code, True))
                continue
            if _SYNTAX.search(part):
                return None
            for number, line in enumerate(part.split("\n")):
                if number:
                    pieces.append((" ", False))  # a soft line break
                if line:
                    pieces.append((line, False))
        paragraphs.append(pieces)
    return paragraphs


class _Paragraphs:
    """Paragraphs rendered as ``rich.markdown`` renders them: each a left-justified ``Text`` in
    the style ``markdown.paragraph`` (code spans also ``markdown.code``), one blank line between."""

    def __init__(self, paragraphs: list[list[tuple[str, bool]]]) -> None:
        self.paragraphs = paragraphs

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.segment import Segment
        from rich.text import Text

        options = options.update(height=None)
        # the styles rich.markdown stacks: the document's ("none"), the paragraph's, the code's
        paragraph = console.get_style("none", default="none") + console.get_style(
            "markdown.paragraph", default="none"
        )
        code = paragraph + console.get_style("markdown.code", default="none")
        for index, pieces in enumerate(self.paragraphs):
            if index:
                yield Segment.line()
            text = Text(justify="left")
            for piece, is_code in pieces:
                text.append(piece, code if is_code else paragraph)
            yield from console.render(text, options)
