"""The documentation cannot drift: every example in README.md and docs/*.md runs as a test.

- ```python blocks run with sybil: ``>>>`` lines as doctests (their output compared), other code
  executed; a page's blocks share one namespace, in order.
- ```console blocks: each ``$ command`` runs in a shell at the repository root, and its output
  (stdout and stderr, as a terminal user sees them) must equal the lines below it, up to the next
  ``$``. Only timings are normalised (``0.104 s``, ``1,799 nodes``); a line ``...`` stands for any
  number of lines. A command with no lines below it must simply succeed without a traceback.
  ``<!-- console: skip -->`` before a block skips it (for a program that needs a terminal);
  ``<!-- console: slow -->`` marks its commands ``slow`` (still run in CI, see ``-m "not slow"``).
- Paths the docs cite (``notation_toolkit/...``, ``grammars/...``, ``examples/...`` ...) exist.
- No example leaves a file in the repository root: a reader who runs them must find the tree as it was.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sybil = pytest.importorskip("sybil")
from sybil import Sybil  # noqa: E402
from sybil.parsers.markdown import PythonCodeBlockParser, SkipParser  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
WIDTH = "140"  # terminal columns the console examples were written at

_TIMING = [
    (re.compile(r"\b\d+:\d\d:\d\d\b"), "<elapsed>"),  # a progress bar's elapsed time
    (re.compile(r"\b\d+(?:[.,]\d+)*(?:\.\d+)? ?(?:s|ms|µs)\b"), "<time>"),
    (re.compile(r"\b\d+(?:[.,]\d+)* (nodes|turns|positions)(/s)?\b"), r"<n> \1\2"),
]


def normalise(text: str) -> list[str]:
    """Output lines with timings replaced and trailing blanks removed."""
    lines = []
    for line in text.rstrip("\n").split("\n"):
        line = line.rstrip()
        for pattern, replacement in _TIMING:
            line = pattern.sub(replacement, line)
        lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line-by-line equality where an expected line ``...`` matches any run of lines."""
    if not expected:
        return not actual
    head, rest = expected[0], expected[1:]
    if head.strip() == "...":
        return any(matches(rest, actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == head and matches(rest, actual[1:])


def console_commands(block: str) -> Iterator[tuple[str, list[str]]]:
    """(command, expected output lines) for each ``$`` line of a console block."""
    command: str | None = None
    expected: list[str] = []
    for line in block.split("\n"):
        if line.startswith("$ "):
            if command is not None:
                yield command, expected
            command, expected = line[2:], []
        elif command is not None:
            expected.append(line)
    if command is not None:
        yield command, expected


def _console_blocks(page: Path) -> Iterator[tuple[str, int, str, bool]]:
    """(page name, line, block text, slow) for each console block that is not skipped."""
    text = page.read_text(encoding="utf-8")
    for match in re.finditer(r"(?:<!-- console: (skip|slow) -->\s*)?```console\n(.*?)```", text, re.S):
        if match.group(1) == "skip":
            continue
        line = text.count("\n", 0, match.start()) + 1
        yield page.name, line, match.group(2), match.group(1) == "slow"


CONSOLE = [
    pytest.param(
        f"{name}:{line}:{command[:40]}",
        command,
        expected,
        id=f"{name}:{line}:{command[:40]}",
        marks=[pytest.mark.slow] if slow else [],
    )
    for page in PAGES
    for name, line, block, slow in _console_blocks(page)
    for command, expected in console_commands(block)
]


# Made by the tools themselves (caches, the site of `mkdocs build`), never by an example.
_TOOL_OUTPUT = frozenset({"site", "build", "dist", "__pycache__"})


def _root_entries() -> set[str]:
    return {n for n in os.listdir(ROOT) if not n.startswith(".") and n not in _TOOL_OUTPUT}


def _assert_root_unchanged(before: set[str], what: str) -> None:
    """Fail, and remove them so later examples run in a clean root, when ``what`` left new files."""
    left = sorted(_root_entries() - before)
    for name in left:
        path = ROOT / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)
    assert not left, f"{what} left files in the repository root: {left}"


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    bin_dir = str(Path(sys.executable).parent)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env.update(
        {"COLUMNS": WIDTH, "LINES": "50", "NO_COLOR": "1", "TERM": "dumb", "PYTHONIOENCODING": "utf-8"}
    )
    env.pop("FORCE_COLOR", None)
    return env


@pytest.mark.skipif(shutil.which("bash") is None, reason="console examples run in bash")
@pytest.mark.parametrize(("where", "command", "expected"), CONSOLE)
def test_console_example(where: str, command: str, expected: list[str]) -> None:
    before = _root_entries()
    done = subprocess.run(
        ["bash", "-c", command + " 2>&1"],
        cwd=ROOT,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    output = done.stdout
    _assert_root_unchanged(before, f"$ {command}")
    assert "Traceback" not in output, output
    want = normalise("\n".join(expected))
    if not want:
        assert done.returncode == 0, output
        return
    got = normalise(output)
    assert matches(want, got), "\n".join(["expected:", *want, "actual:", *got])


def _pages_with_python() -> list[Path]:
    parser = Sybil(parsers=[PythonCodeBlockParser(), SkipParser()], path=str(ROOT), patterns=[])
    return [page for page in PAGES if any(True for _ in parser.parse(page))]


@pytest.mark.parametrize("page", _pages_with_python(), ids=lambda p: p.name)
def test_python_examples(page: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Python example of a page, in order, in one namespace (as a reader runs them)."""
    monkeypatch.chdir(ROOT)
    before = _root_entries()
    parser = Sybil(parsers=[PythonCodeBlockParser(), SkipParser()], path=str(ROOT), patterns=[])
    try:
        for example in parser.parse(page):
            example.evaluate()
    finally:
        _assert_root_unchanged(before, f"the Python examples of {page.name}")


def test_an_example_that_leaves_a_file_in_the_root_fails() -> None:
    before = _root_entries()
    stray = ROOT / "stray-output-of-an-example.txt"
    stray.write_text("x", encoding="utf-8")
    with pytest.raises(AssertionError, match=r"stray-output-of-an-example\.txt"):
        _assert_root_unchanged(before, "$ ntk check --json x.fen > stray-output-of-an-example.txt")
    assert not stray.exists()


def test_readme_runs_under_plain_doctest(monkeypatch: pytest.MonkeyPatch) -> None:
    """``python -m doctest README.md`` passes too: each expected output ends before its closing fence."""
    monkeypatch.chdir(ROOT)
    failed, attempted = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False)
    assert attempted > 0
    assert failed == 0, f"{failed} of {attempted} README examples fail under python -m doctest"


_CITED = re.compile(
    r"(?<![\w/.-])((?:notation_toolkit|grammars|examples|tests|benchmarks|docs)/[\w./-]*[\w/])"
)


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_cited_paths_exist(page: Path) -> None:
    missing = sorted(
        {
            path
            for path in _CITED.findall(page.read_text(encoding="utf-8"))
            if "*" not in path and not (ROOT / path).exists()
        }
    )
    assert not missing, f"{page.name} cites paths that do not exist: {missing}"
