"""Session 10's experiment: the engine with exact values below the root (no refinement budget).

The players of the ladder and of ``ntk dice play`` search with ``search.REFINE_BUDGET`` = 4: a
depth-1 max node below the root stops after 4 exposure refinements and takes its best exact choice,
a lower bound of its value. This player searches the same tree with ``refine_budget=0``, so every
depth-2 value is exact. Player for the ladder
(``ntk dice ladder --players py:benchmarks/exact_below_root.py:exact:OPTION,...``):

* ``exact:DxW`` - fixed depth ``D`` on the ``W`` best root choices (``exact:2x3`` is
  ``engine:d2w3`` without the budget);
* ``exact:tS`` - ``S`` seconds per turn (``exact:t1`` is ``engine:1`` without the budget).

Results are in ``docs/engine.md`` ("Session 10 experiments"). Example (about 30 minutes on 2 cores
with the compiled build):

    ntk dice ladder --players py:benchmarks/exact_below_root.py:exact:2x3,engine:d2w3 \\
        --games 200 --seed 1000 --jobs 2
"""

from __future__ import annotations

from notation_toolkit.dicechess.engine.players import EnginePlayer


def exact(option: str, seed: int) -> EnginePlayer:
    """The engine without a refinement budget: ``DxW`` (fixed effort) or ``tS`` (seconds per turn)."""
    del seed  # the engine is deterministic
    try:
        if option.startswith("t"):
            return EnginePlayer(time_limit=float(option[1:]), refine_budget=0)
        depth, _, width = option.partition("x")
        return EnginePlayer(depth=int(depth), width=int(width) if width else None, refine_budget=0)
    except ValueError:
        raise ValueError(f"exact:{option}: expected DxW (e.g. 2x3) or tS (e.g. t1)") from None
