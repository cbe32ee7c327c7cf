"""Registration of the ``fbr`` notation (rule files) for the registry and the ``ntk`` CLI.

Every function imports what it calls: ``ntk notations`` reads this entry without loading the
parser, and ``ntk parse fbr`` loads the parser without the catalog, the validator or the formatter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from notation_toolkit.core.registry import Notation, known_options

if TYPE_CHECKING:
    from notation_toolkit.core.diagnostics import Diagnostic


_OPTIONS: tuple[str, ...] = ("catalog",)


def _format(text: str, **options: Any) -> str:
    known_options("FBR", options, _OPTIONS)
    from notation_toolkit.fbr import api

    # The CLI adds the final newline itself.
    return api.dumps(text, grammar=options.get("grammar")).rstrip("\n")


def _canonicalize(text: str, **options: Any) -> tuple[str, list[Diagnostic]]:
    known_options("FBR", options, _OPTIONS)
    from notation_toolkit.fbr import api

    canonical, fixes = api.canonicalize(text, grammar=options.get("grammar"))
    return canonical.rstrip("\n"), fixes


def _parse(text: str, **options: Any) -> Any:
    known_options("FBR", options, _OPTIONS)
    from notation_toolkit.fbr.parser import parse

    return parse(text, grammar=options.get("grammar"))


def _check(text: str, **options: Any) -> list[Diagnostic]:
    from notation_toolkit.core.errors import NotationError

    try:
        known_options("FBR", options, _OPTIONS)
    except NotationError as err:  # check reports, it never raises for what it was given
        return list(err.diagnostics)
    from notation_toolkit.fbr import api

    return api.check(text, grammar=options.get("grammar"), catalog=options.get("catalog"))


def _validate(rule_file: Any) -> list[Diagnostic]:
    """Diagnostics of a parsed rule file against the shipped catalog (``fbr.check_rule_file``)."""
    from notation_toolkit.fbr.validate import check_rule_file

    return check_rule_file(rule_file)


NOTATION = Notation(
    name="fbr",
    title="FBR rule file: Formalized Board Rules with MBN piece definitions (C/CIF)",
    extensions=(".fbr",),
    per_line=False,
    parse=_parse,
    check=_check,
    format=_format,
    canonicalize=_canonicalize,
    grammar="rulefile",
    validate=_validate,
    options={"catalog": "extra rule catalog file(s) (JSON), joined with the path separator"},
    example="royal promotion+[8]=enter K Q=R+B R B N P +P==QRBN",
)
