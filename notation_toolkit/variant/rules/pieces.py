"""``pieces``: limits on the number of pieces: ``total(N)`` per side, ``file(N)`` per file,
``sum(N)`` per piece type of the set (003:540-628; without a piece set every piece counts, 003:542).

The move generator reads the limits (``Core.total_limits`` / ``Core.file_limits``) when it offers
promotions and drops: a move that would exceed a limit is not generated."""

from __future__ import annotations

from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Reading,
    contract,
    contracts,
    count,
    defined_keys,
    letters,
)


class Pieces(Component):
    """The ``pieces`` rule (limits)."""

    name = "pieces"
    lines = "003:540-628"
    contract = contracts(pieces=contract("piece_set", total="count", file="count", sum="count"))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        rules = reading.rules
        members = letters(rule.piece_set) or frozenset(defined_keys(reading.rule_file))
        if not rule.attributes:
            reading.diag(codes.ATTRIBUTE_NOT_EXECUTED, "pieces_needs_attribute", rule.span)
        for attr_name, attribute in attributes:
            if attr_name == "total":
                rules.total_limits.append((members, count(attribute, 1)))
            elif attr_name == "file":
                rules.file_limits.append((members, count(attribute, 1)))
            elif attr_name == "sum":
                # each piece type of the set on its own (003:618)
                for letter in sorted(members):
                    rules.total_limits.append((frozenset({letter}), count(attribute, 1)))


COMPONENT = Pieces()
