"""Rating ladder: a seeded round robin of named players, Elo with error bars, SPRT, an SVG plot.

Players are named by specs (``player_from_spec``):

* ``random``, ``greedy`` - the two baselines of ``players``;
* ``engine:T`` - the engine at ``T`` seconds per turn (``engine:dN``: fixed depth ``N``, 1 or 2; a suffix
  ``wK``, as in ``engine:d2w3``, searches only the ``K`` best root choices deeper than depth 1: a
  fixed effort that, unlike a time limit, does not depend on the machine's load);
* ``py:MODULE:FACTORY[:OPTION]`` - a player of your own (``engine.plugin``): ``FACTORY(OPTION, seed)``
  from a ``.py`` file or an importable module, its turns checked as it plays;
* any of these with the suffix ``@pure``, as in ``engine:1@pure``: the player thinks in a child
  process of its own on the pure-Python build (``engine.child``), so that with the compiled build
  (``ntk dice compile``) the compiled engine meets the pure-Python one.

The reference player of the strength table in ``docs/engine.md``, the engine as first released, is
``py:benchmarks/baseline_engine.py:player:T`` (a file of the repository, not of the package).

Every pair of players plays ``games`` games (an even number): game ``2k`` and ``2k + 1`` use the same
dice seed (``seed + k``) with colours swapped, so luck of the dice cancels within each pair of games.
Each game builds fresh players seeded from the game, so any game can be replayed alone, and games run
in parallel processes (``jobs``) with identical results.

Ratings, error bars and the head-to-head SPRT come from ``notation_toolkit.core.stats`` (shared
with ``ntk variant match``): the maximum-likelihood Bradley-Terry (Elo) fit of all games (draws
count half), with one virtual draw per pair of players as a prior so that a 100% score stays
finite, the first player the anchor at 0, 95% error bars from the inverse Fisher information.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Final

from notation_toolkit.core.dask import dask_client
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.stats import PairResult, Rating, SprtResult, elo_ratings, sprt
from notation_toolkit.dicechess.engine import plugin
from notation_toolkit.dicechess.engine.child import SUFFIX_PURE, ChildPlayer
from notation_toolkit.dicechess.engine.match import play_game
from notation_toolkit.dicechess.engine.players import (
    EnginePlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    fixed_depth,
)
from notation_toolkit.dicechess.errors import PlayerSpecError


class LadderError(PlayerSpecError):
    """A bad player spec or ladder setting (reported to the user as a usage error)."""


def _engine_options(spec: str, option: str) -> tuple[float | None, int | None, int | None]:
    """``(seconds, depth, width)`` of ``T``, ``dN``, ``TwK`` or ``dNwK``."""
    width: int | None = None
    head, sep, tail = option.partition("w")
    if sep:
        if not (tail.isascii() and tail.isdigit()) or int(tail) < 1:
            raise LadderError(f"{spec!r}: the width after 'w' must be a whole number >= 1 (e.g. engine:d2w3)")
        width = int(tail)
        option = head
    if option.startswith("d"):
        try:
            return None, fixed_depth(spec, option), width
        except ValueError as exc:
            raise LadderError(str(exc)) from None
    try:
        seconds = float(option) if option else 1.0
    except ValueError:
        raise LadderError(
            f"{spec!r}: the time per turn must be a number of seconds (e.g. engine:0.5)"
        ) from None
    if not (0 < seconds <= 600):
        raise LadderError(f"{spec!r}: the time per turn must be between 0 and 600 seconds")
    return seconds, None, width


def player_from_spec(spec: str, seed: int) -> Player:
    """Build a player from its spec (see the module docstring); its name is the spec."""
    base, at, suffix = spec.partition("@")
    if at:
        if "@" + suffix != SUFFIX_PURE:
            raise LadderError(f"{spec!r}: unknown suffix '@{suffix}' (the one suffix is {SUFFIX_PURE})")
        player_from_spec(base, seed)  # validates the spec before any process is started
        return ChildPlayer(base, seed)
    if spec.startswith(plugin.PREFIX):
        try:
            return plugin.load_player(spec, seed)
        except plugin.PluginSpecError as exc:
            raise LadderError(str(exc)) from None
    name, _, option = spec.partition(":")
    player: Player
    if name == "random" and not option:
        player = RandomPlayer(seed)
    elif name == "greedy" and not option:
        player = GreedyPlayer(seed)
    elif name == "engine":
        seconds, depth, width = _engine_options(spec, option)
        player = EnginePlayer(time_limit=seconds, depth=depth, width=width)
    else:
        raise LadderError(
            f"unknown player {spec!r}: use random, greedy, engine:SECONDS, engine:dN or py:MODULE:FACTORY"
        )
    player.name = spec
    return player


def check_specs(specs: Sequence[str]) -> list[str]:
    """Validate the player specs (distinct, at least two, each buildable); returns them as a list."""
    out = [s.strip() for s in specs if s.strip()]
    if len(out) < 2:
        raise LadderError("a ladder needs at least two players")
    if len(set(out)) != len(out):
        raise LadderError("each player may appear only once")
    for spec in out:
        player_from_spec(spec, 0)
    return out


@dataclass(frozen=True, slots=True)
class LadderGame:
    """One game of the ladder: the pair (indices into the player list), who had White, the result."""

    first: int
    second: int
    index: int  # game number within the pair
    seed: int
    first_white: bool
    result: str  # 1-0, 0-1, 1/2-1/2
    turns: int
    seconds: float  # time spent by engine players on their turns

    @property
    def first_score(self) -> float:
        """Points of the pair's first player (1, 0.5 or 0)."""
        if self.result == "1/2-1/2":
            return 0.5
        return 1.0 if (self.result == "1-0") == self.first_white else 0.0


def _play(task: tuple[list[str], int, int, int, int]) -> LadderGame:
    specs, i, j, k, seed = task
    pair_seed = seed + k // 2
    first = player_from_spec(specs[i], pair_seed * 7919 + i)
    second = player_from_spec(specs[j], pair_seed * 7919 + j)
    first_white = k % 2 == 0
    white, black = (first, second) if first_white else (second, first)
    try:
        record = play_game(white, black, seed=pair_seed)
    finally:
        for player in (first, second):
            close = getattr(player, "close", None)
            if close is not None:
                close()
    spent = sum(getattr(p, "seconds", 0.0) for p in (first, second))
    return LadderGame(i, j, k, pair_seed, first_white, record.result, record.turns, spent)


def schedule(players: int, games: int, seed: int) -> list[tuple[int, int, int, int]]:
    """Every game of the round robin as ``(first, second, game number, seed)``, pairs interleaved so
    that a partial run covers every pair evenly.
    """
    pairs = [(i, j) for i in range(players) for j in range(i + 1, players)]
    return [(i, j, k, seed) for k in range(games) for i, j in pairs]


LOCAL_CLUSTER: Final = "local"
"""``run_ladder(dask=LOCAL_CLUSTER)``: start a ``LocalCluster`` for the run."""


class LadderClusterError(NotationError):
    """The Dask cluster cannot be used: the extra is missing (NTK007) or the scheduler cannot be
    reached (NTK008)."""


def _dask_games(
    tasks: list[tuple[list[str], int, int, int, int]], address: str, workers: int | None
) -> Iterator[LadderGame]:
    """Play ``tasks`` on a Dask cluster; games come back in task order.

    Each game is one Dask task running the same ``_play`` as a local run (fresh players seeded from
    the game), so the games are identical to ``jobs=1``. ``address``: a scheduler
    (``tcp://host:8786``), or ``LOCAL_CLUSTER`` for a ``LocalCluster`` of ``workers`` processes with
    one thread each (the engine is pure Python: threads would share one interpreter lock).
    """
    with ExitStack() as stack:
        client = dask_client(
            stack,
            None if address == LOCAL_CLUSTER else address,
            workers=workers,
            feature="ntk dice ladder --dask",
            error=LadderClusterError,
        )
        # pure=False: two games with equal arguments cannot exist, but a rerun must not be served
        # from the cluster's memory of an earlier run
        futures = client.map(_play, tasks, pure=False)
        for future in futures:
            yield future.result()
            future.release()


def run_ladder(
    specs: Sequence[str],
    *,
    games: int,
    seed: int = 1,
    jobs: int = 1,
    on_game: Callable[[LadderGame], None] | None = None,
    dask: str | None = None,
) -> list[LadderGame]:
    """Play the round robin (see the module docstring) on ``jobs`` processes, or on a Dask cluster
    (``dask``: a scheduler address, or ``LOCAL_CLUSTER`` for a local cluster of ``jobs`` workers,
    every core when ``jobs`` is 1); games come back in schedule order whatever runs them.
    """
    names = check_specs(specs)
    if games < 2 or games % 2:
        raise LadderError("games per pair must be an even number >= 2 (colours are swapped in pairs)")
    tasks = [(names, i, j, k, s) for i, j, k, s in schedule(len(names), games, seed)]
    out: list[LadderGame] = []
    if dask is not None:
        for game in _dask_games(tasks, dask, jobs if jobs > 1 else None):
            out.append(game)
            if on_game is not None:
                on_game(game)
        return out
    if jobs <= 1:
        for task in tasks:
            game = _play(task)
            out.append(game)
            if on_game is not None:
                on_game(game)
        return out
    with ProcessPoolExecutor(max_workers=min(jobs, os.cpu_count() or 1, len(tasks))) as pool:
        for game in pool.map(_play, tasks):
            out.append(game)
            if on_game is not None:
                on_game(game)
    return out


# ---------------------------------------------------------------------------------------- statistics


@dataclass(slots=True)
class LadderReport:
    """Everything ``ntk dice ladder`` prints."""

    players: list[str]
    games: list[LadderGame]
    pairs: list[PairResult] = field(default_factory=list)
    ratings: list[Rating] = field(default_factory=list)
    sprt: SprtResult | None = None


def pair_results(players: Sequence[str], games: Sequence[LadderGame]) -> list[PairResult]:
    """W/D/L of every pair that played."""
    totals: dict[tuple[int, int], list[int]] = {}
    for g in games:
        t = totals.setdefault((g.first, g.second), [0, 0, 0])
        s = g.first_score
        t[0 if s == 1.0 else 1 if s == 0.5 else 2] += 1
    return [PairResult(players[i], players[j], *t) for (i, j), t in sorted(totals.items())]


def report(
    players: Sequence[str],
    games: Sequence[LadderGame],
    sprt_pair: tuple[str, str] | None = None,
    *,
    elo1: float = 50.0,
) -> LadderReport:
    """Pair tables, ratings and (for ``sprt_pair``) the SPRT of a finished ladder."""
    rep = LadderReport(list(players), list(games))
    rep.pairs = pair_results(players, games)
    rep.ratings = elo_ratings(players, games)
    if sprt_pair is not None:
        rep.sprt = sprt(players, games, *sprt_pair, elo1=elo1)
    return rep


def report_data(rep: LadderReport) -> dict[str, object]:
    """The report as plain JSON-ready data: ratings, pair tables, the SPRT, and every game
    (``game_records``: the pair, game number, dice seed, who had White, result, turns and the
    engines' thinking time), from which a later ``report`` over several runs can be rebuilt."""
    return {
        "players": rep.players,
        "games": len(rep.games),
        "ratings": [
            {
                "player": r.name,
                "elo": round(r.elo, 1),
                "error95": round(r.error, 1),
                "games": r.games,
                "score": round(r.score, 4),
            }
            for r in rep.ratings
        ],
        "pairs": [
            {
                "player": p.first,
                "opponent": p.second,
                "wins": p.wins,
                "draws": p.draws,
                "losses": p.losses,
                "score": round(p.score, 4),
            }
            for p in rep.pairs
        ],
        "sprt": None
        if rep.sprt is None
        else {
            "player": rep.sprt.first,
            "opponent": rep.sprt.second,
            "elo0": rep.sprt.elo0,
            "elo1": rep.sprt.elo1,
            "llr": round(rep.sprt.llr, 3),
            "bounds": [round(rep.sprt.lower, 3), round(rep.sprt.upper, 3)],
            "games": rep.sprt.games,
            "verdict": rep.sprt.verdict,
        },
        "game_records": [
            {
                "player": rep.players[g.first],
                "opponent": rep.players[g.second],
                "index": g.index,
                "seed": g.seed,
                "white": rep.players[g.first if g.first_white else g.second],
                "result": g.result,
                "turns": g.turns,
                "seconds": round(g.seconds, 3),
            }
            for g in rep.games
        ],
    }


def games_from_records(
    records: Sequence[Mapping[str, object]], players: Sequence[str] | None = None
) -> tuple[list[str], list[LadderGame]]:
    """Players and games back from the ``game_records`` of one or more ``report_data`` outputs, so
    that several runs (other seeds, other pairs) can be rated together with ``report``.

    ``players`` fixes the order (the first is the Elo anchor); by default it is the order in which
    the names first appear. A record naming a player outside ``players`` is a ``LadderError``.
    """
    names: list[str] = list(players) if players is not None else []
    games: list[LadderGame] = []
    for n, rec in enumerate(records):
        try:
            first, second = str(rec["player"]), str(rec["opponent"])
            white, result = str(rec["white"]), str(rec["result"])
            index, seed, turns = int(str(rec["index"])), int(str(rec["seed"])), int(str(rec["turns"]))
            seconds = float(str(rec.get("seconds", 0.0)))
        except (KeyError, TypeError, ValueError) as exc:
            raise LadderError(f"game record {n + 1}: missing or malformed field ({exc})") from None
        if result not in ("1-0", "0-1", "1/2-1/2") or white not in (first, second) or first == second:
            raise LadderError(
                f"game record {n + 1}: result must be 1-0, 0-1 or 1/2-1/2, white one of the pair,"
                " the pair two different players"
            )
        for name in (first, second):
            if name not in names:
                if players is not None:
                    raise LadderError(f"game record {n + 1}: player {name!r} is not in {list(players)}")
                names.append(name)
        games.append(
            LadderGame(
                names.index(first), names.index(second), index, seed, white == first, result, turns, seconds
            )
        )
    return names, games


def ladder_svg(ratings: Sequence[Rating], *, title: str = "Dice Chess rating ladder") -> str:
    """A hand-written SVG plot: one row per player, Elo as a dot with its 95% error bar."""
    rows = sorted(ratings, key=lambda r: r.elo)
    lo = min(r.elo - r.error for r in rows)
    hi = max(r.elo + r.error for r in rows)
    span = max(hi - lo, 1.0)
    lo -= 0.05 * span
    hi += 0.05 * span
    width, left, right, top, row_h = 720, 170, 30, 50, 34
    height = top + row_h * len(rows) + 50
    plot_w = width - left - right

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * plot_w

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="16">{_esc(title)}</text>',
    ]
    # grid lines every round step
    step = 10 ** math.floor(math.log10(span)) if span > 0 else 100
    if span / step < 4:
        step /= 2
    tick = math.ceil(lo / step) * step
    bottom = top + row_h * len(rows)
    while tick <= hi:
        parts.append(
            f'<line x1="{x(tick):.1f}" y1="{top - 8}" x2="{x(tick):.1f}" y2="{bottom}" stroke="#ddd"/>'
            f'<text x="{x(tick):.1f}" y="{bottom + 18}" text-anchor="middle" fill="#555">{tick:g}</text>'
        )
        tick += step
    parts.append(
        f'<text x="{left + plot_w / 2}" y="{bottom + 40}" text-anchor="middle" fill="#333">'
        f"Elo (anchor {_esc(ratings[0].name)} = 0), 95% intervals</text>"
    )
    for n, r in enumerate(rows):
        y = top + row_h * n + row_h / 2
        parts.append(f'<text x="{left - 10}" y="{y + 4:.1f}" text-anchor="end">{_esc(r.name)}</text>')
        if r.error > 0:
            x1, x2 = x(r.elo - r.error), x(r.elo + r.error)
            parts.append(
                f'<line x1="{x1:.1f}" y1="{y:.1f}" x2="{x2:.1f}" y2="{y:.1f}" '
                'stroke="#1f77b4" stroke-width="2"/>'
            )
        parts.append(f'<circle cx="{x(r.elo):.1f}" cy="{y:.1f}" r="5" fill="#1f77b4"/>')
        parts.append(
            f'<text x="{x(r.elo):.1f}" y="{y - 9:.1f}" text-anchor="middle" font-size="11" fill="#333">'
            f"{r.elo:+.0f}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = [
    "LOCAL_CLUSTER",
    "LadderClusterError",
    "LadderError",
    "LadderGame",
    "LadderReport",
    "PairResult",
    "Rating",
    "SprtResult",
    "check_specs",
    "elo_ratings",
    "games_from_records",
    "ladder_svg",
    "pair_results",
    "player_from_spec",
    "report",
    "report_data",
    "run_ladder",
    "schedule",
    "sprt",
]
