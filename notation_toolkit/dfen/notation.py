"""Registration of DFEN with the notation registry (``ntk parse dfen ...``, ``.dfen`` files)."""

from __future__ import annotations

from typing import Any

from notation_toolkit import dfen
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.registry import Notation
from notation_toolkit.fen.notation import _limit, _no_grammar
from notation_toolkit.fen.reader import MAX_INPUT


def _parse(text: str, *, grammar: str | None = None, **options: Any) -> dfen.DfenPosition:
    _no_grammar(grammar)
    return dfen.parse(text, lenient=options.pop("lenient", False), max_input=_limit(options))


def _check(text: str, *, grammar: str | None = None, **options: Any) -> list[Diagnostic]:
    _no_grammar(grammar)
    return dfen.check(text, lenient=options.pop("lenient", False), max_input=_limit(options))


def _format(text: str, *, grammar: str | None = None, **options: Any) -> str:
    return dfen.dumps(_parse(text, grammar=grammar, **options))


def _canonicalize(text: str, *, grammar: str | None = None, **options: Any) -> tuple[str, list[Diagnostic]]:
    _no_grammar(grammar)
    return dfen.canonicalize(text, max_input=_limit(options))


NOTATION = Notation(
    name="dfen",
    title="DFEN, Dice Chess FEN (several en-passant targets, dice pool)",
    extensions=(".dfen",),
    per_line=True,
    parse=_parse,
    check=_check,
    format=_format,
    canonicalize=_canonicalize,
    grammar="dfen",
    options={
        "lenient": "accept dice in the wrong case for the side to move (F3), '44', unordered castling, "
        "leading zeros (true/false)",
        "max_input": f"largest input accepted, in characters (default {MAX_INPUT}; 'none' = no cap)",
    },
    example="rnbqkbnr/pppppppp/8/8/P1P1P3/8/1P1P1PPP/RNBQKBNR b KQkq a3c3e3 0 1 -",
)

from notation_toolkit.dfen import convert as _convert  # noqa: E402  (registers the conversions)

_convert.register()
