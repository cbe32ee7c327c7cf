"""Start-up of ``ntk``: what each one-line subcommand imports, and what it must not.

The time itself is measured by ``benchmarks/bench_startup.py`` against ``python -c "import
chess"``; these tests guard the behaviour the gain rests on: a command that does not need a
module does not import it. Each command runs in a fresh interpreter (``sys.modules`` is
per-process), twice: the first run fills the grammar cache (a fresh cache directory), the second is
the one every later run of the command looks like.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from startup_checks import imported_by, python

FEEN_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR / C/c"
FEN_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
DFEN_START = FEN_START + " PNB"
FBR_LINE = "K Q=R+N R B N P"
VARIANTS = Path(__file__).resolve().parent.parent / "examples" / "variants"

# Modules no light command needs: the help renderer, Markdown and syntax highlighting, OpenSSL's
# hashes (the grammar cache digests with the built-in SHA-256), the game cores and Dask, the
# entry-point machinery of importlib (the shipped commands are read from entry_points.txt).
NEVER = {
    "rich_click",
    "rich.markdown",
    "rich.syntax",
    "markdown_it",
    "pygments",
    "hashlib",
    "_hashlib",
    "importlib.metadata",
    "multiprocessing",
    "dask",
    "notation_toolkit.variant",
    "notation_toolkit.svg",
    "notation_toolkit.lsp",
    "rich._emoji_codes",
}
# ... and these unless the command is about them
GAME = {"notation_toolkit.dicechess"}
LARK = {"lark"}  # valid FEEN, FEN, DFEN are read by the regex fast path (cached regexes)
OTHER_NOTATIONS = {
    "feen": {"notation_toolkit.fbr", "notation_toolkit.mbn", "notation_toolkit.fen", "notation_toolkit.dfen"},
    "fen": {"notation_toolkit.fbr", "notation_toolkit.mbn", "notation_toolkit.feen", "notation_toolkit.dfen"},
    "dfen": {"notation_toolkit.fbr", "notation_toolkit.mbn", "notation_toolkit.feen"},
    "fbr": {"notation_toolkit.feen", "notation_toolkit.fen", "notation_toolkit.dfen"},
}


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ntk-cache")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("one-line")
    out = {}
    for name, text in (("feen", FEEN_START), ("fen", FEN_START), ("dfen", DFEN_START), ("fbr", FBR_LINE)):
        path = folder / f"one.{name}"
        path.write_text(text + "\n", encoding="utf-8")
        out[name] = str(path)
    return out


@pytest.mark.parametrize(
    ("notation", "text"), [("feen", FEEN_START), ("fen", FEN_START), ("dfen", DFEN_START)]
)
@pytest.mark.parametrize("command", ["parse", "check", "fmt"])
def test_a_valid_position_is_read_without_lark_help_or_game_code(
    command: str, notation: str, text: str, cache: Path, files: dict[str, str]
) -> None:
    args = [command, notation, text] if command == "parse" else [command, files[notation]]
    modules = imported_by(args, cache)
    assert f"notation_toolkit.{notation}" in modules  # the command did run
    unwanted = (NEVER | GAME | LARK | OTHER_NOTATIONS[notation]) & modules
    if command == "fmt":  # the canonical text goes to stdout as it is; nothing to say on stderr
        unwanted |= {"rich.console"} & modules
    assert not unwanted, (args, sorted(unwanted))


@pytest.mark.parametrize("command", ["parse", "check", "fmt"])
def test_a_rule_file_is_read_without_help_or_game_code(
    command: str, cache: Path, files: dict[str, str]
) -> None:
    args = [command, "fbr", FBR_LINE] if command == "parse" else [command, files["fbr"]]
    modules = imported_by(args, cache)
    assert "notation_toolkit.fbr" in modules
    # Valid FBR is read by the hand-written readers (fbr.fast, mbn.fast): no Lark, no grammar.
    unwanted = (NEVER | GAME | LARK | OTHER_NOTATIONS["fbr"]) & modules
    assert not unwanted, (args, sorted(unwanted))


@pytest.mark.parametrize("command", ["parse", "check"])
def test_an_mbn_item_is_read_without_lark(command: str, cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "one.mbn"
    path.write_text("Q=RN\n", encoding="utf-8")
    args = [command, "mbn", "Q=RN"] if command == "parse" else [command, str(path)]
    modules = imported_by(args, cache)
    assert "notation_toolkit.mbn" in modules
    unwanted = (NEVER | GAME | LARK | OTHER_NOTATIONS["fbr"]) & modules
    assert not unwanted, (args, sorted(unwanted))


def test_convert_fen_to_dfen_needs_neither_lark_nor_the_game(cache: Path) -> None:
    modules = imported_by(["convert", "fen", "dfen", FEN_START], cache)
    assert {"notation_toolkit.fen", "notation_toolkit.dfen"} <= modules
    # FEN -> DFEN needs no FEEN code, though the conversions module imports the feen package
    feen_code = {"notation_toolkit.feen.ast", "notation_toolkit.feen.parser"}
    unwanted = (NEVER | GAME | LARK | feen_code | {"notation_toolkit.fbr", "notation_toolkit.mbn"}) & modules
    assert not unwanted, sorted(unwanted)


def test_the_feen_package_is_cheap_to_import_and_complete() -> None:
    code = (
        "import sys\nimport notation_toolkit.feen as feen\n"
        "print(sorted(m for m in sys.modules if m.startswith('notation_toolkit.feen.')))\n"
        "missing = [n for n in feen.__all__ if getattr(feen, n, None) is None or n not in dir(feen)]\n"
        "import notation_toolkit.feen.validate, notation_toolkit.feen.format\n"
        "module = sys.modules['notation_toolkit.feen.validate']\n"
        "print(missing, callable(feen.validate), feen.validate is module.validate)\n"
        "from notation_toolkit.core.codes import get_code\n"
        "print(get_code('FEEN201') is not None)\n"
    )
    done = python(["-c", code], dict(os.environ))
    assert done.returncode == 0, done.stderr
    loaded, complete, codes = done.stdout.splitlines()
    assert loaded == "['notation_toolkit.feen.codes']"  # the codes register on import, nothing else loads
    assert complete == "[] True True"
    assert codes == "True"


def test_draw_writes_its_svg_without_a_rich_console(cache: Path) -> None:
    modules = imported_by(["draw", "feen", FEEN_START], cache)
    assert "notation_toolkit.svg" in modules
    unwanted = (NEVER - {"notation_toolkit.svg"} | GAME | LARK | {"rich.console"}) & modules
    assert not unwanted, sorted(unwanted)


def test_explain_loads_only_the_codes_of_the_prefix(cache: Path) -> None:
    modules = imported_by(["explain", "FEN111"], cache)
    assert "notation_toolkit.fen.codes" in modules
    # its explanation is paragraphs and code spans: rendered without rich.markdown (markdown-it)
    unwanted = (NEVER | GAME | LARK) & modules
    assert not unwanted, sorted(unwanted)
    assert not {"notation_toolkit.feen", "notation_toolkit.fbr", "notation_toolkit.dfen"} & modules
    # the FEN package's __init__ is lazy (fen/api.py): its codes, not its parser, grammar or AST
    fen_modules = {m for m in modules if m.startswith("notation_toolkit.fen.")}
    assert fen_modules <= {"notation_toolkit.fen.codes"}, sorted(fen_modules)


@pytest.mark.parametrize("args", [["notations"], ["explain"], ["convert", "--list"]])
def test_listing_commands_read_entry_points_without_importlib_metadata(args: list[str], cache: Path) -> None:
    modules = imported_by(args, cache)
    assert "notation_toolkit.core.entry_points" in modules  # the installed ones were looked up
    assert "importlib.metadata" not in modules


@pytest.mark.parametrize("package", ["fen", "dfen"])
def test_the_fen_and_dfen_packages_are_cheap_to_import(package: str) -> None:
    code = (
        "import sys\n"
        f"import notation_toolkit.{package} as p\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('notation_toolkit.')))\n"
    )
    done = python(["-c", code], dict(os.environ))
    assert done.returncode == 0, done.stderr
    prefixes = ("notation_toolkit.fen.", "notation_toolkit.dfen.")
    loaded = {m for m in done.stdout.split() if m.startswith(prefixes)}
    assert loaded <= {"notation_toolkit.fen.codes", "notation_toolkit.dfen.codes"}, sorted(loaded)


def test_dice_moves_loads_the_game_but_not_the_engine_or_lark(cache: Path) -> None:
    modules = imported_by(["dice", "moves", DFEN_START], cache)
    assert "notation_toolkit.dicechess" in modules
    unwanted = (NEVER | LARK | {"notation_toolkit.dicechess.engine", "notation_toolkit.fbr"}) & modules
    assert not unwanted, sorted(unwanted)


@pytest.mark.parametrize(
    "args",
    [
        ["variant", "moves", str(VARIANTS / "chess.fbr")],
        ["variant", "perft", str(VARIANTS / "shogi.fbr"), "--depth", "1"],
        ["variant", "moves", str(VARIANTS / "crazyhouse.fbr"), "--json"],
    ],
)
def test_a_cached_rule_file_plays_without_parser_or_rich(args: list[str], cache: Path) -> None:
    # the first run compiles the rule file and caches it; the second reads the compiled variant
    modules = imported_by(args, cache)
    assert {"notation_toolkit.variant.cache", "notation_toolkit.variant.position"} <= modules
    # neither the parser nor the ASTs: rule components and the piece compiler import the FBR and
    # MBN ASTs where they read a rule file (under TYPE_CHECKING for their annotations)
    parser = {"notation_toolkit.fbr.parser", "notation_toolkit.fbr.validate", "notation_toolkit.mbn.parser"}
    parser |= {"notation_toolkit.fbr.ast", "notation_toolkit.mbn.ast", "notation_toolkit.feen.parser"}
    rich = {"rich.console", "rich.progress"}
    unwanted = (NEVER - {"notation_toolkit.variant"} | LARK | parser | rich) & modules
    assert not unwanted, (args, sorted(unwanted))


def test_version_imports_neither_click_nor_rich(cache: Path) -> None:
    modules = imported_by(["--version"], cache)
    assert not {"click", "rich", "rich.console"} & modules


def test_help_on_a_terminal_is_the_only_thing_that_loads_rich_click(cache: Path) -> None:
    assert "rich_click" in imported_by(["check", "--help"], cache, terminal=True)
    # in a pipe the help is click's plain page: neither rich-click nor rich's console
    assert not {"rich_click", "rich.console"} & imported_by(["check", "--help"], cache)


@pytest.mark.parametrize(
    "args",
    [
        ["parse", "feen", FEEN_START],
        ["parse", "fbr", FBR_LINE],
        ["notations"],
        ["convert", "fen", "dfen", FEN_START],
        ["convert", "--list"],
    ],
)
def test_output_to_a_pipe_is_written_without_rich(
    args: list[str], cache: Path, files: dict[str, str]
) -> None:
    # Plain text in a pipe or a file (core.layout); rich's console (about 20 ms) only on a terminal.
    assert "rich.console" not in imported_by(args, cache)
    assert "rich.console" in imported_by(args, cache, terminal=True)


def test_a_diagnostic_is_written_to_a_pipe_without_rich(cache: Path) -> None:
    args = ["parse", "fen", "8/8/8/8/8/8/8/8 w - - 0 x"]
    assert "rich.console" not in imported_by(args, cache, exit_code=1)


def test_check_draws_a_table_that_fits_the_terminal_without_rich_table(
    cache: Path, files: dict[str, str]
) -> None:
    modules = imported_by(["check", files["fen"]], cache, terminal=True, columns=300)
    assert "rich.console" in modules
    assert "rich.table" not in modules
    # a terminal too narrow for the table: rich lays it out (wrapping or cropping its cells)
    assert "rich.table" in imported_by(["check", files["fen"]], cache, terminal=True, columns=40)


@pytest.mark.parametrize("notation", ["feen", "fen", "dfen", "fbr"])
def test_check_writes_its_table_to_a_pipe_without_rich(
    notation: str, cache: Path, files: dict[str, str]
) -> None:
    assert "rich.console" not in imported_by(["check", files[notation]], cache)


def test_the_dice_moves_title_is_one_line_at_80_columns() -> None:
    # The table is narrower than its title; rich wraps a title to the table's width unless the
    # table is widened to it.
    position = "8/4P3/5K2/8/2k5/8/1P6/8 w - - 0 1 PNK"
    done = python(["-m", "notation_toolkit", "dice", "moves", position], {**os.environ, "COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    title = "8 legal micro-moves, pool PNK, at most 3 dice usable (R8)"
    assert lines[1].strip() == title
    top = lines[2]
    assert top.startswith("┏") and top.endswith("┓")
    assert len(top) >= len(title)
    assert all(len(line) <= 80 for line in lines)


def _sha256_fingerprint(*parts: str | bytes) -> str:
    """The cache key as OpenSSL's SHA-256 (hashlib) computes it: length-prefixed parts after the
    cache format, Lark and Python versions."""
    import hashlib

    from notation_toolkit.core import cache

    digest = hashlib.sha256()
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for part in (cache._FORMAT, cache.lark_version(), version, *parts):
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()[:32]


def test_the_grammar_cache_keys_are_hashlib_sha256_keys() -> None:
    # The built-in SHA-256 that spares start-up the OpenSSL import gives the same keys, so the
    # entries cached before stay valid.
    from notation_toolkit.core import cache

    for parts in [(), ("fen",), ("grammar text\n", b"\x00\xff", "é")]:
        assert cache.fingerprint(*parts) == _sha256_fingerprint(*parts)


def test_without_a_built_in_sha256_the_cache_uses_hashlib(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins
    import hashlib

    from notation_toolkit.core import cache

    real_import = builtins.__import__

    def no_builtin_sha(name: str, *args: Any, **kwargs: Any) -> Any:
        if name in ("_sha2", "_sha256"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_builtin_sha)
    assert cache._sha256() is hashlib.sha256
    assert cache.fingerprint("fen") == _sha256_fingerprint("fen")


def test_help_reads_no_distribution_metadata(cache: Path) -> None:
    # rich-click reads click.__version__; the help sets it from click's dist-info directory name
    for args in (["--help"], ["check", "--help"]):
        modules = imported_by(args, cache, terminal=True)
        assert "rich_click" in modules
        assert "importlib.metadata" not in modules, args


def test_the_version_given_to_click_is_the_installed_one() -> None:
    import importlib.metadata

    import click

    from notation_toolkit.core.cli import _give_click_its_version

    _give_click_its_version()
    assert vars(click).get("__version__") == importlib.metadata.version("click")


def test_the_svg_model_draws_a_feen_position_without_fen_or_dfen() -> None:
    # svg.model imports the FEN and DFEN ASTs in from_fen/from_dfen only
    code = (
        "import sys\n"
        "from notation_toolkit import feen\n"
        "from notation_toolkit.svg.model import from_feen\n"
        f"from_feen(feen.parse({FEEN_START!r}))\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('notation_toolkit.')))\n"
    )
    done = python(["-c", code], dict(os.environ))
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "notation_toolkit.svg.model" in loaded
    assert not {m for m in loaded if m.startswith(("notation_toolkit.fen.", "notation_toolkit.dfen."))}
