"""DFEN's Lark tree -> fields: FEN's transformer with the ``dice`` rule.

``dfen.lark`` ``%import``\\ s FEN's rules (``fen__rank`` ... arrive namespaced, and reach FEN's
handlers through ``core.transform.NodeTransformer``); :class:`DfenTransformer` subclasses
:class:`~notation_toolkit.fen.transform.FenTransformer` and adds the one rule DFEN adds. The
fields then go through ``dfen.validate.build``.
"""

from __future__ import annotations

from notation_toolkit.dfen.grammar import SYNTAX
from notation_toolkit.fen.transform import FenTransformer


class DfenTransformer(FenTransformer):
    """Lark tree of ``dfen.lark`` (or of a grammar extending it) -> fields, with the dice pool."""

    field_names = SYNTAX.field_names
