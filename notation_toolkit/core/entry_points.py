"""The entry points of installed distributions, read without ``importlib.metadata``.

Importing ``importlib.metadata`` costs 8-30 ms of every start (``email``, ``zipfile``, ``csv``
...); the ``ntk`` commands and the notation registry read the ``entry_points.txt`` files of the
dist-info/egg-info directories on ``sys.path`` themselves, and fall back to
``importlib.metadata`` only where a ``sys.path`` entry is not a directory (a zip or egg file).
Click-free, so that the core's registry can use it (``core.cli`` re-exports it).
"""

from __future__ import annotations

import functools
import os
import sys
from typing import Any

DISTRIBUTION = "notation-toolkit"


def _normalize(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _find_dist_info() -> str | None:
    """The installed ``notation_toolkit-*.dist-info`` directory on ``sys.path``, if any."""
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.endswith(".dist-info") and _normalize(name.split("-", 1)[0]) == DISTRIBUTION:
                return os.path.join(entry or ".", name)
    return None


def _parse_entry_points_txt(text: str) -> dict[str, dict[str, str]]:
    """Parse the ``entry_points.txt`` format (INI sections of ``name = module:attr`` lines)."""
    groups: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = groups.setdefault(line[1:-1].strip(), {})
        elif current is not None and "=" in line:
            name, _, value = line.partition("=")
            current[name.strip()] = value.strip()
    return groups


@functools.cache
def own_entry_points() -> dict[str, dict[str, str]]:
    """The entry-point tables of notation-toolkit itself: ``{group: {name: "module:attr"}}``.

    Read without ``importlib.metadata`` (whose import alone costs about 30 ms of every start):
    from the installed ``entry_points.txt``, or from ``pyproject.toml`` when running from a source
    checkout that is not installed or whose ``pyproject.toml`` is newer than the installed
    metadata (a branch merged into an editable install that was not reinstalled).
    """
    dist_info = _find_dist_info()
    installed = os.path.join(dist_info, "entry_points.txt") if dist_info else None
    pyproject = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(__file__))), "pyproject.toml")
    try:
        stale = installed is None or os.path.getmtime(pyproject) > os.path.getmtime(installed)
    except OSError:
        stale = False
    if stale and os.path.isfile(pyproject):
        import tomllib

        try:
            with open(pyproject, "rb") as handle:
                project = tomllib.load(handle).get("project", {})
        except (OSError, tomllib.TOMLDecodeError):
            project = {}
        if _normalize(str(project.get("name", ""))) == DISTRIBUTION:
            tables = project.get("entry-points", {})
            return {str(g): {str(k): str(v) for k, v in t.items()} for g, t in tables.items()}
    if installed is None:
        return {}
    try:
        with open(installed, encoding="utf-8") as handle:
            return _parse_entry_points_txt(handle.read())
    except OSError:
        return {}


def _metadata_name(path: str, fallback: str) -> str:
    """The ``Name:`` of a distribution's METADATA (PKG-INFO for an egg-info), else ``fallback``."""
    for filename in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(path, filename), encoding="utf-8", errors="replace") as handle:
                for line in handle:
                    if line.startswith("Name:"):
                        return line[5:].strip()
                    if not line.strip():  # the end of the headers
                        break
        except OSError:
            continue
    return fallback


def _scan_entry_points(group: str) -> list[tuple[str, str, str]] | None:
    """``(name, value, distribution)`` of ``group`` from the dist-info/egg-info of ``sys.path``.

    What ``importlib.metadata.entry_points(group=...)`` finds for distributions installed in
    directories (the first of a name on ``sys.path`` wins), read without importing it (about 30
    ms of start-up: ``email``, ``zipfile``, ``csv`` ...). ``None`` when some ``sys.path`` entry is
    not a directory (a zip or egg file): only ``importlib.metadata`` can read those.
    """
    found: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for entry in sys.path:
        directory = entry or "."
        try:
            names = sorted(os.listdir(directory))
        except NotADirectoryError:
            return None
        except OSError:
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            key = _normalize(name.rsplit(".", 1)[0].split("-", 1)[0])
            if key in seen:
                continue
            seen.add(key)
            path = os.path.join(directory, name)
            try:
                with open(os.path.join(path, "entry_points.txt"), encoding="utf-8") as handle:
                    text = handle.read()
            except OSError:
                continue
            if group not in text:
                continue
            table = _parse_entry_points_txt(text).get(group)
            if table:
                dist = _metadata_name(path, key)
                found.extend((ep_name, value, dist) for ep_name, value in table.items())
    return found


@functools.cache
def installed_entry_points(group: str) -> dict[str, tuple[str, str]]:
    """Entry points of ``group`` from other installed distributions: ``{name: (value, dist)}``."""
    scanned = _scan_entry_points(group)
    if scanned is None:
        from importlib.metadata import entry_points

        scanned = [
            (ep.name, ep.value, ep.dist.name if ep.dist is not None else "?")
            for ep in entry_points(group=group)
        ]
    found: dict[str, tuple[str, str]] = {}
    for name, value, dist in scanned:
        if _normalize(dist) == DISTRIBUTION:
            continue  # ours come from own_entry_points(), which may be fresher
        found.setdefault(name, (value, dist))
    return found


def load_reference(value: str) -> Any:
    """Import ``module:attr`` (``attr`` may be dotted) and return the object."""
    import importlib

    module_name, _, attr = value.partition(":")
    obj: Any = importlib.import_module(module_name.strip())
    for part in attr.strip().split(".") if attr.strip() else ():
        obj = getattr(obj, part)
    return obj


def entry_point_values(group: str) -> list[tuple[str, str]]:
    """``(name, "module:attr")`` of every entry point of ``group``, from every distribution.

    What ``importlib.metadata.entry_points(group=group)`` lists (the first distribution of a name
    on ``sys.path`` wins), in the order of ``sys.path`` and of each file.
    """
    scanned = _scan_entry_points(group)
    if scanned is None:
        from importlib.metadata import entry_points

        return [(ep.name, ep.value) for ep in entry_points(group=group)]
    return [(name, value) for name, value, _dist in scanned]
