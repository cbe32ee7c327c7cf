"""The expansion pass: composite FBR rules (alice, atomic, switching, ...) rewritten into core FBR
rules and MBN items over the rule-file AST, driven by the templates of ``expansions.toml``."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from notation_toolkit.core.errors import GrammarError, LimitError, NotationError, ValidationError
from notation_toolkit.fbr import ast
from notation_toolkit.fbr.codes import INFO as FBR_INFO
from notation_toolkit.fbr.codes import NUMBER_TOO_LONG
from notation_toolkit.fbr.expand import _api
from notation_toolkit.fbr.expand.codes import (
    BAD_BOARDSIZE,
    BAD_PROMOTION,
    BAD_TEMPLATE,
    EXCLUSIVE,
    INFO,
    MACRO_CLASH,
    NO_VARIANT,
    SET_REQUIRED,
)
from notation_toolkit.fbr.expand.templates import (
    Letters,
    RuleTemplate,
    Templates,
    Variant,
    builtin_templates,
    fill,
    table_values,
    variant_keys,
)
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.codes import MAX_NUMBER_DIGITS

MAX_EXPANSIONS = 64
"""Bound on the composite rules expanded in one file (a template that re-adds its own rule would
otherwise never finish)."""

# At most 9 digits per side: a longer number is refused by the pattern before int() reads it.
_DIGITS = re.compile(r"[0-9]+")
_BOARDSIZE = re.compile(r"\s*(\d{1,9})\s*[xX]\s*(\d{1,9})(?!\d)")
MBN_KINDS = (mbn.PieceDefinition, mbn.PieceDeclaration, mbn.PromotionRule, mbn.Cancellation)


@dataclass(frozen=True, slots=True)
class Board:
    """Files and ranks of the board (``boardsize="FxR"``, default 8x8)."""

    files: int = 8
    ranks: int = 8

    @property
    def first_file(self) -> str:
        """``a``."""
        return "a"

    @property
    def last_file(self) -> str:
        """The letter of the last file (``h`` on 8 files)."""
        return chr(ord("a") + self.files - 1)


def board_of(rulefile: ast.RuleFile) -> Board:
    """The board size given by the file's ``boardsize`` metadata (8x8 when absent)."""
    size = rulefile.metadata.get("boardsize")
    if size is None:
        return Board()
    span = next(
        (i.span for i in rulefile.items if isinstance(i, ast.Metadata) and i.key == "boardsize"), None
    )
    huge = max(_DIGITS.findall(size), key=len, default="")
    if len(huge) > MAX_NUMBER_DIGITS:
        # The number-limit diagnostic of every huge number of a rule file (FBR103), as check gives.
        raise FBR_INFO[NUMBER_TOO_LONG].error(
            LimitError, span=span, what="board size", digits=len(huge), limit=MAX_NUMBER_DIGITS
        )
    match = _BOARDSIZE.match(size)
    if match is None or not (1 <= int(match.group(1)) <= 26) or int(match.group(2)) < 1:
        raise INFO[BAD_BOARDSIZE].error(ValidationError, span=span, size=size)
    return Board(int(match.group(1)), int(match.group(2)))


# ------------------------------------------------------------------------------------------------
# Parsing generated text


@lru_cache(maxsize=4096)
def _parse_generated(text: str) -> object:
    rulefile = _api.parse_rule_file(text)
    if len(rulefile.items) != 1:
        raise INFO[BAD_TEMPLATE].error(NotationError, "not_one_item", produced=text)
    return rulefile.items[0]


def parse_generated(text: str, source: str) -> object:
    """One FBR rule or MBN item from filled-in template text (FBR705 when it does not parse)."""
    try:
        return _parse_generated(text)
    except NotationError as exc:
        raise INFO[BAD_TEMPLATE].error(
            GrammarError, "does_not_parse", source=source, produced=text, reason=exc
        ) from None


# ------------------------------------------------------------------------------------------------
# What a rule file says about its pieces


def is_base_piece(item: object) -> bool:
    """An unprefixed, non-macro, non-castling piece definition or declaration (``K``, ``Q=R+N``)."""
    if not isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration):
        return False
    head = item.head
    return not head.macro and not head.prefixes and not head.letter.is_castling


def base_pieces(items: Sequence[object]) -> list[mbn.PieceDefinition | mbn.PieceDeclaration]:
    """The base pieces in file order, first occurrence of each letter."""
    seen: set[str] = set()
    out: list[mbn.PieceDefinition | mbn.PieceDeclaration] = []
    for item in items:
        if is_base_piece(item):
            assert isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration)
            if item.head.letter.key not in seen:
                seen.add(item.head.letter.key)
                out.append(item)
    return out


def _set_letters(piece_set: mbn.PieceSet) -> list[str]:
    out: list[str] = []
    for m in piece_set.members:
        if m.letter.text not in out:
            out.append(m.prefixes + m.letter.text)
    return out


def royal_letters(items: Sequence[object], pieces: Sequence[str]) -> list[str]:
    """Letters of the royal pieces: the ``royal`` rules' sets (``royal`` alone = K, 003:902).

    DECISION (003:72): a file without any ``royal`` rule still treats K as royal, as the andernach
    expansion does ("except royal pieces", no ``royal`` rule in its input).
    """
    out: list[str] = []
    found = False
    for item in items:
        if isinstance(item, ast.FbrRule) and item.name == "royal" and not item.negated:
            found = True
            if item.piece_set is None:
                letters = ["K"]
            elif item.piece_set.complement:
                named = {m.letter.key for m in item.piece_set.members}
                letters = [p for p in pieces if p.upper() not in named]
            else:
                letters = _set_letters(item.piece_set)
            out.extend(x for x in letters if x not in out)
    return out if found else ["K"]


def _in_set(letter: str, piece_set: mbn.PieceSet | None) -> bool:
    if piece_set is None:
        return True
    named = any(m.letter.key == letter.upper() and not m.prefixes for m in piece_set.members)
    return not named if piece_set.complement else named


def _single_unit(moves: mbn.MoveSequence) -> bool:
    if len(moves.legs) != 1 or not isinstance(moves.legs[0], mbn.Alternatives):
        return False
    alternatives = moves.legs[0].moves
    if len(alternatives) != 1:
        return False
    pm = alternatives[0]
    bare = not (pm.modifiers or pm.setup or pm.transition or pm.condition or pm.origin)
    return bare and not (pm.attackers or pm.destination) and len(pm.units) == 1


# ------------------------------------------------------------------------------------------------
# One composite rule


@dataclass
class _Context:
    template: RuleTemplate
    variant: Variant
    rule: ast.FbrRule
    rule_set: mbn.PieceSet | None
    values: dict[str, object]
    royals: set[str]

    @property
    def source(self) -> str:
        return f"template of {self.template.name} ({self.variant.name})"

    def fill(self, text: str, extra: Mapping[str, object] | None = None) -> str:
        return fill(text, {**self.values, **(extra or {})}, self.source)


def _select_variant(template: RuleTemplate, rule: ast.FbrRule, has_board_ids: bool) -> Variant:
    names = sorted(a.name for a in rule.attributes if a.name is not None)
    for group in template.exclusive:
        both = [n for n in names if n in group]
        if len(both) > 1:
            raise INFO[EXCLUSIVE].error(
                ValidationError,
                span=rule.span,
                rule=rule.name,
                both=" and ".join(both),
                choices=", ".join(group),
            )
    key = ",".join(names)
    for variant in template.variants:
        if key in variant.match and variant.board_ids in (None, has_board_ids):
            return variant
    raise INFO[NO_VARIANT].error(
        ValidationError,
        "boards" if has_board_ids else "",
        span=rule.span,
        rule=rule.name,
        attributes=("=" + key) if key else "no attribute",
        variants=", ".join(variant_keys(template.variants)),
    )


def _context(template: RuleTemplate, rule: ast.FbrRule, items: Sequence[object], board: Board) -> _Context:
    pieces = base_pieces(items)
    letters = [p.head.letter.text for p in pieces]
    royals = royal_letters(items, letters)
    royal_keys = {r.upper() for r in royals}
    nonroyal = [x for x in letters if x.upper() not in royal_keys]
    rule_set = rule.piece_set
    if rule_set is None and template.default_set is not None:
        parsed = parse_generated(f"royal{template.default_set}", f"default_set of {template.name}")
        assert isinstance(parsed, ast.FbrRule)
        rule_set = parsed.piece_set
    if template.set_required and (rule_set is None or not rule_set.members):
        # An empty set names no piece either (003:181): refused here, before a template is filled
        # with an empty letter list.
        raise INFO[SET_REQUIRED].error(
            ValidationError,
            "empty" if rule_set is not None else "",
            span=rule_set.span if rule_set is not None and rule_set.span is not None else rule.span,
            rule=rule.name,
        )
    variant = _select_variant(template, rule, any(p.head.board is not None for p in pieces))
    values: dict[str, object] = {
        "royals": Letters(tuple(royals)),
        "nonroyal": Letters(tuple(nonroyal)),
        "all": Letters(tuple(letters)),
        "rule_set": _api.format_entry(ast.FbrRule("x", piece_set=rule_set))[1:] if rule_set else "",
        "rule_letters": Letters(tuple(_set_letters(rule_set))) if rule_set else Letters(()),
        "first_file": board.first_file,
        "last_file": board.last_file,
        "last_rank": str(board.ranks),
    }
    return _Context(template, variant, rule, rule_set, values, royal_keys)


def _piece_values(ctx: _Context, item: mbn.PieceDefinition | mbn.PieceDeclaration) -> dict[str, object]:
    head = item.head
    letter = head.letter.text
    if isinstance(item, mbn.PieceDefinition):
        definition = _api.format_moves(item.moves[0])
        group = definition if _single_unit(item.moves[0]) else f"({definition})"
        macro = f"@{letter}={definition}"
    else:
        definition = group = letter
        macro = f"@{letter}"
    values: dict[str, object] = {
        "item": _api.format_item(item),
        "head": str(replace(head, macro=False)),
        "letter": letter,
        "board": str(head.board) if head.board is not None else "",
        "def": definition,
        "def_group": group,
        "macro": macro,
    }
    values.update(table_values(ctx.variant.tables, letter))
    return values


def _piece_templates(ctx: _Context, letter: str) -> tuple[str, ...]:
    variant = ctx.variant
    if letter in variant.letters:
        return variant.letters[letter]
    if not _in_set(letter, ctx.rule_set):
        return variant.pieces.get("unaffected", ("{{item}}",))
    if letter.upper() in ctx.royals and "royal" in variant.pieces:
        return variant.pieces["royal"]
    return variant.pieces.get("other", ("{{item}}",))


def _promotion_values(ctx: _Context, item: object) -> dict[str, object] | None:
    """Values for the ``promoted`` template, or None when the item is kept as written."""
    if isinstance(item, mbn.PieceDeclaration) and item.head.prefixes and not item.head.macro:
        head = item.head
        letter = head.letter.text
        nonroyal = ctx.values["nonroyal"]
        assert isinstance(nonroyal, Letters)
        targets = Letters(tuple(x for x in nonroyal.letters if x.upper() != letter.upper()))
        prefix, board = head.prefixes, head.board
    elif isinstance(item, mbn.PromotionRule):
        if len(item.head.letters) != 1 or item.head.condition is not None:
            return None
        if not all(isinstance(t, mbn.PromotionTarget) and not t.drop for t in item.targets):
            raise INFO[BAD_PROMOTION].error(
                ValidationError, span=item.span, rule=ctx.rule.name, item=_api.format_item(item)
            )
        letter = item.head.letters[0].text
        targets = Letters(tuple(str(t) for t in item.targets))
        prefix, board = item.head.prefixes, item.head.board
    else:
        return None
    return {
        "item": _api.format_item(item),
        "prefix": prefix,
        "letter": letter,
        "board": str(board) if board is not None else "",
        "targets": targets,
    }


def _castling(ctx: _Context, item: mbn.PieceDefinition) -> str:
    assert ctx.variant.castling_part is not None
    parts = [ctx.fill(ctx.variant.castling_part, {"part": _api.format_moves(m)}) for m in item.moves]
    return _api.format_head(item.head) + "=" + "=".join(parts)


def _rule_head(rule: ast.FbrRule) -> tuple[object, ...]:
    return (
        rule.negated,
        rule.name,
        rule.prefix,
        rule.seq_number,
        rule.cardinal,
        rule.piece_set,
        rule.board_range,
        rule.announcement,
    )


def merge_rule(items: list[object], new: ast.FbrRule, skip: object = None) -> bool:
    """Add ``new``'s attributes to the first rule of ``items`` with the same head; False if none."""
    head = _rule_head(new)
    for index, item in enumerate(items):
        if item is skip or not isinstance(item, ast.FbrRule) or _rule_head(item) != head:
            continue
        attributes = list(item.attributes)
        attributes.extend(a for a in new.attributes if a not in attributes)
        items[index] = replace(item, attributes=tuple(attributes))
        return True
    return False


def expand_one(items: list[object], index: int, template: RuleTemplate, board: Board) -> list[object]:
    """Expand the composite rule ``items[index]`` with ``template``; returns the new item list."""
    rule = items[index]
    assert isinstance(rule, ast.FbrRule)
    ctx = _context(template, rule, items, board)
    out = list(items)
    added: list[object] = []
    for text in ctx.variant.rules:
        new = parse_generated(ctx.fill(text), ctx.source)
        if not isinstance(new, ast.FbrRule):
            raise INFO[BAD_TEMPLATE].error(GrammarError, "not_a_rule", source=ctx.source, produced=text)
        if not merge_rule(out, new, skip=rule):
            added.append(new)
    out[index : index + 1] = added

    macros: list[object] = []
    result: list[object] = []
    first_mbn: int | None = None
    last_mbn: int | None = None
    done: set[str] = set()
    for item in out:
        if not isinstance(item, MBN_KINDS):
            result.append(item)
            continue
        if first_mbn is None:
            first_mbn = len(result)
        for text in _rewrite(ctx, item, done):
            node = parse_generated(text, ctx.source)
            if text.startswith("@") and not (isinstance(item, mbn.PieceDefinition) and item.head.macro):
                macros.append(node)
            else:
                result.append(node)
        last_mbn = len(result)
    macros.extend(parse_generated(ctx.fill(t), ctx.source) for t in ctx.variant.macros)
    extra = [parse_generated(ctx.fill(t), ctx.source) for t in ctx.variant.items]
    if last_mbn is None:
        result.extend(macros + extra)
    else:
        result[last_mbn:last_mbn] = extra
        assert first_mbn is not None
        result[first_mbn:first_mbn] = macros
    return _dedupe(result)


def _rewrite(ctx: _Context, item: object, done: set[str]) -> list[str]:
    """The texts an MBN item becomes (``[format_item(item)]`` when it is kept)."""
    if is_base_piece(item):
        assert isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration)
        key = item.head.letter.key
        if key not in done:
            done.add(key)
            values = _piece_values(ctx, item)
            return [ctx.fill(t, values) for t in _piece_templates(ctx, item.head.letter.text)]
    elif (
        isinstance(item, mbn.PieceDefinition)
        and item.head.letter.is_castling
        and not item.head.macro
        and ctx.variant.castling_part is not None
    ):
        return [_castling(ctx, item)]
    elif "promoted" in ctx.variant.pieces:
        promoted = _promotion_values(ctx, item)
        if promoted is not None:
            return [ctx.fill(t, promoted) for t in ctx.variant.pieces["promoted"]]
    return [_api.format_item(item)]


def _dedupe(items: list[object]) -> list[object]:
    seen: set[str] = set()
    out: list[object] = []
    for item in items:
        if isinstance(item, ast.Comment):
            out.append(item)
            continue
        text = _api.format_entry(item)
        if text not in seen:
            seen.add(text)
            out.append(item)
    return out


def _macro_key(item: object) -> str | None:
    if isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration) and item.head.macro:
        return item.head.key + (str(item.head.board) if item.head.board is not None else "")
    return None


def _restates_default(item: object) -> bool:
    # `@K` or `@K=K`: the letter keeps its default meaning (003:30 `@K=K`, 003:104 `@K`).
    if isinstance(item, mbn.PieceDeclaration):
        return True
    assert isinstance(item, mbn.PieceDefinition)
    if len(item.moves) != 1 or not _single_unit(item.moves[0]):
        return False
    leg = item.moves[0].legs[0]
    assert isinstance(leg, mbn.Alternatives)
    unit = leg.moves[0].units[0]
    return (
        isinstance(unit, mbn.Atom)
        and unit.letter.upper() == item.head.letter.key
        and not (unit.circular or unit.steps)
    )


def _merge_macros(items: list[object], rule: ast.FbrRule, before: Sequence[str]) -> list[object]:
    """One definition per macro: a macro that restates the default gives way to a real one; two
    different real definitions (two composite rules redefining one letter) are refused (FBR708)."""
    groups: dict[str, list[int]] = {}
    for index, item in enumerate(items):
        key = _macro_key(item)
        if key is not None:
            groups.setdefault(key, []).append(index)
    drop: set[int] = set()
    for indexes in groups.values():
        if len(indexes) < 2:
            continue
        real = [i for i in indexes if not _restates_default(items[i])]
        texts = {_api.format_item(items[i]) for i in real}
        if len(texts) > 1:
            first, second = (_api.format_item(items[i]) for i in real[:2])
            others = " and ".join(dict.fromkeys(before)) or "the file"
            raise INFO[MACRO_CLASH].error(
                ValidationError,
                span=rule.name_span or rule.span,
                rule=rule.name,
                others=others,
                macro=first.split("=", 1)[0],
                first=first,
                second=second,
            )
        keep = real[0] if real else indexes[0]
        drop.update(i for i in indexes if i != keep)
    if not drop:
        return items
    # The kept definition takes the place of the group's first item (macros come first, 003:30).
    out: list[object] = []
    placed: set[str] = set()
    for item in items:
        key = _macro_key(item)
        if key is not None and len(groups[key]) > 1:
            if key in placed:
                continue
            placed.add(key)
            kept = next(i for i in groups[key] if i not in drop)
            out.append(items[kept])
            continue
        out.append(item)
    return out


def composite_index(items: Sequence[object], templates: Templates) -> int | None:
    """Index of the first composite rule to expand (negated ones are left as written)."""
    for index, item in enumerate(items):
        if isinstance(item, ast.FbrRule) and not item.negated and item.name in templates.rules:
            return index
    return None


def expand_items(
    rulefile: ast.RuleFile,
    templates: Templates | None = None,
    on_rule: Callable[[ast.FbrRule, Variant], None] | None = None,
) -> ast.RuleFile:
    """Expand every composite rule of ``rulefile`` in file order (see ``expand``)."""
    templates = templates or builtin_templates()
    board = board_of(rulefile)
    items = list(rulefile.items)
    expanded: list[str] = []
    for _ in range(MAX_EXPANSIONS):
        index = composite_index(items, templates)
        if index is None:
            return replace(rulefile, items=tuple(items))
        rule = items[index]
        assert isinstance(rule, ast.FbrRule)
        template = templates.rules[rule.name]
        if on_rule is not None:
            pieces = base_pieces(items)
            on_rule(rule, _select_variant(template, rule, any(p.head.board for p in pieces)))
        items = _merge_macros(expand_one(items, index, template, board), rule, expanded)
        expanded.append(rule.name)
    raise INFO[BAD_TEMPLATE].error(GrammarError, "loop", limit=MAX_EXPANSIONS)
