"""A UCI engine driver for the variants of FBR rule files (Fairy-Stockfish or any UCI engine that
knows the variant).

The rule file is exported as a ``variants.ini`` section (``export_ini``) under a name of its own,
handed to the engine with ``VariantPath`` and selected with ``UCI_Variant``. Moves go to the engine
as the variant core writes them (the UCI forms Fairy-Stockfish uses: ``e2e4``, ``e7e8q``, ``a4a5+``,
``P@e4``, castling as the king's move) and come back checked by the core: an engine move the core
calls illegal raises ``FsfError`` (FSF501) and is never played. Reads are bounded (line length,
lines per answer) and every wait has a timeout; ``close`` always ends the process.
"""

from __future__ import annotations

import contextlib
import os
import queue
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from notation_toolkit.core.codes import info_of
from notation_toolkit.fsf import codes
from notation_toolkit.fsf.errors import FsfError

if TYPE_CHECKING:
    from notation_toolkit.variant import Move, Position, Variant

MAX_LINE = 1 << 16
MAX_LINES = 100_000
DEFAULT_TIMEOUT = 10.0
DEFAULT_SECONDS = 1.0


def _failed(engine: str, why: str) -> FsfError:
    return FsfError([info_of(codes.ENGINE_FAILED).diagnostic(engine=engine, why=why)])


@dataclass(frozen=True, slots=True)
class Analysis:
    """The engine's answer for a position: its best move (checked by the core), the ponder move
    if any, and the last ``info`` line's score and principal variation."""

    bestmove: str
    ponder: str | None
    score: str | None
    depth: int | None
    pv: tuple[str, ...]


class UciEngine:
    """One engine process. Use as a context manager, or call ``close``."""

    def __init__(self, path: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.path = path
        self.timeout = timeout
        self.name = os.path.basename(path)
        self.options: dict[str, str] = {}
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._ini: str | None = None
        self._variant: Variant | None = None
        try:
            self._process = subprocess.Popen(
                [path],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise _failed(path, f"cannot start it: {exc.strerror or exc}") from None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        try:
            self._send("uci")
            for line in self._until(lambda s: s == "uciok"):
                if line.startswith("id name "):
                    self.name = line[len("id name ") :].strip()
                elif line.startswith("option name "):
                    name = line[len("option name ") :].split(" type ")[0].strip()
                    self.options[name] = line
        except FsfError:
            self.close()
            raise

    # -- process I/O ----------------------------------------------------------------------------

    def _read(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        try:
            while True:
                line = stream.readline(MAX_LINE)
                if not line:
                    break
                self._lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):  # the pipe closed under us: the engine is gone
            pass
        self._lines.put(None)

    def _send(self, line: str) -> None:
        stdin = self._process.stdin
        if stdin is None or self._process.poll() is not None:
            raise _failed(self.name, "the engine has exited")
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise _failed(self.name, "the engine closed its input") from None

    def _until(self, done: object, timeout: float | None = None) -> list[str]:
        deadline = time.monotonic() + (timeout if timeout is not None else self.timeout)
        out: list[str] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise _failed(self.name, f"no answer within {timeout or self.timeout:g} s")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise _failed(self.name, "the engine exited while answering")
            out.append(line)
            if len(out) > MAX_LINES:
                raise _failed(self.name, f"more than {MAX_LINES} lines without an answer")
            if done(line):  # type: ignore[operator]
                return out

    def ready(self) -> None:
        """``isready`` / ``readyok``."""
        self._send("isready")
        self._until(lambda s: s == "readyok")

    # -- variants -------------------------------------------------------------------------------

    def load_variant(self, variant: Variant) -> str:
        """Give the engine the variant's ``variants.ini`` section; return the ``UCI_Variant`` name."""
        from notation_toolkit.fsf.exporter import export_ini, section_name

        name = "ntk-" + section_name(variant.name)
        ini = export_ini(variant, name=name)
        if "VariantPath" not in self.options or "UCI_Variant" not in self.options:
            raise _failed(self.name, "it has no VariantPath / UCI_Variant option (not a variant engine)")
        handle, path = tempfile.mkstemp(prefix="ntk-", suffix=".ini")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(ini)
        self._ini = path
        self._send(f"setoption name VariantPath value {path}")
        self.ready()
        self._send(f"setoption name UCI_Variant value {name}")
        self._send("ucinewgame")
        self.ready()
        self._variant = variant
        return name

    # -- play -----------------------------------------------------------------------------------

    def analyse(
        self, position: Position, *, seconds: float | None = None, depth: int | None = None
    ) -> Analysis:
        """The engine's best move in ``position`` (checked by the variant core)."""
        if self._variant is None:
            raise _failed(self.name, "no variant loaded (call load_variant first)")
        self._send(position_command(position, self._variant))
        limit = (
            f"depth {depth}" if depth is not None else f"movetime {int(1000 * (seconds or DEFAULT_SECONDS))}"
        )
        self._send(f"go {limit}")
        wait = (seconds or DEFAULT_SECONDS) + self.timeout if depth is None else max(self.timeout, 60.0)
        lines = self._until(lambda s: s.startswith("bestmove"), timeout=wait)
        words = lines[-1].split()
        best = words[1] if len(words) > 1 else "(none)"
        ponder = words[3] if len(words) > 3 and words[2] == "ponder" else None
        score, found_depth, pv = _last_info(lines)
        check_move(position, best, self.name)
        return Analysis(best, ponder, score, found_depth, pv)

    def close(self) -> None:
        """Ask the engine to quit; end it if it does not within the timeout."""
        process = self._process
        if process.poll() is None:
            with contextlib.suppress(FsfError):
                self._send("quit")
            try:
                process.wait(timeout=min(self.timeout, 5.0))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5.0)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        if self._ini is not None:
            with contextlib.suppress(OSError):
                os.unlink(self._ini)
            self._ini = None

    def __enter__(self) -> UciEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _last_info(lines: list[str]) -> tuple[str | None, int | None, tuple[str, ...]]:
    for line in reversed(lines):
        if not line.startswith("info ") or (" pv " not in line and " score " not in line):
            continue
        words = line.split()
        score = None
        depth = None
        pv: tuple[str, ...] = ()
        if "score" in words:
            i = words.index("score")
            score = " ".join(words[i + 1 : i + 3])
        if "depth" in words:
            value = words[words.index("depth") + 1]
            depth = int(value) if value.isdigit() else None
        if "pv" in words:
            pv = tuple(words[words.index("pv") + 1 :])
        return score, depth, pv
    return None, None, ()


def position_command(position: Position, variant: Variant) -> str:
    """``position startpos moves ...`` when the position is the variant's start followed by its
    move stack (the engine then knows the repetitions), else ``position fen ...``."""
    from notation_toolkit.core.errors import NotationError

    moves = position.move_stack
    if variant.start_text is not None:
        try:
            replay = variant.start()
            for move in moves:
                replay.push(move)
            if replay.feen() == position.feen():
                return "position startpos" + (" moves " + " ".join(moves) if moves else "")
        except NotationError:
            pass
    from notation_toolkit.fsf.exporter import fsf_fen

    return f"position fen {fsf_fen(position, variant)}"


def check_move(position: Position, text: str, engine: str) -> Move:
    """The core's move for the engine's ``text``; ``FsfError`` (FSF501) when it is not legal."""
    legal = {m.text: m for m in position.legal_moves()}
    move = legal.get(text) or legal.get(text.lower())
    if move is None:
        why = "no legal moves here" if not legal else "the variant core does not list it"
        raise FsfError([info_of(codes.ENGINE_ILLEGAL).diagnostic(move=text, why=why)])
    return move


class UciPlayer:
    """A UCI engine as a player of ``ntk variant play`` (the ``Player`` protocol of
    ``notation_toolkit.variant.players``): ``choose`` returns a legal move of the core."""

    def __init__(self, path: str, variant: Variant) -> None:
        self.variant = variant
        self.engine = UciEngine(path)
        try:
            self.engine.load_variant(variant)
        except FsfError:
            self.engine.close()
            raise
        self.name = self.engine.name

    def choose(self, position: Position, *, seconds: float | None = None) -> Move:
        """The engine's move in ``position`` (``seconds`` of thinking, default 1 s)."""
        analysis = self.engine.analyse(position, seconds=seconds)
        return check_move(position, analysis.bestmove, self.name)

    def close(self) -> None:
        """End the engine process."""
        self.engine.close()
