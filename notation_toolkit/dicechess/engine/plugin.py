"""Players of your own in the ladder: the spec ``py:MODULE:FACTORY[:OPTION]``.

``MODULE`` is the path of a Python file (it ends in ``.py``) or the name of an importable module;
``FACTORY`` is a function in it, called as ``FACTORY(OPTION, seed)`` (``OPTION`` is the text after
the third colon, ``""`` when there is none) for every game, which returns a player: an object with
``choose(position) -> tuple of UCI micro-moves`` (``players.Player``). An optional ``seconds``
attribute (thinking time so far) is summed into the ladder's report as the engines' is.

The player is checked as it plays: every turn it returns is replayed on a ``Game`` (R8 enforced,
the turn must use every die it can), and a turn that is not legal, or an exception from
``choose``, stops the ladder with ``PluginPlayerError`` naming the spec, the position and the
reason. A spec that cannot be loaded is ``PluginSpecError``.

A file is loaded once per process; worker processes (``--jobs``) load it again from the same path,
and the workers of a Dask cluster need the file at that path too.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from types import ModuleType
from typing import Any, Final

from notation_toolkit.core.suggest import did_you_mean
from notation_toolkit.dicechess.errors import IllegalMoveError, PlayerSpecError
from notation_toolkit.dicechess.game import Game
from notation_toolkit.dicechess.position import Position

PREFIX: Final = "py:"
"""Specs starting with this name a player of your own."""

_FORM: Final = "py:MODULE:FACTORY[:OPTION], e.g. py:my_players.py:make or py:my_players.py:make:3"

_MODULES: dict[str, ModuleType] = {}


class PluginSpecError(PlayerSpecError):
    """A ``py:`` spec that cannot give a player: malformed, not loadable, no such factory, or the
    factory failed or returned something without ``choose``."""


class PluginPlayerError(RuntimeError):
    """A player of your own failed during a game: ``choose`` raised, or its turn was not legal."""


def _load(spec: str, where: str) -> ModuleType:
    module = _MODULES.get(where)
    if module is not None:
        return module
    try:
        if where.endswith(".py"):
            path = os.path.abspath(where)
            if not os.path.isfile(path):
                raise PluginSpecError(f"{spec!r}: there is no file {where!r}")
            name = "_ntk_player_" + hashlib.sha256(path.encode()).hexdigest()[:16]
            found = importlib.util.spec_from_file_location(name, path)
            if found is None or found.loader is None:
                raise PluginSpecError(f"{spec!r}: {where!r} cannot be loaded as Python")
            module = importlib.util.module_from_spec(found)
            # registered before it runs, as import does, so that its dataclasses and pickles work
            sys.modules[name] = module
            try:
                found.loader.exec_module(module)
            except BaseException:
                del sys.modules[name]
                raise
        else:
            module = importlib.import_module(where)
    except PluginSpecError:
        raise
    except ModuleNotFoundError as exc:
        raise PluginSpecError(
            f"{spec!r}: cannot import {where!r} ({exc}); give the path of a .py file, or make the "
            "module importable (PYTHONPATH)"
        ) from None
    except Exception as exc:  # the user's code: whatever it raises is reported, not a traceback
        raise PluginSpecError(f"{spec!r}: loading {where!r} failed: {type(exc).__name__}: {exc}") from None
    _MODULES[where] = module
    return module


def load_player(spec: str, seed: int) -> PluginPlayer:
    """The player of a ``py:`` spec for the game seeded ``seed``; raises ``PluginSpecError``."""
    rest = spec[len(PREFIX) :] if spec.startswith(PREFIX) else spec
    where, sep, tail = rest.partition(":")
    factory_name, _, option = tail.partition(":")
    if not where or not sep or not factory_name:
        raise PluginSpecError(f"{spec!r}: a player of your own is {_FORM}")
    module = _load(spec, where)
    factory = getattr(module, factory_name, None)
    if not callable(factory):
        names = [n for n in vars(module) if not n.startswith("_") and callable(getattr(module, n))]
        guess = did_you_mean(factory_name, names)
        hint = f" ({guess})" if guess else ""
        raise PluginSpecError(f"{spec!r}: {where!r} has no function {factory_name!r}{hint}")
    try:
        inner = factory(option, seed)
    except Exception as exc:  # the user's code
        raise PluginSpecError(
            f"{spec!r}: {factory_name}({option!r}, {seed}) failed: {type(exc).__name__}: {exc}"
        ) from None
    if not callable(getattr(inner, "choose", None)):
        raise PluginSpecError(
            f"{spec!r}: {factory_name} returned {type(inner).__name__}, which has no choose(position) method"
        )
    return PluginPlayer(spec, inner)


class PluginPlayer:
    """A player of your own, checked: every turn is replayed on a ``Game`` before it is played."""

    def __init__(self, spec: str, inner: Any) -> None:
        self.name = spec
        self.inner = inner

    @property
    def seconds(self) -> float:
        """The inner player's ``seconds`` (thinking time), 0.0 when it keeps none."""
        value = getattr(self.inner, "seconds", 0.0)
        return float(value) if isinstance(value, int | float) else 0.0

    def choose(self, pos: Position) -> tuple[str, ...]:
        """The inner player's turn, checked; raises ``PluginPlayerError``."""
        dfen = pos.dfen()
        try:
            moves = self.inner.choose(pos.copy())
            turn = tuple(moves)
        except Exception as exc:  # the user's code
            raise PluginPlayerError(
                f"{self.name}: choose() raised {type(exc).__name__}: {exc} (position {dfen})"
            ) from None
        if not all(isinstance(m, str) for m in turn):
            raise PluginPlayerError(
                f"{self.name}: choose() must return UCI strings, got {turn!r} (position {dfen})"
            )
        game = Game(pos)
        try:
            for m in turn:
                game.play(m)
            if not game.is_over and not game.awaiting_roll:
                game.end_turn()
        except IllegalMoveError as exc:
            shown = " ".join(turn) if turn else "a pass"
            raise PluginPlayerError(
                f"{self.name}: its turn {shown} is not legal in {dfen}: {exc.diagnostics[0].message}"
            ) from None
        return turn
