"""``Move``: immutable, compared by code and text, written on demand, picklable."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from notation_toolkit.variant import Move, Variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"


def test_moves_write_their_text_and_compare_by_code_and_text() -> None:
    pos = Variant.load(EXAMPLES / "chess.fbr").start()
    moves = pos.legal_moves()
    texts = sorted(m.text for m in moves)
    assert texts[:3] == ["a2a3", "a2a4", "b1a3"]
    e4 = next(m for m in moves if m.text == "e2e4")
    assert str(e4) == "e2e4" and repr(e4) == f"Move(text='e2e4', code={e4.code})"
    assert e4 == Move("e2e4", e4.code) and hash(e4) == hash(Move("e2e4", e4.code))
    assert e4 != Move("e2e3", e4.code) and e4 != next(m for m in moves if m.text == "d2d4")
    assert e4 != "e2e4"
    assert not e4.is_drop


def test_moves_are_immutable_and_pickle_with_their_text() -> None:
    pos = Variant.load(EXAMPLES / "crazyhouse.fbr").position(
        "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R P/p C/c"
    )
    drop = next(m for m in pos.legal_moves() if m.is_drop)
    with pytest.raises(AttributeError):
        drop.code = 0  # type: ignore[misc]
    back = pickle.loads(pickle.dumps(drop))
    assert back == drop and back.text == drop.text and back.is_drop


def test_a_move_needs_its_text_or_a_core() -> None:
    with pytest.raises(TypeError):
        Move(None, 1)


def test_pop_returns_the_move_pushed() -> None:
    pos = Variant.load(EXAMPLES / "chess.fbr").start()
    for text in ("e2e4", "e7e5", "g1f3"):
        pos.push(text)
    assert [pos.pop().text for _ in range(3)] == ["g1f3", "e7e5", "e2e4"]
