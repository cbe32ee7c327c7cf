"""The ``ntk dice`` command group: ``perft``, ``moves`` and ``turns`` on a DFEN.

The group is an ``EntryPointGroup``: its other commands (``play``, ``selfplay``, ``analyse`` from
``notation_toolkit.dicechess.engine.cli``, and any a third party adds) are listed in the
``notation_toolkit.commands.dice`` entry-point group and imported only when run. Exit codes are
those of ``notation_toolkit.core.cli``: 0 ok, 1 invalid input, 2 usage. Heavy imports happen
inside the commands so that ``ntk`` starts fast.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

from notation_toolkit.core.cli import (
    COMMANDS_ENTRY_POINT_GROUP,
    EXIT_INVALID,
    EXIT_OK,
    group,
    json_option,
    print_json,
    usage,
)
from notation_toolkit.core.layout import Line, Table, show

if TYPE_CHECKING:
    from notation_toolkit.dicechess.position import Position

F = TypeVar("F", bound=Callable[..., Any])

DIE_CHOICES = list("PNBRQKpnbrqk")
MAX_PERFT_DEPTH = 16
"""The deepest ``ntk dice perft --depth`` (full-turn perft is past a billion nodes at depth 3)."""


@group(
    "dice",
    entry_point_group=f"{COMMANDS_ENTRY_POINT_GROUP}.dice",
    short_help="Dice Chess game core: perft, legal micro-moves, whole turns, play, analysis.",
)
def dice() -> None:
    """Dice Chess (3 dice) game core. DFEN may be given quoted or as separate words."""


def dfen_arguments(function: F) -> F:
    """The ``DFEN...`` argument (4-7 fields, quoted or as words) and ``--lenient``."""
    function = click.option("--lenient", is_flag=True, help="Accept non-canonical DFEN (F3).")(function)
    return click.argument("dfen", nargs=-1, required=True, metavar="DFEN...")(function)


def dice_option(function: F) -> F:
    """``--dice LETTERS``: the pool to use instead of DFEN field 7."""
    return click.option(
        "--dice", "dice_letters", metavar="LETTERS", help="Use this pool instead of DFEN field 7 (e.g. PNB)."
    )(function)


def load_position(dfen: tuple[str, ...], *, lenient: bool, dice_letters: str | None = None) -> Position:
    """The position of the DFEN words, with the pool of ``dice_letters`` if given.

    A bad DFEN or pool raises a ``NotationError``, which ``ntk`` reports (exit 1).
    """
    from notation_toolkit.dicechess.position import Position

    pos = Position.from_dfen(" ".join(dfen), lenient=lenient)
    if dice_letters:
        from notation_toolkit.dicechess.game import parse_dice

        pool = parse_dice(dice_letters)
        if pos.pool:
            pos.set_pool(0)
        pos.set_pool(pool)
    return pos


def _no_pool(as_json: bool, pos: Position) -> int:
    message = "the dice are not rolled in this DFEN (field 7 is '-'); add a pool as field 7 or pass --dice"
    if pos.is_game_over:
        message = "the game is over (a king has been captured): there are no moves"
    if as_json:
        print_json({"dfen": pos.dfen(), "error": message})
    else:
        show(Line(("error:", "bold red"), " ", message))
    return EXIT_INVALID


@dice.command(
    "perft",
    short_help="Count move paths (full turns, or per-die micro-moves with --die).",
)
@dfen_arguments
@click.option(
    "--depth",
    type=click.IntRange(0, MAX_PERFT_DEPTH),
    required=True,
    metavar="N",
    help=f"Plies (turns) to count (0 to {MAX_PERFT_DEPTH}).",
)
@click.option("--divide", is_flag=True, help="Split the count by first move (or roll).")
@click.option("--die", type=click.Choice(DIE_CHOICES), help="Per-die perft with this die.")
@json_option
def perft(
    dfen: tuple[str, ...], lenient: bool, depth: int, divide: bool, die: str | None, as_json: bool
) -> int:
    """Full-turn perft: each ply is a whole turn, summed over the 56 roll outcomes (or the pool in
    the DFEN for the first turn), counting R8-legal micro-move sequences.

    With --die X: the per-die pseudo-legal perft of the reference suite (one micro-move with die X,
    then end of turn; castling under a K die alone).
    """
    from notation_toolkit.dicechess.display import divide_table
    from notation_toolkit.dicechess.perft import divide_die, divide_turns, perft_die, perft_turns

    pos = load_position(dfen, lenient=lenient)
    start = time.perf_counter()
    rows: list[tuple[str, int]] = []
    if die:
        die_type = "PNBRQK".index(die.upper()) + 1
        if divide:
            rows = divide_die(pos, die_type, depth)
            nodes = sum(n for _, n in rows) if depth > 0 else 1
        else:
            nodes = perft_die(pos, die_type, depth)
        mode = f"per-die ({die.upper()})"
    else:
        if divide:
            rows = divide_turns(pos, depth)
            nodes = sum(n for _, n in rows) if depth > 0 else 1
        else:
            nodes = perft_turns(pos, depth)
        mode = "full turns"
    elapsed = time.perf_counter() - start
    if as_json:
        data: dict[str, Any] = {"dfen": pos.dfen(), "mode": mode, "depth": depth, "nodes": nodes}
        if divide:
            data["divide"] = dict(rows)
        print_json(data)
        return EXIT_OK
    if divide:
        first = "roll" if not die and not pos.pool else "micro-move"
        show(divide_table(rows, first, f"divide, {mode}, depth {depth}"))
    show(
        Line((pos.dfen(), "bold")),
        Line(f"perft {mode}, depth {depth}: ", (f"{nodes:,}", "bold green"), f" nodes in {elapsed:.3f} s"),
    )
    return EXIT_OK


def _move_row(pos: Position, m: int) -> dict[str, Any]:
    from notation_toolkit.dicechess.moves import MicroMove, move_cost
    from notation_toolkit.dicechess.tables import KING, PIECE_NAMES

    view = MicroMove.from_int(m)
    target = pos.piece_at(view.to_square)
    captures = target is not None or view.is_en_passant
    pos.push(m)
    after = pos.lstar()
    pos.pop()
    kills = target is not None and target[0] == KING
    return {
        "uci": view.uci(),
        "piece": PIECE_NAMES[view.piece],
        "dice": view.dice,
        "capture": PIECE_NAMES[target[0]] if target else ("pawn" if view.is_en_passant else None),
        "captures_king": kills,
        "en_passant": view.is_en_passant,
        "castling": view.is_castling,
        "promotion": PIECE_NAMES[view.promotion] if view.promotion else None,
        "dice_used_this_turn": move_cost(m) + (0 if kills else after),
        "is_capture": captures,
    }


@dice.command("moves", short_help="The legal micro-moves for the pool (maximum-dice rule R8).")
@dfen_arguments
@dice_option
@json_option
def moves(dfen: tuple[str, ...], lenient: bool, dice_letters: str | None, as_json: bool) -> int:
    """The legal micro-moves of the position for its pool (the maximum-dice rule R8)."""
    from notation_toolkit.dicechess import dice as dice_mod
    from notation_toolkit.dicechess.display import micro_moves_table

    pos = load_position(dfen, lenient=lenient, dice_letters=dice_letters)
    if not pos.pool or pos.is_game_over:
        return _no_pool(as_json, pos)
    best = pos.lstar()
    moves = sorted(pos.legal_moves(), key=lambda m: (m >> 15 & 7, m & 63, m >> 6 & 63, m >> 12 & 7))
    rows = [_move_row(pos, m) for m in moves]
    pool = dice_mod.to_letters(pos.pool, black=pos.turn == 1)
    if as_json:
        print_json({"dfen": pos.dfen(), "pool": pool, "max_dice": best, "moves": rows})
        return EXIT_OK
    show(Line((pos.dfen(), "bold")))
    if not rows:
        show(f"pool {pool}: no die can be used, the turn is a pass (R10)")
        return EXIT_OK
    show(micro_moves_table(rows, pool, best))
    return EXIT_OK


@dice.command("turns", short_help="Every legal way to play the pool, and the distinct results.")
@dfen_arguments
@dice_option
@click.option("--limit", type=int, default=20, show_default=True, metavar="N", help="Rows to show (0 = all).")
@json_option
def turns(dfen: tuple[str, ...], lenient: bool, dice_letters: str | None, limit: int, as_json: bool) -> int:
    """Every legal way to play the pool (micro-move sequences) and the distinct resulting positions.

    --json gives every row.
    """
    from notation_toolkit.dicechess import dice as dice_mod
    from notation_toolkit.dicechess.display import turn_outcomes_table
    from notation_toolkit.dicechess.turns import turn_outcomes

    if limit < 0:
        return usage("--limit must be 0 or more")
    pos = load_position(dfen, lenient=lenient, dice_letters=dice_letters)
    if not pos.pool or pos.is_game_over:
        return _no_pool(as_json, pos)
    pool = dice_mod.to_letters(pos.pool, black=pos.turn == 1)
    start = time.perf_counter()
    outcomes = turn_outcomes(pos)
    elapsed = time.perf_counter() - start
    sequences = sum(len(o.sequences) for o in outcomes)
    if as_json:
        print_json(
            {
                "dfen": pos.dfen(),
                "pool": pool,
                "sequences": sequences,
                "positions": len(outcomes),
                "outcomes": [
                    {
                        "dfen": o.dfen,
                        "king_captured": o.king_captured,
                        "sequences": [list(s) for s in o.sequences],
                    }
                    for o in outcomes
                ],
            }
        )
        return EXIT_OK
    shown = outcomes if limit == 0 else outcomes[:limit]
    show(
        Line((pos.dfen(), "bold")),
        Line(
            f"pool {pool}: ",
            (f"{sequences:,}", "bold green"),
            " legal micro-move sequences, ",
            (f"{len(outcomes):,}", "bold green"),
            f" distinct resulting positions ({elapsed:.3f} s)",
        ),
        turn_outcomes_table(shown, len(outcomes)),
    )
    return EXIT_OK


@dice.command(
    "compile",
    short_help="Build (or remove) the optional compiled core and engine (mypyc; a C compiler needed).",
)
@click.option(
    "--clean", is_flag=True, help="Remove the compiled build: the pure-Python modules are used again."
)
@click.option("--status", "status_only", is_flag=True, help="Only report which modules are compiled.")
@click.option("--verbose", is_flag=True, help="Show the compiler's output while it builds.")
@json_option
def compile_command(clean: bool, status_only: bool, verbose: bool, as_json: bool) -> int:
    """Compile the Dice Chess move generator, whole turns and engine with mypyc (optional).

    The extensions are written next to the installed sources and used from the next start; the
    answers are those of the pure-Python modules, only faster. Needs `pip install
    'notation-toolkit[native]'` and a C compiler, and takes a few minutes. A build older than its
    sources is ignored (with a warning); NTK_PURE_PYTHON=1 ignores it too.
    """
    from notation_toolkit.dicechess import native

    if clean and status_only:
        return usage("--clean and --status cannot be combined")
    action = "status"
    files: list[str] = []
    start = time.perf_counter()
    try:
        if clean:
            action = "clean"
            files = native.clean()
        elif not status_only:
            action = "build"
            if not as_json:
                count = len(native.COMPILED_MODULES)
                show(f"compiling {count} modules with mypyc (a few minutes)...", stderr=True)
            files = native.build(verbose=verbose)
    except native.BuildError as exc:
        if as_json:
            print_json({"action": action, "ok": False, "error": str(exc)})
        else:
            show(Line(("ntk dice compile: error:", "bold red"), " ", str(exc)), stderr=True)
        return EXIT_INVALID
    seconds = time.perf_counter() - start if action == "build" else 0.0
    state = native.status()
    if as_json:
        print_json({"action": action, "ok": True, "files": files, "seconds": round(seconds, 1), **state})
        return EXIT_OK
    if action == "build":
        where = f" files in {seconds:.0f} s under {state['root']}"
        show(Line("built ", (f"{len(files)}", "bold green"), where))
    elif action == "clean":
        show(Line("removed ", (f"{len(files)}", "bold green"), " files: the pure-Python modules are used"))
    show(_native_table(state))
    return EXIT_OK


def _native_table(state: dict[str, Any]) -> Table:
    """The per-module state of the compiled build."""
    table = Table("compiled build" + (" (NTK_PURE_PYTHON set)" if state["pure_python_requested"] else ""))
    table.add_column("module")
    table.add_column("built")
    table.add_column("current")
    table.add_column("imports")
    for row in state["modules"]:
        table.add_row(
            row["module"],
            "yes" if row["built"] else "no",
            "yes" if row["current"] else ("stale" if row["built"] else "-"),
            Line((row["imports"], "bold green" if row["imports"] == "compiled" else "")),
        )
    return table
