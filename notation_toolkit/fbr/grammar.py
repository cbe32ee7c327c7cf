"""Loading ``grammars/rulefile.lark`` / ``grammars/fbr.lark`` (or a user's extension) as LALR parsers.

The FBR grammars ``%import`` MBN's; the parsers run ``FbrTransformer`` inline (it extends MBN's
transformer), so a whole rule file becomes its AST in one pass, without a parse tree.
"""

from __future__ import annotations

from lark import Lark

from notation_toolkit.fbr.transform import FbrTransformer
from notation_toolkit.mbn.grammar import GrammarRef
from notation_toolkit.mbn.grammar import parser_for as _parser_for

TRANSFORMER = FbrTransformer()
"""The one FBR transformer (stateless; its identity keys the parser cache)."""

__all__ = ["TRANSFORMER", "GrammarRef", "parser_for"]


def parser_for(grammar: GrammarRef, default: str = "rulefile", start: str = "rule_file") -> Lark:
    """The LALR parser (with the inline FBR transformer) of a shipped or user grammar."""
    return _parser_for(grammar, default, start, TRANSFORMER)
