"""Start-up of the FBR, MBN, piece and Dice Chess commands: what they must not import.

The time itself is measured by ``benchmarks/bench_startup.py`` against ``python -c "import
chess"``; these tests guard what the gain rests on, for the modules of ``fbr``, ``mbn``,
``variant`` and ``dicechess``: a command path that does not need a module does not import it.
Each command runs in a fresh interpreter (``sys.modules`` is per process), after a first run that
fills the grammar cache. Then the lazy paths are checked to behave as the eager ones did (the
registry entries' ``validate``, the shipped catalog read without ``importlib.resources``, the
rule-file reader without ``pathlib``, the dice-count table).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from startup_checks import imported_by, python

FBR_LINE = "K Q=R+N R B N P"
FBR_RULES = "royal promotion+[8]=enter K Q=R+B R B N P +P==QRBN"
MBN_LINE = "N=mN+cW"
DFEN_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 PNB"

# Never needed by a valid one-line FBR/MBN text: Lark and core.grammar (with pathlib) serve the
# Lark path only; difflib (core.suggest) serves unknown names only; importlib.resources and its
# zip and temporary-file machinery read nothing the catalog file beside fbr/catalog.py does not.
LARK_PATH = {
    "lark",
    "notation_toolkit.core.grammar",
    "notation_toolkit.fbr.grammar",
    "notation_toolkit.mbn.grammar",
}
SUGGEST = {"notation_toolkit.core.suggest", "difflib"}
RESOURCES = {"importlib.resources", "importlib.resources._common", "tempfile", "zipfile"}
# What `ntk parse` needs no more than the parser: the checks, the catalog and the formatters.
CHECKS = {
    "notation_toolkit.fbr.api",
    "notation_toolkit.fbr.catalog",
    "notation_toolkit.fbr.validate",
    "notation_toolkit.fbr.format",
    "notation_toolkit.mbn.validate",
    "notation_toolkit.mbn.format",
    "json",
}


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ntk-cache")


def test_parse_fbr_loads_the_parser_alone(cache: Path) -> None:
    modules = imported_by(["parse", "fbr", FBR_LINE], cache)
    assert {"notation_toolkit.fbr.parser", "notation_toolkit.fbr.fast"} <= modules  # it did run
    unwanted = (LARK_PATH | SUGGEST | RESOURCES | CHECKS | {"pathlib"}) & modules
    assert not unwanted, sorted(unwanted)


def test_parse_mbn_loads_the_parser_alone(cache: Path) -> None:
    modules = imported_by(["parse", "mbn", MBN_LINE], cache)
    assert {"notation_toolkit.mbn.parser", "notation_toolkit.mbn.fast"} <= modules
    unwanted = (
        LARK_PATH | SUGGEST | RESOURCES | CHECKS | {"pathlib"} | {"notation_toolkit.fbr.ast"}
    ) & modules
    assert not unwanted, sorted(unwanted)


def test_check_fbr_reads_the_catalog_without_resources_or_difflib(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "rules.fbr"
    path.write_text(FBR_RULES + "\n", encoding="utf-8")
    modules = imported_by(["check", str(path)], cache)
    assert {"notation_toolkit.fbr.catalog", "notation_toolkit.fbr.validate"} <= modules
    unwanted = (LARK_PATH | SUGGEST | RESOURCES) & modules
    assert not unwanted, sorted(unwanted)


def test_check_mbn_needs_no_difflib(cache: Path, tmp_path: Path) -> None:
    path = tmp_path / "one.mbn"
    path.write_text(MBN_LINE + "\n", encoding="utf-8")
    modules = imported_by(["check", str(path)], cache)
    assert "notation_toolkit.mbn.validate" in modules
    unwanted = (LARK_PATH | SUGGEST | RESOURCES | {"notation_toolkit.fbr"}) & modules
    assert not unwanted, sorted(unwanted)


def test_notations_reads_the_fbr_and_mbn_entries_without_their_parsers(cache: Path) -> None:
    modules = imported_by(["notations"], cache)
    assert {"notation_toolkit.fbr.notation", "notation_toolkit.mbn.notation"} <= modules
    ours = {m for m in modules if m.startswith(("notation_toolkit.fbr.", "notation_toolkit.mbn."))}
    # the entries and the codes they register (for `ntk explain`), nothing else
    assert ours <= {
        "notation_toolkit.fbr.notation",
        "notation_toolkit.fbr.codes",
        "notation_toolkit.mbn.notation",
        "notation_toolkit.mbn.codes",
    }, sorted(ours)


def test_piece_compiles_without_lark_or_the_rule_files(cache: Path) -> None:
    modules = imported_by(["piece", MBN_LINE, "--from", "d4"], cache)
    assert "notation_toolkit.variant.pieces.compiler" in modules
    unwanted = (
        LARK_PATH | SUGGEST | RESOURCES | {"notation_toolkit.fbr", "notation_toolkit.dicechess"}
    ) & modules
    assert not unwanted, sorted(unwanted)


def test_dice_moves_loads_no_rule_file_code(cache: Path) -> None:
    modules = imported_by(["dice", "moves", DFEN_START], cache)
    assert "notation_toolkit.dicechess.position" in modules
    unwanted = (
        SUGGEST | {"notation_toolkit.fbr", "notation_toolkit.mbn", "notation_toolkit.variant", "lark"}
    ) & modules
    assert not unwanted, sorted(unwanted)


@pytest.mark.parametrize(
    ("package", "loaded"),
    [
        ("fbr", {"fbr", "fbr.codes", "mbn", "mbn.codes"}),
        ("mbn", {"mbn", "mbn.codes"}),
        # the game cores guard against a stale compiled build when they are imported
        ("variant", {"variant", "variant.codes", "variant.native"}),
        ("dicechess", {"dicechess", "dicechess.native"}),
    ],
)
def test_a_package_import_loads_its_codes_alone(package: str, loaded: set[str]) -> None:
    # the public names are lazy (core.lazy): the parsers, ASTs and game cores load on first use
    code = (
        f"import sys\nimport notation_toolkit.{package} as p\n"
        "print('\\n'.join(m for m in sys.modules if m.startswith('notation_toolkit.')))\n"
        "print('complete', all(getattr(p, name, None) is not None for name in p.__all__))\n"
    )
    done = python(["-c", code], dict(os.environ))
    assert done.returncode == 0, done.stderr
    *modules, complete = done.stdout.split("\n")[:-1]
    ours = {m.removeprefix("notation_toolkit.") for m in modules if not m.startswith("notation_toolkit.core")}
    assert ours == loaded, sorted(ours)
    assert complete == "complete True"  # every public name still resolves


def test_the_dice_chess_position_needs_no_fractions() -> None:
    # RollOutcome.probability imports fractions (with decimal and numbers) when it is asked for
    code = (
        "import sys\nimport notation_toolkit.dicechess.position, notation_toolkit.dicechess.moves\n"
        "print(sorted({'fractions', 'decimal', 'numbers'} & set(sys.modules)))\n"
        "from notation_toolkit.dicechess.dice import ROLL_OUTCOMES\n"
        "print(sum(o.probability for o in ROLL_OUTCOMES), type(ROLL_OUTCOMES[0].probability).__name__)\n"
    )
    done = python(["-c", code], dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "1 Fraction"]  # the 56 outcomes' chances sum to 1 (R2)


def test_the_dice_count_table_is_the_count_of_every_pool() -> None:
    from notation_toolkit.dicechess import dice
    from notation_toolkit.dicechess.position import POOL_SIZE

    assert len(POOL_SIZE) == 1 << 14
    assert all(POOL_SIZE[pool] == dice.size(pool) for pool in range(1 << 14))
    assert POOL_SIZE[dice.from_letters("PNB")] == 3
    assert POOL_SIZE[dice.from_letters("QQ")] == 2
    assert POOL_SIZE[0] == 0


def test_the_registry_entries_check_as_the_validators_do() -> None:
    from notation_toolkit import fbr, mbn
    from notation_toolkit.fbr.notation import NOTATION as FBR
    from notation_toolkit.mbn.notation import NOTATION as MBN

    assert FBR.validate is not None and MBN.validate is not None and MBN.canonicalize is not None
    found = {}
    for text in (FBR_RULES, "royl K", "K Q=R+:XY:", "royal{Z} K", 'boardsize="0x8" K'):
        rule_file = fbr.parse(text)
        assert FBR.validate(rule_file) == fbr.check_rule_file(rule_file)
        assert FBR.check(text) == fbr.check(text)
        found[text] = [d.code for d in FBR.validate(rule_file)]
    # unknown rule (with its 'did you mean'), undefined compound, undeclared letter, bad board size
    assert found == {
        FBR_RULES: [],
        "royl K": ["FBR201"],
        "K Q=R+:XY:": ["MBN211"],
        "royal{Z} K": ["FBR302"],
        'boardsize="0x8" K': ["FBR501"],
    }
    assert "royal" in (fbr.check("royl K")[0].hint or "")
    for text, codes in ((MBN_LINE, []), ("N=[2-1]mN", ["MBN209"]), ("N=mmN", ["MBN201"])):
        item = mbn.parse(text)
        assert [d.code for d in MBN.validate(item)] == codes
        assert MBN.validate(item) == mbn.validate(item)
        assert MBN.check(text) == mbn.check(text)
        assert MBN.canonicalize(text) == mbn.canonicalize(text)
        assert MBN.format(text) == mbn.dumps(item)
    assert [d.code for d in MBN.check("N=mN+cW+")] == ["MBN101"]  # a syntax error is a diagnostic


def test_the_shipped_catalog_is_the_package_data_either_way(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import resources

    from notation_toolkit.fbr import catalog

    packaged = resources.files("notation_toolkit.fbr").joinpath("catalog.json").read_text(encoding="utf-8")
    assert catalog._shipped_text() == packaged  # read beside the module
    # A package that is not a directory (a zip import): the file beside the module is not there.
    monkeypatch.setattr(catalog, "__file__", "/nonexistent.zip/notation_toolkit/fbr/catalog.py")
    assert catalog._shipped_text() == packaged
    catalog.shipped_catalog.cache_clear()
    try:
        assert len(catalog.shipped_catalog().rules) == 49
    finally:
        catalog.shipped_catalog.cache_clear()


def test_parse_file_reads_utf8_and_reports_an_unreadable_file(tmp_path: Path) -> None:
    from notation_toolkit import fbr
    from notation_toolkit.core.errors import NotationError

    good = tmp_path / "rules.fbr"
    good.write_text(FBR_RULES + "\n~ café\n", encoding="utf-8")
    assert fbr.parse_file(good) == fbr.parse(FBR_RULES + "\n~ café\n")
    assert fbr.parse_file(str(good)) == fbr.parse_file(good)
    latin1 = tmp_path / "latin1.fbr"
    latin1.write_bytes("K ~ caf\xe9\n".encode("latin-1"))
    # read as every text file is read (core.textio): the path and the reason in the user's words
    for path, reason in (
        (tmp_path / "missing.fbr", "No such file or directory"),
        (tmp_path, "Is a directory"),
        (latin1, "is not UTF-8 text: byte 0xe9 at line 1, column 8"),
    ):
        with pytest.raises(NotationError) as info:
            fbr.parse_file(path)
        assert info.value.code == "NTK005"
        assert reason in str(info.value) and str(path) in str(info.value)
