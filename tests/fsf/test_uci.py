"""The UCI driver: a scripted engine for the failure paths (an illegal move is reported, never
played; silence and floods time out; the process always ends), and Debian's Fairy-Stockfish 11.1
(skipped when the binary is absent) for real games of the built-in variants."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from bridge_oracle import engine_path

from notation_toolkit.fsf import FsfError
from notation_toolkit.fsf.uci import UciEngine, UciPlayer
from notation_toolkit.variant import Variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
FAKE = Path(__file__).resolve().parent / "fake_uci.py"
CHESS = Variant.load(EXAMPLES / "chess.fbr")


def _fake(tmp_path: Path, mode: str) -> str:
    script = tmp_path / f"fake-{mode}"
    script.write_text(f"#!/bin/sh\nexec {sys.executable} {FAKE} {mode}\n", encoding="utf-8")
    script.chmod(0o755)
    return str(script)


def test_an_illegal_engine_move_is_reported_and_not_played(tmp_path: Path) -> None:
    with UciEngine(_fake(tmp_path, "illegal"), timeout=5) as engine:
        assert engine.name == "Fake"
        engine.load_variant(CHESS)
        pos = CHESS.start()
        with pytest.raises(FsfError) as info:
            engine.analyse(pos, seconds=0.05)
        assert info.value.diagnostics[0].code == "FSF501"
        assert "a1a1" in info.value.diagnostics[0].message
        assert pos.move_stack == []


@pytest.mark.parametrize(("mode", "words"), [("silent", "no answer"), ("nooption", "VariantPath")])
def test_engine_failures_are_diagnostics(tmp_path: Path, mode: str, words: str) -> None:
    with pytest.raises(FsfError) as info:
        player = UciPlayer.__new__(UciPlayer)
        engine = UciEngine(_fake(tmp_path, mode), timeout=1)
        player.engine = engine
        try:
            engine.load_variant(CHESS)
        finally:
            engine.close()
    assert info.value.diagnostics[0].code == "FSF502" and words in info.value.diagnostics[0].message


def test_a_flooding_engine_times_out_and_is_ended(tmp_path: Path) -> None:
    engine = UciEngine(_fake(tmp_path, "garbage"), timeout=1)
    engine.load_variant(CHESS)
    with pytest.raises(FsfError):
        engine.analyse(CHESS.start(), seconds=0.05)
    engine.close()
    assert engine._process.poll() is not None


def test_a_missing_engine() -> None:
    with pytest.raises(FsfError) as info:
        UciEngine("/nonexistent/engine")
    assert "cannot start" in info.value.diagnostics[0].message


ENGINE = engine_path()
needs_engine = pytest.mark.skipif(
    ENGINE is None, reason="fairy-stockfish is not installed (apt-get install fairy-stockfish)"
)


@needs_engine
@pytest.mark.parametrize("name", ["chess", "crazyhouse", "minishogi", "makruk", "xiangqi"])
def test_fairy_stockfish_plays_the_exported_variant(name: str) -> None:
    assert ENGINE is not None
    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    player = UciPlayer(ENGINE, variant)
    try:
        assert "Fairy-Stockfish" in player.name
        pos = variant.start()
        for _ in range(6):
            if pos.outcome() is not None:
                break
            move = player.choose(pos, seconds=0.05)
            assert move.text in {m.text for m in pos.legal_moves()}
            pos.push(move)
        assert len(pos.move_stack) >= 2
    finally:
        player.close()
    assert player.engine._process.poll() is not None


@needs_engine
def test_mate_in_one_is_found() -> None:
    assert ENGINE is not None
    with UciEngine(ENGINE) as engine:
        engine.load_variant(CHESS)
        pos = CHESS.position("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
        assert engine.analyse(pos, depth=4).bestmove == "d1d8"


def test_the_player_factory_of_ntk_variant_play(tmp_path: Path) -> None:
    from notation_toolkit.variant.players import make_player

    player = make_player(f"uci:{_fake(tmp_path, 'illegal')}", CHESS)
    try:
        assert isinstance(player, UciPlayer) and player.name == "Fake"
        with pytest.raises(FsfError):
            player.choose(CHESS.start(), seconds=0.05)
    finally:
        player.close()
