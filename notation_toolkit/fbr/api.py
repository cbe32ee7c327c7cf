"""The functions behind the ``fbr`` notation: check, validate, dumps, canonicalize, is_valid.

``format`` is the former name of ``dumps`` (it shadows the builtin); it stays as a deprecated
alias because the README and existing code use it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from notation_toolkit.core.diagnostics import Diagnostic, Severity, has_errors
from notation_toolkit.core.errors import NotationError, ValidationError
from notation_toolkit.fbr import ast
from notation_toolkit.fbr.catalog import Catalog, load_catalog, shipped_catalog
from notation_toolkit.fbr.format import dumps as _dumps
from notation_toolkit.fbr.format import format_rule_file
from notation_toolkit.fbr.parser import parse
from notation_toolkit.fbr.validate import check_rule_file
from notation_toolkit.mbn.parser import GrammarRef

CatalogRef = Catalog | str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None


def _catalog(catalog: CatalogRef) -> Catalog:
    if catalog is None or catalog == "":
        return shipped_catalog()
    if isinstance(catalog, Catalog):
        return catalog
    if isinstance(catalog, str | os.PathLike):
        return load_catalog(*[p for p in str(catalog).split(os.pathsep) if p])
    return load_catalog(*catalog)


def check(
    text: str, *, grammar: GrammarRef = None, catalog: CatalogRef = None, **_: object
) -> list[Diagnostic]:
    """Every diagnostic of a rule file (syntax, catalog, references); never raises for bad input.

    ``catalog`` is a ``Catalog``, a catalog file path (several joined with ``os.pathsep``) or a list
    of paths; the shipped catalog is always the base.
    """
    try:
        rule_file = parse(text, grammar=grammar)
        return check_rule_file(rule_file, _catalog(catalog))
    except NotationError as exc:
        return list(exc.diagnostics)


def validate(
    text: str | ast.RuleFile, *, grammar: GrammarRef = None, catalog: CatalogRef = None
) -> ast.RuleFile:
    """Parse (if needed) and validate; return the AST or raise ``ValidationError`` with the errors.

    Warnings and infos do not fail validation; they are returned by ``check``.
    """
    rule_file = parse(text, grammar=grammar) if isinstance(text, str) else text
    diagnostics = check_rule_file(rule_file, _catalog(catalog))
    if has_errors(diagnostics):
        errors = [d for d in diagnostics if d.severity is Severity.ERROR]
        raise ValidationError(errors, text if isinstance(text, str) else None)
    return rule_file


def dumps(text: str | object, *, grammar: GrammarRef = None, **_: object) -> str:
    """The canonical text: one item per line, rule parts in BNF order.

    Takes a ``RuleFile`` (or any FBR/MBN node) or the text of a rule file.
    """
    if isinstance(text, str):
        return format_rule_file(parse(text, grammar=grammar))
    return _dumps(text)


def deprecated_format(text: str | object, *, grammar: GrammarRef = None, **options: object) -> str:
    """``fbr.format``, deprecated: the former name of :func:`dumps` (it shadowed the builtin)."""
    import warnings

    warnings.warn("fbr.format is deprecated; use fbr.dumps", DeprecationWarning, stacklevel=2)
    return dumps(text, grammar=grammar, **options)


def is_valid(text: str, *, grammar: GrammarRef = None, catalog: CatalogRef = None) -> bool:
    """True when the rule file parses and checks without errors."""
    return not has_errors(check(text, grammar=grammar, catalog=catalog))


def canonicalize(text: str, *, grammar: GrammarRef = None, **_: object) -> tuple[str, list[Diagnostic]]:
    """Canonical text and (when the layout changed) one INFO diagnostic describing the change."""
    canonical = dumps(text, grammar=grammar)
    if canonical == text:
        return canonical, []
    from notation_toolkit.fbr.codes import INFO

    code = INFO["FBR001"]
    return canonical, [code.diagnostic(severity=Severity.INFO, fix=code.fix("", canonical))]
