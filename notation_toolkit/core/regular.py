"""Compile the regular part of a Lark grammar into one Python regular expression.

Many notations (FEN, DFEN, FEEN) are regular languages: their grammar rules never recurse. For
such a rule the whole language can be matched by a single ``re`` pattern built *from the grammar
itself* (its rule trees and terminal patterns), which accepts or rejects a string in microseconds.
Parsers use it as a fast path and fall back to the LALR parser, which gives the exact diagnostic,
only when the fast path rejects; tests check that both agree.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from lark import Lark, Token, Tree
from lark.grammar import NonTerminal, Terminal


class NotRegularError(ValueError):
    """The rule cannot be compiled to a regular expression (it recurses, or uses templates)."""


def compile_regex(
    parser: Lark,
    start: str,
    *,
    groups: Iterable[str] = (),
    atomic_terminals: bool = True,
) -> str:
    """Return a regex (source) for the language of rule ``start`` of ``parser``'s grammar.

    ``groups`` names rules to capture as named groups (each may occur only once in the language).
    Terminals are wrapped in atomic groups by default, which mirrors the lexer's longest match
    on each token; the caller should still test agreement with the real parser.
    """
    grammar = getattr(parser, "grammar", None)
    if grammar is None:
        # A parser restored from Lark's disk cache keeps its tables but not the grammar
        # definition: reload the definition from the source it was built from.
        from lark.load_grammar import load_grammar

        options = parser.options
        grammar, _files = load_grammar(  # type: ignore[no-untyped-call]
            parser.source_grammar,
            options.source_path or "<string>",
            options.import_paths,
            options.keep_all_tokens,
        )
    rules: dict[str, Tree[object]] = {str(name): tree for name, _params, tree, _opts in grammar.rule_defs}
    terminals = {t.name: t for t in parser.terminals}
    term_defs = {str(name): tree for name, (tree, _prio) in grammar.term_defs}
    wanted = set(groups)
    used: set[str] = set()

    def terminal_regex(name: str) -> str:
        definition = terminals.get(name)
        if definition is not None:
            body = definition.pattern.to_regexp()
        elif name in term_defs:
            body = compile_tree(term_defs[name], ())
        else:
            raise NotRegularError(f"unknown terminal {name}")
        return f"(?>{body})" if atomic_terminals else f"(?:{body})"

    def literal_regex(token: Token) -> str:
        value = str(token)
        if token.type == "STRING":
            quote_end = value.rfind('"')
            flags = value[quote_end + 1 :]
            body = ast.literal_eval(value[: quote_end + 1])
            import re

            escaped = re.escape(body)
        else:  # REGEXP /.../flags
            slash_end = value.rfind("/")
            flags = value[slash_end + 1 :]
            escaped = value[1:slash_end].replace("\\/", "/")
        return f"(?{flags}:{escaped})" if flags else f"(?:{escaped})"

    def compile_tree(node: object, stack: tuple[str, ...]) -> str:
        if isinstance(node, NonTerminal):
            return compile_rule(node.name, stack)
        if isinstance(node, Terminal):
            return terminal_regex(node.name)
        if isinstance(node, Token):
            if node.type in ("RULE",):
                return compile_rule(str(node), stack)
            if node.type in ("TERMINAL",):
                return terminal_regex(str(node))
            if node.type in ("STRING", "REGEXP"):
                return literal_regex(node)
            raise NotRegularError(f"unsupported token {node.type}")
        if not isinstance(node, Tree):
            raise NotRegularError(f"unsupported grammar node {node!r}")
        data = node.data
        kids = node.children
        if data == "expansions":
            return "(?:" + "|".join(compile_tree(k, stack) for k in kids) + ")"
        if data == "expansion":
            return "".join(compile_tree(k, stack) for k in kids)
        if data in ("value", "literal"):
            return "".join(compile_tree(k, stack) for k in kids)
        if data == "alias":
            return compile_tree(kids[0], stack)
        if data == "maybe":
            return "(?:" + compile_tree(kids[0], stack) + ")?"
        if data == "expr":
            inner = "(?:" + compile_tree(kids[0], stack) + ")"
            op = kids[1]
            if len(kids) == 2:
                return inner + str(op)
            low, high = int(str(kids[1])), int(str(kids[2]))  # "~" range: expr, low, high
            return inner + f"{{{low},{high}}}"
        raise NotRegularError(f"unsupported grammar construct {data!r}")

    def compile_rule(name: str, stack: tuple[str, ...]) -> str:
        if name in stack:
            raise NotRegularError(f"rule {name!r} is recursive: {' -> '.join((*stack, name))}")
        tree = rules.get(name)
        if tree is None:
            raise NotRegularError(f"unknown rule {name!r}")
        body = compile_tree(tree, (*stack, name))
        if name in wanted:
            if name in used:
                raise NotRegularError(f"rule {name!r} occurs more than once; it cannot be a named group")
            used.add(name)
            return f"(?P<{name}>{body})"
        return body

    return compile_rule(start, ())
