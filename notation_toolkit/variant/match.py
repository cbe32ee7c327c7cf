"""Matches between two players of a variant: seeded games, colours swapped in pairs, Elo.

Game ``2k`` and game ``2k + 1`` of a match start from the same opening (``random_plies`` random
moves drawn from the pair's seed, ``seed + k``) with the colours swapped, so that neither player
gets the better openings. Each game builds fresh players seeded from the game, so any game can be
replayed alone. A game ends by the rules (``Position.outcome``) or, after ``max_plies``, as a draw
(``adjudicated``). The score comes with its 95% Wilson interval and the Elo difference with its
95% error (``notation_toolkit.core.stats``, shared with the Dice Chess ladder).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.stats import elo_ratings, wilson_interval
from notation_toolkit.variant import codes
from notation_toolkit.variant.players import Player, PlayerError, make_player
from notation_toolkit.variant.position import Move, Position
from notation_toolkit.variant.tables import VariantLike

__all__ = ["MatchGame", "MatchSummary", "play_game", "run_match", "summarize"]


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game of a match: ``index``, the pair's ``seed``, whether the first player (A) had the
    first move, the ``result`` (``1-0``, ``0-1``, ``1/2-1/2``) and its ``reason``, the moves, the
    start position (FEEN) and the players' thinking time."""

    index: int
    seed: int
    first_white: bool
    result: str
    reason: str
    moves: tuple[str, ...]
    start: str
    seconds: float
    first: int = 0
    second: int = 1

    @property
    def first_score(self) -> float:
        """Points of the first player (A): 1, 0.5 or 0."""
        if self.result == "1/2-1/2":
            return 0.5
        return 1.0 if (self.result == "1-0") == self.first_white else 0.0


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """Totals of a match from A's point of view: W/D/L, score with its 95% Wilson interval, and
    A's Elo difference over B with its 95% error half-width."""

    first: str
    second: str
    wins: int
    draws: int
    losses: int
    score: float
    interval: tuple[float, float]
    elo: float
    elo_error: float

    @property
    def games(self) -> int:
        """Number of games."""
        return self.wins + self.draws + self.losses


def _checked(player: Player, pos: Position, seconds: float | None) -> Move:
    try:
        move = player.choose(pos.copy(), seconds=seconds)
    except NotationError:
        raise
    except Exception as exc:  # a plug-in player's failure is reported, not a traceback
        raise info_of(codes.PLAYER_FAILED).error(
            PlayerError, "raised", name=player.name, feen=pos.feen(), message=f"{type(exc).__name__}: {exc}"
        ) from None
    text = getattr(move, "text", move)
    for legal in pos.legal_moves():
        if legal.text == text:
            return legal
    raise info_of(codes.PLAYER_FAILED).error(
        PlayerError, "illegal", name=player.name, move=str(text), feen=pos.feen()
    )


def play_game(
    variant: VariantLike,
    white: Player,
    black: Player,
    *,
    start: Position | None = None,
    seconds: float | None = None,
    max_plies: int = 300,
    on_move: Callable[[Position, Move], None] | None = None,
) -> tuple[str, str, list[str], float]:
    """Play one game: ``(result, reason, moves, thinking seconds)``; ``PlayerError`` VAR603 when
    a player fails or plays an illegal move."""
    pos = start.copy() if start is not None else _start(variant)
    moves: list[str] = []
    spent = 0.0
    for _ in range(max_plies):
        outcome = pos.outcome()
        if outcome is not None:
            return outcome.result(), outcome.reason, moves, spent
        player = white if pos.turn == 0 else black
        began = time.perf_counter()
        move = _checked(player, pos, seconds)
        spent += time.perf_counter() - began
        if on_move is not None:
            on_move(pos, move)
        pos.push(move)
        moves.append(move.text)
    outcome = pos.outcome()
    if outcome is not None:
        return outcome.result(), outcome.reason, moves, spent
    return "1/2-1/2", "adjudicated", moves, spent


def _start(variant: VariantLike) -> Position:
    start = getattr(variant, "start", None)
    if callable(start):
        pos = start()
        assert isinstance(pos, Position)
        return pos
    raise TypeError("a variant with a start position is needed")


def opening(variant: VariantLike, seed: int, plies: int, start: Position | None = None) -> Position:
    """The start position with ``plies`` random moves from ``seed`` (fewer if the game ends)."""
    pos = start.copy() if start is not None else _start(variant)
    rnd = random.Random(seed)
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal or pos.outcome() is not None:
            break
        pos.push(rnd.choice(legal))
        # a finished opening is useless: take the last move back and stop
        if pos.outcome() is not None:
            pos.pop()
            break
    return pos


def run_match(
    variant: VariantLike,
    first: str,
    second: str,
    *,
    games: int = 20,
    seed: int = 0,
    seconds: float | None = None,
    max_plies: int = 300,
    random_plies: int = 2,
    start: Position | None = None,
) -> Iterator[MatchGame]:
    """Play a match of ``games`` games between the player specs ``first`` (A) and ``second`` (B),
    yielding each finished game (see the module doc). ``seconds`` is the time per move of players
    that take a time; bad specs raise ``PlayerError`` before any game."""
    make_player(first, variant, seed=0).close()
    make_player(second, variant, seed=0).close()
    for index in range(games):
        pair_seed = seed + index // 2
        first_white = index % 2 == 0
        a = make_player(first, variant, seed=pair_seed * 7919 + 1, seconds=seconds)
        b = make_player(second, variant, seed=pair_seed * 7919 + 2, seconds=seconds)
        try:
            begin = opening(variant, pair_seed, random_plies, start)
            white, black = (a, b) if first_white else (b, a)
            result, reason, moves, spent = play_game(
                variant, white, black, start=begin, seconds=seconds, max_plies=max_plies
            )
        finally:
            a.close()
            b.close()
        full = _moves_of(begin) + moves
        yield MatchGame(index, pair_seed, first_white, result, reason, tuple(full), _root_feen(begin), spent)


def _moves_of(pos: Position) -> list[str]:
    other = pos.copy()
    other.stack = list(pos.stack)
    out: list[str] = []
    while other.stack:
        out.append(other.pop().text)
    out.reverse()
    return out


def _root_feen(pos: Position) -> str:
    other = pos.copy()
    other.stack = list(pos.stack)
    while other.stack:
        other.pop()
    return other.feen()


def summarize(first: str, second: str, games: list[MatchGame]) -> MatchSummary:
    """The totals of a match: W/D/L of A, score, Wilson interval, Elo difference and its error."""
    wins = sum(1 for g in games if g.first_score == 1.0)
    draws = sum(1 for g in games if g.first_score == 0.5)
    losses = len(games) - wins - draws
    points = wins + 0.5 * draws
    n = len(games)
    # the fit anchors its first player at 0: B first, so A's rating is A's difference over B
    swapped = [_Swapped(g) for g in games]
    ratings = elo_ratings([second, first], swapped) if games else []
    elo = ratings[1].elo if ratings else 0.0
    err = ratings[1].error if ratings else 0.0
    return MatchSummary(
        first, second, wins, draws, losses, points / n if n else 0.0, wilson_interval(points, n), elo, err
    )


@dataclass(frozen=True, slots=True)
class _Swapped:
    game: MatchGame

    @property
    def first(self) -> int:
        return 1

    @property
    def second(self) -> int:
        return 0

    @property
    def first_score(self) -> float:
        return self.game.first_score
