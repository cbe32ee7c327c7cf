"""``ntk``: the command line of notation-toolkit.

Exit codes: 0 valid / done, 1 invalid input, 2 usage error. Every command accepts ``--json``.
Imports are lazy so that ``ntk --version`` starts fast.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from notation_toolkit import __version__

if TYPE_CHECKING:
    from rich.console import Console

    from notation_toolkit.core.diagnostics import Diagnostic
    from notation_toolkit.core.registry import Notation

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2

# Command groups contributed by notation packages: module path of a `register(subparsers)` function.
_PLUGIN_COMMANDS = (
    "notation_toolkit.dicechess.cli",
    "notation_toolkit.fbr.cli",
    "notation_toolkit.fbr.expand.cli",
    "notation_toolkit.dfen.cli",
)

_PROGRESS_THRESHOLD = 2000  # items: show a progress bar on a terminal above this


def _console(stderr: bool = False) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False)


def _options(pairs: Sequence[str] | None) -> dict[str, str]:
    result: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise SystemExit(_usage_error(f"--set expects NAME=VALUE, got {pair!r}"))
        result[key.strip().replace("-", "_")] = value
    return result


def _usage_error(message: str) -> int:
    _console(stderr=True).print(f"[bold red]ntk: error:[/] {message}")
    return EXIT_USAGE


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _report_error(exc: Exception, text: str | None, source: str | None, as_json: bool) -> int:
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.render import diagnostics_data, render_rich

    assert isinstance(exc, NotationError)
    if as_json:
        _print_json(diagnostics_data(exc.diagnostics, text, source))
    else:
        render_rich(_console(), exc.diagnostics, text if text is not None else exc.text, source)
    return EXIT_INVALID


def _notation_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    kwargs: dict[str, Any] = dict(_options(getattr(args, "set", None)))
    grammar = getattr(args, "grammar", None)
    if grammar:
        kwargs["grammar"] = grammar
    return kwargs


# --------------------------------------------------------------------------------------------
# parse


def cmd_parse(args: argparse.Namespace) -> int:
    """``ntk parse NOTATION TEXT``: print the AST as a rich tree (or JSON)."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import get_notation
    from notation_toolkit.core.tree import to_data, to_rich_tree

    text = _read_text_arg(args.text)
    try:
        notation = get_notation(args.notation)
        ast = notation.parse(text, **_notation_kwargs(args))
    except NotationError as exc:
        return _report_error(exc, text, None, args.json)
    if args.json:
        _print_json({"notation": notation.name, "valid": True, "ast": to_data(ast)})
    else:
        _console().print(to_rich_tree(ast, notation.name))
    return EXIT_OK


def _read_text_arg(text: str) -> str:
    return sys.stdin.read().rstrip("\n") if text == "-" else text


# --------------------------------------------------------------------------------------------
# check


class _FileItems:
    """The items of one input: lines of a per-line notation, or the whole file."""

    def __init__(self, source: str, text: str, notation: Notation) -> None:
        self.source = source
        self.text = text
        self.notation = notation

    def items(self) -> list[tuple[str, int, int]]:
        """(item text, offset in file, line index) for each item to check."""
        if not self.notation.per_line:
            return [(self.text, 0, 0)]
        out = []
        offset = 0
        for index, raw in enumerate(self.text.split("\n")):
            line = raw[:-1] if raw.endswith("\r") and not raw.endswith("\r\r") else raw
            stripped = line.strip()
            if stripped and not stripped.startswith("#"):
                out.append((line, offset, index))
            offset += len(raw) + 1
        return out


def _resolve_notation(path: str, explicit: str | None) -> Notation:
    from notation_toolkit.core.errors import UnknownNameError
    from notation_toolkit.core.registry import get_notation, notation_for_path, notation_names

    if explicit:
        return get_notation(explicit)
    found = notation_for_path(path)
    if found is None:
        raise UnknownNameError.single(
            "NTK003",
            f"cannot tell the notation of {path!r} from its extension",
            hint=f"pass --notation NAME (one of: {', '.join(notation_names())})",
        )
    return found


def _read_file(path: str) -> str:
    from notation_toolkit.core.errors import NotationError

    try:
        if path == "-":
            return sys.stdin.read()
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise NotationError.single(
            "NTK005", f"cannot read {path}: {exc}", hint="check the path and that the file is UTF-8 text"
        ) from None


def cmd_check(args: argparse.Namespace) -> int:
    """``ntk check FILE...``: validate every item, show diagnostics and a summary table."""
    from rich.table import Table

    from notation_toolkit.core.diagnostics import Severity
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.render import diagnostics_data, render_rich

    console = _console()
    kwargs = _notation_kwargs(args)
    inputs: list[_FileItems] = []
    for path in args.files:
        try:
            notation = _resolve_notation(path, args.notation)
            inputs.append(_FileItems(path, _read_file(path), notation))
        except NotationError as exc:
            return _report_error(exc, None, path, args.json)
    total = sum(len(f.items()) for f in inputs)
    show_progress = console.is_terminal and not args.json and total >= _PROGRESS_THRESHOLD
    rows = []
    json_records = []
    any_error = False
    shown = 0
    progress: Any = None
    task: Any = None
    if show_progress:
        from rich.progress import Progress

        progress = Progress(console=console, transient=True)
        progress.start()
        task = progress.add_task("checking", total=total)
    try:
        for item in inputs:
            n_ok = n_bad = n_warn = 0
            for text, offset, line_index in item.items():
                try:
                    diags = item.notation.check(text, **kwargs)
                except NotationError as exc:  # a notation's check should not raise; be safe anyway
                    diags = list(exc.diagnostics)
                errors = [d for d in diags if d.severity is Severity.ERROR]
                warns = [d for d in diags if d.severity is Severity.WARNING]
                n_warn += len(warns)
                if errors:
                    n_bad += 1
                    any_error = True
                else:
                    n_ok += 1
                if diags:
                    located = [d.shifted(offset, line_index) for d in diags]
                    if args.json:
                        json_records.append(diagnostics_data(located, item.text, item.source))
                    elif shown < args.max_diagnostics and (errors or not args.quiet):
                        render_rich(console, located[: args.max_diagnostics - shown], item.text, item.source)
                        shown += len(located)
                if progress is not None:
                    progress.advance(task)
            rows.append((item.source, item.notation.name, n_ok + n_bad, n_ok, n_bad, n_warn))
    finally:
        if progress is not None:
            progress.stop()
    if args.json:
        _print_json(
            {
                "valid": not any_error,
                "files": [
                    {"source": s, "notation": n, "items": t, "valid": ok, "invalid": bad, "warnings": w}
                    for s, n, t, ok, bad, w in rows
                ],
                "diagnostics": json_records,
            }
        )
        return EXIT_INVALID if any_error else EXIT_OK
    if shown > args.max_diagnostics:
        console.print(f"[dim]… more diagnostics not shown (--max-diagnostics {args.max_diagnostics})[/]")
    table = Table(title="ntk check", title_justify="left")
    table.add_column("file", overflow="fold")
    table.add_column("notation", no_wrap=True)
    for col in ("items", "valid", "invalid", "warnings"):
        table.add_column(col, justify="right", no_wrap=True)
    for s, n, t, ok, bad, w in rows:
        table.add_row(
            s, n, str(t), f"[green]{ok}[/]", f"[red]{bad}[/]" if bad else "0", f"[yellow]{w}[/]" if w else "0"
        )
    console.print(table)
    return EXIT_INVALID if any_error else EXIT_OK


# --------------------------------------------------------------------------------------------
# fmt


def cmd_fmt(args: argparse.Namespace) -> int:
    """``ntk fmt``: print the canonical form (``--lenient`` normalizes and lists each fix)."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import get_notation

    err_console = _console(stderr=True)
    kwargs = _notation_kwargs(args)
    jobs: list[tuple[str, str, Notation]] = []
    try:
        if args.expr is not None:
            if not args.notation:
                return _usage_error("--expr needs --notation")
            jobs.append(("<expr>", _read_text_arg(args.expr), get_notation(args.notation)))
        for path in args.files:
            jobs.append((path, _read_file(path), _resolve_notation(path, args.notation)))
    except NotationError as exc:
        return _report_error(exc, None, None, args.json)
    if not jobs:
        return _usage_error("give FILE... or --expr TEXT")
    status = EXIT_OK
    results: list[dict[str, Any]] = []
    for source, text, notation in jobs:
        items = _FileItems(source, text, notation)
        outputs: list[str] = []
        fixes: list[Diagnostic] = []
        failed = False
        pieces = items.items() if notation.per_line and source != "<expr>" else [(text.rstrip("\n"), 0, 0)]
        for item_text, offset, line_index in pieces:
            try:
                if args.lenient:
                    if notation.canonicalize is None:
                        return _usage_error(f"{notation.name} has no lenient mode")
                    canonical, applied = notation.canonicalize(item_text, **kwargs)
                    fixes.extend(d.shifted(offset, line_index) for d in applied)
                else:
                    canonical = notation.format(item_text, **kwargs)
            except NotationError as exc:
                failed = True
                status = EXIT_INVALID
                if args.json:
                    results.append({"source": source, "error": [d.to_dict() for d in exc.diagnostics]})
                else:
                    from notation_toolkit.core.render import render_rich

                    render_rich(
                        err_console, [d.shifted(offset, line_index) for d in exc.diagnostics], text, source
                    )
                continue
            outputs.append(canonical)
        if failed:
            continue
        new_text = "\n".join(outputs) + ("\n" if text.endswith("\n") or source != "<expr>" else "")
        if notation.per_line and source != "<expr>":
            new_text = _merge_lines(text, outputs)
        changed = new_text != text and new_text.rstrip("\n") != text.rstrip("\n")
        if args.check and changed:
            status = EXIT_INVALID
        if args.json:
            results.append(
                {
                    "source": source,
                    "canonical": new_text,
                    "changed": changed,
                    "fixes": [d.to_dict() for d in fixes],
                }
            )
            continue
        if args.write and source not in ("<expr>", "-"):
            if changed:
                Path(source).write_text(new_text, encoding="utf-8")
                err_console.print(f"reformatted {source}")
        elif not args.check:
            sys.stdout.write(new_text if new_text.endswith("\n") else new_text + "\n")
        elif changed:
            err_console.print(f"would reformat {source}")
        if fixes:
            from notation_toolkit.core.render import render_rich

            err_console.print(f"[bold]{len(fixes)} fix(es) applied to {source}:[/]")
            render_rich(err_console, fixes, text, source)
    if args.json:
        _print_json({"results": results})
    return status


def _merge_lines(text: str, outputs: list[str]) -> str:
    """Replace each item line of ``text`` by its canonical form, keeping comments and blanks."""
    it = iter(outputs)
    lines = []
    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            lines.append(next(it))
        else:
            lines.append(raw.rstrip("\r"))
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# explain / notations / convert


def _load_all_codes() -> None:
    from notation_toolkit.core.registry import notation_names

    notation_names()  # importing every notation registers its codes
    for module in _PLUGIN_COMMANDS:
        with contextlib.suppress(ModuleNotFoundError):
            importlib.import_module(module.rsplit(".", 1)[0])


def cmd_explain(args: argparse.Namespace) -> int:
    """``ntk explain CODE``: the long explanation of a diagnostic code."""
    from rich.markdown import Markdown
    from rich.table import Table

    from notation_toolkit.core.codes import all_codes, get_code
    from notation_toolkit.core.suggest import did_you_mean

    _load_all_codes()
    console = _console()
    if args.code is None:
        codes = all_codes()
        if args.json:
            _print_json(
                {c: {"title": i.title, "explanation": i.explanation} for c, i in sorted(codes.items())}
            )
            return EXIT_OK
        table = Table(title="diagnostic codes", title_justify="left")
        table.add_column("code")
        table.add_column("title")
        for code, info in sorted(codes.items()):
            table.add_row(code, info.title)
        console.print(table)
        return EXIT_OK
    found = get_code(args.code)
    if found is None:
        hint = did_you_mean(args.code.upper(), all_codes())
        if args.json:
            _print_json({"code": args.code, "error": "unknown code", "hint": hint})
        else:
            _console(stderr=True).print(
                f"[bold red]unknown code {args.code!r}[/]" + (f" — {hint}" if hint else "")
            )
        return EXIT_INVALID
    if args.json:
        _print_json({"code": found.code, "title": found.title, "explanation": found.explanation})
    else:
        console.print(f"[bold]{found.code}[/]: {found.title}\n")
        console.print(Markdown(found.explanation))
    return EXIT_OK


def cmd_notations(args: argparse.Namespace) -> int:
    """``ntk notations``: list the available notations."""
    from rich.table import Table

    from notation_toolkit.core.registry import get_notation, notation_names

    rows = [get_notation(n) for n in notation_names()]
    if args.json:
        _print_json(
            [
                {
                    "name": n.name,
                    "title": n.title,
                    "extensions": list(n.extensions),
                    "grammar": n.grammar,
                    "options": dict(n.options),
                }
                for n in rows
            ]
        )
        return EXIT_OK
    table = Table(title="notations", title_justify="left")
    for col in ("name", "title", "files", "grammar", "options"):
        table.add_column(col)
    for n in rows:
        table.add_row(n.name, n.title, " ".join(n.extensions), n.grammar or "", ", ".join(n.options))
    _console().print(table)
    return EXIT_OK


def cmd_convert(args: argparse.Namespace) -> int:
    """``ntk convert SOURCE TARGET TEXT``: convert between notations, saying what is lost."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import conversions, get_conversion

    if args.list:
        convs = conversions()
        if args.json:
            _print_json([{"from": s, "to": t, "loses": c.loses} for (s, t), c in sorted(convs.items())])
        else:
            from rich.table import Table

            table = Table(title="conversions", title_justify="left")
            for col in ("from", "to", "what it loses"):
                table.add_column(col)
            for (s, t), c in sorted(convs.items()):
                table.add_row(s, t, c.loses)
            _console().print(table)
        return EXIT_OK
    if not (args.source and args.target and args.text is not None):
        return _usage_error("usage: ntk convert SOURCE TARGET TEXT (or ntk convert --list)")
    text = _read_text_arg(args.text)
    try:
        conv = get_conversion(args.source, args.target)
        out = conv.convert(text)
    except NotationError as exc:
        return _report_error(exc, text, None, args.json)
    if args.json:
        _print_json(
            {"from": conv.source, "to": conv.target, "input": text, "output": out, "loses": conv.loses}
        )
    else:
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        _console(stderr=True).print(f"[dim]{conv.source} → {conv.target} loses: {conv.loses}[/]")
    return EXIT_OK


# --------------------------------------------------------------------------------------------
# tour


def cmd_tour(args: argparse.Namespace) -> int:
    """``ntk tour [DIR]``: check every example file and print a report.

    Files whose name contains ``invalid`` are showcases of diagnostics: every item in them must be
    rejected (and a few of their diagnostics are shown). Every other file must be entirely valid.
    The exit code is 0 when every file behaves as its name says.
    """
    from rich.panel import Panel
    from rich.table import Table

    from notation_toolkit.core.diagnostics import Severity
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.registry import notation_for_path
    from notation_toolkit.core.render import render_rich

    console = _console()
    if not console.is_terminal:
        # Logs and pipes get rich's 80 columns by default, too narrow for the report table.
        from rich.console import Console

        console = Console(width=110, highlight=False)
    root = Path(args.directory)
    if not root.is_dir():
        return _usage_error(f"{root} is not a directory (run the tour from the project root)")
    files = sorted(p for p in root.rglob("*") if p.is_file() and notation_for_path(p) is not None)
    manifest = _tour_manifest(root)
    table = Table(title=f"ntk tour of {root}/", title_justify="left")
    table.add_column("file", no_wrap=True)
    table.add_column("notation", no_wrap=True)
    for col in ("items", "valid", "invalid", "warn"):
        table.add_column(col, justify="right", no_wrap=True)
    table.add_column("as expected", no_wrap=True)
    failures = 0
    showcase: list[tuple[Path, str, list[Diagnostic]]] = []
    report: list[dict[str, Any]] = []
    for path in files:
        notation = notation_for_path(path)
        assert notation is not None
        text = path.read_text(encoding="utf-8")
        expect_invalid = "invalid" in path.name
        options = manifest.get(path.relative_to(root).as_posix(), {})
        ok = bad = warns = shown_here = 0
        wrong: list[str] = []
        for item_text, offset, line_index in _FileItems(str(path), text, notation).items():
            try:
                diags = notation.check(item_text, **options)
            except NotationError as exc:
                diags = list(exc.diagnostics)
            errors = [d for d in diags if d.severity is Severity.ERROR]
            warns += sum(1 for d in diags if d.severity is Severity.WARNING)
            if errors:
                bad += 1
                if not expect_invalid:
                    wrong.append(f"line {line_index + 1}: {errors[0].code} {errors[0].message}")
            else:
                ok += 1
                if expect_invalid and not diags:
                    wrong.append(f"line {line_index + 1}: no diagnostic, but the file expects one per item")
            # A couple of diagnostics per invalid file, so the showcase covers every notation.
            if expect_invalid and diags and len(showcase) < args.show and shown_here < 2:
                showcase.append((path, text, [d.shifted(offset, line_index) for d in diags[:1]]))
                shown_here += 1
        verdict = "[green]yes[/]" if not wrong else f"[red]no ({len(wrong)})[/]"
        failures += bool(wrong)
        table.add_row(
            str(path.relative_to(root)), notation.name, str(ok + bad), str(ok), str(bad), str(warns), verdict
        )
        report.append(
            {
                "file": str(path),
                "notation": notation.name,
                "valid": ok,
                "invalid": bad,
                "warnings": warns,
                "expect_invalid": expect_invalid,
                "unexpected": wrong,
            }
        )
    if args.json:
        _print_json({"ok": failures == 0, "files": report})
        return EXIT_OK if failures == 0 else EXIT_INVALID
    console.print(table)
    for entry in report:
        for line in entry["unexpected"][:5]:
            console.print(f"[red]{entry['file']}[/] {line}")
    if showcase:
        console.print(Panel.fit("a few of the diagnostics the invalid examples produce", style="bold"))
        for path, text, diags in showcase:
            render_rich(console, diags, text, str(path))
    total = len(files)
    if failures:
        console.print(f"[bold red]{failures} of {total} example files did not behave as expected[/]")
        return EXIT_INVALID
    console.print(f"[bold green]all {total} example files behave as expected[/]")
    return EXIT_OK


def _tour_manifest(root: Path) -> dict[str, dict[str, str]]:
    """Options some example files need (``tour.json``: file -> {option: value}).

    Values naming files (a catalog, an extension grammar) are relative to the examples directory.
    """
    path = root / "tour.json"
    if not path.is_file():
        return {}
    raw: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    resolved: dict[str, dict[str, str]] = {}
    for name, options in raw.items():
        resolved[name] = {k: str(root / v) if k in ("grammar", "catalog") else v for k, v in options.items()}
    return resolved


# --------------------------------------------------------------------------------------------
# the parser


def _add_common(p: argparse.ArgumentParser, *, grammar: bool = True) -> None:
    p.add_argument("--json", action="store_true", help="machine-readable output")
    if grammar:
        p.add_argument(
            "--grammar",
            metavar="FILE",
            help="your own .lark grammar extending the notation's (may %%import shipped grammars)",
        )
        p.add_argument(
            "--set",
            metavar="NAME=VALUE",
            action="append",
            help="a notation option (see `ntk notations`), e.g. --set limits=reference",
        )


def build_parser() -> argparse.ArgumentParser:
    """The ``ntk`` argument parser, with the command groups of installed notation packages."""
    parser = argparse.ArgumentParser(
        prog="ntk",
        description="notation-toolkit: parse, check, format and convert chess-variant notations.",
    )
    parser.add_argument("--version", action="version", version=f"ntk {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("parse", help="parse TEXT and print its AST")
    p.add_argument("notation", help="notation name (see `ntk notations`)")
    p.add_argument("text", help="the text to parse ('-' reads standard input)")
    _add_common(p)
    p.set_defaults(func=cmd_parse)

    p = sub.add_parser("check", help="validate files (one item per line, or per file)")
    p.add_argument("files", nargs="+", metavar="FILE", help="files to check ('-' for standard input)")
    p.add_argument("-n", "--notation", help="notation of the files (default: from the extension)")
    p.add_argument("--max-diagnostics", type=int, default=50, metavar="N", help="show at most N diagnostics")
    p.add_argument("-q", "--quiet", action="store_true", help="show errors only, not warnings")
    _add_common(p)
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("fmt", help="print the canonical form")
    p.add_argument("files", nargs="*", metavar="FILE", help="files to format ('-' for standard input)")
    p.add_argument("-n", "--notation", help="notation (default: from the extension)")
    p.add_argument("-e", "--expr", metavar="TEXT", help="format TEXT instead of files (needs --notation)")
    p.add_argument("--lenient", action="store_true", help="normalize non-canonical input and list each fix")
    p.add_argument("--check", action="store_true", help="exit 1 if any input is not canonical")
    p.add_argument("-w", "--write", action="store_true", help="rewrite files in place")
    _add_common(p)
    p.set_defaults(func=cmd_fmt)

    p = sub.add_parser("explain", help="explain a diagnostic code (no CODE: list them)")
    p.add_argument("code", nargs="?", help="a code such as FEEN101")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("notations", help="list the available notations")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_notations)

    p = sub.add_parser("tour", help="check every file in examples/ and print a report")
    p.add_argument("directory", nargs="?", default="examples", help="directory to tour (default: examples)")
    p.add_argument("--show", type=int, default=8, metavar="N", help="show N diagnostics of invalid examples")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_tour)

    p = sub.add_parser("convert", help="convert TEXT from one notation to another")
    p.add_argument("source", nargs="?", help="source notation")
    p.add_argument("target", nargs="?", help="target notation")
    p.add_argument("text", nargs="?", help="the text ('-' reads standard input)")
    p.add_argument("--list", action="store_true", help="list the available conversions")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_convert)

    for module_name in _PLUGIN_COMMANDS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name and module_name.startswith(exc.name):
                continue
            raise
        register: Callable[[Any], None] | None = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ntk`` command; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv in (["--version"], ["-V"]):
        # Answer before building the parser: plugin imports are not needed to print a version.
        sys.stdout.write(f"ntk {__version__}\n")
        return EXIT_OK
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    from notation_toolkit.core.errors import NotationError

    try:
        result: int = args.func(args)
        return result
    except NotationError as exc:
        return _report_error(exc, exc.text, None, bool(getattr(args, "json", False)))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
