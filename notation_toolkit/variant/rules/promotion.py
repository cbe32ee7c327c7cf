"""``promotion``: pieces change into other pieces in a zone (003:658-760).

Executed: ``promotion<prefix>[range]`` (the zone; the last rank by default, 003:664-670), the ways
``enter``, ``leave``, ``move`` and ``move*`` with an optional piece set (003:708-728), ``capture``
(a capture onto a square of the zone promotes; with a set, only the capture of those pieces,
003:680-682), ``optional``;
the promotion rules of the piece section (``+P==QRBN``; colour-specific choices ``+P==CRNqrb``:
upper case for the first player, lower case for the second) and the implicit ones of prefixed
definitions (``+P=...``, 003:660). A promoted piece keeps its promoted status for
``holding=demote`` (003:408).

The move generator reads the result (``Core.promo``): per piece type the choices entering, leaving
and inside the zone."""

from __future__ import annotations

from dataclasses import dataclass as mutable_dataclass
from dataclasses import field
from typing import TYPE_CHECKING

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Promotion,
    Reading,
    Rules,
    both_sides,
    contract,
    contracts,
    defined_keys,
    diag,
    has_castling,
    letters,
    range_mask,
)

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast


class PromotionRule(Component):
    """The ``promotion`` rule and the promotion rules of the piece section."""

    name = "promotion"
    lines = "003:658-760"
    contract = contracts(
        promotion=contract(
            "prefix board_range",
            enter=",set",
            leave=",set",
            move=",set",
            move_star=",set",
            capture=",set",
            optional="",
        )
    )

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        names = {i: n for i, a0 in enumerate(rule.attributes) for n, a in attributes if a is a0}
        reading.rules.extra.setdefault("promotion", []).append((rule, names))

    def finish(self, reading: Reading) -> None:
        written = reading.rules.extra.pop("promotion", [])
        reading.rules.promotions = {}
        _promotion_rules(reading.rule_file, written, reading.rules, reading.out)


@mutable_dataclass(slots=True)
class _PromotionSetting:
    # One FBR rule promotion<prefix>: its zone, and per way of promoting (enter, leave, move) the
    # pieces allowed (None: any choice of the promotion rule), when that way is given.
    zone: int
    optional: bool = False
    ways: dict[str, frozenset[str] | None] = field(default_factory=dict)
    capture_of: frozenset[str] | None = None


def _promotion_rules(
    rule_file: fbr_ast.RuleFile,
    rules_fbr: list[tuple[fbr_ast.FbrRule, dict[int, str]]],
    rules: Rules,
    out: list[Diagnostic],
) -> None:
    from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

    geometry = rules.geometry
    # promotion+ exists by default with the last rank as zone (003:664, 003:670).
    settings: dict[str, _PromotionSetting] = {
        "+": _PromotionSetting(geometry.rank_masks[-1], ways={"enter": None})
    }
    written: set[str] = set()
    for rule, names in rules_fbr:
        prefix = rule.prefix.value if rule.prefix else "+"
        if prefix in written:
            out.append(diag(codes.BAD_PROMOTION, "promotion_twice", rule.span, prefix="promotion" + prefix))
            continue
        written.add(prefix)
        zone = range_mask(geometry, rule.board_range) if rule.board_range else geometry.rank_masks[-1]
        setting = _PromotionSetting(zone)
        for i, attribute in enumerate(rule.attributes):
            attr_name = names.get(i)
            if attr_name == "optional":
                setting.optional = True
            elif attr_name == "capture":
                # promotes when it captures onto a square of the zone; the set names the pieces
                # whose capture promotes (003:680-682)
                arg = attribute.argument
                setting.ways["capture"] = None
                setting.capture_of = letters(arg) if isinstance(arg, mbn.PieceSet) else None
            elif attr_name in ("enter", "leave", "move", "move*"):
                way = "move" if attr_name == "move*" else attr_name
                if attr_name == "move*" and has_castling(rule_file):
                    # move* differs from move only by promoting both castling pieces (003:728)
                    out.append(diag(codes.ATTRIBUTE_NOT_EXECUTED, "move_star_castling", attribute.span))
                    continue
                arg = attribute.argument
                setting.ways[way] = letters(arg) if isinstance(arg, mbn.PieceSet) else None
        if not setting.ways:
            # enter is the default when no other way is given (003:708)
            setting.ways["enter"] = None
        settings[prefix] = setting
    defined = defined_keys(rule_file)
    prefix_of: dict[str, str] = {}
    for item in rule_file.pieces:
        if isinstance(item, mbn.PromotionRule):
            head = item.head
            if not head.prefixes or head.condition is not None:
                out.append(diag(codes.BAD_PROMOTION, "promotion_rule_executed", item.span, head=head))
                continue
            prefix = head.prefixes
            if prefix == "-":
                # A demotion rule: applied by holding=demote to pieces without promoted status
                # (003:412); the examples shipped do not need it.
                out.append(diag(codes.BAD_PROMOTION, "demotion_rule_executed", item.span, head=head))
                continue
            if prefix not in settings:
                out.append(
                    diag(codes.BAD_PROMOTION, "no_promotion_rule", item.span, prefix=prefix, head=head)
                )
                continue
            choices: list[str] = []
            sides: tuple[list[str], list[str]] = ([], [])
            for target in item.targets:
                if not isinstance(target, mbn.PromotionTarget) or target.drop or target.prefixes:
                    out.append(
                        diag(
                            codes.BAD_PROMOTION,
                            "promotion_target_executed",
                            target.span or item.span,
                            target=target,
                        )
                    )
                    continue
                if target.letter.key not in defined:
                    out.append(
                        diag(
                            codes.BAD_PROMOTION,
                            "promotion_target_piece",
                            target.span or item.span,
                            target=target,
                        )
                    )
                    continue
                if target.letter.key not in choices:
                    choices.append(target.letter.key)
                text = target.letter.text
                sides[1 if text != text.upper() else 0].append(target.letter.key)
            # a list in one case is both players' choices; upper and lower case mixed give the
            # first player the upper-case targets and the second the lower-case ones (a lower-case
            # letter is the second player's piece, fbr-mbn-notes 3.2)
            by_side = (tuple(sides[0]), tuple(sides[1])) if sides[0] and sides[1] else None
            for letter in head.letters:
                if prefix_of.get(letter.key, prefix) != prefix:
                    # two promotion rules applied in turn (003:662) are not executed
                    out.append(
                        diag(
                            codes.BAD_PROMOTION,
                            "several_promotion_rules",
                            item.span,
                            key=letter.key,
                            first=prefix_of[letter.key],
                            second=prefix,
                        )
                    )
                    continue
                prefix_of[letter.key] = prefix
                rules.promotions[letter.key] = _promotion(
                    letter.key,
                    tuple(choices),
                    settings[prefix],
                    geometry,
                    status=True,
                    by_side=by_side,
                    mirror=rules.mirror,
                )
    # A prefixed definition '+P=...' defines the promotion P -> +P implicitly (003:660).
    for key in sorted(defined):
        if len(key) >= 2 and key[0] in mbn.PREFIX_CHARS and key[1:] in defined and key[0] != "-":
            base = key[1:]
            prefix = key[0]
            if base in rules.promotions or prefix not in settings:
                continue
            rules.promotions[base] = _promotion(
                base, (key,), settings[prefix], geometry, status=False, mirror=rules.mirror
            )


def _promotion(
    piece: str,
    choices: tuple[str, ...],
    setting: _PromotionSetting,
    geometry: Geometry,
    *,
    status: bool,
    by_side: tuple[tuple[str, ...], tuple[str, ...]] | None = None,
    mirror: str = "vertical",
) -> Promotion:
    def allowed(way: str) -> tuple[str, ...] | None:
        if way not in setting.ways:
            return None
        only = setting.ways[way]
        return choices if only is None else tuple(c for c in choices if c in only)

    return Promotion(
        piece,
        choices,
        both_sides(geometry, setting.zone, mirror),
        setting.optional,
        allowed("enter"),
        allowed("leave"),
        allowed("move"),
        status,
        by_side,
        allowed("capture"),
        setting.capture_of,
    )


COMPONENT = PromotionRule()
