"""The public turn walk (``walk_turns``), ``Position.attacker_types`` and ``Position.generate_pieces``.

``walk_turns`` is checked against ``iter_turns``/``count_turns`` and the brute-force-backed counts of
test_dice_turns (start position, PPP: 3376 sequences, 688 distinct end positions), and for its
controls: stopping, king captures first, transposition merging, restoring the position when the
visitor raises. ``attacker_types`` is checked against python-chess's ``Board.attackers``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from dicechess_randomplay import sample_positions
from dicechess_testdata import START

from notation_toolkit.dicechess import Position, iter_turns, walk_turns
from notation_toolkit.dicechess.dice import DIE
from notation_toolkit.dicechess.moves import FLAG_CASTLING, uci
from notation_toolkit.dicechess.tables import BLACK, KING, KNIGHT, PAWN, ROOK, WHITE

chess = pytest.importorskip("chess")


def end_ident(pos: Position) -> tuple[int, int]:
    """Identity of the end of a sequence, as ``count_turns`` merges them (R11 applied unless R17)."""
    if pos.is_game_over:
        return (pos.key, -1)
    pos.end_turn()
    ident = (pos.key, pos.halfmove)
    pos.pop()
    return ident


def snapshot(pos: Position) -> tuple[str, int, int]:
    return (pos.dfen(), pos.key, pos.ply_depth)


def test_visits_every_sequence_in_legal_order_and_restores() -> None:
    pos = Position.from_dfen(START + " PPP")
    before = snapshot(pos)
    paths: list[tuple[int, ...]] = []
    ends: set[tuple[int, int]] = set()

    def visit(path: Sequence[int]) -> None:
        paths.append(tuple(path))
        ends.add(end_ident(pos))

    assert walk_turns(pos, visit) is False
    assert snapshot(pos) == before
    assert len(paths) == 3376
    assert len(ends) == 688
    assert paths == list(iter_turns(pos))


def test_visitor_sees_the_position_at_the_end_of_the_sequence() -> None:
    pos = Position.from_dfen(START + " PNB")
    fresh = Position.from_dfen(START + " PNB")
    checked = 0

    def visit(path: Sequence[int]) -> None:
        nonlocal checked
        replay = fresh.copy()
        for m in path:
            replay.push(m)
        assert replay.dfen() == pos.dfen()
        assert not replay.legal_moves()
        checked += 1

    walk_turns(pos, visit)
    assert checked == 340


def test_truthy_return_stops_the_walk() -> None:
    pos = Position.from_dfen(START + " PPP")
    before = snapshot(pos)
    seen: list[tuple[int, ...]] = []

    def visit(path: Sequence[int]) -> bool:
        seen.append(tuple(path))
        return len(seen) == 5

    assert walk_turns(pos, visit) is True
    assert seen == list(iter_turns(pos))[:5]
    assert snapshot(pos) == before


def test_pass_is_visited_once_with_an_empty_path() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 RRB")
    seen: list[tuple[int, ...]] = []
    assert walk_turns(pos, lambda path: seen.append(tuple(path))) is False
    assert seen == [()]


def test_game_over_position_is_a_pass() -> None:
    pos = Position.from_dfen("8/8/8/8/8/8/8/4K3 w - - 0 1 QQQ")
    seen: list[tuple[int, ...]] = []
    walk_turns(pos, lambda path: seen.append(tuple(path)))
    assert seen == [()]


def test_kings_first_visits_the_king_capture_before_anything_else() -> None:
    # Black rook e2 takes the king on e1 with one die (R17); other rook moves come first in generation
    # order, and so do the two-step captures (e2e3 e3e1 ...), see test_dice_turns.
    pos = Position.from_dfen("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1 rrb")
    before = snapshot(pos)
    plain: list[tuple[str, ...]] = []
    walk_turns(pos, lambda path: plain.append(tuple(map(uci, path))))
    assert plain[0] != ("e2e1",)
    assert ("e2e1",) in plain

    first: list[tuple[str, ...]] = []
    over: list[bool] = []

    def visit(path: Sequence[int]) -> bool:
        first.append(tuple(map(uci, path)))
        over.append(pos.is_game_over)
        return pos.is_game_over

    assert walk_turns(pos, visit, kings_first=True) is True
    assert first == [("e2e1",)]
    assert over == [True]
    assert snapshot(pos) == before


def test_kings_first_keeps_every_sequence() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1 rrb")
    plain: list[tuple[int, ...]] = []
    walk_turns(pos, lambda path: plain.append(tuple(path)))
    reordered: list[tuple[int, ...]] = []
    walk_turns(pos, lambda path: reordered.append(tuple(path)), kings_first=True)
    assert sorted(reordered) == sorted(plain)
    assert reordered != plain


@pytest.mark.parametrize(
    ("dfen", "sequences", "distinct"),
    [(START + " PPP", 3376, 688), (START + " PNB", 340, 232)],
)
def test_merge_transpositions_keeps_every_end_position(dfen: str, sequences: int, distinct: int) -> None:
    pos = Position.from_dfen(dfen)
    before = snapshot(pos)
    legal = set(iter_turns(pos))
    paths: list[tuple[int, ...]] = []
    ends: set[tuple[int, int]] = set()

    def visit(path: Sequence[int]) -> None:
        paths.append(tuple(path))
        ends.add(end_ident(pos))

    walk_turns(pos, visit, merge_transpositions=True)
    assert snapshot(pos) == before
    assert len(ends) == distinct
    assert set(paths) <= legal
    # pawn moves of different files commute, so some sequences are skipped
    assert distinct <= len(paths) < sequences


def test_merge_keeps_the_first_found_sequence_of_each_end_position() -> None:
    pos = Position.from_dfen(START + " PNB")
    first_plain: dict[tuple[int, int], tuple[int, ...]] = {}
    first_merged: dict[tuple[int, int], tuple[int, ...]] = {}
    walk_turns(pos, lambda path: first_plain.setdefault(end_ident(pos), tuple(path)))
    walk_turns(
        pos, lambda path: first_merged.setdefault(end_ident(pos), tuple(path)), merge_transpositions=True
    )
    assert first_merged == first_plain
    assert list(first_merged) == list(first_plain)


class Boom(Exception):
    pass


def test_position_is_restored_when_the_visitor_raises() -> None:
    pos = Position.from_dfen(START + " PPP")
    before = snapshot(pos)
    count = 0

    def visit(path: Sequence[int]) -> None:
        nonlocal count
        count += 1
        if count == 40:
            assert len(path) == 3
            raise Boom

    with pytest.raises(Boom):
        walk_turns(pos, visit)
    assert snapshot(pos) == before


# ---------------------------------------------------------------- attacker_types

POSITIONS = sample_positions(range(12), every=7)


def expected_types(board: Any, color: bool, square: int) -> int:
    bits = 0
    for sq in board.attackers(color, square):
        piece = board.piece_at(sq)
        assert piece is not None
        bits |= 1 << piece.piece_type  # python-chess types use the same numbers, pawn 1 .. king 6
    return bits


def test_attacker_types_equal_python_chess_on_every_square() -> None:
    assert len(POSITIONS) >= 100
    checked = 0
    for text in POSITIONS:
        pos = Position.from_dfen(text)
        board = chess.Board(pos.dfen().split()[0] + " w - - 0 1")
        for color, theirs in ((WHITE, chess.WHITE), (BLACK, chess.BLACK)):
            for square in range(64):
                assert pos.attacker_types(square, color) == expected_types(board, theirs, square), (
                    text,
                    color,
                    square,
                )
                checked += 1
    assert checked >= 100 * 128


def test_attacker_types_of_a_king_square() -> None:
    # e1 king attacked by the rook e8 (file open) and the knight f3; the bishop b4 is blocked by d2
    pos = Position.from_dfen("4r1k1/8/8/8/1b6/5n2/3P4/4K3 w - - 0 1")
    king = (pos.pieces[KING] & pos.occ[WHITE]).bit_length() - 1
    assert pos.attacker_types(king, BLACK) == (1 << 4) | (1 << 2)
    assert pos.attacker_types(king, WHITE) == 0


def test_attacker_types_among_and_occupied_match_the_played_move() -> None:
    # Asking "after d2d3, not played": the d2 pawn leaves the b4-e1 diagonal open.
    pos = Position.from_dfen("4r1k1/8/8/8/1b6/5n2/3P4/4K3 w - - 0 1 P")
    (m,) = [m for m in pos.legal_moves() if uci(m) == "d2d3"]
    frm, to = m & 63, (m >> 6) & 63
    occupied = (pos.occupied & ~(1 << frm)) | (1 << to)
    guessed = pos.attacker_types(4, BLACK, among=~((1 << frm) | (1 << to)), occupied=occupied)
    pos.push(m)
    played = pos.attacker_types(4, BLACK)
    pos.pop()
    assert guessed == played == (1 << 4) | (1 << 3) | (1 << 2)
    # ``among`` never adds the other colour's pieces
    assert pos.attacker_types(4, BLACK, among=pos.occ[WHITE]) == 0


# ---------------------------------------------------------------- generate_pieces

ALL_DICE = sum(DIE[t] for t in range(1, 7))


def test_generate_pieces_is_generate_without_pawns_and_castling() -> None:
    for text in POSITIONS[:60]:
        pos = Position.from_dfen(text)
        expected = [m for m in pos.generate(ALL_DICE) if (m >> 15) & 7 != PAWN and m >> 18 != FLAG_CASTLING]
        assert sorted(pos.generate_pieces(ALL_DICE)) == sorted(expected), text


def test_generate_pieces_filters_origins_and_targets() -> None:
    # White: knight b1, bishop c1, rook h1 (a pool of N and R dice; the bishop has no die)
    pos = Position.from_dfen("4k3/8/8/8/8/8/6PP/1NB1K2R w - - 0 1")
    pool = DIE[KNIGHT] + DIE[ROOK]
    names = {uci(m) for m in pos.generate_pieces(pool)}
    assert names == {"b1a3", "b1c3", "b1d2", "h1f1", "h1g1"}
    b1, h1 = 1 << 1, 1 << 7
    assert {uci(m) for m in pos.generate_pieces(pool, origins=b1)} == {"b1a3", "b1c3", "b1d2"}
    third_rank_and_f1 = (0xFF << 16) | (1 << 5)
    assert {uci(m) for m in pos.generate_pieces(pool, targets=third_rank_and_f1)} == {
        "b1a3",
        "b1c3",
        "h1f1",
    }
    assert {uci(m) for m in pos.generate_pieces(pool, origins=~h1, targets=third_rank_and_f1)} == {
        "b1a3",
        "b1c3",
    }
