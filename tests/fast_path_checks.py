"""Shared by the differential tests of the hand-written readers (``mbn.fast``, ``fbr.fast``)
against the Lark path: FBR's Lark reference, a deep comparison of nodes and a small text mutator."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from notation_toolkit.core.errors import NotationError
from notation_toolkit.fbr.codes import SYNTAX
from notation_toolkit.fbr.grammar import TRANSFORMER
from notation_toolkit.mbn.parser import parse_with


def fbr_lark(text: str) -> Any:
    """The whole-file Lark parse of a rule file (what ``fbr.parse`` did before its fast path):
    Lark's ``RuleFile``, or the diagnostics of its error."""
    try:
        return parse_with(
            text, grammar=None, default="rulefile", start="rule_file", code=SYNTAX, transformer=TRANSFORMER
        )
    except NotationError as exc:
        return exc.diagnostics


def deep(value: Any) -> Any:
    """Every field of every node, spans and other fields left out of ``==`` included."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            tuple((f.name, deep(getattr(value, f.name))) for f in dataclasses.fields(value)),
        )
    if isinstance(value, tuple):
        return tuple(deep(v) for v in value)
    return value


def mutate(text: str, rng: random.Random, alphabet: str) -> str:
    """``text`` with one to three characters deleted, inserted or replaced (from ``alphabet``)."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(chars) + 1)
        roll = rng.random()
        if roll < 0.4 and chars:
            del chars[min(where, len(chars) - 1)]
        elif roll < 0.8:
            chars.insert(where, rng.choice(alphabet))
        elif chars:
            chars[min(where, len(chars) - 1)] = rng.choice(alphabet)
    return "".join(chars)
