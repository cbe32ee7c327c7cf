"""The DFEN pipeline: FEN's (``fen.parser.PositionReader``) assembled from DFEN's own parts.

Fast path and LALR parser of ``dfen.lark``, :class:`~notation_toolkit.dfen.transform.DfenTransformer`
(imported when a tree must be read), DFEN's builder (``dfen.validate.build``) and field texts,
and one pre-check of its own (an odd-length en-passant field).
"""

from __future__ import annotations

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.dfen import format as dfen_format
from notation_toolkit.dfen.ast import DfenPosition
from notation_toolkit.dfen.codes import DFEN211
from notation_toolkit.dfen.grammar import SYNTAX
from notation_toolkit.dfen.validate import build
from notation_toolkit.fen import parser as fen_parser
from notation_toolkit.fen.parser import PositionReader
from notation_toolkit.fen.validate import span_at


def precheck(name: str, part: str, offset: int) -> Diagnostic | None:
    """FEN's pre-checks, with DFEN's own for field 4 (its squares are 2 characters each)."""
    if name != "en_passant":
        return fen_parser.precheck(name, part, offset)
    if len(part) % 2 and part.isascii() and part.isalnum():
        n = len(part)
        length = f"{n} character{'s' if n != 1 else ''}"
        return DFEN211.diagnostic(span=span_at(offset, n), field=name, part=part, length=length)
    return None


#: The DFEN reader: DFEN's syntax, transformer, builder, pre-checks and field texts.
READER: PositionReader[DfenPosition] = PositionReader(
    SYNTAX, "notation_toolkit.dfen.transform:DfenTransformer", build, precheck, dfen_format.field_texts
)
