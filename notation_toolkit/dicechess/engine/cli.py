"""``ntk dice play``, ``ntk dice selfplay`` and ``ntk dice analyse``.

``notation_toolkit.dicechess.cli`` calls ``register_dice_commands(dice_subparsers)``. Handlers return
exit codes: 0 ok, 1 invalid input (a bad DFEN is reported by ``ntk`` itself), 2 usage.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from notation_toolkit.dicechess.cli import EXIT_INVALID, EXIT_OK, _usage

DEFAULT_TIME = 1.0


def register_dice_commands(dice_subparsers: Any) -> None:
    """Add ``play``, ``selfplay`` and ``analyse`` to the ``ntk dice`` group."""
    p = dice_subparsers.add_parser(
        "play",
        help="play Dice Chess against the engine in the terminal",
        description=(
            "Human against the engine. Each turn the dice are rolled for you (seeded with --seed), "
            "the legal micro-moves are listed, and you type them in UCI. Commands: moves, board, dfen, "
            "hint, undo, resign, quit, help. Works with piped standard input."
        ),
    )
    p.add_argument("--color", choices=["w", "b", "white", "black", "random"], default="w", help="your side")
    p.add_argument(
        "--time", type=float, default=None, metavar="S", help=f"engine seconds per turn ({DEFAULT_TIME:g})"
    )
    p.add_argument(
        "--depth", type=int, default=None, metavar="N", help="engine depth in turns instead of time"
    )
    p.add_argument("--seed", type=int, default=None, help="seed of the dice (and of --color random)")
    p.add_argument("--start", metavar="DFEN", help="start from this position instead of the initial one")
    p.add_argument("--glyphs", action="store_true", help="draw pieces as chess symbols instead of letters")
    p.set_defaults(func=cmd_play)

    p = dice_subparsers.add_parser(
        "selfplay",
        help="engine against a baseline (or itself): seeded games, win rate with a confidence interval",
        description=(
            "Play N seeded games, colours alternating, and report wins, draws, losses, the score and its "
            "95%% Wilson interval. Players: engine (time limit --time), engine:dN (depth N), random, greedy."
        ),
    )
    p.add_argument("--games", type=int, required=True, metavar="N", help="number of games")
    p.add_argument("--player", default="engine", help="first player (default engine)")
    p.add_argument("--opponent", default="greedy", help="second player (default greedy)")
    p.add_argument("--time", type=float, default=0.5, metavar="S", help="engine seconds per turn (0.5)")
    p.add_argument("--seed", type=int, default=1, help="first game's seed (game i uses seed+i)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="parallel processes (default 1)")
    p.add_argument("--json", action="store_true", help="machine-readable output (no progress bar)")
    p.set_defaults(func=cmd_selfplay)

    p = dice_subparsers.add_parser(
        "analyse",
        aliases=["analyze"],
        help="engine analysis of a DFEN: best turn for its dice, or the value of each of the 56 rolls",
        description=(
            "With dice in the DFEN (field 7) or --dice: the best turn, its value and the principal line. "
            "Without dice: the position before the roll, each of the 56 outcomes with its best turn and "
            "value, the expectation, and the exact king-capture probability of the side to move."
        ),
    )
    p.add_argument("dfen", nargs="+", metavar="DFEN", help="the position (4-7 DFEN fields)")
    p.add_argument("--dice", metavar="LETTERS", help="analyse this roll (e.g. PNB) instead of field 7")
    p.add_argument("--time", type=float, default=None, metavar="S", help="seconds (per roll: total / 56)")
    p.add_argument("--depth", type=int, default=None, metavar="N", help="depth in turns (default 1)")
    p.add_argument("--lenient", action="store_true", help="accept non-canonical DFEN (F3)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_analyse)


register_engine_commands = register_dice_commands


def _bad_limits(args: argparse.Namespace) -> int | None:
    """Exit code 2 with a message for a non-positive --depth or --time, else None."""
    if args.depth is not None and args.depth < 1:
        return _usage("--depth must be at least 1")
    if args.time is not None and args.time <= 0:
        return _usage("--time must be positive")
    return None


# ---------------------------------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    """``ntk dice play``."""
    import random

    from rich.console import Console

    from notation_toolkit.dicechess.engine.play import PlaySession, run_play
    from notation_toolkit.dicechess.position import Position

    bad = _bad_limits(args)
    if bad is not None:
        return bad
    color = args.color[0] if args.color != "random" else random.Random(args.seed).choice("wb")
    start = None
    if args.start:
        pos = Position.from_dfen(args.start)  # NotationError -> reported by ntk, exit 1
        if pos.is_game_over:
            return _usage("--start: that position is already decided (a king is missing)")
        start = pos.dfen()
    time_limit = args.time if args.time is not None else (None if args.depth else DEFAULT_TIME)
    session = PlaySession(color, time_limit, args.depth, args.seed, start, args.glyphs)
    console = Console(highlight=False)
    return run_play(session, console, input if sys.stdin.isatty() else _piped_reader(console))


def _piped_reader(console: Any) -> Any:
    """``input`` for piped stdin: prompt, then echo what was read, so transcripts show both sides."""

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        console.file.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        console.print(line.rstrip())
        return line

    return read


# ---------------------------------------------------------------------------------------- selfplay


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


def cmd_selfplay(args: argparse.Namespace) -> int:
    """``ntk dice selfplay``."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from notation_toolkit.dicechess.engine.match import wilson_interval
    from notation_toolkit.dicechess.engine.players import make_player

    if args.games < 1:
        return _usage("--games must be at least 1")
    if args.jobs < 1:
        return _usage("--jobs must be at least 1")
    if args.time <= 0:
        return _usage("--time must be positive")
    try:
        first_name = make_player(args.player, time_limit=args.time).name
        second_name = make_player(args.opponent, time_limit=args.time).name
    except ValueError as exc:
        return _usage(str(exc))
    jobs = [(i, args.player, args.opponent, args.time, args.seed) for i in range(args.games)]
    results: list[dict[str, Any]] = []
    started = time.perf_counter()
    console = Console(highlight=False)

    def run(update: Any) -> None:
        if args.jobs == 1:
            for job in jobs:
                results.append(_play_one(job))
                update()
        else:
            import multiprocessing

            with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
                for row in pool.imap_unordered(_play_one, jobs):
                    results.append(row)
                    update()

    if args.json:
        run(lambda: None)
    else:
        with Progress(
            TextColumn(f"{first_name} vs {second_name}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("score {task.fields[score]}"),
            TimeElapsedColumn(),
            console=console,
        ) as progress:
            task = progress.add_task("games", total=args.games, score="-")

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
        "seed": args.seed,
        "time_per_turn": args.time,
        "player_turns": turns,
        "player_seconds_per_turn": seconds / turns if turns else None,
        "player_depths": depths,
        "avg_turns_per_game": sum(r["turns"] for r in results) / len(results),
        "wall_seconds": time.perf_counter() - started,
    }
    if args.json:
        sys.stdout.write(json.dumps({"summary": summary, "games": results}, indent=2) + "\n")
        return EXIT_OK
    table = Table(title=f"{first_name} vs {second_name}: {len(results)} games (seeds {args.seed}..)")
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
    console.print(table)
    if depths:
        shown = ", ".join(f"depth {d}: {n}" for d, n in sorted(depths.items()))
        console.print(f"{first_name} turns by completed depth: {shown}")
    return EXIT_OK


# ---------------------------------------------------------------------------------------- analyse


def cmd_analyse(args: argparse.Namespace) -> int:
    """``ntk dice analyse``."""
    from rich.console import Console
    from rich.table import Table

    from notation_toolkit.dicechess import dice as dice_mod
    from notation_toolkit.dicechess.engine.play import format_value
    from notation_toolkit.dicechess.engine.search import Engine
    from notation_toolkit.dicechess.errors import IllegalMoveError
    from notation_toolkit.dicechess.position import Position

    bad = _bad_limits(args)
    if bad is not None:
        return bad
    pos = Position.from_dfen(" ".join(args.dfen), lenient=args.lenient)
    if args.dice:
        try:
            pool = dice_mod.from_letters(args.dice)
        except ValueError as exc:
            raise IllegalMoveError.because(str(exc), code="DICE004") from None
        if pos.pool:
            pos.set_pool(0)
        pos.set_pool(pool)
    console = Console(highlight=False)
    if pos.is_game_over:
        message = "the game is over: a king has been captured (R17)"
        if args.json:
            sys.stdout.write(json.dumps({"dfen": pos.dfen(), "error": message}) + "\n")
        else:
            console.print(f"[bold red]error:[/] {message}")
        return EXIT_INVALID
    engine = Engine()
    if pos.pool:
        result = engine.best_turn(pos, time_limit=args.time, depth=args.depth)
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
        if args.json:
            sys.stdout.write(json.dumps(data, indent=2) + "\n")
            return EXIT_OK
        console.print(f"[bold]{pos.dfen()}[/]")
        console.print(
            f"best turn: [bold cyan]{' '.join(result.moves) or '(pass)'}[/]"
            f"  value {format_value(result.value)}"
            f"  ({result.choices} distinct turns, depth {result.depth}, {result.nodes} nodes, "
            f"{result.seconds:.2f} s)"
        )
        for step in result.line:
            side = "White" if step.side == "w" else "Black"
            console.print(f"  {side} {step.roll}: {' '.join(step.moves) or '(pass)'}")
        return EXIT_OK
    analysis = engine.analyse(pos, time_limit=args.time, depth=args.depth or 1)
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
    if args.json:
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return EXIT_OK
    table = Table(title=f"{pos.dfen()}: the 56 roll outcomes")
    table.add_column("roll")
    table.add_column("p", justify="right")
    table.add_column("value", justify="right")
    table.add_column("best turn")
    for o in sorted(analysis.outcomes, key=lambda o: -o.value):
        table.add_row(o.roll, f"{o.weight}/216", format_value(o.value), " ".join(o.moves) or "(pass)")
    console.print(table)
    side = "White" if pos.turn == 0 else "Black"
    console.print(
        f"expected value for {side} (to roll): [bold]{format_value(analysis.value)}[/]; "
        f"{side} captures the king with probability {analysis.king_capture_probability:.4f}; "
        f"{analysis.nodes} nodes in {analysis.seconds:.2f} s"
    )
    return EXIT_OK
