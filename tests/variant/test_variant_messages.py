"""Variant-core (VAR) and piece-compiler (PCE) messages are written from one template per code
(``variant/codes.py``, ``variant/pieces/codes.py``) and never stutter.

The corpus: the refusals the variant tests name (rules and attributes not executed, positions of
another shape, unknown pieces, bad state fields, bad and illegal moves), the MBN constructs the
piece compiler does not execute (the list of docs/pieces.md), impossible combinations, recursive
definitions, and generated mistakes for the codes no other test reaches (castling forms,
cancellations, pieces FEEN cannot write, variants without a FEN convention).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pytest
from message_checks import codes_without_template, diagnostics_of, prose_problems, unreached

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.fbr import parse_rule
from notation_toolkit.variant import Variant
from notation_toolkit.variant.codes import NO_BOARDSIZE
from notation_toolkit.variant.pieces import compile_piece, compile_rule_file
from notation_toolkit.variant.pieces.compiler import board_range_mask

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "fbr"
G8 = Geometry.of(8, 8)
CHESS = "K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN"

# Rule files the variant core refuses, each for one reason.
RULE_FILES = [
    f'boardsize="8x8" royal bouncing {CHESS}',  # VAR201
    f'boardsize="8x8" royal=mustevase {CHESS}',  # VAR202
    f'boardsize="8x8" royal[e1] {CHESS} O-O=[*]isR[g]=isR[f]',  # VAR203
    f'boardsize="8x8" royal holding{{Q}} {CHESS}',
    f'boardsize="8x8" royal hill {CHESS}',
    f'boardsize="8x8" royal !N {CHESS}',  # VAR204
    f'boardsize="8x8" royal K<1>=W {CHESS}',
    f'boardsize="8x8" royal {CHESS} J=jW',  # VAR103
    f'boardsize="8x8" royal {CHESS} :QD:=Q',  # VAR106
    f'boardsize="8x8" royal {CHESS} O-O=jW=W',  # VAR104
    f'boardsize="8x8" royal {CHESS} O-O=[*]isR[z]=isR[f]',
    f'boardsize="8x8" royal {CHESS} -Q==P',  # VAR105
    f'boardsize="8x8" royal {CHESS} +N==X',
]
POSITIONS = [
    "8/8/8/8/8/8/8 / C/c",  # VAR302
    "7X/8/8/8/8/8/8/8 / C/c",  # VAR303
    "8/8/8/8/8/8/8/4K3 / C/c",  # VAR301
    "4k^3/8/8/8/8/8/8/4K^3 / C/c ep:zz",  # VAR304
    "4k^3/8/8/8/8/8/8/4K^3 / C/c what:1",
    "8/8/8/8/8/8/8/4K^3 P/ C/c",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
    "4k3/8/8/8/8/8/8/4K2X w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
]
# MBN the piece compiler does not execute, or that has no meaning (tests/pieces, docs/pieces.md).
PIECES = [
    "jW",
    "o[b,g]B",
    "W0*",
    "[+]K",
    "U",
    "X",
    "<+>mO",
    "(WF)0",
    "cc{Q}K",
    "m?W",
    "N(fs)",
    ":QD:",
    ":30,1:",
    "eW",
    "ffN",
    "pW",
    "cW-mW",
    "(fb)N",
    "(dz)N",
    "{Q}K",
    "pgW",
    "nN0",
    "W00",
    "K<1>=W",
    "K/Q[a1]/=W",
    "!mW-W",
]
RULE_FILE_PIECES = ["@:AB:=:CD: @:CD:=:AB: :AB:", "@X=aW Y=mX", "@X=X Y=X"]


def _calls() -> list[Callable[[], object]]:
    calls: list[Callable[[], object]] = [functools.partial(Variant.from_text, t) for t in RULE_FILES]
    chess = Variant.load(EXAMPLES / "chess.fbr")
    calls += [functools.partial(chess.position, text) for text in POSITIONS]
    start = chess.start()
    calls += [lambda: start.parse_move("e2e5"), lambda: start.parse_move("zz"), start.pop]
    calls.append(Variant.load(EXAMPLES / "king_of_the_hill.fbr").start)
    styled = chess.position("4k^3/8/8/8/8/8/8/4K^3 / X/x")
    calls.append(styled.fen)  # VAR305: FEN has no styles
    calls += [functools.partial(compile_piece, text, G8) for text in PIECES]
    calls += [functools.partial(compile_rule_file, text, "8x8") for text in RULE_FILE_PIECES]
    calls += _record_and_player_calls(chess)
    dynamic = parse_rule("hill[+]").board_range
    assert dynamic is not None
    calls.append(lambda: board_range_mask(dynamic, G8))
    return calls


def _record_and_player_calls(chess: Variant) -> list[Callable[[], object]]:
    """Game records (VAR5xx) and players (VAR6xx)."""
    from unittest import mock

    from notation_toolkit.variant import players
    from notation_toolkit.variant.pgn import Limits, parse_san, read_games
    from notation_toolkit.variant.players import make_player

    pgn_texts = [
        "1. e4 {open",
        "1. e4 ) *",
        '[Event "x"\n1. e4 *',
        "1. e4 <> *",
        "1. e4 e5 2. Ke3 *",
        "1. f3 e5 2. g4 Qh4# 3. a3 *",
        '[Variant "Xiangqi"]\n\n1. e4 *',
        '[FEN "8/8 w"]\n\n1. e4 *',
    ]
    calls: list[Callable[[], object]] = [functools.partial(read_games, t, variant=chess) for t in pgn_texts]
    calls.append(lambda: read_games("1. e4 *"))
    calls.append(lambda: read_games('[RuleFile "/no/such.fbr"]\n\n1. e4 *', load_rules=Variant.load))
    two_knights = chess.position("4k^3/8/8/8/8/8/8/1N2K^N2 / C/c")
    calls.append(lambda: parse_san(two_knights, "Nd2"))
    calls.append(lambda: read_games("1. e4 * 1. d4 *", variant=chess, limits=Limits(max_games=1)))
    calls.append(lambda: read_games("1. e4 e5 2. d4 *", variant=chess, limits=Limits(max_plies=2)))
    calls.append(
        lambda: read_games("1. e4 (1. d4 (1. c4 (1. b4))) *", variant=chess, limits=Limits(max_depth=2))
    )
    calls += [
        functools.partial(make_player, spec, chess) for spec in ("human?", "builtin:x", "./nothing/here")
    ]

    def without_uci() -> object:
        # VAR602 whether or not a UCI bridge is installed here
        with mock.patch.object(players, "_uci_factory", lambda: None):
            return make_player("uci:/bin/sh", chess)

    calls.append(without_uci)
    mated = chess.position("R5k^1/5ppp/8/8/8/8/8/6K^1 / c/C")
    calls.append(lambda: make_player("builtin:d1", chess).choose(mated))
    return calls


@pytest.fixture(scope="module")
def diagnostics() -> list[Diagnostic]:
    return [d for call in _calls() for d in diagnostics_of(call)]


# VAR101 is registered for `ntk explain` only: a rule file without a board size is played on
# C/CIF's default 8x8 board, without a diagnostic, so no text reaches it and it has no message.
NEVER_BUILT = {NO_BOARDSIZE: "the core plays 8x8 when no boardsize is given; nothing builds VAR101"}


def _codes() -> list[str]:
    from notation_toolkit.core.codes import all_codes

    return [c for c in all_codes() if c.startswith(("VAR", "PCE"))]


def test_every_variant_code_has_a_template() -> None:
    assert codes_without_template(c for c in _codes() if c not in NEVER_BUILT) == []
    assert codes_without_template(NEVER_BUILT) == list(NEVER_BUILT)  # the exception stays true


def test_the_corpus_reaches_every_variant_code(diagnostics: list[Diagnostic]) -> None:
    assert unreached(_codes(), {d.code for d in diagnostics}, NEVER_BUILT) == []


def test_no_variant_message_or_hint_repeats_a_phrase(diagnostics: list[Diagnostic]) -> None:
    assert len(diagnostics) > 40
    problems = prose_problems(diagnostics)
    assert not problems, "\n".join(map(str, problems))
