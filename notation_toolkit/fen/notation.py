"""Registration of FEN with the notation registry (``ntk parse fen ...``, ``.fen`` files)."""

from __future__ import annotations

from typing import Any

from notation_toolkit import fen
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.registry import Notation
from notation_toolkit.fen.reader import MAX_INPUT


def _limit(options: dict[str, Any]) -> int | None:
    raw = options.pop("max_input", MAX_INPUT)
    if raw is None or (isinstance(raw, str) and raw.strip().lower() in ("none", "0", "")):
        return None
    return int(raw)


def _parse(text: str, *, grammar: str | None = None, **options: Any) -> fen.FenPosition:
    _no_grammar(grammar)
    return fen.parse(text, lenient=options.pop("lenient", False), max_input=_limit(options))


def _check(text: str, *, grammar: str | None = None, **options: Any) -> list[Diagnostic]:
    _no_grammar(grammar)
    return fen.check(text, lenient=options.pop("lenient", False), max_input=_limit(options))


def _format(text: str, *, grammar: str | None = None, **options: Any) -> str:
    return fen.dumps(_parse(text, grammar=grammar, **options))


def _canonicalize(text: str, *, grammar: str | None = None, **options: Any) -> tuple[str, list[Diagnostic]]:
    _no_grammar(grammar)
    return fen.canonicalize(text, max_input=_limit(options))


def _no_grammar(grammar: str | None) -> None:
    if grammar:
        from notation_toolkit.core.errors import UnknownNameError

        raise UnknownNameError.single(
            "NTK003",
            "FEN does not take a --grammar: its extensions are notations of their own",
            hint="DFEN is the shipped extension of FEN: use `-n dfen`",
        )


NOTATION = Notation(
    name="fen",
    title="FEN, Forsyth-Edwards Notation (chess positions)",
    extensions=(".fen",),
    per_line=True,
    parse=_parse,
    check=_check,
    format=_format,
    canonicalize=_canonicalize,
    grammar="fen",
    options={
        "lenient": "accept '44', castling out of KQkq order and leading zeros (true/false)",
        "max_input": f"largest input accepted, in characters (default {MAX_INPUT}; 'none' = no cap)",
    },
    example="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
)

from notation_toolkit.fen import convert as _convert  # noqa: E402  (registers the conversions)

_convert.register()
