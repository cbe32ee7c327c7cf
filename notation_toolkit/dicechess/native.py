"""The optional compiled build of the Dice Chess core and engine (mypyc).

The pure-Python modules are the reference and what a default install runs. ``ntk dice compile``
(or :func:`build`) compiles the hot modules, ``COMPILED_MODULES``, with mypyc into C extensions
placed next to their sources; Python then imports the extension instead of the ``.py``. It needs
the ``native`` extra (``pip install 'notation-toolkit[native]'``: mypy, which ships mypyc, and
setuptools) and a C compiler. The answers are the same (the test suite passes on both builds); the
speed is not (``docs/engine.md``, "Compiled build").

The machinery is ``notation_toolkit.core.native`` (shared with the variant core's build). A build
writes a manifest, ``_native.json``, with the SHA-256 of every compiled source. On import
of ``notation_toolkit.dicechess`` :func:`guard` compares it with the sources: if one changed since
the build (an edit, an upgrade that kept the old extensions), the package warns once and imports
the sources of *every* compiled module instead (the extensions share one runtime library and must
not be mixed with newer sources). ``NTK_PURE_PYTHON=1`` does the same without a warning: the way to
run the pure-Python path on a machine that has the build (tests, A/B benchmarks).
"""

from __future__ import annotations

from typing import Final

from notation_toolkit.core import native as _core
from notation_toolkit.core.native import (
    PURE_ENV,
    BuildError,
    SourceFinder,
    loaded_from,
    source_path,
)

__all__ = [
    "COMPILED_MODULES",
    "GROUP",
    "MANIFEST",
    "PURE_ENV",
    "BuildError",
    "SourceFinder",
    "build",
    "built_files",
    "clean",
    "guard",
    "loaded_from",
    "manifest_path",
    "read_manifest",
    "source_path",
    "stale_modules",
    "status",
]

COMPILED_MODULES: Final = (
    "notation_toolkit.dicechess.tables",
    "notation_toolkit.dicechess.dice",
    "notation_toolkit.dicechess.moves",
    "notation_toolkit.dicechess.position",
    "notation_toolkit.dicechess.fullturn",
    "notation_toolkit.dicechess.engine.exposure",
    "notation_toolkit.dicechess.engine.evaluate",
    "notation_toolkit.dicechess.engine.search",
)
"""The modules ``ntk dice compile`` builds: move generation, whole turns, and the search."""

BUILD: Final = _core.NativeBuild(
    "Dice Chess", "notation_toolkit.dicechess", COMPILED_MODULES, "ntk dice compile"
)
"""The build (``notation_toolkit.core.native.NativeBuild``); the functions below are its methods."""

GROUP: Final = BUILD.group
"""mypyc's name for the build: its shared runtime is ``_compiled__mypyc.<abi>.so`` in this package."""

MANIFEST: Final = BUILD.manifest_name

_ROOT: Final = _core.ROOT
_stat = _core.stat
_digest = _core.digest


def manifest_path(root: str = _ROOT) -> str:
    """Where the build under ``root`` keeps its manifest (beside the shared runtime)."""
    return BUILD.manifest_path(root)


def read_manifest(root: str = _ROOT) -> dict[str, object] | None:
    """The manifest of the build under ``root``, or ``None`` if there is none (or it is unreadable)."""
    return BUILD.read_manifest(root)


def stale_modules(manifest: dict[str, object], root: str = _ROOT) -> list[str]:
    """The compiled modules whose source is not the one the manifest recorded (or is missing)."""
    return BUILD.stale_modules(manifest, root)


def guard() -> None:
    """Keep a stale or unwanted compiled build out of the imports (see the module docstring)."""
    BUILD.guard()


def built_files(root: str = _ROOT) -> list[str]:
    """The build's files under ``root``: extensions, shared runtime and manifest (those that exist)."""
    return BUILD.built_files(root)


def status(root: str = _ROOT) -> dict[str, object]:
    """The state of the build: per module, whether it is built, current, and what imports give."""
    return BUILD.status(root)


def build(*, root: str = _ROOT, opt_level: str = "3", verbose: bool = False) -> list[str]:
    """Compile ``COMPILED_MODULES`` under ``root`` with mypyc and install the extensions next to
    their sources; returns the files written (``BuildError`` when a tool is missing or the build
    fails). Takes a few minutes."""
    return BUILD.build(root=root, opt_level=opt_level, verbose=verbose)


def clean(*, root: str = _ROOT) -> list[str]:
    """Remove the build's files under ``root`` (the sources are used again); returns them."""
    return BUILD.clean(root=root)
