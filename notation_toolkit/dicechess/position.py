"""The Dice Chess position: bitboards + mailbox, DFEN in/out, micro-move generation, make/unmake.

State (R1-R17, F1-F6): piece bitboards by type and by colour, a 64-entry mailbox, side to move,
castling rights (4-bit mask), en-passant targets (a bitboard, several may be live, R15), half-move
clock (counts micro-moves, R16), full-move number, the dice pool (packed int, 0 = DFEN ``-``) and a
64-bit Zobrist key over pieces, side, rights, en-passant set and pool, updated incrementally.

The maximum-dice rule (R8, semantics B) lives here too (``lstar`` / ``legal_moves``) because it is the
hot loop: it runs make/unmake on the same object, with a process-wide memo keyed by the Zobrist key.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Final, Protocol

from notation_toolkit.core.display import repr_svg
from notation_toolkit.core.errors import ValidationError
from notation_toolkit.dicechess import dice as _dice
from notation_toolkit.dicechess.codes import DICE002
from notation_toolkit.dicechess.moves import FLAG_CASTLING, FLAG_DOUBLE, FLAG_EN_PASSANT
from notation_toolkit.dicechess.tables import (
    BB_ALL,
    BB_FILE_A,
    BB_FILE_H,
    BB_RANK_1,
    BB_RANK_3,
    BB_RANK_6,
    BB_RANK_8,
    BB_SQUARES,
    BISHOP,
    BLACK,
    CASTLING_GEOMETRY,
    CASTLING_KEYS,
    CASTLING_LETTERS,
    COLOR_NAMES,
    COLOR_RIGHTS,
    E1,
    E8,
    EP_KEYS,
    KEEP_AFTER_CAPTURE_ON,
    KEEP_AFTER_ROOK_LEAVES,
    KING,
    KING_ATTACKS,
    KNIGHT,
    KNIGHT_ATTACKS,
    PAWN,
    PAWN_ATTACKS,
    PIECE_SQUARE_KEYS,
    PIECE_SYMBOLS,
    PIECE_TYPES,
    POOL_KEYS,
    QUEEN,
    ROOK,
    SQUARE_NAMES,
    TURN_KEY,
    WHITE,
    Bitboard,
    Color,
    PieceType,
    Square,
    bishop_attacks,
    queen_attacks,
    rook_attacks,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

DIE: Final = _dice.DIE


def _pool_sizes() -> tuple[int, ...]:
    # ``dice.size(p)`` for every 14-bit pool, built by doubling (bit ``b`` of a pool adds 1 or 2
    # to the count of its die type, nothing below PAWN): 16,384 calls of ``size`` cost every dice
    # command about 8 ms at import.
    sizes = [0]
    for bit in range(14):
        piece_type, high = divmod(bit, 2)
        weight = (2 if high else 1) if piece_type in PIECE_TYPES else 0
        sizes += [s + weight for s in sizes]
    return tuple(sizes)


POOL_SIZE: Final = _pool_sizes()
"""``POOL_SIZE[pool]``: the number of dice in ``pool`` (``dice.size``), for every 14-bit pool."""
_SYMBOL_CODE: Final = {
    **{PIECE_SYMBOLS[t].upper(): t for t in range(1, 7)},
    **{PIECE_SYMBOLS[t]: t | (BLACK << 3) for t in range(1, 7)},
}
_CODE_SYMBOL: Final = tuple(
    (PIECE_SYMBOLS[c & 7].upper() if c < 8 else PIECE_SYMBOLS[c & 7]) if 0 < c & 7 < 7 else ""
    for c in range(16)
)
_PROMOTIONS: Final = (QUEEN, ROOK, BISHOP, KNIGHT)
_CASTLE_TARGETS: Final = ((0, 6, 1), (0, 2, 2), (1, 62, 4), (1, 58, 8))  # (colour, king to, right)

# Memo of L*(S) keyed by the Zobrist key (which covers pieces, side, rights, EP set and pool, i.e.
# everything L* depends on). Bounded: cleared when it grows past _LSTAR_LIMIT entries.
_LSTAR_CACHE: dict[int, int] = {}
_LSTAR_LIMIT: Final = 1 << 21


def clear_caches() -> None:
    """Forget memoised L* values (they stay valid; this only frees memory)."""
    _LSTAR_CACHE.clear()


class DfenLike(Protocol):
    """What ``Position.from_parsed`` needs: the attributes of ``notation_toolkit.dfen.DfenPosition``."""

    @property
    def squares(self) -> Sequence[str | None]: ...
    @property
    def turn(self) -> str: ...
    @property
    def castling(self) -> frozenset[str]: ...
    @property
    def en_passant(self) -> frozenset[int]: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...
    @property
    def dice(self) -> tuple[str, ...] | None: ...


STARTING_DFEN: Final = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -"


class Position:
    """A Dice Chess position, mutable in place (``push``/``pop``), at any phase of a turn.

    ``Position.from_dfen(text).dfen() == canonical(text)`` for every DFEN. Moves are ints (see
    ``notation_toolkit.dicechess.moves``); ``MicroMove`` is only a view for callers.
    """

    _repr_svg_ = repr_svg  # notebooks draw the position (notation_toolkit.svg)

    __slots__ = (
        "_stack",
        "board",
        "castling",
        "ep",
        "fullmove",
        "halfmove",
        "key",
        "occ",
        "pieces",
        "pool",
        "turn",
    )

    def __init__(self) -> None:
        self.board: list[int] = [0] * 64
        self.pieces: list[Bitboard] = [0] * 7
        self.occ: list[Bitboard] = [0, 0]
        self.turn: Color = WHITE
        self.castling = 0
        self.ep: Bitboard = 0
        self.halfmove = 0
        self.fullmove = 1
        self.pool: _dice.Pool = 0
        self.key = 0
        self._stack: list[tuple[int, ...]] = []

    # ------------------------------------------------------------------ construction and DFEN

    @classmethod
    def start(cls) -> Position:
        """The standard starting position (R1), White to move, dice not rolled."""
        return cls.from_dfen(STARTING_DFEN)

    @classmethod
    def from_dfen(cls, text: str, *, lenient: bool = False) -> Position:
        """Build a position from DFEN text (4-7 fields, F1), parsed by ``notation_toolkit.dfen``.

        Raises a ``NotationError`` subclass for bad input.
        """
        from notation_toolkit.dfen import parse

        parsed: DfenLike = parse(text, lenient=lenient)
        return cls.from_parsed(parsed)

    @classmethod
    def from_parsed(cls, parsed: DfenLike) -> Position:
        """Build a position from a parsed DFEN (``notation_toolkit.dfen.DfenPosition``)."""
        pos = cls()
        for sq, symbol in enumerate(parsed.squares):
            if symbol is not None:
                pos._put(sq, _SYMBOL_CODE[symbol])
        for colour, own_first, last in ((WHITE, BB_RANK_1, BB_RANK_8), (BLACK, BB_RANK_8, BB_RANK_1)):
            pawns = pos.pieces[PAWN] & pos.occ[colour]
            # A pawn that takes the king on the last rank stays a pawn (R12): legal in a final DFEN only.
            bad = pawns & (own_first | (last if pos.has_king(colour ^ 1) else 0))
            if bad:
                sq = next(_squares(bad))
                raise DICE002.error(
                    ValidationError,
                    "pawn_rank",
                    field="pieces",
                    colour=COLOR_NAMES[colour],
                    square=SQUARE_NAMES[sq],
                )
        pos.turn = WHITE if parsed.turn == "w" else BLACK
        rights = 0
        for bit, letter in CASTLING_LETTERS:
            if letter in parsed.castling:
                rights |= bit
        pos.castling = rights
        ep = 0
        for sq in parsed.en_passant:
            ep |= BB_SQUARES[sq]
        pos.ep = ep
        pos.halfmove = parsed.halfmove_clock
        pos.fullmove = parsed.fullmove_number
        pos.pool = _dice.from_letters("".join(parsed.dice)) if parsed.dice else 0
        pos.key = pos.compute_key()
        return pos

    def _put(self, sq: Square, code: int) -> None:
        bb = BB_SQUARES[sq]
        self.board[sq] = code
        self.pieces[code & 7] |= bb
        self.occ[code >> 3] |= bb

    def copy(self) -> Position:
        """An independent copy (without the undo stack)."""
        other = Position.__new__(Position)
        other.board = self.board[:]
        other.pieces = self.pieces[:]
        other.occ = self.occ[:]
        other.turn = self.turn
        other.castling = self.castling
        other.ep = self.ep
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other.pool = self.pool
        other.key = self.key
        other._stack = []
        return other

    def placement(self) -> str:
        """DFEN field 1."""
        board = self.board
        rows: list[str] = []
        for rank in range(7, -1, -1):
            row = ""
            empty = 0
            for sq in range(rank * 8, rank * 8 + 8):
                code = board[sq]
                if code:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += _CODE_SYMBOL[code]
                else:
                    empty += 1
            if empty:
                row += str(empty)
            rows.append(row)
        return "/".join(rows)

    def dfen(self) -> str:
        """Canonical 7-field DFEN (F1-F3): EP squares in lexicographic order, dice in mover's case."""
        rights = "".join(letter for bit, letter in CASTLING_LETTERS if self.castling & bit) or "-"
        ep = "".join(sorted(SQUARE_NAMES[sq] for sq in _squares(self.ep))) or "-"
        pool = _dice.to_letters(self.pool, black=self.turn == BLACK)
        return f"{self.placement()} {'wb'[self.turn]} {rights} {ep} {self.halfmove} {self.fullmove} {pool}"

    def __str__(self) -> str:
        return self.dfen()

    def __repr__(self) -> str:
        return f"Position.from_dfen({self.dfen()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.board == other.board
            and self.turn == other.turn
            and self.castling == other.castling
            and self.ep == other.ep
            and self.halfmove == other.halfmove
            and self.fullmove == other.fullmove
            and self.pool == other.pool
        )

    __hash__ = None  # type: ignore[assignment]  # mutable; use .key

    def compute_key(self) -> int:
        """The Zobrist key computed from scratch (``key`` is the incrementally maintained one)."""
        key = 0
        for sq, code in enumerate(self.board):
            if code:
                key ^= PIECE_SQUARE_KEYS[code][sq]
        if self.turn == BLACK:
            key ^= TURN_KEY
        key ^= CASTLING_KEYS[self.castling]
        for sq in _squares(self.ep):
            key ^= EP_KEYS[sq]
        for t in range(1, 7):
            key ^= POOL_KEYS[t][_dice.count(self.pool, t)]
        return key

    # ------------------------------------------------------------------ queries

    def piece_at(self, sq: Square) -> tuple[PieceType, Color] | None:
        """``(piece type, colour)`` on a square, or ``None``."""
        code = self.board[sq]
        return (code & 7, code >> 3) if code else None

    def pieces_of(self, piece_type: PieceType, color: Color) -> Bitboard:
        """Bitboard of one colour's pieces of one type."""
        return self.pieces[piece_type] & self.occ[color]

    @property
    def occupied(self) -> Bitboard:
        """All occupied squares."""
        return self.occ[0] | self.occ[1]

    def has_king(self, color: Color) -> bool:
        """True if ``color`` still has a king (a missing king marks a finished game, R17)."""
        return bool(self.pieces[KING] & self.occ[color])

    def attacker_types(
        self,
        square: Square,
        color: Color,
        *,
        among: Bitboard | None = None,
        occupied: Bitboard | None = None,
    ) -> int:
        """Bit set (bit t = piece type t) of the types of ``color``'s pieces that attack ``square``.

        A type is in the set when one of its pieces could capture on ``square`` with one die of that
        type (R4): pawns by their diagonal capture (en passant is not an attack on a square), sliders
        through empty squares only; castling never captures. On the enemy king's square this is the
        set of dice that capture the king at once (R17). Pieces of either colour block.

        ``among`` keeps only the attackers of ``color`` standing on those squares and ``occupied``
        replaces the blockers, to ask about a board that differs slightly from this one (e.g. after a
        micro-move not played yet) without make/unmake.
        """
        occ = self.occ
        own = occ[color] if among is None else occ[color] & among
        if occupied is None:
            occupied = occ[0] | occ[1]
        pieces = self.pieces
        bits = 0
        if PAWN_ATTACKS[color ^ 1][square] & pieces[PAWN] & own:
            bits |= 1 << PAWN
        if KNIGHT_ATTACKS[square] & pieces[KNIGHT] & own:
            bits |= 1 << KNIGHT
        if KING_ATTACKS[square] & pieces[KING] & own:
            bits |= 1 << KING
        diag = bishop_attacks(square, occupied)
        line = rook_attacks(square, occupied)
        if diag & pieces[BISHOP] & own:
            bits |= 1 << BISHOP
        if line & pieces[ROOK] & own:
            bits |= 1 << ROOK
        if (diag | line) & pieces[QUEEN] & own:
            bits |= 1 << QUEEN
        return bits

    @property
    def is_game_over(self) -> bool:
        """True once a king has been captured (R17)."""
        kings = self.pieces[KING]
        return not (kings & self.occ[0]) or not (kings & self.occ[1])

    @property
    def ply_depth(self) -> int:
        """Number of undoable operations on the stack."""
        return len(self._stack)

    # ------------------------------------------------------------------ move generation

    def generate(self, pool: int | None = None, *, castling_needs_rook: bool = True) -> list[int]:
        """Pseudo-legal micro-moves (R4, R12, R13, R15) for every die type in ``pool``.

        ``pool`` defaults to the position's pool. Castling is generated when the pool holds a K die
        and an R die; with ``castling_needs_rook=False`` a K die alone is enough (the per-die perft
        convention of the reference suite). King safety is never tested (R6).
        """
        if pool is None:
            pool = self.pool
        out: list[int] = []
        if pool & 0b1100:
            self._gen_pawns(out)
        if pool & 0b11111111110000:
            self._gen_pieces(pool, out)
        if pool & 0b11000000000000 and (pool & 0b1100000000 or not castling_needs_rook) and self.castling:
            self._gen_castling(out)
        return out

    def generate_type(self, piece_type: PieceType) -> list[int]:
        """Pseudo-legal micro-moves of one piece type (no castling)."""
        out: list[int] = []
        if piece_type == PAWN:
            self._gen_pawns(out)
        else:
            self._gen_pieces(DIE[piece_type], out)
        return out

    def generate_pieces(
        self, pool: int, *, origins: Bitboard = BB_ALL, targets: Bitboard = BB_ALL
    ) -> list[int]:
        """Pseudo-legal micro-moves of knights, bishops, rooks, queens and kings for the die types in
        ``pool`` (no pawns, no castling), of the pieces standing on ``origins`` to squares in ``targets``.
        """
        out: list[int] = []
        self._gen_pieces(pool, out, origins, targets)
        return out

    def _gen_type(self, t: PieceType, out: list[int]) -> None:
        if t == PAWN:
            self._gen_pawns(out)
        else:
            self._gen_pieces(DIE[t], out)

    def _gen_pieces(
        self, pool: int, out: list[int], origins: Bitboard = BB_ALL, targets: Bitboard = BB_ALL
    ) -> None:
        # One fused loop over knights, bishops, rooks, queens and kings (the hot path of R8):
        # bit scans go from the most significant bit, which costs one int method call per square.
        us = self.turn
        occ = self.occ
        own = occ[us]
        occupied = own | occ[us ^ 1]
        notown = ~own & targets
        pieces = self.pieces
        append = out.append
        own &= origins
        for t in (KNIGHT, BISHOP, ROOK, QUEEN, KING):
            if not (pool >> (2 * t)) & 3:
                continue
            bb = pieces[t] & own
            base = t << 15
            while bb:
                frm = bb.bit_length() - 1
                bb ^= 1 << frm
                if t == KNIGHT:
                    targets = KNIGHT_ATTACKS[frm] & notown
                elif t == BISHOP:
                    targets = bishop_attacks(frm, occupied) & notown
                elif t == ROOK:
                    targets = rook_attacks(frm, occupied) & notown
                elif t == QUEEN:
                    targets = queen_attacks(frm, occupied) & notown
                else:
                    targets = KING_ATTACKS[frm] & notown
                mb = base | frm
                while targets:
                    to = targets.bit_length() - 1
                    targets ^= 1 << to
                    append(mb | (to << 6))

    def _gen_pawns(self, out: list[int]) -> None:
        us = self.turn
        them = us ^ 1
        occ = self.occ
        pawns = self.pieces[PAWN] & occ[us]
        if not pawns:
            return
        append = out.append
        enemy = occ[them]
        empty = ~(occ[us] | enemy) & BB_ALL
        board = self.board
        if us == WHITE:
            single = (pawns << 8) & empty
            double = ((single & BB_RANK_3) << 8) & empty
            back = -8
            left = ((pawns & ~BB_FILE_A) << 7) & enemy
            right = ((pawns & ~BB_FILE_H) << 9) & enemy
            last = BB_RANK_8
            ldelta = -7
            rdelta = -9
        else:
            single = (pawns >> 8) & empty
            double = ((single & BB_RANK_6) >> 8) & empty
            back = 8
            left = ((pawns & ~BB_FILE_A) >> 9) & enemy
            right = ((pawns & ~BB_FILE_H) >> 7) & enemy
            last = BB_RANK_1
            ldelta = 9
            rdelta = 7
        base = (PAWN << 15) + back
        bb = single & ~last
        while bb:
            to = bb.bit_length() - 1
            bb ^= 1 << to
            append(base + to * 65)
        dbase = (PAWN << 15) + 2 * back + (FLAG_DOUBLE << 18)
        while double:
            to = double.bit_length() - 1
            double ^= 1 << to
            append(dbase + to * 65)
        promos = (single | left | right) & last
        left &= ~last
        right &= ~last
        base = (PAWN << 15) + ldelta
        while left:
            to = left.bit_length() - 1
            left ^= 1 << to
            append(base + to * 65)
        base = (PAWN << 15) + rdelta
        while right:
            to = right.bit_length() - 1
            right ^= 1 << to
            append(base + to * 65)
        if promos:
            self._gen_promotions(pawns, single & last, out)
        if self.ep:
            targets = self.ep & (BB_RANK_6 if us == WHITE else BB_RANK_3) & empty
            victim = PAWN | (them << 3)
            attacks = PAWN_ATTACKS[them]
            ebase = (PAWN << 15) | (FLAG_EN_PASSANT << 18)
            while targets:
                to = targets.bit_length() - 1
                targets ^= 1 << to
                # R15: the victim pawn must really stand behind the target
                if board[to + back] != victim:
                    continue
                frms = attacks[to] & pawns
                while frms:
                    frm = frms.bit_length() - 1
                    frms ^= 1 << frm
                    append(ebase | frm | (to << 6))

    def _gen_promotions(self, pawns: Bitboard, pushes: Bitboard, out: list[int]) -> None:
        append = out.append
        us = self.turn
        them = us ^ 1
        board = self.board
        enemy_king = KING | (them << 3)
        base = PAWN << 15
        while pushes:
            to = pushes.bit_length() - 1
            pushes ^= 1 << to
            mv = base | (to - 8 if us == WHITE else to + 8) | (to << 6)
            for promo in _PROMOTIONS:
                append(mv | (promo << 12))
        caps = self.occ[them] & (BB_RANK_8 if us == WHITE else BB_RANK_1)
        while caps:
            to = caps.bit_length() - 1
            caps ^= 1 << to
            frms = PAWN_ATTACKS[them][to] & pawns
            while frms:
                frm = frms.bit_length() - 1
                frms ^= 1 << frm
                mv = base | frm | (to << 6)
                if board[to] == enemy_king:
                    # R12: taking the king on the last rank is a plain capture, no promotion
                    append(mv)
                else:
                    for promo in _PROMOTIONS:
                        append(mv | (promo << 12))

    def _gen_castling(self, out: list[int]) -> None:
        us = self.turn
        rights = self.castling
        board = self.board
        occupied = self.occ[0] | self.occ[1]
        king_code = KING | (us << 3)
        rook_code = ROOK | (us << 3)
        home = E1 if us == WHITE else E8
        if board[home] != king_code:
            return
        for color, to, right in _CASTLE_TARGETS:
            if color != us or not rights & right:
                continue
            rook_from, _rook_to, between, _ = CASTLING_GEOMETRY[to]
            if board[rook_from] == rook_code and not occupied & between:
                out.append(home | (to << 6) | (KING << 15) | (FLAG_CASTLING << 18))

    # ------------------------------------------------------------------ make / unmake

    def push(self, m: int) -> None:
        """Apply a micro-move (R4, R12-R16): spends its die(s); the side to move does not change (R7)."""
        frm = m & 63
        to = (m >> 6) & 63
        pt = (m >> 15) & 7
        flag = m >> 18
        board = self.board
        pieces = self.pieces
        occ = self.occ
        us = self.turn
        them = us ^ 1
        key = self.key
        rights = self.castling
        ep = self.ep
        pool = self.pool
        captured = board[to]
        self._stack.append((m, captured, rights, ep, self.halfmove, pool, key))
        fb = 1 << frm
        tb = 1 << to
        code = pt | (us << 3)
        psk = PIECE_SQUARE_KEYS
        if captured:
            pieces[captured & 7] ^= tb
            occ[them] ^= tb
            key ^= psk[captured][to]
        board[frm] = 0
        occ[us] ^= fb | tb
        promo = (m >> 12) & 7
        if promo:
            pieces[PAWN] ^= fb
            pieces[promo] ^= tb
            ncode = promo | (us << 3)
            board[to] = ncode
            key ^= psk[code][frm] ^ psk[ncode][to]
        else:
            pieces[pt] ^= fb | tb
            board[to] = code
            key ^= psk[code][frm] ^ psk[code][to]
        new_ep = ep
        if pt == PAWN:
            halfmove = 0
            if flag == FLAG_DOUBLE:
                new_ep |= 1 << ((frm + to) >> 1)
            elif flag == FLAG_EN_PASSANT:
                vsq = to - 8 if us == WHITE else to + 8
                vb = 1 << vsq
                vcode = PAWN | (them << 3)
                board[vsq] = 0
                pieces[PAWN] ^= vb
                occ[them] ^= vb
                key ^= psk[vcode][vsq]
                new_ep &= ~tb
            if new_ep:
                # R15.1: a pawn that made a target takes it along when it moves again
                if us == WHITE:
                    if 24 <= frm < 32:
                        new_ep &= ~(1 << (frm - 8))
                elif 32 <= frm < 40:
                    new_ep &= ~(1 << (frm + 8))
        else:
            halfmove = 0 if captured else self.halfmove + 1
            if flag == FLAG_CASTLING:
                rook_from, rook_to, _, _ = CASTLING_GEOMETRY[to]
                rcode = ROOK | (us << 3)
                rb = (1 << rook_from) | (1 << rook_to)
                board[rook_from] = 0
                board[rook_to] = rcode
                pieces[ROOK] ^= rb
                occ[us] ^= rb
                key ^= psk[rcode][rook_from] ^ psk[rcode][rook_to]
        if captured:
            ctype = captured & 7
            if ctype == PAWN and new_ep:
                # R15.2: a captured pawn's own target goes with it
                if them == WHITE:
                    if 24 <= to < 32:
                        new_ep &= ~(1 << (to - 8))
                elif 32 <= to < 40:
                    new_ep &= ~(1 << (to + 8))
        if new_ep != ep:
            key ^= ep_keys(ep ^ new_ep)
            self.ep = new_ep
        if rights:
            nr = rights
            if pt == KING:
                nr &= ~COLOR_RIGHTS[us]
            elif pt == ROOK:
                nr &= KEEP_AFTER_ROOK_LEAVES[us][frm]
            if captured:
                nr &= KEEP_AFTER_CAPTURE_ON[to]
                if captured & 7 == KING:
                    nr &= ~COLOR_RIGHTS[them]
            if nr != rights:
                key ^= CASTLING_KEYS[rights] ^ CASTLING_KEYS[nr]
                self.castling = nr
        n = (pool >> (2 * pt)) & 3
        if n:
            pool -= DIE[pt]
            key ^= POOL_KEYS[pt][n] ^ POOL_KEYS[pt][n - 1]
        if flag == FLAG_CASTLING:
            n = (pool >> 8) & 3
            if n:
                pool -= DIE[ROOK]
                key ^= POOL_KEYS[ROOK][n] ^ POOL_KEYS[ROOK][n - 1]
        self.pool = pool
        self.halfmove = halfmove
        self.key = key

    def pop(self) -> None:
        """Undo the last ``push``, ``end_turn`` or ``set_pool`` exactly (key included)."""
        entry = self._stack.pop()
        m = entry[0]
        if m < 0:
            if m == -1:
                _, self.ep, self.pool, self.key, self.fullmove = entry
                self.turn ^= 1
            else:
                _, self.pool, self.key = entry
            return
        _, captured, rights, ep, halfmove, pool, key = entry
        frm = m & 63
        to = (m >> 6) & 63
        pt = (m >> 15) & 7
        flag = m >> 18
        promo = (m >> 12) & 7
        board = self.board
        pieces = self.pieces
        occ = self.occ
        us = self.turn
        them = us ^ 1
        fb = 1 << frm
        tb = 1 << to
        if promo:
            pieces[promo] ^= tb
            pieces[PAWN] ^= fb
        else:
            pieces[pt] ^= fb | tb
        occ[us] ^= fb | tb
        board[frm] = pt | (us << 3)
        board[to] = captured
        if captured:
            pieces[captured & 7] ^= tb
            occ[them] ^= tb
        elif flag == FLAG_EN_PASSANT:
            vsq = to - 8 if us == WHITE else to + 8
            vb = 1 << vsq
            board[vsq] = PAWN | (them << 3)
            pieces[PAWN] ^= vb
            occ[them] ^= vb
        elif flag == FLAG_CASTLING:
            rook_from, rook_to, _, _ = CASTLING_GEOMETRY[to]
            rb = (1 << rook_from) | (1 << rook_to)
            board[rook_to] = 0
            board[rook_from] = ROOK | (us << 3)
            pieces[ROOK] ^= rb
            occ[us] ^= rb
        self.castling = rights
        self.ep = ep
        self.halfmove = halfmove
        self.pool = pool
        self.key = key

    def set_pool(self, pool: _dice.Pool | str) -> None:
        """Put rolled dice into the pool (undoable with ``pop``)."""
        new = _dice.pool_of(pool)
        self._stack.append((-2, self.pool, self.key))
        key = self.key
        for t in range(1, 7):
            key ^= POOL_KEYS[t][_dice.count(self.pool, t)] ^ POOL_KEYS[t][_dice.count(new, t)]
        self.pool = new
        self.key = key

    def end_turn(self) -> None:
        """R11: toggle the side, empty the pool, count the full move, drop the new mover's own EP targets.

        Undoable with ``pop``. Never call it after a king capture (R17); ``Game`` takes care of that.
        """
        pool = self.pool
        ep = self.ep
        key = self.key
        self._stack.append((-1, ep, pool, key, self.fullmove))
        if self.turn == BLACK:
            self.fullmove += 1
        self.turn ^= 1
        key ^= TURN_KEY
        if pool:
            for t in range(1, 7):
                n = (pool >> (2 * t)) & 3
                if n:
                    key ^= POOL_KEYS[t][n]
            self.pool = 0
        new_ep = ep & ~(BB_RANK_3 if self.turn == WHITE else BB_RANK_6)
        if new_ep != ep:
            key ^= ep_keys(ep ^ new_ep)
            self.ep = new_ep
        self.key = key

    # ------------------------------------------------------------------ the maximum-dice rule (R8)

    def lstar(self) -> int:
        """L*(S): the most dice that can still be spent from this state (R8; memoised on the key)."""
        pool = self.pool
        if not pool:
            return 0
        key = self.key
        value = _LSTAR_CACHE.get(key)
        if value is None:
            value = self._lstar_search(pool)
            if len(_LSTAR_CACHE) >= _LSTAR_LIMIT:
                _LSTAR_CACHE.clear()
            _LSTAR_CACHE[key] = value
        return value

    def _lstar_search(self, pool: int) -> int:
        us = self.turn
        occ = self.occ
        kings = self.pieces[KING]
        if not (kings & occ[us]) or not (kings & occ[us ^ 1]):
            return 0
        total = POOL_SIZE[pool]
        enemy_king = KING | ((us ^ 1) << 3)
        board = self.board
        best = 0
        moves: list[int] = []
        if (pool >> 12) & 3 and (pool >> 8) & 3 and self.castling:
            self._gen_castling(moves)
        for t in range(1, 7):
            if (pool >> (2 * t)) & 3:
                self._gen_type(t, moves)
            if moves and total == 1:
                return 1
            for m in moves:
                cost = 2 if m >> 18 == FLAG_CASTLING else 1
                if cost >= total or board[(m >> 6) & 63] == enemy_king:
                    value = cost
                else:
                    self.push(m)
                    value = cost + self.lstar()
                    self.pop()
                if value > best:
                    best = value
                    if best >= total:
                        return best
            moves.clear()
        return best

    def legal_moves(self) -> list[int]:
        """The micro-moves legal under R8 (semantics B); empty when the turn is over (R10) or the game is."""
        pool = self.pool
        if not pool:
            return []
        us = self.turn
        occ = self.occ
        kings = self.pieces[KING]
        if not (kings & occ[us]) or not (kings & occ[us ^ 1]):
            return []
        best = self.lstar()
        if best == 0:
            return []
        total = POOL_SIZE[pool]
        enemy_king = KING | ((us ^ 1) << 3)
        board = self.board
        out: list[int] = []
        for m in self.generate(pool):
            if board[(m >> 6) & 63] == enemy_king:
                out.append(m)
                continue
            cost = 2 if m >> 18 == FLAG_CASTLING else 1
            if cost >= total:
                value = cost
            else:
                self.push(m)
                value = cost + self.lstar()
                self.pop()
            if value == best:
                out.append(m)
        return out

    def is_legal(self, m: int) -> bool:
        """True if ``m`` is among ``legal_moves()``."""
        return m in self.legal_moves()

    def turn_is_over(self) -> bool:
        """R10: the pool is empty, no legal micro-move is left, or a king was captured."""
        return not self.legal_moves()


def ep_keys(changed: Bitboard) -> int:
    """XOR of the Zobrist keys of the en-passant squares in ``changed``."""
    key = 0
    while changed:
        sq = changed.bit_length() - 1
        changed ^= 1 << sq
        key ^= EP_KEYS[sq]
    return key


def _squares(bb: Bitboard) -> Iterator[Square]:
    while bb:
        low = bb & -bb
        bb ^= low
        yield low.bit_length() - 1
