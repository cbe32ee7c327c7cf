"""Compiler: MBN AST -> per-square move tables -> ``CompiledPiece``.

Pipeline: ``_Expander`` walks the AST once, resolving letters (macros, base letters, piece
letters used as moves), modifiers, steps and ranges into flat ``Part`` records (one vector set,
one step interval, one modality, one origin/destination mask) or ``MultiPart`` records (legs).
Anything it cannot execute becomes a diagnostic with the span of the construct. ``Tables`` then
builds, per side and per square, the rays of every part and groups parts by modality into
``Reach`` objects: one bitboard lookup (static leapers) or one memoised dictionary lookup keyed by
the occupancy of the relevant squares (riders, hoppers, lame leapers) per group.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass as mutable_dataclass
from dataclasses import field, replace
from functools import lru_cache
from math import gcd, lcm
from typing import TYPE_CHECKING

from notation_toolkit.core.codes import DEFAULT_HINT, info_of
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.geometry import MAX_FILES, Geometry
from notation_toolkit.core.nodeclass import dataclass
from notation_toolkit.core.span import Span
from notation_toolkit.variant.pieces import codes
from notation_toolkit.variant.pieces.baseletters import BASE_LETTERS, LEAPS
from notation_toolkit.variant.pieces.model import BLACK, WHITE, CompiledPiece, EnPassant, PieceMove

if TYPE_CHECKING:
    from notation_toolkit.mbn import ast as m


class NotExecutableError(NotationError):
    """The definition is valid MBN but uses constructs the piece compiler does not execute yet
    (``PCE2xx`` diagnostics), or it has no meaning (``PCE1xx``)."""


class Mirror(enum.Enum):
    """How Black's moves and ranges are derived from White's (FBR ``mirror``, 003:464)."""

    VERTICAL = "vertical"  # default: reflected at the horizontal bisector (ranks reversed)
    BOTH = "vertical,horizontal"  # also files reversed (a 180-degree rotation, Fairy-Stockfish's way)
    NONE = "none"  # !mirror: Black moves exactly as White


SLIDE = 0  # steps along the vector; each landing square before the last must be empty
JUMP = 1  # MBN `g`: a leaping slider, every step distance regardless of what stands between
HOP = 2  # `p`: over exactly one hurdle on the line, then like a slider

_UNLIMITED = MAX_FILES  # more steps than any board has

MAX_MULTI_LEGS = 64
"""Most legs, summed over its multi-leg moves, that one piece may have (PCE204 beyond)."""


@dataclass(frozen=True, slots=True)
class Modality:
    """What a part may do at its destination."""

    quiet: bool = True
    capture: bool = True
    capture_set: frozenset[str] | None = None  # piece keys it may capture (None = any)
    capture_complement: bool = False  # capture_set lists the pieces it may NOT capture
    initial: bool = False
    ep_make: bool = False  # quiet move makes the passed squares capturable en passant
    ep_take: bool = False  # may capture en passant
    ep_only: bool = False  # captures only en passant (`ee`)
    ep_set: frozenset[str] | None = None  # pieces that may be taken en passant

    def allows(self, key: str | None) -> bool:
        """True when a capture of piece ``key`` (None: any piece) is allowed."""
        if self.capture_set is None:
            return True
        if key is None:
            return False
        return (key in self.capture_set) != self.capture_complement


@dataclass(frozen=True, slots=True)
class Part:
    """One single-leg component of a piece, in White's view."""

    vectors: frozenset[tuple[int, int]]
    kind: int
    smin: int
    smax: int
    lame: bool
    modality: Modality
    origin: int | None  # White-view mask of allowed origin squares (None = every square)
    dest: int | None
    span: Span | None = field(default=None, compare=False)
    wrap: int = 0  # MBN `o`: 1 the files wrap for this part (a cylinder), 2 the ranks too (`oo`)


@dataclass(frozen=True, slots=True)
class MultiPart:
    """A move of several legs; each leg is a tuple of alternative parts."""

    legs: tuple[tuple[Part, ...], ...]
    span: Span | None = field(default=None, compare=False)


# ------------------------------------------------------------------------------------------------
# Directions
# ------------------------------------------------------------------------------------------------

_AXIS_V = "fbv"
_AXIS_H = "lrs"


def _single(letter: str, dx: int, dy: int) -> bool:
    """A direction letter read by the sign of the vector (orthogonal and diagonal atoms)."""
    if letter == "f":
        return dy > 0
    if letter == "b":
        return dy < 0
    if letter == "l":
        return dx < 0
    if letter == "r":
        return dx > 0
    if letter == "s":
        return dx != 0
    if letter == "v":
        return dy != 0
    if letter == "d":
        return True
    raise ValueError(letter)


def _major(letter: str, dx: int, dy: int) -> bool:
    """A direction letter read on an oblique atom (Fairy-Stockfish): the move's longer component
    points that way, so ``fN`` is the two narrow forward knight moves (the shogi knight) and ``lN``
    the two wide left ones."""
    if letter in "fbv":
        return abs(dy) > abs(dx) and _single(letter, dx, dy)
    if letter in "lrs":
        return abs(dx) > abs(dy) and _single(letter, dx, dy)
    return True  # d


def _token_matches(token: str, dx: int, dy: int) -> bool:
    """Does a direction token select the vector? One letter, or a pair (amalgamated ``(fs)``, or
    juxtaposed on a diagonal or oblique atom) meaning both at once: on oblique atoms the first
    letter by sign, the second by the longer component (``(fs)N``: forward, mostly sideways;
    ``(ff)N`` = ``fN``: the shogi knight; ``flN`` = the wide forward-left move, as Fairy-Stockfish).
    On orthogonal atoms ``s`` means the sideways moves (``dx != 0``) and ``v`` the vertical ones."""
    oblique = dx != 0 and dy != 0 and abs(dx) != abs(dy)
    if len(token) == 1:
        if oblique:
            return _major(token, dx, dy)
        return _single(token, dx, dy)
    a, b = token[0], token[1]
    if oblique:
        return _single(a, dx, dy) and _major(b, dx, dy)
    return _single(a, dx, dy) and _single(b, dx, dy)


def direction_tokens(letters: Sequence[str], orthogonal: bool) -> list[str]:
    """Split juxtaposed direction letters into tokens. On orthogonal atoms each letter is a
    direction of its own (``fsW`` = forward or sideways, a union); on diagonal and oblique atoms two
    letters from different axes pair up (``fsF`` = the forward diagonals, ``lfB`` = the left-forward
    diagonal, ``fsN`` = forward and mostly sideways), as Fairy-Stockfish's Betza reads them (the FBR
    page is silent; its own base letter ``S=mfsF+...``, the Berolina pawn, needs this reading).
    Amalgamated tokens (``(fs)``) pass through."""
    out: list[str] = []
    i = 0
    while i < len(letters):
        t = letters[i]
        if len(t) > 1:
            out.append(t)
            i += 1
            continue
        if (
            not orthogonal
            and i + 1 < len(letters)
            and len(letters[i + 1]) == 1
            and t != "d"
            and letters[i + 1] != "d"
            and ((t in _AXIS_V and letters[i + 1] in _AXIS_H) or (t in _AXIS_H and letters[i + 1] in _AXIS_V))
        ):
            out.append(t + letters[i + 1])
            i += 2
            continue
        out.append(t)
        i += 1
    return out


def _filter(vectors: frozenset[tuple[int, int]], tokens: Sequence[str]) -> frozenset[tuple[int, int]]:
    if not tokens:
        return vectors
    return frozenset(v for v in vectors if any(_token_matches(t, v[0], v[1]) for t in tokens))


def leap_vectors(x: int, y: int) -> frozenset[tuple[int, int]]:
    """The (up to 8) vectors of an (x, y) leap."""
    out = set()
    for a, b in ((x, y), (y, x)):
        for sa in (1, -1):
            for sb in (1, -1):
                out.add((a * sa, b * sb))
    return frozenset(out)


def lame_path(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """Offsets a lame (``n``) leap passes: orthogonal steps along the longer axis first, then
    diagonal steps (Fairy-Stockfish: ``nN`` = xiangqi horse, ``nA`` = xiangqi elephant, ``nZ`` =
    janggi elephant; ``nC`` extends the same rule). The destination is not included."""
    ax, ay = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    path: list[tuple[int, int]] = []
    cx = cy = 0
    if ay >= ax:
        for _ in range(ay - ax):
            cy += sy
            path.append((cx, cy))
    else:
        for _ in range(ax - ay):
            cx += sx
            path.append((cx, cy))
    while (cx, cy) != (dx, dy):
        cx += sx
        cy += sy
        path.append((cx, cy))
    return tuple(path[:-1])


# ------------------------------------------------------------------------------------------------
# AST -> parts
# ------------------------------------------------------------------------------------------------

_DIRECTIONS = "fblrsvd"
_EXECUTABLE_SIMPLE = "mcaienpgo"


@mutable_dataclass(slots=True, eq=False, repr=False)  # private, never compared: __init__ alone
class _Ctx:
    """Modifiers inherited from an enclosing partial move when a letter expands."""

    tokens_stack: list[list[str]] = field(default_factory=list)  # direction tokens, each level filters
    quiet: bool = True
    capture: bool = True
    capture_set: frozenset[str] | None = None
    capture_complement: bool = False
    initial: bool = False
    ep_make: bool = False
    ep_take: bool = False
    ep_only: bool = False
    ep_set: frozenset[str] | None = None
    kind: int = SLIDE
    lame: bool = False
    origin: int | None = None
    dest: int | None = None
    steps: m.Steps | None = None
    wrap: int = 0


class _Expander:
    def __init__(
        self,
        geometry: Geometry,
        definitions: Mapping[str, m.MoveSequence],
        macros: Mapping[str, m.MoveSequence],
        own_key: str | None,
    ) -> None:
        self.g = geometry
        self.definitions = definitions
        self.macros = macros
        self.own_key = own_key
        self.diagnostics: list[Diagnostic] = []
        self.errors: list[Diagnostic] = []
        self.active: list[tuple[str, str]] = []  # (meaning, letter) being expanded

    # -- diagnostics ---------------------------------------------------------------------------

    def refuse(
        self, code: str, template: str, span: Span | None, hint: str | None = DEFAULT_HINT, **params: object
    ) -> None:
        """Record valid MBN the compiler does not execute (the code's ``template``, pieces/codes.py)."""
        self.diagnostics.append(info_of(code).diagnostic_from(template, params, span=span, hint=hint))

    def error(
        self, code: str, template: str, span: Span | None, hint: str | None = DEFAULT_HINT, **params: object
    ) -> None:
        """Record a definition that has no meaning (the code's ``template``, pieces/codes.py)."""
        self.errors.append(info_of(code).diagnostic_from(template, params, span=span, hint=hint))

    # -- walking ----------------------------------------------------------------------------------

    def sequence(self, seq: m.MoveSequence, ctx: _Ctx) -> list[Part | MultiPart]:
        from notation_toolkit.mbn import ast as m  # (a variant from the cache compiles nothing)

        legs: list[list[list[Part | MultiPart]]] = []  # per leg: alternatives (each a list of parts)
        for leg in seq.legs:
            if isinstance(leg, m.OptionalLeg):
                legs.append([[], self.sequence(leg.moves, ctx)])
            else:
                legs.append([self.alternatives(leg, ctx)])
        if len(legs) == 1:
            return [p for alt in legs[0] for p in alt]
        if seq.legs and isinstance(seq.legs[0], m.OptionalLeg):
            self.refuse(codes.NOT_EXECUTABLE, "optional_first_leg", seq.span)
            return []
        # Cross product of the optional legs' choices; each choice is one multi-leg move.
        out: list[Part | MultiPart] = []
        choices: list[list[list[Part | MultiPart]]] = [[]]
        for options in legs:
            choices = [[*c, opt] for c in choices for opt in options]
        for choice in choices:
            real = [leg for leg in choice if leg]
            if any(isinstance(p, MultiPart) for leg in real for p in leg):
                self.refuse(codes.NOT_EXECUTABLE, "nested_multi_leg", seq.span)
                return []
            parts = [tuple(p for p in leg if isinstance(p, Part)) for leg in real]
            if any(not leg for leg in parts):
                continue
            locust = [p for leg in parts[:-1] for p in leg if not p.modality.quiet]
            if locust:
                self.refuse(codes.NOT_EXECUTABLE, "capture_leg_that", locust[0].span)
                return []
            if len(parts) == 1:
                out.extend(parts[0])
            else:
                out.append(MultiPart(tuple(parts), seq.span))
        return out

    def alternatives(self, alts: m.Alternatives, ctx: _Ctx) -> list[Part | MultiPart]:
        out: list[Part | MultiPart] = []
        for pm in alts.moves:
            out.extend(self.partial(pm, ctx))
        return out

    def partial(self, pm: m.PartialMove, outer: _Ctx) -> list[Part | MultiPart]:
        ok = True
        if pm.setup:
            self.refuse(codes.NOT_EXECUTABLE, "setup_operator_executable", pm.span)
            ok = False
        if pm.transition is not None:
            self.refuse(
                codes.NOT_EXECUTABLE,
                "board_transition_executable",
                pm.transition.span,
                transition=pm.transition,
            )
            ok = False
        if pm.condition is not None:
            self.refuse(
                codes.NOT_EXECUTABLE, "condition_executable_yet", pm.condition.span, condition=pm.condition
            )
            ok = False
        if pm.attackers is not None:
            # `{Q}{R}K` (BNF <Attackers>*): the page gives no meaning to a piece set before the
            # modifiers, so every set is refused at once, with the span of all of them
            sets = (pm.attackers, *pm.more_attackers)
            text = "".join(str(s) for s in sets)
            what = f"attacker sets {text} before the move are" if len(sets) > 1 else f"attacker set {text} is"
            self.refuse(
                codes.NOT_EXECUTABLE, "executable_yet_fbr", _join_spans([s.span for s in sets]), what=what
            )
            ok = False
        ctx = self.modifiers(pm.modifiers, outer, pm.directions)
        if ctx is None:
            ok = False
        origin = self.range(pm.origin)
        dest = self.range(pm.destination)
        if origin is False or dest is False or not ok or ctx is None:
            # still walk the units for their own diagnostics
            for unit in pm.units:
                self.unit(unit, _Ctx())
            return []
        if isinstance(origin, int):
            ctx.origin = origin if ctx.origin is None else ctx.origin & origin
        if isinstance(dest, int):
            ctx.dest = dest if ctx.dest is None else ctx.dest & dest
        out: list[Part | MultiPart] = []
        for unit in pm.units:
            out.extend(self.unit(unit, ctx))
        return out

    def range(self, br: m.BoardRange | None) -> int | bool | None:
        """Mask of a static range, None for no range, False when not executable."""
        if br is None:
            return None
        mask = 0
        for sr in br.ranges:
            if sr.level is not None or sr.row is not None:
                self.refuse(codes.NOT_EXECUTABLE_RANGE, "d_d_range", sr.span, sr=sr)
                return False
            if sr.symbol is not None:
                if sr.symbol in "#.":
                    mask |= self.g.range_mask(None, None, sr.symbol)
                    continue
                self.refuse(codes.NOT_EXECUTABLE_RANGE, "range_symbol_depends", sr.span, symbol=sr.symbol)
                return False
            files = None if sr.files is None else (sr.files.first, sr.files.last or sr.files.first)
            ranks = None if sr.ranks is None else (int(sr.ranks.first), int(sr.ranks.last or sr.ranks.first))
            mask |= self.g.range_mask(files, ranks)
        return (self.g.full & ~mask) if br.complement else mask

    def modifiers(
        self, mods: Sequence[m.Modifier], outer: _Ctx, amalgams: Sequence[m.Direction] = ()
    ) -> _Ctx | None:
        ctx = replace(outer, tokens_stack=list(outer.tokens_stack))
        letters = [md.letter for md in mods]
        ok = True
        directions: list[str] = []
        has_m = has_c = has_a = False
        e_mods: list[m.Modifier] = []
        c_set: m.PieceSet | None = None
        for i, md in enumerate(mods):
            L = md.letter
            doubled = (i > 0 and letters[i - 1] == L) or (i + 1 < len(letters) and letters[i + 1] == L)
            if L in _DIRECTIONS:
                if doubled and L != "d":
                    self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "doubled_direction_has", md.span, l=L)
                    ok = False
                    continue
                directions.append(L)
                continue
            if L == "e":
                e_mods.append(md)
                continue
            if doubled and i > 0 and letters[i - 1] == L and L not in _DIRECTIONS and L != "e":
                continue  # the doubled letter was reported at its first half
            if doubled and L in "cigpnm":
                self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "doubled_modifier_executable", md.span, l=L)
                ok = False
                continue
            if L not in _EXECUTABLE_SIMPLE or md.optional or (md.piece_set is not None and L != "c"):
                what = f"'{md}'" if (md.optional or md.piece_set is not None) else f"'{L}'"
                self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "modifier_executable_yet", md.span, what=what)
                ok = False
                continue
            if md.board_range is not None:
                self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "modifier_executable_yet_2", md.span, md=md)
                ok = False
                continue
            if L == "m":
                has_m = True
            elif L == "c":
                has_c = True
                if md.piece_set is not None:
                    c_set = md.piece_set
            elif L == "a":
                has_a = True
            elif L == "i":
                ctx.initial = True
            elif L == "n":
                ctx.lame = True
            elif L == "o":
                # cylindrical (fbr-mbn-notes 2.5): the files wrap for this part; `oo` a torus
                ctx.wrap = 2 if doubled else 1
            elif L == "p":
                if ctx.kind != SLIDE:
                    self.error(codes.IMPOSSIBLE, "p_g_cannot", md.span)
                    ok = False
                ctx.kind = HOP
            elif L == "g":
                if ctx.kind != SLIDE:
                    self.error(codes.IMPOSSIBLE, "p_g_cannot", md.span)
                    ok = False
                ctx.kind = JUMP
        for am in amalgams:
            # `(fs)N`, `f(fs)N`, `(ff)N` (BNF <DirectionalModifier> ::= <Amalgamated>): one token,
            # both letters at once; with other direction modifiers a union (`f(fs)N` = fN + (fs)N)
            token = am.letters
            if len(token) != 2 or any(ch not in "fblrsv" for ch in token):
                self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "amalgamated_direction_executable", am.span, am=am)
                ok = False
                continue
            if set(token) in ({"f", "b"}, {"l", "r"}):
                self.error(codes.IMPOSSIBLE, "amalgamated_direction_selects", am.span, am=am)
                ok = False
                continue
            directions.append(token)
        if directions:
            ctx.tokens_stack.append(directions)
        if ctx.lame and ctx.kind != SLIDE:
            self.error(codes.IMPOSSIBLE, "n_non_jumping", mods[0].span)
            ok = False
        # modality: a local m/c restricts what the enclosing definition allows
        if has_a:
            if not (outer.quiet and outer.capture):
                # `a` "cannot be superseded" (MBN modifier table) while the enclosing m/c restricts
                # it: which one wins is not defined, so the piece is refused rather than guessed
                self.refuse(
                    codes.NOT_EXECUTABLE_MODIFIER,
                    "inside_letter_restricted",
                    next(md.span for md in mods if md.letter == "a"),
                )
                ok = False
        elif has_m and not has_c:
            ctx.capture = False
        elif has_c and not has_m:
            ctx.quiet = False
        if c_set is not None:
            if c_set.colour_sensitive:
                self.refuse(
                    codes.NOT_EXECUTABLE_MODIFIER, "colour_sensitive_capture", c_set.span, c_set=c_set
                )
                ok = False
            keys = frozenset(mem.prefixes + mem.letter.key for mem in c_set.members)
            if ctx.capture_set is None:
                ctx.capture_set, ctx.capture_complement = keys, c_set.complement
            else:
                self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "nested_capture_sets", c_set.span)
                ok = False
        if e_mods:
            ee = len(e_mods) > 1
            if len(e_mods) > 2:
                self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "e_more_than", e_mods[0].span)
                ok = False
            eset = next((md.piece_set for md in e_mods if md.piece_set is not None), None)
            if any(md.optional for md in e_mods) or (eset is not None and (eset.colour_sensitive)):
                self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "executable_yet", e_mods[0].span, e_mods=e_mods[0])
                ok = False
            if eset is not None:
                keys = frozenset(mem.prefixes + mem.letter.key for mem in eset.members)
                if eset.complement:
                    self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "complemented_en_passant", eset.span)
                    ok = False
                ctx.ep_set = keys
            if has_m and not has_c and not has_a:
                if ee:
                    self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "mee_executable_yet", e_mods[0].span)
                    ok = False
                ctx.ep_make = True
            elif has_c and not has_m and not has_a:
                ctx.ep_take = True
                ctx.ep_only = ee
            elif ctx.quiet and not ctx.capture and not (has_c or has_a):
                ctx.ep_make = True
            elif ctx.capture and not ctx.quiet and not (has_m or has_a):
                ctx.ep_take = True
                ctx.ep_only = ee
            else:
                self.error(codes.IMPOSSIBLE, "e_needs_m", e_mods[0].span)
                ok = False
        return ctx if ok else None

    def unit(self, unit: m.Atom | m.Group | object, ctx: _Ctx) -> list[Part | MultiPart]:
        from notation_toolkit.mbn import ast as m  # (a variant from the cache compiles nothing)

        if isinstance(unit, m.Group):
            if unit.direction is not None or unit.steps is not None:
                self.refuse(codes.NOT_EXECUTABLE, "group_with_direction", unit.span)
                return []
            return self.sequence(unit.moves, ctx)
        if not isinstance(unit, m.Atom):
            self.refuse(codes.NOT_EXECUTABLE, "move_unit_from", getattr(unit, "span", None))
            return []
        return self.atom(unit, ctx)

    def atom(self, atom: m.Atom, ctx: _Ctx) -> list[Part | MultiPart]:
        if atom.circular is not None:
            self.refuse(codes.NOT_EXECUTABLE, "circular_part_executable", atom.span, circular=atom.circular)
            return []
        steps = atom.steps
        if steps is not None and ctx.steps is not None:
            # `B4` = `F0` limited to 4: an outer count replaces an inner unlimited one
            if not steps.unlimited:
                self.error(codes.IMPOSSIBLE, "step_count_on", ctx.steps.span, atom=atom)
                return []
            steps = None
        if steps is not None:
            if not (steps.unlimited or steps.exact is not None or steps.limit is not None):
                self.refuse(codes.NOT_EXECUTABLE_STEPS, "step_count_executable", steps.span, steps=steps)
                return []
            if steps.exact is not None and steps.exact == 0:
                self.error(codes.IMPOSSIBLE, "exactly_zero_steps", steps.span)
                return []
        if atom.kind == "extended":
            x, y = (int(v) for v in atom.letter.strip(":").split(","))
            return self.leap(x, y, atom, steps, ctx)
        letter = atom.letter
        key = letter.upper() if atom.kind == "compound" else letter
        # resolution: an @ macro, then the base letter, then the rule file's own definitions. A
        # letter inside its own expansion falls through to the next meaning: `@B=B` and `K=KX`
        # (003:1055) use the base letter.
        seq: m.MoveSequence | None = None
        tag = ""
        blocked = False
        if key in self.macros:
            if ("macro", key) in self.active:
                blocked = True
            else:
                seq, tag = self.macros[key], "macro"
        if seq is None and key in LEAPS:
            x, y = LEAPS[key]
            return self.leap(x, y, atom, steps, ctx)
        if seq is None and key in BASE_LETTERS:
            seq, tag = _parse_base(key), "base"
        if seq is None and key in self.definitions and key != self.own_key:
            if ("def", key) in self.active:
                blocked = True
            else:
                seq, tag = self.definitions[key], "def"
        if seq is None:
            if blocked:
                self.error(codes.RECURSIVE, "defined_terms_itself", atom.span, letter=letter)
                return []
            self.error(codes.UNKNOWN_LETTER, "move_letter_has", atom.span, letter=letter)
            return []
        if len(self.active) > 64:
            self.error(codes.RECURSIVE, "expands_too_deeply", atom.span, letter=letter)
            return []
        key_tag = (tag, key)
        self.active.append(key_tag)
        try:
            inner = replace(ctx, tokens_stack=list(ctx.tokens_stack), steps=steps or ctx.steps)
            before = len(self.diagnostics)
            parts = self.sequence(seq, inner)
            # diagnostics inside an expanded letter point at the letter the user wrote
            for i in range(before, len(self.diagnostics)):
                d = self.diagnostics[i]
                code = info_of(d.code)
                if d.message.endswith(code.message("in_expansion", detail="", letter=letter)):
                    continue  # a nested expansion of the same letter said so already
                self.diagnostics[i] = code.diagnostic(
                    "in_expansion",
                    span=atom.span,
                    severity=d.severity,
                    hint=d.hint,
                    detail=d.message,
                    letter=letter,
                )
            return parts
        finally:
            self.active.pop()

    def leap(self, x: int, y: int, atom: m.Atom, steps: m.Steps | None, ctx: _Ctx) -> list[Part | MultiPart]:
        if x >= MAX_FILES or y >= MAX_FILES:
            self.error(codes.IMPOSSIBLE, "leap_longer_than", atom.span, x=x, y=y)
            return []
        if x == 0 and y == 0:
            self.refuse(codes.NOT_EXECUTABLE, "null_move_o", atom.span)
            return []
        steps = steps or ctx.steps
        smin, smax = 1, 1
        if steps is not None:
            if steps.unlimited:
                smax = _UNLIMITED
            elif steps.exact is not None:
                smin = smax = steps.exact
            elif steps.limit is not None:
                smax = steps.limit
            else:
                self.refuse(codes.NOT_EXECUTABLE_STEPS, "step_count_executable", steps.span, steps=steps)
                return []
        vectors = leap_vectors(x, y)
        orthogonal = x == 0 or y == 0
        for tokens in ctx.tokens_stack:
            vectors = _filter(vectors, direction_tokens(tokens, orthogonal))
        if not vectors:
            return []
        if ctx.kind == HOP and smax == 1:
            # a hop needs a line to hop along (pR, pB, pN0); on a single leap it has no meaning yet
            self.refuse(codes.NOT_EXECUTABLE_MODIFIER, "p_on_single", atom.span, atom=atom)
            return []
        mod = Modality(
            quiet=ctx.quiet,
            capture=ctx.capture,
            capture_set=ctx.capture_set,
            capture_complement=ctx.capture_complement,
            initial=ctx.initial,
            ep_make=ctx.ep_make,
            ep_take=ctx.ep_take,
            ep_only=ctx.ep_only,
            ep_set=ctx.ep_set,
        )
        if not mod.quiet and not mod.capture:
            return []
        lame = ctx.lame and max(x, y) != 1
        return [Part(vectors, ctx.kind, smin, smax, lame, mod, ctx.origin, ctx.dest, atom.span, ctx.wrap)]


def _join_spans(spans: Sequence[Span | None]) -> Span | None:
    """The span from the first to the last of ``spans`` (None when one is missing)."""
    if not spans or any(sp is None for sp in spans):
        return None
    first, last = spans[0], spans[-1]
    assert first is not None and last is not None
    return Span(first.offset, last.end - first.offset, first.line, first.column)


@lru_cache(maxsize=64)
def _parse_base(letter: str) -> m.MoveSequence:
    from notation_toolkit.mbn import parse_moves

    return parse_moves(BASE_LETTERS[letter])


# ------------------------------------------------------------------------------------------------
# Tables
# ------------------------------------------------------------------------------------------------

Ray = tuple[tuple[int, int, int], ...]
"""Per step: (square bit, lame-path mask before it, the bit again when the square is an allowed
destination, else 0: a destination range keeps the square on the ray, where it still blocks)."""

_MEMO_BUDGET = 1 << 18
"""Memo entries per ``Reach`` and side, shared out over the squares (4096 per square on 8x8, 387 on
26x26): a full square's memo is cleared, which bounds memory (about 40 MB per Reach at worst) and
costs only recomputation."""


class Reach:
    """The squares a group of parts reaches from each square, given the occupancy: what a slider
    attacks (up to and including the first piece), where a hopper may land, where a lame leaper
    may land. Static parts are a table lookup; the rest a dictionary memoised on
    ``occupied & relevant[square]``."""

    __slots__ = ("limit", "memo", "rays", "relevant", "static")

    def __init__(self, size: int) -> None:
        self.limit = max(256, _MEMO_BUDGET // size)
        self.static: list[int] = [0] * size
        self.relevant: list[int] = [0] * size
        self.memo: list[dict[int, int]] = [{} for _ in range(size)]
        self.rays: list[list[tuple[int, int, Ray]]] = [[] for _ in range(size)]  # (kind, smin, ray)

    def add(self, square: int, kind: int, smin: int, ray: Ray, rel: int, land: int) -> None:
        """Add one ray from ``square``; ``rel`` = squares whose occupancy matters (every square but
        the last, and lame paths), ``land`` = every landing bit (used when nothing can block)."""
        if not ray:
            return
        if kind == JUMP or (kind == SLIDE and len(ray) == 1 and not ray[0][1]):
            if smin <= 1:
                self.static[square] |= land
            else:
                for i, (_bit, _path, lnd) in enumerate(ray, 1):
                    if i >= smin:
                        self.static[square] |= lnd
            return
        self.relevant[square] |= rel
        self.rays[square].append((kind, smin, ray))

    def __call__(self, square: int, occupied: int) -> int:
        rel = self.relevant[square]
        if not rel:
            return self.static[square]
        key = occupied & rel
        memo = self.memo[square]
        out = memo.get(key)
        if out is None:
            out = self.static[square] | _scan_all(self.rays[square], key)
            if len(memo) >= self.limit:
                memo.clear()
            memo[key] = out
        return out


@lru_cache(maxsize=4096)
def _ray_table(
    g: Geometry, v: tuple[int, int], smax: int, lame: bool, dest: int
) -> tuple[tuple[Ray, int, int], ...]:
    """Per square: the ray of vector ``v`` (at most ``smax`` steps, lame paths when ``lame``,
    landing bits restricted to ``dest``), its relevant-occupancy mask (every square but the last,
    and the lame paths) and all its landing bits. Cached per geometry, so pieces sharing vectors
    (R, Q, K, E ...) and both sides of symmetric pieces share the work."""
    w, h = g.width, g.height
    path = lame_path(*v) if lame else ()
    if g.wraps:
        return _wrapping_ray_table(g, v, smax, path, dest)
    if not lame and smax >= max(w, h):
        return _full_ray_table(g, v, dest)
    out: list[tuple[Ray, int, int]] = []
    for sq in range(g.size):
        f0, r0 = sq % w, sq // w
        steps: list[tuple[int, int, int]] = []
        rel = land = 0
        for k in range(1, smax + 1):
            f, r = f0 + v[0] * k, r0 + v[1] * k
            if not (0 <= f < w and 0 <= r < h):
                break
            pmask = 0
            pf, pr = f - v[0], r - v[1]
            off = False
            for ox, oy in path:
                x, y = pf + ox, pr + oy
                if not (0 <= x < w and 0 <= y < h):
                    off = True
                    break
                pmask |= 1 << (y * w + x)
            if off:
                break
            bit = 1 << (r * w + f)
            if steps:
                rel |= steps[-1][0]
            rel |= pmask
            steps.append((bit, pmask, bit & dest))
            land |= bit & dest
        out.append((tuple(steps), rel, land))
    return tuple(out)


def _wrapping_ray_table(
    g: Geometry, v: tuple[int, int], smax: int, path: tuple[tuple[int, int], ...], dest: int
) -> tuple[tuple[Ray, int, int], ...]:
    """``_ray_table`` on a board whose edges join (a cylinder or a torus): steps across a joined
    edge come back on the other side, and a ray ends where it would come back to its own square
    (003:209, 003:1072), so a rider on an empty rank of a cylinder reaches every other square of
    it once and a leap that lands on its own square is no move. ``smax`` is bounded by the board:
    no line is longer than the number of squares."""
    out: list[tuple[Ray, int, int]] = []
    for sq in range(g.size):
        f0, r0 = sq % g.width, sq // g.width
        steps: list[tuple[int, int, int]] = []
        rel = land = 0
        for k in range(1, min(smax, g.size) + 1):
            at = g.step(f0 + v[0] * k, r0 + v[1] * k)
            if at is None or at == sq:
                break
            pmask = 0
            off = False
            pf, pr = f0 + v[0] * (k - 1), r0 + v[1] * (k - 1)
            for ox, oy in path:
                passed = g.step(pf + ox, pr + oy)
                if passed is None:
                    off = True
                    break
                if passed != sq:  # the mover has left its square: it blocks nothing
                    pmask |= 1 << passed
            if off:
                break
            bit = 1 << at
            if steps:
                rel |= steps[-1][0]
            rel |= pmask
            landing = bit if dest == g.full else bit & dest  # one int where every square lands
            steps.append((bit, pmask, landing))
            land |= landing
        out.append((tuple(steps), rel, land))
    return tuple(out)


def _full_ray_table(g: Geometry, v: tuple[int, int], dest: int) -> tuple[tuple[Ray, int, int], ...]:
    """``_ray_table`` of an unlimited, non-lame ray, built from the far end of each line backwards:
    the ray from a square is its first step followed by the ray from that step."""
    w, h = g.width, g.height
    dx, dy = v
    table: list[tuple[Ray, int, int] | None] = [None] * g.size
    files = range(w - 1, -1, -1) if dx > 0 else range(w)
    ranks = range(h - 1, -1, -1) if dy > 0 else range(h)
    empty: tuple[Ray, int, int] = ((), 0, 0)
    for r in ranks:
        for f in files:
            nf, nr = f + dx, r + dy
            if not (0 <= nf < w and 0 <= nr < h):
                table[r * w + f] = empty
                continue
            nsq = nr * w + nf
            nxt = table[nsq]
            assert nxt is not None  # visited first: the loops run against the vector
            bit = 1 << nsq
            ray, rel, land = nxt
            table[r * w + f] = (
                ((bit, 0, bit & dest), *ray),
                (rel | bit) if ray else 0,
                land | (bit & dest),
            )
    return tuple(t if t is not None else empty for t in table)


def _scan_all(rays: list[tuple[int, int, Ray]], occupied: int) -> int:
    out = 0
    for kind, smin, ray in rays:
        out |= _scan(kind, smin, ray, occupied)
    return out


def _scan(kind: int, smin: int, ray: Ray, occupied: int) -> int:
    out = 0
    if kind == HOP:
        over = False
        for i, (bit, _path, land) in enumerate(ray, 1):
            if over:
                if i >= smin:
                    out |= land
                if bit & occupied:
                    break
            elif bit & occupied:
                over = True
        return out
    for i, (bit, path, land) in enumerate(ray, 1):
        if path & occupied:
            break
        if i >= smin:
            out |= land
        if bit & occupied:
            break
    return out


def _passed(ray: Ray, target_bit: int) -> int:
    """Squares a slide passes before ``target_bit`` (for the en-passant squares of ``me``)."""
    out = 0
    for bit, path, _land in ray:
        if bit == target_bit:
            return out
        out |= bit | path
    return 0


@mutable_dataclass(slots=True, eq=False, repr=False)  # private, never compared: __init__ alone
class _Group:
    modality: Modality
    reach: tuple[Reach, Reach]  # per side
    rays: tuple[list[list[tuple[int, int, Ray]]], ...]  # per side, per square (for ep squares)
    origins: tuple[int, int]  # per side: the squares the group moves from at all (later legs)
    fills: tuple[list[_Fill], list[_Fill]] | None  # per side, when every part slides or jumps


class Tables:
    """Per-side, per-square tables of one compiled piece (see ``CompiledPiece`` for the API)."""

    def __init__(self, geometry: Geometry, parts: Sequence[Part | MultiPart], mirror: Mirror, complete: bool):
        self.geometry = geometry
        self.mirror = mirror
        self.complete = complete
        single = [p for p in parts if isinstance(p, Part)]
        self.multi = [p for p in parts if isinstance(p, MultiPart)]
        self._reach_cache: dict[
            frozenset[object],
            tuple[
                tuple[Reach, Reach],
                tuple[list[list[tuple[int, int, Ray]]], ...],
                tuple[int, int],
                tuple[list[_Fill], list[_Fill]] | None,
            ],
        ] = {}
        by_mod: dict[Modality, list[Part]] = {}
        for p in single:
            by_mod.setdefault(p.modality, []).append(p)
        self.groups = [self._group(mod, ps) for mod, ps in by_mod.items()]
        self.multi_tables = [
            [[self._group(p.modality, [p], with_fills=True) for p in leg] for leg in mp.legs]
            for mp in self.multi
        ]
        self.has_initial = any(p.modality.initial for p in single) or any(
            p.modality.initial for mp in self.multi for leg in mp.legs for p in leg
        )
        self.makes_ep = any(p.modality.ep_make for p in single)
        self.takes_ep = any(p.modality.ep_take for p in single)
        self.needs_types = any(p.modality.capture_set is not None for p in single) or any(
            p.modality.capture_set is not None for mp in self.multi for p in mp.legs[-1]
        )
        self.simple = not self.multi and not self.makes_ep and not self.takes_ep
        self.hops = any(p.kind == HOP for p in single) or any(
            p.kind == HOP for mp in self.multi for leg in mp.legs for p in leg
        )
        # groups by role, so the generators loop over short lists
        self.quiet_groups = [g for g in self.groups if g.modality.quiet and not g.modality.initial]
        self.quiet_groups_i = [g for g in self.groups if g.modality.quiet and g.modality.initial]
        self.capture_groups = [
            g for g in self.groups if g.modality.capture and not g.modality.ep_only and not g.modality.initial
        ]
        self.capture_groups_i = [
            g for g in self.groups if g.modality.capture and not g.modality.ep_only and g.modality.initial
        ]
        free = [
            p
            for p in single
            if p.modality.capture
            and not p.modality.ep_only
            and not p.modality.initial
            and p.modality.capture_set is None
        ]
        self.attack_all = self._group(Modality(), free).reach
        # attacks looked at from the target: the same parts with negated vectors
        self.reversible = not self.multi and all(
            not p.lame and p.origin is None and p.dest is None for p in free
        )
        self._free = free
        self._attack_reverse: tuple[Reach, Reach] | None = None  # built on first use
        self.leaper_attacks: tuple[list[int], list[int]] | None = (
            (self.attack_all[0].static, self.attack_all[1].static)
            if not any(self.attack_all[0].relevant)
            and not any(self.attack_all[1].relevant)
            and not self.multi
            else None
        )
        self._attack_by_victim: dict[str, tuple[Reach, Reach]] = {}
        self._single = single
        self.signature = _signature(geometry, mirror, single, self.multi)
        self._null_lines = self._round_lines(single) if geometry.wraps else None
        self.wraps = (
            geometry.wraps
            or any(p.wrap for p in single)
            or any(p.wrap for mp in self.multi for leg in mp.legs for p in leg)
        )
        # fast path: one group that both moves and captures, nothing else (R, Q, N, K ...)
        only = self.groups[0] if len(self.groups) == 1 and not self.multi else None
        self.plain = (
            only.reach
            if only is not None
            and only.modality.quiet
            and only.modality.capture
            and only.modality.capture_set is None
            and not only.modality.initial
            and not only.modality.ep_make
            and not only.modality.ep_take
            else None
        )

    # -- building ---------------------------------------------------------------------------------

    def _vectors(self, vectors: Iterable[tuple[int, int]], side: int) -> list[tuple[int, int]]:
        if side == WHITE or self.mirror is Mirror.NONE:
            return list(vectors)
        if self.mirror is Mirror.VERTICAL:
            return [(dx, -dy) for dx, dy in vectors]
        return [(-dx, -dy) for dx, dy in vectors]

    def _mask(self, mask: int | None, side: int) -> int:
        g = self.geometry
        if mask is None:
            return g.full
        if side == WHITE or self.mirror is Mirror.NONE:
            return mask
        out = g.mirror_vertical(mask)
        return g.mirror_horizontal(out) if self.mirror is Mirror.BOTH else out

    def _group(self, modality: Modality, parts: Sequence[Part], with_fills: bool = False) -> _Group:
        # groups with the same geometry (the moving group and the attack group of R, Q, N ...)
        # share their Reach tables
        key = frozenset((p.vectors, p.kind, p.smin, p.smax, p.lame, p.origin, p.dest, p.wrap) for p in parts)
        shared = self._reach_cache.get(key)
        if shared is not None:
            reaches, rays, origins, fills = shared
            if with_fills and fills is None and all(self._fillable(p) for p in parts):
                fills = (self._fills(parts, WHITE), self._fills(parts, BLACK))
                self._reach_cache[key] = (reaches, rays, origins, fills)
            return _Group(modality, reaches, rays, origins, fills)
        g = self.geometry
        reaches = (Reach(g.size), Reach(g.size))
        rays_out: list[list[list[tuple[int, int, Ray]]]] = []
        for side in (WHITE, BLACK):
            reach = reaches[side]
            side_rays: list[list[tuple[int, int, Ray]]] = [[] for _ in range(g.size)]
            for p in parts:
                origin = self._mask(p.origin, side)
                dest = self._mask(p.dest, side)
                squares = range(g.size) if origin == g.full else g.squares(origin)
                pg = self._part_geometry(p)
                for v in self._vectors(p.vectors, side):
                    table = _ray_table(pg, v, _steps(pg, p.smax), p.lame, dest)
                    kind, smin = p.kind, p.smin
                    static = kind == JUMP and smin <= 1
                    for sq in squares:
                        ray, rel, land = table[sq]
                        if not ray:
                            continue
                        side_rays[sq].append((kind, smin, ray))
                        if static or (kind == SLIDE and not rel and len(ray) == 1 and smin <= 1):
                            reach.static[sq] |= land  # nothing can block it: a plain leap
                        else:
                            reach.add(sq, kind, smin, ray, rel, land)
            rays_out.append(side_rays)
        origins = (_origin_mask(reaches[0], rays_out[0]), _origin_mask(reaches[1], rays_out[1]))
        fills = None
        if with_fills and all(self._fillable(p) for p in parts):
            fills = (self._fills(parts, WHITE), self._fills(parts, BLACK))
        self._reach_cache[key] = (reaches, tuple(rays_out), origins, fills)
        return _Group(modality, reaches, tuple(rays_out), origins, fills)

    def _part_geometry(self, p: Part) -> Geometry:
        """The board a part moves on: the variant's, with the files (``o``) or files and ranks
        (``oo``) joined for a cylindrical part."""
        g = self.geometry
        if not p.wrap:
            return g
        return g.wrapped(files=True, ranks=g.wrap_ranks or p.wrap == 2)

    def _fillable(self, p: Part) -> bool:
        """Can the part step whole square sets (``_Fill``)? Slides, jumps and lame leaps can; a hop
        when it goes the whole line and may land on any square past its hurdle. On a board whose
        edges join, slides and jumps (``_wrapping_fills``)."""
        if self._part_geometry(p) is not self.geometry:
            return False  # a cylindrical part on a board that does not wrap as it does
        if self.geometry.wraps:
            return p.kind != HOP and not p.lame
        longest = max(self.geometry.width, self.geometry.height)
        return p.kind != HOP or (not p.lame and p.smin <= 2 and p.smax >= longest - 1)

    def _fills(self, parts: Sequence[Part], side: int) -> list[_Fill]:
        """The parts of a group as whole-board shifts, one per vector (see ``_Fill``)."""
        g = self.geometry
        if g.wraps:
            return self._wrapping_fills(parts, side)
        w, h = g.width, g.height
        out: list[_Fill] = []
        for p in parts:
            origin = self._mask(p.origin, side)
            dest = self._mask(p.dest, side)
            for dx, dy in self._vectors(p.vectors, side):
                files = ranks = 0
                for f in range(max(0, -dx), min(w, w - dx)):
                    files |= g.file_masks[f]
                for r in range(max(0, -dy), min(h, h - dy)):
                    ranks |= g.rank_masks[r]
                source = files & ranks
                if source:
                    shift = dy * w + dx
                    steps = min(p.smax, max(w, h))
                    doubling: tuple[int, ...] = ()
                    if not p.lame and (p.kind == HOP or (p.smin <= 1 and steps >= max(w, h) - 1)):
                        # a whole line: filled in doubling steps (1, 2, 4 ... squares at once)
                        doubling = tuple(shift << k for k in range(max(w, h).bit_length()))
                    enter = source << shift if shift > 0 else source >> -shift
                    lame = tuple(oy * w + ox for ox, oy in lame_path(dx, dy)) if p.lame else ()
                    out.append(
                        _Fill(
                            source,
                            shift,
                            p.kind == JUMP,
                            p.kind == HOP,
                            p.smin,
                            steps,
                            origin,
                            dest,
                            enter,
                            doubling,
                            lame,
                        )
                    )
        return out

    def _wrapping_fills(self, parts: Sequence[Part], side: int) -> list[_Fill]:
        """``_fills`` on a board whose edges join: a step is a few shifts, one per way its squares
        cross the joined edges (at most two per axis). A part that goes the whole line fills it in
        doubling steps through the empty squares; on a closed line that overshoots only when the
        line is empty (or the part jumps), and then only its one origin on that line is wrongly
        reached (``cycles`` finds it). Other parts step one square at a time, at most one step
        short of coming round: that bound is the same from every square of the board (the order
        of the vector on the cylinder's ring or the torus), so none comes back to its square."""
        g = self.geometry
        out: list[_Fill] = []
        for p in parts:
            origin = self._mask(p.origin, side)
            dest = self._mask(p.dest, side)
            for dx, dy in self._vectors(p.vectors, side):
                pieces = _wrap_pieces(g, dx, dy)
                if not pieces:
                    continue
                cyclic = dy == 0 or g.wrap_ranks
                if cyclic:
                    order = lcm(
                        g.width // gcd(g.width, abs(dx)) if g.wrap_files else g.width,
                        g.height // gcd(g.height, abs(dy)) if dy else 1,
                    )
                    longest = order - 1
                else:
                    longest = g.height  # off the board along the ranks before that
                steps = min(_steps(g, p.smax), longest)
                source = 0
                for src, _shift in pieces:
                    source |= src
                doubling: tuple[tuple[tuple[int, int], ...], ...] = ()
                cycles: tuple[int, ...] = ()
                if p.smin <= 1 and steps >= longest:
                    count = max(1, longest.bit_length())
                    doubling = tuple(_wrap_pieces(g, dx << k, dy << k) for k in range(count))
                    if cyclic:
                        cycles = _orbits(g, pieces)
                out.append(
                    _Fill(
                        source,
                        0,
                        p.kind == JUMP,
                        False,
                        p.smin,
                        steps,
                        origin,
                        dest,
                        0,
                        (),
                        (),
                        pieces,
                        doubling,
                        cycles,
                    )
                )
        return out

    # -- generation ---------------------------------------------------------------------------

    def quiets(self, square: int, side: int, occupied: int, initial: bool) -> int:
        out = self._single_quiets(square, side, occupied, initial)
        if self.multi:
            out |= self._multi_targets(square, side, occupied, 0, initial, None, None)[0] & ~occupied
        return out

    def _single_quiets(self, square: int, side: int, occupied: int, initial: bool) -> int:
        plain = self.plain
        if plain is not None:
            return plain[side](square, occupied) & ~occupied
        out = 0
        for grp in self.quiet_groups:
            out |= grp.reach[side](square, occupied)
        if initial:
            for grp in self.quiet_groups_i:
                out |= grp.reach[side](square, occupied)
        return out & ~occupied

    def captures(
        self,
        square: int,
        side: int,
        occupied: int,
        enemies: int,
        initial: bool,
        by_type: Mapping[str, int] | None,
    ) -> int:
        plain = self.plain
        if plain is not None:
            return plain[side](square, occupied) & enemies
        out = 0
        groups = self.capture_groups + self.capture_groups_i if initial else self.capture_groups
        for grp in groups:
            out |= grp.reach[side](square, occupied) & _victims(grp.modality, enemies, by_type)
        if self.multi and enemies:
            out |= self._multi_targets(square, side, occupied, enemies, initial, by_type, None)[1]
        return out & enemies

    def attacks(self, square: int, side: int, occupied: int, victim: str | None) -> int:
        out = self._single_attacks(square, side, occupied, victim)
        if self.multi:
            everything = self.geometry.full & ~(1 << square)
            out |= self._multi_targets(square, side, occupied, everything, False, None, victim or "")[1]
        return out

    def _single_attacks(self, square: int, side: int, occupied: int, victim: str | None) -> int:
        if victim is None or not self.needs_types:
            return self.attack_all[side](square, occupied)
        else:
            reach = self._attack_by_victim.get(victim)
            if reach is None:
                parts = [
                    p
                    for p in self._single
                    if p.modality.capture
                    and not p.modality.ep_only
                    and not p.modality.initial
                    and p.modality.allows(victim)
                ]
                reach = self._group(Modality(), parts).reach
                self._attack_by_victim[victim] = reach
            return reach[side](square, occupied)

    def attackers_reach(self, square: int, side: int, occupied: int) -> int:
        """Squares from which a piece of ``side`` of this type attacks ``square`` (``reversible``
        pieces only)."""
        if not self.reversible:
            raise ValueError("attacks of this piece are not reversible; scan its squares instead")
        reverse = self._attack_reverse
        if reverse is None:
            negated = [replace(p, vectors=frozenset((-x, -y) for x, y in p.vectors)) for p in self._free]
            reverse = self._attack_reverse = self._group(Modality(), negated).reach
        return reverse[side](square, occupied)

    def moves(
        self,
        square: int,
        side: int,
        occupied: int,
        friends: int,
        enemies: int,
        initial: bool,
        by_type: Mapping[str, int] | None,
        ep: EnPassant | None,
    ) -> list[PieceMove]:
        # one record per (target, captured square): paths through different empty squares make
        # the same move (the first path found is kept)
        out: dict[tuple[int, int | None, tuple[int, ...]], PieceMove] = {}
        empty = ~occupied
        for grp in self.groups:
            mod = grp.modality
            if mod.initial and not initial:
                continue
            reach = grp.reach[side](square, occupied)
            if mod.quiet:
                for t in self.geometry.squares(reach & empty):
                    eps = 0
                    if mod.ep_make:
                        eps = self._ep_squares(grp, side, square, 1 << t)
                    key = (t, None, ())
                    old = out.get(key)
                    if old is None or (eps and not old.ep_squares):
                        out[key] = PieceMove(square, t, None, (), eps, mod.initial)
            if mod.capture and not mod.ep_only:
                for t in self.geometry.squares(reach & _victims(mod, enemies, by_type)):
                    out.setdefault((t, t, ()), PieceMove(square, t, t, (), 0, mod.initial))
            if mod.ep_take and ep is not None and (mod.ep_set is None or ep.victim_key in mod.ep_set):
                for t in self.geometry.squares(reach & ep.squares & empty):
                    out.setdefault((t, ep.victim, ()), PieceMove(square, t, ep.victim, (), 0, mod.initial))
        if self.multi:
            for mv in self._multi_moves(square, side, occupied, enemies, initial, by_type):
                out.setdefault((mv.target, mv.captured, ()), mv)
        return list(out.values())

    def _round_lines(self, single: Sequence[Part]) -> tuple[list[list[int]], list[list[int]]]:
        """Per side and square, the lines along which a quiet slide or leap comes back to its own
        square round a board whose edges join: each as the squares it passes, which must be empty
        (none for a jump, ``g``). Hops, lame leaps and initial moves have none."""
        g = self.geometry
        out: tuple[list[list[int]], list[list[int]]] = (
            [[] for _ in range(g.size)],
            [[] for _ in range(g.size)],
        )
        for p in single:
            mod = p.modality
            if not mod.quiet or mod.initial or p.kind == HOP or p.lame:
                continue
            pg = self._part_geometry(p)
            smax = _steps(pg, p.smax)
            for side in (WHITE, BLACK):
                allowed = self._mask(p.origin, side) & self._mask(p.dest, side)
                for dx, dy in self._vectors(p.vectors, side):
                    for sq in g.squares(allowed):
                        f0, r0 = sq % g.width, sq // g.width
                        passed = 0
                        for k in range(1, smax + 1):
                            at = pg.step(f0 + dx * k, r0 + dy * k)
                            if at is None:
                                break
                            if at == sq:
                                if k >= p.smin:
                                    out[side][sq].append(0 if p.kind == JUMP else passed)
                                break
                            passed |= 1 << at
        return out

    def null_move(self, square: int, side: int, occupied: int) -> bool:
        """True when the piece can go round the board back to ``square`` (FBR ``null``)."""
        lines = self._null_lines
        if lines is None:
            return False
        return any(not line & occupied for line in lines[side][square])

    def empty_board_movers(self, side: int) -> int:
        """The squares from which the piece has a move on an empty board (a quiet move or an attack
        on any piece; initial moves left out). A multi-leg move counts when its legs can be
        completed, whatever the last one lands on."""
        g = self.geometry
        out = 0
        for sq in range(g.size):
            if self._single_quiets(sq, side, 0, False) | self._single_attacks(sq, side, 0, None):
                out |= 1 << sq
        memo: dict[tuple[object, ...], int] = {}
        for legs in self.multi_tables:
            # backwards from the last leg: the squares from which the remaining legs can be played
            final = len(legs) - 1
            able = 0
            for grp in legs[final]:
                mod = grp.modality
                if not mod.initial and (mod.quiet or (mod.capture and not mod.ep_only)):
                    reach = grp.reach[side]
                    able |= sum(1 << sq for sq in g.squares(grp.origins[side]) if reach(sq, 0))
            for li in range(final - 1, -1, -1):
                groups = [grp for grp in legs[li] if grp.modality.quiet and not grp.modality.initial]
                key = (tuple(id(grp.reach[side]) for grp in groups), li > 0, able)
                known = memo.get(key)
                if known is None:
                    known = 0
                    for grp in groups:
                        reach = grp.reach[side]
                        for sq in g.squares((grp.origins[side] if li > 0 else g.full) & ~known):
                            if reach(sq, 0) & able:
                                known |= 1 << sq
                    memo[key] = known
                able = known
            out |= able
        return out

    def empty_board_attacks(self, side: int, victims: Sequence[str | None]) -> list[int]:
        """Per square, the squares the piece attacks on an empty board for any of ``victims``
        (``None``: any piece, as ``attacks`` reads it)."""
        g = self.geometry
        out = [0] * g.size
        for victim in victims:
            for sq in range(g.size):
                out[sq] |= self._single_attacks(sq, side, 0, victim)
        if self.multi:

            def accept(mod: Modality) -> bool:
                if not mod.capture or mod.ep_only:
                    return False
                return mod.capture_set is None or any(v is not None and mod.allows(v) for v in victims)

            for sq, bb in enumerate(self._multi_empty(side, accept)):
                out[sq] |= bb
        return out

    def _multi_empty(self, side: int, accept: Callable[[Modality], bool]) -> list[int]:
        """Per square, the targets of the multi-leg moves on an empty board whose last leg's
        modality ``accept`` takes (initial moves left out), computed from the last leg backwards:
        the targets from a square after leg k are the union of the targets after leg k+1 of the
        squares leg k reaches. That is one union per (square, reached square) and leg, and a leg
        repeated over the same targets (``N0-N0-...``) is looked up, not recomputed."""
        g = self.geometry
        size = g.size
        out = [0] * size
        memo: dict[tuple[object, ...], list[int]] = {}
        for legs in self.multi_tables:
            final = len(legs) - 1
            after = [0] * size
            for grp in legs[final]:
                if grp.modality.initial or not accept(grp.modality):
                    continue
                reach, origins = grp.reach[side], grp.origins[side]
                for sq in g.squares(origins):
                    after[sq] |= reach(sq, 0)
            for li in range(final - 1, -1, -1):
                groups = [grp for grp in legs[li] if grp.modality.quiet and not grp.modality.initial]
                key = (tuple((id(grp.reach[side]), li > 0) for grp in groups), tuple(after))
                known = memo.get(key)
                if known is None:
                    known = [0] * size
                    for grp in groups:
                        reach = grp.reach[side]
                        for sq in g.squares(grp.origins[side] if li > 0 else g.full):
                            acc = known[sq]
                            for u in g.squares(reach(sq, 0)):
                                acc |= after[u]
                            known[sq] = acc
                    memo[key] = known
                after = known
            for sq in range(size):
                out[sq] |= after[sq]
        for sq in range(size):
            out[sq] &= ~(1 << sq)
        return out

    def _ep_squares(self, grp: _Group, side: int, square: int, target_bit: int) -> int:
        for _kind, _smin, ray in grp.rays[side][square]:
            passed = _passed(ray, target_bit)
            if passed or (ray and ray[0][0] == target_bit):
                return passed
        return 0

    def _multi_targets(
        self,
        square: int,
        side: int,
        occupied: int,
        enemies: int,
        initial: bool,
        by_type: Mapping[str, int] | None,
        attack: str | None,
    ) -> tuple[int, int]:
        """(quiet targets, capture targets) of the multi-leg moves from ``square``, as bitboards.

        The squares where a leg can end form one bitboard, so each leg costs one reach lookup per
        such square however many paths lead there: polynomial in the board size. With ``attack``
        (a victim's key, ``""`` for any piece) the capture targets are the squares the last leg
        attacks among ``enemies`` (capture sets read for that victim)."""
        start_bit = 1 << square
        occ = occupied & ~start_bit
        empty = ~occ
        quiet = capture = 0
        cache: dict[tuple[int, int], int] = {}
        for legs in self.multi_tables:
            frontier = start_bit
            final = len(legs) - 1
            for li, leg in enumerate(legs):
                nxt = 0
                for grp in leg:
                    mod = grp.modality
                    if mod.initial and not initial:
                        continue
                    if li < final:
                        if not mod.quiet:
                            continue
                    elif attack is not None and (
                        not mod.capture
                        or mod.ep_only
                        or (mod.capture_set is not None and not (attack and mod.allows(attack)))
                    ):
                        continue
                    origins = frontier if li == 0 else frontier & grp.origins[side]
                    if not origins:
                        continue
                    reach = _reach_union(grp, side, origins, occ, cache)
                    if li < final:
                        nxt |= reach & empty
                        continue
                    if mod.quiet and attack is None:
                        quiet |= reach & empty
                    if mod.capture and not mod.ep_only and enemies:
                        capture |= reach & (
                            enemies if attack is not None else _victims(mod, enemies, by_type)
                        )
                frontier = nxt
                if not frontier:
                    break
        return quiet & ~start_bit, capture & ~start_bit

    def _multi_moves(
        self,
        square: int,
        side: int,
        occupied: int,
        enemies: int,
        initial: bool,
        by_type: Mapping[str, int] | None,
    ) -> list[PieceMove]:
        """Multi-leg moves with their paths: every leg but the last lands on an empty square (the
        mover's own origin counts as empty once it has left); the last leg moves or captures as its
        modality says. Each square is entered once per leg and each move recorded once (the first
        path found is kept: other paths make the same move), so the work is polynomial in the board
        size, where following every path grows exponentially with the legs."""
        out: list[PieceMove] = []
        start_bit = 1 << square
        occ = occupied & ~start_bit
        empty = ~occ
        squares = self.geometry.squares
        quiet_done = capture_done = start_bit
        for legs in self.multi_tables:
            came_from: list[dict[int, int]] = []  # per leg before the last: square -> previous square
            frontier = start_bit
            final = len(legs) - 1
            for li, leg in enumerate(legs):
                if li < final:
                    came: dict[int, int] = {}
                    seen = 0
                    for at in squares(frontier):
                        for grp in leg:
                            mod = grp.modality
                            if (mod.initial and not initial) or not mod.quiet:
                                continue
                            if li > 0 and not grp.origins[side] >> at & 1:
                                continue
                            new = grp.reach[side](at, occ) & empty & ~seen
                            seen |= new
                            for t in squares(new):
                                came[t] = at
                    came_from.append(came)
                    frontier = seen
                    if not frontier:
                        break
                    continue
                for at in squares(frontier):
                    path = _path_to(came_from, at)
                    for grp in leg:
                        mod = grp.modality
                        if mod.initial and not initial:
                            continue
                        if li > 0 and not grp.origins[side] >> at & 1:
                            continue
                        reach = grp.reach[side](at, occ)
                        if mod.quiet:
                            new = reach & empty & ~quiet_done
                            quiet_done |= new
                            for t in squares(new):
                                out.append(PieceMove(square, t, None, path, 0, mod.initial))
                        if mod.capture and not mod.ep_only and enemies:
                            new = reach & _victims(mod, enemies, by_type) & ~capture_done
                            capture_done |= new
                            for t in squares(new):
                                out.append(PieceMove(square, t, t, path, 0, mod.initial))
        return out


def _steps(g: Geometry, smax: int) -> int:
    """The most steps a part takes on board ``g``: an unlimited rider goes as far as the board
    lets it, which on a board whose edges join is up to every square of its line."""
    if smax < _UNLIMITED:
        return smax
    return g.size if g.wraps else _UNLIMITED


def _origin_mask(reach: Reach, rays: list[list[tuple[int, int, Ray]]]) -> int:
    """The squares from which a group moves at all (where a later leg may continue)."""
    out = 0
    for sq, square_rays in enumerate(rays):
        if square_rays or reach.static[sq]:
            out |= 1 << sq
    return out


@mutable_dataclass(slots=True, eq=False, repr=False)  # private, never compared: __init__ alone
class _Fill:
    """One vector of a sliding or jumping part as a shift of a whole bitboard: the squares of a
    frontier that can take the step (``source``) move by ``shift`` bits; a slide goes on from the
    empty squares it reached, a jump from all of them."""

    source: int
    shift: int
    jump: bool
    hop: bool
    smin: int
    smax: int
    origin: int
    dest: int
    enter: int  # the squares a step lands on without leaving the board
    doubling: tuple[int, ...]  # for whole lines: the shifts of 1, 2, 4 ... steps
    lame: tuple[int, ...]  # a lame leap: the offsets (in bits) of the squares it passes, each step
    wrapping: tuple[tuple[int, int], ...] = ()  # on a joined board: (source, shift) per way round
    wrap_doubling: tuple[tuple[tuple[int, int], ...], ...] = ()  # those of 1, 2, 4 ... steps
    cycles: tuple[int, ...] = ()  # the closed lines of the vector (whole-line parts)


def _wrap_pieces(g: Geometry, dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """A step by ``dx``/``dy`` on a board whose edges join, as (squares, bit shift) pairs: the
    squares of each pair cross the joined edges the same way (the step leaves the board from the
    squares of none)."""
    w, h = g.width, g.height
    by_file: dict[int, int] = {}
    for f in range(w):
        nf = (f + dx) % w if g.wrap_files else f + dx
        if 0 <= nf < w:
            by_file[nf - f] = by_file.get(nf - f, 0) | g.file_masks[f]
    by_rank: dict[int, int] = {}
    for r in range(h):
        nr = (r + dy) % h if g.wrap_ranks else r + dy
        if 0 <= nr < h:
            by_rank[nr - r] = by_rank.get(nr - r, 0) | g.rank_masks[r]
    return tuple(
        (files & ranks, df + dr * w)
        for df, files in by_file.items()
        for dr, ranks in by_rank.items()
        if files & ranks
    )


def _wrap_step(bb: int, pieces: tuple[tuple[int, int], ...]) -> int:
    out = 0
    for src, shift in pieces:
        part = bb & src
        if part:
            out |= part << shift if shift >= 0 else part >> -shift
    return out


def _orbits(g: Geometry, pieces: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The closed lines of a step that every square can take (its orbits on the board)."""
    left = g.full
    out: list[int] = []
    while left:
        line = left & -left
        while True:
            grown = line | _wrap_step(line, pieces)
            if grown == line:
                break
            line = grown
        out.append(line)
        left &= ~line
    return tuple(out)


def _reach_union(
    grp: _Group, side: int, squares: int, occupied: int, cache: dict[tuple[int, int], int]
) -> int:
    """The union of the group's reach from every square of ``squares``, memoised in ``cache`` for
    one occupancy (legs that repeat a piece reach the same squares again and again). Sliders and
    jumpers step the whole set at once (a few shifts per vector); others square by square."""
    reach = grp.reach[side]
    key = (id(reach), squares)
    out = cache.get(key)
    if out is not None:
        return out
    out = 0
    fills = grp.fills
    if fills is not None:
        empty = ~occupied
        for fill in fills[side]:
            gen = squares & fill.origin
            shift, source = fill.shift, fill.source
            if fill.wrapping:
                if not gen:
                    continue
                if fill.wrap_doubling:
                    # occluded fill through the empty squares (every square for a jump), then
                    # one step more: what the part reaches from the origins
                    through = -1 if fill.jump else empty
                    reached = gen
                    for pieces in fill.wrap_doubling:
                        moved = 0
                        for src, sh in pieces:
                            part = reached & src
                            if part:
                                moved |= part << sh if sh >= 0 else part >> -sh
                        grown = reached | (through & moved)
                        if grown == reached:
                            break  # no run as long as this step: none longer either
                        reached = grown
                        moved = 0
                        for src, sh in pieces:
                            part = through & src
                            if part:
                                moved |= part << sh if sh >= 0 else part >> -sh
                        through &= moved
                    land = _wrap_step(reached, fill.wrapping)
                    back = land & gen
                    if back:
                        for line in fill.cycles:
                            alone = line & gen
                            if (
                                alone & back
                                and not alone & (alone - 1)
                                and (fill.jump or not line & occupied)
                            ):
                                land &= ~alone  # round an open line back to its only origin: no move
                    out |= land & fill.dest
                    continue
                for step in range(1, fill.smax + 1):
                    gen = _wrap_step(gen, fill.wrapping)
                    if not gen:
                        break
                    if step >= fill.smin:
                        out |= gen & fill.dest
                    if not fill.jump:
                        gen &= empty
                continue
            if fill.doubling:
                # occluded fill (Kogge-Stone): ``gen`` grows along the line through the squares of
                # ``through``, which is closed under the doubled shifts so that no step wraps
                if fill.hop:  # up to the hurdle (the first piece on the line), then from it
                    gen = _line(gen, fill, fill.enter & empty) & occupied
                through = fill.enter if fill.jump else fill.enter & empty
                out |= _line(gen, fill, through) & fill.dest
                continue
            if fill.lame:  # a step is open when the squares it passes are empty
                for offset in fill.lame:
                    source = source & (empty >> offset if offset > 0 else empty << -offset)
            for step in range(1, fill.smax + 1):
                gen &= source
                if not gen:
                    break
                gen = gen << shift if shift > 0 else gen >> -shift
                if step >= fill.smin:
                    out |= gen & fill.dest
                if not fill.jump:
                    gen &= empty
    else:
        bb = squares
        while bb:
            low = bb & -bb
            out |= reach(low.bit_length() - 1, occupied)
            bb ^= low
    cache[key] = out
    return out


def _line(gen: int, fill: _Fill, through: int) -> int:
    """The squares one more step past the squares that ``gen`` reaches along the line of ``fill``
    through the squares of ``through``: for a slide through the empty squares, what it attacks."""
    for double in fill.doubling:
        gen |= through & (gen << double if double > 0 else gen >> -double)
        through &= through << double if double > 0 else through >> -double
    gen &= fill.source
    shift = fill.shift
    return gen << shift if shift > 0 else gen >> -shift


def _path_to(came_from: list[dict[int, int]], at: int) -> tuple[int, ...]:
    """The squares where the legs before the last end, the last of them ``at``."""
    path = [at]
    for came in reversed(came_from[1:]):
        at = came[at]
        path.append(at)
    path.reverse()
    return tuple(path)


def _victims(mod: Modality, enemies: int, by_type: Mapping[str, int] | None) -> int:
    if mod.capture_set is None:
        return enemies
    if by_type is None:
        raise TypeError("this piece has capture sets: pass by_type (enemy pieces per piece key)")
    if mod.capture_complement:
        allowed = enemies
        for k in mod.capture_set:
            allowed &= ~by_type.get(k, 0)
        return allowed
    allowed = 0
    for k in mod.capture_set:
        allowed |= by_type.get(k, 0)
    return allowed & enemies


# ------------------------------------------------------------------------------------------------
# Signature (canonical move set)
# ------------------------------------------------------------------------------------------------


def _signature(
    geometry: Geometry, mirror: Mirror, single: Sequence[Part], multi: Sequence[MultiPart]
) -> tuple[object, ...]:
    longest = max(geometry.width, geometry.height) - 1
    entries: dict[tuple[object, ...], set[int]] = {}
    for p in single:
        roles: list[tuple[object, ...]] = []
        mod = p.modality
        common = (
            mod.initial,
            p.origin if p.origin != geometry.full else None,
            p.dest if p.dest != geometry.full else None,
            p.wrap,
        )
        if mod.quiet:
            roles.append(("quiet", mod.ep_make, *common))
        if mod.capture and not mod.ep_only:
            cs = None if mod.capture_set is None else (tuple(sorted(mod.capture_set)), mod.capture_complement)
            roles.append(("capture", cs, *common))
        if mod.ep_take:
            roles.append(("ep", None if mod.ep_set is None else tuple(sorted(mod.ep_set)), *common))
        for v in p.vectors:
            pg = (
                geometry.wrapped(files=True, ranks=geometry.wrap_ranks or p.wrap == 2) if p.wrap else geometry
            )
            reach = _longest_ray(pg, v) if pg.wraps else max(1, longest // max(abs(v[0]), abs(v[1])))
            dist = set(range(p.smin, min(p.smax, reach) + 1))
            if not dist:
                continue
            kind = p.kind
            lame = p.lame
            if dist == {1} and kind == JUMP:
                kind = SLIDE
            if kind == HOP:
                dist = set(range(p.smin, reach + 1)) if p.smax >= reach else dist
            for role in roles:
                entries.setdefault((v, kind, lame, *role), set()).update(dist)
    flat = tuple(sorted((repr(k), tuple(sorted(d))) for k, d in entries.items()))

    def part_key(p: Part) -> str:
        return repr(
            (
                sorted(p.vectors),
                p.kind,
                p.smin,
                min(p.smax, longest),
                p.lame,
                p.modality,
                p.origin,
                p.dest,
                p.wrap,
            )
        )

    multi_sig = tuple(
        sorted(repr(tuple(tuple(sorted(part_key(p) for p in leg)) for leg in mp.legs)) for mp in multi)
    )
    return (str(geometry), geometry.topology, mirror.value, flat, multi_sig)


def _longest_ray(geometry: Geometry, v: tuple[int, int]) -> int:
    """The most steps vector ``v`` goes from any square of a board whose edges join (at least 1,
    as on the plain board)."""
    table = _ray_table(geometry, v, geometry.size, False, geometry.full)
    return max(1, max(len(ray) for ray, _rel, _land in table))


# ------------------------------------------------------------------------------------------------
# Public entry points
# ------------------------------------------------------------------------------------------------


def _as_sequence(definition: object) -> tuple[str | None, m.MoveSequence, str]:
    """(piece key or None, move expression, its text) of what ``compile_piece`` accepts."""
    from notation_toolkit.mbn import ast as m  # (a variant from the cache compiles nothing)
    from notation_toolkit.mbn import format_moves, parse_item, parse_moves

    if isinstance(definition, str):
        text = definition.strip()
        if "=" in text or text[:1] in "@!+-#*$%&":
            return _as_sequence(parse_item(text))
        seq = parse_moves(text)
        return None, seq, format_moves(seq)
    if isinstance(definition, m.MoveSequence):
        return None, definition, format_moves(definition)
    if isinstance(definition, (m.PieceDefinition, m.PieceDeclaration)):
        head = definition.head
        if head.board is not None:
            raise info_of(codes.NOT_EXECUTABLE).error(
                NotExecutableError, "pieces_on_several", span=head.board.span, board=head.board
            )
        if head.condition is not None:
            raise info_of(codes.NOT_EXECUTABLE).error(
                NotExecutableError,
                "announcement_condition_executable",
                span=head.condition.span,
                condition=head.condition,
            )
        if head.letter.is_castling:
            raise info_of(codes.NOT_EXECUTABLE).error(
                NotExecutableError, "castling_pseudo_pieces", span=head.span
            )
        if isinstance(definition, m.PieceDeclaration):
            key = head.letter.key
            if key in LEAPS or key in BASE_LETTERS:
                return head.key, parse_moves(key), key
            raise info_of(codes.UNKNOWN_LETTER).error(
                NotExecutableError, "declared_without_definition", span=head.span, head=head
            )
        if len(definition.moves) != 1:
            raise info_of(codes.IMPOSSIBLE).error(NotExecutableError, "piece_has_one", span=definition.span)
        seq = definition.moves[0]
        return head.key, seq, format_moves(seq)
    if isinstance(definition, (m.PromotionRule, m.Cancellation)):
        kind = "a promotion rule" if isinstance(definition, m.PromotionRule) else "a cancellation"
        raise info_of(codes.IMPOSSIBLE).error(
            NotExecutableError, "piece_compile_piece", span=definition.span, kind=kind
        )
    raise TypeError(f"cannot compile {type(definition).__name__}")


def compile_piece(
    definition: str | m.PieceDefinition | m.PieceDeclaration | m.MoveSequence,
    geometry: Geometry | str = "8x8",
    *,
    definitions: Mapping[str, str | m.MoveSequence] | None = None,
    macros: Mapping[str, str | m.MoveSequence] | None = None,
    mirror: Mirror = Mirror.VERTICAL,
    strict: bool = True,
) -> CompiledPiece:
    """Compile one MBN piece for a board.

    ``definition``: ``"N=mN+cW"``, a bare move expression ``"mN+cW"``, a base letter ``"R"``, or the
    AST (``PieceDefinition``, ``PieceDeclaration``, ``MoveSequence``). ``definitions`` are the other
    pieces of the rule file (key -> move expression) that letters used as moves may refer to;
    ``macros`` the ``@X=...`` redefinitions, which take precedence over base letters. ``mirror``
    is the FBR ``mirror`` rule. With ``strict`` (default) a construct the compiler does not execute
    raises ``NotExecutableError`` (diagnostics ``PCE2xx`` with spans); otherwise the piece is
    returned without those parts, ``complete`` False and the diagnostics attached. Meaningless
    input (unknown letters, impossible combinations) always raises. Results are cached.
    """
    if isinstance(geometry, str):
        geometry = Geometry.parse(geometry)
    own_key, seq, text = _as_sequence(definition)
    defs = _freeze(definitions)
    macs = _freeze(macros)
    return _compile_cached(own_key, seq, text, geometry, defs, macs, mirror, strict)


def _freeze(
    mapping: Mapping[str, str | m.MoveSequence] | None,
) -> tuple[tuple[str, m.MoveSequence], ...]:
    if not mapping:
        return ()
    from notation_toolkit.mbn import parse_moves

    out = []
    for k, v in mapping.items():
        out.append((k, parse_moves(v) if isinstance(v, str) else v))
    return tuple(sorted(out, key=lambda kv: kv[0]))


@lru_cache(maxsize=512)
def _compile_cached(
    own_key: str | None,
    seq: m.MoveSequence,
    text: str,
    geometry: Geometry,
    definitions: tuple[tuple[str, m.MoveSequence], ...],
    macros: tuple[tuple[str, m.MoveSequence], ...],
    mirror: Mirror,
    strict: bool,
) -> CompiledPiece:
    # the piece's own letter inside its definition is not the piece itself (K=KX, 003:1055)
    exp = _Expander(geometry, dict(definitions), dict(macros), own_key)
    parts = exp.sequence(seq, _Ctx())
    legs = sum(len(p.legs) for p in parts if isinstance(p, MultiPart))
    if legs > MAX_MULTI_LEGS:
        # Move generation costs about 20 ms per leg on 8x8 at load, so a hostile definition
        # (K=W-W-W-...) would take hours; a bounded load drops the multi-leg moves instead.
        exp.refuse(codes.NOT_EXECUTABLE, "too_many_legs", seq.span, count=legs, limit=MAX_MULTI_LEGS)
        parts = [p for p in parts if not isinstance(p, MultiPart)]
    if exp.errors:
        raise NotExecutableError(exp.errors + exp.diagnostics, text)
    if exp.diagnostics and strict:
        raise NotExecutableError(exp.diagnostics, text)
    tables = Tables(geometry, parts, mirror, complete=not exp.diagnostics)
    return CompiledPiece(own_key or text, text, geometry, tables, tuple(exp.diagnostics))


def compile_rule_file(
    rule_file: object,
    geometry: Geometry | str | None = None,
    *,
    strict: bool = True,
) -> dict[str, CompiledPiece]:
    """Compile every piece of an FBR rule file (text, path-free ``RuleFile`` AST) for a board.

    ``geometry`` defaults to the file's ``boardsize`` metadata, else 8x8; the rules ``cylindric``
    and ``torus`` join its edges (003:209, 003:1072). Definitions
    (``Q=R+N``), declarations of base letters (``K R B N P``) and prefixed states (``+P``) become
    pieces keyed by ``head.key`` (``"Q"``, ``"+P"``); ``@X=...`` macros redefine what the move
    letter ``X`` means for every piece; the ``mirror`` rule sets how Black's moves are mirrored.
    Castling pseudo-pieces and promotion rules are left to the game core. Diagnostics of all
    pieces are collected: with ``strict`` one ``NotExecutableError`` lists them all.
    """
    from notation_toolkit import fbr
    from notation_toolkit.fbr import ast as fa
    from notation_toolkit.mbn import ast as m  # (a variant from the cache compiles nothing)

    rf = fbr.parse(rule_file) if isinstance(rule_file, str) else rule_file
    items = tuple(getattr(rf, "items", ()))
    size: str | None = None
    wrap_files = wrap_ranks = False
    mirror = Mirror.VERTICAL
    macros: dict[str, m.MoveSequence] = {}
    defs: dict[str, m.MoveSequence] = {}
    pieces: list[m.PieceDefinition | m.PieceDeclaration] = []
    for item in items:
        if isinstance(item, fa.Metadata) and item.key == "boardsize":
            size = item.value
        elif isinstance(item, fa.FbrRule) and item.name in ("cylindric", "torus") and not item.negated:
            # the board models (003:209, 003:1072): the pieces move on the joined board
            wrap_files = True
            wrap_ranks = wrap_ranks or item.name == "torus"
        elif isinstance(item, fa.FbrRule) and item.name == "mirror":
            if item.negated:
                mirror = Mirror.NONE
            else:
                names = {a.name for a in item.attributes}
                mirror = Mirror.BOTH if "horizontal" in names else Mirror.VERTICAL
        elif isinstance(item, m.PieceDefinition):
            if item.head.letter.is_castling:
                continue
            if item.head.macro:
                macros[item.head.key] = item.moves[0]
            else:
                defs[item.head.key] = item.moves[0]
                pieces.append(item)
        elif isinstance(item, m.PieceDeclaration) and not item.head.macro:
            pieces.append(item)
    if geometry is None:
        geometry = size or "8x8"
    if isinstance(geometry, str):
        geometry = Geometry.parse(geometry)
    if wrap_files:
        geometry = geometry.wrapped(files=True, ranks=wrap_ranks or geometry.wrap_ranks)
    out: dict[str, CompiledPiece] = {}
    problems: list[Diagnostic] = []
    for piece in pieces:
        key = piece.head.key
        others = {k: v for k, v in defs.items() if k != key}
        try:
            if isinstance(piece, m.PieceDeclaration):
                letter = piece.head.letter.key
                if letter in macros:
                    # a declared letter with an @ macro moves as the macro says (`@Q=R+N Q`)
                    from notation_toolkit.mbn import parse_moves

                    compiled = compile_piece(
                        parse_moves(piece.head.letter.text),
                        geometry,
                        definitions=others,
                        macros=macros,
                        mirror=mirror,
                        strict=strict,
                    )
                    out[key] = replace(compiled, key=key)
                    continue
                if letter in defs and key != letter:
                    # a prefixed state (+P) without its own definition moves like the plain piece
                    out[key] = compile_piece(
                        defs[letter],
                        geometry,
                        definitions=others,
                        macros=macros,
                        mirror=mirror,
                        strict=strict,
                    )
                    continue
            out[key] = compile_piece(
                piece, geometry, definitions=others, macros=macros, mirror=mirror, strict=strict
            )
        except NotationError as exc:
            problems.extend(exc.diagnostics)
    if problems:
        raise NotExecutableError(problems)
    return out


def board_range_mask(
    board_range: m.BoardRange,
    geometry: Geometry,
    *,
    side: int = WHITE,
    mirror: Mirror = Mirror.VERTICAL,
) -> int:
    """Bitboard of a static MBN/FBR board range (``[1-2]``, ``[a-c,5]``, ``[d-f1-3]``, ``[^...]``,
    ``[#]``, ``[.]``) as ``side`` sees it: Black's ranges are mirrored like its moves (003:464), so
    ``[8]`` is White's eighth rank and Black's first. Dynamic symbols (``+ * :``) and 3D levels
    raise ``NotExecutableError`` (PCE203) with the span of the range."""
    exp = _Expander(geometry, {}, {}, None)
    mask = exp.range(board_range)
    if exp.diagnostics or not isinstance(mask, int) or isinstance(mask, bool):
        raise NotExecutableError(
            exp.diagnostics
            or [info_of(codes.NOT_EXECUTABLE_RANGE).diagnostic("not_static", span=board_range.span)]
        )
    if side == WHITE or mirror is Mirror.NONE:
        return mask
    out = geometry.mirror_vertical(mask)
    return geometry.mirror_horizontal(out) if mirror is Mirror.BOTH else out
