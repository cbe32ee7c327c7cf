"""Registration of the ``mbn`` notation (one MBN piece item) for the registry and the CLI.

Every function imports what it calls: ``ntk notations`` reads this entry without loading the
parser, and ``ntk parse mbn`` loads the parser without the validator or the formatter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from notation_toolkit.core.registry import Notation, known_options

if TYPE_CHECKING:
    from notation_toolkit.core.diagnostics import Diagnostic


_OPTIONS: tuple[str, ...] = ()


def _parse(text: str, **options: Any) -> Any:
    known_options("MBN", options, _OPTIONS)
    from notation_toolkit.mbn.parser import parse_item

    return parse_item(text, grammar=options.get("grammar"))


def _check(text: str, **options: Any) -> list[Diagnostic]:
    from notation_toolkit.core.errors import NotationError

    try:
        known_options("MBN", options, _OPTIONS)
    except NotationError as err:  # check reports, it never raises for what it was given
        return list(err.diagnostics)
    from notation_toolkit.mbn import check

    return check(text, grammar=options.get("grammar"))


def _format(text: str, **options: Any) -> str:
    known_options("MBN", options, _OPTIONS)
    from notation_toolkit.mbn.format import dumps
    from notation_toolkit.mbn.parser import parse_item

    return dumps(parse_item(text, grammar=options.get("grammar")))


def _canonicalize(text: str, **options: Any) -> tuple[str, list[Diagnostic]]:
    known_options("MBN", options, _OPTIONS)
    from notation_toolkit.mbn import canonicalize

    return canonicalize(text, grammar=options.get("grammar"))


def _validate(item: Any) -> list[Diagnostic]:
    """The semantic diagnostics of a parsed item (``mbn.validate``)."""
    from notation_toolkit.mbn.validate import validate

    return validate(item)


NOTATION = Notation(
    name="mbn",
    title="MBN piece item: Modified Betza Notation definition, declaration or promotion rule",
    extensions=(".mbn",),
    per_line=True,
    parse=_parse,
    check=_check,
    format=_format,
    canonicalize=_canonicalize,
    grammar="mbn",
    example="P|Pawn|=mfW+cefF+[1-2]mefW02",
    validate=_validate,
)
