"""The optional compiled build of the variant core (mypyc): ``ntk variant compile``.

The modules compiled are the move generator and the game (``CORE_MODULES``) and every rule
component of ``notation_toolkit.variant.rules`` (found in the package's directory, so a component
added later is compiled with the others; the package's ``__init__``, which only reads rule files,
is not). See ``notation_toolkit.core.native`` for the build, the manifest, the guard against a
stale build and ``NTK_PURE_PYTHON``; docs/variants.md ("Compiled build") for the figures.
"""

from __future__ import annotations

import os
from typing import Final

from notation_toolkit.core.native import ROOT, NativeBuild

__all__ = ["BUILD", "CORE_MODULES", "compiled_modules"]

CORE_MODULES: Final = (
    "notation_toolkit.variant.tables",
    "notation_toolkit.variant.position",
    "notation_toolkit.variant.perft",
    "notation_toolkit.variant.pieces.model",
    "notation_toolkit.variant.pieces.compiler",
)
"""The move generator, the positions and their tables, perft, and the compiled pieces."""

RULES_PACKAGE: Final = "notation_toolkit.variant.rules"


def compiled_modules(root: str = ROOT) -> tuple[str, ...]:
    """``CORE_MODULES`` and the rule components found under ``root`` (``rules/*.py``, sorted)."""
    directory = os.path.join(root, *RULES_PACKAGE.split("."))
    try:
        names = os.listdir(directory)
    except OSError:  # no sources there: the build says which are missing
        names = []
    components = sorted(
        f"{RULES_PACKAGE}.{name[:-3]}"
        for name in names
        if name.endswith(".py") and name != "__init__.py" and name[:-3].isidentifier()
    )
    return (*CORE_MODULES, *components)


BUILD: Final = NativeBuild(
    "variant core", "notation_toolkit.variant", compiled_modules, "ntk variant compile"
)
"""The variant core's build (``notation_toolkit.core.native.NativeBuild``)."""
