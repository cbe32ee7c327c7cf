"""``ntk dice play``, ``ntk dice selfplay`` and ``ntk dice analyse``.

These commands join the ``ntk dice`` group through the ``notation_toolkit.commands.dice``
entry-point group (``pyproject.toml``); of the group's module they use only ``load_position``, imported
when a command runs.
Commands return exit codes (``notation_toolkit.core.cli``): 0 ok, 1 invalid input (a bad DFEN is
reported by ``ntk`` itself), 2 usage.
"""

from __future__ import annotations

import copy
import math
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_IO,
    EXIT_OK,
    command,
    console,
    json_option,
    print_json,
    report_error,
    usage,
    usage_error,
)

if TYPE_CHECKING:
    from notation_toolkit.dicechess.engine.ladder import LadderGame, LadderReport

DEFAULT_TIME = 1.0
MAX_TIME = 600.0
"""The longest ``--time`` (seconds per turn, or per analysis), as ``engine:SECONDS`` of the ladder."""
MAX_DEPTH = 4
"""The deepest ``--depth`` of ``play`` and ``analyse``: one depth-3 turn takes seconds to minutes in a
middle game, depth 4 far longer (the engine under ``--time`` goes deeper where time allows)."""


class FiniteRange(click.FloatRange):
    """Click's ``FloatRange`` that also refuses ``nan`` (which no comparison puts out of range)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number, or a usage error (exit 2) for ``nan`` or a number outside the range."""
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"{value!r} is not a number", param, ctx)
        return number


# Range types: a value outside (nan, inf, 1e308, 10**30 ...) is a usage error, exit 2.
TIME = FiniteRange(0, MAX_TIME, min_open=True)
DEPTH = click.IntRange(1, MAX_DEPTH)
GAMES = click.IntRange(1, 1_000_000)
JOBS = click.IntRange(1, 1024)


# ---------------------------------------------------------------------------------------- play


@command("play", short_help="Play Dice Chess against the engine in the terminal.")
@click.option(
    "--color",
    type=click.Choice(["w", "b", "white", "black", "random"]),
    default="w",
    show_default=True,
    help="Your side.",
)
@click.option(
    "--time",
    "time_limit",
    type=TIME,
    default=None,
    metavar="S",
    help=f"Engine seconds per turn ({DEFAULT_TIME:g}; at most {MAX_TIME:g}).",
)
@click.option(
    "--depth",
    type=DEPTH,
    default=None,
    metavar="N",
    help=f"Engine depth in turns instead of time (1 to {MAX_DEPTH}).",
)
@click.option("--seed", type=int, default=None, help="Seed of the dice (and of --color random).")
@click.option("--start", metavar="DFEN", help="Start from this position instead of the initial one.")
@click.option("--glyphs", is_flag=True, help="Draw pieces as chess symbols instead of letters.")
def play(
    color: str, time_limit: float | None, depth: int | None, seed: int | None, start: str | None, glyphs: bool
) -> int:
    """Human against the engine. Each turn the dice are rolled for you (seeded with --seed), the
    legal micro-moves are listed, and you type them in UCI.

    Commands: moves, board, dfen, hint, undo, resign, quit, help. Works with piped standard input.
    """
    import random

    from notation_toolkit.core.textio import require_stdin
    from notation_toolkit.dicechess.engine.play import PlaySession, run_play
    from notation_toolkit.dicechess.position import Position

    side = color[0] if color != "random" else random.Random(seed).choice("wb")
    start_dfen = None
    if start:
        pos = Position.from_dfen(start)  # NotationError -> reported by ntk, exit 1
        if pos.is_game_over:
            return usage("--start: that position is already decided (a king is missing)")
        start_dfen = pos.dfen()
    limit = time_limit if time_limit is not None else (None if depth else DEFAULT_TIME)
    session = PlaySession(side, limit, depth, seed, start_dfen, glyphs)
    out = console()
    stdin = require_stdin()  # a closed stdin (`<&-`) is an OSError for the error boundary
    interactive = bool(getattr(stdin, "isatty", lambda: False)())
    return run_play(session, out, _terminal_reader if interactive else _piped_reader(out))


def _terminal_reader(prompt: str) -> str:
    """``input`` (with its line editing), held to the prompt's line length like piped input."""
    from notation_toolkit.core.codes import NTK001
    from notation_toolkit.core.textio import MAX_PROMPT_LINE, LineTooLongError

    line = input(prompt)
    if len(line) > MAX_PROMPT_LINE:
        raise NTK001.error(LineTooLongError, "prompt", limit=MAX_PROMPT_LINE)
    return line


def _piped_reader(out: Any) -> Any:
    """The reader for piped stdin: prompt, then echo what was read (as typed, never as markup), so
    transcripts show both sides; lines are read with the prompt's bound (``read_prompt_line``)."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.textio import read_prompt_line

    def read(prompt: str) -> str:
        out.print(prompt, end="")
        out.file.flush()
        try:
            line = read_prompt_line(sys.stdin)
        except NotationError:
            out.print()
            raise
        out.print(line.rstrip(), markup=False, highlight=False)
        return line

    return read


# ---------------------------------------------------------------------------------------- selfplay


def _ignore_sigint() -> None:
    """In a selfplay worker: Ctrl-C is the parent's to handle (it stops the pool, exit 130);
    a worker interrupted too would print its own traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_one(job: tuple[int, str, str, float, int]) -> dict[str, Any]:
    """Play game ``i`` of a match in a worker; returns the record and the first player's timing."""
    from notation_toolkit.dicechess.engine.match import play_game
    from notation_toolkit.dicechess.engine.players import EnginePlayer, make_player

    i, first, second, time_limit, seed = job
    a = make_player(first, seed=seed + i, time_limit=time_limit)
    b = make_player(second, seed=seed + i + 1_000_003, time_limit=time_limit)
    first_white = i % 2 == 0
    started = time.perf_counter()
    record = play_game(a if first_white else b, b if first_white else a, seed=seed + i)
    engine_turns = a.turns if isinstance(a, EnginePlayer) else 0
    engine_seconds = a.seconds if isinstance(a, EnginePlayer) else 0.0
    won = record.result != "1/2-1/2" and (record.result == "1-0") == first_white
    return {
        "game": i,
        "seed": seed + i,
        "white": record.white,
        "black": record.black,
        "result": record.result,
        "score": 0.5 if record.result == "1/2-1/2" else float(won),
        "turns": record.turns,
        "final_dfen": record.final_dfen,
        "seconds": time.perf_counter() - started,
        "player_turns": engine_turns,
        "player_seconds": engine_seconds,
        "player_depths": a.depths if isinstance(a, EnginePlayer) else {},
    }


@command(
    "selfplay",
    short_help="Engine against a baseline (or itself): seeded games, win rate with a confidence interval.",
)
@click.option("--games", type=GAMES, required=True, metavar="N", help="Number of games.")
@click.option("--player", default="engine", show_default=True, help="First player.")
@click.option("--opponent", default="greedy", show_default=True, help="Second player.")
@click.option(
    "--time",
    "time_limit",
    type=TIME,
    default=0.5,
    show_default=True,
    metavar="S",
    help=f"Engine seconds per turn (at most {MAX_TIME:g}).",
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="First game's seed (game i uses seed+i)."
)
@click.option("--jobs", type=JOBS, default=1, show_default=True, metavar="J", help="Parallel processes.")
@json_option
def selfplay(
    games: int, player: str, opponent: str, time_limit: float, seed: int, jobs: int, as_json: bool
) -> int:
    """Play N seeded games, colours alternating, and report wins, draws, losses, the score and its
    95% Wilson interval.

    Players: engine (time limit --time), engine:d1 or engine:d2 (fixed depth), random, greedy.
    --json prints every game and no progress bar.
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from notation_toolkit.core.stats import wilson_interval
    from notation_toolkit.dicechess.engine.players import make_player

    try:
        first_name = make_player(player, time_limit=time_limit).name
        second_name = make_player(opponent, time_limit=time_limit).name
    except ValueError as exc:
        return usage(str(exc))
    work = [(i, player, opponent, time_limit, seed) for i in range(games)]
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    out = console()

    def run(update: Any) -> None:
        if jobs == 1:
            for job in work:
                results.append(_play_one(job))
                update()
        else:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_sigint) as pool:
                for row in pool.imap_unordered(_play_one, work):
                    results.append(row)
                    update()

    if as_json:
        run(lambda: None)
    else:
        with Progress(
            TextColumn(f"{first_name} vs {second_name}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("score {task.fields[score]}"),
            TimeElapsedColumn(),
            console=out,
        ) as progress:
            task = progress.add_task("games", total=games, score="-")

            def update() -> None:
                score = sum(r["score"] for r in results) / len(results)
                progress.update(task, advance=1, score=f"{score:.1%}")

            run(update)
    results.sort(key=lambda r: r["game"])
    wins = sum(1 for r in results if r["score"] == 1.0)
    draws = sum(1 for r in results if r["score"] == 0.5)
    losses = len(results) - wins - draws
    points = wins + 0.5 * draws
    low, high = wilson_interval(points, len(results))
    turns = sum(r["player_turns"] for r in results)
    seconds = sum(r["player_seconds"] for r in results)
    depths: dict[str, int] = {}
    for r in results:
        for d, n in r["player_depths"].items():
            depths[str(d)] = depths.get(str(d), 0) + n
    summary = {
        "player": first_name,
        "opponent": second_name,
        "games": len(results),
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": points / len(results),
        "wilson95": [low, high],
        "seed": seed,
        "time_per_turn": time_limit,
        "player_turns": turns,
        "player_seconds_per_turn": seconds / turns if turns else None,
        "player_depths": depths,
        "avg_turns_per_game": sum(r["turns"] for r in results) / len(results),
        "wall_seconds": time.perf_counter() - started,
    }
    if as_json:
        print_json({"summary": summary, "games": results})
        return EXIT_OK
    table = Table(title=f"{first_name} vs {second_name}: {len(results)} games (seeds {seed}..)")
    for col in ("games", "wins", "draws", "losses", "score", "95% Wilson", "turns/game", "s/turn"):
        table.add_column(col, justify="right")
    table.add_row(
        str(len(results)),
        str(wins),
        str(draws),
        str(losses),
        f"{points / len(results):.1%}",
        f"{low:.1%} - {high:.1%}",
        f"{summary['avg_turns_per_game']:.1f}",
        f"{seconds / turns:.3f}" if turns else "-",
    )
    out.print(table)
    if depths:
        shown = ", ".join(f"depth {d}: {n}" for d, n in sorted(depths.items()))
        out.print(f"{first_name} turns by completed depth: {shown}")
    return EXIT_OK


# ---------------------------------------------------------------------------------------- analyse


@command(
    "analyse",
    short_help="Engine analysis of a DFEN: best turn for its dice, or the value of each of the 56 rolls.",
)
@click.argument("dfen", nargs=-1, required=True, metavar="DFEN...")
@click.option(
    "--dice", "dice_letters", metavar="LETTERS", help="Analyse this roll (e.g. PNB) instead of field 7."
)
@click.option(
    "--time",
    "time_limit",
    type=TIME,
    default=None,
    metavar="S",
    help=f"Seconds (per roll: total / 56; at most {MAX_TIME:g}).",
)
@click.option(
    "--depth", type=DEPTH, default=None, metavar="N", help=f"Depth in turns (default 1; 1 to {MAX_DEPTH})."
)
@click.option("--lenient", is_flag=True, help="Accept non-canonical DFEN (F3).")
@json_option
def analyse(
    dfen: tuple[str, ...],
    dice_letters: str | None,
    time_limit: float | None,
    depth: int | None,
    lenient: bool,
    as_json: bool,
) -> int:
    """With dice in the DFEN (field 7) or --dice: the best turn, its value and the principal line.

    Without dice: the position before the roll, each of the 56 outcomes with its best turn and
    value, the expectation, and the exact king-capture probability of the side to move.
    """
    from rich.table import Table

    from notation_toolkit.dicechess.cli import load_position
    from notation_toolkit.dicechess.engine.play import format_value
    from notation_toolkit.dicechess.engine.search import Engine

    pos = load_position(dfen, lenient=lenient, dice_letters=dice_letters)
    out = console()
    if pos.is_game_over:
        message = "the game is over: a king has been captured (R17)"
        if as_json:
            print_json({"dfen": pos.dfen(), "error": message})
        else:
            out.print(f"[bold red]error:[/] {message}")
        return EXIT_INVALID
    engine = Engine()
    if pos.pool:
        result = engine.best_turn(pos, time_limit=time_limit, depth=depth)
        data = {
            "dfen": pos.dfen(),
            "moves": list(result.moves),
            "value": result.value,
            "king_capture": result.king_capture,
            "depth": result.depth,
            "nodes": result.nodes,
            "seconds": result.seconds,
            "choices": result.choices,
            "line": [{"side": s.side, "roll": s.roll, "moves": list(s.moves)} for s in result.line],
        }
        if as_json:
            print_json(data)
            return EXIT_OK
        out.print(f"[bold]{pos.dfen()}[/]")
        out.print(
            f"best turn: [bold cyan]{' '.join(result.moves) or '(pass)'}[/]"
            f"  value {format_value(result.value)}"
            f"  ({result.choices} distinct turns, depth {result.depth}, {result.nodes} nodes, "
            f"{result.seconds:.2f} s)"
        )
        for step in result.line:
            side = "White" if step.side == "w" else "Black"
            out.print(f"  {side} {step.roll}: {' '.join(step.moves) or '(pass)'}")
        return EXIT_OK
    analysis = engine.analyse(pos, time_limit=time_limit, depth=depth or 1)
    data = {
        "dfen": pos.dfen(),
        "value": analysis.value,
        "king_capture_probability": analysis.king_capture_probability,
        "nodes": analysis.nodes,
        "seconds": analysis.seconds,
        "outcomes": [
            {"roll": o.roll, "weight": o.weight, "value": o.value, "moves": list(o.moves), "depth": o.depth}
            for o in analysis.outcomes
        ],
    }
    if as_json:
        print_json(data)
        return EXIT_OK
    table = Table(title=f"{pos.dfen()}: the 56 roll outcomes")
    table.add_column("roll")
    table.add_column("p", justify="right")
    table.add_column("value", justify="right")
    table.add_column("best turn")
    for o in sorted(analysis.outcomes, key=lambda o: -o.value):
        table.add_row(o.roll, f"{o.weight}/216", format_value(o.value), " ".join(o.moves) or "(pass)")
    out.print(table)
    side = "White" if pos.turn == 0 else "Black"
    out.print(
        f"expected value for {side} (to roll): [bold]{format_value(analysis.value)}[/]; "
        f"{side} captures the king with probability {analysis.king_capture_probability:.4f}; "
        f"{analysis.nodes} nodes in {analysis.seconds:.2f} s"
    )
    return EXIT_OK


# The American spelling, as a hidden alias (its own entry point) so help lists the command once.
analyze = copy.copy(analyse)
analyze.name = "analyze"
analyze.hidden = True


# ---------------------------------------------------------------------------------------------
# ladder

DEFAULT_PLAYERS = "random,greedy,engine:0.5,engine:1"


@click.command("ladder")
@click.option(
    "--players",
    default=DEFAULT_PLAYERS,
    show_default=True,
    help="Comma-separated players: random, greedy, engine:SECONDS, engine:dN (N = 1 or 2). "
    "A suffix wK (engine:d2w3) searches only the K best root choices deeper than depth 1; a suffix "
    "@pure (engine:1@pure) runs the player in a child process on the pure-Python build, against a "
    "compiled one. "
    "py:FILE.py:FACTORY[:OPTION] is a player of your own: FACTORY(OPTION, seed) returns an object "
    "with choose(position). The first one is the Elo anchor (0).",
)
@click.option(
    "--games",
    default=400,
    show_default=True,
    type=GAMES,
    help="Games per pair (even: colours swap in pairs).",
)
@click.option("--seed", default=1, show_default=True, type=int, help="Dice seed of the first pair of games.")
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=JOBS,
    help="Processes to play games in parallel (with --dask and no ADDRESS: the local cluster's workers).",
)
@click.option(
    "--dask",
    "dask",
    metavar="[ADDRESS]",
    is_flag=False,
    flag_value="local",
    default=None,
    help="Play the games on a Dask cluster: the scheduler's ADDRESS (tcp://host:8786), or a local "
    'cluster when none is given (needs pip install "notation-toolkit[dask]"). Same games as --jobs.',
)
@click.option(
    "--sprt",
    "sprt_pair",
    default=None,
    help="Pair for the SPRT, NEW,BASE (default: the first engine:... and py:... players).",
)
@click.option(
    "--elo1",
    default=50.0,
    show_default=True,
    type=FiniteRange(0, 1000, min_open=True),
    help="SPRT alternative: NEW stronger by this (Elo, up to 1000).",
)
@click.option(
    "--svg", "svg_path", default=None, type=click.Path(dir_okay=False), help="Write the ladder plot here."
)
@click.option("--quiet", is_flag=True, help="Do not print each game as it finishes.")
@click.option(
    "--merge",
    "merge_files",
    multiple=True,
    type=click.Path(dir_okay=False),
    help="Rate the games of earlier --json outputs (repeatable) instead of playing; --players, when "
    "given, fixes the players and their order.",
)
@json_option
def ladder_command(
    players: str,
    games: int,
    seed: int,
    jobs: int,
    dask: str | None,
    sprt_pair: str | None,
    elo1: float,
    svg_path: str | None,
    quiet: bool,
    merge_files: tuple[str, ...],
    as_json: bool,
) -> None:
    """Play a seeded round robin of Dice Chess players and rate them (Elo, 95% intervals, SPRT)."""
    from notation_toolkit.dicechess.engine import ladder
    from notation_toolkit.dicechess.engine.child import ChildPlayerError
    from notation_toolkit.dicechess.engine.plugin import PluginPlayerError

    specs = [s.strip() for s in players.split(",") if s.strip()]
    if merge_files:
        ctx = click.get_current_context()

        def explicit(name: str) -> bool:
            source = ctx.get_parameter_source(name)
            return source is not None and source.name != "DEFAULT"

        playing = [f"--{n}" for n in ("games", "seed", "jobs", "dask") if explicit(n)]
        if playing:
            raise usage_error(f"--merge plays no games, so {', '.join(playing)} does not apply")
        specs, played = _merged_games(merge_files, specs if explicit("players") else None)
        if len(specs) < 2:
            raise usage_error("the merged games name fewer than two players")
        pair = _sprt_pair(specs, sprt_pair)
        _finish(ladder.report(specs, played, pair, elo1=elo1), svg_path, as_json)
        return
    try:
        specs = ladder.check_specs(specs)
    except ladder.LadderError as exc:
        raise usage_error(str(exc)) from None
    if games < 2 or games % 2:
        raise usage_error("--games must be an even number >= 2 (colours are swapped in pairs)")
    if jobs < 1:
        raise usage_error("--jobs must be at least 1")
    pair = _sprt_pair(specs, sprt_pair)
    err = console(stderr=True)

    def progress(game: ladder.LadderGame) -> None:
        if not quiet and not as_json:
            err.print(
                f"{specs[game.first]} vs {specs[game.second]} #{game.index} (seed {game.seed}, "
                f"{'first' if game.first_white else 'second'} White): {game.result} in {game.turns} turns"
            )

    try:
        played = ladder.run_ladder(specs, games=games, seed=seed, jobs=jobs, on_game=progress, dask=dask)
    except ladder.LadderError as exc:
        raise usage_error(str(exc)) from None
    except ladder.LadderClusterError as exc:
        report_error(exc, None, None, as_json, stderr=True)
        raise SystemExit(EXIT_IO) from None
    except (ChildPlayerError, PluginPlayerError) as exc:
        if as_json:
            print_json({"ok": False, "error": str(exc)})
        else:
            console(stderr=True).print(f"ntk dice ladder: error: {exc}", markup=False, highlight=False)
        raise SystemExit(EXIT_INVALID) from None
    _finish(ladder.report(specs, played, pair, elo1=elo1), svg_path, as_json)


def _sprt_pair(specs: list[str], sprt_pair: str | None) -> tuple[str, str] | None:
    """The SPRT pair: ``--sprt NEW,BASE``, else the first engine and ``py:`` players, else none."""
    if sprt_pair is not None:
        names = [s.strip() for s in sprt_pair.split(",")]
        if len(names) != 2 or any(n not in specs for n in names) or names[0] == names[1]:
            raise usage_error("--sprt takes two different players of --players, e.g. engine:1,engine:0.5")
        return names[0], names[1]
    new = next((s for s in specs if s.startswith("engine")), None)
    base = next((s for s in specs if s.startswith("py:")), None)
    return (new, base) if new and base else None


def _merged_games(files: tuple[str, ...], players: list[str] | None) -> tuple[list[str], list[LadderGame]]:
    """Players and games from the ``game_records`` of earlier ``ntk dice ladder --json`` outputs."""
    import json

    from notation_toolkit.dicechess.engine import ladder

    records: list[Any] = []  # checked field by field in games_from_records
    for name in files:
        try:
            data = json.loads(Path(name).read_text(encoding="utf-8"))
        except OSError as exc:
            console(stderr=True).print(f"cannot read {name}: {exc.strerror}")
            raise SystemExit(EXIT_IO) from None
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise usage_error(f"{name}: not JSON ({exc})") from None
        found = data.get("game_records") if isinstance(data, dict) else None
        if not isinstance(found, list):
            raise usage_error(f"{name}: no game_records (write it with ntk dice ladder --json)")
        records.extend(found)
    try:
        specs, games = ladder.games_from_records(records, players)
    except ladder.LadderError as exc:
        raise usage_error(str(exc)) from None
    return specs, games


def _finish(rep: LadderReport, svg_path: str | None, as_json: bool) -> None:
    """Write the SVG if asked, then print the report (tables, or JSON with every game)."""
    from notation_toolkit.dicechess.engine import ladder

    if svg_path is not None:
        try:
            Path(svg_path).write_text(ladder.ladder_svg(rep.ratings), encoding="utf-8")
        except OSError as exc:
            console(stderr=True).print(f"cannot write {svg_path}: {exc.strerror}")
            raise SystemExit(EXIT_IO) from None
    if as_json:
        print_json(ladder.report_data(rep))
        raise SystemExit(EXIT_OK)
    _print_tables(console(), rep)


def _print_tables(out: object, rep: LadderReport) -> None:
    from rich.console import Console
    from rich.table import Table

    assert isinstance(out, Console)
    table = Table(title=f"Ladder ({len(rep.games)} games)")
    for col in ("player", "Elo", "95%", "games", "score"):
        table.add_column(col, justify="left" if col == "player" else "right")
    for r in sorted(rep.ratings, key=lambda r: -r.elo):
        table.add_row(r.name, f"{r.elo:+.0f}", f"±{r.error:.0f}", str(r.games), f"{100 * r.score:.1f}%")
    out.print(table)
    pairs = Table(title="Head to head")
    for col in ("player", "opponent", "W", "D", "L", "score"):
        pairs.add_column(col, justify="left" if col in ("player", "opponent") else "right")
    for p in rep.pairs:
        pairs.add_row(p.first, p.second, str(p.wins), str(p.draws), str(p.losses), f"{100 * p.score:.1f}%")
    out.print(pairs)
    if rep.sprt is not None:
        s = rep.sprt
        out.print(
            f"SPRT {s.first} vs {s.second}: H0 elo={s.elo0:g}, H1 elo={s.elo1:g}, LLR {s.llr:.2f} "
            f"in [{s.lower:.2f}, {s.upper:.2f}] after {s.games} games: {s.verdict}"
        )


__all__ = ["DEFAULT_PLAYERS", "ladder_command"]
