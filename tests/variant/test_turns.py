"""Turns of several moves: ``turn`` (003:778-855), ``progressive`` (003:856-878), ``monster``
(003:476-484).

No engine plays these rules, so the oracle is python-chess's move generator driven turn by turn:
a null move hands the move back to the same side inside a turn, and the turn rules each example
states (Marseillais: a check ends the turn; progressive, Italian: a check only with the last move;
Scottish: a check ends the series; Monster: the first move may leave the king attacked when the
second saves it) decide where a turn ends. Positions worked out by hand from the page's words carry
the page line in the test name. No published perft figure for these games was found (searched:
"progressive chess perft", "marseillais chess perft", "Scottish progressive chess number of
positions"): none is tested.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import chess
import pytest

from notation_toolkit.variant import Variant, perft
from notation_toolkit.variant.perft import divide
from notation_toolkit.variant.position import Position
from notation_toolkit.variant.rules import VariantError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
CHESS_PIECES = """
K=W+F
Q=R+B
R=W0
B=F0
N=N
P=mfW+cefF+[1-2]mefW02
+P==QRBN
O-O=[*]isR[g]=isR[f]
O-O-O=[*]isR[c]=isR[d]
"""


def _variant(rules: str, start: str = "-rnbq-k^bn-r/pppppppp/8/8/8/8/PPPPPPPP/-RNBQ-K^BN-R / C/c") -> Variant:
    text = f'variant="t" boardsize="8x8" startposition="{start}"\nroyal promotion+[8]=enter {rules}\n'
    return Variant.from_text(text + CHESS_PIECES)


def _load(name: str) -> Variant:
    return Variant.load(EXAMPLES / f"{name}.fbr")


# ------------------------------------------------------------------------------------------------
# The python-chess oracle: a turn is a sequence of python-chess moves with null moves between them
# ------------------------------------------------------------------------------------------------


class Oracle:
    """The turn rules of one example over python-chess: ``length(side, previous)`` gives the next
    turn's length; ``kind`` is ``marseillais`` (a check ends the turn), ``italian``, ``scotish`` or
    ``monster``."""

    def __init__(self, kind: str, first: tuple[int, int], length: Callable[[int], int]) -> None:
        self.kind = kind
        self.first = first
        self.length = length

    def moves(self, board: chess.Board, phase: int, length: int) -> list[str]:
        """The legal moves (UCI, ``pass``) of the position ``phase`` moves into a turn of ``length``."""
        last = phase + 1 >= length
        if self.kind == "monster" and board.turn == chess.WHITE and phase == 0:
            out = []
            for m in board.pseudo_legal_moves:
                board.push(m)
                board.push(chess.Move.null())
                # the first move may leave the king attacked when a second move saves it
                ok = not board.is_check() or any(
                    not self._own_king_attacked(board, n) for n in board.pseudo_legal_moves
                )
                board.pop()
                board.pop()
                if ok and not board.is_en_passant(m):
                    out.append(m.uci())
            return out
        if self.kind == "monster" and board.turn == chess.WHITE:
            out = [
                m.uci()
                for m in board.pseudo_legal_moves
                if not self._own_king_attacked(board, m) and not board.is_en_passant(m)
            ]
            return out or (["pass"] if not board.is_check() else [])
        out = []
        for m in board.legal_moves:
            if self.kind == "monster" and board.is_en_passant(m):
                continue  # the page's Monster turns have no `enpassant` (003:484, 003:836)
            if self.kind == "italian" and not last and board.gives_check(m):
                continue  # Italian rules: a check only with the last move of a series
            out.append(m.uci())
        if not out and phase > 0 and self.kind == "marseillais":
            return ["pass"]  # the turn ends when no further move is possible (003:790)
        return out

    @staticmethod
    def _own_king_attacked(board: chess.Board, m: chess.Move) -> bool:
        us = board.turn
        board.push(m)
        try:
            king = board.king(us)
            return king is None or board.is_attacked_by(not us, king)
        finally:
            board.pop()

    def push(self, board: chess.Board, move: str, phase: int, length: int) -> tuple[int, int]:
        """Play ``move``; the turn state after it."""
        if move == "pass":
            board.push(chess.Move.null())
            return 0, self.length(length)
        board.push(chess.Move.from_uci(move))
        last = phase + 1 >= length
        if not last and self.kind != "monster" and board.is_check():
            last = True  # a check ends the turn (Marseillais, Scottish)
        if last:
            return 0, self.length(length)
        board.push(chess.Move.null())
        return phase + 1, length

    def turn_perft(self, board: chess.Board, depth: int, phase: int, length: int) -> int:
        total = 0
        for mv in self.moves(board, phase, length):
            before = len(board.move_stack)
            p, n = self.push(board, mv, phase, length)
            if p:
                total += self.turn_perft(board, depth, p, n)
            elif depth == 1:
                total += 1
            elif board.king(not board.turn) is not None:  # a captured king ends the game
                total += self.turn_perft(board, depth - 1, 0, n)
            while len(board.move_stack) > before:
                board.pop()
        return total


MARSEILLAIS = Oracle("marseillais", (2, 2), lambda n: 2)
ITALIAN = Oracle("italian", (1, 2), lambda n: n + 1)
SCOTISH = Oracle("scotish", (1, 2), lambda n: n + 1)
MONSTER = Oracle("monster", (2, 1), lambda n: 1 if n == 2 else 2)
MONSTER_FEN = "rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1"


def _scotish() -> Variant:
    text = (EXAMPLES / "progressive.fbr").read_text().replace("\nprogressive\n", "\nprogressive=scotish\n")
    return Variant.from_text(text)


CASES: dict[str, tuple[Callable[[], Variant], Oracle, str]] = {
    "marseillais": (lambda: _load("marseillais"), MARSEILLAIS, chess.STARTING_FEN),
    "progressive": (lambda: _load("progressive"), ITALIAN, chess.STARTING_FEN),
    "scotish": (_scotish, SCOTISH, chess.STARTING_FEN),
    "monster": (lambda: _load("monster"), MONSTER, MONSTER_FEN),
}


@pytest.mark.parametrize(("name", "depth"), [("marseillais", 1), ("progressive", 2), ("monster", 2)])
def test_start_turn_perft_matches_python_chess_turn_by_turn(name: str, depth: int) -> None:
    make, oracle, fen = CASES[name]
    pos = make().start()
    assert perft(pos, depth) == oracle.turn_perft(chess.Board(fen), depth, 0, oracle.first[0])


@pytest.mark.slow
@pytest.mark.parametrize(("name", "depth"), [("marseillais", 2), ("monster", 3)])
def test_start_turn_perft_deeper_matches_python_chess(name: str, depth: int) -> None:
    make, oracle, fen = CASES[name]
    pos = make().start()
    assert perft(pos, depth) == oracle.turn_perft(chess.Board(fen), depth, 0, oracle.first[0])


def _random_game(
    name: str, seed: int, plies: int, check: Callable[[Position, chess.Board, int, int], None]
) -> None:
    """Play a seeded random game in both, comparing the sorted legal moves at every move."""
    make, oracle, fen = CASES[name]
    pos = make().start()
    board = chess.Board(fen)
    phase, length = 0, oracle.first[0]
    rng = random.Random(seed)
    for _ in range(plies):
        outcome = pos.outcome()
        if outcome is not None:
            if outcome.reason == "royal captured":
                assert board.king(chess.BLACK) is None
            elif outcome.reason != "repetition":  # python-chess does not draw by itself
                assert oracle.moves(board, phase, length) == [], pos.feen()
            break
        ours = sorted(m.text for m in pos.legal_moves())
        theirs = sorted(oracle.moves(board, phase, length))
        assert ours == theirs, (pos.feen(), board.fen(), phase, length)
        assert (pos.phase, pos.turn_len) == (phase, length), pos.feen()
        check(pos, board, phase, length)
        move = rng.choice(ours)
        pos.push(move)
        phase, length = oracle.push(board, move, phase, length)


def _no_check(pos: Position, board: chess.Board, phase: int, length: int) -> None:
    pass


@pytest.mark.parametrize("name", list(CASES))
def test_random_games_match_python_chess_move_by_move(name: str) -> None:
    _random_game(name, 0, 50, _no_check)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_many_random_games_match_python_chess(name: str) -> None:
    for seed in range(2, 14):
        _random_game(name, seed, 100, _no_check)


# ------------------------------------------------------------------------------------------------
# Properties: push/pop, FEEN round trip, turn perft is the sum over the moves of the turn
# ------------------------------------------------------------------------------------------------


def _invariants(pos: Position, board: chess.Board, phase: int, length: int, every: bool = True) -> None:
    feen, key = pos.feen(), pos.zobrist()
    assert key == pos.zobrist_full()
    again = Position.from_feen(pos.variant, feen)
    assert again == pos and again.zobrist() == key and again.feen() == feen
    moves = pos.legal_moves()
    for mv in moves if every else moves[:: max(1, len(moves) // 3)]:
        pos.push(mv)
        assert pos.zobrist() == pos.zobrist_full()
        pos.pop()
        assert pos.feen() == feen and pos.zobrist() == key


@pytest.mark.parametrize("name", list(CASES))
def test_push_pop_and_feen_round_trip_along_random_games(name: str) -> None:
    _random_game(name, 7, 24, _invariants)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_push_pop_and_feen_round_trip_along_200_random_games(name: str) -> None:
    def some_moves(pos: Position, board: chess.Board, phase: int, length: int) -> None:
        _invariants(pos, board, phase, length, every=False)

    for seed in range(200):
        _random_game(name, 1000 + seed, 20, some_moves)


def _sequences(pos: Position) -> int:
    """The number of whole turns from ``pos`` by walking the public API move by move."""
    side, count = pos.turn, 0
    for mv in pos.legal_moves():
        pos.push(mv)
        count += _sequences(pos) if pos.phase else 1
        pos.pop()
    assert pos.turn == side
    return count


@pytest.mark.parametrize("name", ["marseillais", "progressive", "monster"])
def test_turn_perft_is_the_sum_over_the_moves_of_the_turn(name: str) -> None:
    pos = CASES[name][0]().start()
    for mv in ["e2e4", "d2d4", "e7e5", "d7d5", "g1f3", "f1b5"]:
        if pos.outcome() is not None or mv not in {m.text for m in pos.legal_moves()}:
            continue
        pos.push(mv)
    assert perft(pos, 1) == _sequences(pos) == sum(divide(pos, 1).values())
    if name == "monster":  # (elsewhere two turns from here are millions of leaves)
        # two turns: the moves of the first, each followed by the second turn's perft
        assert perft(pos, 2) == sum(divide(pos, 2).values())
    # by moves the depth counts plies
    moves = pos.legal_moves()
    assert perft(pos, 1, unit="move") == len(moves)


def test_perft_unit_is_checked() -> None:
    with pytest.raises(ValueError, match="unit"):
        perft(_load("marseillais").start(), 1, unit="ply")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------------
# The page's statements, worked out by hand
# ------------------------------------------------------------------------------------------------


def test_003_788_check_must_be_answered_by_the_first_move() -> None:
    # White's king on e1 checked by a rook on e8; a rook a2 could block on e2 with the first move,
    # a knight could not help at once; Kd1/Kf1/Kd2/Kf2 step aside
    v = _load("marseillais")
    pos = v.position("4r1k^1/8/8/8/8/8/R7/4K^1N1 / C/c")
    # a block or a step aside; no move that leaves the check for the second move to answer
    assert sorted(m.text for m in pos.legal_moves()) == ["a2e2", "e1d1", "e1d2", "e1f1", "e1f2", "g1e2"]
    pos2 = v.position("4r1k^1/8/8/8/8/8/8/4K^1N1 / C/c")
    assert sorted(m.text for m in pos2.legal_moves()) == ["e1d1", "e1d2", "e1f1", "e1f2", "g1e2"]


def test_003_788_a_check_given_with_the_first_move_ends_the_turn() -> None:
    pos = _load("marseillais").position("4k^3/8/8/8/8/8/R7/4K^3 / C/c")
    pos.push("a2a8")  # check: Black answers now
    assert pos.turn == 1 and pos.phase == 0 and pos.is_check()
    pos2 = _load("marseillais").position("4k^3/8/8/8/8/8/R7/4K^3 / C/c")
    pos2.push("a2a7")  # no check: White moves again
    assert pos2.turn == 0 and pos2.phase == 1
    assert pos2.feen() == "4k^3/R7/8/8/8/8/8/4K^3 / C/c turn:1/2"


def test_003_790_no_second_move_ends_the_turn_with_a_pass() -> None:
    # after a5a6 White's king (h1, hemmed in by the queen on g3) and pawn (blocked) cannot move
    start = "4k^3/p7/8/P7/8/6q1/8/7K^ / C/c"
    pos = _load("marseillais").position(start)
    assert [m.text for m in pos.legal_moves()] == ["a5a6"]
    pos.push("a5a6")
    assert [m.text for m in pos.legal_moves()] == ["pass"]
    pos.push("pass")
    assert pos.turn == 1 and pos.phase == 0
    assert pos.pop().text == "pass"
    # compulsory: the game is stalemate instead (003:828-830)
    strict = _variant("turn<1>=compulsory turn<2>=compulsory", start)
    pos = strict.position(start)
    pos.push("a5a6")
    assert pos.legal_moves() == []
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner is None and outcome.reason == "stalemate"


def test_003_808_balance_the_first_player_first_turn_has_one_move() -> None:
    v = _variant("turn<1>=balance,enpassant turn<2>=enpassant")
    pos = v.start()
    assert pos.turn_len == 1 and perft(pos, 1) == 20
    pos.push("e2e4")
    assert pos.turn == 1 and pos.turn_len == 2
    pos.push("e7e5")
    assert pos.turn == 1 and pos.phase == 1
    pos.push("d7d5")
    assert pos.turn == 0 and pos.turn_len == 2  # White's later turns have both moves
    # balanced Marseillais's second turn: Black's two moves after each White move (python-chess)
    assert perft(v.start(), 2) == Oracle("marseillais", (1, 2), lambda n: 2).turn_perft(
        chess.Board(), 2, 0, 1
    )


def test_003_816_castling_ends_the_turn() -> None:
    start = "4k^3/8/8/8/8/8/8/4-K^2-R / C/c"
    plain = _variant("turn<1> turn<2>", start).position(start)
    plain.push("e1g1")
    assert plain.turn == 0 and plain.phase == 1
    ending = _variant("turn<1>=castling turn<2>", start).position(start)
    ending.push("e1g1")
    assert ending.turn == 1 and ending.phase == 0


def test_003_836_en_passant_only_in_a_part_that_allows_it() -> None:
    start = "4k^3/3p4/8/4P3/8/8/8/4K^3 / c/C"
    for rules, expected in (("turn<1>=enpassant turn<2>", True), ("turn<1> turn<2>", False)):
        pos = _variant(rules, start).position(start)
        pos.push("e8d8")
        pos.push("d7d5")  # the double step is the last move of Black's turn
        assert pos.turn == 0
        assert ("e5d6" in {m.text for m in pos.legal_moves()}) is expected, rules


def test_003_840_optional_allows_a_pass() -> None:
    v = _variant("turn<1> turn<2>=optional")
    pos = v.start()
    assert "pass" not in {m.text for m in pos.legal_moves()}
    pos.push("e2e4")
    texts = {m.text for m in pos.legal_moves()}
    board = chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1")
    assert texts == {m.uci() for m in board.legal_moves} | {"pass"}
    pos.push("pass")
    assert pos.turn == 1


def test_003_800_again_a_second_move_only_after_a_move_of_its_pieces() -> None:
    # turn<1> turn<2>{N}=optional,again: a knight that moved may move again (or the turn ends)
    v = _variant("turn<1> turn<2>{N}=optional,again")
    pos = v.start()
    pos.push("e2e4")  # not a knight: the second move is skipped
    assert pos.turn == 1 and pos.phase == 0
    pos.push("g8f6")
    assert pos.turn == 1 and pos.phase == 1
    assert sorted(m.text for m in pos.legal_moves()) == [
        "b8a6",
        "b8c6",
        "f6d5",
        "f6e4",
        "f6g4",
        "f6g8",
        "f6h5",
        "pass",
    ]
    # without `again` the knight part follows any move
    plain = _variant("turn<1> turn<2>{N}=optional").start()
    plain.push("e2e4")
    assert plain.turn == 0 and plain.phase == 1


def test_003_806_alter_the_turn_must_change_the_position() -> None:
    for rules, back in (("turn<1> turn<2>=alter", False), ("turn<1> turn<2>", True)):
        pos = _variant(rules).start()
        pos.push("g1f3")
        assert ("f3g1" in {m.text for m in pos.legal_moves()}) is back, rules


def test_003_780_a_piece_set_restricts_the_move() -> None:
    pos = _variant("turn<1> turn<2>{N}").start()
    pos.push("e2e4")
    assert sorted(m.text for m in pos.legal_moves()) == ["b1a3", "b1c3", "g1e2", "g1f3", "g1h3"]


def test_003_824_check_allows_passing_through_check_when_a_later_move_saves() -> None:
    # Monster: White's king e1, a black rook on d8 covers the d-file; Kd1 is legal as the first move
    # because Kc2/Ke2 (or Kc1, Ke1...) leave the file with the second
    v = _load("monster")
    pos = v.position("3rk^3/8/8/8/8/8/8/4K^3 / C/c")
    assert "e1d1" in {m.text for m in pos.legal_moves()}
    pos.push("e1d1")
    assert pos.is_check() and pos.turn == 0
    assert all(m.text[2] != "d" for m in pos.legal_moves())
    # rooks on the a, b and c files: no two king moves reach a safe square: checkmate
    boxed = v.position("rrr4k^/8/8/8/8/8/8/K^7 / C/c")
    assert boxed.legal_moves() == []
    outcome = boxed.outcome()
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"


def test_003_484_monster_captures_the_royal_piece_with_the_second_move() -> None:
    v = _load("monster")
    pos = v.position("4k^3/8/8/8/8/8/4P3/Q3K^3 / C/c")
    pos.push("a1a8")  # check; the turn goes on (the next move may capture the king)
    assert pos.turn == 0 and pos.phase == 1
    pos.push("a8e8")
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "royal captured"
    assert pos.legal_moves() == []


def test_progressive_italian_check_only_with_the_last_move() -> None:
    # Black's series of two: Qh4 would check White's king on e1 (f2 gone) with the first move
    # Black's series of two: the queen may not check White's king with the first move
    pos = _load("progressive").position("3qk^3/8/8/8/8/8/8/4K^3 / c/C")
    first = {m.text for m in pos.legal_moves()}
    assert "d8c7" in first
    assert not first & {"d8e7", "d8d1", "d8d2", "d8a5", "d8h4"}  # each would check e1
    pos.push("d8c7")
    last = {m.text for m in pos.legal_moves()}
    assert {"c7e7", "c7c3"} <= last  # check with the last move of the series is legal


def test_progressive_scotish_check_ends_the_series() -> None:
    pos = _scotish().position("3qk^3/8/8/8/8/8/8/4K^3 / c/C")
    assert pos.turn_len == 2
    pos.push("d8d1")  # check with the first of two moves: the series ends
    assert pos.turn == 0 and pos.phase == 0 and pos.turn_len == 3 and pos.is_check()
    assert pos.feen().endswith(" turn:0/3")


def test_feen_turn_field_is_read_and_checked() -> None:
    from notation_toolkit.core.errors import NotationError

    v = _load("marseillais")
    pos = v.position("4k^3/R7/8/8/8/8/8/4K^3 / C/c turn:1/2")
    assert (pos.phase, pos.turn_len) == (1, 2)
    for bad in ("turn:2/2", "turn:x/2", "turn:1"):
        with pytest.raises(NotationError) as info:
            v.position(f"4k^3/R7/8/8/8/8/8/4K^3 / C/c {bad}")
        assert info.value.diagnostics[0].code == "VAR304"
    # a variant of one move per turn has no such field
    chess_v = Variant.load(EXAMPLES / "chess.fbr")
    with pytest.raises(NotationError):
        chess_v.position("4k^3/R7/8/8/8/8/8/4K^3 / C/c turn:1/2")


def test_fen_cannot_hold_a_turn_phase() -> None:
    from notation_toolkit.core.errors import NotationError

    pos = _load("marseillais").start()
    assert pos.fen() == chess.STARTING_FEN
    pos.push("e2e4")
    with pytest.raises(NotationError) as info:
        pos.fen()
    assert info.value.diagnostics[0].code == "VAR305"


@pytest.mark.parametrize(
    ("rules", "code"),
    [
        ("turn turn{N}", "VAR203"),  # parts in an arbitrary order (003:780)
        ("turn<1>=dontcross turn<2>", "VAR202"),
        ("turn#<1> turn<2> #P=mfW", "VAR203"),
        ("progressive=moderate", "VAR202"),
        ("progressive monster", "VAR203"),
        ("turn<1>=balance turn<2>=balance", "VAR203"),
        ("turn<1>=untilcapture turn<2>", "VAR203"),  # the parts a capture removes come last
    ],
)
def test_refusals(rules: str, code: str) -> None:
    with pytest.raises(VariantError) as info:
        _variant(rules)
    assert code in {d.code for d in info.value.diagnostics}, info.value.diagnostics


def test_the_engine_plays_whole_turns() -> None:
    # Monster: White to move with Qa1 and the black king on e8 alone: Qa8+ then Qxe8 wins at once
    from notation_toolkit.variant.engine import Engine

    v = _load("monster")
    pos = v.position("4k^3/8/8/8/8/8/4P3/Q3K^3 / C/c")
    result = Engine(v).search(pos, depth=2)
    assert result.move is not None
    pos.push(result.move)
    follow = Engine(v).search(pos, depth=1)
    assert follow.move is not None
    pos.push(follow.move)
    outcome = pos.outcome()
    assert outcome is not None and outcome.winner == 0


@pytest.mark.parametrize("name", ["marseillais", "progressive", "monster"])
def test_pgn_numbers_whole_turns_and_reads_back(name: str) -> None:
    from notation_toolkit.variant.pgn import Game, read_game, write_game

    variant = CASES[name][0]()
    pos = variant.start()
    rng = random.Random(5)
    white_turns = 0
    for _ in range(16):
        moves = pos.legal_moves()
        if not moves or pos.outcome() is not None:
            break
        white_turns += pos.turn == 0 and pos.phase == 0
        pos.push(rng.choice(moves))
    text = write_game(Game.from_position(pos))
    numbers = [t for t in text.split("\n\n")[-1].split() if t.endswith(".")]
    # one number per turn of the first player, counted 1, 2, 3 ...
    assert numbers == [f"{n}." for n in range(1, white_turns + 1)]
    assert read_game(text, variant=variant).mainline_moves() == pos.move_stack


def test_pgn_writes_a_pass_and_reads_it_back() -> None:
    from notation_toolkit.variant.pgn import Game, read_game, write_game

    v = _load("marseillais")
    pos = v.position("4k^3/p7/8/P7/8/6q1/8/7K^ / C/c")
    for move in ("a5a6", "pass", "e8d8"):
        pos.push(move)
    text = write_game(Game.from_position(pos))
    assert text.split("\n\n")[-1].split()[:4] == ["1.", "a6", "pass", "Kd8"]
    assert read_game(text, variant=v).mainline_moves() == ["a5a6", "pass", "e8d8"]


def test_fen_reads_as_the_start_of_a_turn() -> None:
    marseillais, progressive = _load("marseillais"), _load("progressive")
    assert marseillais.position(chess.STARTING_FEN).turn_len == 2
    black = chess.STARTING_FEN.replace(" w ", " b ")
    assert progressive.position(black).turn_len == 2 and progressive.position(black).phase == 0


def test_cli_perft_counts_turns_or_moves() -> None:
    import json

    from click.testing import CliRunner

    from notation_toolkit.variant.cli import variant

    path = str(EXAMPLES / "marseillais.fbr")
    by_turn = CliRunner().invoke(variant, ["perft", path, "-d", "1", "--json"])
    by_move = CliRunner().invoke(variant, ["perft", path, "-d", "1", "--unit", "move", "--json"])
    assert by_turn.exit_code == 0 and by_move.exit_code == 0, (by_turn.output, by_move.output)
    turn_data, move_data = json.loads(by_turn.output), json.loads(by_move.output)
    assert (turn_data["unit"], turn_data["nodes"]) == ("turn", MARSEILLAIS.turn_perft(chess.Board(), 1, 0, 2))
    assert (move_data["unit"], move_data["nodes"]) == ("move", 20)
    divided = CliRunner().invoke(variant, ["perft", path, "-d", "1", "--divide", "--json"])
    parts = json.loads(divided.output)["divide"]
    assert len(parts) == 20 and sum(parts.values()) == turn_data["nodes"]


def test_003_852_untilcapture_a_capture_ends_the_double_moves_for_good() -> None:
    # turn<1>=enpassant turn<2>=untilcapture: two moves a turn until a side captures; the
    # capture is the first and only move of its turn, and that side moves once a turn from then
    start = "4k^3/8/8/3p4/4P3/8/8/4K^3 / C/c"
    v = _variant("turn<1>=enpassant turn<2>=untilcapture", start)
    quiet = v.position(start)
    quiet.push("e1e2")
    assert "e4d5" not in {m.text for m in quiet.legal_moves()}  # no capture in the second move
    pos = v.position(start)
    pos.push("e4d5")
    assert pos.turn == 1 and pos.phase == 0 and pos.turn_len == 2
    assert pos.feen() == "4k^3/8/8/3P4/8/8/8/4K^3 / c/C turn:0/2/w"
    from notation_toolkit import feen

    (state,) = feen.parse(pos.feen(), grammar="feen_variant").extensions
    assert getattr(state, "rule", None) == "turn_state"
    pos.push("e8d7")
    pos.push("d7d6")
    assert pos.turn == 0 and pos.turn_len == 1  # White moves once a turn now
    pos.push("e1e2")
    assert pos.turn == 1 and pos.turn_len == 2  # Black still has both moves
    again = Position.from_feen(v, pos.feen())
    assert again == pos and again.zobrist() == pos.zobrist() == pos.zobrist_full()
    for _ in range(4):
        pos.pop()
    assert pos.feen() == start and pos.zobrist() == pos.zobrist_full()


def test_untilcapture_push_pop_and_feen_along_random_games() -> None:
    v = _variant("turn<1>=enpassant turn<2>=untilcapture")
    rng = random.Random(11)
    for _ in range(3):
        pos = v.start()
        for _ in range(40):
            _invariants(pos, chess.Board(), 0, 0)
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            pos.push(rng.choice(moves))
