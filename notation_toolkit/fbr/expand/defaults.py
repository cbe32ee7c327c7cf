"""Documented defaults made explicit, so that two rule files can be compared (003: the page's
"default" sentences, transcribed as ``[[default]]`` entries of ``expansions.toml``)."""

from __future__ import annotations

from dataclasses import replace

from notation_toolkit.fbr import ast
from notation_toolkit.fbr.expand.engine import MBN_KINDS, Board, board_of, parse_generated
from notation_toolkit.fbr.expand.templates import DefaultSpec, Templates, builtin_templates, fill

_SOURCE = "[[default]] entry"


def _values(board: Board) -> dict[str, object]:
    return {"last_rank": str(board.ranks), "first_file": board.first_file, "last_file": board.last_file}


def _parsed_rule(text: str) -> ast.FbrRule:
    node = parse_generated(text, _SOURCE)
    assert isinstance(node, ast.FbrRule), text
    return node


def _matches(rule: ast.FbrRule, spec: DefaultSpec) -> bool:
    if rule.name != spec.rule:
        return False
    return spec.prefix is None or (rule.prefix is not None and rule.prefix.value == spec.prefix)


def _insert(items: list[object], rule: ast.FbrRule) -> None:
    """Add a rule after the last rule that precedes the pieces (where the page writes rules)."""
    index = next((i for i, x in enumerate(items) if isinstance(x, MBN_KINDS)), len(items))
    items.insert(index, rule)


def _apply(spec: DefaultSpec, items: list[object], board: Board) -> None:
    add = fill(spec.add, _values(board), _SOURCE)
    if spec.kind == "metadata":
        if not any(isinstance(i, ast.Metadata) and i.key == spec.rule for i in items):
            index = 0
            while index < len(items) and isinstance(items[index], ast.Comment | ast.Metadata):
                index += 1
            items.insert(index, ast.Metadata(spec.rule, add))
        return
    rules = [(i, r) for i, r in enumerate(items) if isinstance(r, ast.FbrRule)]
    if spec.kind == "absent":
        if not any(_matches(r, spec) for _, r in rules):
            _insert(items, _parsed_rule(add))
        return
    if spec.kind == "implies":
        if any(r.name == spec.rule and not r.negated for _, r in rules) and not any(
            r.name == add for _, r in rules
        ):
            _insert(items, _parsed_rule(add))
        return
    for index, rule in rules:
        if not _matches(rule, spec) or rule.negated:
            continue
        items[index] = _complete(rule, spec, add)


def _complete(rule: ast.FbrRule, spec: DefaultSpec, add: str) -> ast.FbrRule:
    if spec.kind == "attributes":
        if rule.attributes:
            return rule
        return replace(rule, attributes=_parsed_rule(f"{rule.name}={add}").attributes)
    if spec.kind == "piece_set":
        return (
            rule if rule.piece_set is not None else replace(rule, piece_set=_parsed_rule(f"x{add}").piece_set)
        )
    if spec.kind == "board_range":
        if rule.board_range is not None:
            return rule
        return replace(rule, board_range=_parsed_rule(f"x{add}").board_range)
    if spec.kind == "prefix" and spec.attribute is None:
        return rule if rule.prefix is not None else replace(rule, prefix=ast.Prefix(add))
    attributes = []
    for attr in rule.attributes:
        if attr.name == spec.attribute and not attr.negated:
            if spec.kind == "argument" and attr.argument is None:
                attr = replace(attr, argument=_parsed_rule(f"x={attr.name}{add}").attributes[0].argument)
            elif spec.kind == "prefix" and attr.prefix is None:
                attr = replace(attr, prefix=ast.Prefix(add))
        attributes.append(attr)
    return replace(rule, attributes=tuple(attributes))


def make_defaults_explicit(rulefile: ast.RuleFile, templates: Templates | None = None) -> ast.RuleFile:
    """Write out every default the FBR page documents, so two rule files can be compared.

    ``boardsize="8x8"`` is added when the file gives no board size (C/CIF ``<game>`` default,
    fbr-mbn-notes 1.1). Added when absent (and not cancelled with ``!``): ``draw=repetition(3)`` (003:265),
    ``mirror=vertical`` (003:464), ``stalemate=draw`` (003:979), ``multicapture=completed``
    (003:488) and ``promotion+[last rank]`` (003:664, 003:670). Completed when present:
    ``promotion`` gets ``+`` (003:668) and the last rank; ``royal`` gets ``{K}`` (003:902);
    ``bouncing`` ``{B}`` (003:155); ``difficulttrading`` ``{L}`` (003:251); bare ``draw``,
    ``mirror``, ``multicapture`` and ``progressive`` get their default attribute;
    ``repetition``/``perpetualcheck`` get ``(3)``; ``demote``/``promote`` get ``-``/``+``;
    ``gating`` implies ``holding`` (003:366). The list is data: ``[[default]]`` in
    ``expansions.toml``. Applying it twice changes nothing.
    """
    templates = templates or builtin_templates()
    board = board_of(rulefile)
    items = list(rulefile.items)
    for spec in templates.defaults:
        _apply(spec, items, board)
    return replace(rulefile, items=tuple(items))
