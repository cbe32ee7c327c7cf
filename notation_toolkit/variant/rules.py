"""Load an FBR rule file into the executable settings of the variant core.

``Variant.load(path)`` / ``Variant.from_text(text)`` parse and validate the rule file
(``notation_toolkit.fbr``), compile its pieces (``notation_toolkit.variant.pieces``) and read every
FBR rule into ``Rules``. A rule, attribute or rule part the core does not execute is refused with a
``VAR2xx`` diagnostic carrying its span: a variant either plays by its whole rule file or does not
load (never a silently different game).

The meaning of each executed rule is the FBR page's (``specs/003``, cited ``003:LINE`` here and in
docs/variants.md); where the page is silent the core follows Fairy-Stockfish and says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass as mutable_dataclass
from dataclasses import field
from typing import TYPE_CHECKING

from notation_toolkit.core.codes import DEFAULT_HINT, info_of
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import ValidationError
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.core.span import Span
from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.variant import codes

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass


class VariantError(ValidationError):
    """The rule file cannot be played by the variant core (diagnostics say which rule and why)."""


# ------------------------------------------------------------------------------------------------
# Settings
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Castling:
    """One castling pseudo-piece ``O-O=[*]isR[g]=isR[f]``: the royal piece goes to file
    ``king_file``, the partner to ``rook_file`` (0-based files). The partner stands on the side
    of the royal piece its destination lies toward from the royal destination (the Chess960 rule:
    ``f`` left of ``g``: a partner on a higher file). ``rank`` (0-based, the first player's; mirrored
    for the second) when the destination names one (``isR[h2]``, Shako): only royal pieces on that
    rank castle; ``None``: on any rank."""

    name: str
    king_file: int
    rook_file: int
    from_unthreatened: bool
    partners: frozenset[str]
    rank: int | None = None


@dataclass(frozen=True, slots=True)
class Promotion:
    """The promotion of one piece: its choices and when it happens (rule ``promotion``, 003:658).

    ``enter``, ``leave`` and ``move`` are the choices when the piece enters the zone, leaves it or
    moves wholly inside it (003:708, 003:720, 003:724), each restricted by the attribute's piece
    set; ``None`` when that way does not promote."""

    piece: str
    choices: tuple[str, ...]
    zone: tuple[int, int]  # per side (white, black): bitboards
    optional: bool
    enter: tuple[str, ...] | None
    leave: tuple[str, ...] | None
    move: tuple[str, ...] | None
    status: bool  # the promoted piece keeps a "promoted" status (demoted when captured, 003:408)


@mutable_dataclass(slots=True)
class Rules:
    """Everything the core executes, read from the rule file (one object per variant)."""

    geometry: Geometry
    royal: frozenset[str] = frozenset()
    max_checks: int | None = None
    bare: str | None = None  # "bare" / "baremove" (003:910-916)
    stalemate: str = "draw"  # 003:973-995
    repetition: int | None = 3  # draw=repetition(3) is the default (003:265)
    must_capture: bool = False  # 003:502
    hill: tuple[int, int] | None = None  # per side (mirrored for Black, 003:464)
    holding: bool = False
    demote: bool = False
    drop_zones: dict[str, tuple[int, int]] = field(default_factory=dict)
    drop_nomate: frozenset[str] = frozenset()
    drop_nocheck: frozenset[str] = frozenset()
    drop_named: frozenset[str] = frozenset()  # pieces a drop rule names (royal ones too, 003:282)
    total_limits: list[tuple[frozenset[str], int]] = field(default_factory=list)
    file_limits: list[tuple[frozenset[str], int]] = field(default_factory=list)
    promotions: dict[str, Promotion] = field(default_factory=dict)
    castlings: tuple[Castling, ...] = ()
    mirror: str = "vertical"
    perpetual_check: int | None = None  # loss=perpetualcheck(N) (003:442-444)


def _diag(
    code: str, template: str, span: Span | None, hint: str | None = DEFAULT_HINT, **params: object
) -> Diagnostic:
    # The code's ``template`` (variant/codes.py) filled with ``params``.
    return info_of(code).diagnostic_from(template, params, span=span, hint=hint)


def _letters(piece_set: mbn.PieceSet | None) -> frozenset[str]:
    if piece_set is None:
        return frozenset()
    return frozenset(m.prefixes + m.letter.key for m in piece_set.members)


def _range_mask(geometry: Geometry, board_range: mbn.BoardRange) -> int:
    bb = 0
    for part in board_range.ranges:
        if part.symbol is not None:
            bb |= geometry.range_mask(None, None, part.symbol)
            continue
        files = None if part.files is None else (part.files.first, part.files.last or part.files.first)
        ranks = None
        if part.ranks is not None:
            ranks = (int(part.ranks.first), int(part.ranks.last or part.ranks.first))
        bb |= geometry.range_mask(files, ranks)
    return (geometry.full & ~bb) if board_range.complement else bb


def _both_sides(geometry: Geometry, bb: int) -> tuple[int, int]:
    # mirror=vertical: board coordinates are mirrored for Black (003:464).
    return bb, geometry.mirror_vertical(bb)


# ------------------------------------------------------------------------------------------------
# Reading the FBR rules
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RuleContract:
    """What the core executes of one FBR rule: its parts (``prefix``, ``piece_set``, ...; see
    ``fbr.catalog.PART_KEYS``), per attribute the argument forms it executes (``""`` no argument,
    ``"count"``, ``"set"``, ``"values"``, ``"range"``, ``"prefix"``), and whether ``!rule`` is
    executed. Piece sets are executed plain only (``{QR}``, never ``{^Q}`` or ``{!q}``)."""

    parts: frozenset[str]
    attributes: Mapping[str, frozenset[str]]
    negated: bool = False


def _contract(parts: str = "", negated: bool = False, **attributes: str) -> RuleContract:
    return RuleContract(
        frozenset(parts.split()),
        {name.replace("_star", "*"): frozenset(forms.split(",")) for name, forms in attributes.items()},
        negated,
    )


EXECUTED: Mapping[str, RuleContract] = {
    "royal": _contract("piece_set", maxchecks="count", bare="", baremove=""),
    "promotion": _contract(
        "prefix board_range",
        enter=",set",
        leave=",set",
        move=",set",
        move_star=",set",
        optional="",
    ),
    "holding": _contract(demote=""),
    "drop": _contract("piece_set board_range", nomate="", nocheck=""),
    "stalemate": _contract(draw="", loss="", win=""),
    "draw": _contract(negated=True, repetition=",count"),
    "mustcapture": _contract(),
    "hill": _contract("board_range"),
    "pieces": _contract("piece_set", total="count", file="count", sum="count"),
    "mirror": _contract(vertical=""),
    "loss": _contract(perpetualcheck=",count"),
    # the core has no move that captures twice, so captures are removed when the move completes
    "multicapture": _contract(completed=""),
}
"""Every rule, part, attribute and argument form the variant core executes; ``read_rules`` refuses
everything else the FBR validator accepts with a VAR2xx diagnostic (tests/variant/test_contract.py
walks the FBR catalog)."""

_ARG_FORMS: dict[type, str] = {
    fbr_ast.Count: "count",
    mbn.PieceSet: "set",
    fbr_ast.PieceValues: "values",
    mbn.BoardRange: "range",
}


def attribute_name(rule: fbr_ast.FbrRule, attribute: fbr_ast.Attribute) -> tuple[str | None, str]:
    """The catalog name of ``attribute`` (``move*`` is one name, G5) and its argument form."""
    from notation_toolkit.fbr.catalog import shipped_catalog
    from notation_toolkit.fbr.validate import resolve_attribute

    spec = shipped_catalog().rules.get(rule.name)
    in_name = False
    name = attribute.name
    if spec is not None:
        name, in_name = resolve_attribute(attribute, spec)
    if attribute.argument is not None:
        form = _ARG_FORMS.get(type(attribute.argument), "?")
        if attribute.prefix is not None and not in_name:
            form = "prefix+" + form
    elif attribute.prefix is not None and not in_name:
        form = "prefix"
    else:
        form = ""
    return name, form


def _form_words(form: str) -> str:
    words = {"": "no argument", "count": "a count", "set": "a piece set", "values": "piece values"}
    words |= {"range": "a board range", "prefix": "a prefix"}
    return " and ".join(words.get(f, f) for f in form.split("+"))


def _check_parts(rule: fbr_ast.FbrRule, out: list[Diagnostic]) -> dict[int, str]:
    """VAR203 for every part and VAR202 for every attribute (or argument form) of ``rule`` that
    the core does not execute; the catalog names of the executed attributes, by index."""
    contract = EXECUTED[rule.name]
    present = {
        "prefix": rule.prefix,
        "seq_number": rule.seq_number,
        "cardinal": rule.cardinal,
        "piece_set": rule.piece_set,
        "board_range": rule.board_range,
        "announcement": rule.announcement,
    }
    for part, value in present.items():
        if value is not None and part not in contract.parts:
            out.append(
                _diag(
                    codes.PART_NOT_EXECUTED,
                    "variant_core_does",
                    getattr(value, "span", None) or rule.span,
                    name=rule.name,
                    part=part.replace("_", " "),
                    given=value,
                )
            )
    sets = [rule.piece_set] + [a.argument for a in rule.attributes]
    for piece_set in sets:
        if isinstance(piece_set, mbn.PieceSet) and piece_set.flags:
            out.append(
                _diag(
                    codes.PART_NOT_EXECUTED, "plain_sets_only", piece_set.span or rule.span, given=piece_set
                ),
            )
    names: dict[int, str] = {}
    for i, attribute in enumerate(rule.attributes):
        name, form = attribute_name(rule, attribute)
        forms = contract.attributes.get(name or "")
        shown = ("!" if attribute.negated else "") + str(name if name is not None else "")
        known = ", ".join(sorted(contract.attributes)) or "none"
        if forms is None or attribute.negated or name is None:
            out.append(
                _diag(
                    codes.ATTRIBUTE_NOT_EXECUTED,
                    "variant_core_does",
                    attribute.span or rule.span,
                    shown=shown or str(attribute.argument),
                    name=rule.name,
                    known=known,
                )
            )
        elif form not in forms:
            executed = " or ".join(_form_words(f) for f in sorted(forms))
            out.append(
                _diag(
                    codes.ATTRIBUTE_NOT_EXECUTED,
                    "argument_form",
                    attribute.span or rule.span,
                    shown=shown,
                    name=rule.name,
                    given=_form_words(form),
                    executed=executed,
                )
            )
        else:
            names[i] = name
    return names


def _count(attribute: fbr_ast.Attribute, default: int) -> int:
    arg = attribute.argument
    if isinstance(arg, fbr_ast.Count) and arg.value is not None:
        return arg.value
    return default


def read_rules(rule_file: fbr_ast.RuleFile, geometry: Geometry) -> tuple[Rules, list[Diagnostic]]:
    """Read the FBR rules of ``rule_file`` into ``Rules``; diagnostics for what is not executed."""
    rules = Rules(geometry)
    out: list[Diagnostic] = []
    royal_sets: list[frozenset[str]] = []
    promotion_rules: list[tuple[fbr_ast.FbrRule, dict[int, str]]] = []
    for rule in rule_file.rules:
        contract = EXECUTED.get(rule.name)
        if contract is None or (rule.negated and not contract.negated):
            executed = ", ".join(sorted(EXECUTED))
            out.append(
                _diag(
                    codes.RULE_NOT_EXECUTED,
                    "variant_core_does",
                    rule.name_span or rule.span,
                    negation="!" if rule.negated else "",
                    name=rule.name,
                    executed=executed,
                )
            )
            continue
        if rule.negated:  # !draw: no draw by repetition (003:265)
            if rule.attributes or rule.piece_set or rule.board_range:
                out.append(_diag(codes.PART_NOT_EXECUTED, "draw_takes_no", rule.span))
            rules.repetition = None
            continue
        names = _check_parts(rule, out)
        executed_attributes = [(names[i], a) for i, a in enumerate(rule.attributes) if i in names]
        name = rule.name
        if name == "royal":
            royal_sets.append(_letters(rule.piece_set) or frozenset({"K"}))
            for attr_name, attribute in executed_attributes:
                if attr_name == "maxchecks":
                    rules.max_checks = _count(attribute, 3)
                elif attr_name in ("bare", "baremove"):
                    rules.bare = attr_name
        elif name == "promotion":
            promotion_rules.append((rule, names))
        elif name == "holding":
            rules.holding = True
            rules.demote = any(n == "demote" for n, _ in executed_attributes)
        elif name == "drop":
            letters = _letters(rule.piece_set)
            zone = _range_mask(geometry, rule.board_range) if rule.board_range else geometry.full
            rules.drop_named |= letters
            for letter in letters or {"*"}:
                if rule.board_range is not None:
                    rules.drop_zones[letter] = _both_sides(geometry, zone)
            for attr_name, _attribute in executed_attributes:
                if attr_name == "nomate":
                    rules.drop_nomate |= letters or {"*"}
                elif attr_name == "nocheck":
                    rules.drop_nocheck |= letters or {"*"}
        elif name == "stalemate":
            if len(rule.attributes) != 1:
                out.append(_diag(codes.ATTRIBUTE_NOT_EXECUTED, "stalemate_takes_exactly", rule.span))
            elif executed_attributes:
                rules.stalemate = executed_attributes[0][0]
        elif name == "draw":
            for attr_name, attribute in executed_attributes:
                if attr_name == "repetition":
                    rules.repetition = _count(attribute, 3)
        elif name == "loss":
            for attr_name, attribute in executed_attributes:
                if attr_name == "perpetualcheck":
                    rules.perpetual_check = _count(attribute, 3)
        elif name == "mustcapture":
            rules.must_capture = True
        elif name == "hill":
            if rule.board_range is None:
                out.append(_diag(codes.PART_NOT_EXECUTED, "hill_needs_board", rule.span))
            else:
                rules.hill = _both_sides(geometry, _range_mask(geometry, rule.board_range))
        elif name == "pieces":
            # without a piece set the limit counts every piece (003:542)
            letters = _letters(rule.piece_set) or frozenset(_defined_keys(rule_file))
            if not rule.attributes:
                out.append(_diag(codes.ATTRIBUTE_NOT_EXECUTED, "pieces_needs_attribute", rule.span))
            for attr_name, attribute in executed_attributes:
                if attr_name == "total":
                    rules.total_limits.append((letters, _count(attribute, 1)))
                elif attr_name == "file":
                    rules.file_limits.append((letters, _count(attribute, 1)))
                elif attr_name == "sum":
                    # each piece type of the set on its own (003:618)
                    for letter in sorted(letters):
                        rules.total_limits.append((frozenset({letter}), _count(attribute, 1)))
        # mirror=vertical and multicapture=completed are what the core does (003:472, 003:490)
    if royal_sets:
        rules.royal = frozenset().union(*royal_sets)
    rules.promotions = {}
    _promotion_rules(rule_file, promotion_rules, rules, out)
    rules.castlings = tuple(_castlings(rule_file, rules, out))
    return rules, out


@mutable_dataclass(slots=True)
class _PromotionSetting:
    # One FBR rule promotion<prefix>: its zone, and per way of promoting (enter, leave, move) the
    # pieces allowed (None: any choice of the promotion rule), when that way is given.
    zone: int
    optional: bool = False
    ways: dict[str, frozenset[str] | None] = field(default_factory=dict)


def _promotion_rules(
    rule_file: fbr_ast.RuleFile,
    rules_fbr: list[tuple[fbr_ast.FbrRule, dict[int, str]]],
    rules: Rules,
    out: list[Diagnostic],
) -> None:
    geometry = rules.geometry
    # promotion+ exists by default with the last rank as zone (003:664, 003:670).
    settings: dict[str, _PromotionSetting] = {
        "+": _PromotionSetting(geometry.rank_masks[-1], ways={"enter": None})
    }
    written: set[str] = set()
    for rule, names in rules_fbr:
        prefix = rule.prefix.value if rule.prefix else "+"
        if prefix in written:
            out.append(_diag(codes.BAD_PROMOTION, "promotion_twice", rule.span, prefix="promotion" + prefix))
            continue
        written.add(prefix)
        zone = _range_mask(geometry, rule.board_range) if rule.board_range else geometry.rank_masks[-1]
        setting = _PromotionSetting(zone)
        for i, attribute in enumerate(rule.attributes):
            attr_name = names.get(i)
            if attr_name == "optional":
                setting.optional = True
            elif attr_name in ("enter", "leave", "move", "move*"):
                way = "move" if attr_name == "move*" else attr_name
                if attr_name == "move*" and _has_castling(rule_file):
                    # move* differs from move only by promoting both castling pieces (003:728)
                    out.append(_diag(codes.ATTRIBUTE_NOT_EXECUTED, "move_star_castling", attribute.span))
                    continue
                arg = attribute.argument
                setting.ways[way] = _letters(arg) if isinstance(arg, mbn.PieceSet) else None
        if not setting.ways:
            # enter is the default when no other way is given (003:708)
            setting.ways["enter"] = None
        settings[prefix] = setting
    defined = _defined_keys(rule_file)
    prefix_of: dict[str, str] = {}
    for item in rule_file.pieces:
        if isinstance(item, mbn.PromotionRule):
            head = item.head
            if not head.prefixes or head.condition is not None:
                out.append(_diag(codes.BAD_PROMOTION, "promotion_rule_executed", item.span, head=head))
                continue
            prefix = head.prefixes
            if prefix == "-":
                # A demotion rule: applied by holding=demote to pieces without promoted status
                # (003:412); the examples shipped do not need it.
                out.append(_diag(codes.BAD_PROMOTION, "demotion_rule_executed", item.span, head=head))
                continue
            if prefix not in settings:
                out.append(
                    _diag(codes.BAD_PROMOTION, "no_promotion_rule", item.span, prefix=prefix, head=head)
                )
                continue
            choices: list[str] = []
            for target in item.targets:
                if not isinstance(target, mbn.PromotionTarget) or target.drop or target.prefixes:
                    out.append(
                        _diag(
                            codes.BAD_PROMOTION,
                            "promotion_target_executed",
                            target.span or item.span,
                            target=target,
                        )
                    )
                    continue
                if target.letter.key not in defined:
                    out.append(
                        _diag(
                            codes.BAD_PROMOTION,
                            "promotion_target_piece",
                            target.span or item.span,
                            target=target,
                        )
                    )
                    continue
                choices.append(target.letter.key)
            for letter in head.letters:
                if prefix_of.get(letter.key, prefix) != prefix:
                    # two promotion rules applied in turn (003:662) are not executed
                    out.append(
                        _diag(
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
                    letter.key, tuple(choices), settings[prefix], geometry, status=True
                )
    # A prefixed definition '+P=...' defines the promotion P -> +P implicitly (003:660).
    for key in sorted(defined):
        if len(key) >= 2 and key[0] in mbn.PREFIX_CHARS and key[1:] in defined and key[0] != "-":
            base = key[1:]
            prefix = key[0]
            if base in rules.promotions or prefix not in settings:
                continue
            rules.promotions[base] = _promotion(base, (key,), settings[prefix], geometry, status=False)


def _promotion(
    piece: str, choices: tuple[str, ...], setting: _PromotionSetting, geometry: Geometry, *, status: bool
) -> Promotion:
    def allowed(way: str) -> tuple[str, ...] | None:
        if way not in setting.ways:
            return None
        only = setting.ways[way]
        return choices if only is None else tuple(c for c in choices if c in only)

    return Promotion(
        piece,
        choices,
        _both_sides(geometry, setting.zone),
        setting.optional,
        allowed("enter"),
        allowed("leave"),
        allowed("move"),
        status,
    )


def _has_castling(rule_file: fbr_ast.RuleFile) -> bool:
    return any(
        isinstance(item, mbn.PieceDefinition) and item.head.letter.is_castling for item in rule_file.pieces
    )


def _defined_keys(rule_file: fbr_ast.RuleFile) -> set[str]:
    keys: set[str] = set()
    for item in rule_file.pieces:
        kinds = mbn.PieceDefinition | mbn.PieceDeclaration
        if isinstance(item, kinds) and not item.head.macro and not item.head.letter.is_castling:
            keys.add(item.head.key)
    return keys


def _castlings(rule_file: fbr_ast.RuleFile, rules: Rules, out: list[Diagnostic]) -> Iterable[Castling]:
    for item in rule_file.pieces:
        if not isinstance(item, mbn.PieceDefinition) or not item.head.letter.is_castling:
            continue
        parsed = [_castling_part(seq) for seq in item.moves]
        if len(parsed) != 2 or parsed[0] is None or parsed[1] is None:
            out.append(_diag(codes.BAD_CASTLING, "castling_executed_form", item.span, head=item.head))
            continue
        (k_unthreatened, k_file, k_rank), (r_unthreatened, r_file, r_rank) = parsed[0], parsed[1]
        if r_unthreatened:
            out.append(_diag(codes.BAD_CASTLING, "partner_s_part", item.span))
            continue
        g = rules.geometry
        if (
            k_file >= g.width
            or r_file >= g.width
            or k_file == r_file
            or any(r is not None and r >= g.height for r in (k_rank, r_rank))
        ):
            out.append(_diag(codes.BAD_CASTLING, "castling_destination_outside", item.span))
            continue
        if k_rank != r_rank and None not in (k_rank, r_rank):
            out.append(_diag(codes.BAD_CASTLING, "castling_executed_form", item.span, head=item.head))
            continue
        rank = k_rank if k_rank is not None else r_rank
        # royal=castle{...} is not executed: the partner is {R} by default (003:918-920).
        yield Castling(item.head.letter.text, k_file, r_file, k_unthreatened, frozenset({"R"}), rank)


def _castling_part(seq: mbn.MoveSequence) -> tuple[bool, int, int | None] | None:
    if len(seq.legs) != 1 or not isinstance(seq.legs[0], mbn.Alternatives):
        return None
    moves = seq.legs[0].moves
    if len(moves) != 1:
        return None
    move = moves[0]
    if move.setup or move.transition or move.condition or move.attackers:
        return None
    letters = sorted(m.letter for m in move.modifiers)
    if letters != ["i", "s"] or any(m.optional or m.piece_set or m.board_range for m in move.modifiers):
        return None
    if len(move.units) != 1 or not isinstance(move.units[0], mbn.Atom):
        return None
    atom = move.units[0]
    if atom.letter != "R" or atom.steps is not None or atom.circular is not None:
        return None
    unthreatened = False
    if move.origin is not None:
        if move.origin.complement or [str(r) for r in move.origin.ranges] != ["*"]:
            return None
        unthreatened = True
    dest = move.destination
    if dest is None or dest.complement or len(dest.ranges) != 1:
        return None
    part = dest.ranges[0]
    if part.files is None or part.files.last is not None or part.symbol:
        return None
    rank = None
    if part.ranks is not None:
        if part.ranks.last is not None and part.ranks.last != part.ranks.first:
            return None
        rank = int(part.ranks.first) - 1
    return unthreatened, ord(part.files.first) - ord("a"), rank
