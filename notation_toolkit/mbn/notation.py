"""Registration of the ``mbn`` notation (one MBN piece item) for the registry and the CLI."""

from __future__ import annotations

from typing import Any

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.registry import Notation
from notation_toolkit.mbn import canonicalize
from notation_toolkit.mbn.format import dumps
from notation_toolkit.mbn.parser import parse_item
from notation_toolkit.mbn.validate import validate


def _parse(text: str, **options: Any) -> Any:
    return parse_item(text, grammar=options.get("grammar"))


def _check(text: str, **options: Any) -> list[Diagnostic]:
    try:
        return validate(parse_item(text, grammar=options.get("grammar")))
    except NotationError as exc:
        return list(exc.diagnostics)


def _format(text: str, **options: Any) -> str:
    return dumps(parse_item(text, grammar=options.get("grammar")))


NOTATION = Notation(
    name="mbn",
    title="MBN piece item: Modified Betza Notation definition, declaration or promotion rule",
    extensions=(".mbn",),
    per_line=True,
    parse=_parse,
    check=_check,
    format=_format,
    canonicalize=lambda text, **options: canonicalize(text, grammar=options.get("grammar")),
    grammar="mbn",
    example="P|Pawn|=mfW+cefF+[1-2]mefW02",
    validate=validate,
)
