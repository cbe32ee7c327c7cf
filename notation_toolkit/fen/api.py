"""The public functions of ``notation_toolkit.fen``, re-exported lazily by its ``__init__``.

Kept out of the package's ``__init__`` so that importing the package (``ntk explain FEN111``,
the notation registry) loads no parser, grammar or AST. The functions are made by
``position_api``, which DFEN shares; the package's ``__all__`` lists every public name.
"""

from __future__ import annotations

from notation_toolkit.fen.ast import FenPosition
from notation_toolkit.fen.parser import READER
from notation_toolkit.fen.position_api import position_api
from notation_toolkit.fen.validate import warnings

_API = position_api(
    READER,
    warnings,
    position_type=FenPosition,
    label="FEN",
    module=__name__,
    parse_doc="""Parse a standard six-field FEN into a ``FenPosition``; raises a ``NotationError`` subclass.

    Strict by default: adjacent empty counts (``44``), castling letters out of ``KQkq`` order and
    numbers with leading zeros are refused (``CanonicalFormError``); ``lenient=True`` accepts them.

    ``grammar``: the path of your own ``.lark`` file that ``%import``s ``fen`` and ``%extend``s /
    ``%override``s its rules. It is parsed with that grammar's LALR parser; the known fields are
    checked as usual and the rules it adds appear in ``FenPosition.extensions`` as ``GenericNode``s.
    """,
)
parse = _API.parse
canonicalize = _API.canonicalize
format_text = _API.format_text
check = _API.check
is_valid = _API.is_valid
