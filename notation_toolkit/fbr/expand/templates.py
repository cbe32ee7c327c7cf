"""Loading the expansion templates (``expansions.toml``) and filling in their placeholders.

The templates are data: a variant author adds a composite rule by adding a ``[rule.NAME]`` table,
without code (format: the header of ``expansions.toml`` and docs/fbr-expand.md).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from os import PathLike
from pathlib import Path
from typing import Any

from notation_toolkit.core.errors import GrammarError, NotationError
from notation_toolkit.fbr.expand.codes import BAD_TEMPLATE, INFO, NO_TABLE_ENTRY

PLACEHOLDER = re.compile(r"\{\{([a-z_]+)((?:\|[^|{}]+)*)\}\}")
_PREFIX_FILTER = re.compile(r"[+\-#*$%&]+")

PIECE_CLASSES = ("royal", "other", "unaffected", "promoted")


@dataclass(frozen=True, slots=True)
class Letters:
    """A list of piece letters (``K``, ``:QD:``) that filters can prefix, lower-case or brace."""

    letters: tuple[str, ...]

    def __str__(self) -> str:
        return "".join(self.letters)


@dataclass(frozen=True, slots=True)
class Variant:
    """One expansion of a composite rule, chosen by the rule's attributes."""

    name: str
    match: tuple[str, ...]
    board_ids: bool | None
    rules: tuple[str, ...]
    macros: tuple[str, ...]
    items: tuple[str, ...]
    pieces: Mapping[str, tuple[str, ...]]
    letters: Mapping[str, tuple[str, ...]]
    castling_part: str | None
    tables: Mapping[str, Mapping[str, str]]
    source: str | None = None


@dataclass(frozen=True, slots=True)
class RuleTemplate:
    """Everything needed to expand one composite rule."""

    name: str
    title: str
    source: str
    variants: tuple[Variant, ...]
    default_set: str | None = None
    set_required: bool = False
    exclusive: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class DefaultSpec:
    """One documented default (``make_defaults_explicit``)."""

    kind: str
    rule: str
    add: str
    source: str
    attribute: str | None = None
    prefix: str | None = None


@dataclass(frozen=True, slots=True)
class Templates:
    """The composite rules and defaults of one template file."""

    rules: Mapping[str, RuleTemplate]
    defaults: tuple[DefaultSpec, ...] = field(default=())


_DEFAULT_KINDS = (
    "metadata",
    "absent",
    "attributes",
    "argument",
    "prefix",
    "piece_set",
    "board_range",
    "implies",
)


def _bad(kind: str, source: str, /, **params: object) -> GrammarError:
    # FBR705, worded by its template ``kind`` (fbr/expand/codes.py), after the template file's name.
    return GrammarError([INFO[BAD_TEMPLATE].diagnostic_from(kind, {"source": source, **params})])


def _strings(value: Any, what: str, source: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _bad("strings", source, what=what)


def _variant(raw: Any, rule: str, source: str) -> Variant:
    if not isinstance(raw, dict):
        raise _bad("variant_table", source, rule=rule)
    name = str(raw.get("name", rule))
    where = f"rule.{rule} variant {name}"
    pieces_raw = raw.get("pieces", {})
    if not isinstance(pieces_raw, dict):
        raise _bad("pieces_table", source, where=where)
    pieces: dict[str, tuple[str, ...]] = {}
    letters: dict[str, tuple[str, ...]] = {}
    castling: str | None = None
    for key, value in pieces_raw.items():
        if key == "letter":
            if not isinstance(value, dict):
                raise _bad("letter_table", source, where=where)
            letters = {k: _strings(v, f"{where} pieces.letter.{k}", source) for k, v in value.items()}
        elif key == "castling_part":
            if not isinstance(value, str):
                raise _bad("castling_part", source, where=where)
            castling = value
        elif key in PIECE_CLASSES:
            pieces[key] = _strings(value, f"{where} pieces.{key}", source)
        else:
            raise _bad("piece_class", source, where=where, key=key, classes=", ".join(PIECE_CLASSES))
    tables_raw = raw.get("tables", {})
    if not isinstance(tables_raw, dict) or not all(
        isinstance(t, dict) and all(isinstance(v, str) for v in t.values()) for t in tables_raw.values()
    ):
        raise _bad("tables", source, where=where)
    board_ids = raw.get("board_ids")
    if board_ids is not None and not isinstance(board_ids, bool):
        raise _bad("board_ids", source, where=where)
    match = _strings(raw.get("match", [""]), f"{where} match", source)
    return Variant(
        name=name,
        match=tuple(",".join(sorted(filter(None, m.split(",")))) for m in match),
        board_ids=board_ids,
        rules=_strings(raw.get("rules"), f"{where} rules", source),
        macros=_strings(raw.get("macros"), f"{where} macros", source),
        items=_strings(raw.get("items"), f"{where} items", source),
        pieces=pieces,
        letters=letters,
        castling_part=castling,
        tables={k: dict(v) for k, v in tables_raw.items()},
        source=raw.get("source"),
    )


def parse_templates(data: Mapping[str, Any], source: str = "<templates>") -> Templates:
    """Check and convert the decoded TOML of a template file; raises ``GrammarError`` (FBR705)."""
    if data.get("schema", 1) != 1:
        raise _bad("schema", source, schema=data.get("schema"))
    rules: dict[str, RuleTemplate] = {}
    raw_rules = data.get("rule", {})
    if not isinstance(raw_rules, dict):
        raise _bad("rules", source)
    for name, raw in raw_rules.items():
        if not isinstance(raw, dict):
            raise _bad("rule_table", source, rule=name)
        raw_variants = raw.get("variant", [])
        if not isinstance(raw_variants, list) or not raw_variants:
            raise _bad("no_variant", source, rule=name)
        exclusive_raw = raw.get("exclusive", [])
        if not isinstance(exclusive_raw, list):
            raise _bad("exclusive", source, rule=name)
        rules[name] = RuleTemplate(
            name=name,
            title=str(raw.get("title", name)),
            source=str(raw.get("source", "")),
            variants=tuple(_variant(v, name, source) for v in raw_variants),
            default_set=raw.get("default_set"),
            set_required=bool(raw.get("set_required", False)),
            exclusive=tuple(_strings(e, f"rule.{name}.exclusive", source) for e in exclusive_raw),
        )
    defaults: list[DefaultSpec] = []
    for raw in data.get("default", []):
        if not isinstance(raw, dict) or raw.get("kind") not in _DEFAULT_KINDS:
            raise _bad("default_kind", source, kinds=", ".join(_DEFAULT_KINDS))
        if not isinstance(raw.get("rule"), str) or not isinstance(raw.get("add"), str):
            raise _bad("default_strings", source)
        defaults.append(
            DefaultSpec(
                kind=raw["kind"],
                rule=raw["rule"],
                add=raw["add"],
                source=str(raw.get("source", "")),
                attribute=raw.get("attribute"),
                prefix=raw.get("prefix"),
            )
        )
    return Templates(rules=rules, defaults=tuple(defaults))


_BUILTIN: Templates | None = None


def builtin_templates() -> Templates:
    """The templates shipped with the package (``expansions.toml``), loaded once."""
    global _BUILTIN
    if _BUILTIN is None:
        text = resources.files(__package__).joinpath("expansions.toml").read_text(encoding="utf-8")
        _BUILTIN = parse_templates(tomllib.loads(text), "expansions.toml")
    return _BUILTIN


def load_templates(path: str | PathLike[str], *, extend: bool = True) -> Templates:
    """Load a template file; with ``extend`` its rules and defaults add to (and override) the
    shipped ones. Raises ``GrammarError`` (FBR705) for a broken file."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise _bad("unreadable", str(path), reason=exc.strerror or type(exc).__name__) from None
    except UnicodeDecodeError as exc:
        reason = f"not UTF-8: byte 0x{exc.object[exc.start]:02x} at offset {exc.start}"
        raise _bad("unreadable", str(path), reason=reason) from None
    except tomllib.TOMLDecodeError as exc:
        raise _bad("unreadable", str(path), reason=f"not TOML: {exc}") from None
    extra = parse_templates(data, str(path))
    if not extend:
        return extra
    base = builtin_templates()
    return Templates(
        rules={**base.rules, **extra.rules},
        defaults=base.defaults + extra.defaults,
    )


def _apply_filter(value: object, name: str, flt: str, source: str) -> object:
    if not isinstance(value, Letters):
        raise _bad("filter_letters", source, filter=flt, name=name)
    if flt == "set":
        return "{" + "".join(value.letters) + "}"
    if flt == "lower":
        return Letters(tuple(x.lower() for x in value.letters))
    if flt == "upper":
        return Letters(tuple(x.upper() for x in value.letters))
    if _PREFIX_FILTER.fullmatch(flt):
        return Letters(tuple(flt + x for x in value.letters))
    raise _bad("filter", source, filter=flt)


def fill(template: str, values: Mapping[str, object], source: str, *, depth: int = 0) -> str:
    """Replace every ``{{name|filter...}}`` in ``template`` with its value.

    Values are strings or ``Letters``; a string value may contain placeholders itself (table
    entries such as ``"{{def_group}}"``), filled in once more. Unknown names raise FBR705, except
    ``NoTableEntry`` values, which raise FBR704 naming the piece.
    """

    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise _bad("placeholder", source, name=name, template=template)
        value = values[name]
        if isinstance(value, NoTableEntry):
            raise INFO[NO_TABLE_ENTRY].error(NotationError, source=source, table=name, letter=value.letter)
        for flt in filter(None, match.group(2).split("|")):
            value = _apply_filter(value, name, flt.strip(), source)
        text = str(value)
        if depth < 2 and "{{" in text:
            text = fill(text, values, source, depth=depth + 1)
        return text

    return PLACEHOLDER.sub(one, template)


@dataclass(frozen=True, slots=True)
class NoTableEntry:
    """Placeholder value of a table that has no entry for the piece (raises FBR704 when used)."""

    letter: str


def table_values(tables: Mapping[str, Mapping[str, str]], letter: str) -> dict[str, object]:
    """The per-letter table entries of a variant for ``letter`` (``*`` = any other letter)."""
    out: dict[str, object] = {}
    for name, table in tables.items():
        key = letter if letter in table else letter.upper() if letter.upper() in table else "*"
        out[name] = table[key] if key in table else NoTableEntry(letter)
    return out


def variant_keys(variants: Sequence[Variant]) -> list[str]:
    """Human-readable list of the attribute sets the variants accept."""
    keys: list[str] = []
    for v in variants:
        for m in v.match:
            shown = f"={m}" if m else "(no attribute)"
            if shown not in keys:
                keys.append(shown)
    return keys
