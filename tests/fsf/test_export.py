"""The export against Fairy-Stockfish: each example rule file the export can state is loaded
into pyffish as the exported section and compared with the variant core (perft 1 and a short
game; perft 2-3 and longer games under ``-m slow``); importing the exported section gives a rule
file that plays the same game."""

from __future__ import annotations

from pathlib import Path

import pytest
from bridge_oracle import core_perft, first_difference, fsf_perft, perft_depths

from notation_toolkit.fsf import FsfError, export_ini, import_ini
from notation_toolkit.variant import Variant

pyffish = pytest.importorskip("pyffish")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
EXPORTED = [
    "3check",
    "amazon",
    "antichess",
    "breakthrough",
    "capablanca",
    "chess",
    "courier",
    "crazyhouse",
    "extinction",
    "foxandhounds",
    "gardner",
    "grand",
    "kingofthehill",
    "kinglet",
    "knightmate",
    "losalamos",
    "makruk",
    "minishogi",
    "misere",
    "nightrider",
    "shogi",
    "threekings",
    "seirawan",
    "shouse",
    "pocketknight",
    "sortofalmost",
    "chigorin",
    "atomic",  # blastOnCapture with a pseudo-royal commoner king, Fairy-Stockfish's atomic
    "nocheckatomic",
    "giveaway",  # castlingKingPiece of a king that is not royal
    "perfect",  # castlingRookPieces = cr (royal=castle{RC})
    "newzealand",  # its R is no rook of Fairy-Stockfish: castlingRookPieces names it
]
# what Fairy-Stockfish cannot state, named by the diagnostic
REFUSED = {
    "shatranj": "royal=baremove",
    "chess960": "castling with the piece on f8",
    "shako": "castling with the piece on b9",
    "berolina": "P=mfF+cefW+[1-2]mefF02",
    "horde": "P=mfW+cefF+[2]mefW02+[1]mfW02",
    "racingkings": "hill=balance",
    "cylinder": "cylindric",  # no board whose edges join (003:209)
    "torus": "torus",
    "dragon": "drop{D}",  # Fairy-Stockfish's drop regions hold for every piece
    # rules of components the export does not map (EXPORTED_COMPONENTS)
    "andernach": "andernach",
    "benedict": "benedict",
    "magnetic": "magnetic",
    "immobilizer": "freezer",
    "marseillais": "turn",
    "monster": "monster",
    "progressive": "progressive",
}


def _exported(name: str) -> tuple[Variant, str]:
    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    section = f"x-{name}"
    ini = export_ini(variant, name=section)
    pyffish.load_variant_config(ini)
    return variant, section


@pytest.mark.parametrize("name", EXPORTED)
def test_export_agrees_with_fairy_stockfish(name: str) -> None:
    variant, section = _exported(name)
    start = pyffish.start_fen(section)
    assert core_perft(variant.start(), 1) == fsf_perft(section, start, [], 1)
    assert first_difference(variant, section, games=1, plies=6, seed=3) is None


@pytest.mark.slow
@pytest.mark.parametrize("name", EXPORTED)
def test_export_agrees_deeper_and_round_trips(name: str) -> None:
    variant, section = _exported(name)
    start = pyffish.start_fen(section)
    for depth in perft_depths(variant, section)[1:]:
        assert core_perft(variant.start(), depth) == fsf_perft(section, start, [], depth)
    assert first_difference(variant, section, games=2, plies=40, seed=5) is None
    back = Variant.from_text(import_ini(export_ini(variant, name=section))[section])
    for depth in (1, 2, 3):
        assert core_perft(back.start(), depth) == core_perft(variant.start(), depth)


@pytest.mark.parametrize("name", ["chess", "crazyhouse", "shogi"])
def test_import_of_the_export_plays_the_same_game(name: str) -> None:
    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    back = Variant.from_text(import_ini(export_ini(variant, name="y"))["y"])
    assert back.start().feen().split()[:2] == variant.start().feen().split()[:2]
    assert core_perft(back.start(), 2) == core_perft(variant.start(), 2)


@pytest.mark.parametrize(("name", "what"), sorted(REFUSED.items()))
def test_export_refuses_what_fairy_stockfish_cannot_state(name: str, what: str) -> None:
    with pytest.raises(FsfError) as info:
        export_ini((EXAMPLES / f"{name}.fbr").read_text(encoding="utf-8"))
    assert any(d.code == "FSF401" and what in d.message for d in info.value.diagnostics)


@pytest.mark.parametrize(
    ("rules", "what"),
    [
        ("royal hill[8]=balance", "hill=balance"),  # FSF's flagMove allows any answer
        ("royal hill[a-b8]=fill", "hill=fill"),  # FSF fills with one flag piece type
        ("royal atomic{^Q}", "atomic{...}"),  # FSF's explosion spares exactly the pawns
        ("royal=expose", "royal=expose"),
        ("royal pieces{K}=draw", "pieces=draw"),
        ("royal pieces{QR}=morethan(1)", "pieces=morethan"),  # FSF counts each type on its own
        ("royal loss=repetition(3) draw=repetition(3)", "loss=repetition"),
        ("royal holding=demote,notflip", "holding=notflip"),  # 003:424: FSF's captures change side
        ("royal holding{Q}=demote", "holding{...}"),
        ("royal holding=demote drop=withattack", "drop=withattack"),
        ("royal mustcapture{Q}", "mustcapture{...}"),
        ("royal mustcapture=compulsory", "mustcapture=compulsory"),
        ("royal gating[1-2]", "gating"),  # FSF gates onto the first rank only
        ("royal promotion=capture P=mfW +P==Q", "promotion=capture"),
        ("royal=expose", "royal=expose"),  # FSF's royal king is never left in check
        ("atomic{^Q}", "atomic{...}"),  # FSF's explosions spare the pawns only
    ],
)
def test_export_refuses_the_win_conditions_fairy_stockfish_has_not(rules: str, what: str) -> None:
    text = f'boardsize="8x8" startposition="4k3/8/8/8/8/8/8/4K3 w - - 0 1" {rules} K=W+F Q=R+B R=W0'
    with pytest.raises(FsfError) as info:
        export_ini(text)
    assert any(d.code == "FSF401" and what in d.message for d in info.value.diagnostics)


def test_taboo_exports_as_checking_false() -> None:
    """royal=taboo (003:961) is Fairy-Stockfish's ``checking = false``: the exported section and
    the rule file give the same legal moves where a rook could give check."""
    text = (EXAMPLES / "chess.fbr").read_text().replace("\nroyal ", "\nroyal=taboo ", 1)
    ini = export_ini(text, name="x-taboo")
    assert "checking = false" in ini.splitlines()
    pyffish.load_variant_config(ini)
    variant = Variant.from_text(text)
    fen = "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
    assert sorted(m.text for m in variant.position(fen).legal_moves()) == sorted(
        pyffish.legal_moves("x-taboo", fen, [])
    )


def test_loss_repetition_exports_as_the_repeating_player_losing() -> None:
    """loss=repetition(3) (003:446): after the start position's third occurrence, Fairy-Stockfish
    with the exported section gives the player to move the win, as the core does."""
    text = (EXAMPLES / "chess.fbr").read_text().replace("royal ", "royal loss=repetition(3) ", 1)
    pyffish.load_variant_config(export_ini(text, name="x-lossrep"))
    start = pyffish.start_fen("x-lossrep")
    moves = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    assert pyffish.is_optional_game_end("x-lossrep", start, moves[:-1])[0] is False
    ended, value = pyffish.is_optional_game_end("x-lossrep", start, moves)
    pos = Variant.from_text(text).start()
    for mv in moves:
        pos.push(mv)
    outcome = pos.outcome()
    assert ended and value > 0 and outcome is not None and outcome.winner == pos.turn


def test_stalemate_skip_exports_as_pass_on_stalemate() -> None:
    """stalemate=skip (003:989): Fairy-Stockfish with the exported section also passes, and only
    in stalemate."""
    text = (EXAMPLES / "chess.fbr").read_text().replace("royal ", "royal stalemate=skip ", 1)
    ini = export_ini(text, name="x-skip")
    assert "passOnStalemate = true" in ini and "stalemateValue" not in ini
    pyffish.load_variant_config(ini)
    fen = "k7/8/1Q6/8/8/8/8/7K b - - 0 1"
    theirs = pyffish.legal_moves("x-skip", fen, [])
    ours = [m.text for m in Variant.from_text(text).position(fen).legal_moves()]
    assert ours == ["pass"] and len(theirs) == 1


@pytest.mark.parametrize(
    "rule",
    [
        "loss=repetition(3)",
        "stalemate=skip",
        "royal=checkmated",
        "pieces{K}=extinction",
        "pieces{Q}=morethan(1)",
    ],
)
def test_win_and_draw_rules_survive_export_and_import(rule: str) -> None:
    text = (EXAMPLES / "chess.fbr").read_text().replace("royal ", f"royal {rule} ", 1)
    variant = Variant.from_text(text)
    back = Variant.from_text(import_ini(export_ini(variant, name="z"))["z"])
    assert back.rules.stalemate == variant.rules.stalemate
    for key in ("loss_repetition", "checkmated", "pieces"):
        assert back.rules.extra.get(key) == variant.rules.extra.get(key), key
    assert back.rules.repetition == variant.rules.repetition


def test_every_component_is_exported_or_refused() -> None:
    """A rule file using a component the export does not map is refused naming it (FSF401), so a
    new rule component is never exported silently as a game without its rule."""
    from notation_toolkit.fsf.exporter import EXPORTED_COMPONENTS
    from notation_toolkit.variant.rules import COMPONENTS

    names = {c.name for c in COMPONENTS}
    assert names >= EXPORTED_COMPONENTS
    for name in sorted(names):
        variant = Variant.load(EXAMPLES / "chess.fbr")
        variant.rules.used = (*variant.rules.used, name)
        if name in EXPORTED_COMPONENTS:
            export_ini(variant)
            continue
        with pytest.raises(FsfError) as info:
            export_ini(variant)
        assert [d.message.split()[0] for d in info.value.diagnostics if d.code == "FSF401"] == [name]


def test_taboo_exports_as_no_checking() -> None:
    """royal=taboo (003:961): Fairy-Stockfish with checking = false forbids the same moves."""
    text = (EXAMPLES / "chess.fbr").read_text().replace("royal ", "royal=taboo ", 1)
    ini = export_ini(text, name="x-taboo")
    assert "checking = false" in ini
    pyffish.load_variant_config(ini)
    fen = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"  # Qd2-d7/e2/e3/... would check
    ours = sorted(m.text for m in Variant.from_text(text).position(fen).legal_moves())
    assert ours == sorted(pyffish.legal_moves("x-taboo", fen, []))
    assert "d2d8" not in ours and "d2d1" in ours


def test_fill_exports_as_flag_piece_count() -> None:
    """hill{N}[R]=fill (003:386): every square of the region filled by flag pieces wins, in
    Fairy-Stockfish flagPieceCount = the region's size."""
    text = 'boardsize="4x4" startposition="nn2/4/4/2NN w - - 0 1" hill{N}[a-b4]=fill !draw N=mN'
    ini = export_ini(text, name="x-fill")
    assert "flagPieceCount = 2" in ini
    pyffish.load_variant_config(ini)
    variant = Variant.from_text(text)
    start = pyffish.start_fen("x-fill")
    assert core_perft(variant.start(), 3) == fsf_perft("x-fill", start, [], 3)
    assert first_difference(variant, "x-fill", games=2, plies=30, seed=2) is None
