"""Full turns: R8-legal sequences and distinct outcomes, checked against an independent brute force.

The brute force uses python-chess for movement (the side to move is put back after each push, R7),
walks every sequence of pseudo-legal micro-moves the dice allow, and keeps the sequences that spend
the most dice. Where no king capture is reachable that is exactly the R8 (semantics B) set, so it
checks the L* filter without sharing any code with it.
"""

from __future__ import annotations

from typing import Any

import pytest
from dicechess_testdata import KIWIPETE, START

from notation_toolkit.dicechess import (
    Position,
    count_turns,
    divide_turns,
    iter_turns,
    perft_turns,
    turn_outcomes,
)
from notation_toolkit.dicechess.dice import ROLL_OUTCOMES
from notation_toolkit.dicechess.moves import uci

chess = pytest.importorskip("chess")


def brute_force(fen: str, dice: str) -> tuple[set[tuple[str, ...]], set[tuple[object, ...]]]:
    fields = fen.split()
    board = chess.Board(" ".join([*fields[:3], "-", *fields[4:]]))
    mover = board.turn
    capture_rank = 5 if mover == chess.WHITE else 2
    # opponent targets from the FEN (R15: live for this whole turn), anchored to their pawns
    initial = {t: t + (-8 if mover == chess.WHITE else 8) for t in chess.SquareSet(_ep_field(fen))}
    paths: list[tuple[tuple[str, ...], int, tuple[object, ...]]] = []

    def walk(pool: str, line: list[str], targets: dict[int, int]) -> None:
        options: list[tuple[Any, str, bool]] = []
        for letter in sorted(set(pool)):
            piece = "PNBRQK".index(letter) + 1
            mask = board.pieces_mask(piece, mover)
            board.ep_square = None
            for m in board.generate_pseudo_legal_moves(from_mask=mask):
                if board.is_castling(m):
                    continue
                options.append((m, letter, False))
            if letter == "P":
                # python-chess holds one EP square: offer each live opponent target in turn
                for t in targets:
                    if chess.square_rank(t) == capture_rank:
                        board.ep_square = t
                        options += [(m, "P", True) for m in board.generate_pseudo_legal_ep(from_mask=mask)]
                board.ep_square = None
        if not options:
            rank6 = {t: s for t, s in targets.items() if chess.square_rank(t) != (5 if mover else 2)}
            final = (board.board_fen(), board.castling_xfen(), board.halfmove_clock, frozenset(rank6))
            paths.append((tuple(line), len(line), final))
            return
        for m, letter, en_passant in options:
            victim = m.to_square
            if en_passant:
                victim = m.to_square + (-8 if mover == chess.WHITE else 8)
            new_targets = {t: s for t, s in targets.items() if s not in (m.from_square, victim)}
            if board.piece_type_at(m.from_square) == chess.PAWN and abs(m.to_square - m.from_square) == 16:
                new_targets[(m.from_square + m.to_square) // 2] = m.to_square
            if en_passant:
                board.ep_square = m.to_square
            board.push(m)
            board.turn = mover
            walk(pool.replace(letter, "", 1), [*line, m.uci()], new_targets)
            board.pop()

    walk(dice, [], initial)
    most = max(n for _, n, _ in paths)
    best = [(line, final) for line, n, final in paths if n == most]
    return {line for line, _ in best}, {final for _, final in best}


def _ep_field(fen: str) -> int:
    field = fen.split()[3]
    bb = 0
    for i in range(0, len(field) if field != "-" else 0, 2):
        bb |= 1 << chess.parse_square(field[i : i + 2])
    return bb


CASES = [
    (START, "PPP"),
    (START, "PNB"),
    (START, "NNQ"),
    (START, "BBQ"),
    (KIWIPETE, "PNB"),
    (KIWIPETE, "PPQ"),
    (KIWIPETE, "BRQ"),
    ("4k3/8/8/3p4/4P3/8/8/4K3 w - d6 0 2", "PPN"),
    ("7k/8/8/pPpPp3/8/8/8/4K3 w - a6c6e6 0 1", "PPP"),
    ("4k3/p1p5/8/1P6/8/8/8/4K3 b - - 0 1", "PPP"),
]


@pytest.mark.parametrize(("fen", "dice"), CASES)
def test_turn_sequences_equal_brute_force(fen: str, dice: str) -> None:
    expected_lines, expected_finals = brute_force(fen, dice)
    pos = Position.from_dfen(f"{fen} {dice}", lenient=True)
    lines = {tuple(uci(m) for m in seq) for seq in iter_turns(pos)}
    assert lines == expected_lines
    sequences, distinct = count_turns(pos)
    assert (sequences, distinct) == (len(expected_lines), len(expected_finals))
    outcomes = turn_outcomes(pos)
    assert len(outcomes) == distinct
    assert sum(len(o.sequences) for o in outcomes) == sequences
    assert len({o.dfen for o in outcomes}) == distinct
    assert all(Position.from_dfen(o.dfen).dfen() == o.dfen for o in outcomes)
    assert pos.dfen() == Position.from_dfen(f"{fen} {dice}", lenient=True).dfen()


def test_start_position_counts() -> None:
    # Fixed by the brute force above; kept as plain numbers for readers and the README.
    assert count_turns(Position.from_dfen(START + " PPP")) == (3376, 688)
    assert count_turns(Position.from_dfen(START + " PNB")) == (340, 232)
    assert count_turns(Position.from_dfen(KIWIPETE + " PNB")) == (6282, 3060)


def test_full_turn_perft_depth_one_is_the_sum_over_all_rolls() -> None:
    pos = Position.from_dfen(START)
    total = 0
    for outcome in ROLL_OUTCOMES:
        lines, _ = brute_force(START, outcome.letters)
        total += len(lines)
    assert perft_turns(pos, 1) == total == 11245
    assert sum(n for _, n in divide_turns(pos, 1)) == total
    assert len(divide_turns(pos, 1)) == 56


def test_full_turn_perft_from_a_pool_and_divide() -> None:
    pos = Position.from_dfen(START + " PNB")
    assert perft_turns(pos, 1) == 340
    split = divide_turns(pos, 1)
    assert {move for move, _ in split} == {uci(m) for m in pos.legal_moves()}
    assert sum(n for _, n in split) == 340


def test_pass_is_one_sequence_and_king_capture_ends_the_turn() -> None:
    pos = Position.from_dfen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 RRB")
    assert [list(s) for s in iter_turns(pos)] == [[]]
    (outcome,) = turn_outcomes(pos)
    assert outcome.dfen == "4k3/8/8/8/8/8/8/4K3 b - - 0 1 -"
    pos = Position.from_dfen("4k3/8/8/8/8/8/4r3/4K3 b - - 0 1 rrb")
    captured = [o for o in turn_outcomes(pos) if o.king_captured]
    assert {o.dfen: set(o.sequences) for o in captured} == {
        "4k3/8/8/8/8/8/8/4r3 b - - 0 1 br": {("e2e1",)},
        "4k3/8/8/8/8/8/8/4r3 b - - 0 1 b": {
            ("e2e3", "e3e1"),
            ("e2e4", "e4e1"),
            ("e2e5", "e5e1"),
            ("e2e6", "e6e1"),
            ("e2e7", "e7e1"),
        },
    }
