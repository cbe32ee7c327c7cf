"""Betza -> MBN: the project's transcription table (tests/data/pieces/betza_mbn.json, checked
against Fairy-Stockfish by tests/pieces/test_oracle_fsf.py) is the expected result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from notation_toolkit.fsf.betza import BetzaError, betza_to_mbn, is_left_right_symmetric, mbn_to_betza

TABLE = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "pieces" / "betza_mbn.json").read_text(encoding="utf-8")
)["pieces"]


@pytest.mark.parametrize("entry", TABLE, ids=[e["betza"] or "empty" for e in TABLE])
def test_every_betza_string_of_the_table(entry: dict[str, str | None]) -> None:
    betza = entry["betza"]
    assert isinstance(betza, str)
    if entry["mbn"] is None:
        with pytest.raises(BetzaError):
            betza_to_mbn(betza)
    else:
        assert betza_to_mbn(betza) == entry["mbn"]


def test_mbn_back_to_betza_keeps_the_moves() -> None:
    # the export writes a piece's MBN as Betza; reading that Betza again gives the same MBN
    done = 0
    for entry in TABLE:
        mbn = entry["mbn"]
        if mbn is None or "i" in mbn:
            continue
        betza = mbn_to_betza(mbn)
        assert betza is not None, mbn
        assert betza_to_mbn(betza) == mbn
        done += 1
    assert done > 150


def test_initial_moves_become_an_origin_range_and_mobility_a_destination_range() -> None:
    assert betza_to_mbn("fmWfceFifmnD", initial="[2]") == "fmW+fceF+[2]fmnD"
    assert betza_to_mbn("W", destination="[d-f1-3]") == "W[d-f1-3]"


@pytest.mark.parametrize(
    ("betza", "index", "words"),
    [
        ("gQ", 0, "grasshopper"),
        ("RhN", 1, "chiral"),
        ("mafsW", 1, "XBetza"),
        ("R12", 2, "one digit"),
        ("N?", 1, "not a Betza"),
        ("fm", 0, "no atom"),
        ("eW", 0, "en passant"),
    ],
)
def test_refused_betza_names_the_character(betza: str, index: int, words: str) -> None:
    with pytest.raises(BetzaError) as info:
        betza_to_mbn(betza)
    assert info.value.index == index
    assert words in info.value.why


def test_chirality() -> None:
    assert is_left_right_symmetric("fRblBbrF") is False
    assert is_left_right_symmetric("frlR") is True
    assert is_left_right_symmetric("lfrbB") is True
