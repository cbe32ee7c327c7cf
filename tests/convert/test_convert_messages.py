"""Conversion messages (FEN190, FEN191: FEEN -> FEN / DFEN) are written from one template per code
(``fen/codes.py``) and never stutter.

The corpus: text that is not FEEN, and FEEN that FEN cannot hold, one per reason the conversion
names (a piece outside PNBRQK, a board other than 8x8, pieces in hand, styles other than chess).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from message_checks import codes_without_template, diagnostics_of, prose_problems, unreached

from notation_toolkit.convert.fen_feen import feen_to_dfen, feen_to_fen
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fen.codes import NOT_CHESS, NOT_FEEN

START = "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR"
TEXTS = [
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  # FEN, not FEEN
    f"{START} / C/C",
    f"{START.replace('q', 'a')} / C/c",  # FEN191: not a chess piece
    "8/8/8/8/8/8/8 / C/c",  # FEN191: 7 ranks
    "8/8/8/8/8/8/8/8//8 / C/c",
    f"{START} P/ C/c",  # FEN191: a piece in hand
    f"{START} / S/s",  # FEN191: shogi styles
]


def _calls() -> list[Callable[[], object]]:
    return [functools.partial(convert, text) for text in TEXTS for convert in (feen_to_fen, feen_to_dfen)]


def _diagnostics() -> list[Diagnostic]:
    return [d for call in _calls() for d in diagnostics_of(call)]


CODES = [NOT_FEEN.code, NOT_CHESS.code]


def test_every_conversion_code_has_a_template() -> None:
    assert codes_without_template(CODES) == []


def test_the_corpus_reaches_every_template_of_the_conversion_codes() -> None:
    found = _diagnostics()
    assert unreached(CODES, {d.code for d in found}, {}) == []
    rendered = {d.message for d in found}
    for name, pattern in NOT_CHESS.messages.items():
        lead = pattern.split("{")[0]
        assert any(m.startswith(lead) for m in rendered if lead), name


def test_no_conversion_message_or_hint_repeats_a_phrase() -> None:
    found = _diagnostics()
    assert len(found) > 15
    problems = prose_problems(found)
    assert not problems, "\n".join(map(str, problems))
