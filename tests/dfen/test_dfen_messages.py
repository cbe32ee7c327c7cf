"""DFEN messages are written from one template per code (``dfen/codes.py``) and never stutter.

The corpus: the invalid example file (``examples/dfen/invalid.dfen``, one mistake per line), the
DFEN specification's multi-target example with mistakes generated in its en-passant and dice
fields (rules F1-F3), the shorter forms the specification allows, and positions built by code.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from message_checks import codes_without_template, diagnostics_of, prose_problems, unreached

from notation_toolkit import dfen
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.dfen import DfenPosition, DicePool, EnPassantTargets
from notation_toolkit.dfen.codes import CODES
from notation_toolkit.fen import SQUARE_INDEX, Board, CastlingRights, FullmoveNumber, HalfmoveClock, Side

ROOT = Path(__file__).resolve().parents[2]
INVALID = ROOT / "examples" / "dfen" / "invalid.dfen"
# The specification's example: White pushed three pawns two squares (targets a3 c3 e3).
BOARD = "rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def _texts() -> list[str]:
    texts = [
        line for line in INVALID.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")
    ]
    texts += [
        "",
        f"{BOARD} b",
        f"{BOARD} b KQkq a3c3e3 0 1 - x y",
        f"{BOARD} b KQkq a3c3e3",  # 4 fields: the rest filled in
        f"{BOARD} b KQkq a3c3e3 0",
        f"{BOARD} b KQkq e3c3a3 0 1 -",
        f"{BOARD} b KQkq a3c3e 0 1 -",
        f"{BOARD} b KQkq a3c3a3 0 1 -",
        f"{BOARD} b KQkq a3x3 0 1 -",
        f"{START} w KQkq - 0 1 KQP",
        f"{START} w KQkq - 0 1 pnb",
        f"{START} w KQkq - 0 1 PnB",
        f"{START} b KQkq - 0 1 PNB",
        f"{START} w KQkq - 0 1 PPPP",
        f"{START} w KQkq - 0 1 PZ",
    ]
    return texts


def _position(targets: frozenset[int] = frozenset(), dice: tuple[str, ...] | None = None) -> DfenPosition:
    return DfenPosition(
        Board(START),
        Side("w"),
        CastlingRights(frozenset()),
        EnPassantTargets(targets),
        HalfmoveClock(0),
        FullmoveNumber(1),
        DicePool(dice),
    )


@pytest.fixture(scope="module")
def diagnostics() -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for text in _texts():
        found += dfen.check(text)
        found += diagnostics_of(lambda text=text: dfen.canonicalize(text)[1])
    found += dfen.validate(_position(targets=frozenset({SQUARE_INDEX["e4"]})))
    found += dfen.validate(_position(dice=("P", "P", "N", "K")))
    found += dfen.validate(_position(dice=("X",)))
    return found


def test_every_dfen_code_has_a_template() -> None:
    assert codes_without_template(CODES) == []


def test_the_corpus_reaches_every_dfen_code(diagnostics: list[Diagnostic]) -> None:
    assert unreached(CODES, {d.code for d in diagnostics}, {}) == []


def test_no_dfen_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 25
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))


def test_a_one_character_en_passant_field_is_one_character() -> None:
    """F2: an odd-length field 4 is refused (DFEN211); the message counts its characters in
    English ("1 character", not "1 characters")."""
    text = "4k3/8/8/8/8/8/8/4K3 w - e 0 1 -"
    with pytest.raises(NotationError) as info:
        dfen.parse(text)
    (d,) = info.value.diagnostics
    assert d.code == "DFEN211"
    assert d.message.startswith("the en-passant field 'e' has 1 character; ")
    with pytest.raises(NotationError) as info:
        dfen.parse(text.replace(" e ", " a3c "))
    assert info.value.diagnostics[0].message.startswith("the en-passant field 'a3c' has 3 characters; ")
