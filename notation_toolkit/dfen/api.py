"""The public functions of ``notation_toolkit.dfen``, re-exported lazily by its ``__init__``.

Kept out of the package's ``__init__`` so that importing the package (``ntk explain DFEN111``,
the notation registry) loads no parser, grammar or AST. The functions are made by FEN's
``position_api``; the package's ``__all__`` lists every public name.
"""

from __future__ import annotations

from notation_toolkit.dfen.ast import DfenPosition
from notation_toolkit.dfen.parser import READER
from notation_toolkit.dfen.validate import warnings
from notation_toolkit.fen.position_api import position_api

_API = position_api(
    READER,
    warnings,
    position_type=DfenPosition,
    label="DFEN",
    module=__name__,
    parse_doc="""Parse a DFEN string (4 to 7 fields, rule F1) into a ``DfenPosition``.

    Strict by default: dice in the wrong case for the side to move (F3), adjacent empty counts,
    unordered castling letters and leading zeros are refused (``CanonicalFormError``);
    ``lenient=True`` accepts them (``canonicalize`` also lists the fixes). Any order of en-passant
    squares and dice is accepted in both modes. Raises a ``NotationError`` subclass for bad input.

    ``grammar``: the path of your own ``.lark`` file that ``%import``s ``dfen`` and ``%extend``s /
    ``%override``s its rules. It is parsed with that grammar's LALR parser; the known fields are
    checked as usual and the rules it adds appear in ``DfenPosition.extensions`` as ``GenericNode``s.
    """,
)
parse = _API.parse
canonicalize = _API.canonicalize
format_text = _API.format_text
check = _API.check
is_valid = _API.is_valid
