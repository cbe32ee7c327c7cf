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
from dataclasses import replace
from typing import Any

from notation_toolkit.core.codes import CodeInfo
from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.fbr import ast
from notation_toolkit.fbr import codes as C
from notation_toolkit.fbr.catalog import AttributeSpec, Catalog, RuleSpec, shipped_catalog
from notation_toolkit.fbr.format import format_rule
from notation_toolkit.fbr.startpos import check_start
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.ast import walk_list
from notation_toolkit.mbn.codes import MAX_NUMBER_DIGITS
from notation_toolkit.mbn.parser import collector_paused
from notation_toolkit.mbn.validate import (
    LetterMemo,
    RangeCodes,
    check_item,
    check_letters,
    check_range,
    is_base_compound,
    iter_ranges,
)

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
# At most 9 digits a side: longer numbers fail the pattern (FBR501) before int() could see them,
# and runs longer than any number of a rule file may be (MAX_NUMBER_DIGITS) are FBR103.
_BOARDSIZE = re.compile(r"^([1-9][0-9]{0,8})x([1-9][0-9]{0,8})$")
_DIGIT_RUN = re.compile(r"[0-9]+")


def _code(code: str) -> CodeInfo:
    return C.INFO[code]


def _suggested(hint: str | None, fix: Fix | None) -> dict[str, Any]:
    # A 'did you mean' replaces the code's default hint (and brings its fix) when a name is close.
    return {} if hint is None else {"hint": hint, "fix": fix}


def _value_span(item: ast.Metadata, start: int, length: int) -> Span | None:
    # The span of characters start..start+length of a metadata value (written key="value").
    span = item.span
    if span is None:
        return None
    offset = span.offset + len(item.key) + 2 + start
    return Span(offset, length, span.line, span.column + (offset - span.offset))


Suggestions = dict[tuple[str, str], list[str]]
"""Close matches already computed while checking one file, by (kind of name, name): a file that
repeats one unknown name thousands of times pays ``difflib`` once (work per file, not per item)."""


def _suggest_fix(
    name: str,
    known: Iterable[str],
    span: Span | None,
    memo: Suggestions | None = None,
    kind: str = "",
) -> tuple[str | None, Fix | None]:
    # core.suggest imports difflib: loaded when a name is unknown, not by every check
    from notation_toolkit.core.suggest import close_matches, suggestion

    if memo is None:
        hits = close_matches(name, known)
    else:
        found = memo.get((kind, name))
        if found is None:
            found = memo[(kind, name)] = close_matches(name, known)
        hits = found
    return suggestion(name, hits, span)


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


def check_rule(
    rule: ast.FbrRule, catalog: Catalog | None = None, *, memo: Suggestions | None = None
) -> list[Diagnostic]:
    """Diagnostics for one rule against the catalog (the shipped one by default).

    ``memo`` keeps 'did you mean' lookups between calls on the rules of one file (same catalog).
    """
    catalog = catalog or shipped_catalog()
    spec = catalog.rules.get(rule.name)
    out: list[Diagnostic] = []
    if spec is None:
        hint, fix = _suggest_fix(rule.name, catalog.rules, rule.name_span, memo, "rule")
        out.append(
            _code(C.UNKNOWN_RULE).diagnostic_from(
                "", {"rule": rule.name}, span=rule.name_span, **_suggested(hint, fix)
            )
        )
        return out
    if not spec.documented:
        # `spacious` has a section (003:1076) but no entry of its own in the page's list of
        # rules (the index puts it under torus); `castling` has neither.
        out.append(
            _code(C.UNDOCUMENTED).diagnostic(
                "section" if spec.line is not None else "example",
                span=rule.name_span,
                severity=Severity.INFO,
                rule=rule.name,
                line=spec.line,
                summary=spec.summary,
            )
        )
    out.extend(_check_order(rule, spec))
    out.extend(_check_empty_rule_set(rule, spec))
    for key in _PART_LABELS:
        node = _part_node(rule, key)
        level = spec.part(key)
        if node is None and level == "required" and not rule.negated:
            missing = _MISSING_CODES[key]
            template = "missing_seq_number" if missing == C.PART_NOT_ALLOWED else ""
            out.append(
                _code(missing).diagnostic(
                    template, span=rule.name_span, rule=rule.name, part=_PART_LABELS[key]
                )
            )
        elif node is not None and level == "none":
            out.append(
                _code(C.PART_NOT_ALLOWED).diagnostic(
                    span=getattr(node, "span", None), rule=rule.name, part=_PART_LABELS[key].split(" ", 1)[1]
                )
            )
    if spec.attributes_required and not rule.attributes and not rule.negated:
        names = ", ".join(sorted(spec.attributes))
        out.append(_code(C.MISSING_ATTRIBUTES).diagnostic(span=rule.name_span, rule=rule.name, names=names))
    seen: dict[str, ast.Attribute] = {}
    for attribute in rule.attributes:
        name = _check_attribute(rule, spec, attribute, out, catalog, memo)
        if name is None:
            continue
        if name in seen:
            out.append(
                _code(C.DUPLICATE_ATTRIBUTE).diagnostic(
                    span=attribute.span, severity=Severity.WARNING, name=name
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
                _code(C.ONE_OF_REQUIRED).diagnostic(
                    span=rule.name_span, rule=rule.name, names=", ".join(group), first=group[0]
                )
            )
        elif len(present) > 1:
            out.append(_exclusive(rule, present, seen))
    for board_range in iter_ranges(rule):
        out.extend(check_range(board_range, RANGE_CODES))
    return out


def _exclusive(rule: ast.FbrRule, present: list[str], seen: dict[str, ast.Attribute]) -> Diagnostic:
    return _code(C.EXCLUSIVE_ATTRIBUTES).diagnostic(
        span=seen[present[1]].span,
        rule=rule.name,
        present=" and ".join(repr(p) for p in present),
        choices=", ".join(present),
    )


def _check_order(rule: ast.FbrRule, spec: RuleSpec) -> list[Diagnostic]:
    # 003:782: "a piece suffix may be given, in this case the piece suffix must come first".
    if not spec.prefix_first or rule.prefix is None or not rule.written_order:
        return []
    if rule.written_order[0] == "prefix":
        return []
    canonical = format_rule(rule)
    first = _PART_LABELS[rule.written_order[0]].split(" ", 1)[1]
    code = _code(C.PART_ORDER)
    fix = code.fix("", canonical, rule.span, canonical=canonical) if rule.span is not None else None
    return [code.diagnostic(span=rule.prefix.span, fix=fix, rule=rule.name, first=first, canonical=canonical)]


def _is_empty(piece_set: mbn.PieceSet) -> bool:
    # `{^}` is every piece, not an empty set.
    return not piece_set.members and not piece_set.complement


def _check_empty_rule_set(rule: ast.FbrRule, spec: RuleSpec) -> list[Diagnostic]:
    if rule.piece_set is None or not _is_empty(rule.piece_set) or rule.negated:
        return []
    needed_by = [
        a.name
        for a in rule.attributes
        if a.name is not None and (s := spec.attributes.get(a.name)) is not None and s.needs_rule_piece_set
    ]
    if spec.part("piece_set") != "required" and not needed_by:
        return []
    code = _code(C.EMPTY_PIECE_SET)
    if needed_by:
        return [code.diagnostic("attribute", span=rule.piece_set.span, rule=rule.name, name=needed_by[0])]
    return [code.diagnostic(span=rule.piece_set.span, rule=rule.name)]


def _check_attribute(
    rule: ast.FbrRule,
    spec: RuleSpec,
    attribute: ast.Attribute,
    out: list[Diagnostic],
    catalog: Catalog | None = None,
    memo: Suggestions | None = None,
) -> str | None:
    name, prefix_in_name = resolve_attribute(attribute, spec)
    if attribute.name is None and name is None:
        if isinstance(attribute.argument, mbn.PieceSet) and spec.anonymous_piece_set:
            return None
        what = "a count" if isinstance(attribute.argument, ast.Count) else "a piece set"
        out.append(
            _code(C.WRONG_ARGUMENT).diagnostic("anonymous", span=attribute.span, rule=rule.name, what=what)
        )
        return None
    assert name is not None
    attr_spec = spec.attributes.get(name)
    if (
        attr_spec is None
        and catalog is not None
        and name in catalog.rules
        and attribute.argument is None
        and attribute.prefix is None
        and not attribute.negated
    ):
        out.append(_rule_as_attribute(rule, attribute, name))
        return None
    if attr_spec is None:
        hint, fix = _suggest_fix(name, spec.attributes, attribute.name_span, memo, "attribute " + rule.name)
        known = ", ".join(sorted(spec.attributes)) or "none"
        out.append(
            _code(C.UNKNOWN_ATTRIBUTE).diagnostic_from(
                "",
                {"rule": rule.name, "name": name, "known": known},
                span=attribute.name_span or attribute.span,
                **_suggested(hint, fix),
            )
        )
        return None
    if not attr_spec.documented:
        out.append(
            _code(C.UNDOCUMENTED).diagnostic(
                "attribute_note" if attr_spec.note else "attribute",
                span=attribute.name_span or attribute.span,
                severity=Severity.INFO,
                name=name,
                rule=rule.name,
                note=attr_spec.note,
            )
        )
    if attribute.negated and not attr_spec.negatable:
        out.append(_code(C.NOT_NEGATABLE).diagnostic(span=attribute.span, name=name))
    _check_arguments(rule, name, attr_spec, attribute, prefix_in_name, out)
    if attr_spec.needs_rule_piece_set and rule.piece_set is None:
        out.append(_code(C.NEEDS_RULE_PIECE_SET).diagnostic(span=attribute.span, name=name, rule=rule.name))
    return name


def _rule_as_attribute(rule: ast.FbrRule, attribute: ast.Attribute, name: str) -> Diagnostic:
    # `torus=spacious`: the page's index lists spacious under torus, but its section and example
    # (003:1076-1080) make it a rule of its own.
    rest = replace(rule, attributes=tuple(a for a in rule.attributes if a is not attribute))
    text = format_rule(rest) + " " + name
    code = _code(C.RULE_AS_ATTRIBUTE)
    fix = code.fix("", text, rule.span, text=text) if rule.span is not None else None
    return code.diagnostic(
        span=attribute.name_span or attribute.span, fix=fix, name=name, rule=rule.name, text=text
    )


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
            _code(C.WRONG_ARGUMENT).diagnostic(
                "prefix", span=attribute.prefix.span, name=name, accepted=accepted
            )
        )
    argument = attribute.argument
    if argument is not None:
        kind = _ARG_KIND[type(argument)]
        if kind not in spec.args:
            out.append(
                _code(C.WRONG_ARGUMENT).diagnostic(
                    "kind",
                    span=argument.span,
                    name=name,
                    accepted=accepted,
                    given=_ARG_WORDS[kind],
                    argument=argument,
                )
            )
        elif kind == "count" and isinstance(argument, ast.Count) and argument.value is None:
            if spec.args[kind] == "required":
                out.append(_code(C.MISSING_ARGUMENT).diagnostic("count", span=argument.span, name=name))
            elif attribute.name is not None:
                # 003:576: the number may be omitted "and the parentheses" with it.
                code = _code(C.EMPTY_PARENTHESES)
                fix = code.fix("", "", argument.span) if argument.span is not None else None
                out.append(code.diagnostic(span=argument.span, fix=fix, name=name))
            else:
                out.append(
                    _code(C.EMPTY_PARENTHESES).diagnostic("anonymous", span=argument.span, rule=rule.name)
                )
        elif (
            kind == "set"
            and isinstance(argument, mbn.PieceSet)
            and _is_empty(argument)
            and spec.args[kind] == "required"
            and not spec.empty_set
        ):
            out.append(_code(C.EMPTY_PIECE_SET).diagnostic(span=argument.span, rule=name))
        return
    required = spec.required_arg
    if required is not None and not (required == "prefix" and attribute.prefix is not None):
        example = name + {"count": "(1)", "set": "{R}", "range": "[e1]"}.get(required, "")
        out.append(
            _code(C.MISSING_ARGUMENT).diagnostic(
                span=attribute.span, name=name, what=_ARG_WORDS[required], example=example
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
                    # A promotion target or a dropped piece exists as surely as a declared one
                    # (003:1015 `+K==:KD:`, 003:600 `$K==@K@w@S`).
                    prefixes.update(target.prefixes)
                    letters.add(target.letter.key)
    return letters, prefixes


def used_pieces(rule_file: ast.RuleFile, walks: dict[int, list[object]] | None = None) -> set[str]:
    """Piece keys the MBN items use: move letters and piece-set members (003:1015 `acc?{D}`).

    ``walks`` maps ``id(item)`` to ``list(item.walk())`` (filled in here when given).
    """
    used: set[str] = set()
    atom, piece_set = mbn.Atom, mbn.PieceSet
    for item in rule_file.pieces:
        nodes = walk_list(item)
        if walks is not None:
            walks[id(item)] = nodes
        for node in nodes:
            cls = type(node)
            if (cls is atom or isinstance(node, atom)) and node.kind != "extended":
                used.add(node.letter.upper())
            elif cls is piece_set or isinstance(node, piece_set):
                used.update(m.letter.key for m in node.members)
    return used


def _piece_sets(rule: ast.FbrRule) -> Iterator[mbn.PieceSet]:
    if rule.piece_set is not None:
        yield rule.piece_set
    for attribute in rule.attributes:
        if isinstance(attribute.argument, mbn.PieceSet):
            yield attribute.argument


def check_rule_file(rule_file: ast.RuleFile, catalog: Catalog | None = None) -> list[Diagnostic]:
    """Every diagnostic of a parsed rule file (errors, warnings, infos), in file order."""
    # The checks allocate (node lists, sets, diagnostics) while the whole AST is alive: paused,
    # the collector stops re-traversing a big tree that holds no garbage (cost per item constant).
    with collector_paused(len(rule_file.items), GC_PAUSE_ITEMS):
        return _check_rule_file(rule_file, catalog or shipped_catalog())


GC_PAUSE_ITEMS = 256
"""Files with at least this many items are checked with the cyclic garbage collector paused."""


def _check_rule_file(rule_file: ast.RuleFile, catalog: Catalog) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    rules = rule_file.rules
    rule_names = {r.name for r in rules if not r.negated}
    if "gating" in rule_names:
        rule_names.add("holding")  # 003:366: gating implies holding
    has_pieces = bool(rule_file.pieces)
    letters, prefixes = defined_pieces(rule_file)
    for rule in rules:
        if not rule.negated and rule.piece_set is not None:
            spec = catalog.rules.get(rule.name)
            if spec is not None and spec.defines_pieces:
                letters.update(m.letter.key for m in rule.piece_set.members)
    walks: dict[int, list[object]] = {}
    used = used_pieces(rule_file, walks)
    board = _board_size(rule_file, out)
    # Computed once per file, not per item: suggestions, the sorted letters, the compound keys.
    memo: Suggestions = {}
    known = _Known(letters)
    letter_memo = LetterMemo(letters)
    for item in rule_file.items:
        if isinstance(item, ast.FbrRule):
            out.extend(check_rule(item, catalog, memo=memo))
            out.extend(
                _check_references(item, catalog, rule_names, has_pieces, letters, prefixes, used, known, memo)
            )
            if board is not None:
                out.extend(_check_board(item, board))
        elif isinstance(item, ast.Metadata | ast.Comment):
            continue
        else:
            nodes = walks.get(id(item))
            out.extend(check_item(item, RANGE_CODES, nodes))
            if has_pieces:
                out.extend(check_letters(item, letters, used, nodes, memo=letter_memo))
            if board is not None:
                out.extend(_check_board(item, board, nodes))
    out.extend(check_start(rule_file, board, letters))
    return out


def _check_references(
    rule: ast.FbrRule,
    catalog: Catalog,
    rule_names: set[str],
    has_pieces: bool,
    letters: set[str],
    prefixes: set[str],
    used: set[str] = frozenset(),  # type: ignore[assignment]
    known_letters: _Known | None = None,
    memo: Suggestions | None = None,
) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    spec = catalog.rules.get(rule.name)
    if spec is None or rule.negated:
        return out
    if spec.requires_any_rule and not rule_names.intersection(spec.requires_any_rule):
        out.append(
            _code(C.REQUIRES_RULE).diagnostic(
                span=rule.name_span,
                rule=rule.name,
                rules=", ".join(spec.requires_any_rule),
                first=spec.requires_any_rule[0],
            )
        )
    for attribute in rule.attributes:
        name, _ = resolve_attribute(attribute, spec)
        attr_spec = spec.attributes.get(name or "")
        if attr_spec is not None and attr_spec.requires_rule and attr_spec.requires_rule not in rule_names:
            out.append(
                _code(C.REQUIRES_RULE).diagnostic(
                    "attribute", span=attribute.span, name=name, needed=attr_spec.requires_rule
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
                _code(C.UNDEFINED_PREFIX).diagnostic(span=prefix.span, prefix=prefix.value, rule=rule.name)
            )
    if spec.defines_pieces:
        return out
    for piece_set in _piece_sets(rule):
        if piece_set.complement:
            continue  # `{^A}`: excluding a piece the file lacks still means "any piece" (003:167)
        for member in piece_set.members:
            key = member.letter.key
            compound = member.letter.is_compound and not is_base_compound(key)
            if key in letters or (not compound and key in used):
                continue
            known = known_letters.sorted if known_letters is not None else sorted(letters)
            hint, fix = _suggest_fix(key, known, member.letter.span, memo, "letter")
            code = _code(C.UNDEFINED_PIECE)
            if fix is None and not compound and rule.span is not None:
                # Declaring the piece beside the rule satisfies the check (items are separated
                # by whitespace, so the declaration can follow the rule).
                fix = code.fix("declare", f"{format_rule(rule)} {key}", rule.span, key=key)
            words = {"letter": member.letter.text, "rule": rule.name, "key": key, "known": " ".join(known)}
            out.append(
                code.diagnostic_from(
                    "compound" if compound else "",
                    words,
                    span=member.letter.span,
                    severity=Severity.ERROR if compound else Severity.WARNING,
                    fix=fix,
                    **_suggested(hint, None),
                )
            )
    return out


class _Known:
    """The file's defined letters, sorted once on first need (a hint lists them)."""

    __slots__ = ("_letters", "_sorted")

    def __init__(self, letters: set[str]) -> None:
        self._letters = letters
        self._sorted: list[str] | None = None

    @property
    def sorted(self) -> list[str]:
        if self._sorted is None:
            self._sorted = sorted(self._letters)
        return self._sorted


def _board_size(rule_file: ast.RuleFile, out: list[Diagnostic]) -> tuple[int, int] | None:
    seen: dict[str, ast.Metadata] = {}
    size: tuple[int, int] | None = None
    for item in rule_file.items:
        if not isinstance(item, ast.Metadata):
            continue
        if item.key in seen:
            out.append(_code(C.DUPLICATE_METADATA).diagnostic(span=item.span, key=item.key))
        seen[item.key] = item
        if item.key == "boardsize":
            huge = max(_DIGIT_RUN.findall(item.value), key=len, default="")
            match = _BOARDSIZE.match(item.value)
            if len(huge) > MAX_NUMBER_DIGITS:
                # A number of thousands of digits is the number-limit diagnostic, as anywhere else
                # in a rule file (FBR103), not a mere bad size; it is never converted.
                at = item.value.find(huge)
                out.append(
                    _code(C.NUMBER_TOO_LONG).diagnostic(
                        span=_value_span(item, at, len(huge)),
                        what="board size",
                        digits=len(huge),
                        limit=MAX_NUMBER_DIGITS,
                    )
                )
            elif match is None or int(match.group(1)) > 26:
                out.append(_code(C.BAD_BOARDSIZE).diagnostic(span=item.span, value=item.value))
            else:
                size = (int(match.group(1)), int(match.group(2)))
    return size


def _check_board(node: object, board: tuple[int, int], nodes: list[object] | None = None) -> list[Diagnostic]:
    files, ranks = board
    last_file = chr(ord("a") + files - 1)
    out: list[Diagnostic] = []
    ranges = iter_ranges(node) if nodes is None else (n for n in nodes if isinstance(n, mbn.BoardRange))
    for board_range in ranges:
        for single in board_range.ranges:
            for part in (single.files, single.ranks):
                if part is None:
                    continue
                values = [part.first] + ([part.last] if part.last is not None else [])
                if isinstance(part, mbn.RankSpan):
                    bad = [v for v in values if int(v) > ranks]
                    template = "rank"
                else:
                    bad = [v for v in values if v > last_file]
                    template = "file"
                if bad:
                    out.append(
                        _code(C.OUTSIDE_BOARD).diagnostic(
                            template, span=part.span, value=bad[0], ranks=ranks, last_file=last_file
                        )
                    )
    return out
