"""Loading ``grammars/mbn.lark`` (or a user's extension grammar) as a cached LALR parser.

The parser runs a transformer inline (Lark's ``transformer=``): the AST is built while parsing,
without an intermediate tree. Tokens are all kept (``keep_all_tokens=True``) because spans are
computed from the children of each rule (Lark gives inline transformers no positions).
"""

from __future__ import annotations

from lark import Lark

from notation_toolkit.core.grammar import GrammarRef, load_parser
from notation_toolkit.mbn.transform import MbnTransformer

__all__ = ["TRANSFORMER", "GrammarRef", "parser_for"]

TRANSFORMER = MbnTransformer()
"""The one MBN transformer (stateless; its identity keys the parser cache)."""


def parser_for(
    grammar: GrammarRef, default: str, start: str, transformer: MbnTransformer = TRANSFORMER
) -> Lark:
    """The LALR parser of a shipped grammar name or of a user's extension grammar file."""
    return load_parser(
        grammar if grammar is not None else default,
        start,
        transformer=transformer,
        keep_all_tokens=True,
        propagate_positions=False,
        cache=True,
    )
