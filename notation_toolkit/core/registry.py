"""The registry of notations (sqlglot-style dialects) and of conversions between them.

Every notation, shipped or third-party, is declared the same way: an entry point of the group
``notation_toolkit.notations`` naming a ``Notation`` object (or a list of them), e.g. in
``pyproject.toml``::

    [project.entry-points."notation_toolkit.notations"]
    xfen = "my_package.xfen.notation:NOTATION"

Loading is lazy: a notation's module is imported the first time it is asked for. The shipped
notations are also listed in ``_BUILTIN`` (the same targets as their entry points; a test keeps
the two equal) so that a source checkout without installed metadata works, and so that asking
for a shipped notation by name never pays the scan of every installed distribution's metadata.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.codes import NTK003
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError, UnknownNameError

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) without an exec per method at import (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

ENTRY_POINT_GROUP = "notation_toolkit.notations"
CONVERSIONS_GROUP = "notation_toolkit.conversions"


@dataclass(frozen=True, slots=True)
class Notation:
    """Everything the CLI and generic tools need to know about one notation.

    ``parse(text, *, grammar=None, **options)`` returns the AST or raises ``NotationError``;
    ``check(text, *, grammar=None, **options)`` returns every diagnostic (errors and warnings)
    and never raises for bad input; ``format`` returns the canonical string (strict);
    ``canonicalize`` (lenient) returns the canonical string and the fixes it applied.
    ``per_line``: in files, one item per line (FEN) or the whole file is one item (FBR).
    ``validate`` (AST -> diagnostics) runs the semantic checks alone; ``extensible`` says whether
    ``grammar=`` accepts a user's extension grammar (token notations are fixed).
    """

    name: str
    title: str
    extensions: tuple[str, ...]
    per_line: bool
    parse: Callable[..., Any]
    check: Callable[..., list[Diagnostic]]
    format: Callable[..., str]
    canonicalize: Callable[..., tuple[str, list[Diagnostic]]] | None = None
    grammar: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    example: str | None = None
    validate: Callable[[Any], list[Diagnostic]] | None = None
    extensible: bool = True

    @property
    def dumps(self) -> Callable[..., str]:
        """The canonical text of ``text`` (strict): the same function as ``format``."""
        return self.format


@dataclass(frozen=True, slots=True)
class Conversion:
    """A conversion between two notations and a plain statement of what it loses."""

    source: str
    target: str
    convert: Callable[[str], str]
    loses: str


# name -> "module:attribute" of the shipped notations, the same as their entry points in
# pyproject.toml (tests/core/test_registry.py keeps them equal); loaded on first use.
_BUILTIN: dict[str, str] = {
    "feen": "notation_toolkit.feen.notation:FEEN",
    "feen-legacy": "notation_toolkit.feen.notation:FEEN_LEGACY",
    "epin": "notation_toolkit.feen.notation:EPIN",
    "pin": "notation_toolkit.feen.notation:PIN",
    "sin": "notation_toolkit.feen.notation:SIN",
    "qpi": "notation_toolkit.feen.notation:QPI",
    "fen": "notation_toolkit.fen.notation:NOTATION",
    "dfen": "notation_toolkit.dfen.notation:NOTATION",
    "fbr": "notation_toolkit.fbr.notation:NOTATION",
    "mbn": "notation_toolkit.mbn.notation:NOTATION",
}

# file extension -> name of the shipped notation that reads it (the ``extensions`` of the entries
# above; tests/core/test_registry.py keeps them equal), so that ``ntk check games.fen`` imports
# the FEN package alone instead of every notation and the metadata of every distribution.
_BUILTIN_EXTENSIONS: dict[str, str] = {
    ".feen": "feen",
    ".fen": "fen",
    ".dfen": "dfen",
    ".fbr": "fbr",
    ".mbn": "mbn",
}

# name -> module whose import registers conversions (``register_conversion``): the shipped
# conversions live in notation_toolkit.convert, a layer above the notations they convert, so the
# core names them here by string and imports them only when a conversion is asked for. Third
# parties declare theirs in the entry-point group CONVERSIONS_GROUP (value: a module).
_BUILTIN_CONVERSIONS: dict[str, str] = {"convert": "notation_toolkit.convert"}

_registry: dict[str, Notation] = {}
_conversions: dict[tuple[str, str], Conversion] = {}
_entry_points_loaded = False
_conversions_loaded = False
_builtin_conversions_loaded = False
# name -> why its entry point could not be loaded (a broken plugin must not break the toolkit)
_broken: dict[str, str] = {}


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off", "")


def known_options(notation: str, options: Mapping[str, Any], known: tuple[str, ...]) -> None:
    """Refuse an option ``notation`` does not have (``--set lenent=true``) with NTK003 and a "did
    you mean", rather than ignoring it; ``grammar`` (``--grammar``) is always allowed."""
    for key in options:
        if key != "grammar" and key not in known:
            from notation_toolkit.core.suggest import did_you_mean

            raise NTK003.error(
                UnknownNameError,
                "option",
                hint=did_you_mean(key, list(known))
                or (f"options: {', '.join(known)}" if known else f"{notation} has no options"),
                notation=notation,
                name=key,
                known=", ".join(known),
            )


def flag_option(notation: str, name: str, value: object) -> bool:
    """A true/false notation option (``--set lenient=true`` or ``lenient=True``); other text is NTK003.

    A misspelt value (``lenient=ture``) is refused rather than read as false, as a misspelt option
    name is.
    """
    if not isinstance(value, str):
        return bool(value)
    text = value.strip().lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    shown = value if len(value) <= 20 else value[:20] + "..."
    raise NTK003.error(NotationError, "flag", notation=notation, name=name, value=shown)


def register_notation(notation: Notation, *, replace: bool = False) -> None:
    """Make ``notation`` available by name (and by file extension)."""
    if notation.name in _registry and not replace and _registry[notation.name] is not notation:
        raise ValueError(f"a notation named {notation.name!r} is already registered")
    _registry[notation.name] = notation


def register_conversion(source: str, target: str, convert: Callable[[str], str], loses: str) -> None:
    """Register a conversion from notation ``source`` to ``target`` and what it loses."""
    _conversions[(source, target)] = Conversion(source, target, convert, loses)


def _load_builtin(name: str) -> Notation | None:
    target = _BUILTIN.get(name)
    if target is None:
        return None
    module_name, _, attribute = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        # Only a missing notation module means "not available"; a broken import inside it is a bug.
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    notation = getattr(module, attribute, None)
    if isinstance(notation, Notation):
        _registry.setdefault(notation.name, notation)
        return notation
    return None


def _group_entries(group: str) -> list[tuple[str, str]]:
    """``(name, "module:attr")`` of the installed entry points of ``group``.

    Read from the ``entry_points.txt`` files on ``sys.path`` (``core.entry_points``), without the
    import of ``importlib.metadata`` (8-12 ms of ``ntk notations`` and ``ntk explain``).
    """
    from notation_toolkit.core.entry_points import entry_point_values

    return entry_point_values(group)


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    from notation_toolkit.core.entry_points import load_reference

    for ep_name, value in _group_entries(ENTRY_POINT_GROUP):
        if ep_name in _registry or ep_name in _BUILTIN:
            # The shipped notations load through _BUILTIN (same targets); a third party cannot
            # replace them by reusing their names.
            continue
        try:
            obj = load_reference(value)
        except Exception as exc:  # a third-party plugin may fail in any way
            _broken[ep_name] = f"{value}: {type(exc).__name__}: {exc}"
            continue
        for item in obj if isinstance(obj, list | tuple) else [obj]:
            if isinstance(item, Notation):
                _registry.setdefault(item.name, item)


def notation_names() -> list[str]:
    """Names of every available notation, built-in and installed."""
    _load_entry_points()
    names = set(_registry)
    for name in _BUILTIN:
        if name not in names and _load_builtin(name) is not None:
            names.add(name)
    return sorted(names)


def get_notation(name: str) -> Notation:
    """The notation called ``name``; ``UnknownNameError`` with a 'did you mean' hint otherwise."""
    key = name.strip().lower()
    found = _registry.get(key) or _load_builtin(key)
    if found is None:
        _load_entry_points()
        found = _registry.get(key)
    if found is None:
        known = notation_names()
        if key in _broken:
            raise NTK003.error(UnknownNameError, "broken", name=name, reason=_broken[key][:300])
        from notation_toolkit.core.suggest import did_you_mean  # difflib: only for a typo

        suggested = did_you_mean(name, known)
        if suggested is not None:
            raise NTK003.error(UnknownNameError, "notation", hint=suggested, name=name)
        raise NTK003.error(UnknownNameError, "notation", name=name, known=", ".join(known))
    return found


def declared_notations() -> dict[str, str]:
    """Name -> ``module:attribute`` of every notation declared: shipped, then entry points."""
    declared = dict(_BUILTIN)
    for ep_name, value in _group_entries(ENTRY_POINT_GROUP):
        declared.setdefault(ep_name, value)
    return declared


def notation_for_path(path: str | os.PathLike[str]) -> Notation | None:
    """The notation whose file extension matches ``path`` (``.feen``, ``.dfen``, ``.fbr`` ...).

    A shipped extension loads its notation alone; installed notations are scanned only for an
    extension no shipped notation reads.
    """
    suffix = _suffix(os.fspath(path))
    if not suffix:
        return None
    shipped = _BUILTIN_EXTENSIONS.get(suffix)
    if shipped is not None:
        found = _registry.get(shipped) or _load_builtin(shipped)
        if found is not None:
            return found
    for loaded_all in (False, True):
        if loaded_all:
            _load_entry_points()
        for name in sorted(_registry):
            if suffix in _registry[name].extensions:
                return _registry[name]
    return None


def _suffix(path: str) -> str:
    # pathlib's PurePath.suffix without importing pathlib (about 2.4 ms of every start)
    name = os.path.basename(path.rstrip("/" + os.sep))
    dot = name.rfind(".")
    if 0 < dot < len(name) - 1:
        return name[dot:].lower()
    return ""


def _load_conversions(*, others: bool = True) -> None:
    """Import the shipped conversion modules, then (``others``) the installed ones."""
    global _conversions_loaded, _builtin_conversions_loaded
    if not _builtin_conversions_loaded:
        _builtin_conversions_loaded = True
        for module_name in _BUILTIN_CONVERSIONS.values():
            importlib.import_module(module_name)
    if _conversions_loaded or not others:
        return
    _conversions_loaded = True
    from notation_toolkit.core.entry_points import load_reference

    for ep_name, value in _group_entries(CONVERSIONS_GROUP):
        if ep_name in _BUILTIN_CONVERSIONS:
            continue
        try:
            load_reference(value)
        except Exception as exc:  # a third-party plugin may fail in any way
            _broken[f"conversion:{ep_name}"] = f"{value}: {type(exc).__name__}: {exc}"


def get_conversion(source: str, target: str) -> Conversion:
    """The registered conversion ``source`` -> ``target``; ``UnknownNameError`` if there is none.

    The modules that register conversions are imported the first time a conversion is missing.
    """
    get_notation(source)
    get_notation(target)
    conv = _conversions.get((source.lower(), target.lower()))
    for others in (False, True):  # the installed distributions are scanned only on a miss
        if conv is not None:
            break
        _load_conversions(others=others)
        conv = _conversions.get((source.lower(), target.lower()))
    if conv is None:
        from notation_toolkit.core.suggest import did_you_mean

        pairs = sorted(f"{s}->{t}" for s, t in _conversions)
        suggested = did_you_mean(f"{source}->{target}", pairs)
        if suggested is not None:
            raise NTK003.error(UnknownNameError, "conversion", hint=suggested, source=source, target=target)
        raise NTK003.error(
            UnknownNameError, "conversion", source=source, target=target, known=", ".join(pairs) or "none"
        )
    return conv


def conversions() -> Mapping[tuple[str, str], Conversion]:
    """Every registered conversion (after loading all notations and conversion modules)."""
    for name in notation_names():
        get_notation(name)
    _load_conversions()
    return dict(_conversions)
