"""FBR (Formalized Board Rules, C/CIF) rule files with MBN piece definitions.

    >>> from notation_toolkit import fbr
    >>> rules = fbr.parse("royal promotion+[8] K Q=R+B R B N P +P==QRBN")
    >>> [r.name for r in rules.rules]
    ['royal', 'promotion']
    >>> print(fbr.dumps(rules), end="")
    royal
    promotion+[8]
    K
    Q=R+B
    R
    B
    N
    P
    +P==QRBN

``parse`` (rule files), ``parse_rule``, ``parse_attribute``, ``parse_file`` build the typed AST of
``fbr.ast`` (MBN nodes: ``notation_toolkit.mbn.ast``); ``check`` lists every diagnostic,
``validate`` raises ``ValidationError`` on errors; ``dumps`` writes the canonical layout
(``format`` is its deprecated former name: it warns);
``load_catalog`` extends the shipped rule catalog with catalog files of your own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.fbr import codes as _codes  # noqa: F401  (registers the FBR codes)
from notation_toolkit.mbn import codes as _mbn_codes  # noqa: F401

if TYPE_CHECKING:
    from notation_toolkit.fbr.api import canonicalize, check, dumps, is_valid, validate
    from notation_toolkit.fbr.api import deprecated_format as format
    from notation_toolkit.fbr.catalog import AttributeSpec, Catalog, RuleSpec, load_catalog, shipped_catalog
    from notation_toolkit.fbr.format import format_rule, format_rule_file
    from notation_toolkit.fbr.parser import parse, parse_attribute, parse_file, parse_rule
    from notation_toolkit.fbr.validate import check_rule, check_rule_file, resolve_attribute

# Imported on first use (core.lazy): `import notation_toolkit.fbr` alone loads no parser.
_API = "notation_toolkit.fbr.api"
_CATALOG = "notation_toolkit.fbr.catalog"
_FORMAT = "notation_toolkit.fbr.format"
_PARSER = "notation_toolkit.fbr.parser"
_VALIDATE = "notation_toolkit.fbr.validate"
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "AttributeSpec": _CATALOG,
        "Catalog": _CATALOG,
        "RuleSpec": _CATALOG,
        "canonicalize": _API,
        "check": _API,
        "check_rule": _VALIDATE,
        "check_rule_file": _VALIDATE,
        "dumps": _API,
        # Deprecated (it warns); the name also keeps the submodule fbr.format from replacing it.
        "format": f"{_API}:deprecated_format",
        "format_rule": _FORMAT,
        "format_rule_file": _FORMAT,
        "is_valid": _API,
        "load_catalog": _CATALOG,
        "parse": _PARSER,
        "parse_attribute": _PARSER,
        "parse_file": _PARSER,
        "parse_rule": _PARSER,
        "resolve_attribute": _VALIDATE,
        "shipped_catalog": _CATALOG,
        "validate": _API,
    },
)


__all__ = [
    "AttributeSpec",
    "Catalog",
    "RuleSpec",
    "canonicalize",
    "check",
    "check_rule",
    "check_rule_file",
    "dumps",
    "format",
    "format_rule",
    "format_rule_file",
    "is_valid",
    "load_catalog",
    "parse",
    "parse_attribute",
    "parse_file",
    "parse_rule",
    "resolve_attribute",
    "shipped_catalog",
    "validate",
]
