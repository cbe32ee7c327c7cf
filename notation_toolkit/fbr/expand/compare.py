"""Semantic equality and diff of rule files.

Two rule files mean the same when, after expansion and with their defaults written out, they hold
the same FBR rules and MBN items up to order where order carries no meaning:

* the order of items in the file (rules, definitions, promotion rules);
* the attributes of a rule (``=a,b`` is ``=b,a``);
* the members of a piece set (``{QRBNP}`` is ``{PNBRQ}``; repeated members still count, 003:642
  `{Kpp}`) -- except for ``gating=ordered``, whose set gives the order (003:374);
* the single ranges of a board range (``[1,2]`` is ``[2,1]``);
* alternatives (``mK+cK`` is ``cK+mK``) and juxtaposed moves (``KX`` is ``XK``);
* the choices of a promotion rule (``+P==QRBN`` is ``+P==NBRQ``), but not drops, which happen
  in sequence (003:600 `$K==@K@w@S`);
* a piece defined as its own letter is the piece declared (``K=K`` is ``K``, ``@K=K`` is ``@K``:
  a declaration means the default definition, 003:38 vs 003:104);
* a macro declared without a definition (``@K``: "macro K with its default meaning") changes
  nothing and is left out.

Legs of a move sequence, modifiers and castling parts keep their order. Piece names (``|name|``)
and comments are not compared.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from notation_toolkit.fbr import ast
from notation_toolkit.fbr.expand import _api
from notation_toolkit.fbr.expand.defaults import make_defaults_explicit
from notation_toolkit.fbr.expand.engine import expand_items
from notation_toolkit.fbr.expand.templates import Templates, builtin_templates
from notation_toolkit.mbn import ast as mbn


def _key(node: object) -> str:
    if isinstance(node, ast.FbrRule | ast.Attribute):
        return _api.format_entry(node) if isinstance(node, ast.FbrRule) else _attr_text(node)
    if isinstance(node, mbn.PieceSet | mbn.BoardRange | mbn.PromotionTarget | mbn.SetMember):
        return str(node)
    if isinstance(node, mbn.PartialMove):
        return _api.format_item(mbn.MoveSequence((mbn.Alternatives((node,)),)))
    if isinstance(node, mbn.Atom):
        return str(node)
    if isinstance(node, mbn.Group | mbn.MoveSequence):
        moves = node if isinstance(node, mbn.MoveSequence) else node.moves
        return _api.format_moves(moves) + repr(node)
    return repr(node)


def _attr_text(node: ast.Attribute) -> str:
    return _api.format_attribute(node)


def _norm(node: Any, ordered_sets: bool = False) -> Any:
    """The normal form of an AST node (recursively); see the module docstring."""
    if isinstance(node, tuple):
        return tuple(_norm(x, ordered_sets) for x in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {
        f.name: _norm(getattr(node, f.name), ordered_sets)
        for f in dataclasses.fields(node)
        if f.name != "span" and f.compare
    }
    node = replace(node, **changes)
    if isinstance(node, mbn.PieceSet):
        flags = ("!" if node.colour_sensitive else "") + ("^" if node.complement else "")
        members = node.members if ordered_sets else tuple(sorted(node.members, key=str))
        return replace(node, flags=flags, members=members)
    if isinstance(node, mbn.BoardRange):
        unique = {str(r): r for r in node.ranges}
        return replace(node, ranges=tuple(unique[k] for k in sorted(unique)))
    if isinstance(node, mbn.Alternatives):
        unique_moves = {_key(m): m for m in node.moves}
        return replace(node, moves=tuple(unique_moves[k] for k in sorted(unique_moves)))
    if isinstance(node, mbn.PartialMove):
        return replace(node, units=tuple(sorted(node.units, key=_key)))
    if isinstance(node, mbn.PromotionRule):
        targets = node.targets
        if not any(isinstance(t, mbn.PromotionTarget) and t.drop for t in targets):
            targets = tuple(sorted(targets, key=_key))
        head = replace(node.head, letters=tuple(sorted(node.head.letters, key=lambda x: x.text)))
        return replace(node, head=head, targets=targets)
    if isinstance(node, mbn.PieceHead):
        return replace(node, name=None)
    if isinstance(node, mbn.PieceDefinition):
        moves = node.moves
        if len(moves) == 1 and _api.format_moves(moves[0]) == node.head.letter.text:
            return mbn.PieceDeclaration(node.head)
        return node
    if isinstance(node, ast.FbrRule):
        ordered = any(a.name == "ordered" for a in node.attributes)
        if ordered and node.piece_set is not None:
            node = replace(node, piece_set=_norm_set_ordered(node.piece_set))
        unique_attrs = {_key(a): a for a in node.attributes}
        return replace(node, attributes=tuple(unique_attrs[k] for k in sorted(unique_attrs)))
    return node


def _norm_set_ordered(piece_set: mbn.PieceSet) -> mbn.PieceSet:
    flags = ("!" if piece_set.colour_sensitive else "") + ("^" if piece_set.complement else "")
    return replace(piece_set, flags=flags)


def _restore_ordered_sets(original: ast.FbrRule, normal: ast.FbrRule) -> ast.FbrRule:
    if original.piece_set is not None and any(a.name == "ordered" for a in original.attributes):
        return replace(normal, piece_set=_norm_set_ordered(original.piece_set))
    return normal


# ------------------------------------------------------------------------------------------------
# Identities: what a change of a rule or definition is matched by


def _identity(item: object) -> tuple[str, str] | None:
    """(kind, key): rules by their head, definitions by their piece, metadata by key."""
    if isinstance(item, ast.FbrRule):
        return ("rule", _api.format_entry(replace(item, attributes=())))
    if isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration):
        kind = "macro" if item.head.macro else "definition"
        return (kind, _api.format_head(item.head))
    if isinstance(item, mbn.PromotionRule):
        return ("promotion", str(item.head))
    if isinstance(item, mbn.Cancellation):
        inner = _identity(item.item)
        assert inner is not None
        return ("cancellation", "!" + inner[1])
    if isinstance(item, ast.Metadata):
        return ("metadata", item.key)
    return None


IGNORED_METADATA = frozenset({"variant"})
"""Metadata that names a variant without changing its rules (not compared)."""


@dataclass(frozen=True, slots=True)
class NormalForm:
    """A rule file reduced to what it means: canonical texts per identity, order removed."""

    entries: tuple[tuple[str, str, str], ...]  # (kind, identity, canonical text), sorted
    shown: tuple[tuple[str, str], ...] = field(default=(), compare=False)  # canonical -> as written

    def by_identity(self) -> dict[tuple[str, str], list[str]]:
        """Canonical texts grouped by (kind, identity)."""
        out: dict[tuple[str, str], list[str]] = {}
        for kind, key, text in self.entries:
            out.setdefault((kind, key), []).append(text)
        return out

    def display(self, canonical: str) -> str:
        """The text as the (expanded) file writes it, for a canonical text."""
        return dict(self.shown).get(canonical, canonical)


def _canonical_item(item: object) -> object:
    normal = _norm(item)
    if isinstance(item, ast.FbrRule):
        assert isinstance(normal, ast.FbrRule)
        normal = _restore_ordered_sets(item, normal)
    return normal


def normal_form(rulefile: ast.RuleFile) -> NormalForm:
    """The normal form of ``rulefile`` as it is (no expansion, no defaults): see the module doc.

    Comments, piece names and the ``variant`` name are not part of it.
    """
    entries = []
    shown = []
    for item in rulefile.items:
        if isinstance(item, ast.Comment):
            continue
        if isinstance(item, ast.Metadata) and item.key in IGNORED_METADATA:
            continue
        canonical = _canonical_item(item)
        if isinstance(canonical, mbn.PieceDeclaration) and canonical.head.macro:
            continue
        identity = _identity(canonical)
        if identity is None:
            continue
        text = _api.format_entry(canonical)
        entries.append((identity[0], identity[1], text))
        shown.append((text, _api.format_entry(item)))
    return NormalForm(tuple(sorted(entries)), tuple(shown))


def _prepare(
    rulefile: ast.RuleFile | str, expand: bool, explicit_defaults: bool, templates: Templates
) -> ast.RuleFile:
    rf = _api.parse_rule_file(rulefile) if isinstance(rulefile, str) else rulefile
    if expand:
        rf = expand_items(rf, templates)
    if explicit_defaults:
        rf = make_defaults_explicit(rf, templates)
    return rf


def equivalent(
    a: ast.RuleFile | str,
    b: ast.RuleFile | str,
    *,
    expand: bool = True,
    explicit_defaults: bool = True,
    templates: Templates | None = None,
) -> bool:
    """True when ``a`` and ``b`` define the same variant: equal after expansion and with the
    documented defaults written out, up to order where order carries no meaning (module doc)."""
    tpl = templates or builtin_templates()
    na = normal_form(_prepare(a, expand, explicit_defaults, tpl))
    nb = normal_form(_prepare(b, expand, explicit_defaults, tpl))
    return na == nb


# ------------------------------------------------------------------------------------------------
# diff


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between two rule files, from ``a`` to ``b``.

    ``kind``: "rule", "definition", "macro", "promotion", "cancellation" or "metadata";
    ``key``: what it is about (the rule head ``turn<1>``, the piece ``#K``, the key ``boardsize``);
    ``old``/``new``: canonical texts (None when added / removed); for a changed rule,
    ``added``/``removed`` list the attributes ``b`` adds to or removes from ``a``.
    """

    kind: str
    key: str
    old: str | None
    new: str | None
    added: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()

    @property
    def status(self) -> str:
        """ "added", "removed" or "changed"."""
        if self.old is None:
            return "added"
        if self.new is None:
            return "removed"
        return "changed"

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        out: dict[str, object] = {"status": self.status, "kind": self.kind, "key": self.key}
        out["old"] = self.old
        out["new"] = self.new
        if self.added or self.removed:
            out["attributes_added"] = list(self.added)
            out["attributes_removed"] = list(self.removed)
        return out


@dataclass(frozen=True, slots=True)
class DiffResult:
    """What ``b`` adds to, removes from and changes in ``a`` (after expansion and defaults)."""

    changes: tuple[Change, ...] = field(default=())

    @property
    def equal(self) -> bool:
        """True when the two files mean the same."""
        return not self.changes

    def of_status(self, status: str) -> list[Change]:
        """The changes with this status ("added", "removed", "changed")."""
        return [c for c in self.changes if c.status == status]

    @property
    def added(self) -> list[Change]:
        """Rules and definitions only ``b`` has."""
        return self.of_status("added")

    @property
    def removed(self) -> list[Change]:
        """Rules and definitions only ``a`` has."""
        return self.of_status("removed")

    @property
    def changed(self) -> list[Change]:
        """Rules and definitions both have, written differently."""
        return self.of_status("changed")

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"equal": self.equal, "changes": [c.to_dict() for c in self.changes]}


def _attributes(text: str) -> list[str]:
    node = _api.parse_rule_file(text).items[0]
    assert isinstance(node, ast.FbrRule)
    return [_attr_text(a) for a in node.attributes]


def _pair(
    kind: str, key: str, old: list[str], new: list[str], shown_a: dict[str, str], shown_b: dict[str, str]
) -> Iterable[Change]:
    # shown_a/shown_b: NormalForm.display of each side as one dict, built once per diff (display()
    # builds it on every call: once per change made diff quadratic in the number of items)
    common = Counter(old) & Counter(new)
    only_old = list((Counter(old) - common).elements())
    only_new = list((Counter(new) - common).elements())
    if len(only_old) == 1 and len(only_new) == 1:
        added: tuple[str, ...] = ()
        removed: tuple[str, ...] = ()
        if kind == "rule":
            a_attrs, b_attrs = _attributes(only_old[0]), _attributes(only_new[0])
            added = tuple(x for x in b_attrs if x not in a_attrs)
            removed = tuple(x for x in a_attrs if x not in b_attrs)
        yield Change(
            kind,
            key,
            shown_a.get(only_old[0], only_old[0]),
            shown_b.get(only_new[0], only_new[0]),
            added,
            removed,
        )
        return
    for text in only_old:
        yield Change(kind, key, shown_a.get(text, text), None)
    for text in only_new:
        yield Change(kind, key, None, shown_b.get(text, text))


_KIND_ORDER = {"metadata": 0, "rule": 1, "macro": 2, "definition": 3, "promotion": 4, "cancellation": 5}


def diff(
    a: ast.RuleFile | str,
    b: ast.RuleFile | str,
    *,
    expand: bool = True,
    explicit_defaults: bool = True,
    templates: Templates | None = None,
) -> DiffResult:
    """What variant ``b`` adds to, removes from and changes in variant ``a``.

    Both files are expanded and their defaults written out first (turn either off with the
    keywords). Rules are matched by their head (name, prefix, ``<seq>``, ``{set}``, ``[range]``),
    definitions by their piece (``#K``, ``@Q``), promotion rules by their left side; a matched
    pair written differently is a "changed" entry (for rules with the attributes added and
    removed). ``diff(a, b).equal == equivalent(a, b)``.
    """
    tpl = templates or builtin_templates()
    na = normal_form(_prepare(a, expand, explicit_defaults, tpl))
    nb = normal_form(_prepare(b, expand, explicit_defaults, tpl))
    ga, gb = na.by_identity(), nb.by_identity()
    shown_a, shown_b = dict(na.shown), dict(nb.shown)
    changes: list[Change] = []
    for identity in sorted(set(ga) | set(gb), key=lambda k: (_KIND_ORDER.get(k[0], 9), k[1])):
        old, new = ga.get(identity, []), gb.get(identity, [])
        changes.extend(_pair(identity[0], identity[1], old, new, shown_a, shown_b))
    return DiffResult(tuple(changes))
