"""Validation of MBN items beyond the grammar: modifier letters, arguments, steps, '=' parts, ranges.

The grammar reads modifiers one letter at a time (every lower-case letter is an MBN modifier or
direction); which doublings mean something is MBN vocabulary, checked here (fbr-mbn-notes 3.2).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.mbn import ast
from notation_toolkit.mbn import codes as C

DIRECTIONS = frozenset("bdflrstvz")
"""Direction letters: forward, backward, left, right, sideways, vertical, any, zig-zag, turn."""

DOUBLINGS = frozenset({"cc", "ee", "gg", "ii", "jj", "kk", "oo", "pp", "tt", "ww", "xx"})
"""Doubled modifier letters MBN defines (``cc`` friendly captures only, ``tt`` no turn ...)."""

Y_PAIRS = frozenset({"cy", "jy", "wy", "xy"})
"""``y`` ("any") after capture, jump, swap or flip."""


def modifier_words(modifiers: tuple[ast.Modifier, ...]) -> list[tuple[str, list[ast.Modifier]]]:
    """Group consecutive modifier letters into MBN words: ``dttw`` -> d, tt, w; ``cy`` -> cy."""
    words: list[tuple[str, list[ast.Modifier]]] = []
    for mod in modifiers:
        if words:
            word, mods = words[-1]
            last = mods[-1]
            plain = not (last.optional or last.piece_set or last.board_range)
            if plain and len(word) == 1 and (word + mod.letter in DOUBLINGS or word + mod.letter in Y_PAIRS):
                words[-1] = (word + mod.letter, [*mods, mod])
                continue
            if plain and word == mod.letter:
                words[-1] = (word + mod.letter, [*mods, mod])
                continue
        words.append((mod.letter, [mod]))
    return words


def iter_ranges(node: object) -> Iterator[ast.BoardRange]:
    """Every board range inside an MBN node (iteratively)."""
    stack: list[object] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.BoardRange):
            yield current
            continue
        if isinstance(current, tuple):
            stack.extend(current)
            continue
        slots = getattr(type(current), "__slots__", None)
        if slots is None or isinstance(current, ast.PieceSet | str | Span):
            continue
        for name in slots:
            value = getattr(current, name, None)
            if value is not None and not isinstance(value, str | int | bool | Span):
                stack.append(value)


def _partials(moves: ast.MoveSequence) -> Iterator[ast.PartialMove]:
    stack: list[object] = [moves]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.MoveSequence):
            stack.extend(node.legs)
        elif isinstance(node, ast.OptionalLeg):
            stack.append(node.moves)
        elif isinstance(node, ast.Alternatives):
            stack.extend(node.moves)
        elif isinstance(node, ast.PartialMove):
            yield node
            stack.extend(u.moves for u in node.units if isinstance(u, ast.Group))
        elif isinstance(node, ast.MoveTarget):
            stack.append(node.moves)


def check_moves(moves: ast.MoveSequence) -> list[Diagnostic]:
    """Diagnostics for one move expression."""
    out: list[Diagnostic] = []
    for partial in _partials(moves):
        for word, mods in modifier_words(partial.modifiers):
            span = _cover(mods)
            if len(word) > 1 and word not in DOUBLINGS and word not in Y_PAIRS:
                out.append(
                    Diagnostic(
                        C.UNDEFINED_DOUBLING,
                        f"the modifier letters {word!r} have no meaning in MBN",
                        span,
                        hint="MBN defines cc, cy, ee, gg, ii, jj, jy, kk, oo, pp, tt, ww, wy, xx, xy; "
                        "oblique directions are written (fs)",
                    )
                )
            if word == "y":
                out.append(
                    Diagnostic(
                        C.LONE_Y, "'y' (any) must follow c, j, w or x", span, hint="write cy, jy, wy or xy"
                    )
                )
            if word == "q":
                out.append(
                    Diagnostic(C.UNUSED_Q, "the modifier 'q' is unused in MBN", span, Severity.WARNING)
                )
            last = mods[-1]
            if word[0] in DIRECTIONS and (last.optional or last.piece_set or last.board_range):
                out.append(
                    Diagnostic(
                        C.ARGUMENT_ON_DIRECTION,
                        f"the direction {word!r} takes no '?', piece set or board range",
                        last.span,
                        hint="put piece sets after m, c, e, g, j, k, p, w or x",
                    )
                )
            elif last.board_range is not None and word[0] != "o":
                out.append(
                    Diagnostic(
                        C.RANGE_NOT_ON_O,
                        f"only the modifier 'o' takes a board range, not {word!r}",
                        last.board_range.span,
                        hint="put an origin range before the modifiers, a destination range after the move",
                    )
                )
        for unit in partial.units:
            steps = getattr(unit, "steps", None)
            if isinstance(steps, ast.Steps) and steps.text.endswith("*") and steps.text not in ("0*", "**"):
                out.append(
                    Diagnostic(
                        C.BAD_STEPS,
                        f"the step count {steps.text!r} is not defined",
                        steps.span,
                        hint="use n, 0, 0n, 0*, ** or #",
                    )
                )
    return out


@dataclass(frozen=True, slots=True)
class RangeCodes:
    """The codes board-range checks report: MBN's own, or those of a notation that embeds MBN
    (FBR passes its FBR240/FBR241 so a rule file reports one code per problem)."""

    reversed_range: str = C.REVERSED_RANGE
    rank_zero: str = C.RANK_ZERO


MBN_RANGE_CODES = RangeCodes()


def check_range(node: ast.BoardRange, codes: RangeCodes = MBN_RANGE_CODES) -> list[Diagnostic]:
    """Board-range checks shared with FBR: reversed spans, rank 0, levels outside A-H."""
    out: list[Diagnostic] = []
    for single in node.ranges:
        for part in (single.files, single.ranks, single.level, single.row):
            if part is None:
                continue
            numeric = isinstance(part, ast.RankSpan)
            first = int(part.first) if numeric else part.first
            last = (int(part.last) if numeric else part.last) if part.last is not None else first
            if last < first:  # type: ignore[operator]
                out.append(
                    Diagnostic(
                        codes.reversed_range,
                        f"the range {part} runs backwards",
                        part.span,
                        hint=f"write {part.last}-{part.first}",
                        fix=Fix(f"write {part.last}-{part.first}", f"{part.last}-{part.first}", part.span),
                    )
                )
            if numeric and part is single.ranks and (first == 0 or last == 0):
                out.append(
                    Diagnostic(codes.rank_zero, "rank 0 does not exist", part.span, hint="ranks start at 1")
                )
            if isinstance(part, ast.LevelSpan) and not all(
                "A" <= c <= "H" for c in (part.first, part.last or "A")
            ):
                out.append(
                    Diagnostic(
                        C.BAD_LEVEL, f"the 3D level {part} is outside A-H", part.span, hint="use A to H"
                    )
                )
    return out


def _cover(mods: list[ast.Modifier]) -> Span | None:
    spans = [m.span for m in mods if m.span is not None]
    if not spans:
        return None
    out = spans[0]
    for s in spans[1:]:
        out = out.cover(s)
    return out


def check_item(item: object, range_codes: RangeCodes = MBN_RANGE_CODES) -> list[Diagnostic]:
    """Diagnostics for one MBN item (definition, declaration, promotion rule, cancellation)."""
    out: list[Diagnostic] = []
    if isinstance(item, ast.Cancellation):
        item = item.item
    if isinstance(item, ast.PieceDefinition):
        castling = item.head.letter.is_castling
        expected = 2 if castling else 1
        if len(item.moves) != expected:
            out.append(
                Diagnostic(
                    C.PARTS_COUNT,
                    f"{item.head} has {len(item.moves)} move parts; "
                    + ("castling takes the king's and the rook's" if castling else "a piece takes one"),
                    item.span,
                    hint="only O-O and O-O-O take two '=' parts",
                )
            )
        for moves in item.moves:
            out.extend(check_moves(moves))
        promotion = _single_equals_promotion(item)
        if promotion is not None:
            out.append(promotion)
    elif isinstance(item, ast.PromotionRule):
        for target in item.targets:
            if isinstance(target, ast.MoveTarget):
                out.extend(check_moves(target.moves))
    elif isinstance(item, ast.MoveSequence):
        out.extend(check_moves(item))
    for board_range in iter_ranges(item):
        out.extend(check_range(board_range, range_codes))
    return out


validate = check_item
"""The template name of the semantic checks (``validate(ast) -> list[Diagnostic]``)."""


def _single_equals_promotion(item: ast.PieceDefinition) -> Diagnostic | None:
    # `+P=QRBN` (ticket #3): a prefixed piece whose only move is a bare list of several letters.
    if not item.head.prefixes or item.head.macro or len(item.moves) != 1:
        return None
    seq = item.moves[0]
    if len(seq.legs) != 1 or not isinstance(seq.legs[0], ast.Alternatives) or len(seq.legs[0].moves) != 1:
        return None
    partial = seq.legs[0].moves[0]
    bare = (
        partial.modifiers == ()
        and partial.origin is None
        and partial.destination is None
        and partial.transition is None
        and not partial.setup
        and partial.attackers is None
        and partial.condition is None
    )
    if not bare or len(partial.units) < 2:
        return None
    if not all(isinstance(u, ast.Atom) and u.steps is None and u.circular is None for u in partial.units):
        return None
    letters = "".join(u.letter for u in partial.units if isinstance(u, ast.Atom))
    text = f"{item.head}=={letters}"
    return Diagnostic(
        C.PROMOTION_WITH_SINGLE_EQUALS,
        f"{item.head}={letters} defines moves (like {', '.join(letters)}); a promotion list needs '=='",
        item.span,
        Severity.WARNING,
        hint=f"write {text} if the piece promotes to these pieces",
        fix=Fix(f"write {text}", text, item.span),
    )
