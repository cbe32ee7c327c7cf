"""Registration of the ``fbr`` notation (rule files) for the registry and the ``ntk`` CLI."""

from __future__ import annotations

from typing import Any

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.registry import Notation
from notation_toolkit.fbr import api
from notation_toolkit.fbr.parser import parse
from notation_toolkit.fbr.validate import check_rule_file


def _format(text: str, **options: Any) -> str:
    # The CLI adds the final newline itself.
    return api.dumps(text, grammar=options.get("grammar")).rstrip("\n")


def _canonicalize(text: str, **options: Any) -> tuple[str, list[Diagnostic]]:
    canonical, fixes = api.canonicalize(text, grammar=options.get("grammar"))
    return canonical.rstrip("\n"), fixes


def _parse(text: str, **options: Any) -> Any:
    return parse(text, grammar=options.get("grammar"))


def _check(text: str, **options: Any) -> list[Diagnostic]:
    return api.check(text, grammar=options.get("grammar"), catalog=options.get("catalog"))


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
    validate=check_rule_file,
    options={"catalog": "extra rule catalog file(s) (JSON), joined with the path separator"},
    example="royal promotion+[8]=enter K Q=R+B R B N P +P==QRBN",
)
