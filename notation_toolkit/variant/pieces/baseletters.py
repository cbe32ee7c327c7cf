"""The MBN base letters and what they expand to.

Source: the base-move table of the MBN page as transcribed by LeCodex/modified-betza-notation-js
(fbr-mbn-notes 3.2): leapers by their (x, y) leap, compounds and riders by their MBN definition.
Doubtful entries (fbr-mbn-notes G13: M, V) follow that table (M = WF, V = BN) and are flagged in
docs/pieces.md.
"""

from __future__ import annotations

from typing import Final

LEAPS: Final[dict[str, tuple[int, int]]] = {
    "O": (0, 0),
    "W": (0, 1),
    "F": (1, 1),
    "D": (0, 2),
    "N": (1, 2),
    "A": (2, 2),
    "H": (0, 3),
    "C": (1, 3),
    "Z": (2, 3),
    "T": (3, 3),
    # old letters (fbr-mbn-notes 3.2, LeCodex): G = T, J = Z, L = C
    "G": (3, 3),
    "J": (2, 3),
    "L": (1, 3),
}
"""Base letters that are single leapers: the (x, y) leap (x <= y)."""

BASE_LETTERS: Final[dict[str, str]] = {
    "B": "F0",
    "R": "W0",
    "Q": "RB",
    "K": "WF",
    "E": "RN",
    "I": "BN",
    "M": "WF",
    "V": "BN",
    "P": "mfW+cefF+[1-2]mefW02",
    "S": "mfsF+cefW+[1-2]mefF02",
    "U": "g(WF)0",
    "X": "(!dcy{^P}OK)0*",
    "Y": "F-[(zF)0]",
}
"""Base letters defined by an MBN move expression (the page's table)."""


def base_definition(letter: str) -> str | None:
    """The MBN meaning of a base letter: ``"R"`` -> ``"W0"``, ``"N"`` -> ``":1,2:"``; ``None`` for a
    letter without a base meaning."""
    if letter in LEAPS:
        x, y = LEAPS[letter]
        return f":{x},{y}:"
    return BASE_LETTERS.get(letter)
