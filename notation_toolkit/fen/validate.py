"""What FEN's grammar cannot say: 8 ranks of 8 squares, the en-passant rank, canonical spelling,
bounded clocks, and the sanity warnings of positions that cannot arise in a game.

Two entry points share the same checks:

* :func:`build` turns the fields of a text (the regex fast path's groups, or the fields the
  transformer found in a Lark tree) into the AST: the *field checks* (``check_board``,
  ``check_castling`` ...) read each field as written, report to a :class:`Findings` and return
  the field's node, so each field is read once and a non-canonical spelling (``44``, ``qkQK``,
  ``007``) is seen before the AST forgets it; then the errors are raised (strict mode also
  refuses non-canonical spelling);
* :func:`validate` checks a built ``FenPosition`` (parsed, or made by code) by running the same
  field checks over its canonical text, then adds the sanity warnings.

DFEN's ``validate`` adds its own checks (several en-passant targets, the dice pool) to these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar

from notation_toolkit.core.ast import GenericNode, Node
from notation_toolkit.core.codes import CodeInfo
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import CanonicalFormError, ValidationError
from notation_toolkit.core.limits import digits_error
from notation_toolkit.core.span import Span
from notation_toolkit.fen.ast import (
    SQUARE_INDEX,
    SQUARE_NAMES,
    Board,
    CastlingRights,
    EnPassantSquare,
    FenPosition,
    FullmoveNumber,
    HalfmoveClock,
    PositionValues,
    Side,
    castling_text,
)
from notation_toolkit.fen.codes import (
    FEN111,
    FEN112,
    FEN113,
    FEN131,
    FEN132,
    FEN133,
    FEN141,
    FEN142,
    FEN151,
    FEN161,
    FEN180,
    FEN181,
    FEN182,
    FEN183,
    FEN184,
    NUMBER_TOO_LONG,
    info,
)
from notation_toolkit.fen.grammar import FIELD_WORDS, SYNTAX, Syntax

P = TypeVar("P")

INFO, WARNING = Severity.INFO, Severity.WARNING

#: Longest digit string accepted for the clocks (fits a 64-bit integer). Digits are counted
#: before ``int()`` sees them, so a 5,000-digit clock is FEN152, never Python's ValueError.
MAX_DIGITS = 18

_CACHE_LIMIT = 8192
# rank text -> (number of squares, canonical text or None when the text is already canonical)
_RANK_INFO: dict[str, tuple[int, str | None]] = {}
_CASTLING: dict[str, frozenset[str]] = {}
for _mask in range(16):
    _rights = frozenset(c for i, c in enumerate("KQkq") if _mask >> i & 1)
    if _rights:
        _CASTLING[castling_text(_rights)] = _rights

#: X-FEN / Shredder-FEN castling: KQkq and rook files (A-H White, a-h Black).
_FILE_CASTLING = re.compile(r"[KQkqA-Ha-h]+")


def span_at(offset: int, length: int) -> Span:
    """The span of ``length`` characters at ``offset`` (every accepted text is a single line)."""
    return Span(offset, length, 1, offset + 1)


class Findings:
    """What the checks of one reading found: errors, fixes strict mode refuses, and plain notes."""

    __slots__ = ("built", "errors", "fixes", "lenient", "notes")

    def __init__(self, lenient: bool, *, built: bool = False) -> None:
        self.lenient = lenient
        self.built = built  # a position built by code: no spelling to fix, only content to check
        self.errors: list[Diagnostic] = []
        self.fixes: list[Diagnostic] = []  # canonical-form problems: errors unless lenient
        self.notes: list[Diagnostic] = []  # accepted variants; canonical output differs (INFO)

    def error(
        self, code: CodeInfo, span: Span | None, field: str, template: str = "", /, **params: object
    ) -> None:
        """Record an error (the text is refused in every mode), worded by ``code``'s ``template``."""
        self.errors.append(code.diagnostic_from(template, params, span=span, field=field))

    def fix(
        self,
        code: CodeInfo,
        span: Span,
        field: str,
        replacement: str,
        template: str = "",
        /,
        **params: object,
    ) -> None:
        """Record a canonical-form problem: an error when strict, an applied fix when lenient.

        The template's hint (strict only) says how to repair the text; its fix template
        describes the repair."""
        repair = code.fix(template, replacement, span, **params)
        if self.lenient:
            found = code.diagnostic(
                template, span=span, field=field, hint=None, fix=repair, severity=INFO, **params
            )
        else:
            found = code.diagnostic_from(template, params, span=span, field=field, fix=repair)
        self.fixes.append(found)

    def repair(self, code: CodeInfo, span: Span, field: str, replacement: str, /, **params: object) -> None:
        """Record invalid content that a lenient reading of text repairs (python-chess reads it so):
        an applied fix when reading text leniently, an error otherwise (strict, or a built position,
        worded by ``code``'s ``built`` template: there is no text to parse again)."""
        if self.lenient and not self.built:
            self.fix(code, span, field, replacement, **params)
        else:
            self.error(code, span, field, "built" if self.built else "", **params)

    def note(
        self,
        code: CodeInfo,
        span: Span,
        field: str | None,
        replacement: str,
        template: str = "",
        /,
        **params: object,
    ) -> None:
        """Record an accepted variant spelling (INFO, with the canonical spelling as a fix)."""
        repair = code.fix(template, replacement, span, **params)
        self.notes.append(
            code.diagnostic_from(
                template, params, span=span, field=field, hint=None, fix=repair, severity=INFO
            )
        )


def _rank_info(row: str) -> tuple[int, str | None]:
    info = _RANK_INFO.get(row)
    if info is not None:
        return info
    width = 0
    merged = ""
    run = 0
    adjacent = False
    previous_digit = False
    for ch in row:
        # One character at a time: a count is never converted with int(), whatever its length.
        if "0" <= ch <= "9":
            run += ord(ch) - 48
            adjacent = adjacent or previous_digit
            previous_digit = True
            continue
        if run:
            merged += str(run)
            width += run
            run = 0
        merged += ch
        width += 1
        previous_digit = False
    if run:
        merged += str(run)
        width += run
    info = (width, merged if adjacent else None)
    if len(_RANK_INFO) >= _CACHE_LIMIT:
        _RANK_INFO.clear()
    _RANK_INFO[row] = info
    return info


def _squares(n: int) -> str:
    return f"{n} square{'s' if n != 1 else ''}"


def check_board(placement: str, found: Findings, base: int = 0) -> Board:
    """Field 1: 8 ranks (FEN111) of 8 squares (FEN112), counts not adjacent (FEN113)."""
    rows = placement.split("/")
    span = span_at(base, len(placement))
    if len(rows) != 8:
        found.error(FEN111, span, "placement", ranks=f"{len(rows)} rank{'s' if len(rows) != 1 else ''}")
        return Board(placement, span)
    canonical: list[str] | None = None
    offset = base
    for i, row in enumerate(rows):
        width, merged = _rank_info(row)
        if width != 8:
            found.error(
                FEN112,
                span_at(offset, len(row)),
                "placement",
                "long" if width > 8 else "short",
                rank=8 - i,
                row=row,
                width=width,
                squares=_squares(abs(width - 8)),
            )
        elif merged is not None:
            found.fix(
                FEN113, span_at(offset, len(row)), "placement", merged, rank=8 - i, row=row, merged=merged
            )
            if canonical is None:
                canonical = rows[:]
            canonical[i] = merged
        offset += len(row) + 1
    return Board("/".join(canonical) if canonical is not None else placement, span)


def check_castling(text: str, offset: int, found: Findings) -> CastlingRights:
    """Field 3: castling letters in the order KQkq, each once (FEN131)."""
    span = span_at(offset, len(text))
    if text == "-":
        return CastlingRights(frozenset(), span)
    rights = _CASTLING.get(text)
    if rights is None:
        rights = frozenset(text)
        canonical = castling_text(rights)
        why = "repeated" if len(rights) < len(text) else "order"
        found.fix(FEN131, span, "castling", canonical, why, written=text, canonical=canonical)
    return CastlingRights(rights, span)


def check_castling_files(text: str, offset: int, board: Board, found: Findings) -> CastlingRights:
    """Castling in X-FEN / Shredder-FEN style (an extension grammar): rook files map to KQkq.

    ``K``/``Q`` mean the outermost rook on that side of the king; a file letter naming that
    rook is the same right. A file letter naming an inner rook (Chess960) has no KQkq spelling:
    it stays only in the extension node, with an INFO note (FEN133).
    """
    span = span_at(offset, len(text))
    if not _FILE_CASTLING.fullmatch(text) or found.errors:
        return CastlingRights(frozenset(), span)
    squares = board.squares
    rights: set[str] = set()
    for i, ch in enumerate(text):
        if ch in "KQkq":
            rights.add(ch)
            continue
        white = ch.isupper()
        colour, rank = ("White", 1) if white else ("Black", 8)
        king, rook = ("K", "R") if white else ("k", "r")
        row = squares[(rank - 1) * 8 : rank * 8]
        file = ord(ch.lower()) - ord("a")
        where = span_at(offset + i, 1)
        square = f"{ch.lower()}{rank}"
        if king not in row:
            found.error(
                FEN132, where, "castling", "king_moved", letter=ch, colour=colour, square=square, rank=rank
            )
            continue
        if row[file] != rook:
            found.error(FEN132, where, "castling", "no_rook", letter=ch, colour=colour, square=square)
            continue
        king_file = row.index(king)
        outer = range(file + 1, 8) if file > king_file else range(0, file)
        if any(row[f] == rook for f in outer):
            found.notes.append(
                FEN133.diagnostic(span=where, field="castling", severity=INFO, letter=ch, square=square)
            )
            continue
        side = "K" if file > king_file else "Q"
        rights.add(side if white else side.lower())
    return CastlingRights(frozenset(rights), span)


def check_en_passant(text: str, offset: int, side: str, found: Findings) -> EnPassantSquare:
    """Field 4 of FEN: one square, on rank 3 or 6 (FEN141), the rank of the side not to move (FEN142)."""
    span = span_at(offset, len(text))
    if text == "-":
        return EnPassantSquare(None, span)
    rank = text[1]
    if rank not in "36":
        found.error(FEN141, span, "en_passant", square=text)
    elif (rank == "6") != (side == "w"):
        mover, other = ("White", "Black") if side == "w" else ("Black", "White")
        wanted = "6" if side == "w" else "3"
        found.error(
            FEN142, span, "en_passant", square=text, rank=rank, mover=mover, other=other, wanted=wanted
        )
    return EnPassantSquare(SQUARE_INDEX[text], span)


def check_number(text: str, offset: int, field: str, minimum: int, found: Findings) -> int:
    """Fields 5 and 6: at most ``MAX_DIGITS`` digits (FEN152, checked before ``int()``), no
    leading zeros (FEN151), a full-move number of at least 1 (FEN161: lenient mode reads 0 as 1)."""
    span = span_at(offset, len(text))
    if len(text) > MAX_DIGITS:
        # The toolkit's one mechanism for numbers (core.limits), with FEN's own code; collected
        # with the other fields' errors rather than raised at once.
        error = digits_error(
            text, max_digits=MAX_DIGITS, code=NUMBER_TOO_LONG, span=span, field=field, what=FIELD_WORDS[field]
        )
        found.errors.extend(error.diagnostics)
        return minimum
    value = int(text)  # at most MAX_DIGITS ASCII digits (the grammar's NUMBER), checked above
    if value < minimum:
        # one fix per span: '00' is repaired to the minimum directly, not to '0' first
        found.repair(FEN161, span, field, str(minimum), value=value)
        return minimum
    if len(text) > 1 and text[0] == "0":
        found.fix(FEN151, span, field, str(value), what=FIELD_WORDS[field], written=text, value=value)
    return value


def check_common(position: PositionValues, found: Findings, syntax: Syntax) -> tuple[list[str], list[int]]:
    """Check a built position's canonical fields: each against its grammar rule (``syntax``'s
    field regexes, with the field's syntax code), then the checks FEN and DFEN share.

    Returns the field texts of ``str(position)`` and their offsets (spans point there); a field
    whose text is not in the grammar's language is replaced by ``None`` in the texts so that the
    notation's own checks skip it.
    """
    texts = str(position).split(" ")
    offsets: list[int] = []
    at = 0
    for part in texts:
        offsets.append(at)
        at += len(part) + 1
    good: list[str] = []
    for name, part, offset in zip(syntax.field_names, texts, offsets, strict=False):
        if syntax.field_regex(name).fullmatch(part):
            good.append(name)
            continue
        found.error(
            info(syntax.syntax_codes[name]),
            span_at(offset, len(part)),
            name,
            "not_syntax",
            what=syntax.field_words[name],
            part=part[:40],
            label=syntax.label,
            hint=syntax.field_hints[name],
        )
    if "placement" in good:
        check_board(texts[0], found, offsets[0])
    for index, name, minimum in ((4, "halfmove", 0), (5, "fullmove", 1)):
        if name in good:
            check_number(texts[index], offsets[index], name, minimum, found)
    return [t if n in good else "" for n, t in zip(syntax.field_names, texts, strict=False)], offsets


def validate(position: FenPosition) -> list[Diagnostic]:
    """The checks of a built position alone: the errors its canonical text would get (spans
    point into ``dumps(position)``), else the sanity warnings.

    A position returned by ``parse`` has no errors (they would have been raised), so this gives
    its warnings; a position built by code may also have errors (an 8x7 board, a clock < 0 ...).
    """
    found = Findings(lenient=True, built=True)
    texts, offsets = check_common(position, found, SYNTAX)
    if texts[3] and texts[3] != "-" and texts[1]:
        check_en_passant(texts[3], offsets[3], texts[1], found)
    if found.errors:
        return found.errors
    return warnings(position)


def warnings(position: FenPosition) -> list[Diagnostic]:
    """Warnings of a position that cannot arise in a game: pawns on rank 1 or 8, more than one king
    of a colour, a missing king (FEN180-FEN182), a castling right without its king or rook
    (FEN183), an en-passant square without the pawn that has just skipped it (FEN184)."""
    ep = position.en_passant_target
    squares = position.board.squares
    out = sanity_warnings(position.board, "chess")
    if not _castling_extended(position):
        out += castling_warnings(
            squares, position.castling_rights, field_span(position, position.castling_rights, 2)
        )
    if ep.square is not None:
        out += en_passant_warnings(squares, (ep.square,), field_span(position, ep, 3), empty_squares=True)
    return out


def _castling_extended(position: FenPosition) -> bool:
    """Whether a user grammar wrote the castling field its own way (X-FEN's rook files, Chess960):
    its rights then name other squares than the standard start, which FEN132 checks instead."""
    return any(node.rule == "castling" for node in position.extensions)


def field_span(position: PositionValues, node: Node, index: int) -> Span:
    """The span of ``node``, field ``index`` (2: castling, 3: en passant) of ``position``: the
    node's own, or where the position's canonical text has the field (a position built by code)."""
    if node.span is not None:
        return node.span
    texts = [str(position.board), str(position.side), str(position.castling_rights), str(node)]
    return span_at(sum(len(t) + 1 for t in texts[:index]), len(texts[index]))


# (right, king square, rook square, colour, king letter, rook letter)
_CASTLING_HOMES: tuple[tuple[str, int, int, str, str, str], ...] = (
    ("K", SQUARE_INDEX["e1"], SQUARE_INDEX["h1"], "White", "K", "R"),
    ("Q", SQUARE_INDEX["e1"], SQUARE_INDEX["a1"], "White", "K", "R"),
    ("k", SQUARE_INDEX["e8"], SQUARE_INDEX["h8"], "Black", "k", "r"),
    ("q", SQUARE_INDEX["e8"], SQUARE_INDEX["a8"], "Black", "k", "r"),
)


def castling_warnings(
    squares: tuple[str | None, ...], rights: CastlingRights, span: Span
) -> list[Diagnostic]:
    """FEN183 for each castling right whose king or rook is not on its home square (the standard
    start; python-chess's ``BAD_CASTLING_RIGHTS``, Dice Chess R13/R14)."""
    out: list[Diagnostic] = []
    for right, king_sq, rook_sq, colour, king, rook in _CASTLING_HOMES:
        if right not in rights.rights:
            continue
        king_home = squares[king_sq] == king
        rook_home = squares[rook_sq] == rook
        if king_home and rook_home:
            continue
        king_name, rook_name = SQUARE_NAMES[king_sq], SQUARE_NAMES[rook_sq]
        if not king_home and not rook_home:
            problem, piece = "neither is there", "king or that rook"
        elif not king_home:
            problem, piece = f"{king_name} has no {colour} king", "king"
        else:
            problem, piece = f"{rook_name} has no {colour} rook", "rook"
        out.append(
            FEN183.diagnostic(
                span=span,
                field="castling",
                severity=WARNING,
                right=right,
                colour=colour,
                king=king_name,
                rook=rook_name,
                problem=problem,
                piece=piece,
            )
        )
    return out


def en_passant_warnings(
    squares: tuple[str | None, ...],
    targets: tuple[int, ...],
    span: Span,
    *,
    empty_squares: bool,
) -> list[Diagnostic]:
    """FEN184 for each target on rank 3 or 6 without the pawn that skipped it on the square beyond.

    ``empty_squares`` (FEN): the target and the pawn's starting square must be empty as well, as
    python-chess's ``INVALID_EP_SQUARE`` says; DFEN keeps a target until its pawn moves (R15).
    """
    out: list[Diagnostic] = []
    for target in sorted(targets):
        rank = target // 8
        if rank == 2:
            pawn, origin, colour, letter = target + 8, target - 8, "White", "P"
        elif rank == 5:
            pawn, origin, colour, letter = target - 8, target + 8, "Black", "p"
        else:
            continue  # a target off ranks 3 and 6 is an error of its own (FEN141, DFEN)
        if squares[pawn] != letter:
            template, occupied = "no_pawn", ""
        elif empty_squares and (squares[target] is not None or squares[origin] is not None):
            template = "occupied"
            occupied = SQUARE_NAMES[target] if squares[target] is not None else SQUARE_NAMES[origin]
        else:
            continue
        out.append(
            FEN184.diagnostic(
                template,
                span=span,
                field="en_passant",
                severity=WARNING,
                square=SQUARE_NAMES[target],
                pawn=SQUARE_NAMES[pawn],
                colour=colour,
                occupied=occupied,
            )
        )
    return out


def sanity_warnings(board: Board, label: str, *, final_ok: bool = False) -> list[Diagnostic]:
    """Warnings about positions that cannot arise in a game: FEN180-FEN182 (rule F5 for DFEN).

    ``final_ok``: a missing king is explained as the final position of a Dice Chess game (R17).
    """
    placement = board.placement
    base = board.span.offset if board.span is not None else 0
    out: list[Diagnostic] = []
    rows = placement.split("/")
    offset = base
    for i, row in enumerate(rows):
        if (i == 0 or i == 7) and ("P" in row or "p" in row):
            out.append(
                FEN180.diagnostic(
                    span=span_at(offset, len(row)), field="placement", severity=WARNING, rank=8 - i
                )
            )
        offset += len(row) + 1
    for letter, colour in (("K", "White"), ("k", "Black")):
        count = placement.count(letter)
        if count > 1:
            second = placement.index(letter, placement.index(letter) + 1)
            out.append(
                FEN181.diagnostic(
                    span=span_at(base + second, 1),
                    field="placement",
                    severity=WARNING,
                    colour=colour,
                    count=count,
                )
            )
        elif count == 0:
            out.append(
                FEN182.diagnostic(
                    "final" if final_ok else "",
                    span=span_at(base, len(placement)),
                    field="placement",
                    severity=WARNING,
                    colour=colour,
                    label=label,
                )
            )
    return out


# ---------------------------------------------------------------------------------- fields -> AST


@dataclass(frozen=True, slots=True)
class Extension:
    """What a user grammar's tree gave beyond the shipped syntax.

    ``raw``: known fields whose text is not in the shipped language (field -> (text, offset));
    ``nodes``: the extension nodes of the position, in text order.
    """

    raw: dict[str, tuple[str, int]]
    nodes: tuple[GenericNode, ...]


def default_offsets(groups: tuple[str | None, ...]) -> tuple[int, ...]:
    """Where each field starts when the fields are separated by single spaces (the shipped syntax)."""
    at = 0
    starts = []
    for group in groups:
        starts.append(at)
        if group is not None:
            at += len(group) + 1
    return tuple(starts)


@dataclass(frozen=True, slots=True)
class Shared:
    """The nodes FEN and DFEN build the same way (fields 1-3, 5 and 6)."""

    board: Board
    side: Side
    castling: CastlingRights
    halfmove: HalfmoveClock
    fullmove: FullmoveNumber


def build_shared(
    groups: tuple[str | None, ...], offsets: tuple[int, ...], found: Findings, raw: dict[str, tuple[str, int]]
) -> Shared:
    """Fields 1-3, 5 and 6 through their checks (``raw``: fields in an extension's own syntax)."""
    placement, side = groups[0], groups[1]
    assert placement is not None and side is not None
    board = check_board(placement, found, offsets[0])
    castling = groups[2]
    if castling is not None:
        rights = check_castling(castling, offsets[2], found)
    elif "castling" in raw:
        rights = check_castling_files(*raw["castling"], board, found)
    else:
        rights = CastlingRights(frozenset())
    clocks: list[tuple[int, Span | None]] = []
    for index, name, default in ((4, "halfmove", 0), (5, "fullmove", 1)):
        digits = groups[index] if len(groups) > index else None
        if digits is None:
            other = raw.get(name)
            clocks.append((default, None if other is None else span_at(other[1], len(other[0]))))
            continue
        at = offsets[index]
        clocks.append((check_number(digits, at, name, default, found), span_at(at, len(digits))))
    return Shared(
        board,
        Side(side, span_at(offsets[1], 1)),
        rights,
        HalfmoveClock(*clocks[0]),
        FullmoveNumber(*clocks[1]),
    )


def finish(text: str, position: P, found: Findings) -> tuple[P, list[Diagnostic]]:
    """Raise what the checks found (``ValidationError``, or ``CanonicalFormError`` when only the
    spelling is wrong and the reading is strict); else the position and the fixes and notes."""
    if found.errors or (found.fixes and not found.lenient):
        problems = sorted(found.errors + found.fixes, key=lambda d: d.span.offset if d.span else 0)
        cls = ValidationError if found.errors else CanonicalFormError
        raise cls(problems, text)
    return position, found.fixes + found.notes


def build(
    text: str,
    groups: tuple[str | None, ...],
    lenient: bool,
    offsets: tuple[int, ...] | None = None,
    extension: Extension | None = None,
) -> tuple[FenPosition, list[Diagnostic]]:
    """The FEN position of the fields ``groups`` (``None`` for a field the text leaves out).

    ``offsets``/``extension`` come from a user grammar's tree; without them the fields are the
    single-space-separated groups of the shipped syntax.
    """
    found = Findings(lenient)
    if offsets is None:
        offsets = default_offsets(groups)
    raw = extension.raw if extension is not None else {}
    shared = build_shared(groups, offsets, found, raw)
    ep = groups[3]
    if ep is not None:
        ep_node = check_en_passant(ep, offsets[3], shared.side.color, found)
    else:
        ep_raw = raw.get("en_passant")
        ep_node = EnPassantSquare(None, None if ep_raw is None else span_at(ep_raw[1], len(ep_raw[0])))
    position = FenPosition(
        shared.board,
        shared.side,
        shared.castling,
        ep_node,
        shared.halfmove,
        shared.fullmove,
        span_at(0, len(text)),
        extension.nodes if extension is not None else (),
    )
    return finish(text, position, found)
