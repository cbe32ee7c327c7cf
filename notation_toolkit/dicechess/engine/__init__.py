"""Dice Chess engine: expectimax over whole turns, baselines, matches and the terminal game.

* ``Engine`` - ``best_turn`` (a rolled position, time/depth limit) and ``analyse`` (before the roll).
* ``capture_probability`` - exact probability that the side to move captures the king this turn.
* ``EnginePlayer``, ``GreedyPlayer``, ``RandomPlayer`` and ``play_game`` / ``run_match``.
"""

from __future__ import annotations

from notation_toolkit.core.stats import wilson_interval
from notation_toolkit.dicechess.engine.evaluate import WIN, leaf_value
from notation_toolkit.dicechess.engine.exposure import capture_mask, capture_probability
from notation_toolkit.dicechess.engine.match import (
    GameRecord,
    MatchSummary,
    play_game,
    run_match,
)
from notation_toolkit.dicechess.engine.players import (
    EnginePlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from notation_toolkit.dicechess.engine.search import Analysis, Engine, LineStep, OutcomeAnalysis, SearchResult

__all__ = [
    "WIN",
    "Analysis",
    "Engine",
    "EnginePlayer",
    "GameRecord",
    "GreedyPlayer",
    "LineStep",
    "MatchSummary",
    "OutcomeAnalysis",
    "Player",
    "RandomPlayer",
    "SearchResult",
    "capture_mask",
    "capture_probability",
    "leaf_value",
    "make_player",
    "play_game",
    "run_match",
    "wilson_interval",
]
