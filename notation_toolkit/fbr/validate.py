"""Validation of FBR rules and rule files against the catalog, and cross-references with MBN.

``check_rule`` looks at one rule; ``check_rule_file`` adds what needs the whole file: rules that
need other rules, prefixes and piece letters used by rules but never defined by the MBN items
(only when the file defines pieces at all), board sizes, duplicated metadata, and the MBN checks of
every piece item. Every diagnostic has a registered code, a span inside the text and a hint; typos
get a 'did you mean' fix.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.core.suggest import close_matches
from notation_toolkit.fbr import ast
from notation_toolkit.fbr import codes as C
from notation_toolkit.fbr.catalog import AttributeSpec, Catalog, RuleSpec, shipped_catalog
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.validate import RangeCodes, check_item, check_range, iter_ranges

RANGE_CODES = RangeCodes(C.REVERSED_RANGE, C.RANK_ZERO)

_PART_LABELS = {
    "prefix": "a prefix",
    "seq_number": "a sequence number",
    "cardinal": "a cardinal direction",
    "piece_set": "a piece set",
    "board_range": "a board range",
    "announcement": "an announcement",
}
_MISSING_CODES = {
    "prefix": C.MISSING_PREFIX,
    "piece_set": C.MISSING_PIECE_SET,
    "board_range": C.MISSING_BOARD_RANGE,
    "cardinal": C.MISSING_CARDINAL,
    "announcement": C.MISSING_ANNOUNCEMENT,
    "seq_number": C.PART_NOT_ALLOWED,
}
_ARG_KIND = {ast.Count: "count", mbn.PieceSet: "set", ast.PieceValues: "values", mbn.BoardRange: "range"}
_ARG_WORDS = {
    "count": "a count (N)",
    "set": "a piece set {...}",
    "values": "a piece-value map {X=n,...}",
    "range": "a board range [...]",
    "prefix": "a piece prefix",
}
_BOARDSIZE = re.compile(r"^([1-9][0-9]*)x([1-9][0-9]*)$")


def _suggest_fix(name: str, known: Iterable[str], span: Span | None) -> tuple[str | None, Fix | None]:
    hits = close_matches(name, known)
    if not hits:
        return None, None
    hint = "did you mean " + " or ".join(repr(h) for h in hits) + "?"
    fix = Fix(f"replace {name!r} with {hits[0]!r}", hits[0], span) if span is not None else None
    return hint, fix


def _part_node(rule: ast.FbrRule, key: str) -> object:
    return getattr(rule, key)


def resolve_attribute(attribute: ast.Attribute, spec: RuleSpec) -> tuple[str | None, bool]:
    """The catalog name an attribute stands for, and whether its prefix is part of the name (G5).

    ``move*`` is the attribute ``move*`` when the rule lists it, else ``move`` with prefix ``*``;
    anonymous ``(N)`` stands for the rule's ``anonymous_count`` attribute.
    """
    if attribute.name is None:
        if isinstance(attribute.argument, ast.Count):
            return spec.anonymous_count, False
        return None, False
    if attribute.prefix is not None:
        joined = attribute.name + attribute.prefix.value
        if joined in spec.attributes:
            return joined, True
    return attribute.name, False


def check_rule(rule: ast.FbrRule, catalog: Catalog | None = None) -> list[Diagnostic]:
    """Diagnostics for one rule against the catalog (the shipped one by default)."""
    catalog = catalog or shipped_catalog()
    spec = catalog.rules.get(rule.name)
    out: list[Diagnostic] = []
    if spec is None:
        hint, fix = _suggest_fix(rule.name, catalog.rules, rule.name_span)
        out.append(
            Diagnostic(
                C.UNKNOWN_RULE,
                f"unknown rule {rule.name!r}",
                rule.name_span,
                hint=hint or "add the rule to a catalog file of your own (see docs/fbr.md)",
                fix=fix,
            )
        )
        return out
    if not spec.documented:
        out.append(
            Diagnostic(
                C.UNDOCUMENTED,
                f"the rule {rule.name!r} is used by an example but not documented: {spec.summary}",
                rule.name_span,
                Severity.INFO,
            )
        )
    for key in _PART_LABELS:
        node = _part_node(rule, key)
        level = spec.part(key)
        if node is None and level == "required" and not rule.negated:
            out.append(
                Diagnostic(
                    _MISSING_CODES[key],
                    f"the rule {rule.name!r} needs {_PART_LABELS[key]}",
                    rule.name_span,
                    hint=_missing_hint(rule.name, key),
                )
            )
        elif node is not None and level == "none":
            out.append(
                Diagnostic(
                    C.PART_NOT_ALLOWED,
                    f"the rule {rule.name!r} takes no {_PART_LABELS[key].split(' ', 1)[1]}",
                    getattr(node, "span", None),
                    hint="remove it, or extend the catalog if your variant needs it",
                )
            )
    if spec.attributes_required and not rule.attributes and not rule.negated:
        names = ", ".join(sorted(spec.attributes))
        out.append(
            Diagnostic(
                C.MISSING_ATTRIBUTES,
                f"the rule {rule.name!r} needs at least one attribute",
                rule.name_span,
                hint=f"add '=' and one of: {names}",
            )
        )
    seen: dict[str, ast.Attribute] = {}
    for attribute in rule.attributes:
        name = _check_attribute(rule, spec, attribute, out)
        if name is None:
            continue
        if name in seen:
            out.append(
                Diagnostic(
                    C.DUPLICATE_ATTRIBUTE,
                    f"the attribute {name!r} is given twice",
                    attribute.span,
                    Severity.WARNING,
                    hint="remove the second one",
                )
            )
        seen[name] = attribute
    for group in spec.exclusive:
        present = [a for a in group if a in seen]
        if len(present) > 1:
            out.append(_exclusive(rule, present, seen))
    for group in spec.one_of:
        present = [a for a in group if a in seen]
        if not present and not rule.negated and rule.attributes:
            out.append(
                Diagnostic(
                    C.ONE_OF_REQUIRED,
                    f"the rule {rule.name!r} needs one of: {', '.join(group)}",
                    rule.name_span,
                    hint=f"add ={group[0]}",
                )
            )
        elif len(present) > 1:
            out.append(_exclusive(rule, present, seen))
    for board_range in iter_ranges(rule):
        out.extend(check_range(board_range, RANGE_CODES))
    return out


def _exclusive(rule: ast.FbrRule, present: list[str], seen: dict[str, ast.Attribute]) -> Diagnostic:
    return Diagnostic(
        C.EXCLUSIVE_ATTRIBUTES,
        f"the attributes {' and '.join(repr(p) for p in present)} of {rule.name!r} cannot be combined",
        seen[present[1]].span,
        hint=f"keep one of {', '.join(present)}",
    )


def _missing_hint(name: str, key: str) -> str:
    return {
        "prefix": f"write the piece prefix after the name, e.g. {name}#",
        "piece_set": f"write the piece set after the name, e.g. {name}{{X}}",
        "board_range": f"write the board range after the name, e.g. {name}[e4]",
        "cardinal": f"write the direction after the name, e.g. {name}<n>",
        "announcement": f"write the announcement's name between slashes, e.g. {name}/Name/",
        "seq_number": f"write the sequence number after the name, e.g. {name}<1>",
    }[key]


def _check_attribute(
    rule: ast.FbrRule, spec: RuleSpec, attribute: ast.Attribute, out: list[Diagnostic]
) -> str | None:
    name, prefix_in_name = resolve_attribute(attribute, spec)
    if attribute.name is None and name is None:
        if isinstance(attribute.argument, mbn.PieceSet) and spec.anonymous_piece_set:
            return None
        what = "a count" if isinstance(attribute.argument, ast.Count) else "a piece set"
        out.append(
            Diagnostic(
                C.WRONG_ARGUMENT,
                f"the rule {rule.name!r} takes no attribute that is only {what}",
                attribute.span,
                hint="name the attribute, e.g. =attackers(2)",
            )
        )
        return None
    assert name is not None
    attr_spec = spec.attributes.get(name)
    if attr_spec is None:
        hint, fix = _suggest_fix(name, spec.attributes, attribute.name_span)
        known = ", ".join(sorted(spec.attributes)) or "none"
        out.append(
            Diagnostic(
                C.UNKNOWN_ATTRIBUTE,
                f"the rule {rule.name!r} has no attribute {name!r}",
                attribute.name_span or attribute.span,
                hint=hint or f"attributes of {rule.name}: {known}",
                fix=fix,
            )
        )
        return None
    if not attr_spec.documented:
        out.append(
            Diagnostic(
                C.UNDOCUMENTED,
                f"the attribute {name!r} of {rule.name!r} is not documented"
                + (f": {attr_spec.note}" if attr_spec.note else ""),
                attribute.name_span or attribute.span,
                Severity.INFO,
            )
        )
    if attribute.negated and not attr_spec.negatable:
        out.append(
            Diagnostic(
                C.NOT_NEGATABLE,
                f"the attribute {name!r} cannot be preceded by '!'",
                attribute.span,
                hint="remove the '!'",
            )
        )
    _check_arguments(rule, name, attr_spec, attribute, prefix_in_name, out)
    if attr_spec.needs_rule_piece_set and rule.piece_set is None:
        out.append(
            Diagnostic(
                C.NEEDS_RULE_PIECE_SET,
                f"the attribute {name!r} needs the piece set of the rule {rule.name!r}",
                attribute.span,
                hint=f"write {rule.name}{{...}}={name}",
            )
        )
    return name


def _check_arguments(
    rule: ast.FbrRule,
    name: str,
    spec: AttributeSpec,
    attribute: ast.Attribute,
    prefix_in_name: bool,
    out: list[Diagnostic],
) -> None:
    accepted = " or ".join(_ARG_WORDS[k] for k in spec.args) or "no argument"
    if attribute.prefix is not None and not prefix_in_name and "prefix" not in spec.args:
        out.append(
            Diagnostic(
                C.WRONG_ARGUMENT,
                f"the attribute {name!r} takes no piece prefix (it takes {accepted})",
                attribute.prefix.span,
                hint="remove the prefix",
            )
        )
    argument = attribute.argument
    if argument is not None:
        kind = _ARG_KIND[type(argument)]
        if kind not in spec.args:
            out.append(
                Diagnostic(
                    C.WRONG_ARGUMENT,
                    f"the attribute {name!r} takes {accepted}, not {_ARG_WORDS[kind]}",
                    argument.span,
                    hint=f"remove {argument} or use an attribute that takes it",
                )
            )
        elif (
            kind == "count"
            and spec.args[kind] == "required"
            and isinstance(argument, ast.Count)
            and argument.value is None
        ):
            out.append(
                Diagnostic(
                    C.MISSING_ARGUMENT,
                    f"the attribute {name!r} needs a number between the parentheses",
                    argument.span,
                    hint=f"write {name}(N)",
                )
            )
        return
    required = spec.required_arg
    if required is not None and not (required == "prefix" and attribute.prefix is not None):
        out.append(
            Diagnostic(
                C.MISSING_ARGUMENT,
                f"the attribute {name!r} needs {_ARG_WORDS[required]}",
                attribute.span,
                hint=f"for example {name}"
                + {"count": "(1)", "set": "{R}", "range": "[e1]"}.get(required, ""),
            )
        )


# ------------------------------------------------------------------------------------------------
# Whole files
# ------------------------------------------------------------------------------------------------


def _heads(items: Iterable[object]) -> Iterator[object]:
    for item in items:
        yield item.item if isinstance(item, mbn.Cancellation) else item


def defined_pieces(rule_file: ast.RuleFile) -> tuple[set[str], set[str]]:
    """Piece keys (upper-case letters, compounds) and prefix characters introduced by MBN items."""
    letters: set[str] = set()
    prefixes: set[str] = set()
    for item in _heads(rule_file.pieces):
        if isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration):
            prefixes.update(item.head.prefixes)
            if not item.head.macro:
                letters.add(item.head.letter.key)
        elif isinstance(item, mbn.PromotionRule):
            # A piece that promotes, demotes or is dropped exists in the variant (003:600 `*K==@k`).
            prefixes.update(item.head.prefixes)
            letters.update(x.key for x in item.head.letters)
            for target in item.targets:
                if isinstance(target, mbn.PromotionTarget):
                    prefixes.update(target.prefixes)
    return letters, prefixes


def _piece_sets(rule: ast.FbrRule) -> Iterator[mbn.PieceSet]:
    if rule.piece_set is not None:
        yield rule.piece_set
    for attribute in rule.attributes:
        if isinstance(attribute.argument, mbn.PieceSet):
            yield attribute.argument


def check_rule_file(rule_file: ast.RuleFile, catalog: Catalog | None = None) -> list[Diagnostic]:
    """Every diagnostic of a parsed rule file (errors, warnings, infos), in file order."""
    catalog = catalog or shipped_catalog()
    out: list[Diagnostic] = []
    rule_names = {r.name for r in rule_file.rules if not r.negated}
    if "gating" in rule_names:
        rule_names.add("holding")  # 003:366: gating implies holding
    has_pieces = bool(rule_file.pieces)
    letters, prefixes = defined_pieces(rule_file)
    for rule in rule_file.rules:
        if not rule.negated and rule.piece_set is not None:
            spec = catalog.rules.get(rule.name)
            if spec is not None and spec.defines_pieces:
                letters.update(m.letter.key for m in rule.piece_set.members)
    board = _board_size(rule_file, out)
    for item in rule_file.items:
        if isinstance(item, ast.FbrRule):
            out.extend(check_rule(item, catalog))
            out.extend(_check_references(item, catalog, rule_names, has_pieces, letters, prefixes))
            if board is not None:
                out.extend(_check_board(item, board))
        elif isinstance(item, ast.Metadata | ast.Comment):
            continue
        else:
            out.extend(check_item(item, RANGE_CODES))
            if board is not None:
                out.extend(_check_board(item, board))
    return out


def _check_references(
    rule: ast.FbrRule,
    catalog: Catalog,
    rule_names: set[str],
    has_pieces: bool,
    letters: set[str],
    prefixes: set[str],
) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    spec = catalog.rules.get(rule.name)
    if spec is None or rule.negated:
        return out
    if spec.requires_any_rule and not rule_names.intersection(spec.requires_any_rule):
        out.append(
            Diagnostic(
                C.REQUIRES_RULE,
                f"the rule {rule.name!r} needs one of the rules {', '.join(spec.requires_any_rule)}",
                rule.name_span,
                hint=f"add the rule {spec.requires_any_rule[0]}",
            )
        )
    for attribute in rule.attributes:
        name, _ = resolve_attribute(attribute, spec)
        attr_spec = spec.attributes.get(name or "")
        if attr_spec is not None and attr_spec.requires_rule and attr_spec.requires_rule not in rule_names:
            out.append(
                Diagnostic(
                    C.REQUIRES_RULE,
                    f"the attribute {name!r} needs the rule {attr_spec.requires_rule!r}",
                    attribute.span,
                    hint=f"add the rule {attr_spec.requires_rule}",
                )
            )
    if not has_pieces:
        return out
    used_prefixes: list[ast.Prefix] = []
    if rule.prefix is not None:
        used_prefixes.append(rule.prefix)
    for attribute in rule.attributes:
        name, in_name = resolve_attribute(attribute, spec)
        if attribute.prefix is not None and not in_name:
            used_prefixes.append(attribute.prefix)
    for prefix in used_prefixes:
        if prefix.value not in prefixes:
            out.append(
                Diagnostic(
                    C.UNDEFINED_PREFIX,
                    f"no piece of this file carries the prefix {prefix.value!r} used by {rule.name!r}",
                    prefix.span,
                    hint=f"define the prefixed pieces, e.g. {prefix.value}K=..., or fix the prefix",
                )
            )
    if spec.defines_pieces:
        return out
    for piece_set in _piece_sets(rule):
        for member in piece_set.members:
            if member.letter.key not in letters:
                known = sorted(letters)
                hint, _ = _suggest_fix(member.letter.text, known, None)
                out.append(
                    Diagnostic(
                        C.UNDEFINED_PIECE,
                        f"the piece {member.letter.text!r} in {rule.name!r} is not defined in this file",
                        member.letter.span,
                        hint=hint
                        or f"declare it (e.g. {member.letter.key}) or use one of: {' '.join(known)}",
                    )
                )
    return out


def _board_size(rule_file: ast.RuleFile, out: list[Diagnostic]) -> tuple[int, int] | None:
    seen: dict[str, ast.Metadata] = {}
    size: tuple[int, int] | None = None
    for item in rule_file.items:
        if not isinstance(item, ast.Metadata):
            continue
        if item.key in seen:
            out.append(
                Diagnostic(
                    C.DUPLICATE_METADATA,
                    f"{item.key} is given twice",
                    item.span,
                    hint="keep one",
                )
            )
        seen[item.key] = item
        if item.key == "boardsize":
            match = _BOARDSIZE.match(item.value)
            if match is None or int(match.group(1)) > 26:
                out.append(
                    Diagnostic(
                        C.BAD_BOARDSIZE,
                        f"bad board size {item.value!r}",
                        item.span,
                        hint='write files x ranks, e.g. boardsize="8x8" (at most 26 files)',
                    )
                )
            else:
                size = (int(match.group(1)), int(match.group(2)))
    return size


def _check_board(node: object, board: tuple[int, int]) -> list[Diagnostic]:
    files, ranks = board
    last_file = chr(ord("a") + files - 1)
    out: list[Diagnostic] = []
    for board_range in iter_ranges(node):
        for single in board_range.ranges:
            for part in (single.files, single.ranks):
                if part is None:
                    continue
                values = [part.first] + ([part.last] if part.last is not None else [])
                if isinstance(part, mbn.RankSpan):
                    bad = [v for v in values if int(v) > ranks]
                    limit = f"the board has {ranks} ranks"
                else:
                    bad = [v for v in values if v > last_file]
                    limit = f"the board has files a-{last_file}"
                if bad:
                    out.append(
                        Diagnostic(
                            C.OUTSIDE_BOARD,
                            f"{bad[0]} is outside the board ({limit})",
                            part.span,
                            hint="fix the range or the boardsize",
                        )
                    )
    return out
