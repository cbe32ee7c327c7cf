"""Validation of MBN items beyond the grammar: modifier letters, arguments, steps, '=' parts, ranges.

The grammar reads modifiers one letter at a time (every lower-case letter is an MBN modifier or
direction); which doublings mean something is MBN vocabulary, checked here (fbr-mbn-notes 3.2).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from notation_toolkit.core.codes import get_code
from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.mbn import ast
from notation_toolkit.mbn import codes as C
from notation_toolkit.mbn.ast import walk_list
from notation_toolkit.mbn.format import format_partial

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

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


def _contradiction(partial: ast.PartialMove) -> Diagnostic | None:
    # `m` (move only) with a capture-only word (`c`, `cc`, `cy`) leaves no move at all.
    words = modifier_words(partial.modifiers)
    moves = [mods for word, mods in words if word == "m"]
    captures = [mods for word, mods in words if word in ("c", "cc", "cy") and not mods[-1].optional]
    if not moves or not captures:
        return None
    span = _cover([*moves[0], *captures[0]])
    letters = "".join(m.letter for m in captures[0])
    # The fix splits the partial move into two alternatives, one per modifier: `mcW` -> `mW+cW`
    # ('+' binds tighter than the leg links, so the split stays inside the same leg).
    quiet = replace(partial, modifiers=tuple(m for m in partial.modifiers if m not in captures[0]))
    capture = replace(partial, modifiers=tuple(m for m in partial.modifiers if m not in moves[0]))
    split = format_partial(quiet) + "+" + format_partial(capture)
    code = C.INFO[C.CONTRADICTORY_MODIFIERS]
    fix = code.fix("", split, partial.span, split=split) if partial.span is not None else None
    return code.diagnostic(span=span, fix=fix, letters=letters, split=split)


def check_moves(moves: ast.MoveSequence) -> list[Diagnostic]:
    """Diagnostics for one move expression."""
    out: list[Diagnostic] = []
    for partial in _partials(moves):
        contradiction = _contradiction(partial)
        if contradiction is not None:
            out.append(contradiction)
        for word, mods in modifier_words(partial.modifiers):
            span = _cover(mods)
            if len(word) > 1 and word not in DOUBLINGS and word not in Y_PAIRS:
                out.append(C.INFO[C.UNDEFINED_DOUBLING].diagnostic(span=span, word=word))
            if word == "y":
                out.append(C.INFO[C.LONE_Y].diagnostic(span=span))
            if word == "q":
                out.append(C.INFO[C.UNUSED_Q].diagnostic(span=span, severity=Severity.WARNING))
            last = mods[-1]
            if word[0] in DIRECTIONS and (last.optional or last.piece_set or last.board_range):
                out.append(C.INFO[C.ARGUMENT_ON_DIRECTION].diagnostic(span=last.span, word=word))
            elif last.board_range is not None and word[0] != "o":
                out.append(C.INFO[C.RANGE_NOT_ON_O].diagnostic(span=last.board_range.span, word=word))
        for unit in partial.units:
            steps = getattr(unit, "steps", None)
            if isinstance(steps, ast.Steps) and steps.text.endswith("*") and steps.text not in ("0*", "**"):
                out.append(C.INFO[C.BAD_STEPS].diagnostic(span=steps.span, steps=steps.text))
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
                reversed_range = get_code(codes.reversed_range)
                assert reversed_range is not None  # MBN209, or the embedding notation's own code
                fix = reversed_range.fix(
                    "", f"{part.last}-{part.first}", part.span, first=part.first, last=part.last
                )
                out.append(
                    reversed_range.diagnostic(
                        span=part.span, fix=fix, written=part, first=part.first, last=part.last
                    )
                )
            if numeric and part is single.ranks and (first == 0 or last == 0):
                rank_zero = get_code(codes.rank_zero)
                assert rank_zero is not None
                out.append(rank_zero.diagnostic(span=part.span))
            if isinstance(part, ast.LevelSpan) and not all(
                "A" <= c <= "H" for c in (part.first, part.last or "A")
            ):
                out.append(C.INFO[C.BAD_LEVEL].diagnostic(span=part.span, level=part))
    return out


def _cover(mods: list[ast.Modifier]) -> Span | None:
    spans = [m.span for m in mods if m.span is not None]
    if not spans:
        return None
    out = spans[0]
    for s in spans[1:]:
        out = out.cover(s)
    return out


def check_item(
    item: object, range_codes: RangeCodes = MBN_RANGE_CODES, nodes: list[object] | None = None
) -> list[Diagnostic]:
    """Diagnostics for one MBN item (definition, declaration, promotion rule, cancellation).

    ``nodes``: ``list(item.walk())`` when the caller has it already (saves a traversal).
    """
    out: list[Diagnostic] = []
    if isinstance(item, ast.Cancellation):
        item = item.item
    if isinstance(item, ast.PieceDefinition):
        castling = item.head.letter.is_castling
        expected = 2 if castling else 1
        if len(item.moves) != expected:
            out.append(
                C.INFO[C.PARTS_COUNT].diagnostic(
                    "castling" if castling else "", span=item.span, head=item.head, count=len(item.moves)
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
    ranges = iter_ranges(item) if nodes is None else (n for n in nodes if isinstance(n, ast.BoardRange))
    for board_range in ranges:
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
    code = C.INFO[C.PROMOTION_WITH_SINGLE_EQUALS]
    return code.diagnostic(
        span=item.span,
        severity=Severity.WARNING,
        fix=code.fix("", text, item.span, text=text),
        head=item.head,
        letters=letters,
        listed=", ".join(letters),
        text=text,
    )


# ------------------------------------------------------------------------------------------------
# Letters against the file that holds the item (the FBR validator passes what the file defines)
# ------------------------------------------------------------------------------------------------


def is_base_compound(letter: str) -> bool:
    """``:K:``: a one-letter compound of a base letter, which reads as that atom (003:1015)."""
    return len(letter) == 3 and letter[0] == ":" and letter[2] == ":" and letter[1].isalpha()


class LetterMemo:
    """What ``check_letters`` derives from the defined letters, computed once per rule file.

    Without it every item of a file rebuilt the set of compound keys and re-sorted every letter
    for each suggestion: work per item that grows with the file.
    """

    __slots__ = ("_compounds", "_defined", "_hits", "_sorted")

    def __init__(self, defined: set[str]) -> None:
        self._defined = defined
        self._compounds: set[str] | None = None
        self._hits: dict[tuple[bool, str], list[str]] = {}
        self._sorted: dict[bool, list[str]] = {}

    @property
    def compounds(self) -> set[str]:
        """The compound keys (``:XY:``) among the defined letters."""
        if self._compounds is None:
            self._compounds = {k for k in self._defined if k.startswith(":")}
        return self._compounds

    def close(self, text: str, compounds_only: bool) -> list[str]:
        """``close_matches(text.upper(), sorted(pool))``, remembered per text."""
        key = (compounds_only, text)
        hits = self._hits.get(key)
        if hits is None:
            from notation_toolkit.core.suggest import close_matches

            pool = self._sorted.get(compounds_only)
            if pool is None:
                pool = self._sorted[compounds_only] = sorted(
                    self.compounds if compounds_only else self._defined
                )
            hits = self._hits[key] = close_matches(text.upper(), pool)
        return hits


def _did_you_mean(
    text: str,
    known: set[str],
    span: Span | None,
    memo: LetterMemo | None = None,
    compounds_only: bool = False,
) -> tuple[str | None, Fix | None]:
    # core.suggest imports difflib: loaded when a letter is unknown, not by every check
    from notation_toolkit.core.suggest import close_matches, suggestion

    hits = close_matches(text.upper(), sorted(known)) if memo is None else memo.close(text, compounds_only)
    return suggestion(text, hits, span)


def check_letters(
    item: object,
    defined: set[str],
    used: set[str],
    nodes: list[object] | None = None,
    *,
    memo: LetterMemo | None = None,
) -> list[Diagnostic]:
    """MBN211 and MBN213 for one item of a rule file.

    ``defined``: piece keys the file defines (heads, macros, promotion and drop targets, pieces
    of defining rules); ``used``: piece keys the file's items use (moves, piece sets);
    ``nodes``: ``list(item.walk())`` when the caller has it already; ``memo``: a ``LetterMemo``
    of ``defined`` shared by the items of one file.
    """
    out: list[Diagnostic] = []
    if isinstance(item, ast.Cancellation):
        item = item.item
    if not isinstance(item, ast.PieceDefinition | ast.PromotionRule):
        return out
    compounds = memo.compounds if memo is not None else {k for k in defined if k.startswith(":")}
    for node in walk_list(item) if nodes is None else nodes:
        if isinstance(node, ast.Atom) and node.kind == "compound":
            key = node.letter.upper()
            if key in defined or is_base_compound(key):
                continue
            hint, fix = _did_you_mean(node.letter, compounds, node.span, memo, True)
            code = C.INFO[C.UNDEFINED_MOVE_LETTER]
            if hint is not None:
                out.append(code.diagnostic(span=node.span, hint=hint, fix=fix, letter=node.letter))
            else:
                out.append(code.diagnostic(span=node.span, letter=node.letter))
        elif isinstance(node, ast.MoveCondition):
            piece = node.piece
            letters = [m.letter for m in piece.members] if isinstance(piece, ast.PieceSet) else [piece]
            for letter in letters:
                key = letter.key
                if key in defined:
                    continue
                compound = letter.is_compound and not is_base_compound(key)
                if not compound and key in used:
                    continue
                hint, fix = _did_you_mean(letter.text, defined, letter.span, memo, False)
                code = C.INFO[C.UNDEFINED_CONDITION_PIECE]
                severity = Severity.ERROR if compound else Severity.WARNING
                if hint is not None:
                    found = code.diagnostic(
                        span=letter.span, severity=severity, hint=hint, fix=fix, letter=letter.text, key=key
                    )
                else:
                    found = code.diagnostic(span=letter.span, severity=severity, letter=letter.text, key=key)
                out.append(found)
    return out
