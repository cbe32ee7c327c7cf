"""The hand-written MBN reader (``mbn.fast``) gives exactly what the Lark path gives, or declines.

For every text: ``mbn.fast`` either returns ``None`` (the caller then parses with Lark) or a node
equal to Lark's in every field, spans included (spans are left out of ``==``, so the comparison
here walks every field of every dataclass). Lark's result is the reference: the shipped grammar
is the single source of truth. Texts: every MBN string of the test data (the FBR page's items and
move strings, LeCodex's examples, the Betza transcriptions of Fairy-Stockfish and the Betza
visualizer, the Betza strings of ticket checks), grammar-generated items and move sequences, and
mutations of the corpus, where the reader must agree or decline.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fast_path_checks import deep, mutate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from notation_toolkit import fbr, mbn
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.grammar import load_parser
from notation_toolkit.mbn import fast
from notation_toolkit.mbn.codes import SYNTAX
from notation_toolkit.mbn.parser import parse_with

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Grammar sentences: hypothesis keeps about 1.5 MB per from_lark example until the test ends.
GRAMMAR_SETTINGS = settings(SETTINGS, max_examples=120)


def _load(path: Path) -> Any:
    return json.loads(path.read_text("utf-8"))


def corpus() -> tuple[list[str], list[str]]:
    """(MBN items, bare move sequences) of the test data, each list in file order, deduplicated."""
    items: list[str] = list(_load(DATA / "fbr" / "mbn_lecodex.json")["mbn"])
    moves: list[str] = []
    page = _load(DATA / "fbr" / "page_003.json")
    files = [e["text"] for e in page["strings"] if e["kind"] == "file"]
    files += [p.read_text("utf-8") for p in sorted(ROOT.glob("examples/fbr*/*.fbr"))]
    for text in files:
        try:
            tree = fbr.parse(text)
        except NotationError:
            continue
        for piece in tree.pieces:
            assert piece.span is not None
            items.append(text[piece.span.offset : piece.span.end])
    items += [e["text"] for e in page["strings"] if e["kind"] == "mbn"]
    moves += [e["text"] for e in page["strings"] if e["kind"] == "move"]
    moves += [e["betza"] for e in _load(DATA / "fbr" / "betza_strings.json")["strings"]]
    moves += [p["mbn"] for p in _load(DATA / "pieces" / "betza_mbn.json")["pieces"] if p["mbn"]]
    for definition in [i for i in items if "=" in i and "==" not in i]:
        moves += definition.split("=")[1:]
    return list(dict.fromkeys(items)), list(dict.fromkeys(moves))


ITEMS, MOVES = corpus()


def lark(text: str, start: str) -> Any:
    """Lark's node for ``text`` (the path ``mbn.parse`` takes without the reader), or ``None``."""
    try:
        return parse_with(text, grammar=None, default="mbn", start=start, code=SYNTAX)
    except NotationError:
        return None


def agree(text: str, start: str = "mbn_item") -> bool:
    """Assert the reader agrees with Lark on ``text`` or declines; return whether it read it."""
    quick = fast.parse_item(text) if start == "mbn_item" else fast.parse_moves(text)
    reference = lark(text, start)
    if quick is None:
        return False
    assert reference is not None, f"the reader accepts {text!r}, which Lark refuses"
    assert deep(quick) == deep(reference), text
    return True


def test_the_corpus_is_big_enough() -> None:
    # The comparisons below prove something only over a corpus that exercises the grammar.
    assert len(ITEMS) > 150
    assert len(MOVES) > 150


@pytest.mark.parametrize("text", ITEMS)
def test_corpus_items(text: str) -> None:
    agree(text)


@pytest.mark.parametrize("text", MOVES)
def test_corpus_moves(text: str) -> None:
    agree(text, "move_sequence")


def test_the_reader_reads_the_valid_corpus() -> None:
    # Speed cannot fall back to Lark unnoticed: every valid corpus item and move sequence is read.
    valid_items = [t for t in ITEMS if lark(t, "mbn_item") is not None]
    valid_moves = [t for t in MOVES if lark(t, "move_sequence") is not None]
    assert len(valid_items) > 100 and len(valid_moves) > 100
    missed = [t for t in valid_items if not agree(t)] + [
        t for t in valid_moves if not agree(t, "move_sequence")
    ]
    assert missed == []


def test_the_public_api_uses_the_reader_and_gives_lark_results() -> None:
    for text in ITEMS:
        reference = lark(text, "mbn_item")
        if reference is None:
            with pytest.raises(NotationError):
                mbn.parse_item(text)
        else:
            assert deep(mbn.parse_item(text)) == deep(reference)
    for text in MOVES:
        reference = lark(text, "move_sequence")
        if reference is not None:
            assert deep(mbn.parse_moves(text)) == deep(reference)


def test_errors_still_come_from_lark() -> None:
    # The reader declines: the diagnostics are the Lark path's (code, span, message).
    for text in ["K=", "Q=R+", "+P==", "K=W" + "9" * 101, "K=:1," + "2" * 101 + ":", "K=mRcpR"]:
        assert fast.parse_item(text) is None
        with pytest.raises(NotationError) as caught:
            mbn.parse_item(text)
        with pytest.raises(NotationError) as again:
            parse_with(text, grammar=None, default="mbn", start="mbn_item", code=SYNTAX)
        assert caught.value.diagnostics == again.value.diagnostics


@pytest.mark.parametrize(
    "text",
    [
        # Where Lark's lexer, not the grammar, decides (terminal priorities), and near misses.
        "K=N(fs)",
        "K=N(f)",
        "K=N(fs)(fs)N",
        "K=N(f)2",
        "K=N(fK)",
        "K=(fs)N",
        "K=f(fs)N",
        "K=(K)(fs)",
        "K=(K)(f)",
        "K=(K)f2",
        "K=(K)(fs)2",
        "K=(b)",
        "O-O=K",
        "O-O-O=K",
        "O=K",
        "O-K",
        "KO-O==X",
        "*KO-O-O==X",
        "K===W",
        "K==W==F",
        "K=W==F",
        "K=W=F",
        "K=W---W",
        "K=W--W-W",
        "K=[a]W",
        "K=[a]",
        "K=[aA]",
        "K=[1A]W",
        "K=[1A2]W",
        "K=[a1A2]W",
        "K=[:]W",
        "K=[:Q:]",
        "K=[:1,2:]",
        "K=[+]W",
        "K=[^a-c1-3,#]W",
        "K=[c[1]K]",
        "K=[a,:QD:]W",
        "K=c[1-2]K",
        "K=c?[1]K",
        "K=c{D}{E}K",
        "K={Q}{R}K",
        "K={!^K}{^!}K",
        "K={!!}K",
        "K=<+>W",
        "K=<->W",
        "K=<+-1>W",
        "K=<+--1>W",
        "K=<1,2;3>W",
        "K=<<1>>W",
        "K=<<+;->>W",
        "K=<>W",
        "K=/Ke4/W",
        "K=/ke4/W",
        "K=/{K}[a1]/W",
        "K=!<+>/K[a]/[b]{Q}cW",
        "K=W0*",
        "K=W**",
        "K=W*",
        "K=W0**",
        "K=W#",
        "K=(W)0*",
        "K=:1,4:3",
        "K=:QD:(fs)",
        "K<1>|King|/Ann/=W",
        "K|King|==Q",
        "@K==Q",
        "@K",
        "@+*K",
        "--K",
        "K<<1>;<2>>",
        "K<<1;2>>",
        "K<<1>>",
        "K<*>",
        "K<1,2,3>",
        "K<<*>;<*>>",
        "*K==@k",
        "$K==@K@w@S",
        "+P==+#Q(K)+D",
        "*KQRBNP==X",
        "!+W/DragonResurrection/",
        "!!K",
        "K=W+",
        "K=+W",
        "K=W-",
        "K=(W",
        "K=W)",
        "K=[W",
        "K|a",
        "K=W ",
        " K",
        "K\n",
        "K=\u0417",
        "K=W\x00",
    ],
)
def test_edge_cases(text: str) -> None:
    agree(text)
    if text.startswith("K="):
        agree(text[2:], "move_sequence")


@pytest.mark.slow
@GRAMMAR_SETTINGS
@given(from_lark(load_parser("mbn", "mbn_item", cache=False), start="mbn_item"))
def test_generated_items(text: str) -> None:
    assert agree(text), f"the reader declines the grammar sentence {text!r}"


@pytest.mark.slow
@GRAMMAR_SETTINGS
@given(from_lark(load_parser("mbn", "move_sequence", cache=False), start="move_sequence"))
def test_generated_move_sequences(text: str) -> None:
    assert agree(text, "move_sequence"), f"the reader declines the grammar sentence {text!r}"


_MUTATION_CHARS = "()[]{}<>+-=*#!?^@/|:,;.0123456789abfsKNOWQ"


def _mutate(text: str, rng: random.Random) -> str:
    mutated: str = mutate(text, rng, _MUTATION_CHARS)
    return mutated


@SETTINGS
@given(st.sampled_from(ITEMS), st.randoms(use_true_random=False))
def test_mutated_items(text: str, rng: random.Random) -> None:
    agree(_mutate(text, rng))


@SETTINGS
@given(st.sampled_from(MOVES), st.randoms(use_true_random=False))
def test_mutated_moves(text: str, rng: random.Random) -> None:
    agree(_mutate(text, rng), "move_sequence")


@pytest.mark.slow
def test_many_mutations_agree_and_some_are_read() -> None:
    # A fixed sweep of mutations: the reader must agree or decline on each, and must read a fair
    # share of the valid ones (otherwise the agreement above would prove little).
    rng = random.Random(17)
    read = valid = 0
    for _ in range(3000):
        text = _mutate(rng.choice(ITEMS), rng)
        if lark(text, "mbn_item") is not None:
            valid += 1
            read += agree(text)
        else:
            assert not agree(text)
    assert valid > 300
    assert read == valid


def test_the_reader_uses_the_grammar_terminals() -> None:
    # The grammar is the single source of truth: each multi-character terminal the reader
    # matches is the grammar's own pattern, and the one-character ones are the grammar's classes.
    # Lark keeps control characters of the grammar's regexps unescaped; the reader writes \r \n \x00.
    escaped = {"\r": "\\r", "\n": "\\n", "\x00": "\\x00"}
    terminals = {
        t.name: "".join(escaped.get(c, c) for c in t.pattern.value)
        for t in load_parser("mbn", "mbn_item").terminals
    }
    ours = {
        "INT": fast._INT,
        "COMPOUND": fast._COMPOUND,
        "EXTENDED": fast._EXTENDED,
        "CASTLING": fast._CASTLING,
        "AMALGAM": fast._AMALGAM,
        "CIRCULAR": fast._CIRCULAR,
        "PIECE_NAME": fast._PIECE_NAME,
        "ANNOUNCEMENT": fast._ANNOUNCEMENT,
    }
    for name, pattern in ours.items():
        assert pattern.pattern == terminals[name], name
    assert terminals["UPPER"] == "[A-Z]" and terminals["LOWER"] == "[a-z]"
    assert frozenset(map(chr, range(ord("A"), ord("Z") + 1))) == fast._UPPER
    assert frozenset(map(chr, range(ord("a"), ord("z") + 1))) == fast._LOWER
