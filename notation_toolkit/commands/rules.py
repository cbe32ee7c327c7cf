"""``--rules FILE.fbr``: positions of the variant a rule file defines, read and written through the
variant core (``notation_toolkit.variant``), for ``ntk parse``, ``check``, ``convert`` and ``draw``.

The generic ``fen`` and ``feen`` notations know orthodox FEN and FEEN's own syntax; with ``--rules``
a FEN or FEEN text is read as a position of that variant (its board size, its pieces, its hands)
and written back by the core (``notation_toolkit.bulk.positions``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from notation_toolkit.variant import Variant

F = TypeVar("F", bound=Callable[..., Any])

NOTATIONS = ("fen", "feen")  # as bulk.positions.NOTATIONS (not imported: start-up time)

LOSES = {
    ("fen", "feen"): "the half-move clock and the move number (FEEN's state fields keep castling "
    "and en passant)",
    ("feen", "fen"): "nothing FEN can hold; a position FEN cannot hold (hands on a board without "
    "a FEN convention) is refused",
    ("fen", "fen"): "nothing (the core's canonical FEN)",
    ("feen", "feen"): "nothing (the core's canonical FEEN)",
}


def rules_option(function: F) -> F:
    """``--rules FILE.fbr`` (the command receives ``rules: str | None``)."""
    return click.option(
        "--rules",
        "rules",
        metavar="FILE.fbr",
        default=None,
        help="Read and write the positions (FEN, FEEN) of the variant this rule file defines, "
        "through the variant core.",
    )(function)


def check_notation(notation: str, what: str = "NOTATION") -> str | None:
    """The usage error for a notation ``--rules`` cannot read (``None``: it can)."""
    if notation.lower() in NOTATIONS:
        return None
    return f"--rules reads and writes positions in fen or feen, not {what} {notation!r}"


def load_variant(path: str) -> tuple[str, Variant]:
    """(the rule file's text, its variant); ``NotationError`` (NTK005, NTK001, VAR2xx ...) if it
    cannot be read or played. The file is read with the caps of every text file."""
    from notation_toolkit.bulk.positions import variant_of
    from notation_toolkit.core.textio import read_text_file

    text = read_text_file(path).text
    return text, variant_of(text)
