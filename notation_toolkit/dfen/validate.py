"""DFEN's checks: FEN's (``fen.validate``) plus rules F2 and F3 of the Dice Chess rules.

* F2, field 4: several en-passant targets, each on rank 3 or 6 (DFEN213), none twice (DFEN212),
  written in lexicographic order (DFEN214, a note: any order is accepted);
* F3, field 7: at most three dice (DFEN221), one case (DFEN222), the case of the side to move
  (DFEN223, refused when strict), sorted by value (DFEN224, a note);
* F5: FEN's sanity warnings, where a missing king is the final position of a game (R17).

:func:`build` turns DFEN's fields into the AST as FEN's does (fields 1-3, 5 and 6 through FEN's
``build_shared``), with field 4's several targets, field 7's dice and the F1 defaults note.
"""

from __future__ import annotations

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.dfen.ast import DfenPosition, DicePool, EnPassantTargets, sort_dice
from notation_toolkit.dfen.codes import (
    DFEN202,
    DFEN212,
    DFEN213,
    DFEN214,
    DFEN221,
    DFEN222,
    DFEN223,
    DFEN224,
)
from notation_toolkit.dfen.grammar import SYNTAX
from notation_toolkit.fen.ast import SQUARE_INDEX, SQUARE_NAMES
from notation_toolkit.fen.validate import (
    Extension,
    Findings,
    build_shared,
    castling_warnings,
    check_common,
    default_offsets,
    en_passant_warnings,
    field_span,
    finish,
    sanity_warnings,
    span_at,
)

# field-4 text -> (targets, canonical text); only valid texts are cached
_EP_CACHE: dict[str, tuple[frozenset[int], str]] = {"-": (frozenset(), "-")}
_CACHE_LIMIT = 8192


def check_targets(text: str, offset: int, side: str, found: Findings) -> EnPassantTargets:
    """Field 4 of DFEN (F2): squares on rank 3 or 6, none twice, in lexicographic order."""
    span = span_at(offset, len(text))
    cached = _EP_CACHE.get(text)
    if cached is None:
        squares: set[int] = set()
        valid = True
        for i in range(0, len(text), 2):
            name = text[i : i + 2]
            where = span_at(offset + i, 2)
            index = SQUARE_INDEX[name]
            if name[1] not in "36":
                valid = False
                found.error(DFEN213, where, "en_passant", square=name)
            elif index in squares:
                valid = False
                found.error(DFEN212, where, "en_passant", square=name)
            squares.add(index)
        if not valid:
            return EnPassantTargets(frozenset(squares), span)
        targets = frozenset(squares)
        cached = (targets, "".join(sorted(SQUARE_NAMES[s] for s in targets)))
        if len(_EP_CACHE) >= _CACHE_LIMIT:
            _EP_CACHE.clear()
        _EP_CACHE[text] = cached
    targets, canonical = cached
    if canonical != text:
        found.note(DFEN214, span, "en_passant", canonical, canonical=canonical)
    return EnPassantTargets(targets, span)


def check_dice(text: str | None, offset: int, side: str, found: Findings) -> DicePool:
    """Field 7 (F3): at most three dice, in the case of the side to move, sorted by value."""
    if text is None:
        return DicePool(None)
    span = span_at(offset, len(text))
    if text == "-":
        return DicePool(None, span)
    upper = text.isupper()
    if not upper and not text.islower():
        found.error(DFEN222, span, "dice", dice=text, upper=text.upper(), lower=text.lower())
    if len(text) > 3:
        found.error(DFEN221, span, "dice", dice=text, count=len(text))
    if found.errors and found.errors[-1].field == "dice":
        return DicePool(sort_dice(text), span)
    dice = sort_dice(text)
    letters = "".join(dice)
    canonical = letters if side == "w" else letters.lower()
    if upper != (side == "w"):
        mover = "White" if side == "w" else "Black"
        case = "upper" if side == "w" else "lower"
        found.fix(DFEN223, span, "dice", canonical, dice=text, mover=mover, case=case, canonical=canonical)
    elif canonical != text:
        found.note(DFEN224, span, "dice", canonical, canonical=canonical)
    return DicePool(dice, span)


def validate(position: DfenPosition) -> list[Diagnostic]:
    """The semantic checks of a built position: FEN's shared checks, F2 and F3 over its canonical
    text (spans point into ``dumps(position)``), then the sanity warnings (F5).

    A position returned by ``parse`` has no errors (they would have been raised), so this gives
    its warnings; a position built by code may also have errors (a target on rank 4, four dice ...).
    """
    found = Findings(lenient=True, built=True)
    texts, offsets = check_common(position, found, SYNTAX)
    side = texts[1]
    if texts[3] and texts[3] != "-" and side:
        check_targets(texts[3], offsets[3], side, found)
    if len(texts) > 6 and texts[6] and side:
        check_dice(texts[6], offsets[6], side, found)
    if found.errors:
        return found.errors
    return warnings(position)


def warnings(position: DfenPosition) -> list[Diagnostic]:
    """Warnings of a position that cannot arise in a game: the sanity checks of rule F5 (pawns on
    rank 1 or 8, two kings of a colour, a missing king), a castling right without its king or rook
    (FEN183, R13/R14), an en-passant target without the pawn that made it (FEN184, R15)."""
    squares = position.board.squares
    targets = position.en_passant_targets
    out = sanity_warnings(position.board, "Dice Chess", final_ok=True)
    # R14: a king capture removes the loser's rights too, so a final position is held to the rule
    out += castling_warnings(
        squares, position.castling_rights, field_span(position, position.castling_rights, 2)
    )
    if targets.squares:
        out += en_passant_warnings(
            squares, tuple(targets.squares), field_span(position, targets, 3), empty_squares=False
        )
    return out


# ---------------------------------------------------------------------------------- fields -> AST

_DEFAULT_TAIL = ("0", "1", "-")


def build(
    text: str,
    groups: tuple[str | None, ...],
    lenient: bool,
    offsets: tuple[int, ...] | None = None,
    extension: Extension | None = None,
) -> tuple[DfenPosition, list[Diagnostic]]:
    """The DFEN position of the fields ``groups`` (``None`` for a field the text leaves out, F1)."""
    found = Findings(lenient)
    if offsets is None:
        offsets = default_offsets(groups)
    raw = extension.raw if extension is not None else {}
    shared = build_shared(groups, offsets, found, raw)
    side = shared.side.color
    ep = groups[3]
    if ep is not None:
        targets = check_targets(ep, offsets[3], side, found)
    else:
        ep_raw = raw.get("en_passant")
        targets = EnPassantTargets(
            frozenset(), None if ep_raw is None else span_at(ep_raw[1], len(ep_raw[0]))
        )
    pool = check_dice(groups[6], offsets[6], side, found)
    span = span_at(0, len(text))
    if extension is not None:
        # A user grammar decides which fields a text has: no defaults note, and a dice field in
        # its own syntax is not rolled dice as far as DFEN can tell (the node keeps the text).
        other = raw.get("dice")
        if other is not None:
            pool = DicePool(None, span_at(other[1], len(other[0])))
        nodes = extension.nodes
    else:
        nodes = ()
        if groups[6] is None:
            given = 4 + sum(g is not None for g in groups[4:6])
            tail = " " + " ".join(_DEFAULT_TAIL[given - 4 :])
            end = span_at(len(text), 0)
            found.note(DFEN202, end, None, tail, given=given)
    position = DfenPosition(
        shared.board,
        shared.side,
        shared.castling,
        targets,
        shared.halfmove,
        shared.fullmove,
        pool,
        span,
        nodes,
    )
    return finish(text, position, found)
