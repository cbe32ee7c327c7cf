"""The studio's JSON API as plain functions: a request (a ``dict`` read from JSON) in, a status
and a JSON-ready ``dict`` out. The web server (``notation_toolkit.studio.server``) only moves
bytes; tests call ``Studio.handle`` directly too.

The API is stateless about games: a request carries the rule file's text, the set-up position
(``null``: the rule file's start) and the moves played, and the answer describes the position
they lead to. Undo and redo are the page dropping or re-adding moves. Every answer is an object
with ``"ok"``; a failure is ``{"ok": false, "diagnostics": [...]}`` with the toolkit's
diagnostics (code, message, span, hint, fix), never a traceback. Input sizes are capped and
long computations (perft, the opponent) have a time budget.
"""

from __future__ import annotations

import functools
import os
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import NotationError
from notation_toolkit.studio import codes

if TYPE_CHECKING:
    from notation_toolkit.variant import Position, Variant

__all__ = ["LIMITS", "ApiError", "Limits", "Studio"]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Limits:
    """What one request may ask for (sizes in characters, times in seconds)."""

    body: int = 1 << 20
    rules: int = 64 << 10
    position: int = 4096
    moves: int = 2000
    move: int = 32
    perft_depth: int = 8
    perft_seconds: float = 10.0
    opponent_seconds: float = 10.0
    request_seconds: float = 15.0


LIMITS: Final = Limits()


class ApiError(NotationError):
    """A request the studio refuses: its diagnostics and the HTTP status that goes with them."""

    def __init__(self, diagnostics: list[Diagnostic], status: int = 400, **extra: Any) -> None:
        super().__init__(diagnostics)
        self.status = status
        self.extra = extra


def _error(code: str, status: int = 400, **params: object) -> ApiError:
    return ApiError([info_of(code).diagnostic_from("", params)], status)


def field_error(name: str, reason: str) -> ApiError:
    """STU103 for the request field ``name``."""
    return _error(codes.BAD_FIELD, name=name, reason=reason)


# ------------------------------------------------------------------------------------------------
# Reading request fields


def _text(body: JSON, name: str, limit: int, *, default: str | None = None) -> str:
    value = body.get(name, default)
    if not isinstance(value, str):
        raise field_error(name, "a string is required")
    if len(value) > limit:
        raise ApiError(
            [
                info_of(codes.TOO_LARGE).diagnostic(
                    size=len(value), limit=limit, what=f"field {name!r}", unit="characters"
                )
            ],
            413,
        )
    return value


def _optional_text(body: JSON, name: str, limit: int) -> str | None:
    if body.get(name) is None:
        return None
    return _text(body, name, limit)


def _moves(body: JSON, limits: Limits) -> list[str]:
    value = body.get("moves", [])
    if not isinstance(value, list):
        raise field_error("moves", "a list of moves (strings) is required")
    if len(value) > limits.moves:
        raise field_error("moves", f"at most {limits.moves} moves, got {len(value)}")
    for item in value:
        if not isinstance(item, str) or len(item) > limits.move:
            raise field_error("moves", f"each move is a string of at most {limits.move} characters")
    return list(value)


def _int(body: JSON, name: str, default: int, low: int, high: int) -> int:
    value = body.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise field_error(name, "an integer is required")
    if not low <= value <= high:
        raise field_error(name, f"{value} is not between {low} and {high}")
    return value


def _bool(body: JSON, name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise field_error(name, "true or false is required")
    return value


# ------------------------------------------------------------------------------------------------
# Diagnostics as the page uses them


def _utf16(text: str, offset: int) -> int:
    # The page's editor counts UTF-16 code units (JavaScript strings); the toolkit counts code points.
    head = text[: max(0, min(offset, len(text)))]
    return len(head) + sum(1 for ch in head if ord(ch) > 0xFFFF)


def diagnostic_json(d: Diagnostic, text: str | None = None) -> JSON:
    """A diagnostic's ``to_dict()``, plus its span as UTF-16 ``from``/``to`` offsets into ``text``
    (and the same for its fix) so that the page can select it."""
    out = d.to_dict()
    if text is not None and d.span is not None:
        out["from"], out["to"] = _utf16(text, d.span.offset), _utf16(text, d.span.end)
    if text is not None and d.fix is not None and d.fix.span is not None and out["fix"] is not None:
        out["fix"]["from"] = _utf16(text, d.fix.span.offset)
        out["fix"]["to"] = _utf16(text, d.fix.span.end)
    return out


def failure(exc: NotationError, text: str | None = None, **extra: Any) -> JSON:
    """The answer to a request that failed: its diagnostics."""
    return {"ok": False, "diagnostics": [diagnostic_json(d, text) for d in exc.diagnostics], **extra}


# ------------------------------------------------------------------------------------------------
# Variants and positions


@functools.lru_cache(maxsize=16)
def _variant(text: str) -> Variant | NotationError:
    # Failures are cached too: the page asks for the same text's check, board and pieces at once.
    from notation_toolkit.variant import Variant

    try:
        return Variant.from_text(text)
    except NotationError as exc:
        return exc
    except (RecursionError, MemoryError, OverflowError, ValueError) as exc:
        # The notations' own bounds should catch every hostile input first; a guard all the same.
        diagnostic = info_of(codes.NOT_AVAILABLE).diagnostic(what="this rule file", reason=str(exc)[:200])
        return NotationError([diagnostic])


def load_variant(text: str) -> Variant:
    """The variant of a rule file's text (cached: the page sends the same text with every move)."""
    found = _variant(text)
    if isinstance(found, NotationError):
        raise ApiError(list(found.diagnostics), 422, where="rules")
    return found


def _position(variant: Variant, setup: str | None, moves: list[str]) -> Position:
    try:
        pos = variant.start() if setup is None else variant.position(setup)
    except NotationError as exc:
        raise ApiError(list(exc.diagnostics), 422, where="position") from None
    for index, text in enumerate(moves):
        try:
            pos.push(text)
        except NotationError as exc:
            raise ApiError(list(exc.diagnostics), 422, where="moves", index=index) from None
    return pos


def _move_json(text: str) -> JSON:
    if "@" in text:
        letter, _, target = text.partition("@")
        return {"uci": text, "from": None, "to": target, "drop": letter, "promotion": None}
    import re

    found = re.fullmatch(r"([a-z]+[0-9]+)([a-z]+[0-9]+)(.*)", text)
    if found is None:
        return {"uci": text, "from": None, "to": None, "drop": None, "promotion": None}
    return {
        "uci": text,
        "from": found.group(1),
        "to": found.group(2),
        "drop": None,
        "promotion": found.group(3) or None,
    }


def _fen(pos: Position) -> str | None:
    try:
        return pos.fen()
    except NotationError:
        return None


def _setup(body: JSON, limits: Limits) -> tuple[Variant, str, Position, list[str]]:
    rules = _text(body, "rules", limits.rules)
    setup = _optional_text(body, "position", limits.position)
    moves = _moves(body, limits)
    variant = load_variant(rules)
    return variant, rules, _position(variant, setup, moves), moves


# ------------------------------------------------------------------------------------------------
# Opponents


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """An opponent the page can choose: its spec and a label."""

    spec: str
    label: str


def _uci_engines() -> list[tuple[str, str]]:
    """UCI engines found on ``PATH`` or in ``/usr/games`` (where Debian installs Fairy-Stockfish):
    (label, path)."""
    import shutil

    found = []
    for name, label in (("fairy-stockfish", "Fairy-Stockfish"),):
        path = shutil.which(name) or shutil.which(name, path="/usr/games")
        if path is not None:
            found.append((label, path))
    return found


def players() -> list[PlayerInfo]:
    """The opponents offered (``variant.players.make_player`` specs): the random mover, the one-ply
    greedy capturer, the builtin engine, and the UCI engines found (``_uci_engines``)."""
    found = [
        PlayerInfo("random", "random mover"),
        PlayerInfo("greedy", "greedy capturer (one ply)"),
        PlayerInfo("builtin", "builtin engine"),
    ]
    found.extend(PlayerInfo(f"uci:{path}", f"{label} (UCI)") for label, path in _uci_engines())
    return found


def _choose(spec: str, variant: Variant, pos: Position, seed: int | None, seconds: float) -> str:
    legal = pos.legal_moves()
    if not legal:
        raise field_error("moves", "the game is over: there is no move to choose")
    if spec == "random":
        return random.Random(seed).choice(legal).text
    known = [p.spec for p in players()]
    if spec not in known:
        raise ApiError([info_of(codes.NO_PLAYER).diagnostic(spec=spec, known=", ".join(known))], 400)
    from notation_toolkit.variant.players import make_player

    player = make_player(spec, variant, seed=seed, seconds=seconds)
    try:
        chosen = player.choose(pos, seconds=seconds)
    finally:
        player.close()
    return chosen.text


# ------------------------------------------------------------------------------------------------
# The studio


@dataclass(slots=True)
class Studio:
    """The API of one studio: the rule file it edits (``path``, may be ``None``) and its limits."""

    path: Path | None = None
    limits: Limits = LIMITS
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def handle(self, method: str, endpoint: str, body: JSON | None = None) -> tuple[int, JSON]:
        """Answer one request: ``(HTTP status, JSON object)``. Never raises for bad input."""
        routes: dict[tuple[str, str], Callable[[JSON], JSON]] = {
            ("GET", "file"): self.file,
            ("GET", "players"): self.players,
            ("POST", "save"): self.save,
            ("POST", "check"): self.check,
            ("POST", "game"): self.game,
            ("POST", "opponent"): self.opponent,
            ("POST", "perft"): self.perft,
            ("POST", "pieces"): self.pieces,
            ("POST", "pgn"): self.pgn,
            ("POST", "ini"): self.ini,
        }
        route = routes.get((method.upper(), endpoint))
        if route is None:
            known = ", ".join(f"{m} /api/{e}" for m, e in routes)
            return 404, failure(
                _error(codes.NOT_FOUND, path=f"{method.upper()} /api/{endpoint}", known=known)
            )
        try:
            return 200, route(body or {})
        except ApiError as exc:
            # spans of the rule file or of the position, as UTF-16 offsets into the text they are in
            where = exc.extra.get("where")
            text = body.get("rules" if where == "rules" else "position") if body and where else None
            return exc.status, failure(exc, text if isinstance(text, str) else None, **exc.extra)
        except NotationError as exc:
            return 422, failure(exc)

    # -- the rule file -----------------------------------------------------------------------------

    def file(self, body: JSON) -> JSON:
        """``GET /api/file``: the rule file's path and text (a chess rule file when the studio was
        started without one, or with a file that does not exist yet)."""
        text: str | None = None
        if self.path is not None and self.path.exists():
            from notation_toolkit.core.textio import decode

            try:
                data = self.path.read_bytes()
            except OSError as exc:
                raise _error(
                    codes.SAVE_FAILED, 500, path=str(self.path), reason=exc.strerror or str(exc)
                ) from None
            if len(data) > self.limits.rules:
                raise ApiError(
                    [
                        info_of(codes.TOO_LARGE).diagnostic(
                            size=len(data), limit=self.limits.rules, what="the rule file", unit="bytes"
                        )
                    ],
                    413,
                )
            text = decode(data, str(self.path)).text
        return {
            "ok": True,
            "path": None if self.path is None else str(self.path),
            "text": text if text is not None else default_rules(),
        }

    def save(self, body: JSON) -> JSON:
        """``POST /api/save {text}``: write the text to the rule file (UTF-8)."""
        text = _text(body, "text", self.limits.rules)
        if self.path is None:
            raise _error(codes.NO_FILE)
        with self._lock:
            try:
                temporary = self.path.with_name(self.path.name + ".studio-tmp")
                temporary.write_text(text, encoding="utf-8", newline="")
                os.replace(temporary, self.path)
            except OSError as exc:
                raise _error(
                    codes.SAVE_FAILED, 500, path=str(self.path), reason=exc.strerror or str(exc)
                ) from None
        return {"ok": True, "path": str(self.path), "bytes": len(text.encode("utf-8"))}

    def check(self, body: JSON) -> JSON:
        """``POST /api/check {text}``: the language server's diagnostics of the rule file, then
        (when it has no error) the variant core's: can it be played, is its start position valid."""
        from notation_toolkit.core.registry import get_notation
        from notation_toolkit.lsp.analysis import check

        text = _text(body, "text", self.limits.rules)
        found = check(get_notation("fbr"), text)
        variant: Variant | None = None
        if not any(d.severity is Severity.ERROR for d in found):
            try:
                variant = load_variant(text)
                variant.start()
            except ApiError as exc:
                found.extend(exc.diagnostics)
                variant = None
            except NotationError as exc:
                # the start position: its spans are in the position's text, not in the file
                found.extend(
                    d.__class__(d.code, d.message, None, d.severity, d.hint, None, d.field)
                    for d in exc.diagnostics
                )
                variant = None
        from notation_toolkit.lsp.analysis import explain

        shown = []
        for d in found:
            item = diagnostic_json(d, text)
            # the code's explanation (`ntk explain CODE`), as the language server's hover gives it
            item["explanation"] = explain(d.code)
            shown.append(item)
        return {
            "ok": True,
            "diagnostics": shown,
            "playable": variant is not None,
            "variant": None if variant is None else variant.name,
            "board": None if variant is None else f"{variant.geometry.width}x{variant.geometry.height}",
        }

    # -- the game ----------------------------------------------------------------------------------

    def game(self, body: JSON) -> JSON:
        """``POST /api/game {rules, position?, moves?, flipped?}``: the position the moves lead to:
        its picture, legal moves, check, result, FEEN and FEN."""
        from notation_toolkit.studio.board import board_svg

        variant, _rules, pos, moves = _setup(body, self.limits)
        flipped = _bool(body, "flipped")
        last: tuple[str, ...] = ()
        if moves:
            info = _move_json(moves[-1])
            last = tuple(sq for sq in (info["from"], info["to"]) if sq)
        outcome = pos.outcome()
        legal = [] if outcome is not None else [_move_json(m.text) for m in pos.legal_moves()]
        setup = body.get("position")
        first = variant.start() if setup is None else variant.position(setup)
        g = variant.geometry
        return {
            "ok": True,
            "variant": variant.name,
            "board": f"{variant.geometry.width}x{variant.geometry.height}",
            "svg": board_svg(pos, flipped=flipped, last=last),
            "turn": "white" if pos.turn == 0 else "black",
            "check": pos.is_check(),
            "outcome": None
            if outcome is None
            else {"result": outcome.result(), "winner": outcome.winner, "reason": outcome.reason},
            "legal": legal,
            "feen": pos.feen(),
            "fen": _fen(pos),
            "start": first.feen() if setup is None else setup,
            "first_turn": "white" if first.turn == 0 else "black",
            "occupied": [g.name(sq) for sq in range(g.width * g.height) if pos.board[sq] >= 0],
            "moves": moves,
            "san": _san_list(variant, body, moves),
            "ply": len(moves),
        }

    def opponent(self, body: JSON) -> JSON:
        """``POST /api/opponent {rules, position?, moves?, player, seed?, seconds?}``: the move the
        chosen opponent plays in that position."""
        variant, _rules, pos, _moves_played = _setup(body, self.limits)
        spec = _text(body, "player", 200, default="random")
        seed = body.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise field_error("seed", "an integer or null is required")
        seconds = body.get("seconds", 1.0)
        limit = self.limits.opponent_seconds
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds <= limit:
            raise field_error("seconds", f"a number of seconds above 0 and at most {limit:g} is required")
        started = time.perf_counter()
        chosen = _choose(spec, variant, pos, seed, float(seconds))
        return {"ok": True, "move": _move_json(chosen), "seconds": round(time.perf_counter() - started, 3)}

    def perft(self, body: JSON) -> JSON:
        """``POST /api/perft {rules, position?, moves?, depth, divide?}``: leaf count of the legal
        move tree (and per root move), stopped with STU201 past the time budget."""
        _, _, pos, _ = _setup(body, self.limits)
        depth = _int(body, "depth", 1, 0, self.limits.perft_depth)
        limit = self.limits.perft_seconds
        deadline = time.perf_counter() + limit
        started = time.perf_counter()
        parts: dict[str, int] = {}
        try:
            if depth == 0:
                nodes = 1
            else:
                for mv in pos.legal_moves():
                    pos.push(mv)
                    parts[mv.text] = _count(pos, depth - 1, deadline)
                    pos.pop()
                nodes = sum(parts.values())
        except _OutOfTime:
            raise _error(
                codes.TOO_SLOW,
                503,
                what=f"perft {depth}",
                limit=f"{limit:g} s",
                hint="ask for a smaller depth, or run `ntk variant perft` in a terminal",
            ) from None
        seconds = time.perf_counter() - started
        out: JSON = {"ok": True, "depth": depth, "nodes": nodes, "seconds": round(seconds, 3)}
        if _bool(body, "divide"):
            out["divide"] = dict(sorted(parts.items()))
        return out

    # -- pieces, records, exports --------------------------------------------------------------------

    def pieces(self, body: JSON) -> JSON:
        """``POST /api/pieces {rules}``: every piece of the rule file with its move diagram."""
        from notation_toolkit.studio.board import GLYPHS, piece_style
        from notation_toolkit.svg import piece_diagram

        rules = _text(body, "rules", self.limits.rules)
        variant = load_variant(rules)
        style = piece_style(variant)
        out = []
        for key, piece in variant.pieces.items():
            try:
                picture: str | None = piece_diagram(piece, pieces=GLYPHS[style])
            except (NotationError, ValueError, KeyError):
                picture = None
            out.append(
                {
                    "key": key,
                    "letter": key.lstrip("+-#*$%&")[:1],
                    "promoted": key.startswith("+"),
                    "definition": piece.definition,
                    "svg": picture,
                }
            )
        return {"ok": True, "variant": variant.name, "style": style, "pieces": out}

    def pgn(self, body: JSON) -> JSON:
        """``POST /api/pgn {rules, position?, moves?, white?, black?}``: the game as PGN."""
        variant, _, pos, moves = _setup(body, self.limits)
        white = _text(body, "white", 200, default="White")
        black = _text(body, "black", 200, default="Black")
        setup = _optional_text(body, "position", self.limits.position)
        return {"ok": True, "pgn": write_pgn(variant, setup, moves, pos, white, black, body.get("file"))}

    def ini(self, body: JSON) -> JSON:
        """``POST /api/ini {rules}``: the rule file as a Fairy-Stockfish ``variants.ini`` section."""
        from notation_toolkit.fsf import export_ini

        rules = _text(body, "rules", self.limits.rules)
        variant = load_variant(rules)
        try:
            text = export_ini(variant)
        except NotationError as exc:
            # what variants.ini cannot say (FSF4xx), each with its place in the rule file
            raise ApiError(list(exc.diagnostics), 422, where="rules") from None
        return {"ok": True, "ini": text}

    def players(self, body: JSON) -> JSON:
        """``GET /api/players``: the opponents offered."""
        return {"ok": True, "players": [{"spec": p.spec, "label": p.label} for p in players()]}


class _OutOfTime(Exception):
    pass


def _count(pos: Position, depth: int, deadline: float) -> int:
    # Public moves only (push/pop), with the clock read at every inner node: a strict time bound.
    if time.perf_counter() > deadline:
        raise _OutOfTime
    moves = pos.legal_moves()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    total = 0
    for mv in moves:
        pos.push(mv)
        total += _count(pos, depth - 1, deadline)
        pos.pop()
    return total


def _san_list(variant: Variant, body: JSON, moves: list[str]) -> list[str]:
    """The moves in SAN (``notation_toolkit.variant.pgn.san``)."""
    from notation_toolkit.variant.pgn import san

    setup = body.get("position")
    pos = variant.start() if setup is None else variant.position(setup)
    out = []
    for move in moves:
        out.append(san(pos, move))
        pos.push(move)
    return out


def write_pgn(
    variant: Variant,
    setup: str | None,
    moves: list[str],
    pos: Position,
    white: str,
    black: str,
    file: object,
) -> str:
    """PGN of a studio game (``notation_toolkit.variant.pgn``: moves in SAN, the set-up position
    as ``[FEN]``/``[FEEN]``)."""
    import datetime

    from notation_toolkit.variant.pgn import Game, GameNode, write_game

    game = Game(variant, setup)
    game.headers.update(
        {
            "Event": "Studio game",
            "Site": "ntk studio",
            "Date": datetime.date.today().strftime("%Y.%m.%d"),
            "White": white,
            "Black": black,
        }
    )
    if isinstance(file, str) and file:
        game.headers["RuleFile"] = file
    node: GameNode = game
    for move in moves:
        node = node.add_variation(move)
    done = pos.outcome()
    if done is not None:
        game.headers["Result"] = done.result()
        game.headers["Termination"] = done.reason
    return write_game(game)


@functools.cache
def default_rules() -> str:
    """The rule file the studio opens without a file: the shipped chess example."""
    here = Path(__file__).resolve().parent / "static" / "chess.fbr"
    return here.read_text(encoding="utf-8")
