"""``ntk dice play``: a human against the engine in the terminal (works with piped standard input)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from notation_toolkit.core.errors import NotationError
from notation_toolkit.dicechess.dice import roll, to_letters
from notation_toolkit.dicechess.engine.board import board_text, dice_text, moves_table, squares_of
from notation_toolkit.dicechess.engine.evaluate import WIN
from notation_toolkit.dicechess.engine.search import REFINE_BUDGET, Engine, SearchResult
from notation_toolkit.dicechess.game import Game, GameEvent
from notation_toolkit.dicechess.tables import BLACK

HELP = """\
Type a micro-move in UCI (e2e4, e7e8q; castling as the king's move e1g1), or several separated by
spaces. Commands:
  moves    list the legal micro-moves again      board   show the board
  dfen     print the position as DFEN             hint    ask the engine for a turn
  undo     take back (this turn, else your last turn)
  resign   give up the game                       quit    leave (same as end of input)
  help     this text"""


def format_value(value: float) -> str:
    """An engine value for people: pawns with a sign, or who wins."""
    if value >= WIN:
        return "king capture"
    if value <= -WIN:
        return "king lost"
    return f"{value / 100:+.2f}"


@dataclass(slots=True)
class PlaySession:
    """State of one terminal game (kept apart from the I/O so that tests can drive it)."""

    human: str
    time_limit: float | None
    depth: int | None
    seed: int | None
    start: str | None = None
    glyphs: bool = False
    game: Game = field(init=False)
    engine: Engine = field(init=False)
    rng: random.Random = field(init=False)
    turn_starts: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    last_turn: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        self.game = Game(self.start)
        self.engine = Engine(refine_budget=REFINE_BUDGET)
        self.rng = random.Random(self.seed)

    def roll(self) -> str:
        """Roll the dice for the side to move (seeded), return the letters."""
        letters = to_letters(roll(self.rng))
        return self.game.roll(letters)

    def engine_turn(self) -> SearchResult:
        """Let the engine play its whole turn."""
        result = self.engine.best_turn(self.game.position, time_limit=self.time_limit, depth=self.depth)
        for move in result.moves:
            self.game.play(move)
        return result


def run_play(session: PlaySession, console: Console, read: Callable[[str], str]) -> int:
    """The game loop. ``read`` is ``input``-like and raises ``EOFError`` at end of input. Returns 0."""
    game = session.game
    flip = session.human == "b"

    def show_board() -> None:
        console.print(
            board_text(
                game.position, highlight=squares_of(session.last_turn), flip=flip, glyphs=session.glyphs
            )
        )

    def show_turn() -> None:
        console.print(_turn_header(game))
        moves = game.legal_micro_moves()
        if moves:
            console.print(moves_table(moves))

    console.print(
        Panel.fit(
            f"Dice Chess: you play {'White' if session.human == 'w' else 'Black'} against the engine "
            f"({_limit(session)}). Capture the king to win. Type 'help' for commands.",
            title="ntk dice play",
        )
    )
    show_board()
    while not game.is_over:
        if game.awaiting_roll:
            mover = "White" if game.turn == "w" else "Black"
            letters = session.roll()
            if game.awaiting_roll or game.is_over:
                console.print(f"{mover} rolls {letters}: no die can be used, the turn passes (R10).")
                session.log.append(f"{mover}: {letters} pass")
                continue
            if game.turn == session.human:
                session.turn_starts.append(game.dfen())
        if game.turn != session.human:
            pool = game.pool
            result = session.engine_turn()
            session.last_turn = result.moves
            session.log.append(f"engine: {pool} {' '.join(result.moves) or 'pass'}")
            console.print(
                f"[bold]Engine[/] rolls {pool} and plays [bold cyan]{' '.join(result.moves)}[/] "
                f"(value {format_value(result.value)}, depth {result.depth}, {result.nodes} nodes, "
                f"{result.seconds:.2f} s)"
            )
            show_board()
            continue
        show_turn()
        try:
            line = read("your move> ").strip()
        except EOFError:
            console.print("\nEnd of input: the game is abandoned.")
            console.print(f"DFEN: {game.dfen()}")
            return 0
        except NotationError as exc:  # a line longer than the prompt reads (NTK001), skipped
            console.print(Text(exc.diagnostics[0].message, style="red"))
            continue
        if not line:
            continue
        words = line.split()
        command = words[0].lower()
        if command == "help":
            console.print(HELP)
        elif command == "moves":
            continue
        elif command == "board":
            show_board()
        elif command == "dfen":
            console.print(game.dfen())
        elif command == "hint":
            advice = session.engine.best_turn(
                game.position, time_limit=session.time_limit, depth=session.depth
            )
            console.print(f"hint: {' '.join(advice.moves)} (value {format_value(advice.value)})")
        elif command == "undo":
            _undo(session, console)
            game = session.game
            show_board()
        elif command in ("resign", "quit", "exit"):
            console.print(
                "You resign." if command == "resign" else "You leave the game (counted as resigned)."
            )
            console.print(f"Result: {'0-1' if session.human == 'w' else '1-0'}   DFEN: {game.dfen()}")
            return 0
        else:
            played: list[str] = []
            for word in words:
                try:
                    game.play(word)
                except NotationError as exc:
                    # what the user typed is shown as typed (Text), never read as markup
                    console.print(Text(f"{word}: {exc.diagnostics[0].message}", style="red"))
                    hint = exc.diagnostics[0].hint
                    if hint:
                        console.print(Text(f"  hint: {hint}"))
                    break
                played.append(word)
                if game.awaiting_roll or game.is_over:
                    break
            if played and (game.awaiting_roll or game.is_over):
                session.last_turn = tuple(_this_turn(session, game))
                session.log.append(f"you: {' '.join(session.last_turn)}")
                show_board()
    console.print(Panel.fit(_result_text(game, session.human), title="game over"))
    console.print(f"Final DFEN: {game.dfen()}")
    return 0


def _turn_header(game: Game) -> str:
    """Header line of the human's turn: side, dice left and DFEN field 7."""
    pos = game.position
    dice = dice_text(pos.pool, black=pos.turn == BLACK).plain
    return f"[bold]Your dice:[/] {dice}  ([dim]pool {game.pool}[/])"


def _this_turn(session: PlaySession, game: Game) -> list[str]:
    moves: list[str] = []
    for event in reversed(game.history):
        if event.kind == "roll":
            break
        if event.kind in ("move", "king-capture"):
            moves.append(event.text)
    return list(reversed(moves))


def _undo(session: PlaySession, console: Console) -> None:
    game = session.game
    if not session.turn_starts:
        console.print("Nothing to undo.")
        return
    moved = any(e.kind in ("move", "king-capture") for e in _since_roll(game))
    if not moved:
        if len(session.turn_starts) < 2:
            console.print("Nothing to undo.")
            return
        session.turn_starts.pop()
    dfen = session.turn_starts[-1]
    session.game = Game(dfen)
    session.last_turn = ()
    console.print(f"Back to the start of your turn: {dfen}")


def _since_roll(game: Game) -> list[GameEvent]:
    out: list[GameEvent] = []
    for event in reversed(game.history):
        if event.kind == "roll":
            break
        out.append(event)
    return out


def _result_text(game: Game, human: str) -> str:
    if game.result == "1/2-1/2":
        return "Draw: 100 micro-moves without a capture or a pawn move (R16)."
    won = game.winner == human
    who = "You capture" if won else "The engine captures"
    return f"{who} the king: {game.result}. {'Well played!' if won else 'Better luck next time.'}"


def _limit(session: PlaySession) -> str:
    if session.depth is not None:
        return f"depth {session.depth}"
    return f"{session.time_limit:g} s per turn"
