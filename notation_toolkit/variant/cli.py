"""``ntk variant``: legal moves, perft and play for a variant given by its FBR rule file."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from notation_toolkit.core.cli import (
    EXIT_INVALID,
    EXIT_IO,
    EXIT_OK,
    console,
    json_option,
    print_json,
    report_error,
)
from notation_toolkit.variant import codes as _codes  # noqa: F401  (registers VAR codes for `ntk explain`)

if TYPE_CHECKING:
    from rich.console import RenderableType

    from notation_toolkit.variant import Position, Variant

_RULES = click.argument("rules", type=click.Path(dir_okay=False))
_POSITION = click.option(
    "--position",
    "-p",
    "position",
    default=None,
    help="FEEN (or FEN) of the position; default: the rule file's start position.",
)
_MOVES = click.option("--moves", "-m", "moves", default="", help="Moves to play first (space-separated).")


def _open(rules: str, position: str | None, moves: str, as_json: bool) -> tuple[Variant, Position] | int:
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.textio import decode
    from notation_toolkit.variant import Variant

    try:
        with open(rules, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        console(stderr=True).print(f"[red]cannot read {rules}: {exc.strerror}[/red]")
        return EXIT_IO
    text: str | None = None
    try:
        # as every text file is read (core.textio): not UTF-8 is NTK005, a leading BOM is dropped
        text = decode(data, rules).text
        variant = Variant.from_text(text)
    except NotationError as exc:
        return report_error(exc, text, rules, as_json)
    try:
        pos = variant.position(position) if position is not None else variant.start()
        for mv in moves.split():
            pos.push(mv)
    except NotationError as exc:
        return report_error(exc, position or moves, "<position>", as_json)
    return variant, pos


def board_view(pos: Position) -> RenderableType:
    """The board drawn with rich (any size; rank numbers, file letters, hands below)."""
    from rich.table import Table
    from rich.text import Text

    g = pos.core.geometry
    table = Table(show_header=False, box=None, padding=(0, 0))
    table.add_column(justify="right")
    for _ in range(g.width):
        table.add_column(justify="center", width=3)
    for rank in range(g.height - 1, -1, -1):
        cells: list[Text | str] = [Text(f"{rank + 1} ", style="dim")]
        for f in range(g.width):
            sq = rank * g.width + f
            code = pos.board[sq]
            light = (rank + f) % 2 == 1
            bg = "on grey35" if light else "on grey19"
            if code < 0:
                cells.append(Text("   ", style=bg))
            else:
                token = pos.piece_at(sq) or ""
                colour = "bold bright_white" if code & 1 == 0 else "bold red"
                cells.append(Text(token.replace("^", "").center(3), style=f"{colour} {bg}"))
        table.add_row(*cells)
    table.add_row(
        "", *[Text(" " + "abcdefghijklmnopqrstuvwxyz"[f] + " ", style="dim") for f in range(g.width)]
    )
    from rich.console import Group

    hands = pos.feen().split(" ")[1]
    first, _, second = hands.partition("/")
    lines: list[RenderableType] = [table]
    if pos.core.rules.holding:
        lines.append(Text(f"hands: first [{first or '-'}]  second [{second or '-'}]"))
    lines.append(Text(f"to move: {'first (upper case)' if pos.turn == 0 else 'second (lower case)'}"))
    return Group(*lines)


@click.group("variant")
def variant() -> None:
    """Play a variant defined by an FBR rule file: legal moves, perft, a game at the terminal."""


@variant.command("moves")
@_RULES
@_POSITION
@_MOVES
@json_option
def moves_cmd(rules: str, position: str | None, moves: str, as_json: bool) -> None:
    """List the legal moves of a position (start position by default)."""
    opened = _open(rules, position, moves, as_json)
    if isinstance(opened, int):
        raise SystemExit(opened)
    _variant, pos = opened
    legal = sorted(m.text for m in pos.legal_moves())
    outcome = pos.outcome()
    if as_json:
        print_json(
            {
                "feen": pos.feen(),
                "moves": legal,
                "check": pos.is_check(),
                "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
            }
        )
        raise SystemExit(EXIT_OK)
    out = console()
    out.print(board_view(pos))
    out.print(f"[bold]{len(legal)}[/bold] legal moves: " + " ".join(legal))
    if outcome is not None:
        out.print(f"game over: {outcome.result()} ({outcome.reason})")
    raise SystemExit(EXIT_OK)


@variant.command("perft")
@_RULES
@_POSITION
@_MOVES
@click.option("--depth", "-d", type=click.IntRange(0, 12), default=3, show_default=True, help="Plies.")
@click.option("--divide", "divide_", is_flag=True, help="Show the count below each root move.")
@json_option
def perft_cmd(rules: str, position: str | None, moves: str, depth: int, divide_: bool, as_json: bool) -> None:
    """Count the leaf nodes of the legal-move tree (perft), with a progress bar."""
    import time

    from rich.progress import Progress

    from notation_toolkit.variant.perft import divide, perft

    opened = _open(rules, position, moves, as_json)
    if isinstance(opened, int):
        raise SystemExit(opened)
    _variant, pos = opened
    start = time.perf_counter()
    parts: dict[str, int] = {}
    if divide_:
        parts = divide(pos, depth)
        nodes = sum(parts.values()) if depth > 0 else 1
    elif as_json or depth <= 2:
        nodes = perft(pos, depth)
    else:
        with Progress(transient=True, console=console(stderr=True)) as progress:
            task = progress.add_task(f"perft {depth}", total=None)

            def tick(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            nodes = perft(pos, depth, progress=tick)
    seconds = time.perf_counter() - start
    if as_json:
        print_json({"depth": depth, "nodes": nodes, "divide": parts or None, "seconds": round(seconds, 3)})
        raise SystemExit(EXIT_OK)
    out = console()
    for mv, count in sorted(parts.items()):
        out.print(f"{mv}: {count}")
    rate = nodes / seconds if seconds > 0 else 0.0
    out.print(f"perft {depth}: [bold]{nodes}[/bold] nodes in {seconds:.2f} s ({rate:,.0f} nodes/s)")
    raise SystemExit(EXIT_OK)


@variant.command("play")
@_RULES
@_POSITION
@click.option(
    "--random",
    "random_side",
    type=click.Choice(["none", "first", "second", "both"]),
    default="none",
    show_default=True,
    help="Sides played by a random mover.",
)
@click.option("--seed", type=int, default=None, help="Seed of the random mover.")
@click.option("--max-plies", type=int, default=500, show_default=True)
def play_cmd(rules: str, position: str | None, random_side: str, seed: int | None, max_plies: int) -> None:
    """Play at the terminal: two players, or against a random mover. Type a move, 'undo' or 'quit'."""
    import random

    from notation_toolkit.core.errors import NotationError

    opened = _open(rules, position, "", False)
    if isinstance(opened, int):
        raise SystemExit(opened)
    _variant, pos = opened
    rnd = random.Random(seed)
    out = console()
    for _ in range(max_plies):
        out.print(board_view(pos))
        outcome = pos.outcome()
        if outcome is not None:
            out.print(f"[bold]game over: {outcome.result()} ({outcome.reason})[/bold]")
            raise SystemExit(EXIT_OK)
        robot = (
            random_side == "both"
            or (random_side == "first" and pos.turn == 0)
            or (random_side == "second" and pos.turn == 1)
        )
        if robot:
            mv = rnd.choice(pos.legal_moves())
            out.print(f"random mover plays {mv.text}")
            pos.push(mv)
            continue
        from notation_toolkit.core.textio import require_stdin

        require_stdin()  # closed stdin: EBADF (exit 3), as in every command, not an internal error
        text = click.prompt("move", default="", show_default=False).strip()
        if text in ("quit", "q", ""):
            raise SystemExit(EXIT_OK)
        if text == "undo":
            if pos.stack:
                pos.pop()
            continue
        try:
            pos.push(text)
        except NotationError as exc:
            out.print(f"[red]{exc.diagnostics[0].code}: {exc.diagnostics[0].message}[/red]")
            if exc.diagnostics[0].hint:
                out.print(f"[dim]{exc.diagnostics[0].hint}[/dim]")
    raise SystemExit(EXIT_INVALID if pos.outcome() is None else EXIT_OK)
