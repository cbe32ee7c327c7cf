"""PGN for variants: SAN against Fairy-Stockfish's own (``pyffish.get_san``), PGN against
python-chess's reader and writer, round trips over seeded random games, and bad input."""

from __future__ import annotations

import functools
import random
import re
import time

import pytest
from fsf_oracle import EXAMPLES, SPECS, Spec, to_fsf

from notation_toolkit.variant import Position, Variant
from notation_toolkit.variant.pgn import (
    Game,
    GameNode,
    Limits,
    PgnError,
    parse_san,
    read_game,
    read_games,
    replay,
    san,
    write_game,
)

# Where our SAN and Fairy-Stockfish's differ by design (docs/pgn.md): the rule files' letters.
# Xiangqi's general is G in xiangqi.fbr, K in Fairy-Stockfish; Fairy-Stockfish writes promoted
# shogi pieces with letters of their own (dragon D, horse H, and G for every piece that moves as
# a gold, so it also tells a gold from a promoted pawn by their squares) and a promotion as "="
# and that letter, where we write the rule file's "+R" and "+" (and "=" for a declined promotion
# that gives check where the promotion would not: "Sd5=+" is not "Sd5+", the promotion).
LETTERS = {
    "xiangqi": {"G": "K"},
    "shogi": {"+R": "D", "+B": "H", "+P": "G", "+S": "G", "+N": "G", "+L": "G"},
    "minishogi": {"+R": "D", "+B": "H", "+P": "G", "+S": "G"},
    "checkshogi": {"+R": "D", "+B": "H", "+P": "G", "+S": "G", "+N": "G", "+L": "G"},
    "okisakishogi": {"+R": "D", "+B": "H", "+P": "G", "+S": "G", "+N": "G", "+L": "G"},
    "gorogoro": {"+P": "G", "+S": "G"},
    "judkins": {"+R": "D", "+B": "H", "+P": "G", "+S": "G", "+N": "G"},
    "euroshogi": {"+R": "D", "+B": "H", "+P": "G", "+N": "G"},
    # Yari shogi's promoted pieces are its yari silver S, yari gold G and the chess rook L
    "yarishogi": {"+P": "S", "+N": "G", "+B": "G", "+R": "L"},
    "torishogi": {"+S": "G", "+F": "E"},
    "minixiangqi": {"G": "K"},
    "manchu": {"G": "K"},
    # omicron.fbr writes Fairy-Stockfish's camel C and wazir W as H and Z (C and W are MBN letters)
    "omicron": {"H": "C", "Z": "W"},
}


SAN_DIFFERS = {
    "coregal": "a check to the royal queen is marked '+'; Fairy-Stockfish marks checks to the king only",
    "atomic": "'+' where the checking move would explode its own king or the kings touch",
    "misere": "Fairy-Stockfish writes '#' for a mate that wins for the mated side",
    "judkins": "a declined promotion with check; the gold's origin after a capture",
    "gorogoro": "the gold's origin after a capture",
    "euroshogi": "the gold's origin after a capture",
    "omicron": "the promotion choice keeps the rule file's letter (=H, Fairy-Stockfish =C)",
}
"""Variants whose SAN differs from Fairy-Stockfish's in the long games (docs/pgn.md, "Known
differences"): left out of the many-games comparison until the writer follows them."""


@functools.cache
def load(name: str) -> Variant:
    return Variant.load(EXAMPLES / SPECS[name].file if name in SPECS else EXAMPLES / f"{name}.fbr")


def _normalized(name: str, pos: Position, move: str, ours: str) -> str:
    """Our SAN in Fairy-Stockfish's letters (the documented differences above)."""
    letters = LETTERS.get(name)
    if not letters:
        return ours
    core = pos.core
    mv = pos.parse_move(move)
    code = mv.code
    text = ours
    if not mv.is_drop:
        key = core.keys[pos.board[code & 0x3FF] >> 1]
        if key.upper() in letters and text.startswith(key.upper()):
            text = letters[key.upper()] + text[len(key) :]
    promo = code >> 20 & 0x3FF
    if promo and core.keys[promo - 1].startswith("+"):
        target = core.names[code >> 10 & 0x3FF]
        i = text.index(target) + len(target)
        text = text[:i] + "=" + letters[core.keys[promo - 1]] + text[i + 1 :]
    return re.sub(r"=(?=[+#]?$)", "", text)


def _without_gold_origin(text: str) -> str:
    """Fairy-Stockfish's G with the file or rank it adds to tell golds from promoted pieces."""
    return re.sub(r"^G[a-z]?[0-9]{0,2}(?=x?[a-z][0-9])", "G", text)


def _compare(name: str, spec: Spec, games: int, plies: int, seed: int) -> tuple[int, int, int, list[str]]:
    """Plies compared, raw differences, differences left after the documented letter mapping."""
    import pyffish

    variant = load(name)
    start = pyffish.start_fen(spec.fsf)
    rnd = random.Random(seed)
    n = raw = left = 0
    shown: list[str] = []
    for _ in range(games):
        pos = variant.start()
        line: list[str] = []
        for _ in range(plies):
            legal = pos.legal_moves()
            if not legal or pos.outcome() is not None:
                break
            mv = rnd.choice(legal)
            pos.push(mv)
            line.append(mv.text)
        fsf_line = [to_fsf(spec, m) for m in line]
        # one call per game: pyffish.get_san costs milliseconds a call (it sets the variant up)
        theirs_all = pyffish.get_san_moves(spec.fsf, start, fsf_line, False, pyffish.NOTATION_SAN)
        pos = variant.start()
        for move, theirs in zip(line, theirs_all, strict=True):
            ours = san(pos, move)
            n += 1
            if ours != theirs:
                raw += 1
                mapped = _normalized(name, pos, move, ours)
                if mapped != theirs and _without_gold_origin(mapped) != _without_gold_origin(theirs):
                    left += 1
                    shown.append(f"{name} after {n - 1} plies: {move} {ours} / {theirs}")
            pos.push(move)
    return n, raw, left, shown


def _san_agreement(games: int, plies: int) -> None:
    pytest.importorskip("pyffish")
    total = left = 0
    shown: list[str] = []
    raw_where_letters_agree = {}
    for name, spec in SPECS.items():
        if games > 1 and name in SAN_DIFFERS:
            continue
        n, r, lf, s = _compare(name, spec, games, plies, seed=11)
        total, left = total + n, left + lf
        shown += s
        if name not in LETTERS:
            raw_where_letters_agree[name] = r
    assert total > 0.8 * games * plies * len(SPECS)
    # every difference is one of the documented ones (docs/pgn.md): letters of their own for
    # promoted shogi pieces, the xiangqi general, omicron's camel and wazir; where the letters are
    # the same, the SAN is the same as written
    assert left == 0, shown[:10]
    assert not any(raw_where_letters_agree.values()), {k: v for k, v in raw_where_letters_agree.items() if v}


def test_san_agrees_with_fairy_stockfish() -> None:
    _san_agreement(games=1, plies=20)


@pytest.mark.slow
def test_san_agrees_with_fairy_stockfish_many_games() -> None:
    _san_agreement(games=12, plies=120)


def _random_game(variant: Variant, seed: int, plies: int) -> tuple[Position, list[str]]:
    rnd = random.Random(seed)
    pos = variant.start()
    played: list[str] = []
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal or pos.outcome() is not None:
            break
        mv = rnd.choice(legal)
        pos.push(mv)
        played.append(mv.text)
    return pos, played


@pytest.mark.parametrize("name", sorted(SPECS))
def test_round_trip_write_read_same_moves_and_positions(name: str) -> None:
    variant = load(name)
    pos, played = _random_game(variant, seed=len(name), plies=50)
    game = Game.from_position(pos, headers={"Event": "round trip"})
    text = write_game(game)
    back = read_game(text, variant=variant)
    assert back.mainline_moves() == played
    replayed = back.start()
    for mv in back.mainline_moves():
        replayed.push(mv)
    assert replayed == pos == back.end().position() and back.headers["Event"] == "round trip"
    assert back.headers["Result"] == game.headers["Result"]


def test_python_chess_reads_what_we_write_and_we_read_what_it_writes() -> None:
    pytest.importorskip("chess")
    import io

    import chess
    import chess.pgn

    variant = load("chess")
    for seed in range(2):
        pos, played = _random_game(variant, seed, 120)
        ours = write_game(Game.from_position(pos))
        theirs = chess.pgn.read_game(io.StringIO(ours))
        assert theirs is not None and not theirs.errors
        assert [m.uci() for m in theirs.mainline_moves()] == played
        board = chess.Board()
        game = chess.pgn.Game()
        node: chess.pgn.GameNode = game
        rnd = random.Random(seed)
        for _ in range(80):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            mv = rnd.choice(moves)
            node = node.add_variation(mv)
            board.push(mv)
        node.comment = "a comment"
        read = read_game(str(game), variant=variant)
        assert read.mainline_moves() == [m.uci() for m in game.mainline_moves()]
        assert read.end().comment == "a comment"


def test_comments_nags_and_variations_are_kept() -> None:
    variant = load("chess")
    text = (
        '[Event "e"]\n[Variant "Chess"]\n\n{start} 1. e4 $1 {best} e5 (1... c5 {Sicilian} 2. Nf3 '
        "(2. c3) d6) 2. Nf3 Nc6 1-0\n"
    )
    game = read_game(text, variant=variant)
    e4 = game.next
    assert e4 is not None and e4.nags == [1] and e4.comment == "best" and game.comment == "start"
    assert [v.move for v in e4.variations] == ["e7e5", "c7c5"]
    sicilian = e4.variations[1]
    assert sicilian.comment == "Sicilian" and [v.move for v in sicilian.variations[0].variations] == ["d7d6"]
    assert [v.move for v in sicilian.variations] == ["g1f3", "c2c3"]
    again = read_game(write_game(game), variant=variant)
    assert write_game(again) == write_game(game)
    assert "(1... c5 {Sicilian} 2. Nf3 (2. c3) 2... d6)" in write_game(game)


@pytest.mark.parametrize(
    ("name", "moves", "move", "expected"),
    [
        ("crazyhouse", "e2e4 d7d5 e4d5 d8d5", "P@e4", "P@e4"),
        ("shogi", "c3c4 g7g6", "b2h8+", "Bxh8+"),
        ("shogi", "c3c4 g7g6 b2h8+", "g9h8", "Sxh8"),
        ("chess", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", "e1g1", "O-O"),
        ("capablanca", "", "b1c3", "Nc3"),
    ],
)
def test_san_of_drops_promotions_castling(name: str, moves: str, move: str, expected: str) -> None:
    pos = load(name).start()
    for mv in moves.split():
        pos.push(mv)
    assert san(pos, move) == expected
    assert parse_san(pos, expected).text == move


def test_lenient_reading() -> None:
    pos = load("chess").start()
    for text in ("e4", "e2e4", "Pe4", "e4!?", "e2-e4"):
        assert parse_san(pos, text).text == "e2e4", text
    assert parse_san(load("shogi").start(), "c4").text == "c3c4"  # shogi's P without its letter
    assert parse_san(load("xiangqi").start(), "a5").text == "a4a5"
    with pytest.raises(PgnError, match="not legal in the start position"):
        parse_san(pos, "e5")
    shogi = load("shogi").start()
    for mv in ["c3c4", "g7g6"]:
        shogi.push(mv)
    assert parse_san(shogi, "Bxh8=H").text == "b2h8+"  # Fairy-Stockfish's letter after "="
    assert parse_san(shogi, "Bxh8").text == "b2h8"


def test_illegal_move_points_into_the_pgn() -> None:
    text = '[Event "x"]\n\n1. e4 e5\n2. Nf6 Nc6 *\n'
    (result,) = list(replay(text, variant=load("chess")))
    assert result.error is not None
    d = result.error.diagnostics[0]
    assert d.code == "VAR503" and d.span is not None and (d.span.line, d.span.column) == (4, 4)
    assert "1... e5" in d.message and d.hint is not None and "Nf3" in d.hint


def test_ambiguous_move() -> None:
    variant = load("chess")
    pos = variant.position("4k^3/8/8/8/8/8/8/1N2K^N2 / C/c")
    with pytest.raises(PgnError) as info:
        parse_san(pos, "Nd2")
    assert info.value.code == "VAR504" and "Nbd2" in info.value.diagnostics[0].message
    assert san(pos, "b1d2") == "Nbd2"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1. e4 {never closed", "VAR501"),
        ('[Event "x"\n1. e4 *', "VAR501"),
        ("1. e4 ) e5 *", "VAR501"),
        ("1. e4 (1. d4 *", "VAR501"),
        ("\x00\x01\x02 ??? <html>", "VAR501"),
        ('[Variant "Shogi"]\n\n1. e4 *', "VAR502"),
        ('[FEN "not a position"]\n\n1. e4 *', "VAR502"),
        ("1. e4 e5 2. Ke3 *", "VAR503"),
        ("1. f3 e5 2. g4 Qh4# 3. a3 *", "VAR503"),
    ],
)
def test_bad_input_is_a_diagnostic(text: str, code: str) -> None:
    results = list(replay(text, variant=load("chess")))
    assert results and results[0].error is not None
    assert results[0].error.code == code


def test_no_rule_file_and_unreadable_rule_file() -> None:
    (result,) = list(replay("1. e4 *"))
    assert result.error is not None and result.error.code == "VAR502"

    def missing(path: str) -> Variant:
        return Variant.load(path)

    (result,) = list(replay('[RuleFile "/no/such.fbr"]\n\n1. e4 *', load_rules=missing))
    assert result.error is not None and result.error.code == "VAR502"


def test_ten_megabytes_are_refused_in_bounded_time() -> None:
    variant = load("chess")
    for text in ("1. e4 e5 " * 1_200_000, "{" + "x" * 10_000_000, "[" * 10_000_000):
        started = time.process_time()
        with pytest.raises(PgnError) as info:
            read_games(text, variant=variant)
        assert info.value.code in ("VAR501", "VAR505")
        assert time.process_time() - started < 20
    many = '[Event "x"]\n\n1. e4 *\n\n' * 30
    with pytest.raises(PgnError) as limit:
        read_games(many, variant=variant, limits=Limits(max_games=20))
    assert limit.value.code == "VAR505"


@pytest.mark.parametrize(
    ("name", "moves"),
    [("crazyhouse", "e2e4 d7d5 e4d5 d8d5 b1c3"), ("shogi", "c3c4 g7g6 b2h8+ g9h8"), ("gardner", "")],
)
def test_set_up_positions_round_trip(name: str, moves: str) -> None:
    variant = load(name)
    start = variant.start()
    for mv in moves.split():
        start.push(mv)
    setup = start.copy()
    game = Game(variant, setup.feen())
    node: GameNode = game
    pos = setup.copy()
    for legal in pos.legal_moves()[:1]:
        node = node.add_variation(legal.text)
        pos.push(legal)
    text = write_game(game)
    assert '[SetUp "1"]' in text and ("[FEN " in text or "[FEEN " in text)
    back = read_game(text, variant=variant)
    assert back.start().feen() == setup.feen()
    assert back.mainline_moves() == game.mainline_moves()


HOSTILE_PGN = [
    "",
    "\x00",
    "\ufeff1. e4 *",
    "[" * 5_000,
    "(" * 10_000 + ")" * 10_000,
    "1. e4 " + "(1. d4 " * 200 + ")" * 200 + " *",
    '[Event "' + "x" * 100_000,
    '[Event "a\\"b"]\n\n1. e4 *',
    "1. e4 e5 2. Nf3 Nc6 " * 3_000,
    "1. O-O-O-O *",
    "1. e9 *",
    "1. Zz99 *",
    "1. P@ *",
    "1. @e4 *",
    "1... e5 *",
    "$999999 1. e4 *",
    "1. e4 {a {nested} comment} e5 *",
    "; line comment\n% escape\n1. e4 *",
]


@pytest.mark.parametrize("text", HOSTILE_PGN, ids=range(len(HOSTILE_PGN)))
def test_hostile_pgn_gives_diagnostics_only(text: str) -> None:
    started = time.process_time()
    try:
        for result in replay(text, variant=load("chess")):
            if result.error is not None:
                assert result.error.diagnostics and result.error.diagnostics[0].code.startswith("VAR")
    except PgnError as exc:
        assert exc.code == "VAR505"
    assert time.process_time() - started < 10


def test_random_pgn_like_text_never_raises_anything_else() -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    alphabet = st.sampled_from(list('1234567890.abcdefghNBRQKOPx+#=@-()[]{}" \n$;*!?/'))

    @settings(max_examples=150, deadline=None)
    @given(st.lists(alphabet, max_size=120).map("".join))
    def run(text: str) -> None:
        try:
            for result in replay(text, variant=load("chess")):
                assert result.error is None or result.error.diagnostics
        except PgnError as exc:
            assert exc.code == "VAR505"

    run()
