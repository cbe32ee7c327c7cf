"""Players of any variant: random, greedy, the builtin engine, and UCI engines through a plug-in.

A player is anything with ``name``, ``choose(position, *, seconds=None) -> Move`` and ``close()``
(``Player``). ``make_player(spec, variant)`` builds one from a spec:

* ``random``: a uniformly random legal move (seeded);
* ``greedy``: a one-ply capturer: a move that wins at once, else the capture of the most valuable
  piece (values of ``engine.piece_values``; promotions count their gain), ties broken at random;
* ``builtin``: the engine (``engine.Engine``), one second a move; ``builtin:1.5s`` (or
  ``builtin:1.5``) a time per move, ``builtin:d3`` a fixed depth, ``builtin:n20000`` a node budget
  (a depth or a node budget gives the same game on every machine);
* ``uci:PATH`` or the path of an executable file: the factory registered under the name ``uci`` in
  the entry-point group ``notation_toolkit.variant.players``, called as ``factory(path, variant)``;
  without one, ``PlayerError`` VAR602.

Bad specs are ``PlayerError`` (a ``NotationError``) with a diagnostic, never a traceback.
"""

from __future__ import annotations

import os
import random
import re
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.errors import NotationError
from notation_toolkit.variant import codes
from notation_toolkit.variant.position import CAPTURE, CASTLE, SQ, Move, Position

if TYPE_CHECKING:
    from notation_toolkit.variant.engine import Engine
    from notation_toolkit.variant.tables import VariantLike

__all__ = [
    "ENTRY_POINT_GROUP",
    "EnginePlayer",
    "GreedyPlayer",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "make_player",
]

ENTRY_POINT_GROUP: Final = "notation_toolkit.variant.players"
"""Entry-point group of players from other packages (the name ``uci`` plays UCI engines)."""


class PlayerError(NotationError):
    """A player spec that cannot give a player (VAR601, VAR602), or a player that failed (VAR603)."""


@runtime_checkable
class Player(Protocol):
    """A player of a variant: chooses a legal move of a position."""

    name: str

    def choose(self, position: Position, *, seconds: float | None = None) -> Move:
        """A legal move of ``position`` (left unchanged); ``seconds``: the time it may take."""
        ...

    def close(self) -> None:
        """Release what the player holds (an engine process ...)."""
        ...


class RandomPlayer:
    """A uniformly random legal move, from a seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self._rnd = random.Random(seed)

    def choose(self, position: Position, *, seconds: float | None = None) -> Move:
        """A random legal move."""
        return self._rnd.choice(_legal(position, self.name))

    def close(self) -> None:
        """Nothing to release."""


class GreedyPlayer:
    """A one-ply capturer: a move that wins at once, else the move that takes the most material
    (captured value plus promotion gain), ties broken by a seeded generator."""

    def __init__(self, variant: VariantLike, seed: int | None = None) -> None:
        from notation_toolkit.variant.engine import piece_values

        self.name = "greedy"
        self._rnd = random.Random(seed)
        values = piece_values(variant)
        self._values = [values[k] for k in variant.tables.keys]

    def choose(self, position: Position, *, seconds: float | None = None) -> Move:
        """The greediest legal move."""
        legal = _legal(position, self.name)
        pos = position.copy()
        best: list[Move] = []
        best_gain = -1
        for mv in legal:
            pos.push(mv)
            outcome = pos.outcome()
            pos.pop()
            if outcome is not None and outcome.winner == position.turn:
                return mv  # a move that wins at once beats any capture
            gain = self._gain(pos, mv)
            if gain > best_gain:
                best, best_gain = [mv], gain
            elif gain == best_gain:
                best.append(mv)
        return self._rnd.choice(best)

    def _gain(self, pos: Position, mv: Move) -> int:
        code = mv.code
        gain = 0
        if code & CAPTURE:
            victim = pos.board[code >> 10 & SQ]
            gain += self._values[victim >> 1] if victim >= 0 else 1
        promo = code >> 20 & SQ
        if promo and not code & CASTLE:
            mover = pos.board[code & SQ]
            gain += max(0, self._values[promo - 1] - (self._values[mover >> 1] if mover >= 0 else 0))
        return gain

    def close(self) -> None:
        """Nothing to release."""


class EnginePlayer:
    """The builtin engine (``engine.Engine``) with a time, depth or node limit per move
    (``fixed``: its time is its own, not the game's)."""

    def __init__(
        self,
        variant: VariantLike,
        *,
        seconds: float | None = None,
        depth: int | None = None,
        nodes: int | None = None,
        seed: int = 0,
        name: str = "builtin",
        fixed: bool = False,
    ) -> None:
        from notation_toolkit.variant.engine import Engine

        self.name = name
        self.engine: Engine = Engine(variant, seed=seed)
        self.seconds = seconds if seconds is not None or depth is not None or nodes is not None else 1.0
        self.depth = depth
        self.nodes = nodes
        self.fixed = fixed

    def choose(self, position: Position, *, seconds: float | None = None) -> Move:
        """The engine's move; ``seconds`` (the time a game gives each move) applies unless the
        player was made with a limit of its own (``builtin:0.5s``, a depth, a node budget)."""
        own = self.fixed or self.depth is not None or self.nodes is not None
        limit = self.seconds if own or seconds is None else seconds
        result = self.engine.search(position, seconds=limit, depth=self.depth, nodes=self.nodes)
        if result.move is None:
            raise info_of(codes.PLAYER_FAILED).error(
                PlayerError, "raised", name=self.name, feen=position.feen(), message="no legal move"
            )
        return result.move

    def close(self) -> None:
        """Nothing to release (the engine runs in this process)."""


def _legal(position: Position, name: str) -> list[Move]:
    legal = position.legal_moves()
    if not legal:
        raise info_of(codes.PLAYER_FAILED).error(
            PlayerError, "raised", name=name, feen=position.feen(), message="no legal move"
        )
    return legal


_LIMIT = re.compile(r"(?:(?P<s>\d+(?:\.\d+)?)s?|d(?P<d>\d{1,2})|n(?P<n>\d{1,9}))")


def make_player(
    spec: str, variant: VariantLike, *, seed: int | None = 0, seconds: float | None = None
) -> Player:
    """The player a spec names (see the module doc), for ``variant``; ``seed`` seeds its random
    choices, ``seconds`` is the default time per move of time-limited players.

    >>> from notation_toolkit.variant import Variant
    >>> chess = Variant.load("examples/variants/chess.fbr")
    >>> make_player("builtin:d2", chess).name, make_player("greedy", chess).name
    ('builtin:d2', 'greedy')
    """
    text = spec.strip()
    head, sep, option = text.partition(":")
    if text == "random":
        return RandomPlayer(seed)
    if text == "greedy":
        return GreedyPlayer(variant, seed)
    if head == "builtin":
        if not sep:
            return EnginePlayer(variant, seconds=seconds, seed=seed or 0, name=text)
        match = _LIMIT.fullmatch(option)
        if match is None or (match["s"] is not None and float(match["s"]) <= 0):
            raise info_of(codes.PLAYER_SPEC).error(PlayerError, "option", spec=spec, option=option)
        return EnginePlayer(
            variant,
            seconds=float(match["s"]) if match["s"] is not None else None,
            depth=int(match["d"]) if match["d"] is not None else None,
            nodes=int(match["n"]) if match["n"] is not None else None,
            seed=seed or 0,
            name=text,
            fixed=True,
        )
    path = option if head == "uci" else text
    if head == "uci" or os.sep in text or (os.altsep and os.altsep in text) or os.path.isfile(text):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            raise info_of(codes.PLAYER_SPEC).error(PlayerError, "no_file", spec=spec, path=path)
        factory = _uci_factory()
        if factory is None:
            raise info_of(codes.PLAYER_UNAVAILABLE).error(PlayerError, "uci", spec=spec)
        player: Player = factory(path, variant)
        return player
    raise info_of(codes.PLAYER_SPEC).error(PlayerError, "unknown", spec=spec)


def _uci_factory() -> Any:
    """The factory registered as ``uci`` in ``ENTRY_POINT_GROUP`` (ours first, then other
    installed packages'), or ``None``."""
    from notation_toolkit.core.entry_points import installed_entry_points, load_reference, own_entry_points

    value = own_entry_points().get(ENTRY_POINT_GROUP, {}).get("uci")
    if value is None:
        found = installed_entry_points(ENTRY_POINT_GROUP).get("uci")
        value = found[0] if found is not None else None
    if value is None:
        return None
    try:
        return load_reference(value)
    except (ImportError, AttributeError):
        return None
