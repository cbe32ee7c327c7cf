"""Notebook views: what Jupyter shows for positions (SVG) and for diagnostics (HTML).

AST and game classes add one-line hooks that call these functions::

    def _repr_svg_(self) -> str | None:
        from notation_toolkit.core.display import repr_svg
        return repr_svg(self)

``repr_svg`` finds the picture code (``notation_toolkit.svg``, a layer above the core) through
``importlib`` at call time, so the core never imports upward. ``repr_html`` renders diagnostics
with the same rich rendering as the terminal (``core.render.render_rich``), exported as HTML.
"""

from __future__ import annotations

import importlib
import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import NotationError

if TYPE_CHECKING:
    from rich.console import Console

SVG_MODULE = "notation_toolkit.svg"
_WIDTH = 100  # columns of the rich console that renders diagnostics for HTML
_PRE = (
    "<pre style=\"font-family:Menlo,'DejaVu Sans Mono',Consolas,monospace;"
    'font-size:13px;line-height:1.35;white-space:pre-wrap">{code}</pre>'
)


def repr_svg(obj: object) -> str | None:
    """The SVG picture of a position (FEEN, FEN, DFEN, Dice Chess ``Position``/``Game``), else None.

    ``None`` (what IPython expects from a ``_repr_*_`` hook that has nothing to show) when the
    picture module is not installed or the object is not a position it can draw.
    """
    try:
        svg = importlib.import_module(SVG_MODULE)
    except ModuleNotFoundError:
        return None
    try:
        return str(svg.board(obj))
    except TypeError:
        return None


@dataclass(frozen=True, slots=True)
class Checked:
    """A checked text and its diagnostics, shown in a notebook as a table (``repr_html``).

    ``Checked(fbr.check(text), text, "variant.fbr")`` displays like ``ntk check``.
    """

    diagnostics: tuple[Diagnostic, ...]
    text: str | None = None
    source: str | None = None
    title: str = field(default="", compare=False)

    @property
    def valid(self) -> bool:
        """True when no diagnostic is an error."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    def _repr_html_(self) -> str:
        return diagnostics_table_html(self.diagnostics, self.text, self.source)


def _console() -> Console:
    from rich.console import Console

    # A fixed width and colour system so that the HTML is the same on every machine.
    return Console(
        record=True, file=io.StringIO(), width=_WIDTH, color_system="truecolor", force_terminal=True
    )


def _export(console: Console) -> str:
    return console.export_html(inline_styles=True, code_format=_PRE)


def diagnostics_html(
    diagnostics: Sequence[Diagnostic], text: str | None = None, source: str | None = None
) -> str:
    """Diagnostics as HTML: the terminal rendering of ``ntk check`` (location, line, caret, hint, fix)."""
    from notation_toolkit.core.render import render_rich

    console = _console()
    render_rich(console, diagnostics, text, source)
    return _export(console)


def diagnostics_table_html(
    diagnostics: Sequence[Diagnostic], text: str | None = None, source: str | None = None
) -> str:
    """A checked text as HTML: a summary table (line, severity, code, message, hint) and the details."""
    from rich.table import Table

    from notation_toolkit.core.render import render_rich

    console = _console()
    errors = sum(1 for d in diagnostics if d.severity is Severity.ERROR)
    verdict = "valid" if errors == 0 else "invalid"
    name = source or "input"
    table = Table(title=f"{name}: {verdict}, {len(diagnostics)} diagnostic(s)", title_justify="left")
    for column in ("line", "severity", "code", "message", "hint"):
        table.add_column(column)
    styles = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow", Severity.INFO: "bold blue"}
    for d in diagnostics:
        where = f"{d.span.line}:{d.span.column}" if d.span is not None else ""
        table.add_row(
            where,
            f"[{styles[d.severity]}]{d.severity.value}[/]",
            d.code,
            _plain(d.message),
            _plain(d.hint or ""),
        )
    console.print(table)
    if diagnostics:
        render_rich(console, diagnostics, text, source)
    return _export(console)


def _plain(value: str) -> str:
    # Messages quote the user's text, which may hold '[': keep rich from reading it as markup.
    from rich.markup import escape

    return escape(value)


def repr_html(obj: object) -> str | None:
    """HTML for a ``Diagnostic``, a ``NotationError``, a ``Checked``, a list of diagnostics or any
    object with a ``diagnostics`` list (and optional ``text``, ``source``), else None."""
    if isinstance(obj, NotationError):
        return diagnostics_html(obj.diagnostics, obj.text)
    if isinstance(obj, Diagnostic):
        return diagnostics_html([obj])
    if isinstance(obj, Checked):
        return diagnostics_table_html(obj.diagnostics, obj.text, obj.source)
    if isinstance(obj, list | tuple) and all(isinstance(d, Diagnostic) for d in obj):
        return diagnostics_table_html(list(obj))
    # Any result object that carries its diagnostics (and, optionally, the text and its source).
    found = getattr(obj, "diagnostics", None)
    if isinstance(found, list | tuple) and all(isinstance(d, Diagnostic) for d in found):
        text = getattr(obj, "text", None)
        source = getattr(obj, "source", None)
        return diagnostics_table_html(
            list(found), text if isinstance(text, str) else None, source if isinstance(source, str) else None
        )
    return None


# Diagnostics and errors show themselves in notebooks. The hook is set from here, not written in
# their classes, so that core.diagnostics and core.errors do not import their own HTML rendering
# (which imports them): core/__init__.py imports this module, so the hook is always present.
setattr(Diagnostic, "_repr_html_", repr_html)  # noqa: B010
setattr(NotationError, "_repr_html_", repr_html)  # noqa: B010
