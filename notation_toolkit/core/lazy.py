"""Lazy re-exports for package ``__init__`` modules: ``import notation_toolkit.fbr`` stays cheap.

A package lists its public names and the module each lives in; a name is imported the first time
it is read (PEP 562 ``__getattr__``), then kept in the package's namespace. ``import fbr`` thus
costs nothing until ``fbr.parse`` is used, which keeps every ``ntk`` command that merely passes
through a package (``ntk check games.fen`` does not need the FBR catalog) fast to start.

A public function that shares its name with a submodule (``fbr.format``, ``fbr.validate``) would
be replaced by the submodule as soon as something imports ``notation_toolkit.fbr.format``: the
import system sets the submodule as an attribute of its package. The package's module object
therefore refuses to bind a submodule over a name it re-exports, as the eager ``__init__`` did by
importing the function last.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any


class _LazyPackage(ModuleType):
    """A package module whose re-exported names are not overwritten by same-named submodules."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and name in self.__dict__.get("_LAZY_EXPORTS", ()):
            return  # the submodule stays reachable through sys.modules; the name stays the function
        super().__setattr__(name, value)


def lazy_exports(
    package: str, exports: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, which re-exports ``exports``.

    ``exports`` maps each public name to ``"module"`` (the same name there) or
    ``"module:attribute"`` (an alias, ``parse = parse_item``).
    """
    module = sys.modules[package]
    module.__dict__["_LAZY_EXPORTS"] = frozenset(exports)
    module.__class__ = _LazyPackage

    def __getattr__(name: str) -> Any:
        ref = exports.get(name)
        if ref is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module_name, _, attribute = ref.partition(":")
        value = getattr(importlib.import_module(module_name), attribute or name)
        module.__dict__[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(module.__dict__) | set(exports))

    return __getattr__, __dir__
