"""What every rule component shares: the settings object, the contract, the hooks, the reading context.

A rule component is one module of ``notation_toolkit.variant.rules`` that executes one FBR rule (or a
family of rules). It declares

- ``contract``: per FBR rule name, the parts, attributes and argument forms it executes
  (``RuleContract``); everything else the FBR validator accepts is refused with a VAR2xx
  diagnostic by the reader (``rules.read_rules``), so a rule is executed or refused, never ignored;
- ``read``: how one rule of the file becomes settings (on ``Rules``, or the component's own
  settings object in ``Rules.extra``), with diagnostics for what it cannot play;
- ``hooks``: per variant, the functions the core calls (``Hooks``), or ``None`` when the rule file
  does not use the rule: a rule file pays only for the components it uses.

The move generator itself (pieces, captures, en passant, promotion choices, drops into empty
squares) reads data the components prepare once per variant, as Fairy-Stockfish's move generator
reads its variant's settings; hooks are for what that data cannot say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass as mutable_dataclass
from dataclasses import field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from notation_toolkit.core.codes import DEFAULT_HINT, info_of
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import ValidationError
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.core.nodeclass import dataclass
from notation_toolkit.core.span import Span

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.mbn import ast as mbn

Position = Any
"""What hooks receive: the ``variant.position.Position`` being played (the core's modules import
this module, so the type is named here, not imported)."""

__all__ = [
    "Castling",
    "Component",
    "Hooks",
    "Outcome",
    "Promotion",
    "Reading",
    "RuleContract",
    "Rules",
    "VariantError",
]


class VariantError(ValidationError):
    """The rule file cannot be played by the variant core (diagnostics say which rule and why)."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: ``winner`` (0 first player, 1 second, ``None`` draw) and the
    ``reason`` (``checkmate``, ``stalemate``, ``hill``, ``checks``, ``bare``, ``repetition`` ...)."""

    winner: int | None
    reason: str

    def result(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2``."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner == 0 else "0-1")


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
    set; ``None`` when that way does not promote. ``by_side`` restricts them per player."""

    piece: str
    choices: tuple[str, ...]
    zone: tuple[int, int]  # per side (white, black): bitboards
    optional: bool
    enter: tuple[str, ...] | None
    leave: tuple[str, ...] | None
    move: tuple[str, ...] | None
    status: bool  # the promoted piece keeps a "promoted" status (demoted when captured, 003:408)
    # colour-specific choices (``+P==CRNqrb``: upper case the first player's, lower case the
    # second's); ``None``: both players have ``choices``
    by_side: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    # promotion=capture (003:680): the choices when the piece captures onto a square of the zone,
    # and the pieces whose capture promotes (None: any)
    capture: tuple[str, ...] | None = None
    capture_of: frozenset[str] | None = None


@mutable_dataclass(slots=True)
class Rules:
    """Everything the core executes, read from the rule file (one object per variant).

    The fields are the settings of the components the move generator reads directly; a component
    with settings of its own keeps them in ``extra`` under its name."""

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
    # what the move maker does with a captured piece under a holding (003:396-434): into a hand at
    # all (not for holding=pocket), into the capturer's (flip) or its owner's (notflip) hand, only
    # for these piece keys (holding{set}, None: every piece), only when captured inside this zone
    # (holding[range], per side); whether pieces in hand are dropped (not under the holding that
    # gating implies, 003:366)
    hand_captures: bool = True
    hand_flip: bool = True
    hand_types: frozenset[str] | None = None
    hand_zone: tuple[int, int] | None = None
    hand_drops: bool = True
    # every piece keeps an unmoved state (gating: a piece's first move from its original square)
    unmoved_all: bool = False
    # squares whose unmoved pieces FEN's castling field names by their file (Seirawan gating), per side
    fen_gates: tuple[int, int] | None = None
    drop_zones: dict[str, tuple[int, int]] = field(default_factory=dict)
    drop_nomate: frozenset[str] = frozenset()
    drop_nocheck: frozenset[str] = frozenset()
    drop_named: frozenset[str] = frozenset()  # pieces a drop rule names (royal ones too, 003:282)
    total_limits: list[tuple[frozenset[str], int]] = field(default_factory=list)
    file_limits: list[tuple[frozenset[str], int]] = field(default_factory=list)
    promotions: dict[str, Promotion] = field(default_factory=dict)
    castlings: tuple[Castling, ...] = ()
    # the pieces that castle and their partners (003:918-920; rules.castling fills the defaults)
    castle_partners: dict[str, frozenset[str]] = field(default_factory=dict)
    mirror: str = "vertical"
    perpetual_check: int | None = None  # loss=perpetualcheck(N) (003:442-444)
    extra: dict[str, Any] = field(default_factory=dict)
    # prefixes whose definitions are zones of a rule, not pieces (``freezer#`` with ``#I=cK``):
    # per prefix the rule's name; the variant compiles them apart (``Core.zones``)
    zone_prefixes: dict[str, str] = field(default_factory=dict)
    # prefixed definitions a rule reads itself rather than as moves (``*Q=ccO`` of ``conversion*``):
    # the piece compiler leaves these keys out
    read_apart: set[str] = field(default_factory=set)
    used: tuple[str, ...] = ()  # the names of the components the rule file uses
    components: tuple[Component, ...] = ()  # every component, in the order the core asks them


@dataclass(frozen=True, slots=True)
class RuleContract:
    """What the core executes of one FBR rule: its parts (``prefix``, ``piece_set``, ...; see
    ``fbr.catalog.PART_KEYS``), per attribute the argument forms it executes (``""`` no argument,
    ``"count"``, ``"set"``, ``"values"``, ``"range"``, ``"prefix"``), and whether ``!rule`` is
    executed. Piece sets are executed plain only (``{QR}``, never ``{^Q}`` or ``{!q}``), or also as
    a complement (``{^P}``) where ``complement`` says so."""

    parts: frozenset[str]
    attributes: Mapping[str, frozenset[str]]
    negated: bool = False
    complement: bool = False


def contract(
    parts: str = "", negated: bool = False, complement: bool = False, **attributes: str
) -> RuleContract:
    """A ``RuleContract`` from words: ``contract("piece_set", maxchecks="count", bare="")``
    (``_star`` in an attribute name stands for ``*``: ``move_star``)."""
    return RuleContract(
        frozenset(parts.split()),
        {name.replace("_star", "*"): frozenset(forms.split(",")) for name, forms in attributes.items()},
        negated,
        complement,
    )


# (the AST named as text: a variant read from the cache of compiled variants never imports it)
Attributes: TypeAlias = list[tuple[str, "fbr_ast.Attribute"]]
"""The executed attributes of one rule: (catalog name, attribute), in the order written."""


class Reading:
    """The context components read a rule file in: the file, its board, the settings being
    filled and the diagnostics found so far."""

    # (a plain class, not a dataclass: the compiled build would look the AST's class up when the
    # module is imported, and a variant read from the cache never imports the AST)
    __slots__ = ("geometry", "out", "rule_file", "rules")

    def __init__(
        self, rule_file: fbr_ast.RuleFile, geometry: Geometry, rules: Rules, out: list[Diagnostic]
    ) -> None:
        self.rule_file = rule_file
        self.geometry = geometry
        self.rules = rules
        self.out = out

    def diag(
        self, code: str, template: str, span: Span | None, hint: str | None = DEFAULT_HINT, **params: object
    ) -> None:
        """Add the diagnostic ``code`` with its ``template`` (variant/codes.py) filled with ``params``."""
        self.out.append(diag(code, template, span, hint, **params))


@mutable_dataclass(slots=True)
class Hooks:
    """What one component adds to the core of one variant; every field is optional.

    The core calls, for the components the rule file uses, in the order of ``rules.COMPONENTS``:

    - ``moves(pos, out)``: append pseudo-legal move codes (castling, gating); ``drops`` marks
      hooks whose moves are drops (counted in bulk by ``perft`` where it can);
    - ``filter(pos, legal)``: the legal moves kept (must-capture);
    - ``do(pos, move, base_undo)`` after the core made a move (the opponent is to move): a side
      effect, returning what ``undo(pos, record)`` needs to take it back (before the core's own
      undo); both keep ``pos.key`` (Zobrist) in step;
    - ``legal(pos, move)`` with the move made: False when the rule forbids it; ``exact`` turns
      off the core's shortcuts that prove a move legal without making it;
    - ``check(pos, sq, by, victim, occ)``: whether a royal piece (key ``victim``) of the side not
      ``by`` on ``sq`` is in check with the occupancy ``occ`` (``-1``: the board's; replaces
      ``is_attacked`` wherever the core and castling
      test a royal piece's safety; atomic: touching royal pieces are immune); the first given wins;
    - ``safe(pos, move, undo)`` with the move made (``undo`` what the core's ``_do`` returned, the
      effects' records at ``undo[5]``): whether it leaves the mover's royal pieces as the rules
      allow (replaces the core's test that none is in check; atomic, ``royal=expose``); the
      first given wins;
    - ``pushed(pos)`` after a move is pushed (counters restored by the core's undo);
    - ``end(pos)``: a result decided by the last move, before the moves left are looked at;
    - ``no_moves(pos)``: the result when the side to move has no legal move;
    - ``repeated(pos, count)``: the result of a position seen ``count`` times;
    - ``unchecked``: royal pieces are never in check (a move may leave one attacked; the rule
      decides the game another way, Benedict's flipped king);
    - ``target_mask``: per side, per square, the squares a piece standing there may move to,
      capture on or attack (a static mask of the board: diagonals, directions); the core ANDs the
      masks of every component;
    - ``walls``: squares of the board that exist for no piece (``zone=hole``): the core counts
      them as occupied wherever it asks what blocks a move, and no piece moves, captures or is
      dropped there; the core ORs the walls of every component (none: the core pays nothing);
    - ``frozen(pos, side)``: the pieces of ``side`` that cannot move (a bitboard, looked at in the
      position as it stands); ``frozen_captures`` / ``frozen_moves``: whether they still capture /
      still make moves that do not capture; ``frozen_check``: whether they still give check;
      ``frozen_remove``: whether they may still leave the board (suicide);
    - ``protected(pos, side)``: the pieces of ``side`` that cannot be captured nor checked;
    - ``expose(pos)``: True when the side to move may leave its royal piece attacked by its next
      move (a part of a multi-move turn that allows it; the component's ``filter`` then decides);
    - ``turn_lengths``: multi-move turns: per side, the number of moves of the turn a position
      without a ``turn:`` state field starts (the FEEN field and the Zobrist key carry the phase).
    """

    moves: Callable[[Position, list[int]], None] | None = None
    drops: bool = False
    filter: Callable[[Position, list[int]], list[int]] | None = None
    do: Callable[[Position, int, tuple[object, ...]], object] | None = None
    undo: Callable[[Position, object], None] | None = None
    legal: Callable[[Position, int], bool] | None = None
    exact: bool = False
    check: Callable[[Position, int, int, str, int], bool] | None = None
    safe: Callable[[Position, int, tuple[object, ...]], bool] | None = None
    pushed: Callable[[Position], None] | None = None
    end: Callable[[Position], Outcome | None] | None = None
    no_moves: Callable[[Position], Outcome | None] | None = None
    repeated: Callable[[Position, int], Outcome | None] | None = None
    unchecked: bool = False
    target_mask: tuple[list[int], list[int]] | None = None
    walls: int = 0
    frozen: Callable[[Position, int], int] | None = None
    frozen_captures: bool = False
    frozen_moves: bool = False
    frozen_check: bool = False
    frozen_remove: bool = False
    protected: Callable[[Position, int], int] | None = None
    expose: Callable[[Position], bool] | None = None
    turn_lengths: tuple[int, int] | None = None


class Component:
    """One FBR rule (or family) of the variant core. Subclasses set ``name`` and ``contract`` and
    override ``read``, ``finish`` and ``hooks`` as they need."""

    name: ClassVar[str] = ""
    contract: ClassVar[Mapping[str, RuleContract]] = {}
    lines: ClassVar[str] = ""  # the page lines the component executes (003:LINE-LINE)

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        """Read one rule of the file (its parts and executed ``attributes``) into settings."""

    def finish(self, reading: Reading) -> None:
        """Called once after every rule was read (settings that depend on several rules)."""

    def hooks(self, core: Any) -> Hooks | None:
        """The hooks of this component for one variant (``core``: its ``variant.tables.Core``), or
        ``None`` when it adds none."""
        return None


# ------------------------------------------------------------------------------------------------
# Helpers the components share
# ------------------------------------------------------------------------------------------------


def diag(
    code: str, template: str, span: Span | None, hint: str | None = DEFAULT_HINT, **params: object
) -> Diagnostic:
    """The diagnostic ``code`` with its ``template`` (variant/codes.py) filled with ``params``."""
    return info_of(code).diagnostic_from(template, params, span=span, hint=hint)


def letters(piece_set: mbn.PieceSet | None) -> frozenset[str]:
    """The piece keys of a plain piece set (``{QR}`` -> ``{"Q", "R"}``); empty for ``None``."""
    if piece_set is None:
        return frozenset()
    return frozenset(m.prefixes + m.letter.key for m in piece_set.members)


def range_mask(geometry: Geometry, board_range: mbn.BoardRange) -> int:
    """The squares of a board range as a bitboard (the first player's view)."""
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


def both_sides(geometry: Geometry, bb: int, mirror: str = "vertical") -> tuple[int, int]:
    """``bb`` for each side: board coordinates are mirrored for Black (``mirror``, ``Rules.mirror``:
    ``vertical``, the default, 003:464; ``vertical,horizontal`` also reverses the files; ``none``,
    ``!mirror``: the same squares for both, 003:466)."""
    if mirror == "none":
        return bb, bb
    black = geometry.mirror_vertical(bb)
    return bb, geometry.mirror_horizontal(black) if "horizontal" in mirror else black


def count(attribute: fbr_ast.Attribute, default: int) -> int:
    """The count argument of an attribute (``repetition(3)``), or ``default``."""
    from notation_toolkit.fbr import ast as fbr_ast  # (only when a rule file is read)

    arg = attribute.argument
    if isinstance(arg, fbr_ast.Count) and arg.value is not None:
        return arg.value
    return default


def defined_keys(rule_file: fbr_ast.RuleFile) -> set[str]:
    """The keys of the pieces the rule file defines or declares (no macros, no castling)."""
    from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

    keys: set[str] = set()
    kinds = (mbn.PieceDefinition, mbn.PieceDeclaration)  # (a tuple: the compiled build's isinstance)
    for item in rule_file.pieces:
        if isinstance(item, kinds) and not item.head.macro and not item.head.letter.is_castling:
            keys.add(item.head.key)
    return keys


def has_castling(rule_file: fbr_ast.RuleFile) -> bool:
    """True when the rule file defines a castling pseudo-piece (``O-O=...``)."""
    from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

    return any(
        isinstance(item, mbn.PieceDefinition) and item.head.letter.is_castling for item in rule_file.pieces
    )


def contracts(**by_rule: RuleContract) -> Mapping[str, RuleContract]:
    """A component's contract: per FBR rule name it executes, its ``RuleContract``."""
    return MappingProxyType(by_rule)
