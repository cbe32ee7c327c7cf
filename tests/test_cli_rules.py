"""``--rules FILE.fbr`` on ``ntk parse|check|convert|draw``: positions of any variant the core plays,
against Fairy-Stockfish (``pyffish``) as the oracle; and positional arguments that start with ``-``
(every chess-like FEEN the core writes).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from notation_toolkit.cli import main

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ROOT / "examples" / "variants"
# The start position of chess in FEEN as the variant core writes it (docs/variants.md, README).
CHESS_FEEN = "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R / C/c"

sf = pytest.importorskip("pyffish")


def ntk(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def oracle_fens(variant: str, games: int = 4, plies: int = 12, seed: int = 7) -> list[str]:
    """FENs of positions reached by seeded random games, as Fairy-Stockfish writes them."""
    rng = random.Random(seed)
    start = sf.start_fen(variant)
    found = [start]
    for _ in range(games):
        moves: list[str] = []
        for _ in range(plies):
            legal = sf.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
            found.append(sf.get_fen(variant, start, moves))
    return found


@pytest.mark.parametrize("variant", ["capablanca", "grand"])
def test_convert_reads_and_writes_the_variants_fen_both_ways(
    capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    rules = str(VARIANTS / f"{variant}.fbr")
    start = sf.start_fen(variant)
    # Without --rules the orthodox FEN reader refuses a 10-file board.
    assert ntk(capsys, "convert", "fen", "feen", start)[0] == 1
    code, out, err = ntk(capsys, "convert", "fen", "feen", "--rules", rules, start)
    assert code == 0, err
    feen = out.strip()
    assert feen.split(" ")[0].count("/") == start.split(" ")[0].count("/")
    assert "loses" in err
    code, out, err = ntk(capsys, "convert", "feen", "fen", "--rules", rules, feen)
    assert code == 0, err
    assert out.strip() == start  # back to Fairy-Stockfish's own text


@pytest.mark.parametrize("variant", ["capablanca", "grand"])
def test_check_rules_accepts_the_oracles_positions_and_refuses_a_foreign_piece(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str
) -> None:
    fens = oracle_fens(variant)
    data = tmp_path / "games.fen"
    data.write_text("\n".join(fens) + "\n", encoding="utf-8")
    code, out, _ = ntk(capsys, "check", "--json", "--rules", str(VARIANTS / f"{variant}.fbr"), str(data))
    report = json.loads(out)
    assert code == 0, report
    assert report["files"][0]["items"] == report["files"][0]["valid"] == len(fens)
    bad = tmp_path / "bad.fen"
    bad.write_text(fens[0].replace("q", "z", 1) + "\n", encoding="utf-8")
    code, out, _ = ntk(capsys, "check", "--json", "--rules", str(VARIANTS / f"{variant}.fbr"), str(bad))
    report = json.loads(out)
    assert code == 1 and report["files"][0]["invalid"] == 1
    assert report["diagnostics"][0]["diagnostics"][0]["code"].startswith("VAR")


@pytest.mark.slow
def test_convert_input_files_with_rules_on_workers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fens = oracle_fens("capablanca", games=6, plies=50)
    data = tmp_path / "games.fen"  # two chunks of 500 lines: the run goes to worker processes
    data.write_text("\n".join(fens * (501 // len(fens) + 1)) + "\n", encoding="utf-8")
    rules = str(VARIANTS / "capablanca.fbr")
    code, out, err = ntk(capsys, "convert", "fen", "feen", "--rules", rules, "--jobs", "2", "-i", str(data))
    assert code == 0, err
    feens = out.splitlines()
    assert len(feens) == len(data.read_text().splitlines())
    pairs = dict(zip(feens, data.read_text().splitlines(), strict=True))  # each position once
    back = tmp_path / "back.feen"
    back.write_text("\n".join(pairs) + "\n", encoding="utf-8")
    code, out, err = ntk(capsys, "convert", "feen", "fen", "--rules", rules, "-i", str(back))
    assert code == 0, err
    # The core keeps no half-move clock in FEEN: the board, side, castling and en passant return.
    assert [f.split(" ")[:4] for f in out.splitlines()] == [f.split(" ")[:4] for f in pairs.values()]


def test_parse_rules_shows_the_position_of_the_variant(capsys: pytest.CaptureFixture[str]) -> None:
    start = sf.start_fen("grand")
    code, out, _ = ntk(capsys, "parse", "fen", "--rules", str(VARIANTS / "grand.fbr"), "--json", start)
    assert code == 0
    found = json.loads(out)
    assert found["board"] == [10, 10] and found["fen"] == start and found["valid"] is True


def test_draw_rules_draws_every_piece_of_the_variant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    start = sf.start_fen("grand")
    picture = tmp_path / "grand.svg"
    code, _, err = ntk(
        capsys, "draw", "fen", "--rules", str(VARIANTS / "grand.fbr"), start, "-o", str(picture)
    )
    assert code == 0, err
    svg = picture.read_text(encoding="utf-8")
    placement = start.split(" ")[0]
    assert svg.count('class="piece first"') == sum(c.isupper() for c in placement)
    assert svg.count('class="piece second"') == sum(c.islower() for c in placement)


@pytest.mark.parametrize(
    "args",
    [
        ["parse", "dfen", "x"],
        ["convert", "fen", "dfen", "x"],
        ["draw", "epin", "K"],
    ],
)
def test_rules_take_fen_and_feen_only(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, _, err = ntk(capsys, *args, "--rules", str(VARIANTS / "chess.fbr"))
    assert code == 2 and "--rules reads and writes positions in fen or feen" in err


def test_a_rule_file_that_cannot_be_read_is_a_diagnostic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = ntk(
        capsys, "convert", "fen", "feen", "--rules", str(tmp_path / "none.fbr"), "8/8 w - - 0 1"
    )
    assert code == 1 and "NTK005" in out


# ------------------------------------------------------------------------- leading-dash positionals


@pytest.mark.parametrize(
    "args",
    [
        ["draw", "feen", CHESS_FEEN, "-o", "{out}"],
        ["draw", "feen", "--", CHESS_FEEN, "-o", "{out}"],
        ["draw", "-o", "{out}", "feen", CHESS_FEEN],
        ["draw", "feen", "--output={out}", CHESS_FEEN],
        ["draw", "feen", CHESS_FEEN, "--rules", str(VARIANTS / "chess.fbr"), "-o", "{out}"],
    ],
)
def test_a_feen_starting_with_a_dash_is_an_argument(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str]
) -> None:
    out = tmp_path / "x.svg"
    code, _, err = ntk(capsys, *(a.format(out=out) for a in args))
    assert code == 0, err
    assert out.read_text(encoding="utf-8").count('class="piece first"') == 16


def test_parse_and_convert_take_a_leading_dash_feen(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = ntk(capsys, "parse", "feen", "--json", CHESS_FEEN)
    assert code == 0 and json.loads(out)["valid"] is True
    code, out, _ = ntk(capsys, "convert", "feen", "fen", "--rules", str(VARIANTS / "chess.fbr"), CHESS_FEEN)
    assert code == 0
    assert out.strip() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_an_unknown_option_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = ntk(capsys, "draw", "feen", "-x", CHESS_FEEN)
    assert code == 2 and "No such option" in err


@pytest.mark.parametrize(
    ("command", "args", "expected"),
    [
        # an option whose value may be left out takes no word that starts with '-'
        ("check", ["--dask", "-n", "fen", "x.fen"], ["--dask", "-n", "fen", "--", "x.fen"]),
        ("check", ["--dask", "data/*.fen"], ["--dask", "data/*.fen"]),
        # after '--', a word that is no option of the command is positional (POSIX)
        ("check", ["--", "-weird"], ["--", "-weird"]),
        ("draw", ["feen", "--", CHESS_FEEN, "-o", "x.svg"], ["-o", "x.svg", "--", "feen", CHESS_FEEN]),
        ("parse", ["fen", "-x"], ["-x", "--", "fen"]),
    ],
)
def test_how_words_are_told_apart(command: str, args: list[str], expected: list[str]) -> None:
    import click

    from notation_toolkit.cli import build_cli
    from notation_toolkit.core.cli import dash_positionals

    root = build_cli()
    ctx = click.Context(root)
    found = root.get_command(ctx, command)
    assert found is not None
    assert dash_positionals(found, click.Context(found, parent=ctx, info_name=command), args) == expected
