"""The FBR rule catalog: every rule of the FBR page with its parts, attributes and defaults, as data.

The shipped catalog is ``notation_toolkit/fbr/catalog.json`` (package data). Variant authors add
rules and attributes with a JSON file of the same shape, without code::

    {"rules": {"kingofthehill": {"summary": "...", "board_range": "required",
                                 "attributes": {"twice": {"args": "count?"}}},
               "royal": {"attributes": {"crowned": {}}}}}

A rule that already exists is merged: its attributes are added to (or replace) the shipped ones
and the rule-level keys given replace the shipped values.

Rule keys: ``prefix``, ``seq_number``, ``cardinal``, ``piece_set``, ``board_range``,
``announcement`` ("none" | "optional" | "required", default "none"), ``attributes_required``,
``exclusive`` and ``one_of`` (lists of attribute-name groups), ``requires_any_rule``,
``anonymous_count`` (the attribute an anonymous ``(N)`` stands for), ``anonymous_piece_set``
(what an anonymous ``{set}`` means), ``defines_pieces`` (the piece set introduces letters),
``defaults`` (documented defaults, as text), ``documented``, ``line``, ``summary``,
``prefix_first`` (a prefix must be the first part, 003:782 for ``turn``).
Attribute keys: ``args`` (space-separated: ``count?``/``count!``, ``set?``/``set!``,
``values?``, ``range?``/``range!``, ``prefix?``; ``!`` = mandatory), ``negatable``,
``needs_rule_piece_set``, ``requires_rule``, ``default``, ``documented``, ``line``, ``note``,
``empty_set`` (the mandatory set may be empty, 003:920 ``royal=castle{}``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import field, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from notation_toolkit.core.codes import DEFAULT_HINT, NTK005
from notation_toolkit.core.errors import NotationError, UnknownNameError
from notation_toolkit.fbr.codes import BAD_CATALOG, INFO

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

PART_KEYS = ("prefix", "seq_number", "cardinal", "piece_set", "board_range", "announcement")
LEVELS = ("none", "optional", "required")
ARG_KINDS = ("count", "set", "values", "range", "prefix")

_RULE_KEYS = {
    *PART_KEYS,
    "line",
    "summary",
    "documented",
    "source",
    "attributes",
    "attributes_required",
    "exclusive",
    "one_of",
    "requires_any_rule",
    "anonymous_count",
    "anonymous_piece_set",
    "defines_pieces",
    "defaults",
    "prefix_first",
}
_ATTR_KEYS = {
    "line",
    "args",
    "negatable",
    "needs_rule_piece_set",
    "requires_rule",
    "default",
    "documented",
    "note",
    "summary",
    "empty_set",
}


@dataclass(frozen=True, slots=True)
class AttributeSpec:
    """What an attribute accepts: argument kinds (``kind -> "optional" | "required"``) and flags."""

    name: str
    args: Mapping[str, str] = field(default_factory=dict)
    negatable: bool = False
    needs_rule_piece_set: bool = False
    requires_rule: str | None = None
    default: bool | str | None = None
    documented: bool = True
    line: int | None = None
    note: str | None = None
    empty_set: bool = False

    @property
    def required_arg(self) -> str | None:
        """The argument kind that must be given (``None`` when every argument is optional)."""
        return next((k for k, v in self.args.items() if v == "required"), None)


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """What a rule accepts: parts, attributes and documented constraints."""

    name: str
    parts: Mapping[str, str]
    attributes: Mapping[str, AttributeSpec]
    attributes_required: bool = False
    exclusive: tuple[tuple[str, ...], ...] = ()
    one_of: tuple[tuple[str, ...], ...] = ()
    requires_any_rule: tuple[str, ...] = ()
    anonymous_count: str | None = None
    anonymous_piece_set: str | None = None
    defines_pieces: bool = False
    defaults: Mapping[str, str] = field(default_factory=dict)
    documented: bool = True
    line: int | None = None
    summary: str = ""
    prefix_first: bool = False

    def part(self, key: str) -> str:
        """``"none"``, ``"optional"`` or ``"required"`` for a part key (see ``PART_KEYS``)."""
        return self.parts.get(key, "none")


@dataclass(frozen=True, slots=True)
class Catalog:
    """Rules by name."""

    rules: Mapping[str, RuleSpec]
    sources: tuple[str, ...] = ()

    def rule(self, name: str) -> RuleSpec:
        """The rule ``name``; ``UnknownNameError`` (FBR201) with a 'did you mean' hint otherwise."""
        spec = self.rules.get(name)
        if spec is None:
            from notation_toolkit.core.suggest import did_you_mean
            from notation_toolkit.fbr.codes import UNKNOWN_RULE

            raise INFO[UNKNOWN_RULE].error(
                UnknownNameError, hint=did_you_mean(name, self.rules) or DEFAULT_HINT, rule=name
            )
        return spec

    def merged(self, data: Mapping[str, Any], source: str = "<catalog>") -> Catalog:
        """A new catalog with the rules of ``data`` (same JSON shape) added or merged in."""
        rules = dict(self.rules)
        raw_rules = _expect(data, "rules", Mapping, source)
        for name, raw in raw_rules.items():
            where = f"{source}: rule {name!r}"
            if not isinstance(name, str) or not name:
                raise INFO[BAD_CATALOG].error(NotationError, "rule_name", where=source)
            if not isinstance(raw, Mapping):
                raise INFO[BAD_CATALOG].error(NotationError, "object", where=where)
            base = rules.get(name)
            rules[name] = _rule_spec(name, raw, base, where)
        return Catalog(rules, (*self.sources, source))


def _expect(data: Mapping[str, Any], key: str, kind: type[Any] | tuple[type[Any], ...], where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise INFO[BAD_CATALOG].error(NotationError, "missing", where=where, key=key)
    return value


def _groups(value: Any, where: str, key: str) -> tuple[tuple[str, ...], ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(
        isinstance(g, list) and all(isinstance(x, str) for x in g) for g in value
    ):
        raise INFO[BAD_CATALOG].error(NotationError, "groups", where=where, key=key)
    return tuple(tuple(g) for g in value)


def _parse_args(text: Any, where: str) -> dict[str, str]:
    if text is None or text == "":
        return {}
    if not isinstance(text, str):
        raise INFO[BAD_CATALOG].error(NotationError, "args", where=where)
    args: dict[str, str] = {}
    for word in text.split():
        kind, mark = word[:-1], word[-1:]
        if kind not in ARG_KINDS or mark not in "?!":
            raise INFO[BAD_CATALOG].error(
                NotationError, "arg_kind", where=where, word=word, kinds=", ".join(ARG_KINDS)
            )
        args[kind] = "required" if mark == "!" else "optional"
    return args


def _attribute_spec(name: str, raw: Any, where: str) -> AttributeSpec:
    if not isinstance(raw, Mapping):
        raise INFO[BAD_CATALOG].error(NotationError, "object", where=where)
    unknown = set(raw) - _ATTR_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise INFO[BAD_CATALOG].error(
            NotationError, "unknown_key", hint=_dym(key, _ATTR_KEYS), where=where, key=key
        )
    requires = raw.get("requires_rule")
    if requires is not None and not isinstance(requires, str):
        raise INFO[BAD_CATALOG].error(NotationError, "a_rule", where=where, key="requires_rule")
    line = raw.get("line")
    if line is not None and not isinstance(line, int):
        raise INFO[BAD_CATALOG].error(NotationError, "number", where=where, key="line")
    return AttributeSpec(
        name=name,
        args=_parse_args(raw.get("args"), where),
        negatable=bool(raw.get("negatable", False)),
        needs_rule_piece_set=bool(raw.get("needs_rule_piece_set", False)),
        requires_rule=requires,
        default=raw.get("default"),
        documented=bool(raw.get("documented", True)),
        line=line,
        note=raw.get("note"),
        empty_set=bool(raw.get("empty_set", False)),
    )


def _dym(name: str, known: Sequence[str] | set[str]) -> str | None:
    # The 'did you mean' hint when a known key is close, else the template's own hint.
    from notation_toolkit.core.suggest import did_you_mean  # difflib, for a bad catalog only

    return did_you_mean(name, sorted(known)) or DEFAULT_HINT


def _rule_spec(name: str, raw: Mapping[str, Any], base: RuleSpec | None, where: str) -> RuleSpec:
    unknown = set(raw) - _RULE_KEYS
    if unknown:
        key = sorted(unknown)[0]
        raise INFO[BAD_CATALOG].error(
            NotationError, "unknown_key", hint=_dym(key, _RULE_KEYS), where=where, key=key
        )
    parts = dict(base.parts) if base else {}
    for key in PART_KEYS:
        if key in raw:
            if raw[key] not in LEVELS:
                raise INFO[BAD_CATALOG].error(
                    NotationError, "level", where=where, key=key, levels=", ".join(LEVELS)
                )
            parts[key] = raw[key]
    attributes = dict(base.attributes) if base else {}
    raw_attrs = raw.get("attributes", {})
    if not isinstance(raw_attrs, Mapping):
        raise INFO[BAD_CATALOG].error(NotationError, "an_object", where=where, key="attributes")
    for attr_name, attr in raw_attrs.items():
        attributes[attr_name] = _attribute_spec(attr_name, attr, f"{where}, attribute {attr_name!r}")
    updates: dict[str, Any] = {"parts": parts, "attributes": attributes}
    if "exclusive" in raw:
        updates["exclusive"] = _groups(raw["exclusive"], where, "exclusive")
    if "one_of" in raw:
        updates["one_of"] = _groups(raw["one_of"], where, "one_of")
    if "requires_any_rule" in raw:
        value = raw["requires_any_rule"]
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise INFO[BAD_CATALOG].error(NotationError, "rules", where=where, key="requires_any_rule")
        updates["requires_any_rule"] = tuple(value)
    for key in ("attributes_required", "defines_pieces", "documented", "prefix_first"):
        if key in raw:
            updates[key] = bool(raw[key])
    for key in ("anonymous_count", "anonymous_piece_set", "summary"):
        if key in raw:
            if not isinstance(raw[key], str):
                raise INFO[BAD_CATALOG].error(NotationError, "string", where=where, key=key)
            updates[key] = raw[key]
    if "defaults" in raw:
        if not isinstance(raw["defaults"], Mapping):
            raise INFO[BAD_CATALOG].error(NotationError, "an_object", where=where, key="defaults")
        updates["defaults"] = {str(k): str(v) for k, v in raw["defaults"].items()}
    if "line" in raw:
        updates["line"] = raw["line"] if isinstance(raw["line"], int) else None
    # A new rule is made once from its keys (the shipped catalog makes 49): replace() only merges.
    spec = RuleSpec(name=name, **updates) if base is None else replace(base, **updates)
    for group in (*spec.exclusive, *spec.one_of):
        for attr_name in group:
            if attr_name not in spec.attributes:
                raise INFO[BAD_CATALOG].error(
                    NotationError, "group_attribute", where=where, key="a group", name=attr_name
                )
    if spec.anonymous_count is not None and spec.anonymous_count not in spec.attributes:
        raise INFO[BAD_CATALOG].error(
            NotationError, "group_attribute", where=where, key="anonymous_count", name=spec.anonymous_count
        )
    return spec


@lru_cache(maxsize=1)
def shipped_catalog() -> Catalog:
    """The catalog shipped with the package (cached)."""
    import json

    return Catalog({}).merged(json.loads(_shipped_text()), "notation_toolkit/fbr/catalog.json")


def _shipped_text() -> str:
    # The file beside this module, read directly: importlib.resources (with pathlib, tempfile,
    # zipfile) cost a one-line `ntk check` about 8 ms. It serves a package that is not a
    # directory of files (a zip import).
    try:
        here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalog.json")
        with open(here, encoding="utf-8") as handle:
            return handle.read()
    except (NameError, OSError):  # no __file__ (a frozen module), or no such file
        from importlib import resources

        return resources.files("notation_toolkit.fbr").joinpath("catalog.json").read_text(encoding="utf-8")


def load_catalog(*paths: str | os.PathLike[str], data: Sequence[Mapping[str, Any]] = ()) -> Catalog:
    """The shipped catalog extended with catalog files ``paths`` and in-memory ``data``, in order.

    Raises ``NotationError`` (FBR401) for a malformed file and (NTK005) for an unreadable one.
    """
    import json

    catalog = shipped_catalog()
    for path in paths:
        try:
            text = open(path, encoding="utf-8").read()  # noqa: SIM115
        except (OSError, UnicodeDecodeError) as exc:
            raise NTK005.error(
                NotationError, "catalog", path=os.fspath(path), reason=exc.__class__.__name__
            ) from None
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise INFO[BAD_CATALOG].error(
                NotationError, "json", where=os.fspath(path), reason=exc.msg, line=exc.lineno
            ) from None
        if not isinstance(raw, Mapping):
            raise INFO[BAD_CATALOG].error(NotationError, "file_object", where=os.fspath(path))
        catalog = catalog.merged(raw, os.fspath(path))
    for i, raw in enumerate(data):
        catalog = catalog.merged(raw, f"<data {i}>")
    return catalog
