"""DFEN's grammar: ``grammars/dfen.lark``, which ``%import``\\ s ``fen.lark`` and changes field 4,
adds field 7 and makes fields 5-7 optional. Its syntax record extends FEN's with those changes;
parsers and the regex fast path come from the same ``fen.grammar.Syntax`` machinery.
"""

from __future__ import annotations

from notation_toolkit.fen.grammar import FIELD_HINTS, FIELDS, MAX_INPUT, Syntax
from notation_toolkit.fen.grammar import SYNTAX as FEN_SYNTAX

__all__ = ["MAX_INPUT", "SYNTAX"]

SYNTAX = Syntax(
    grammar="dfen",
    label="DFEN",
    field_names=(*FIELDS, "dice"),
    min_fields=4,
    field_count_code="DFEN201",
    syntax_codes={**FEN_SYNTAX.syntax_codes, "en_passant": "DFEN210", "dice": "DFEN220"},
    field_hints={
        **FIELD_HINTS,
        "en_passant": "write '-' or square names written together, such as e3 or a3c3e3",
    },
)
