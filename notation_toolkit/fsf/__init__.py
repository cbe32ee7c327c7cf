"""The Fairy-Stockfish bridge: ``variants.ini`` sections to FBR rule files and back, and a UCI
engine driver that plays a rule file's variant with moves checked by the variant core.

>>> from notation_toolkit.fsf import import_ini
>>> rules = import_ini("[tiny:chess]\\nmaxRank = 6\\nmaxFile = 6\\nbishop = -\\n"
...                    "startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\\n"
...                    "promotionRegionWhite = *6\\npromotionRegionBlack = *1\\ndoubleStep = false\\n")
>>> print(rules["tiny"].splitlines()[4])
startposition="rnqk^nr/pppppp/6/6/PPPPPP/RNQK^NR / C/c"  ~ startFen

See docs/fsf.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.fsf import codes as _codes  # noqa: F401  (registers the FSF codes)

if TYPE_CHECKING:
    from notation_toolkit.fsf.errors import FsfError
    from notation_toolkit.fsf.exporter import export_ini
    from notation_toolkit.fsf.importer import ImportResult, SectionResult, convert, import_ini

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "FsfError": "notation_toolkit.fsf.errors",
        "export_ini": "notation_toolkit.fsf.exporter",
        "ImportResult": "notation_toolkit.fsf.importer",
        "SectionResult": "notation_toolkit.fsf.importer",
        "convert": "notation_toolkit.fsf.importer",
        "import_ini": "notation_toolkit.fsf.importer",
    },
)

__all__ = ["FsfError", "ImportResult", "SectionResult", "convert", "export_ini", "import_ini"]
