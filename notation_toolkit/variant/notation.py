"""Positions to and from FEEN (any rectangular board, hands) and FEN (the Fairy-Stockfish dialect).

FEEN is read with ``notation_toolkit.feen`` (strict, canonical) and written canonically; the
conventions of the core (``^`` royal, ``+`` promoted, ``-`` unmoved with initial rights, the
``ep:`` and ``checks:`` state fields) are described in ``position.py`` and docs/variants.md.
"""

from __future__ import annotations

from collections.abc import Callable

from notation_toolkit.core.codes import DEFAULT_HINT, info_of
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.span import Span
from notation_toolkit.variant import codes
from notation_toolkit.variant.tables import BLACK, WHITE, BoardState, Core, _bits


class PositionError(NotationError):
    """A FEEN / FEN string that is not a position of the variant."""


def _err(
    code: str,
    template: str,
    text: str,
    start: int = 0,
    length: int | None = None,
    hint: str | None = DEFAULT_HINT,
    **params: object,
) -> PositionError:
    # The code's ``template`` (variant/codes.py), on characters start..start+length of ``text``.
    n = len(text) - start if length is None else length
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    span = Span(start, max(n, 0), line, column)
    diagnostic = info_of(code).diagnostic_from(template, params, span=span, hint=hint)
    return PositionError([diagnostic], text)


def _field_error(
    text: str, at: int, token: str, what: str, message: str, *, hint: str, length: int | None = None
) -> PositionError:
    # VAR301 "{what} {token!r}: {message}" on the FEN field ``token`` at ``at`` (``length`` when
    # the span reaches past the token)
    n = len(token) if length is None else length
    return _err(
        codes.BAD_POSITION, "fen_field", text, at, n, hint=hint, what=what, token=token, message=message
    )


def _check_holes(pos: BoardState, text: str, start: int, length: int) -> None:
    """Refuse a piece on a hole of the variant (``zone=hole``, 003:1131)."""
    core = pos.core
    on = (pos.occ[0] | pos.occ[1]) & core.walls
    if on:
        sq = (on & -on).bit_length() - 1
        raise _err(
            codes.BAD_POSITION,
            "on_hole",
            text,
            start,
            length,
            hint="leave the variant's holes empty",
            square=core.geometry.square_names[sq],
            name=pos.variant.name,
        )


def _check_material(pos: BoardState, text: str, start: int, length: int, in_hand: int = -1) -> None:
    # The hands (kept as counts up to the board size) could not hold more after captures.
    if in_hand < 0:
        in_hand = sum(map(sum, pos.hands))
    if in_hand:
        on_board = sum(bin(bb).count("1") for bb in pos.occ)
        squares = pos.core.geometry.size
        if in_hand + on_board > squares:
            raise _err(
                codes.BAD_POSITION,
                "too_many_pieces",
                text,
                start,
                length,
                in_hand=in_hand,
                on_board=on_board,
                squares=squares,
            )


def piece_token(pos: BoardState, sq: int, code: int) -> str:
    """The FEEN token of the piece ``code`` on ``sq`` (state, letter, ``^``)."""
    core = pos.core
    t = code >> 1
    key = core.keys[t]
    letter = key[-1]
    letter = letter.upper() if code & 1 == WHITE else letter.lower()
    state = ""
    if key.startswith("+") or pos.promoted >> sq & 1:
        state = "+"
    elif core.tracks_unmoved[t] and pos.unmoved >> sq & 1:
        state = "-"
    return state + letter + ("^" if core.royal[t] else "")


def _placement(pos: BoardState, token: Callable[[int, int], str], hole: str = "") -> str:
    """The board field shared by FEEN and FEN: ranks from the top, separated by ``/``, runs of empty
    squares as counts, ``token(square, code)`` for each piece; a hole (``zone=hole``) is ``hole``
    when given (FEN: ``*``), else an empty square (FEEN)."""
    g = pos.core.geometry
    walls = pos.core.walls if hole else 0
    rows = []
    for rank in range(g.height - 1, -1, -1):
        row: list[str] = []
        empty = 0
        for f in range(g.width):
            sq = rank * g.width + f
            code = pos.board[sq]
            if code < 0 and not walls >> sq & 1:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            if code < 0:
                row.append(hole)
                continue
            row.append(token(sq, code))
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    return "/".join(rows)


def write_feen(pos: BoardState) -> str:
    """Canonical FEEN of a position, with the state fields when not empty."""
    core = pos.core
    g = core.geometry
    placement = _placement(pos, lambda sq, code: piece_token(pos, sq, code))
    hands = []
    for side in (WHITE, BLACK):
        items = []
        for t, count in enumerate(pos.hands[side]):
            if count:
                key = core.keys[t]
                letter = key[-1].upper() if side == WHITE else key[-1].lower()
                state = "+" if key.startswith("+") else ""
                items.append((count, letter, state))
        state_rank = {"-": 0, "+": 1, "": 2}
        items.sort(key=lambda i: (-i[0], i[1].upper(), i[1] > "Z", state_rank[i[2]]))
        hands.append("".join((str(c) if c > 1 else "") + s + letter for c, letter, s in items))
    first, second = pos.styles
    style = f"{first}/{second}" if pos.turn == WHITE else f"{second}/{first}"
    out = f"{placement} {hands[0]}/{hands[1]} {style}"
    if pos.ep_squares:
        squares = ",".join(g.square_names[s] for s in _bits(pos.ep_squares))
        out += f" ep:{squares}@{g.square_names[pos.ep_victim]}"
    if any(pos.checks) and core.rules.max_checks is not None:
        out += f" checks:{pos.checks[0]}/{pos.checks[1]}"
    if core.turn_lengths is not None and (
        pos.phase or pos.turn_len != core.turn_lengths[pos.turn] or pos.turn_spent
    ):
        spent = "".join(c for side, c in ((0, "w"), (1, "b")) if pos.turn_spent >> side & 1)
        out += f" turn:{pos.phase}/{pos.turn_len}" + (f"/{spent}" if spent else "")
    return out


def read_feen(pos: BoardState, text: str) -> None:
    """Set the empty ``pos`` from FEEN plus the optional state fields; ``NotationError`` when it is
    not FEEN or not a position of this variant."""
    from notation_toolkit import feen
    from notation_toolkit.feen.ast import Side, State

    fields = text.split(" ")
    base = " ".join(fields[:3])
    parsed = feen.parse(base)
    core = pos.core
    variant = pos.variant
    g = core.geometry
    ranks = parsed.placement.ranks() if parsed.placement.dimensions == 2 else ()
    if len(ranks) != g.height or any(len(r) != g.width for r in ranks):
        at, size = 0, len(fields[0])
        if len(ranks) == g.height:
            # the first rank of another width
            bad = next(i for i, r in enumerate(ranks) if len(r) != g.width)
            span = parsed.placement.rank_span(bad)
            at, size = span.offset, span.length
        raise _err(
            codes.POSITION_SHAPE,
            "board_must_be",
            text,
            at,
            size,
            hint=f"{g.height} ranks of {g.width} squares",
            width=g.width,
            height=g.height,
            name=variant.name,
        )
    # each piece's own characters, for diagnostics that point at it
    spans = iter(
        [(sq.span.offset, sq.span.length) for sq in parsed.placement.pieces() if sq.span is not None]
    )
    for r, row in enumerate(ranks):
        rank = g.height - 1 - r
        for f, piece in enumerate(row):
            if piece is None:
                continue
            at, size = next(spans, (0, len(fields[0])))
            sq = rank * g.width + f
            side = WHITE if piece.side is Side.FIRST else BLACK
            letter = piece.letter.upper()
            # every diagnostic on this piece names its token and its square
            named = {"token": piece.token, "square_names": g.square_names[sq]}
            t = None
            promoted = unmoved = False
            if piece.derived:
                hint = f"write {piece.token.replace(chr(39), '')}"
                raise _err(codes.UNKNOWN_PIECE, "on_derivation_marker", text, at, size, hint=hint, **named)
            if piece.state is State.ENHANCED:
                if "+" + letter in core.index:
                    t = core.index["+" + letter]
                elif letter in core.index and core.rules.demote and core.index[letter] in core.status_origin:
                    t = core.index[letter]
                    promoted = True
            elif letter in core.index:
                t = core.index[letter]
                unmoved = piece.state is State.DIMINISHED
                if unmoved and not core.tracks_unmoved[t]:
                    fixed = piece.token[1:]
                    hint = f"write {fixed}"
                    raise _err(
                        codes.UNKNOWN_PIECE,
                        "on_marks_unmoved",
                        text,
                        at,
                        size,
                        hint=hint,
                        token2=fixed,
                        **named,
                    )
            if t is None:
                hint = "pieces: " + " ".join(sorted(core.keys))
                raise _err(
                    codes.UNKNOWN_PIECE, "on_piece", text, at, size, hint=hint, name=variant.name, **named
                )
            if piece.terminal != core.royal[t]:
                hint = f"write {piece.token}^" if core.royal[t] else f"write {piece.token.rstrip('^')}"
                raise _err(codes.BAD_POSITION, "on_royal_pieces", text, at, size, hint=hint, **named)
            pos._put(sq, 2 * t + side)
            if promoted:
                pos.promoted |= 1 << sq
            if unmoved:
                pos.unmoved |= 1 << sq
    for side, hand in ((WHITE, parsed.hands.first), (BLACK, parsed.hands.second)):
        for item in hand.items:
            piece = item.piece
            key = ("+" if piece.state is State.ENHANCED else "") + piece.letter.upper()
            if key not in core.index or piece.state is State.DIMINISHED or piece.terminal:
                found = fields[1].find(piece.token)  # the token itself, not the whole hands field
                raise _err(
                    codes.UNKNOWN_PIECE,
                    "hand_piece",
                    text,
                    len(fields[0]) + 1 + max(found, 0),
                    len(piece.token) if found >= 0 else len(fields[1]),
                    token=piece.token,
                    name=variant.name,
                )
            pos.hands[side][core.index[key]] += item.count
    if any(any(h) for h in pos.hands) and not core.rules.holding:
        raise _err(
            codes.BAD_POSITION, "has_no_holding", text, len(fields[0]) + 1, len(fields[1]), name=variant.name
        )
    _check_holes(pos, text, 0, len(fields[0]))
    _check_material(pos, text, len(fields[0]) + 1, len(fields[1]))
    st = parsed.style_turn
    pos.turn = WHITE if st.active_side is Side.FIRST else BLACK
    pos.styles = (st.first.name, st.second.name)
    if core.turn_lengths is not None:
        pos.turn_len = core.turn_lengths[pos.turn]
    offset = len(base) + 1
    for extra in fields[3:]:
        _state_field(pos, extra, text, offset)
        offset += len(extra) + 1
    pos._rehash()


def _state_field(pos: BoardState, field: str, text: str, offset: int) -> None:
    g = pos.core.geometry
    try:
        if field.startswith("ep:"):
            squares, _, victim = field[3:].partition("@")
            bb = 0
            for name in squares.split(","):
                bb |= 1 << g.parse_square(name)
            v = g.parse_square(victim)
            if pos.board[v] < 0 or (pos.board[v] & 1) == pos.turn or bb & (pos.occ[0] | pos.occ[1]):
                raise ValueError("the victim must be a piece of the side that just moved, the squares empty")
            pos.ep_squares, pos.ep_victim = bb, v
            return
        if field.startswith("checks:"):
            a, _, b = field[7:].partition("/")
            if not (a.isdigit() and b.isdigit() and len(a) < 3 and len(b) < 3):
                raise ValueError("checks:W/B with two small numbers")
            pos.checks = [int(a), int(b)]
            return
        if field.startswith("turn:") and pos.core.turn_lengths is not None:
            a, _, rest = field[5:].partition("/")
            b, _, spent = rest.partition("/")
            if not (a.isdigit() and b.isdigit() and len(a) < 5 and len(b) < 5 and int(a) < int(b)):
                raise ValueError("turn:M/N: M moves made of a turn of N moves (M < N)")
            if spent not in ("", "w", "b", "wb"):
                raise ValueError("turn:M/N/S: S names the sides that captured (untilcapture): w, b or wb")
            pos.phase, pos.turn_len = int(a), int(b)
            pos.turn_spent = ("w" in spent) | ("b" in spent) << 1
            return
    except (ValueError, NotationError) as exc:
        message = exc.diagnostics[0].message if isinstance(exc, NotationError) else str(exc)
        raise _err(
            codes.BAD_STATE_FIELD, "state_field", text, offset, len(field), state=field, message=message
        ) from None
    raise _err(codes.BAD_STATE_FIELD, "unknown_state_field", text, offset, len(field), state=field)


# ------------------------------------------------------------------------------------------------
# FEN
# ------------------------------------------------------------------------------------------------


# Fairy-Stockfish writes pockets by its piece-type order, highest first: the chess pieces Q R B N P,
# the shogi pieces G N L P S R B (gold, shogi knight, lance and shogi pawn rank above silver, rook
# and bishop); other letters come first, alphabetically.
_POCKET_ORDER = "QRBNP"
_SHOGI_POCKET_ORDER = "GNLPSRB"


def _pocket_rank(core: Core, t: int) -> tuple[int, str]:
    order = _SHOGI_POCKET_ORDER if any(k.startswith("+") for k in core.keys) else _POCKET_ORDER
    letter = core.keys[t].lstrip("+")
    return order.find(letter), letter


def _fen_letter(core: Core, t: int, side: int) -> str:
    key = core.keys[t]
    return key.upper() if side == WHITE else key.lower()


def write_fen(pos: BoardState, ep_capturable: bool = True, halfmove: int | None = None) -> str:
    """FEN as Fairy-Stockfish writes it: placement (``+x`` promoted types, ``x~`` pieces with a
    promoted status), ``[pockets]`` for variants with a holding, side, castling rights (X-FEN),
    en-passant squares (only when ``ep_capturable``), remaining checks (``3+3``) for
    ``royal=maxchecks``, half-move clock (``halfmove``, else the position's), move number.
    ``PositionError`` VAR305 for what FEN
    cannot hold (styles other than the variant's, an unmoved mark FEN cannot say)."""
    core = pos.core
    _fen_can_hold(pos)

    def token(sq: int, code: int) -> str:
        letter = _fen_letter(core, code >> 1, code & 1)
        if pos.promoted >> sq & 1 and not core.keys[code >> 1].startswith("+"):
            return letter + "~"  # a promoted status (crazyhouse FEN)
        return letter

    placement = _placement(pos, token, "*")
    pockets = ""
    if core.rules.holding:
        for side in (WHITE, BLACK):
            for t in sorted(range(core.n), key=lambda i: _pocket_rank(core, i)):
                pockets += _fen_letter(core, t, side) * pos.hands[side][t]
        pockets = f"[{pockets}]"
    rights = _castling_letters(pos, WHITE) + _castling_letters(pos, BLACK)
    ep = "-"
    if pos.ep_squares and (ep_capturable or not _pawn_step(pos)):
        ep = _ep_text(pos)
    turn = "w" if pos.turn == WHITE else "b"
    checks = ""
    if core.rules.max_checks is not None:
        n = core.rules.max_checks
        checks = f"{max(n - pos.checks[0], 0)}+{max(n - pos.checks[1], 0)} "
    clock = pos.halfmove if halfmove is None else halfmove
    return f"{placement}{pockets} {turn} {rights or '-'} {ep} {checks}{clock} {pos.ply // 2 + 1}"


def _pawn_step(pos: BoardState) -> bool:
    # a pawn's straight double step: Fairy-Stockfish names the square passed, and only when a pawn
    # can take there; after the initial multi-steps of other pieces (Berolina's diagonal pawn) it
    # names the squares passed and the target, always
    g = pos.core.geometry
    victim = pos.ep_victim
    if victim < 0 or pos.board[victim] < 0:
        return False
    squares = list(_bits(pos.ep_squares))
    straight = all(s % g.width == victim % g.width for s in squares)
    t = pos.board[victim] >> 1
    return pos.core.clock_pawn[t] and straight and len(squares) == 1 and _plain_pawn(pos.core, t)


def _plain_pawn(core: Core, t: int) -> bool:
    # Fairy-Stockfish's own pawn type steps only forward once it has moved (one square, or two
    # from any rank in torpedo); a pawn of another shape is one of its custom pieces (pawnsideways,
    # pawnback), whose field is always written in full
    g = core.geometry
    sq = (g.height // 2) * g.width + g.width // 2
    ahead = 1 << (sq + g.width)
    return core.quiets[t](sq, WHITE, 0, False) in (ahead, ahead | ahead << g.width)


def _ep_text(pos: BoardState) -> str:
    names = pos.core.geometry.square_names
    squares = list(_bits(pos.ep_squares))
    if not _pawn_step(pos) and pos.ep_victim >= 0:
        squares = sorted([*squares, pos.ep_victim])
    return "".join(names[s] for s in squares)


def _fen_can_hold(pos: BoardState) -> None:
    """``PositionError`` VAR305 when FEN would lose part of the position."""
    core = pos.core
    g = core.geometry
    name = pos.variant.name
    default = _default_styles(pos)
    if core.turn_lengths is not None and (
        pos.phase or pos.turn_len != core.turn_lengths[pos.turn] or pos.turn_spent
    ):
        raise info_of(codes.NO_FEN).error(
            PositionError, "fen_cannot_hold", name=name, what=f"the turn state {pos.phase}/{pos.turn_len}"
        )
    if set(pos.styles) != set(default):
        raise info_of(codes.NO_FEN).error(
            PositionError, "fen_cannot_hold", name=name, what=f"the styles {pos.styles[0]}/{pos.styles[1]}"
        )
    # FEN says nothing of unmoved pieces: the reader gives pieces with initial moves their initial
    # moves, and castling rights to the pieces the castling field names
    rights = {sq for side in (WHITE, BLACK) for ks, rs, _d in castling_rights(pos, side) for sq in (ks, rs)}
    for sq in range(g.size):
        code = pos.board[sq]
        if code < 0:
            continue
        t = code >> 1
        unmoved = bool(pos.unmoved >> sq & 1)
        initial = core.pieces[t].has_initial
        if core.royal[t] or t in core.castle_partners or not initial:
            lost = unmoved and initial and sq not in rights
        else:
            lost = not unmoved and _initial_differs(core, t, sq, code & 1)
        gates = core.rules.fen_gates
        if gates is not None and unmoved and not initial and not core.unmoved_on_drop[t]:
            # gating: the castling field names the pieces of the first rank only (the unmoved
            # state of castling pieces and pieces with initial moves is FEN's as without gating)
            lost = not gates[code & 1] >> sq & 1
        if lost:
            token = piece_token(pos, sq, code)
            raise info_of(codes.NO_FEN).error(
                PositionError,
                "fen_cannot_hold",
                name=name,
                what=f"the unmoved state of {token} on {g.square_names[sq]}",
            )


def _initial_differs(core: Core, t: int, sq: int, side: int) -> bool:
    return bool(core.quiets[t](sq, side, 0, True) != core.quiets[t](sq, side, 0, False))


def _default_styles(pos: BoardState) -> tuple[str, str]:
    start = getattr(pos.variant, "start_text", None)
    if isinstance(start, str):
        fields = start.split()
        if len(fields) >= 3 and "/" in fields[2]:
            first, _, second = fields[2].partition("/")
            if first and second and fields[1] not in ("w", "b"):
                return first, second
    return "C", "c"


def castling_rights(pos: BoardState, side: int) -> list[tuple[int, int, int]]:
    """The castling rights of ``side``: (royal square, partner square, +1 for a partner on a higher
    file / -1 on a lower one), as the castling rules of the variant give them (unmoved pieces)."""
    core = pos.core
    g = core.geometry
    w = g.width
    out: list[tuple[int, int, int]] = []
    for t in core.castlers:
        for ks in _bits(pos.bbs[2 * t + side] & pos.unmoved):
            rank, kf = divmod(ks, w)
            for direction in (1, -1):
                partners: set[int] = set()
                for _kf, _rf, _u, types, ranks, d in core.castlings:
                    if d == direction and (ranks is None or ranks[side] == rank):
                        partners.update(types)
                partners &= set(core.castle_partners[t])
                files = range(kf + 1, w) if direction > 0 else range(kf - 1, -1, -1)
                for f in files:
                    rs = rank * w + f
                    code = pos.board[rs]
                    if code >= 0 and code & 1 == side and code >> 1 in partners and pos.unmoved >> rs & 1:
                        out.append((ks, rs, direction))
    return out


def _castling_letters(pos: BoardState, side: int) -> str:
    # X-FEN: K / Q for the outermost partner of its side, the partner's file letter otherwise
    core = pos.core
    w = core.geometry.width
    out = ""
    covered = 0
    for ks, rs, direction in castling_rights(pos, side):
        rank = ks // w
        beyond = range(rs % w + 1, w) if direction > 0 else range(rs % w)
        partner_type = pos.board[rs] >> 1
        outer = not any(pos.board[rank * w + f] == 2 * partner_type + side for f in beyond)
        out += ("K" if direction > 0 else "Q") if outer else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rs % w]
        covered |= 1 << ks | 1 << rs
    gates = core.rules.fen_gates
    if gates is not None and (core.hand_captures or any(pos.hands[side])):
        # (Fairy-Stockfish clears the gates of a side whose hand is empty for good)
        # Seirawan FEN: the unmoved pieces that may still gate, by file, after the castling rights
        for sq in _bits(pos.unmoved & pos.occ[side] & gates[side] & ~covered):
            out += "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[sq % w]
    return out if side == WHITE else out.lower()


def read_fen(pos: BoardState, text: str) -> None:
    """Set the empty ``pos`` from FEN as Fairy-Stockfish, python-chess and pychess-variants write
    it: any board size, ``+x`` promoted types, ``x~`` promoted status, pockets in ``[...]`` or as an
    extra rank, castling ``KQkq`` / Shredder-FEN / X-FEN letters (ignored by a variant without
    castling, as Fairy-Stockfish does), en-passant squares (``e3``, Berolina's ``c5d6``), check
    counters (``3+3`` remaining, or ``+2+0`` given after the move number), half-move clock and
    move number; the castling and en-passant fields may be left out (shogi-style FEN)."""
    import re

    core = pos.core
    variant = pos.variant
    g = core.geometry
    tokens = [(m.group(), m.start()) for m in re.finditer(r"\S+", text)]
    if len(tokens) < 2 or tokens[1][0] not in ("w", "b"):
        raise _err(codes.BAD_POSITION, "fen_needs_at", text)
    placement, _ = tokens[0]
    pos.styles = _default_styles(pos)
    pockets = None
    pockets_at = 0
    if "[" in placement:
        at = placement.index("[")
        if not placement.endswith("]"):
            raise _field_error(
                text,
                at,
                placement[at:],
                "pockets",
                "the pockets end with ']'",
                hint="write the pockets as [QRbn] after the placement",
            )
        pockets, pockets_at = placement[at + 1 : -1], at + 1
        placement = placement[:at]
    rows = placement.split("/")
    if pockets is None and len(rows) == g.height + 1 and core.rules.holding:
        # the pockets as an extra rank after the board (Fairy-Stockfish reads this form too)
        pockets = rows.pop()
        pockets_at = len(placement) - len(pockets)
        placement = placement[: pockets_at - 1]
    if pockets is not None and not core.rules.holding:
        raise _err(
            codes.BAD_POSITION,
            "has_no_holding_2",
            text,
            pockets_at - 1,
            len(pockets) + 2,
            hint="remove the pockets",
            name=variant.name,
        )
    if len(rows) != g.height:
        raise _err(
            codes.POSITION_SHAPE,
            "board_must_be",
            text,
            0,
            len(placement),
            width=g.width,
            height=g.height,
            name=variant.name,
        )
    offset = 0
    for r, row in enumerate(rows):
        _fen_rank(pos, text, row, offset, g.height - 1 - r)
        offset += len(row) + 1
    _check_holes(pos, text, 0, len(placement))
    if pockets is not None:
        if len(pockets) > g.size:  # each letter is a piece: refused before they are counted
            _check_material(pos, text, pockets_at, len(pockets), len(pockets))
        for i, ch in enumerate(pockets):
            key = ch.upper()
            if ch == "-" and len(pockets) == 1:
                continue
            if key not in core.index or core.royal[core.index[key]]:
                raise _err(
                    codes.UNKNOWN_PIECE,
                    "pockets_piece_drop",
                    text,
                    pockets_at + i,
                    1,
                    hint="pieces to drop: " + " ".join(k for k in core.keys if not core.royal[core.index[k]]),
                    ch=ch,
                )
            pos.hands[WHITE if ch == key else BLACK][core.index[key]] += 1
        _check_material(pos, text, pockets_at, len(pockets))
    pos.turn = WHITE if tokens[1][0] == "w" else BLACK
    rest = tokens[2:]
    if rest and not rest[0][0][0].isdigit():
        _fen_castling(pos, text, *rest[0])
        rest = rest[1:]
        if rest and not (rest[0][0].isdigit() or rest[0][0].startswith("+")):
            _fen_ep(pos, text, *rest[0])
            rest = rest[1:]
    # pieces with initial moves that are not castling pieces keep them (FEN does not say otherwise)
    for t in range(core.n):
        if core.tracks_unmoved[t] and core.pieces[t].has_initial and not core.royal[t]:
            for side in (WHITE, BLACK):
                pos.unmoved |= pos.bbs[2 * t + side]
    if rest and re.fullmatch(r"\d+\+\d+", rest[0][0]):
        _fen_checks(pos, text, *rest[0], remaining=True)
        rest = rest[1:]
    numbers: list[tuple[str, int]] = []
    while rest and rest[0][0].isdigit() and len(numbers) < 2:
        numbers.append(rest.pop(0))
    if rest and re.fullmatch(r"\+\d+\+\d+", rest[0][0]):
        _fen_checks(pos, text, rest[0][0][1:], rest[0][1] + 1, remaining=False)
        rest = rest[1:]
    if rest:
        token, at = rest[0]
        raise _field_error(
            text,
            at,
            token,
            "field",
            "not a FEN field here",
            hint="FEN fields: placement, side, castling, en passant, half-move clock, move number",
            length=len(text) - at,
        )
    if len(numbers) == 1:
        # shogi-style FEN: the move number alone
        numbers.insert(0, ("0", numbers[0][1]))
    if numbers:
        clock, fullmove = numbers[0][0], numbers[1][0]
        pos.halfmove = min(int(clock[:7]), 10**6)
        pos.ply = (max(min(int(fullmove[:7]), 10**6), 1) - 1) * 2 + (1 if pos.turn == BLACK else 0)
    if pos.core.turn_lengths is not None:  # FEN holds no turn phase: a turn's start
        pos.turn_len = pos.core.turn_lengths[pos.turn]
    pos._rehash()


def _fen_rank(pos: BoardState, text: str, row: str, offset: int, rank: int) -> None:
    core = pos.core
    g = core.geometry
    f = 0
    i = 0
    while i < len(row):
        ch = row[i]
        at = offset + i
        if ch.isdigit():
            j = i
            while j < len(row) and row[j].isdigit():
                j += 1
            f += int(row[i:j][:4])
            i = j
            continue
        if ch == "*" and f < g.width and core.walls >> (rank * g.width + f) & 1:
            f += 1  # Fairy-Stockfish's wall: a hole of the variant (zone=hole)
            i += 1
            continue
        token_len = 1
        prefix = ""
        if ch == "+" and i + 1 < len(row):
            prefix, ch = "+", row[i + 1]
            token_len = 2
        key = prefix + ch.upper()
        if f >= g.width:
            break
        if not ch.isalpha() or not ch.isascii() or key not in core.index:
            shown = " ".join(sorted(core.keys))
            raise _err(
                codes.UNKNOWN_PIECE,
                "rank_piece",
                text,
                at,
                token_len,
                hint=f"pieces of {pos.variant.name}: {shown} (upper case: first player)",
                ch=prefix + ch,
                rank=rank + 1,
                name=pos.variant.name,
            )
        sq = rank * g.width + f
        t = core.index[key]
        pos._put(sq, 2 * t + (WHITE if ch.isupper() else BLACK))
        i += token_len
        if i < len(row) and row[i] == "~":
            if not (core.rules.demote and t in core.status_origin):
                raise _err(
                    codes.BAD_POSITION,
                    "no_promoted",
                    text,
                    at,
                    token_len + 1,
                    hint=f"write {prefix + ch} without '~'",
                    ch=prefix + ch,
                    key=key,
                    name=pos.variant.name,
                )
            pos.promoted |= 1 << sq
            i += 1
        f += 1
    if f != g.width:
        raise _err(
            codes.POSITION_SHAPE,
            "rank_has_squares",
            text,
            offset,
            len(row),
            hint=f"{pos.variant.name} is {g.width}x{g.height} (files x ranks)",
            rank=rank + 1,
            count=f,
            width=g.width,
        )


def _fen_castling(pos: BoardState, text: str, field: str, at: int) -> None:
    if field == "-":
        return
    core = pos.core
    g = core.geometry
    w = g.width
    gates = core.rules.fen_gates
    if not core.castlings and gates is None:
        return  # a variant without castling reads KQkq as Fairy-Stockfish does: nothing to keep
    kings: dict[int, int] = {}
    for i, ch in enumerate(field):
        side = WHITE if ch.isupper() else BLACK
        up = ch.upper()
        bad = ""
        if gates is not None and "A" <= up <= "Z" and ord(up) - ord("A") < w:
            # Seirawan FEN: a file letter names an own piece of the first rank that may gate
            home = 0 if side == WHITE else g.height - 1
            sq = home * w + ord(up) - ord("A")
            code = pos.board[sq]
            own = code >= 0 and code & 1 == side
            if gates[side] >> sq & 1 and own and not (up in "KQ" and core.castlings):
                pos.unmoved |= 1 << sq
                continue
        if not core.castlings:
            raise _err(
                codes.BAD_POSITION,
                "castling_right_without_2",
                text,
                at + i,
                1,
                hint="each letter names an unmoved piece of the first rank that may gate",
                ch=ch,
            )
        if not ("A" <= up <= "Z"):
            bad = "castling rights are K, Q or file letters"
        ks = kings.get(side)
        if not bad and ks is None:
            ks = _castling_royal(pos, side)
            if ks is None:
                raise _err(
                    codes.BAD_POSITION,
                    "castling_right_without",
                    text,
                    at + i,
                    1,
                    hint="remove the castling right, or put the royal piece on its castling rank",
                    ch=ch,
                )
        rook = None
        if not bad and ks is not None:
            rank, kf = divmod(ks, w)
            if up in "KQ":
                direction = 1 if up == "K" else -1
                files = range(w - 1, kf, -1) if direction > 0 else range(kf)
                types = _partner_types(core, direction, side, rank)
                for f in files:
                    code = pos.board[rank * w + f]
                    if code >= 0 and code & 1 == side and code >> 1 in types:
                        rook = rank * w + f
                        break
            elif ord(up) - ord("A") < w:
                sq = rank * w + ord(up) - ord("A")
                code = pos.board[sq]
                if sq == ks or (code >= 0 and code & 1 == side and code >> 1 in core.castle_partners):
                    kings[side] = sq  # Fairy-Stockfish's royal file before the rook files
                    continue
                direction = 1 if sq > ks else -1
                if (
                    code >= 0
                    and code & 1 == side
                    and code >> 1 in _partner_types(core, direction, side, rank)
                ):
                    rook = sq
            kings[side] = ks
        if rook is None or ks is None:
            raise _err(
                codes.BAD_POSITION,
                "castling_right_without_2",
                text,
                at + i,
                1,
                hint=bad or "each castling right names a partner (an unmoved R) on the royal piece's rank",
                ch=ch,
            )
        pos.unmoved |= 1 << ks | 1 << rook


def _partner_types(core: Core, direction: int, side: int, rank: int) -> set[int]:
    out: set[int] = set()
    for _kf, _rf, _u, types, ranks, d in core.castlings:
        if d == direction and (ranks is None or ranks[side] == rank):
            out.update(types)
    return out


def _castling_royal(pos: BoardState, side: int) -> int | None:
    # the royal piece on a rank the castling rules name, else on the home rank, else the only one;
    # of several royal types on that rank, the one defined first (coregal's K before its royal Q:
    # the king castles, as Fairy-Stockfish's castlingKingPiece)
    core = pos.core
    g = core.geometry
    royal = 0
    for t in core.castlers:
        royal |= pos.bbs[2 * t + side]
    ranks = [r[side] for *_x, r, _d in core.castlings if r is not None]
    home = 0 if side == WHITE else g.height - 1
    # without royal pieces, the piece that castles (Extinction's K: several may stand on the board
    # after promotions to it)
    types = core.royal_types or core.castlers
    for rank in [*ranks, home]:
        for t in types:
            on_rank = pos.bbs[2 * t + side] & g.rank_masks[rank]
            if on_rank:
                return (on_rank & -on_rank).bit_length() - 1
    if royal and not royal & (royal - 1) and len(ranks) < len(core.castlings):
        return royal.bit_length() - 1
    return None


def _fen_ep(pos: BoardState, text: str, field: str, at: int) -> None:
    import re

    if field == "-":
        return
    g = pos.core.geometry
    squares: list[int] = []
    error = ""
    if not re.fullmatch(r"([a-z][0-9]+)+", field):
        error = "not squares"
    else:
        for name in re.findall(r"[a-z][0-9]+", field):
            try:
                squares.append(g.parse_square(name))
            except NotationError:
                error = f"{name} is not on the board"
                break
    mover = 1 - pos.turn
    victims = [s for s in squares if pos.board[s] >= 0]
    empty = [s for s in squares if pos.board[s] < 0]
    if not error:
        if len(victims) > 1 or not empty:
            error = "the squares passed must be empty"
        elif victims:
            victim = victims[0]
        else:
            # a pawn's double step names the square passed: the pawn stands one step beyond
            victim = max(empty) + g.width if mover == WHITE else min(empty) - g.width
        if not error and not (
            0 <= victim < g.size and pos.board[victim] >= 0 and pos.board[victim] & 1 == mover
        ):
            error = "no piece of the side that just moved beyond it"
    if error:
        raise _field_error(
            text, at, field, "en passant", error, hint="write '-', or the square the double step passed (e3)"
        )
    for s in empty:
        pos.ep_squares |= 1 << s
    pos.ep_victim = victim


def _fen_checks(pos: BoardState, text: str, field: str, at: int, remaining: bool) -> None:
    limit = pos.core.rules.max_checks
    a, _, b = field.partition("+")
    error = ""
    if limit is None:
        error = f"{pos.variant.name} counts no checks"
    elif max(len(a), len(b)) > 2 or max(int(a), int(b)) > limit:
        error = f"at most {limit}"
    if error:
        hint = "remove the check counters" if limit is None else f"checks remaining: {limit}+{limit}"
        raise _field_error(text, at, field, "check counters", error, hint=hint)
    assert limit is not None
    given = [limit - int(a), limit - int(b)] if remaining else [int(a), int(b)]
    pos.checks = given
