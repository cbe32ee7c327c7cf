"""The engine's fast paths give exactly the answers of their plain versions.

* ``evaluate.features`` (one fused pass per colour) against a reference written square by square
  from the mailbox board, the raw piece-square tables and the core's attack functions;
* ``Engine._choices`` (ends visited in path order, shared pushed prefixes) against one push of
  every line from the node, including the R16 draw choices;
* and a fixed-depth search, whose move and value only depend on those.
"""

from __future__ import annotations

import random

import pytest

from notation_toolkit.dicechess import Game, Position
from notation_toolkit.dicechess.engine import evaluate
from notation_toolkit.dicechess.engine.evaluate import PIECE_VALUES, WIN, cheap_leaf, features, material_psq
from notation_toolkit.dicechess.engine.exposure import any_type_weight
from notation_toolkit.dicechess.engine.search import DRAW_CLOCK, Engine, _Choice
from notation_toolkit.dicechess.fullturn import roll_turns
from notation_toolkit.dicechess.moves import uci
from notation_toolkit.dicechess.tables import (
    BISHOP,
    KING,
    KING_ATTACKS,
    KNIGHT,
    KNIGHT_ATTACKS,
    PAWN,
    PAWN_ATTACKS,
    QUEEN,
    ROOK,
    WHITE,
    bishop_attacks,
    queen_attacks,
    rook_attacks,
)


def _positions(games: int, seed: int) -> list[Position]:
    """Chance-node positions (dice not rolled) from seeded random games, openings to endgames."""
    out: list[Position] = []
    rng = random.Random(seed)
    for g in range(games):
        game = Game(None, seed=seed + g)
        turns = 0
        while not game.is_over and turns < 120:
            game.roll()
            if game.is_over or game.awaiting_roll:
                turns += 1
                continue
            while not game.is_over and not game.awaiting_roll:
                moves = game.position.legal_moves()
                if not moves:
                    break
                game.play(uci(rng.choice(moves)))
            if not game.is_over and not game.awaiting_roll:
                game.end_turn()
            turns += 1
            if not game.is_over and turns % 3 == 0:
                pos = game.position.copy()
                if pos.pool:
                    pos.set_pool(0)
                out.append(pos)
    return out


def _reference_features(pos: Position) -> tuple[tuple[float, float, float, float, float], int]:
    """The static terms computed square by square (no per-type bitboard loops, no fused tables)."""
    us = pos.turn
    occupied = pos.occ[0] | pos.occ[1]
    att: list[list[int]] = [[0] * 7, [0] * 7]
    material = 0
    psq_white = 0
    for sq in range(64):
        code = pos.board[sq]
        t = code & 7
        if not t:
            continue
        color = code >> 3
        table = evaluate._TABLES[t]
        assert table is not None
        value = PIECE_VALUES[t] + table[sq if color == WHITE else sq ^ 56]
        psq_white += value if color == WHITE else -value
        if t != KING:
            material += PIECE_VALUES[t] if color == us else -PIECE_VALUES[t]
        if t == PAWN:
            hits = PAWN_ATTACKS[color][sq]
        elif t == KNIGHT:
            hits = KNIGHT_ATTACKS[sq]
        elif t == BISHOP:
            hits = bishop_attacks(sq, occupied)
        elif t == ROOK:
            hits = rook_attacks(sq, occupied)
        elif t == QUEEN:
            hits = queen_attacks(sq, occupied)
        else:
            hits = KING_ATTACKS[sq]
        att[color][t] |= hits
    assert psq_white == material_psq(pos)
    placement = (psq_white if us == WHITE else -psq_white) - material
    all_us = all_them = 0
    for t in range(1, 7):
        all_us |= att[us][t]
        all_them |= att[us ^ 1][t]
    kings = pos.pieces[KING]
    gain_now = evaluate._expected_gain(pos, att[us], pos.occ[us ^ 1] & ~kings, all_them)
    gain_later = evaluate._expected_gain(pos, att[us ^ 1], pos.occ[us] & ~kings, all_us)
    danger = direct = 0
    for t in range(1, 7):
        if att[us ^ 1][t] & kings & pos.occ[us]:
            danger |= 1 << t
        if att[us][t] & kings & pos.occ[us ^ 1]:
            direct |= 1 << t
    king_danger = any_type_weight(danger) / 216 if danger else 0.0
    return (float(material), float(placement), gain_now, gain_later, king_danger), any_type_weight(direct)


POSITIONS = _positions(6, 4100)


def test_the_sample_covers_captures_and_promotions() -> None:
    # a sample of only start positions would not test much
    assert len(POSITIONS) >= 60
    assert any(p.pieces[QUEEN].bit_count() > 2 or (p.occ[0] | p.occ[1]).bit_count() < 20 for p in POSITIONS)


@pytest.mark.parametrize("index", range(0, 60, 3))
def test_features_equal_the_square_by_square_reference(index: int) -> None:
    pos = POSITIONS[index]
    assert features(pos) == _reference_features(pos)
    pos.end_turn()  # the other side to move
    assert features(pos) == _reference_features(pos)
    pos.pop()


def test_features_equal_the_reference_on_every_end_of_a_turn() -> None:
    checked = 0
    for pos in POSITIONS[::10]:
        for letters in ("PNB", "RQK"):
            pos.set_pool(letters)
            turns = roll_turns(pos, (pos.pool,))[pos.pool]
            for line in list(turns.ends.values())[:40]:
                for m in line:
                    pos.push(m)
                pos.end_turn()
                assert features(pos) == _reference_features(pos)
                checked += 1
                pos.pop()
                for _ in line:
                    pos.pop()
            pos.pop()
    assert checked > 100


def _plain_choices(pos: Position) -> list[_Choice]:
    """Every end reached by one push of its line from the node (the plain version of ``_choices``)."""
    found: list[_Choice] = []
    turns = roll_turns(pos, (pos.pool,), key="exact" if pos.halfmove >= 85 else "reduced")[pos.pool]
    if turns.is_pass:  # no usable die (R10): no choice, the search plays a pass
        return found
    for line in turns.ends.values():
        for m in line:
            pos.push(m)
        pos.end_turn()
        if pos.halfmove >= DRAW_CLOCK:
            found.append(_Choice(line, 0.0, 0.0, 2, draw=True))
        else:
            cheap, static = cheap_leaf(pos)
            found.append(_Choice(line, -cheap, static))
        pos.pop()
        for _ in line:
            pos.pop()
    return found


ROLLS = ("PNB", "RRK", "NNQ", "PPP", "BQK", "PRK")


@pytest.mark.parametrize("index", range(0, 60, 6))
def test_choices_equal_one_push_per_line(index: int) -> None:
    pos = POSITIONS[index]
    engine = Engine()
    for letters in ROLLS:
        pos.set_pool(letters)
        before = pos.dfen()
        choices, win = engine._choices(pos)
        assert pos.dfen() == before
        if win is None:
            assert choices == _plain_choices(pos)
        pos.pop()


def test_choices_keep_the_draw_choices_near_the_clock_limit() -> None:
    # clock 98: every turn without a capture or pawn move reaches 100 and is a draw (R16)
    pos = Position.from_dfen("4k3/8/8/8/8/8/2N5/R3K3 w - - 98 60 NRK")
    choices, win = Engine()._choices(pos)
    assert win is None
    assert choices == _plain_choices(pos)
    assert any(c.draw for c in choices) and all(c.bound == 0.0 for c in choices if c.draw)
    assert all(abs(c.bound) < WIN for c in choices)
