"""``ntk variant``: legal moves, perft and play for a variant given by its FBR rule file."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import click

from notation_toolkit.core.cli import (
    COMMANDS_ENTRY_POINT_GROUP,
    EXIT_INVALID,
    EXIT_IO,
    EXIT_OK,
    console,
    group,
    json_option,
    print_json,
    report_error,
)
from notation_toolkit.variant import codes as _codes  # noqa: F401  (registers VAR codes for `ntk explain`)

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from notation_toolkit.core.layout import Line, Table
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
    from notation_toolkit.core.textio import decode, read_capped_bytes
    from notation_toolkit.variant import Variant

    text: str | None = None
    try:
        try:
            data = read_capped_bytes(rules)
        except OSError as exc:
            message = f"cannot read {rules}: {exc.strerror}"
            console(stderr=True).print(message, style="red", markup=False, highlight=False)
            return EXIT_IO
        # as every text file is read (core.textio): larger than NTK_MAX_TEXT is NTK001, not UTF-8
        # is NTK005, a leading BOM is dropped
        text = decode(data, rules).text
        variant = Variant.from_text(text, cache=True)  # compiled once, then read from the cache
    except NotationError as exc:
        return report_error(exc, text, rules, as_json)
    try:
        pos = variant.position(position) if position is not None else variant.start()
        for mv in moves.split():
            pos.push(mv)
    except NotationError as exc:
        return report_error(exc, position or moves, "<position>", as_json)
    return variant, pos


def board_lines(pos: Position) -> list[Line]:
    """The board as styled lines (any size; rank numbers, file letters, hands below): plain text
    in a pipe, coloured squares on a terminal (``core.layout.show``)."""
    from notation_toolkit.core.layout import Line

    g = pos.core.geometry
    label_width = len(str(g.height)) + 1
    lines: list[Line] = []
    for rank in range(g.height - 1, -1, -1):
        segments: list[tuple[str, str]] = [(f"{rank + 1} ".rjust(label_width), "dim")]
        for f in range(g.width):
            sq = rank * g.width + f
            code = pos.board[sq]
            bg = "on grey35" if (rank + f) % 2 == 1 else "on grey19"
            if code < 0:
                segments.append(("   ", bg))
            else:
                token = (pos.piece_at(sq) or "").replace("^", "")
                colour = "bold bright_white" if code & 1 == 0 else "bold red"
                segments.append((token.center(3), f"{colour} {bg}"))
        lines.append(Line(*segments))
    files = "abcdefghijklmnopqrstuvwxyz"
    lines.append(Line(" " * label_width, *[(f" {files[f]} ", "dim") for f in range(g.width)]))
    if pos.core.rules.holding:
        first, _, second = pos.feen().split(" ")[1].partition("/")
        lines.append(Line(f"hands: first [{first or '-'}]  second [{second or '-'}]"))
    lines.append(Line(f"to move: {'first (upper case)' if pos.turn == 0 else 'second (lower case)'}"))
    return lines


def board_view(pos: Position) -> RenderableType:
    """The board drawn with rich (``board_lines``, for a rich console)."""
    from rich.console import Group

    return Group(*(line.to_rich() for line in board_lines(pos)))


@group(
    "variant",
    entry_point_group=f"{COMMANDS_ENTRY_POINT_GROUP}.variant",
    short_help="Play a variant defined by an FBR rule file: moves, perft, play, analyse.",
)
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
    from notation_toolkit.core.layout import Line, show

    shown = [*board_lines(pos), Line((str(len(legal)), "bold"), " legal moves: " + " ".join(legal))]
    if outcome is not None:
        shown.append(Line(f"game over: {outcome.result()} ({outcome.reason})"))
    show(*shown)
    raise SystemExit(EXIT_OK)


@variant.command("perft")
@_RULES
@_POSITION
@_MOVES
@click.option(
    "--depth",
    "-d",
    type=click.IntRange(0, 12),
    default=3,
    show_default=True,
    help="Turns (or moves: --unit).",
)
@click.option("--divide", "divide_", is_flag=True, help="Show the count below each root move.")
@click.option(
    "--unit",
    type=click.Choice(["turn", "move"]),
    default="turn",
    show_default=True,
    help="What the depth counts where a turn has several moves: whole turns or single moves.",
)
@json_option
def perft_cmd(
    rules: str, position: str | None, moves: str, depth: int, divide_: bool, unit: str, as_json: bool
) -> None:
    """Count the leaf nodes of the legal-move tree (perft), with a progress bar on a terminal."""
    import sys
    import time

    from notation_toolkit.core.layout import Line, plain_output, show
    from notation_toolkit.variant.perft import divide, perft

    opened = _open(rules, position, moves, as_json)
    if isinstance(opened, int):
        raise SystemExit(opened)
    _variant, pos = opened
    start = time.perf_counter()
    parts: dict[str, int] = {}
    if divide_:
        parts = divide(pos, depth, unit="move" if unit == "move" else "turn")
        nodes = sum(parts.values()) if depth > 0 else 1
    elif as_json or depth <= 2 or plain_output(sys.stderr):
        nodes = perft(pos, depth, unit="move" if unit == "move" else "turn")
    else:
        from rich.progress import Progress  # (a terminal only: rich's progress costs ~30 ms to import)

        with Progress(transient=True, console=console(stderr=True)) as progress:
            task = progress.add_task(f"perft {depth}", total=None)

            def tick(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            nodes = perft(pos, depth, unit="move" if unit == "move" else "turn", progress=tick)
    seconds = time.perf_counter() - start
    if as_json:
        print_json(
            {
                "depth": depth,
                "unit": unit,
                "nodes": nodes,
                "divide": parts or None,
                "seconds": round(seconds, 3),
            }
        )
        raise SystemExit(EXIT_OK)
    rate = nodes / seconds if seconds > 0 else 0.0
    show(
        *[f"{mv}: {count}" for mv, count in sorted(parts.items())],
        Line(f"perft {depth}: ", (str(nodes), "bold"), f" nodes in {seconds:.2f} s ({rate:,.0f} nodes/s)"),
    )
    raise SystemExit(EXIT_OK)


_HELP = """\
Type a move in SAN (Nf3, exd5, e8=Q, Bxh8+, P@e4, O-O) or in coordinates (g1f3, e7e8q, P@e4), or:
  moves   list the legal moves (SAN and coordinates)
  undo    take back your last move (and the reply to it)
  board   show the board again
  pgn     show the game so far as PGN
  feen    show the position as FEEN (and FEN where the variant has one)
  help    this text
  quit    stop, and show the result"""


def _say(out: Console, text: str, style: str = "") -> None:
    """Print ``text`` as it is: user input and move texts are never read as rich markup."""
    from rich.text import Text

    out.print(Text(text, style=style))


def _tell(text: str, style: str = "", *, stderr: bool = False) -> None:
    """Print ``text`` as it is (user input and move texts are never read as markup): plain in a
    pipe, styled on a terminal (``core.layout.show``)."""
    from notation_toolkit.core.layout import Line, show

    show(*(Line((line, style)) for line in text.split("\n")), stderr=stderr)


@variant.command("play")
@_RULES
@_POSITION
@click.option(
    "--engine",
    "engine_spec",
    default=None,
    metavar="SPEC",
    help="The opponent: builtin, builtin:0.5s, builtin:d3, greedy, random, uci:PATH or an engine's path.",
)
@click.option(
    "--you",
    type=click.Choice(["first", "second", "both", "none"]),
    default=None,
    help="The sides you play (default: first against an engine, both without one).",
)
@click.option(
    "--random",
    "random_side",
    type=click.Choice(["none", "first", "second", "both"]),
    default="none",
    show_default=True,
    help="Sides played by a random mover (the same as --engine random).",
)
@click.option("--seed", type=int, default=None, help="Seed of the opponent's random choices.")
@click.option(
    "--seconds", type=click.FloatRange(0.01, 3600), default=1.0, show_default=True, help="Engine time a move."
)
@click.option("--max-plies", type=click.IntRange(1, 100_000), default=500, show_default=True)
@click.option(
    "--pgn", "pgn_path", type=click.Path(dir_okay=False), default=None, help="Save the game as PGN here."
)
def play_cmd(
    rules: str,
    position: str | None,
    engine_spec: str | None,
    you: str | None,
    random_side: str,
    seed: int | None,
    seconds: float,
    max_plies: int,
    pgn_path: str | None,
) -> None:
    """Play at the terminal against an engine, or two players at one board. Type 'help' at the prompt."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.layout import show
    from notation_toolkit.core.textio import require_stdin
    from notation_toolkit.variant.pgn import Game, parse_san, san, write_game
    from notation_toolkit.variant.players import Player, make_player

    opened = _open(rules, position, "", False)
    if isinstance(opened, int):
        raise SystemExit(opened)
    game_variant, pos = opened
    robots: dict[int, Player] = {}
    try:
        if random_side != "none":
            sides = {"first": (0,), "second": (1,), "both": (0, 1)}[random_side]
            for side in sides:
                robots[side] = make_player("random", game_variant, seed=seed)
        if engine_spec is not None:
            human = {"first": (0,), "second": (1,), "both": (0, 1), "none": ()}[you or "first"]
            for side in (0, 1):
                if side not in human and side not in robots:
                    robots[side] = make_player(engine_spec, game_variant, seed=seed, seconds=seconds)
    except NotationError as exc:
        raise SystemExit(report_error(exc, engine_spec, "--engine", False)) from None
    start = pos.copy()
    names = {side: robots[side].name if side in robots else "you" for side in (0, 1)}
    side_name = ("first (upper case)", "second (lower case)")

    def result_line() -> str:
        outcome = pos.outcome()
        if outcome is None:
            return "game not finished: *"
        if outcome.winner is None:
            return f"draw by {outcome.reason}: {outcome.result()}"
        winner = f"{side_name[outcome.winner].split()[0]} player ({names[outcome.winner]})"
        return f"{winner} wins by {outcome.reason}: {outcome.result()}"

    def record() -> str:
        import datetime

        today = datetime.date.today().strftime("%Y.%m.%d")
        headers = {"Event": "ntk variant play", "Date": today, "White": names[0], "Black": names[1]}
        headers["RuleFile"] = _rule_file_tag(rules, pgn_path)
        game = Game.from_position(pos, headers=headers)
        return write_game(game)

    def save() -> None:
        if pgn_path is None:
            return
        try:
            with open(pgn_path, "w", encoding="utf-8") as handle:
                handle.write(record())
        except OSError as exc:
            _tell(f"cannot write {pgn_path}: {exc.strerror}", "red", stderr=True)
            return
        _tell(f"game saved to {pgn_path}")

    def finish(code: int) -> None:
        _tell(result_line(), "bold")
        save()
        for player in robots.values():
            player.close()
        raise SystemExit(code)

    if robots and len(robots) < 2:
        _tell(f"you play {side_name[1 - next(iter(robots))]}; type 'help' for the commands")
    show_board = True
    while pos.ply - start.ply < max_plies:
        if show_board:
            show(*board_lines(pos))
        show_board = True
        if pos.outcome() is not None:
            finish(EXIT_OK)
        if pos.is_check():
            _tell("check!", "bold red")
        robot = robots.get(pos.turn)
        if robot is not None:
            try:
                mv = robot.choose(pos.copy(), seconds=seconds)
                text = san(pos, mv)
            except NotationError as exc:
                report_error(exc, None, robot.name, False)
                finish(EXIT_INVALID)
                return
            _tell(f"{robot.name} plays {text} ({mv.text})")
            pos.push(mv.text)
            continue
        require_stdin()  # closed stdin: EBADF (exit 3), as in every command, not an internal error
        try:
            text = click.prompt("move", default="quit", show_default=False).strip()
        except click.Abort:
            finish(EXIT_OK)
        show_board = False
        if text in ("quit", "q", "exit"):
            finish(EXIT_OK)
        elif text in ("help", "?", "h"):
            _tell(_HELP)
        elif text == "moves":
            legal = pos.legal_moves()
            shown = sorted(f"{san(pos, m)} ({m.text})" for m in legal)
            _tell(f"{len(legal)} legal moves: " + ", ".join(shown))
        elif text == "board":
            show_board = True
        elif text == "pgn":
            _tell(record())
        elif text in ("feen", "fen"):
            _tell(f"FEEN {pos.feen()}")
            with contextlib.suppress(NotationError):  # FEN only where the variant has one
                _tell(f"FEN  {pos.fen()}")
        elif text == "undo":
            # back to the last position where you were to move
            if not pos.stack or pos.ply <= start.ply:
                _tell("no move to take back", "yellow")
                continue
            pos.pop()
            while pos.stack and pos.ply > start.ply and pos.turn in robots:
                pos.pop()
            show_board = True
        else:
            try:
                mv = parse_san(pos, text)
            except NotationError as exc:
                d = exc.diagnostics[0]
                _tell(f"{d.code}: {d.message}", "red")
                if d.hint:
                    _tell(d.hint, "dim")
                continue
            _tell(f"{names[pos.turn]}: {san(pos, mv)}")
            pos.push(mv)
            show_board = True
    _tell(f"stopped after {max_plies} plies")
    finish(EXIT_INVALID if pos.outcome() is None else EXIT_OK)


def _rule_file_tag(rules: str, pgn_path: str | None) -> str:
    """The rule file's path as a PGN's [RuleFile] tag: relative to the PGN file (``ntk variant
    replay`` reads it so), absolute where no relative path leads there."""
    import os

    where = os.path.dirname(os.path.abspath(pgn_path)) if pgn_path else os.getcwd()
    try:
        return os.path.relpath(os.path.abspath(rules), where)
    except ValueError:  # another drive (Windows)
        return os.path.abspath(rules)


@variant.command("match")
@click.argument("first")
@click.argument("second")
@_RULES
@_POSITION
@click.option("--games", "-n", type=click.IntRange(1, 100_000), default=20, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the openings and the players.")
@click.option(
    "--seconds", type=click.FloatRange(0.01, 3600), default=1.0, show_default=True, help="Time a move."
)
@click.option(
    "--max-plies", type=click.IntRange(1, 100_000), default=300, show_default=True, help="Then a draw."
)
@click.option(
    "--random-plies",
    type=click.IntRange(0, 100),
    default=2,
    show_default=True,
    help="Random opening moves (per pair).",
)
@click.option(
    "--pgn", "pgn_path", type=click.Path(dir_okay=False), default=None, help="Save every game as PGN here."
)
@json_option
def match_cmd(
    first: str,
    second: str,
    rules: str,
    position: str | None,
    games: int,
    seed: int,
    seconds: float,
    max_plies: int,
    random_plies: int,
    pgn_path: str | None,
    as_json: bool,
) -> None:
    """Play a seeded match of FIRST against SECOND (player specs: builtin, builtin:d3, greedy, random,
    uci:PATH ...), colours swapped in pairs; the score with its 95% interval and the Elo difference."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.variant.match import MatchGame, run_match, summarize
    from notation_toolkit.variant.pgn import Game, write_game

    opened = _open(rules, position, "", as_json)
    if isinstance(opened, int):
        raise SystemExit(opened)
    game_variant, pos = opened
    played: list[MatchGame] = []
    out = console(stderr=as_json)
    records: list[str] = []
    try:
        for g in run_match(
            game_variant,
            first,
            second,
            games=games,
            seed=seed,
            seconds=seconds,
            max_plies=max_plies,
            random_plies=random_plies,
            start=pos,
        ):
            played.append(g)
            white, black = (first, second) if g.first_white else (second, first)
            _say(out, f"game {g.index + 1}: {white} - {black} {g.result} ({g.reason}, {len(g.moves)} plies)")
            if pgn_path is not None:
                start = game_variant.position(g.start)
                for mv in g.moves:
                    start.push(mv)
                record = Game.from_position(
                    start,
                    headers={
                        "Event": f"{first} - {second}",
                        "Round": str(g.index + 1),
                        "White": white,
                        "Black": black,
                        "RuleFile": _rule_file_tag(rules, pgn_path),
                    },
                )
                if record.headers["Result"] == "*":
                    record.headers["Result"] = g.result
                records.append(write_game(record))
    except NotationError as exc:
        raise SystemExit(report_error(exc, None, "match", as_json)) from None
    summary = summarize(first, second, played)
    if pgn_path is not None:
        try:
            with open(pgn_path, "w", encoding="utf-8") as handle:
                handle.write("\n".join(records))
        except OSError as exc:
            _say(console(stderr=True), f"cannot write {pgn_path}: {exc.strerror}", "red")
            raise SystemExit(EXIT_IO) from None
    if as_json:
        print_json(
            {
                "first": first,
                "second": second,
                "variant": game_variant.name,
                "games": summary.games,
                "wins": summary.wins,
                "draws": summary.draws,
                "losses": summary.losses,
                "score": round(summary.score, 4),
                "wilson95": [round(x, 4) for x in summary.interval],
                "elo": round(summary.elo, 1),
                "elo_error95": round(summary.elo_error, 1),
                "seed": seed,
                "seconds": seconds,
                "records": [
                    {
                        "index": g.index,
                        "seed": g.seed,
                        "first_white": g.first_white,
                        "result": g.result,
                        "reason": g.reason,
                        "plies": len(g.moves),
                        "seconds": round(g.seconds, 3),
                    }
                    for g in played
                ],
            }
        )
        raise SystemExit(EXIT_OK)
    low, high = summary.interval
    _say(
        out,
        f"{first} vs {second}: +{summary.wins} ={summary.draws} -{summary.losses} in {summary.games} games, "
        f"score {summary.score:.1%} (95%: {low:.1%} - {high:.1%}), "
        f"Elo {summary.elo:+.0f} ± {summary.elo_error:.0f}",
        "bold",
    )
    raise SystemExit(EXIT_OK)


@variant.command("replay")
@click.argument("pgn_file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--rules", "rules", type=click.Path(dir_okay=False), default=None, help="The rule file of the games."
)
@json_option
def replay_cmd(pgn_file: str, rules: str | None, as_json: bool) -> None:
    """Replay every game of a PGN file through the variant core; report the first illegal or
    ambiguous move of each game, pointing into the PGN (the rule file from --rules or each game's
    [RuleFile] tag, relative to the PGN file)."""
    import os

    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.core.render import diagnostics_data, show_diagnostics
    from notation_toolkit.core.textio import read_text_file
    from notation_toolkit.variant import Variant
    from notation_toolkit.variant.pgn import replay

    try:
        # bounded as every text file (core.textio: NTK_MAX_TEXT, NTK005 for bytes that are not UTF-8)
        text = read_text_file(pgn_file).text
    except NotationError as exc:
        raise SystemExit(report_error(exc, None, pgn_file, as_json)) from None
    variant_of: Variant | None = None
    if rules is not None:
        opened = _open(rules, None, "", as_json)
        if isinstance(opened, int):
            raise SystemExit(opened)
        variant_of = opened[0]
    base = os.path.dirname(os.path.abspath(pgn_file)) if pgn_file != "-" else os.getcwd()
    loaded: dict[str, Variant] = {}

    def load_rules(path: str) -> Variant:
        full = path if os.path.isabs(path) else os.path.join(base, path)
        if full not in loaded:
            loaded[full] = Variant.load(full)
        return loaded[full]

    out = console()
    results: list[dict[str, object]] = []
    failed = 0
    try:
        for number, result in enumerate(replay(text, variant=variant_of, load_rules=load_rules), start=1):
            game = result.game
            label = f"game {number} ({game.headers.get('White', '?')} - {game.headers.get('Black', '?')})"
            plies = len(game.mainline_moves())
            if result.error is None:
                results.append(
                    {"game": number, "ok": True, "plies": plies, "result": game.headers.get("Result", "*")}
                )
                if not as_json:
                    _say(out, f"{label}: {plies} plies, {game.headers.get('Result', '*')}")
                continue
            failed += 1
            results.append(
                {"game": number, "ok": False, **diagnostics_data(result.error.diagnostics, text, pgn_file)}
            )
            if not as_json:
                _say(out, f"{label}:", "bold")
                show_diagnostics(result.error.diagnostics, text, pgn_file)
    except NotationError as exc:  # the reader's limits stop the file
        raise SystemExit(report_error(exc, text, pgn_file, as_json)) from None
    if as_json:
        print_json({"games": results, "failed": failed})
    elif not results:
        _say(out, "no game in the file")
    else:
        _say(out, f"{len(results) - failed} of {len(results)} games replay", "bold")
    raise SystemExit(EXIT_INVALID if failed or not results else EXIT_OK)


@variant.command(
    "compile",
    short_help="Build (or remove) the optional compiled variant core (mypyc; a C compiler needed).",
)
@click.option(
    "--clean", is_flag=True, help="Remove the compiled build: the pure-Python modules are used again."
)
@click.option("--status", "status_only", is_flag=True, help="Only report which modules are compiled.")
@click.option("--verbose", is_flag=True, help="Show the compiler's output while it builds.")
@json_option
def compile_cmd(clean: bool, status_only: bool, verbose: bool, as_json: bool) -> None:
    """Compile the variant core (move generator, positions, compiled pieces, every rule component)
    with mypyc (optional).

    The extensions are written next to the installed sources and used from the next start; the
    answers are those of the pure-Python modules, only faster. Needs `pip install
    'notation-toolkit[native]'` and a C compiler, and takes several minutes. A build older than its
    sources is ignored (with a warning); NTK_PURE_PYTHON=1 ignores it too.
    """
    import time

    from notation_toolkit.core.cli import usage
    from notation_toolkit.core.layout import Line, show
    from notation_toolkit.core.native import BuildError
    from notation_toolkit.variant.native import BUILD

    if clean and status_only:
        raise SystemExit(usage("--clean and --status cannot be combined"))
    action = "status"
    files: list[str] = []
    start = time.perf_counter()
    try:
        if clean:
            action = "clean"
            files = BUILD.clean()
        elif not status_only:
            action = "build"
            if not as_json:
                count = len(BUILD.modules())
                show(f"compiling {count} modules with mypyc (several minutes)...", stderr=True)
            files = BUILD.build(verbose=verbose)
    except BuildError as exc:
        if as_json:
            print_json({"action": action, "ok": False, "error": str(exc)})
        else:
            show(Line(("ntk variant compile: error:", "bold red"), " ", str(exc)), stderr=True)
        raise SystemExit(EXIT_INVALID) from None
    seconds = time.perf_counter() - start if action == "build" else 0.0
    state = BUILD.status()
    if as_json:
        print_json({"action": action, "ok": True, "files": files, "seconds": round(seconds, 1), **state})
        raise SystemExit(EXIT_OK)
    if action == "build":
        where = f" files in {seconds:.0f} s under {state['root']}"
        show(Line("built ", (f"{len(files)}", "bold green"), where))
    elif action == "clean":
        show(Line("removed ", (f"{len(files)}", "bold green"), " files: the pure-Python modules are used"))
    show(native_table(state))
    raise SystemExit(EXIT_OK)


def native_table(state: dict[str, Any]) -> Table:
    """The per-module state of a compiled build (``core.native.NativeBuild.status``)."""
    from notation_toolkit.core.layout import Line, Table

    table = Table("compiled build" + (" (NTK_PURE_PYTHON set)" if state["pure_python_requested"] else ""))
    for column in ("module", "built", "current", "imports"):
        table.add_column(column)
    for row in state["modules"]:
        table.add_row(
            row["module"],
            "yes" if row["built"] else "no",
            "yes" if row["current"] else ("stale" if row["built"] else "-"),
            Line((row["imports"], "bold green" if row["imports"] == "compiled" else "")),
        )
    return table
