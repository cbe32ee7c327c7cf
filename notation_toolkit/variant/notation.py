"""Positions to and from FEEN (any rectangular board, hands) and FEN (8+ files, no hands).

FEEN is read with ``notation_toolkit.feen`` (strict, canonical) and written canonically; the
conventions of the core (``^`` royal, ``+`` promoted, ``-`` unmoved with initial rights, the
``ep:`` and ``checks:`` state fields) are described in ``position.py`` and docs/variants.md.
"""

from __future__ import annotations

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
    diagnostic = info_of(code).diagnostic_from(template, params, span=Span(start, max(n, 0)), hint=hint)
    return PositionError([diagnostic], text)


def _check_material(pos: BoardState, text: str, start: int, length: int) -> None:
    # The hands (kept as counts up to the board size) could not hold more after captures.
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


def write_feen(pos: BoardState) -> str:
    """Canonical FEEN of a position, with the state fields when not empty."""
    core = pos.core
    g = core.geometry
    rows = []
    for rank in range(g.height - 1, -1, -1):
        row = []
        empty = 0
        for f in range(g.width):
            sq = rank * g.width + f
            code = pos.board[sq]
            if code < 0:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            row.append(piece_token(pos, sq, code))
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
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
    out = f"{'/'.join(rows)} {hands[0]}/{hands[1]} {style}"
    if pos.ep_squares:
        squares = ",".join(g.square_names[s] for s in _bits(pos.ep_squares))
        out += f" ep:{squares}@{g.square_names[pos.ep_victim]}"
    if any(pos.checks) and core.rules.max_checks is not None:
        out += f" checks:{pos.checks[0]}/{pos.checks[1]}"
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
        raise _err(
            codes.POSITION_SHAPE,
            "board_must_be",
            text,
            0,
            len(fields[0]),
            width=g.width,
            height=g.height,
            name=variant.name,
        )
    for r, row in enumerate(ranks):
        rank = g.height - 1 - r
        for f, piece in enumerate(row):
            if piece is None:
                continue
            sq = rank * g.width + f
            side = WHITE if piece.side is Side.FIRST else BLACK
            letter = piece.letter.upper()
            t = None
            promoted = unmoved = False
            if piece.derived:
                raise _err(
                    codes.UNKNOWN_PIECE,
                    "on_derivation_marker",
                    text,
                    0,
                    len(fields[0]),
                    token=piece.token,
                    square_names=g.square_names[sq],
                )
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
                    raise _err(
                        codes.UNKNOWN_PIECE,
                        "on_marks_unmoved",
                        text,
                        0,
                        len(fields[0]),
                        token=piece.token,
                        square_names=g.square_names[sq],
                        token2=piece.token[1:],
                    )
            if t is None:
                raise _err(
                    codes.UNKNOWN_PIECE,
                    "on_piece",
                    text,
                    0,
                    len(fields[0]),
                    hint="pieces: " + " ".join(sorted(core.keys)),
                    token=piece.token,
                    square_names=g.square_names[sq],
                    name=variant.name,
                )
            if piece.terminal != core.royal[t]:
                raise _err(
                    codes.BAD_POSITION,
                    "on_royal_pieces",
                    text,
                    0,
                    len(fields[0]),
                    token=piece.token,
                    square_names=g.square_names[sq],
                )
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
                raise _err(
                    codes.UNKNOWN_PIECE,
                    "hand_piece",
                    text,
                    len(fields[0]) + 1,
                    len(fields[1]),
                    token=piece.token,
                    name=variant.name,
                )
            pos.hands[side][core.index[key]] += item.count
    if any(any(h) for h in pos.hands) and not core.rules.holding:
        raise _err(
            codes.BAD_POSITION, "has_no_holding", text, len(fields[0]) + 1, len(fields[1]), name=variant.name
        )
    _check_material(pos, text, len(fields[0]) + 1, len(fields[1]))
    st = parsed.style_turn
    pos.turn = WHITE if st.active_side is Side.FIRST else BLACK
    pos.styles = (st.first.name, st.second.name)
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
    except (ValueError, NotationError) as exc:
        message = exc.diagnostics[0].message if isinstance(exc, NotationError) else str(exc)
        raise _err(
            codes.BAD_STATE_FIELD, "state_field", text, offset, len(field), state=field, message=message
        ) from None
    raise _err(codes.BAD_STATE_FIELD, "unknown_state_field", text, offset, len(field), state=field)


# ------------------------------------------------------------------------------------------------
# FEN
# ------------------------------------------------------------------------------------------------


def _fen_ok(core: Core) -> bool:
    # 8+ files; no promoted states that are pieces of their own (shogi's +P): FEN has no letter
    # for them. Holdings are written as crazyhouse FEN writes them ([pockets], Q~).
    return core.geometry.width >= 8 and not any(k.startswith("+") for k in core.keys)


def write_fen(pos: BoardState) -> str:
    """FEN: placement, side, castling (KQkq, or files for inner rooks), en passant, clocks."""
    core = pos.core
    g = core.geometry
    if not _fen_ok(pos.core):
        raise info_of(codes.NO_FEN).error(PositionError, "has_no_fen", name=pos.variant.name)
    rows = []
    for rank in range(g.height - 1, -1, -1):
        row, empty = [], 0
        for f in range(g.width):
            code = pos.board[rank * g.width + f]
            if code < 0:
                empty += 1
                continue
            if empty:
                row.append(str(empty))
                empty = 0
            k = core.keys[code >> 1]
            row.append(k.upper() if code & 1 == WHITE else k.lower())
            if pos.promoted >> (rank * g.width + f) & 1:
                row.append("~")  # promoted piece (crazyhouse FEN)
        if empty:
            row.append(str(empty))
        rows.append("".join(row))
    pockets = ""
    if core.rules.holding:
        # the pockets in brackets after the placement (crazyhouse FEN, as Fairy-Stockfish writes it)
        for side in (WHITE, BLACK):
            for t in sorted(range(core.n), key=lambda i: "KQRBNP".find(core.keys[i]) % 100):
                letter = core.keys[t]
                pockets += (letter.upper() if side == WHITE else letter.lower()) * pos.hands[side][t]
        pockets = f"[{pockets}]"
    rights = ""
    for side in (WHITE, BLACK):
        rights += _castling_letters(pos, side)
    ep = "-"
    if pos.ep_squares:
        ep = ",".join(g.square_names[s] for s in _bits(pos.ep_squares))
    turn = "w" if pos.turn == WHITE else "b"
    return f"{'/'.join(rows)}{pockets} {turn} {rights or '-'} {ep} 0 {pos.ply // 2 + 1}"


def castling_rights(pos: BoardState, side: int) -> list[tuple[int, int, int]]:
    """The castling rights of ``side``: (royal square, partner square, +1 for a partner on a higher
    file / -1 on a lower one), as the castling rules of the variant give them (unmoved pieces)."""
    core = pos.core
    g = core.geometry
    w = g.width
    out: list[tuple[int, int, int]] = []
    for t in core.royal_types:
        for ks in _bits(pos.bbs[2 * t + side] & pos.unmoved):
            rank, kf = divmod(ks, w)
            for direction in (1, -1):
                partners: set[int] = set()
                for _kf, _rf, _u, types, ranks, d in core.castlings:
                    if d == direction and (ranks is None or ranks[side] == rank):
                        partners.update(types)
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
    for ks, rs, direction in castling_rights(pos, side):
        rank = ks // w
        beyond = range(rs % w + 1, w) if direction > 0 else range(rs % w)
        partner_type = pos.board[rs] >> 1
        outer = not any(pos.board[rank * w + f] == 2 * partner_type + side for f in beyond)
        out += ("K" if direction > 0 else "Q") if outer else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[rs % w]
    return out if side == WHITE else out.lower()


def read_fen(pos: BoardState, text: str) -> None:
    """Set the empty ``pos`` from FEN (castling ``KQkq`` or file letters, en passant square; clocks
    ignored)."""
    core = pos.core
    variant = pos.variant
    g = core.geometry
    if not _fen_ok(core):
        raise _err(codes.NO_FEN, "has_no_fen", text, name=variant.name)
    fields = text.split()
    if len(fields) < 2 or fields[1] not in ("w", "b"):
        raise _err(codes.BAD_POSITION, "fen_needs_at", text)
    placement = fields[0]
    pockets = ""
    if placement.endswith("]") and "[" in placement:
        placement, _, pockets = placement[:-1].partition("[")
        if not core.rules.holding:
            raise _err(codes.BAD_POSITION, "has_no_holding_2", text, name=variant.name)
    rows = placement.split("/")
    if len(rows) != g.height:
        raise _err(codes.POSITION_SHAPE, "board_must_have", text, 0, len(fields[0]), height=g.height)
    pos.styles = ("C", "c")
    for r, row in enumerate(rows):
        rank = g.height - 1 - r
        f = 0
        i = 0
        while i < len(row):
            ch = row[i]
            if ch.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j][:3])
                i = j
                continue
            key = ch.upper()
            if not ("A" <= key <= "Z") or key not in core.index or f >= g.width:
                raise _err(
                    codes.UNKNOWN_PIECE,
                    "rank_piece",
                    text,
                    0,
                    len(fields[0]),
                    ch=ch,
                    rank=rank + 1,
                    name=variant.name,
                )
            pos._put(rank * g.width + f, 2 * core.index[key] + (WHITE if ch == key else BLACK))
            if i + 1 < len(row) and row[i + 1] == "~":
                t = core.index[key]
                if not (core.rules.demote and t in core.status_origin):
                    raise _err(codes.BAD_POSITION, "no_promoted", text, ch=ch, key=key, name=variant.name)
                pos.promoted |= 1 << (rank * g.width + f)
                i += 1
            f += 1
            i += 1
        if f != g.width:
            raise _err(
                codes.POSITION_SHAPE,
                "rank_has_squares",
                text,
                0,
                len(fields[0]),
                rank=rank + 1,
                count=f,
                width=g.width,
            )
    for ch in pockets:
        key = ch.upper()
        if key not in core.index or core.royal[core.index[key]]:
            raise _err(codes.UNKNOWN_PIECE, "pockets_piece_drop", text, ch=ch)
        pos.hands[WHITE if ch == key else BLACK][core.index[key]] += 1
    _check_material(pos, text, len(placement) + 1, len(pockets))
    pos.turn = WHITE if fields[1] == "w" else BLACK
    rights = fields[2] if len(fields) > 2 else "-"
    for ch in rights if rights != "-" else "":
        side = WHITE if ch.isupper() else BLACK
        home = 0 if side == WHITE else g.height - 1
        kings = [s for t in core.royal_types for s in _bits(pos.bbs[2 * t + side] & g.rank_masks[home])]
        if not kings:
            raise _err(codes.BAD_POSITION, "castling_right_without", text, ch=ch)
        ks = kings[0]
        partners = [
            s
            for t in range(core.n)
            if core.tracks_unmoved[t] and not core.royal[t]
            for s in _bits(pos.bbs[2 * t + side] & g.rank_masks[home])
        ]
        up = ch.upper()
        if up == "K":
            cands = [s for s in partners if s > ks]
            rook = max(cands) if cands else None
        elif up == "Q":
            cands = [s for s in partners if s < ks]
            rook = min(cands) if cands else None
        else:
            sq = home * g.width + (ord(up) - ord("A"))
            rook = sq if sq in partners else None
        if rook is None:
            raise _err(codes.BAD_POSITION, "castling_right_without_2", text, ch=ch)
        pos.unmoved |= 1 << ks | 1 << rook
    # pieces with initial moves that are not castling pieces keep them (FEN does not say otherwise)
    for t in range(core.n):
        if core.tracks_unmoved[t] and core.pieces[t].has_initial and not core.royal[t]:
            for side in (WHITE, BLACK):
                pos.unmoved |= pos.bbs[2 * t + side]
    ep = fields[3] if len(fields) > 3 else "-"
    if ep != "-":
        try:
            target = g.parse_square(ep)
        except NotationError:
            raise _err(codes.BAD_POSITION, "en_passant_square", text, ep=ep) from None
        # the victim stands one step beyond the target, seen from the side that just moved
        step = g.width if pos.turn == BLACK else -g.width
        victim = target + step
        if 0 <= victim < g.size and pos.board[victim] >= 0 and pos.board[victim] & 1 != pos.turn:
            pos.ep_squares, pos.ep_victim = 1 << target, victim
    if len(fields) > 5 and fields[5].isdigit():
        pos.ply = (min(int(fields[5][:6]), 100000) - 1) * 2 + (1 if pos.turn == BLACK else 0)
    pos._rehash()
