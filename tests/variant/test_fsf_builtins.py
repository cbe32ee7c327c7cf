"""The table of Fairy-Stockfish's built-ins (tests/variant/fsf_builtins.py) and its comparison:
every built-in has a row, every named example exists and says which built-in it writes, and
``compare_with_fsf`` finds differences (live against pyffish; the whole table under ``-m slow``)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from fsf_builtins import BUILTINS, EXAMPLES, RANDOM_START, SAME_GAME, compare_with_fsf, main, verdict
from fsf_oracle import SPECS

from notation_toolkit.variant import VariantError

WITH_FILE = sorted(name for name, b in BUILTINS.items() if b.file)


def test_every_builtin_of_fairy_stockfish_has_a_row() -> None:
    pytest.importorskip("pyffish")
    # asked of a fresh interpreter: tests in this process load variants.ini sections into pyffish,
    # which then lists them among its variants
    listing = subprocess.run(
        [sys.executable, "-c", "import pyffish; print(' '.join(pyffish.variants()))"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    builtins = set(listing.stdout.split())
    assert set(BUILTINS) == builtins
    assert len(builtins - set(SAME_GAME)) == 118


def test_each_row_has_a_file_or_says_what_blocks_it() -> None:
    for name, entry in BUILTINS.items():
        assert entry.fbr, name
        if entry.file is None:
            assert entry.blocker.startswith(("needs ", "not expressible in FBR: ")), name
        else:
            assert not entry.blocker, name
            assert (EXAMPLES / entry.file).is_file(), name


def test_rows_cite_the_fbr_page_where_they_need_a_rule() -> None:
    for name, entry in BUILTINS.items():
        if entry.blocker.startswith("needs `"):
            assert re.search(r"003:\d+", entry.blocker), name


@pytest.mark.parametrize("name", WITH_FILE)
def test_example_names_its_fairy_stockfish_builtin(name: str) -> None:
    entry = BUILTINS[name]
    assert entry.file is not None
    header = "\n".join(
        line for line in (EXAMPLES / entry.file).read_text().splitlines() if line.startswith("~")
    )
    if name in SAME_GAME:
        return
    named = re.findall(r"`([a-z0-9-]+)`", header) + re.findall(r'"([a-z0-9-]+)"', header)
    assert name in named or name in ("fischerandom",), (name, header[:200])


def test_every_example_is_compared_with_recorded_oracle_data() -> None:
    """Every example that writes a built-in is in the oracle SPECS (recorded data in the default run),
    but for the random-start ones, compared live (they start from their own position)."""
    for name in WITH_FILE:
        entry = BUILTINS[name]
        if name in RANDOM_START or name in SAME_GAME or entry.known:
            continue
        assert any(spec.file == entry.file and spec.fsf == name for spec in SPECS.values()), name


def test_compare_finds_a_wrong_rule_file(tmp_path: Path) -> None:
    pytest.importorskip("pyffish")
    text = (EXAMPLES / "chess.fbr").read_text().replace("+[1-2]mefW02", "")  # no double step
    wrong = tmp_path / "chess.fbr"
    wrong.write_text(text)
    found = compare_with_fsf(wrong, "chess", depth=1, games=0)
    assert [(m.where, m.ours, m.theirs) for m in found] == [("perft 1", 12, 20)]
    # a start position that is not the built-in's
    text = (EXAMPLES / "chess.fbr").read_text().replace("PPPPPPPP/-RNBQ", "PPPPPPP1/-RNBQ")
    wrong.write_text(text)
    assert [m.where for m in compare_with_fsf(wrong, "chess", depth=1, games=0)] == ["start"]


def test_compare_finds_a_difference_along_a_game(tmp_path: Path) -> None:
    pytest.importorskip("pyffish")
    # en passant left out: the start perft agrees to depth 2, a game reaches the difference
    text = (EXAMPLES / "chess.fbr").read_text().replace("cefF", "cfF")
    wrong = tmp_path / "chess.fbr"
    wrong.write_text(text)
    found = compare_with_fsf(wrong, "chess", depth=2, games=20, plies=60, seed=3)
    assert found and found[0].where.startswith(("game", "perft 2 game"))
    assert "Fairy-Stockfish only" in str(found[0]) or found[0].where.startswith("perft")


def test_refused_rule_file_raises(tmp_path: Path) -> None:
    pytest.importorskip("pyffish")
    path = tmp_path / "alice.fbr"  # two boards (003:18): a board model the core does not have
    start = 'startposition="4k^3/8/8/8/8/8/8/4K^3 / C/c"'
    path.write_text(f'variant="Alice"\nboardsize="8x8"\n{start}\n\nalice\nroyal\n\nK=W+F\n')
    with pytest.raises(VariantError):
        compare_with_fsf(path, "chess", depth=1, games=0)
    row = verdict(BUILTINS["duck"])
    assert row.status == "no file" and row.detail.startswith("not expressible in FBR")


def test_table_script_prints_rows_and_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyffish")
    assert main(["losalamos", "duck", "--jobs", "1", "--depth", "2", "--games", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:3] == ["losalamos", "losalamos.fbr", "agrees"]
    assert out[1].split()[:4] == ["duck", "-", "no", "file"]
    assert out[-1] == "1 of 2 agree"


@pytest.mark.slow
@pytest.mark.parametrize("name", WITH_FILE)
def test_example_agrees_with_fairy_stockfish_live(name: str) -> None:
    """The table's comparison for every example (the rows `python -m tests.variant.fsf_builtins`
    prints): perft 1-3 where cheap, legal-move lists along 4 seeded random games."""
    pytest.importorskip("pyffish")
    row = verdict(BUILTINS[name])
    if BUILTINS[name].known:  # nothing found but the difference the page's meaning makes
        assert row.detail.startswith("by the page: "), row.detail
    else:
        assert row.status == "agrees", row.detail


def test_shoshogi_differs_only_where_king_and_prince_would_both_stay_attacked() -> None:
    """royal{K+E}=expose(2): with king and prince, one may be left attacked, not both (003:930);
    Fairy-Stockfish's extra moves here are exactly those that leave both attacked."""
    pyffish = pytest.importorskip("pyffish")
    from notation_toolkit.variant import Variant

    fen = "4k4/9/9/9/9/9/9/9/+E2r1K3 w - - 0 1"  # the rook on d1 attacks the prince and the king
    pos = Variant.load(EXAMPLES / "shoshogi.fbr").position(fen)
    ours = {m.text for m in pos.legal_moves()}
    theirs = set(pyffish.legal_moves("shoshogi", fen, []))
    assert ours < theirs
    for move in theirs - ours:
        after = pyffish.get_fen("shoshogi", fen, [move])
        replies = pyffish.legal_moves("shoshogi", after, [])
        targets = {r[2:4] for r in replies if r.startswith("d1")}
        # the rook still reaches both royal pieces' squares after each of those moves
        kings = {"b1" if move == "a1b1" else "a1", move[2:4] if move.startswith("f1") else "f1"}
        assert kings <= targets, (move, targets)
