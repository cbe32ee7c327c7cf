"""The FBR compiler: composite FBR rules expanded into core FBR rules and MBN items, as the
FBR page defines them (specs/003_e9582e72bcca57e0.txt), documented defaults made explicit, and
semantic comparison of rule files.

    >>> from notation_toolkit.fbr.expand import expand, equivalent, diff
    >>> print(format_rule_file(expand("royal switching K Q=QN R B N P +P")), end="")  # doctest: +SKIP

The expansions are data (``expansions.toml`` beside this module); see docs/fbr-expand.md.
"""

from __future__ import annotations

from os import PathLike
from typing import TYPE_CHECKING

from notation_toolkit.core.lazy import lazy_exports
from notation_toolkit.fbr.expand import codes as codes

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast
    from notation_toolkit.fbr.expand.compare import Change, DiffResult, diff, equivalent, normal_form
    from notation_toolkit.fbr.expand.templates import Templates, builtin_templates, load_templates

# Imported on first use (core.lazy): `ntk --help` imports this package's command module, and must
# not load the compiler with it.
_COMPARE = "notation_toolkit.fbr.expand.compare"
_TEMPLATES = "notation_toolkit.fbr.expand.templates"
__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Change": _COMPARE,
        "DiffResult": _COMPARE,
        "diff": _COMPARE,
        "equivalent": _COMPARE,
        "normal_form": _COMPARE,
        "Templates": _TEMPLATES,
        "builtin_templates": _TEMPLATES,
        "load_templates": _TEMPLATES,
        "format_rule_file": "notation_toolkit.fbr.expand._api",
        "parse_rule_file": "notation_toolkit.fbr.expand._api",
    },
)

__all__ = [
    "Change",
    "DiffResult",
    "Templates",
    "builtin_templates",
    "composite_rules",
    "diff",
    "equivalent",
    "expand",
    "expand_text",
    "load_templates",
    "make_defaults_explicit",
    "normal_form",
]


def _as_rulefile(rulefile: ast.RuleFile | str) -> ast.RuleFile:
    from notation_toolkit.fbr.expand._api import parse_rule_file

    return parse_rule_file(rulefile) if isinstance(rulefile, str) else rulefile


def _templates(templates: Templates | str | PathLike[str] | None) -> Templates:
    from notation_toolkit.fbr.expand.templates import Templates, builtin_templates, load_templates

    if templates is None:
        return builtin_templates()
    if isinstance(templates, Templates):
        return templates
    return load_templates(templates)


def expand(
    rulefile: ast.RuleFile | str,
    *,
    explicit_defaults: bool = False,
    templates: Templates | str | PathLike[str] | None = None,
) -> ast.RuleFile:
    """Expand every composite rule (alice, andernach, atomic, avalanche, benedict, bouncing,
    cheshire, monster, swapping, switching, spacious, and any rule of ``templates``) into core FBR
    rules and MBN items, as the FBR page defines it; returns a new ``RuleFile`` AST.

    ``rulefile`` is a ``RuleFile`` or rule-file text. Composite rules are expanded in file order;
    a negated composite rule (``!alice``) is left as written. Expanding an expanded file changes
    nothing. With ``explicit_defaults`` the page's defaults are written out afterwards
    (``make_defaults_explicit``). ``templates``: a ``Templates`` object or the path of a TOML file
    that extends the shipped templates. Raises ``NotationError`` (FBR7xx, or a parse error).
    """
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.fbr.expand.defaults import make_defaults_explicit as _make_defaults_explicit
    from notation_toolkit.fbr.expand.engine import expand_items

    tpl = _templates(templates)
    try:
        result = expand_items(_as_rulefile(rulefile), tpl)
        if explicit_defaults:
            result = _make_defaults_explicit(result, tpl)
    except NotationError as exc:
        if exc.text is None and isinstance(rulefile, str):
            # spans point into the caller's text: keep it so renderers can show the line
            raise type(exc)(exc.diagnostics, rulefile) from None
        raise
    return result


def make_defaults_explicit(
    rulefile: ast.RuleFile | str, *, templates: Templates | str | PathLike[str] | None = None
) -> ast.RuleFile:
    """Write out the defaults the FBR page documents (``draw=repetition(3)``, ``mirror=vertical``,
    ``stalemate=draw``, ``multicapture=completed``, ``promotion+`` with the last rank, ``royal{K}``,
    ...); see ``defaults.make_defaults_explicit`` for the list. Idempotent."""
    from notation_toolkit.fbr.expand.defaults import make_defaults_explicit as _make_defaults_explicit

    return _make_defaults_explicit(_as_rulefile(rulefile), _templates(templates))


def expand_text(text: str, *, explicit_defaults: bool = False) -> str:
    """``expand`` on text, formatted with the FBR formatter (one item per line)."""
    from notation_toolkit.fbr.expand._api import format_rule_file

    return format_rule_file(expand(text, explicit_defaults=explicit_defaults))


def composite_rules(templates: Templates | None = None) -> list[str]:
    """Names of the composite rules the compiler expands."""
    from notation_toolkit.fbr.expand.templates import builtin_templates

    return sorted((templates or builtin_templates()).rules)
