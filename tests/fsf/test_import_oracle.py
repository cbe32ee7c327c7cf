"""The import against Fairy-Stockfish: every section of tests/data/fsf/options.ini (written for
this project, one or more options each) is imported, played by the variant core and compared with
pyffish loaded with the same file: perft 1 and legal-move lists along a short seeded random game
in the default run (pyffish answers about 150 lists a second here); perft 2 and 3 and longer games
under ``-m slow``."""

from __future__ import annotations

import pytest
from bridge_oracle import OPTIONS_INI, core_perft, first_difference, fsf_perft, perft_depths

from notation_toolkit.fsf import convert, import_ini
from notation_toolkit.variant import Variant

pyffish = pytest.importorskip("pyffish")

TEXT = OPTIONS_INI.read_text(encoding="utf-8")
RESULT = convert(TEXT)
# sections that are refused on purpose (the reason is checked in test_refused_sections)
REFUSED = {
    "t-promotedtype": "pawns promote by choice while other pieces promote shogi-style",
    "t-pseudoroyal-promoted": "a promotion gives a side another k",
    "t-walls-alfil": "leaps or hops along a line",
}
PLAYED = [s.name for s in RESULT.sections if s.name not in REFUSED]


@pytest.fixture(scope="module", autouse=True)
def _loaded() -> None:
    pyffish.load_variant_config(TEXT)


def _variant(name: str) -> Variant:
    section = next(s for s in RESULT.sections if s.name == name)
    assert section.fbr is not None, [d.message for d in section.diagnostics]
    return Variant.from_text(section.fbr)


@pytest.mark.parametrize("name", PLAYED)
def test_section_agrees_with_fairy_stockfish(name: str) -> None:
    variant = _variant(name)
    start = pyffish.start_fen(name)
    assert core_perft(variant.start(), 1) == fsf_perft(name, start, [], 1)
    assert first_difference(variant, name, games=1, plies=8, seed=7) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", PLAYED)
def test_section_agrees_deeper(name: str) -> None:
    variant = _variant(name)
    start = pyffish.start_fen(name)
    for depth in perft_depths(variant, name)[1:]:
        assert core_perft(variant.start(), depth) == fsf_perft(name, start, [], depth), depth
    assert first_difference(variant, name, games=2, plies=40, seed=11) is None


@pytest.mark.parametrize(("name", "why"), sorted(REFUSED.items()))
def test_refused_sections(name: str, why: str) -> None:
    section = next(s for s in RESULT.sections if s.name == name)
    assert section.fbr is None
    errors = [d for d in section.diagnostics if d.is_error]
    assert errors and any(why in (d.message + (d.hint or "")) for d in errors)
    assert all(d.span is not None and d.span.line > 1 for d in errors)


def test_every_section_is_read_and_the_file_is_clean() -> None:
    assert not RESULT.diagnostics
    assert len(PLAYED) >= 40


def test_comments_name_the_options() -> None:
    fbr = _variant("t-droprules").text or ""
    assert "holding=demote  ~ capturesToHand" in fbr
    assert "drop{PNBRQ}=nocheck" in fbr


def test_known_meaning_differences_are_warnings() -> None:
    section = next(s for s in RESULT.sections if s.name == "t-nifu")
    warnings = [d for d in section.diagnostics if d.code == "FSF301"]
    assert warnings and "shogiPawnDropMateIllegal" in warnings[0].message
    drops = next(s for s in RESULT.sections if s.name == "t-drops")
    assert any(d.code == "FSF301" and "castle" in d.message for d in drops.diagnostics)


def test_adjudication_options_are_reported_as_not_carried_over() -> None:
    section = next(s for s in RESULT.sections if s.name == "t-adjudication")
    notes = [d for d in section.diagnostics if d.code == "FSF302"]
    assert [d.message.split(" =")[0] for d in notes] == ["nMoveRule"]
    assert notes[0].span is not None and TEXT[notes[0].span.offset :].startswith("nMoveRule")


def test_a_non_royal_flag_piece_is_a_hill_with_a_piece_set() -> None:
    # FBR: with a piece set, the side moving a piece of the set onto the hill wins (003:380)
    text = "[race:breakthrough]\nmaxRank = 6\nstartFen = pppppppp/pppppppp/8/8/PPPPPPPP/PPPPPPPP w 0 1\n"
    text += "flagRegionWhite = *6\nflagRegionBlack = *1\n"
    fbr = import_ini(text)["race"]
    assert "hill{P}[6]  ~ flagPiece, flagRegion" in fbr
    assert "stalemate=loss" in fbr


@pytest.mark.parametrize(
    ("name", "line"),
    [
        ("t-atomic-small", "atomic{^P}  ~ blastOnCapture"),
        ("t-atomic-small", "royal  ~ extinctionPseudoRoyal"),
        ("t-atomic-nopawntype", "atomic  ~ blastOnCapture"),
        ("t-pseudoroyal-pair", "royal  ~ extinctionPseudoRoyal"),
        ("t-pseudoroyal-centaur", "royal{KC}  ~ king, extinctionPseudoRoyal"),
        ("t-nocheck", "royal=taboo  ~ king, checking = false"),
        ("t-fillflag", "hill{N}[a-b4]=fill"),
        ("t-flag-turned", "mirror=vertical,horizontal"),
        ("t-walls", "zone[d3,f4,c5]=hole  ~ startFen walls (*)"),
        ("t-castlingrank", "O-O=[*]isR[g2]=isR[f2]"),
        ("t-castlingrook", "royal=castle{A}  ~ castlingRookPieces"),
    ],
)
def test_rules_the_options_map_to(name: str, line: str) -> None:
    assert line in (_variant(name).text or "")
