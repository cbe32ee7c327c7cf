"""``ntk dice ladder``: the click command (the lead attaches ``ladder_command`` to the ``dice`` group)."""

from __future__ import annotations

from pathlib import Path

import click

from notation_toolkit.core.cli import EXIT_IO, EXIT_OK, console, json_option, print_json, usage_error

DEFAULT_PLAYERS = "random,greedy,baseline:1,engine:0.5,engine:1"


@click.command("ladder")
@click.option(
    "--players",
    default=DEFAULT_PLAYERS,
    show_default=True,
    help="Comma-separated players: random, greedy, engine:SECONDS, engine:dN, baseline:SECONDS (the "
    "frozen engine of before issue 18). The first one is the Elo anchor (0).",
)
@click.option(
    "--games", default=400, show_default=True, type=int, help="Games per pair (even: colours swap in pairs)."
)
@click.option("--seed", default=1, show_default=True, type=int, help="Dice seed of the first pair of games.")
@click.option("--jobs", default=1, show_default=True, type=int, help="Processes to play games in parallel.")
@click.option(
    "--sprt",
    "sprt_pair",
    default=None,
    help="Pair for the SPRT, NEW,BASE (default: the first engine:... and baseline:... players).",
)
@click.option(
    "--elo1", default=50.0, show_default=True, type=float, help="SPRT alternative: NEW stronger by this."
)
@click.option(
    "--svg", "svg_path", default=None, type=click.Path(dir_okay=False), help="Write the ladder plot here."
)
@click.option("--quiet", is_flag=True, help="Do not print each game as it finishes.")
@json_option
def ladder_command(
    players: str,
    games: int,
    seed: int,
    jobs: int,
    sprt_pair: str | None,
    elo1: float,
    svg_path: str | None,
    quiet: bool,
    as_json: bool,
) -> None:
    """Play a seeded round robin of Dice Chess players and rate them (Elo, 95% intervals, SPRT)."""
    from notation_toolkit.dicechess.engine import ladder

    specs = [s.strip() for s in players.split(",") if s.strip()]
    try:
        specs = ladder.check_specs(specs)
    except ladder.LadderError as exc:
        raise usage_error(str(exc)) from None
    if games < 2 or games % 2:
        raise usage_error("--games must be an even number >= 2 (colours are swapped in pairs)")
    if jobs < 1:
        raise usage_error("--jobs must be at least 1")
    pair: tuple[str, str] | None = None
    if sprt_pair is not None:
        names = [s.strip() for s in sprt_pair.split(",")]
        if len(names) != 2 or any(n not in specs for n in names) or names[0] == names[1]:
            raise usage_error("--sprt takes two different players of --players, e.g. engine:1,baseline:1")
        pair = (names[0], names[1])
    else:
        new = next((s for s in specs if s.startswith("engine")), None)
        base = next((s for s in specs if s.startswith("baseline")), None)
        if new and base:
            pair = (new, base)
    out = console()
    err = console(stderr=True)

    def progress(game: ladder.LadderGame) -> None:
        if not quiet and not as_json:
            err.print(
                f"{specs[game.first]} vs {specs[game.second]} #{game.index} (seed {game.seed}, "
                f"{'first' if game.first_white else 'second'} White): {game.result} in {game.turns} turns"
            )

    try:
        played = ladder.run_ladder(specs, games=games, seed=seed, jobs=jobs, on_game=progress)
    except ladder.LadderError as exc:
        raise usage_error(str(exc)) from None
    rep = ladder.report(specs, played, pair, elo1=elo1)
    if svg_path is not None:
        try:
            Path(svg_path).write_text(ladder.ladder_svg(rep.ratings), encoding="utf-8")
        except OSError as exc:
            err.print(f"cannot write {svg_path}: {exc.strerror}")
            raise SystemExit(EXIT_IO) from None
    if as_json:
        print_json(ladder.report_data(rep))
        raise SystemExit(EXIT_OK)
    _print_tables(out, rep)


def _print_tables(out: object, rep: object) -> None:
    from rich.console import Console
    from rich.table import Table

    from notation_toolkit.dicechess.engine.ladder import LadderReport

    assert isinstance(out, Console) and isinstance(rep, LadderReport)
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
