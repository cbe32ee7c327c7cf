"""Reading a Fairy-Stockfish ``variants.ini``: sections, options, their spans and the inheritance.

The reader is line based and bounded (file size, line length): every problem is a diagnostic with
the line and column of the ini, never an exception. Options keep the span of their value so that
the import can point at the option it refuses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from notation_toolkit.core.codes import CodeInfo, info_of
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.fsf import codes

MAX_BYTES = 1_000_000
MAX_LINE = 4096

_SECTION = re.compile(r"\[\s*([^\]:\s]+)\s*(?::\s*([^\]\s]+)\s*)?\]\s*$")
_OPTION = re.compile(r"([A-Za-z][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$")


@dataclass(frozen=True, slots=True)
class Option:
    """``name = value`` in a section: the spans of the name and of the value."""

    name: str
    value: str
    span: Span
    value_span: Span
    section: str


@dataclass(slots=True)
class Section:
    """``[name]`` or ``[name:parent]`` and its options, in the order of the file."""

    name: str
    parent: str | None
    span: Span
    options: dict[str, Option] = field(default_factory=dict)


@dataclass(slots=True)
class IniFile:
    """A read ``variants.ini``: its sections (file order) and what was wrong with it."""

    text: str
    sections: dict[str, Section]
    diagnostics: list[Diagnostic]
    refused: set[str] = field(default_factory=set)


def _span(text: str, start: int, end: int) -> Span:
    return Span.from_offsets(text, start, end)


def read(text: str) -> IniFile:
    """Read ``text`` as a ``variants.ini``; problems are diagnostics, sections are kept where
    possible (a duplicate option refuses only its section)."""
    diags: list[Diagnostic] = []
    sections: dict[str, Section] = {}
    refused: set[str] = set()
    if len(text) > MAX_BYTES:
        diags.append(
            codes_info(codes.TOO_LARGE).diagnostic(
                span=_span(text, 0, 0), what="the file", size=f"{len(text)} characters", limit=MAX_BYTES
            )
        )
        return IniFile(text, sections, diags, refused)
    current: Section | None = None
    offset = 0
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        start = offset
        offset += len(line)
        body = line.rstrip("\r\n")
        if len(body) > MAX_LINE:
            diags.append(
                codes_info(codes.TOO_LARGE).diagnostic(
                    span=_span(text, start, start + MAX_LINE),
                    what=f"line {number}",
                    size=f"{len(body)} characters",
                    limit=MAX_LINE,
                )
            )
            if current is not None:
                refused.add(current.name)
            continue
        stripped = body.strip()
        if not stripped or stripped[0] in "#;":
            continue
        lead = start + len(body) - len(body.lstrip())
        if stripped.startswith("["):
            m = _SECTION.match(stripped)
            if m is None:
                diags.append(
                    codes_info(codes.INI_SYNTAX).diagnostic(
                        span=_span(text, lead, lead + len(stripped)),
                        what=f"section header {stripped!r} not understood",
                    )
                )
                current = None
                continue
            name, parent = m.group(1), m.group(2)
            span = _span(text, lead, lead + len(stripped))
            if name in sections:
                diags.append(
                    codes_info(codes.DUPLICATE_SECTION).diagnostic(
                        span=span, name=name, first=sections[name].span.line
                    )
                )
                current = Section(name, parent, span)  # Fairy-Stockfish keeps the first: read, not kept
                continue
            current = Section(name, parent, span)
            sections[name] = current
            continue
        m = _OPTION.match(stripped)
        if m is None:
            diags.append(
                codes_info(codes.INI_SYNTAX).diagnostic(
                    span=_span(text, lead, lead + len(stripped)),
                    what=f"line {stripped[:60]!r} is neither a section header nor option = value",
                )
            )
            if current is not None:
                refused.add(current.name)
            continue
        if current is None:
            diags.append(
                codes_info(codes.INI_SYNTAX).diagnostic(
                    span=_span(text, lead, lead + len(stripped)),
                    what=f"option {m.group(1)} comes before the first section",
                )
            )
            continue
        name, value = m.group(1), m.group(2)
        value_start = lead + m.start(2)
        option = Option(
            name,
            value,
            _span(text, lead, lead + len(name)),
            _span(text, value_start, value_start + len(value)),
            current.name,
        )
        if name in current.options:
            # Fairy-Stockfish keeps the last value: so does the import, and says so
            diags.append(
                codes_info(codes.DUPLICATE_OPTION).diagnostic(
                    span=option.span,
                    severity=Severity.WARNING,
                    name=name,
                    section=current.name,
                    first=current.options[name].span.line,
                )
            )
            del current.options[name]
        current.options[name] = option
    return IniFile(text, sections, diags, refused)


def codes_info(code: str) -> CodeInfo:
    """The registered information of one of this package's codes."""
    return info_of(code)
