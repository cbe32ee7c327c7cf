"""Seeded games between players, and match statistics (win rate with a Wilson score interval)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from notation_toolkit.core.stats import wilson_interval
from notation_toolkit.dicechess.game import Game
from notation_toolkit.dicechess.position import Position

from .players import Player

MAX_TURNS = 2000  # R16 ends every game long before this; a guard against a broken player only


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game: result (``1-0``, ``0-1``, ``1/2-1/2``), number of turns, final DFEN."""

    seed: int
    white: str
    black: str
    result: str
    turns: int
    final_dfen: str


def play_game(white: Player, black: Player, *, seed: int, start: str | None = None) -> GameRecord:
    """Play one game with dice from ``seed``; every micro-move goes through ``Game`` (so R8 is enforced)."""
    game = Game(start, seed=seed)
    turns = 0
    while not game.is_over and turns < MAX_TURNS:
        game.roll()
        if game.is_over or game.awaiting_roll:  # a pass ended the turn at once (R10) or a draw
            turns += 1
            continue
        player = white if game.turn == "w" else black
        moves = player.choose(game.position.copy())
        for move in moves:
            game.play(move)
        if not game.is_over and not game.awaiting_roll:
            game.end_turn()
        turns += 1
    result = game.result or "1/2-1/2"
    return GameRecord(seed, white.name, black.name, result, turns, game.dfen())


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """Totals of a match from the first player's point of view."""

    player: str
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int

    @property
    def score(self) -> float:
        """Win rate with draws as half a point."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the score."""
        return wilson_interval(self.wins + 0.5 * self.draws, self.games)


def run_match(
    make_first: Callable[[int], Player],
    make_second: Callable[[int], Player],
    *,
    games: int,
    seed: int = 0,
    on_game: Callable[[int, GameRecord], None] | None = None,
    first_game: int = 0,
    stride: int = 1,
) -> tuple[MatchSummary, list[GameRecord]]:
    """Play ``games`` games, colours alternating (even game numbers: the first player is White).

    Game ``i`` uses dice seed ``seed + i`` and fresh players built with that seed, so any game can be
    replayed alone; ``first_game``/``stride`` select a slice of the games (for parallel processes).
    """
    records: list[GameRecord] = []
    wins = draws = losses = 0
    name = opp = ""
    for i in range(first_game, games, stride):
        a = make_first(seed + i)
        b = make_second(seed + i + 1_000_003)
        name, opp = a.name, b.name
        first_white = i % 2 == 0
        record = play_game(a if first_white else b, b if first_white else a, seed=seed + i)
        records.append(record)
        if record.result == "1/2-1/2":
            draws += 1
        elif (record.result == "1-0") == first_white:
            wins += 1
        else:
            losses += 1
        if on_game is not None:
            on_game(i, record)
    return MatchSummary(name, opp, len(records), wins, draws, losses), records


def start_position() -> Position:
    """The standard starting position (R1)."""
    return Position.start()
