"""The variant core against Fairy-Stockfish: perft and sorted legal-move lists on the start position
and on positions of seeded random games (recorded in tests/data/variant/ by record_oracle.py; a
live test re-asks pyffish when it is installed)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fsf_oracle import DATA, EXAMPLES, SPECS, fsf_legal, fsf_perft, random_lines, to_fsf

from notation_toolkit.variant import Variant, perft

RECORDED = sorted(p.stem for p in DATA.glob("*.json") if p.stem in SPECS)


def _load(name: str) -> tuple[Variant, dict[str, Any]]:
    data = json.loads((DATA / f"{name}.json").read_text())
    return Variant.load(EXAMPLES / SPECS[name].file), data


def test_every_example_variant_has_oracle_data() -> None:
    assert set(RECORDED) >= set(SPECS)


@pytest.mark.parametrize("name", RECORDED)
def test_start_perft_matches_fairy_stockfish(name: str) -> None:
    variant, data = _load(name)
    for depth, nodes in data["perft"].items():
        if int(depth) <= 2:
            assert perft(variant.start(), int(depth)) == nodes, (name, depth)


@pytest.mark.slow
@pytest.mark.parametrize("name", RECORDED)
def test_start_perft_depth3_matches_fairy_stockfish(name: str) -> None:
    variant, data = _load(name)
    for depth, nodes in data["perft"].items():
        if int(depth) == 3:
            assert perft(variant.start(), 3) == nodes, name


@pytest.mark.parametrize("name", RECORDED)
def test_random_positions_match_fairy_stockfish(name: str) -> None:
    variant, data = _load(name)
    spec = SPECS[name]
    assert data["positions"], name
    for entry in data["positions"]:
        pos = variant.start()
        for mv in entry["moves"]:
            pos.push(mv)
        ours = sorted(to_fsf(spec, m.text) for m in pos.legal_moves())
        expected = sorted(set(entry["legal"]) - set(entry.get("fsf_only", [])))
        assert ours == expected, (name, entry["moves"])
        if entry.get("perft2") is not None:
            assert perft(pos, 2) == entry["perft2"] + _fsf_only_perft(pos, entry), (name, entry["moves"])


def _fsf_only_perft(pos: Any, entry: dict[str, Any]) -> int:
    # each FSF-only move (a mating pawn drop, illegal by FBR) adds one leaf to FSF's perft 2
    # (FSF has no replies after it): subtract them from FSF's figure, and the mating drops one ply
    # deeper (leaves FSF counts and FBR has not)
    return -len(entry.get("fsf_only", [])) - int(entry.get("perft2_fsf_only", 0))


def test_recorded_positions_reach_the_special_moves() -> None:
    """The recorded games exercise what the oracle should check: captures, promotions, en passant,
    castling and drops appear in the recorded legal-move lists."""
    seen: set[str] = set()
    for name in RECORDED:
        data = json.loads((DATA / f"{name}.json").read_text())
        for entry in data["positions"]:
            for m in entry["legal"]:
                if "@" in m:
                    seen.add("drop")
                if m[-1].isalpha() or m.endswith("+"):
                    seen.add("promotion")
                if m in ("e1g1", "e1c1", "e8g8", "e8c8", "f1i1", "f8i8"):
                    seen.add("castling")
    assert {"drop", "promotion", "castling"} <= seen


@pytest.mark.parametrize("name", ["chess", "crazyhouse", "xiangqi", "minishogi", "grand"])
def test_live_fairy_stockfish(name: str) -> None:
    """Re-ask pyffish (skipped when it is not installed) on new random games."""
    pyffish = pytest.importorskip("pyffish")
    spec = SPECS[name]
    variant = Variant.load(EXAMPLES / spec.file)
    start = pyffish.start_fen(spec.fsf)
    for line in random_lines(spec, 2, 40, seed=12345):
        pos = variant.start()
        fsf_line: list[str] = []
        for i, mv in enumerate([*line, None]):
            if i % 4 == 0:
                ours = sorted(to_fsf(spec, m.text) for m in pos.legal_moves())
                theirs = fsf_legal(spec, start, fsf_line)
                extra = {m for m in set(theirs) - set(ours) if m.startswith("P@")}
                for m in extra:  # only mating pawn drops may differ (uchifuzume, docs/variants.md)
                    assert not fsf_legal(spec, start, [*fsf_line, m]), (name, fsf_line, m)
                assert ours == sorted(set(theirs) - extra), (name, fsf_line)
            if mv is None:
                break
            pos.push(mv)
            fsf_line.append(to_fsf(spec, mv))
    assert perft(variant.start(), 2) == fsf_perft(spec, start, [], 2)


def test_data_files_name_their_source() -> None:
    for path in [DATA / f"{name}.json" for name in RECORDED]:
        data = json.loads(Path(path).read_text())
        assert data["fsf"] and data["fsf_version"] and data["start_fen"]


def test_recorded_positions_cover_check_pins_ep_promotion_castling_drops() -> None:
    """Replayed in the core, the recorded positions include checks, pins, en-passant captures,
    promotions, castling and drops (so the oracle compared them), and their recorded features
    are what the core finds again."""
    from fsf_oracle import position_features

    seen: set[str] = set()
    for name in RECORDED:
        variant, data = _load(name)
        for entry in data["positions"]:
            if entry.get("features"):
                pos = variant.start()
                for mv in entry["moves"]:
                    pos.push(mv)
                assert sorted(position_features(pos)) == entry["features"], (name, entry["moves"])
                seen |= set(entry["features"])
    assert seen >= {"check", "pin", "ep", "promotion", "castling", "drop"}, seen


@pytest.mark.parametrize("name", RECORDED)
def test_fairy_stockfish_start_fen_reads_as_our_start(name: str) -> None:
    """FEN in: Fairy-Stockfish's start FEN read by the core is the rule file's FEEN start position
    (every example variant: narrow boards, pockets, shogi-style FEN without castling field)."""
    variant, data = _load(name)
    # the letters mapped on the placement only (omicron's wizard is Fairy-Stockfish's W)
    fen = _our_fen(name, data["start_fen"])
    assert variant.position(fen) == variant.start()
    assert variant.position(variant.start().fen()) == variant.start()


def test_example_rule_files_pass_the_fbr_checker() -> None:
    from notation_toolkit import fbr

    for spec in SPECS.values():
        assert fbr.check((EXAMPLES / spec.file).read_text()) == [], spec.file


def _our_fen(name: str, fen: str) -> str:
    letters = {v.lower(): k.lower() for k, v in SPECS[name].letters.items()}
    board, rest = fen.split(" ", 1)
    board = "".join(
        letters.get(c.lower(), c.lower()).upper() if c.isupper() else letters.get(c, c) for c in board
    )
    return board + " " + rest


def test_crafted_positions_match_fairy_stockfish() -> None:
    """Positions random play rarely reaches (recorded by record_crafted.py)."""
    data = json.loads((DATA / "crafted.json").read_text())
    for entry in data["positions"]:
        name = entry["variant"]
        variant = Variant.load(EXAMPLES / SPECS[name].file)
        pos = variant.position(_our_fen(name, entry["fen"]))
        ours = sorted(to_fsf(SPECS[name], m.text) for m in pos.legal_moves())
        assert ours == entry["legal"], (name, entry["fen"])


@pytest.mark.parametrize("name", RECORDED)
def test_fen_out_matches_fairy_stockfish(name: str) -> None:
    """FEN out (placement with crazyhouse pockets and ~, side, castling, fullmove) equals
    Fairy-Stockfish's ``get_fen`` on the recorded positions; the en-passant square when Fairy-
    Stockfish writes one (it writes it only when a capture is possible); FEN in reads it back."""
    variant, data = _load(name)
    entries = [e for e in data["positions"] if "fsf_fen" in e]
    if not entries:
        pytest.skip("no FEN convention for this variant")
    for entry in entries:
        pos = variant.start()
        for mv in entry["moves"]:
            pos.push(mv)
        ours = pos.fen().split()
        theirs = _our_fen(name, entry["fsf_fen"]).split()
        assert ours[:3] == theirs[:3] and ours[-1] == theirs[-1], (name, entry["moves"])
        if re.fullmatch(r"[a-z][0-9]+", theirs[3]):  # (Berolina: FSF writes two squares, f3g4)
            assert ours[3] == theirs[3], (name, entry["moves"])
        # FEN keeps castling rights, not the unmoved state of every piece: compare as FEN; its
        # en-passant square does not say which piece may be taken (the reader assumes the piece
        # one rank beyond it, the chess convention; Berolina's diagonal steps need FEEN's ep:)
        again = variant.position(pos.fen()).fen().split()
        fields = pos.fen().split()
        assert again[:3] + again[4:] == fields[:3] + fields[4:]
        if name != "berolina":
            assert again[3] == fields[3]
