"""``startposition=`` is checked against its rule file (board size, pieces defined, royal marks,
castling), with the span of the offending token and a fix, by ``fbr.check``, ``ntk check`` and the
language server alike."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.variant import Variant

ROOT = Path(__file__).resolve().parents[2]
PIECES = "royal K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN O-O=[*]isR[g]=isR[f]"


def _file(start: str, size: str = "8x8") -> str:
    return f'boardsize="{size}" startposition="{start}"\n{PIECES}\n'


def _found(text: str, code: str) -> list[tuple[str, Diagnostic]]:
    return [
        (text[d.span.offset : d.span.offset + d.span.length], d)
        for d in fbr.check(text)
        if d.code == code and d.span is not None
    ]


def test_a_king_without_its_royal_mark_is_pointed_at_with_the_fix() -> None:
    text = _file("-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-KBN-R / C/c")
    [(where, d)] = _found(text, "FBR505")
    assert where == "-K" and "e1" in d.message and d.severity is Severity.ERROR
    assert d.fix is not None and d.fix.replacement == "-K^" and d.hint is not None
    fixed = text[: d.span.offset] + d.fix.replacement + text[d.span.offset + d.span.length :]  # type: ignore[union-attr]
    assert not [x for x in fbr.check(fixed) if x.severity is Severity.ERROR]
    assert len(Variant.from_text(fixed).start().legal_moves()) == 20


def test_a_mark_on_a_piece_that_is_not_royal() -> None:
    [(where, d)] = _found(_file("-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ^-K^BN-R / C/c"), "FBR505")
    assert where == "Q^" and d.fix is not None and d.fix.replacement == "Q"


def test_a_side_without_a_royal_piece() -> None:
    found = _found(_file("8/8/8/8/8/8/8/4K^3 / C/c"), "FBR505")
    assert [d.message for _, d in found] == ["the second side has no royal piece in the start position ({K})"]


def test_letters_no_item_defines() -> None:
    [(where, d)] = _found(_file("4k^3/8/8/8/8/8/8/4K^2X / C/c"), "FBR504")
    assert where == "X" and "h1" in d.message and d.hint is not None and "Q" in d.hint
    [(where, _)] = _found(_file("4k^3/8/8/8/8/8/8/4K^3 2Z/ C/c"), "FBR504")
    assert where == "Z"


@pytest.mark.parametrize(
    ("start", "size", "where", "message"),
    [
        ("4k^3/8/8/8/8/8/8/4K^3 / C/c", "8x10", "4k^3/8/8/8/8/8/8/4K^3", "8 ranks, the board 10"),
        ("4k^3/8/8/8/8/8/8/4K^4 / C/c", "8x8", "4K^4", "rank 1 of the start position has 9 squares"),
        ("4k3/9/8/8/8/8/8/4K3 w - - 0 1", "8x8", "9", "rank 7 of the start position has 9 squares"),
    ],
)
def test_a_placement_that_does_not_fit_the_board(start: str, size: str, where: str, message: str) -> None:
    [(found, d)] = _found(_file(start, size), "FBR503")
    assert found == where and message in d.message


def test_castling_defined_but_nobody_marked_to_castle_is_a_warning_with_the_marks() -> None:
    # without any '-' every piece of a start position is unmoved: castling works, no warning
    assert not _found(_file("rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c"), "FBR506")
    # rooks marked, kings not: no side can castle
    text = _file("-rnbqk^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQK^BN-R / C/c")
    [(_, d)] = _found(text, "FBR506")
    assert d.severity is Severity.WARNING and d.fix is not None
    assert d.fix.replacement == "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R"
    fixed = text.replace("-rnbqk^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQK^BN-R", d.fix.replacement)
    assert not _found(fixed, "FBR506")
    pos = Variant.from_text(fixed).start()
    for move in ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"):
        pos.push(move)
    assert "e1g1" in [m.text for m in pos.legal_moves()]
    [(where, _)] = _found(_file("4k3/8/8/8/8/8/8/R3K2R w - - 0 1"), "FBR506")
    assert where == "-"


def test_the_shipped_variants_start_positions_fit() -> None:
    for path in sorted((ROOT / "examples" / "variants").glob("*.fbr")):
        codes = {d.code for d in fbr.check(path.read_text())}
        assert not codes & {"FBR503", "FBR504", "FBR505", "FBR506"}, path.name


def test_ntk_check_and_the_language_server_report_it(tmp_path: Path) -> None:
    from notation_toolkit.lsp.analysis import check, notation_for

    text = _file("-rnbqkbn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQKBN-R / C/c")
    path = tmp_path / "mine.fbr"
    path.write_text(text)
    run = subprocess.run(
        [sys.executable, "-m", "notation_toolkit", "check", str(path)], capture_output=True, text=True
    )
    assert run.returncode != 0 and "FBR505" in run.stdout + run.stderr
    notation = notation_for(path.as_uri())
    assert notation is not None
    assert {d.code for d in check(notation, text)} >= {"FBR505", "FBR506"}
