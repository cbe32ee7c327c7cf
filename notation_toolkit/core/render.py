"""Rendering diagnostics: plain text (logs, tests), JSON (tools) and rich (terminals)."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.layout import Line, console, plain_output

if TYPE_CHECKING:
    from rich.console import Console

_WINDOW = 100  # characters of a long line shown around the span


def _width(ch: str) -> int:
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _visible(ch: str) -> str:
    # Control characters would move the caret or break the terminal: show a placeholder.
    if ch == "\t":
        return "→"
    if ord(ch) < 0x20 or ord(ch) == 0x7F:
        return "␀" if ch == "\x00" else "�"
    return ch


def source_excerpt(text: str, diagnostic: Diagnostic, base: int = 0) -> tuple[str, str] | None:
    """The source line of the diagnostic (windowed if long) and a caret line under its span.

    ``base``: where ``text`` starts in the source the span's offset counts in (a streamed line
    is shown with the offsets of its whole file).
    """
    span = diagnostic.span
    if span is None or not text:
        return None
    offset = span.offset - base
    if base and not 0 <= offset <= len(text):  # a span outside the part shown
        return None
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("\n", offset)
    if end == -1:
        end = len(text)
    line = text[start:end].rstrip("\r")
    col = offset - start
    length = max(1, min(span.length, max(len(line) - col, 1)))
    lo = 0
    prefix = suffix = ""
    if len(line) > _WINDOW:
        lo = max(0, col - _WINDOW // 2)
        hi = min(len(line), max(lo + _WINDOW, col + min(length, _WINDOW // 2)))
        prefix = "…" if lo > 0 else ""
        suffix = "…" if hi < len(line) else ""
        line_shown = line[lo:hi]
    else:
        line_shown = line
    shown = prefix + "".join(_visible(c) for c in line_shown) + suffix
    pad = (1 if prefix else 0) + sum(_width(c) for c in line_shown[: col - lo])
    under = sum(_width(c) for c in line_shown[col - lo : col - lo + length]) or 1
    caret = " " * pad + "^" + "~" * (under - 1)
    return shown, caret


def _location(source: str | None, diagnostic: Diagnostic) -> str:
    where = source or "<input>"
    if diagnostic.span is not None:
        where += f":{diagnostic.span.line}:{diagnostic.span.column}"
    return where


def render_text(diagnostics: Sequence[Diagnostic], text: str | None = None, source: str | None = None) -> str:
    """Plain-text rendering: ``where: severity CODE: message``, the line, a caret, hint and fix."""
    out: list[str] = []
    for d in diagnostics:
        out.append(f"{_location(source, d)}: {d.severity.value} {d.code}: {d.message}")
        excerpt = source_excerpt(text, d) if text is not None else None
        if excerpt:
            out.append("  " + excerpt[0])
            out.append("  " + excerpt[1])
        if d.hint:
            out.append(f"  hint: {d.hint}")
        if d.fix:
            out.append(f"  fix: {d.fix.description}: {d.fix.replacement!r}")
    return "\n".join(out)


def diagnostics_data(
    diagnostics: Sequence[Diagnostic], text: str | None = None, source: str | None = None
) -> dict[str, Any]:
    """JSON-ready record: the source name, validity and each diagnostic."""
    return {
        "source": source,
        "valid": not any(d.severity is Severity.ERROR for d in diagnostics),
        "diagnostics": [d.to_dict() for d in diagnostics],
    }


def render_json(diagnostics: Sequence[Diagnostic], text: str | None = None, source: str | None = None) -> str:
    """JSON rendering (one object; see ``diagnostics_data``)."""
    import json

    return json.dumps(diagnostics_data(diagnostics, text, source), ensure_ascii=False, indent=2)


_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow", Severity.INFO: "bold blue"}
_GUTTER = ("  │ ", "dim")


def _split_at_cell(line: str, cells: int) -> int:
    """The index of the character of ``line`` that starts at terminal cell ``cells``."""
    width = 0
    for index, ch in enumerate(line):
        if width >= cells:
            return index
        width += _width(ch)
    return len(line)


def diagnostic_lines(
    diagnostics: Sequence[Diagnostic], text: str | None = None, source: str | None = None, *, base: int = 0
) -> list[tuple[Line, bool]]:
    """The lines that show diagnostics on a terminal (and, without styles, in a pipe): location,
    code and message; the source line with the span underlined and a caret line under it; the
    hint and the fix. Each line comes with whether rich should leave it unwrapped (the source and
    caret lines must not wrap, or the caret would no longer point at the span).

    ``text`` is the source, or a part of it starting at offset ``base`` (one streamed line)."""
    out: list[tuple[Line, bool]] = []
    for d in diagnostics:
        style = _STYLE[d.severity]
        head = Line(
            (_location(source, d), "bold"), ": ", (f"{d.severity.value}[{d.code}]", style), ": ", d.message
        )
        out.append((head, True))
        excerpt = source_excerpt(text, d, base) if text is not None else None
        if excerpt:
            line, caret = excerpt
            pad = len(caret) - len(caret.lstrip(" "))
            start = _split_at_cell(line, pad)
            end = _split_at_cell(line, pad + len(caret.strip()))
            out.append(
                (Line(_GUTTER, line[:start], (line[start:end], style + " underline"), line[end:]), True)
            )
            out.append((Line(_GUTTER, (caret, style)), True))
        if d.hint:
            out.append((Line(("  = hint: ", "cyan"), d.hint), False))
        if d.fix:
            out.append(
                (Line(("  = fix: ", "green"), f"{d.fix.description}: ", (d.fix.replacement, "green")), False)
            )
    return out


def render_rich(
    console: Console,
    diagnostics: Sequence[Diagnostic],
    text: str | None = None,
    source: str | None = None,
    *,
    base: int = 0,
) -> None:
    """Print diagnostics with rich: location, code, message, the source line with the span
    highlighted and a caret under it, then the hint and the fix.

    ``text`` is the source, or a part of it starting at offset ``base`` (one streamed line)."""
    for line, unwrapped in diagnostic_lines(diagnostics, text, source, base=base):
        console.print(line.to_rich(), highlight=False, soft_wrap=unwrapped)


def show_diagnostics(
    diagnostics: Sequence[Diagnostic],
    text: str | None = None,
    source: str | None = None,
    *,
    base: int = 0,
    stderr: bool = False,
) -> None:
    """Print diagnostics on standard output (or standard error) as :func:`render_rich` does on a
    terminal, and as the same lines in plain text in a pipe or a file (without importing rich)."""
    stream = sys.stderr if stderr else sys.stdout
    if plain_output(stream):
        stream.write(
            "".join(line.plain + "\n" for line, _ in diagnostic_lines(diagnostics, text, source, base=base))
        )
        return
    render_rich(console(stderr=stderr), diagnostics, text, source, base=base)
