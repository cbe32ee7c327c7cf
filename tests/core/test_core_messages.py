"""The core's own codes (NTK0xx, NTK30x) are written from one template per code and never stutter.

The corpus: oversized and deeply nested input, unknown notations, options, limits presets and
conversions, extension grammars that lose the fields of a FEN position, unreadable and non-UTF-8
files, patterns that match nothing, a number too long for the core's limit (and a text that is no
number), board sizes, squares and ranges the geometry refuses, a missing optional dependency (Dask),
an unreachable scheduler, a notation without lenient mode and a line too long for a prompt.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import sys
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import pytest
from message_checks import (
    codes_without_template,
    diagnostics_of,
    prose_problems,
    unreached,
    unrendered_templates,
)

from notation_toolkit import fen, mbn, svg
from notation_toolkit.bulk import Task, read_items, run
from notation_toolkit.bulk.cluster import expand_paths, run_files
from notation_toolkit.core import registry
from notation_toolkit.core.codes import all_codes
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.core.grammar import grammar_path
from notation_toolkit.core.limits import bounded_int
from notation_toolkit.core.registry import get_conversion, get_notation
from notation_toolkit.core.textio import (
    count_lines,
    decode,
    iter_lines,
    read_limits,
    read_prompt_line,
    read_text_file,
)
from notation_toolkit.fbr.catalog import load_catalog
from notation_toolkit.feen.limits import resolve_limits

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
EMPTY_FEEN = "8/8/8/8/8/8/8/8 / C/c"
G8 = Geometry.of(8, 8)


def _calls(tmp_path: Path) -> list[Callable[[], object]]:
    no_position = tmp_path / "no_position.lark"
    no_position.write_text('%import fen (placement)\nstart: placement " x"\n', encoding="utf-8")
    no_side = tmp_path / "no_side.lark"
    no_side.write_text(
        "%import fen (placement, castling, en_passant, halfmove, fullmove)\n"
        'start: position\nposition: placement " w " castling " " en_passant " " halfmove " " fullmove\n',
        encoding="utf-8",
    )
    broken = tmp_path / "broken.lark"
    broken.write_text("start: position\nposition: undefined_rule\n", encoding="utf-8")
    latin1 = tmp_path / "latin1.fen"
    latin1.write_bytes("caf\xe9".encode("latin-1"))
    return [
        functools.partial(fen.parse, "8/" * 40_000 + "8 w - - 0 1"),  # NTK001
        functools.partial(mbn.parse, "Q=" + "(" * 200 + "W" + ")" * 200),  # NTK002
        functools.partial(get_notation, "fenn"),  # NTK003
        functools.partial(get_notation, "zzzz"),
        functools.partial(get_conversion, "fen", "mbn"),
        functools.partial(fen.parse, START, grammar=no_position),  # NTK004
        functools.partial(fen.parse, "8/8/8/8/8/8/8/8 x", grammar=no_position),
        functools.partial(fen.parse, START, grammar=no_side),
        functools.partial(fen.parse, START, grammar=tmp_path / "missing.lark"),
        functools.partial(fen.parse, START, grammar=broken),
        functools.partial(read_text_file, tmp_path / "missing.fen"),  # NTK005
        functools.partial(read_text_file, tmp_path),
        functools.partial(read_text_file, latin1),
        functools.partial(decode, b"\xff\xfe\xfa", "bytes"),
        functools.partial(get_notation("feen").parse, EMPTY_FEEN, colour=1),  # NTK003: options
        functools.partial(get_notation("epin").parse, "K", lenient=True),
        functools.partial(resolve_limits, "refernce"),
        functools.partial(resolve_limits, "huge"),
        functools.partial(resolve_limits, None, "12x"),
        functools.partial(get_notation("fen").parse, START, max_input="64k"),
        functools.partial(get_notation("feen").parse, "8/8 / C/c", lenient="maybe"),
        functools.partial(svg.draw, "epin", "K"),
        functools.partial(grammar_path, "fenn"),  # NTK004
        functools.partial(expand_paths, [str(tmp_path / "*.nothing")]),  # NTK005
        functools.partial(load_catalog, tmp_path / "missing.json"),
        functools.partial(bounded_int, "9" * 5000),  # NTK006
        functools.partial(bounded_int, "12a"),
        functools.partial(mbn.dumps, mbn.parse("Q=" + "(" * 3000 + "W" + ")" * 3000, max_depth=10_000)),
        functools.partial(Geometry.of, 99, 99),  # NTK301
        functools.partial(Geometry.parse, "eight"),
        functools.partial(Geometry.parse, "99x8"),
        functools.partial(G8.parse_square, "j10"),  # NTK302
        functools.partial(G8.parse_range, "1-2"),  # NTK303
        functools.partial(G8.parse_range, "[zz]"),
        functools.partial(read_prompt_line, io.StringIO("e2e4 " * 1000 + "\n")),  # NTK001: prompt
    ]


def _environment_calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Callable[[], object]]:
    """Refusals that depend on the environment, which the calls set up themselves."""
    fen_file = tmp_path / "a.fen"
    fen_file.write_text(START + "\n", encoding="utf-8")

    def no_dask() -> object:  # NTK007: an import that fails as an uninstalled package's does
        with monkeypatch.context() as patch:
            patch.setitem(sys.modules, "dask.distributed", None)
            return list(run_files(Task.make("check", "fen"), [str(fen_file)]))

    def no_scheduler() -> object:  # NTK008: what distributed raises when nothing answers
        # The name cluster.py imports (dask.distributed copies distributed's names on import).
        import dask.distributed

        from notation_toolkit.bulk.cluster import _client

        def refuse(address: str, timeout: str) -> None:
            raise OSError(f"Timed out trying to connect to {address} after {timeout}")

        with monkeypatch.context() as patch, ExitStack() as stack:
            patch.setattr(dask.distributed, "Client", refuse)
            return _client("tcp://127.0.0.1:1", None, stack)

    def no_lenient_mode() -> object:  # NTK009: a plugin notation without canonicalize
        strict = dataclasses.replace(get_notation("fen"), name="strict-fen", canonicalize=None)
        with monkeypatch.context() as patch:
            patch.setitem(registry._registry, "strict-fen", strict)
            [result] = run(Task.make("canonicalize", "strict-fen"), read_items([str(fen_file)]), jobs=1)
        return result.diagnostics

    def capped(variable: str, value: str, read: Callable[[], object]) -> Callable[[], object]:
        def call() -> object:  # NTK001: the caps of core.textio's readers
            with monkeypatch.context() as patch:
                patch.setenv(variable, value)
                return read()

        return call

    def dead_workers() -> object:  # NTK010: a range whose worker died once, one whose two died
        from notation_toolkit.bulk.workers import Chunk, death_diagnostics

        where = ("a.fen", 1, 500)
        retried = Chunk(None, where, 500, outcome=[], done=True, deaths=["was killed by SIGKILL"])
        lost = Chunk(None, where, 500, done=True, deaths=["was killed by SIGKILL"] * 2)
        return [*death_diagnostics(retried), *death_diagnostics(lost)]

    return [
        no_dask,
        no_scheduler,
        no_lenient_mode,
        dead_workers,
        capped("NTK_MAX_TEXT", "16", functools.partial(read_text_file, fen_file)),
        capped("NTK_MAX_LINE", "16", lambda: list(iter_lines(fen_file))),
        capped("NTK_MAX_STREAM", "16", functools.partial(count_lines, fen_file)),
        capped("NTK_MAX_LINE", "a lot", read_limits),
    ]


@pytest.fixture
def diagnostics(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Diagnostic]:
    calls = _calls(tmp_path) + _environment_calls(tmp_path, monkeypatch)
    return [d for call in calls for d in diagnostics_of(call)]


def _codes() -> list[str]:
    import notation_toolkit.core.geometry
    import notation_toolkit.core.limits  # noqa: F401  (registers NTK006)

    # The notations' codes the corpus reaches register on import; only the core's count here.

    return [c for c in all_codes() if c.startswith("NTK")]


def test_every_core_code_has_a_template() -> None:
    assert codes_without_template(_codes()) == []


def test_the_corpus_reaches_every_core_code(diagnostics: list[Diagnostic]) -> None:
    assert unreached(_codes(), {d.code for d in diagnostics}, {}) == []


#: Templates the corpus does not render, with why (the list must stay true: a rendered one fails).
UNRENDERED = {
    "NTK002:": "fen.parser's guard for a tree deeper than Python's recursion, behind the nesting cap",
    "NTK002:read": "core.transform's guard for the same, behind every notation's nesting cap",
    "NTK003:broken": "needs an installed plugin whose entry point fails (tests/core/test_registry.py)",
    "NTK003:extension": "raised by the command line only: tests/test_cli_refusals.py",
    "NTK005:two_stdin": "raised by the command line only: tests/test_cli_refusals.py",
    "NTK005:stdin_cluster": "raised by the command line only: tests/test_cli_refusals.py",
}


def test_the_corpus_renders_every_core_template(diagnostics: list[Diagnostic]) -> None:
    assert set(unrendered_templates(_codes(), diagnostics)) == set(UNRENDERED)


def test_no_core_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 15
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize(
    ("text", "found"),
    [("K=W Q=zz(\n", "(a line break)"), ("K=W Q=zz(\n\n\n", "(3 characters)"), ("K=W Q=zz(\tR", "(a tab)")],
)
def test_a_white_space_token_is_named_not_quoted(text: str, found: str) -> None:
    # A quoted line break used to split the message over two lines.
    from notation_toolkit import fbr
    from notation_toolkit.core.errors import NotationError

    with pytest.raises(NotationError) as err:
        fbr.parse(text)
    message = err.value.diagnostics[0].message
    assert "\n" not in message and "\t" not in message
    assert message.endswith(f", found whitespace between items {found}"), message
