"""The ``ntk dice`` command group: ``perft``, ``moves`` and ``turns`` on a DFEN.

``notation_toolkit/cli.py`` calls ``register(subparsers)``. Each handler takes the argparse
``Namespace`` and returns an exit code: 0 ok, 1 invalid input, 2 usage. The game-playing commands
(``dice play/selfplay/analyse``) are contributed by ``notation_toolkit.dicechess.engine.cli``: if
that module exists and defines ``register_dice_commands(dice_subparsers)``, it is called below.
Heavy imports happen inside the handlers so that building the CLI parser stays cheap.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

    from notation_toolkit.dicechess.position import Position

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


def register(subparsers: Any) -> None:
    """Add the ``dice`` command group to the ``ntk`` parser."""
    dice = subparsers.add_parser(
        "dice",
        help="Dice Chess game core: perft, legal micro-moves, whole turns",
        description="Dice Chess (3 dice) game core. DFEN may be given quoted or as separate words.",
    )
    dsub = dice.add_subparsers(dest="dice_command", metavar="DICE_COMMAND")

    def show_help(_args: argparse.Namespace) -> int:
        dice.print_help()
        return EXIT_USAGE

    dice.set_defaults(func=show_help)

    p = dsub.add_parser(
        "perft",
        help="count move paths (full turns, or per-die micro-moves with --die)",
        description=(
            "Full-turn perft: each ply is a whole turn, summed over the 56 roll outcomes (or the pool "
            "in the DFEN for the first turn), counting R8-legal micro-move sequences. With --die X: "
            "the per-die pseudo-legal perft of the reference suite (one micro-move with die X, then "
            "end of turn; castling under a K die alone)."
        ),
    )
    _dfen_argument(p)
    p.add_argument("--depth", type=int, required=True, metavar="N", help="plies (turns) to count")
    p.add_argument("--divide", action="store_true", help="split the count by first move (or roll)")
    p.add_argument("--die", choices=list("PNBRQKpnbrqk"), help="per-die perft with this die")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_perft)

    p = dsub.add_parser("moves", help="the legal micro-moves for the pool (maximum-dice rule R8)")
    _dfen_argument(p)
    p.add_argument("--dice", metavar="LETTERS", help="use this pool instead of DFEN field 7 (e.g. PNB)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_moves)

    p = dsub.add_parser("turns", help="every legal way to play the pool, and the distinct results")
    _dfen_argument(p)
    p.add_argument("--dice", metavar="LETTERS", help="use this pool instead of DFEN field 7 (e.g. PNB)")
    p.add_argument("--limit", type=int, default=20, metavar="N", help="rows to show (default 20; 0 = all)")
    p.add_argument("--json", action="store_true", help="machine-readable output (all rows)")
    p.set_defaults(func=cmd_turns)

    # Extension point: game play, self-play and analysis commands live in the engine package.
    try:
        engine_cli = importlib.import_module("notation_toolkit.dicechess.engine.cli")
    except ModuleNotFoundError as exc:
        if exc.name not in ("notation_toolkit.dicechess.engine", "notation_toolkit.dicechess.engine.cli"):
            raise
    else:
        hook = getattr(engine_cli, "register_dice_commands", None)
        if hook is not None:
            hook(dsub)


def _dfen_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dfen", nargs="+", metavar="DFEN", help="the position (4-7 DFEN fields)")
    parser.add_argument("--lenient", action="store_true", help="accept non-canonical DFEN (F3)")


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


def _usage(message: str) -> int:
    from rich.console import Console

    Console(stderr=True, highlight=False).print(f"[bold red]ntk dice: error:[/] {message}")
    return EXIT_USAGE


def _position(args: argparse.Namespace) -> Position:
    """Parse the DFEN argument (NotationError propagates to ``ntk``, which reports it, exit 1)."""
    from notation_toolkit.dicechess.position import Position

    pos = Position.from_dfen(" ".join(args.dfen), lenient=args.lenient)
    dice = getattr(args, "dice", None)
    if dice:
        from notation_toolkit.dicechess import dice as dice_mod
        from notation_toolkit.dicechess.errors import IllegalMoveError

        try:
            pool = dice_mod.from_letters(dice)
        except ValueError as exc:
            raise IllegalMoveError.because(str(exc), code="DICE004") from None
        if pos.pool:
            pos.set_pool(0)
        pos.set_pool(pool)
    return pos


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _no_pool(args: argparse.Namespace, pos: Position) -> int:
    message = "the dice are not rolled in this DFEN (field 7 is '-'); add a pool as field 7 or pass --dice"
    if pos.is_game_over:
        message = "the game is over (a king has been captured): there are no moves"
    if args.json:
        _print_json({"dfen": pos.dfen(), "error": message})
    else:
        _console().print(f"[bold red]error:[/] {message}")
    return EXIT_INVALID


def cmd_perft(args: argparse.Namespace) -> int:
    """``ntk dice perft DFEN --depth N [--divide] [--die X]``."""
    from rich.table import Table

    from notation_toolkit.dicechess.perft import divide_die, divide_turns, perft_die, perft_turns

    if args.depth < 0:
        return _usage("--depth must be 0 or more")
    pos = _position(args)
    start = time.perf_counter()
    rows: list[tuple[str, int]] = []
    if args.die:
        die = "PNBRQK".index(args.die.upper()) + 1
        if args.divide:
            rows = divide_die(pos, die, args.depth)
            nodes = sum(n for _, n in rows) if args.depth > 0 else 1
        else:
            nodes = perft_die(pos, die, args.depth)
        mode = f"per-die ({args.die.upper()})"
    else:
        if args.divide:
            rows = divide_turns(pos, args.depth)
            nodes = sum(n for _, n in rows) if args.depth > 0 else 1
        else:
            nodes = perft_turns(pos, args.depth)
        mode = "full turns"
    elapsed = time.perf_counter() - start
    if args.json:
        data: dict[str, Any] = {"dfen": pos.dfen(), "mode": mode, "depth": args.depth, "nodes": nodes}
        if args.divide:
            data["divide"] = dict(rows)
        _print_json(data)
        return EXIT_OK
    console = _console()
    if args.divide:
        first = "roll" if not args.die and not pos.pool else "micro-move"
        table = Table(title=f"divide, {mode}, depth {args.depth}")
        table.add_column(first)
        table.add_column("nodes", justify="right")
        for name, n in rows:
            table.add_row(name, f"{n:,}")
        console.print(table)
    console.print(f"[bold]{pos.dfen()}[/]")
    console.print(f"perft {mode}, depth {args.depth}: [bold green]{nodes:,}[/] nodes in {elapsed:.3f} s")
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


def cmd_moves(args: argparse.Namespace) -> int:
    """``ntk dice moves DFEN [--dice LETTERS]``: the R8-legal micro-moves."""
    from rich.table import Table

    from notation_toolkit.dicechess import dice as dice_mod

    pos = _position(args)
    if not pos.pool or pos.is_game_over:
        return _no_pool(args, pos)
    best = pos.lstar()
    moves = sorted(pos.legal_moves(), key=lambda m: (m >> 15 & 7, m & 63, m >> 6 & 63, m >> 12 & 7))
    rows = [_move_row(pos, m) for m in moves]
    pool = dice_mod.to_letters(pos.pool, black=pos.turn == 1)
    if args.json:
        _print_json({"dfen": pos.dfen(), "pool": pool, "max_dice": best, "moves": rows})
        return EXIT_OK
    console = _console()
    console.print(f"[bold]{pos.dfen()}[/]")
    if not rows:
        console.print(f"pool {pool}: no die can be used, the turn is a pass (R10)")
        return EXIT_OK
    table = Table(title=f"{len(rows)} legal micro-moves, pool {pool}, at most {best} dice usable (R8)")
    for column in ("move", "piece", "die", "note"):
        table.add_column(column)
    for row in rows:
        notes = []
        if row["captures_king"]:
            notes.append("[bold red]captures the king[/]")
        elif row["capture"]:
            notes.append(f"takes {row['capture']}")
        if row["en_passant"]:
            notes.append("en passant")
        if row["castling"]:
            notes.append("castling (2 dice)")
        if row["promotion"]:
            notes.append(f"promotes to {row['promotion']}")
        table.add_row(row["uci"], row["piece"], row["dice"], ", ".join(notes))
    console.print(table)
    return EXIT_OK


def cmd_turns(args: argparse.Namespace) -> int:
    """``ntk dice turns DFEN [--dice LETTERS]``: every legal sequence and the distinct results."""
    from rich.table import Table

    from notation_toolkit.dicechess import dice as dice_mod
    from notation_toolkit.dicechess.turns import turn_outcomes

    if args.limit < 0:
        return _usage("--limit must be 0 or more")
    pos = _position(args)
    if not pos.pool or pos.is_game_over:
        return _no_pool(args, pos)
    pool = dice_mod.to_letters(pos.pool, black=pos.turn == 1)
    start = time.perf_counter()
    outcomes = turn_outcomes(pos)
    elapsed = time.perf_counter() - start
    sequences = sum(len(o.sequences) for o in outcomes)
    if args.json:
        _print_json(
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
    console = _console()
    console.print(f"[bold]{pos.dfen()}[/]")
    console.print(
        f"pool {pool}: [bold green]{sequences:,}[/] legal micro-move sequences, "
        f"[bold green]{len(outcomes):,}[/] distinct resulting positions ({elapsed:.3f} s)"
    )
    shown = outcomes if args.limit == 0 else outcomes[: args.limit]
    table = Table(title=f"resulting positions (first {len(shown)} of {len(outcomes)})")
    table.add_column("#", justify="right")
    table.add_column("sequence(s)")
    table.add_column("DFEN after the turn", overflow="fold")
    for i, o in enumerate(shown, 1):
        first = " ".join(o.sequences[0]) or "(pass)"
        more = f" [dim](+{len(o.sequences) - 1} more)[/]" if len(o.sequences) > 1 else ""
        dfen = f"[bold red]{o.dfen}[/] (king captured)" if o.king_captured else o.dfen
        table.add_row(str(i), first + more, dfen)
    console.print(table)
    return EXIT_OK
