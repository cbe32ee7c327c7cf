"""``ntk expand FILE`` and ``ntk diff A B``: the command group of the FBR compiler.

``ntk expand`` prints the expanded rule file in the FBR formatter's layout (exit 0; 1 when the
file is invalid). ``ntk diff`` compares two variants after expansion and with their defaults
written out: exit 0 when they are equivalent, 1 when they differ, 2 for a usage error or a file
that cannot be read or parsed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr import ast
    from notation_toolkit.fbr.expand.compare import DiffResult
    from notation_toolkit.fbr.expand.templates import Templates

EXIT_OK = 0
EXIT_DIFFERENT = 1
EXIT_INVALID = 1
EXIT_USAGE = 2


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _read(path: str) -> str:
    from notation_toolkit.core.errors import NotationError

    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NotationError.single(
            "NTK005", f"cannot read {path}: {exc}", hint="check the path and that the file is UTF-8 text"
        ) from None


def _report(exc: NotationError, text: str | None, source: str | None, as_json: bool) -> None:
    from rich.console import Console

    from notation_toolkit.core.render import diagnostics_data, render_rich

    if as_json:
        _print_json(diagnostics_data(exc.diagnostics, text, source))
    else:
        render_rich(Console(stderr=True, highlight=False), exc.diagnostics, text, source)


def _templates(args: argparse.Namespace) -> Templates | None:
    from notation_toolkit.fbr.expand.templates import load_templates

    return load_templates(args.templates) if args.templates else None


def cmd_expand(args: argparse.Namespace) -> int:
    """``ntk expand FILE``: print the file with every composite rule expanded."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr.expand import _api
    from notation_toolkit.fbr.expand.defaults import make_defaults_explicit
    from notation_toolkit.fbr.expand.engine import expand_items
    from notation_toolkit.fbr.expand.templates import Variant, builtin_templates

    text: str | None = None
    applied: list[dict[str, Any]] = []

    def note(rule: ast.FbrRule, variant: Variant) -> None:
        line = rule.span.line if rule.span is not None else None
        applied.append({"rule": _api.format_rule(rule), "variant": variant.name, "line": line})

    try:
        templates = _templates(args) or builtin_templates()
        text = _read(args.file)
        rulefile = _api.parse_rule_file(text)
        result = expand_items(rulefile, templates, on_rule=note)
        if args.explicit_defaults:
            result = make_defaults_explicit(result, templates)
    except NotationError as exc:
        _report(exc, text if text is not None else exc.text, args.file, args.json)
        return EXIT_INVALID
    output = _api.format_rule_file(result)
    if args.json:
        _print_json(
            {
                "source": args.file,
                "expanded": output,
                "expansions": applied,
                "explicit_defaults": bool(args.explicit_defaults),
                "diagnostics": [d.to_dict() for d in _api.check_rule_file(result)],
            }
        )
    else:
        sys.stdout.write(output)
    return EXIT_OK


def _render_diff(result: DiffResult, a: str, b: str) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False)
    if result.equal:
        console.print(f"[green]{a} and {b} define the same variant[/] (after expansion, with defaults)")
        return
    counts = ", ".join(
        f"{len(result.of_status(s))} {s}" for s in ("added", "removed", "changed") if result.of_status(s)
    )
    console.print(f"[bold]{a} → {b}[/]: {counts}", soft_wrap=True)
    table = Table()
    table.add_column("", no_wrap=True)
    table.add_column("kind")
    table.add_column("what")
    table.add_column(f"in {Path(a).name}")
    table.add_column(f"in {Path(b).name}")
    marks = {"added": ("+", "green"), "removed": ("-", "red"), "changed": ("~", "yellow")}
    for change in result.changes:
        mark, colour = marks[change.status]
        new = Text(change.new or "")
        if change.added or change.removed:
            detail = [f"+{x}" for x in change.added] + [f"-{x}" for x in change.removed]
            new.append(f"  ({', '.join(detail)})", style="dim")
        table.add_row(
            Text(mark, style=f"bold {colour}"),
            change.kind,
            Text(change.key, style=colour),
            Text(change.old or "", style="red" if change.old else ""),
            new if change.new else Text(""),
        )
    console.print(table)


def cmd_diff(args: argparse.Namespace) -> int:
    """``ntk diff A B``: what variant B adds to, removes from and changes in variant A."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr.expand import _api
    from notation_toolkit.fbr.expand.compare import diff

    texts: dict[str, str] = {}
    try:
        templates = _templates(args)
        for path in (args.a, args.b):
            if path == "-" and "-" in texts:
                raise NotationError.single("NTK005", "only one of A and B can be standard input")
            texts[path] = _read(path)
        files = []
        for path in (args.a, args.b):
            try:
                files.append(_api.parse_rule_file(texts[path]))
            except NotationError as exc:
                _report(exc, texts[path], path, args.json)
                return EXIT_USAGE
        result = diff(
            files[0],
            files[1],
            expand=not args.no_expand,
            explicit_defaults=not args.no_defaults,
            templates=templates,
        )
    except NotationError as exc:
        _report(exc, exc.text, None, args.json)
        return EXIT_USAGE
    if args.json:
        _print_json({"a": args.a, "b": args.b, **result.to_dict()})
    else:
        _render_diff(result, args.a, args.b)
    return EXIT_OK if result.equal else EXIT_DIFFERENT


def register(subparsers: Any) -> None:
    """Add ``expand`` and ``diff`` to the ``ntk`` command line (called by ``notation_toolkit.cli``)."""
    p = subparsers.add_parser(
        "expand",
        help="expand composite FBR rules (alice, atomic, switching, ...) into core rules",
        description="Print an FBR rule file with every composite rule expanded as the FBR page defines it.",
    )
    p.add_argument("file", metavar="FILE", help="FBR rule file ('-' for standard input)")
    p.add_argument(
        "--explicit-defaults",
        action="store_true",
        help="also write out the documented defaults (draw=repetition(3), mirror=vertical, ...)",
    )
    p.add_argument("--templates", metavar="TOML", help="extra expansion templates (extends the shipped ones)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_expand)

    p = subparsers.add_parser(
        "diff",
        help="compare two FBR variants (exit 0 equal, 1 different, 2 error)",
        description="What variant B adds to, removes from and changes in variant A, compared after "
        "expansion and with the documented defaults written out.",
    )
    p.add_argument("a", metavar="A", help="first rule file")
    p.add_argument("b", metavar="B", help="second rule file")
    p.add_argument("--no-expand", action="store_true", help="compare the files as written (no expansion)")
    p.add_argument("--no-defaults", action="store_true", help="do not write out the defaults first")
    p.add_argument("--templates", metavar="TOML", help="extra expansion templates (extends the shipped ones)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_diff)
