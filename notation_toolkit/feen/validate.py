"""What the FEEN grammar cannot say: the semantic checks, shared by the fast and the LALR paths.

Dimensional coherence (FEEN201), cardinality (FEEN202), the case of the two styles (FEEN203),
canonical hands (FEEN204, FEEN205) and the configured limits (FEEN302-FEEN304). Lenient mode
canonicalizes the hands instead of refusing them.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.errors import CanonicalFormError, LimitError, NotationError, ValidationError
from notation_toolkit.core.span import Span
from notation_toolkit.feen.ast import Hand, HandItem, Hands, Piece, Placement, Position, Side, StyleTurn
from notation_toolkit.feen.codes import (
    FEEN201,
    FEEN202,
    FEEN203,
    FEEN204,
    FEEN205,
    FEEN302,
    FEEN303,
    FEEN304,
)
from notation_toolkit.feen.grammar import Profile, get_profile, scan_hand
from notation_toolkit.feen.limits import Limits, resolve_limits

__all__ = ["canonical_items", "validate"]


def validate(
    position: Position,
    *,
    profile: str = "feen",
    limits: Limits | str | None = None,
) -> list[Diagnostic]:
    """The semantic diagnostics of a position (empty: valid), in strict mode.

    The grammar's rules are assumed to hold (the position came from ``parse`` or was built from
    valid parts); this runs only the checks the grammar cannot express.

    >>> from notation_toolkit import feen
    >>> pos = feen.parse("8/8/8/8/8/8/8/8 PpP/p C/c", lenient=True)
    >>> validate(pos)
    []
    """
    return semantics(position, get_profile(profile), resolve_limits(limits), lenient=False).errors


# ----------------------------------------------------------------------------------------------
# the placement


def _incoherent_separator(seps: tuple[int, ...]) -> int | None:
    """Index of a separator group that breaks dimensional coherence, or None.

    A group of length N may only separate parts that contain groups of length N-1 (and no
    longer ones, which holds because N is the longest in its part).
    """
    top = max(seps, default=0)
    stack = [(0, len(seps), top)]  # (first sep index, end sep index, level the part must have)
    while stack:
        lo, hi, level = stack.pop()
        if level == 0:
            continue
        cuts = [i for i in range(lo, hi) if seps[i] == level]
        bounds = [lo - 1, *cuts, hi]
        for a, b in itertools.pairwise(bounds):
            sub_lo, sub_hi = a + 1, b
            inner = max(seps[sub_lo:sub_hi], default=0)
            if inner != level - 1:
                # Blame the group that separates the defective part (the one after it, if any).
                return b if b < hi else a
            stack.append((sub_lo, sub_hi, level - 1))
    return None


def coherence_diagnostic(placement: Placement) -> Diagnostic | None:
    """FEEN201 when a separator group does not separate parts split one level lower."""
    seps = placement.separators
    if not seps or max(seps) == 1:
        return None
    bad = _incoherent_separator(seps)
    if bad is None:
        return None
    n = seps[bad]
    return FEEN201.diagnostic(
        span=placement.separator_span(bad),
        field="placement",
        group="/" * n if n <= 8 else f"a group of {n} '/'",
        want="/" * (n - 1) if n - 1 <= 8 else f"groups of {n - 1} '/'",
        left=_short(placement.segments[bad]),
        right=_short(placement.segments[bad + 1]),
        n=n,
        dimension=n + 1,
        inner=f"{n - 1} slash{'es' if n - 1 != 1 else ''}",
    )


def _short(s: str) -> str:
    return s if len(s) <= 20 else s[:17] + "..."


def limit_diagnostics(placement: Placement, limits: Limits) -> list[Diagnostic]:
    """FEEN302-FEEN304: what the configured limits refuse about the board."""
    out = []
    dims = placement.dimensions
    if limits.max_dimensions is not None and dims > limits.max_dimensions:
        out.append(
            FEEN302.diagnostic(
                span=placement.span,
                field="placement",
                dimensions=dims,
                limits=limits.name,
                limit=limits.max_dimensions,
            )
        )
    shape = placement.shape
    if limits.regular_only and shape is None:
        out.append(
            FEEN304.diagnostic(
                span=placement.span, field="placement", lengths=_lengths(placement), limits=limits.name
            )
        )
    if limits.max_cells is not None:
        sizes = shape if shape is not None else (len(placement.segments), max(placement.lengths))
        biggest = max(sizes)
        if biggest > limits.max_cells:
            out.append(
                FEEN303.diagnostic(
                    span=placement.span,
                    field="placement",
                    cells=biggest,
                    limits=limits.name,
                    limit=limits.max_cells,
                )
            )
    return out


def _lengths(placement: Placement) -> str:
    seen = sorted(set(placement.lengths))
    return ", ".join(map(str, seen[:6])) + (" ..." if len(seen) > 6 else "")


def cardinality_diagnostic(position: Position) -> Diagnostic | None:
    """FEEN202 when there are more pieces (board and hands) than squares."""
    placement = position.placement
    in_hands = position.hands.piece_count
    pieces = placement.piece_count + in_hands
    squares = placement.square_count
    if pieces <= squares:
        return None
    return FEEN202.diagnostic(
        span=position.hands.span if in_hands else placement.span,
        field="hands" if in_hands else "placement",
        pieces=pieces,
        board=placement.piece_count,
        in_hands=in_hands,
        squares=f"{squares} square{'s' if squares != 1 else ''}",
    )


def style_diagnostic(style_turn: StyleTurn) -> Diagnostic | None:
    """FEEN203 when both styles have the same case."""
    a, b = style_turn.active, style_turn.inactive
    if a.side is not b.side:
        return None
    return FEEN203.diagnostic(
        span=style_turn.span,
        field="style-turn",
        case="uppercase" if a.side is Side.FIRST else "lowercase",
        active=a,
        inactive=b,
        first=f"{a.name.upper()}/{b.name.lower()}",
        second=f"{a.name.lower()}/{b.name.upper()}",
    )


# ----------------------------------------------------------------------------------------------
# the hands


def canonical_items(items: Sequence[HandItem]) -> tuple[HandItem, ...]:
    """Hand items aggregated (one item per piece) and sorted in canonical order."""
    totals: dict[Piece, int] = {}
    first_span: dict[Piece, Span | None] = {}
    repeated: set[Piece] = set()
    for item in items:
        if item.piece in totals:
            repeated.add(item.piece)
        totals[item.piece] = totals.get(item.piece, 0) + item.count
        first_span.setdefault(item.piece, item.span)
    out = [HandItem(p, n, None if p in repeated else first_span[p]) for p, n in totals.items()]
    out.sort(key=lambda i: i.sort_key)
    return tuple(out)


def hand_diagnostics(hand: Hand, canonical_hands: str, hands_span: Span | None) -> list[Diagnostic]:
    """Aggregation and order problems of one hand (each with the canonical hands as the fix)."""
    items = hand.items
    out: list[Diagnostic] = []
    side = "first" if hand.side is Side.FIRST else "second"
    fix = Fix("write the hands in canonical form", canonical_hands, hands_span)
    seen: dict[Piece, HandItem] = {}
    for item in items:
        prior = seen.get(item.piece)
        if prior is not None:
            total = sum(i.count for i in items if i.piece is item.piece)
            out.append(
                FEEN204.diagnostic(
                    span=item.span,
                    field="hands",
                    fix=fix,
                    piece=item.piece,
                    side=side,
                    total=total,
                    canonical=canonical_hands,
                )
            )
            break
        seen[item.piece] = item
    for before, after in itertools.pairwise(items):
        if out:  # aggregation first: "PpP" is a duplicate, not a sorting problem
            break
        if before.piece is not after.piece and after.sort_key < before.sort_key:
            out.append(
                FEEN205.diagnostic(
                    span=after.span,
                    field="hands",
                    fix=fix,
                    after=after,
                    before=before,
                    canonical=canonical_hands,
                    reason=_order_reason(after, before),
                )
            )
            break
    return out


def _order_reason(a: HandItem, b: HandItem) -> str:
    if a.count != b.count:
        return "higher counts first"
    pa, pb = a.piece, b.piece
    if pa.letter.lower() != pb.letter.lower():
        return "letters in alphabetical order"
    if pa.side is not pb.side:
        return "uppercase before lowercase"
    if pa.state is not pb.state:
        return "state '-' before '+' before none"
    if pa.terminal != pb.terminal:
        return "without '^' before with"
    return 'without "\'" before with'


def canonical_hand(hand: Hand) -> Hand:
    """The hand aggregated and sorted (without a span: it no longer matches the input)."""
    items = canonical_items(hand.items)
    return Hand(hand.side, "".join(map(str, items)), hand.size, None, [])


def canonical_hands(hands: Hands) -> Hands:
    """Both hands in canonical form."""
    return Hands(canonical_hand(hands.first), canonical_hand(hands.second), hands.span)


def is_canonical(hand: Hand, profile: Profile) -> bool:
    """True if the hand is aggregated and sorted (memoized per hand text)."""
    return not hand.text or scan_hand(hand.text, profile)[1]


# ----------------------------------------------------------------------------------------------
# all checks


@dataclass(frozen=True, slots=True)
class Outcome:
    """The validated position (canonicalized in lenient mode), its errors and the fixes applied."""

    position: Position
    errors: list[Diagnostic]
    fixes: list[Diagnostic]


def semantics(position: Position, profile: Profile, limits: Limits, lenient: bool) -> Outcome:
    """Every check the grammar cannot express; lenient mode canonicalizes the hands instead."""
    errors: list[Diagnostic] = []
    fixes: list[Diagnostic] = []
    placement = position.placement
    coherence = coherence_diagnostic(placement)
    if coherence is not None:
        errors.append(coherence)
    if limits.max_dimensions is not None or limits.regular_only or limits.max_cells is not None:
        errors.extend(limit_diagnostics(placement, limits))
    style_problem = style_diagnostic(position.style_turn)
    if style_problem is not None:
        errors.append(style_problem)
    if profile.cardinality:
        card = cardinality_diagnostic(position)
        if card is not None:
            errors.append(card)
    hands = position.hands
    if not (is_canonical(hands.first, profile) and is_canonical(hands.second, profile)):
        canonical = canonical_hands(hands)
        canonical_text = str(canonical)
        found = hand_diagnostics(hands.first, canonical_text, hands.span) + hand_diagnostics(
            hands.second, canonical_text, hands.span
        )
        if lenient:
            # In lenient mode the same findings are information: the hands are repaired below.
            fixes.extend(dataclasses.replace(d, severity=Severity.INFO) for d in found)
            position = Position(placement, canonical, position.style_turn, position.span, position.extensions)
        else:
            errors.extend(found)
    return Outcome(position, errors, fixes)


def raise_for(errors: list[Diagnostic], text: str) -> None:
    """Raise the error class that fits ``errors`` (limits first, canonical-form problems last)."""
    codes = {d.code for d in errors}
    if any(c.startswith("FEEN30") for c in codes):
        cls: type[NotationError] = LimitError
    elif codes <= {"FEEN204", "FEEN205"}:
        cls = CanonicalFormError
    else:
        cls = ValidationError
    ordered = sorted(
        errors, key=lambda d: (not d.code.startswith("FEEN30"), d.code in ("FEEN204", "FEEN205"))
    )
    raise cls(ordered, text)
