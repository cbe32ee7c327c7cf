"""The per-variant tables and the bare position state the game core is built on.

``Core`` holds what every position of a variant shares (piece types, their compiled move tables,
promotion, drops, Zobrist keys); ``BoardState`` is the state of one position (mailbox, bitboards,
hands, side to move ...) without any game logic. The FEEN / FEN readers and writers
(``variant.notation``) work on a ``BoardState``; ``variant.position.Position`` adds the moves.
Imports point one way: ``rules`` < ``tables`` < ``notation`` < ``position`` < ``game``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from notation_toolkit.core.geometry import Geometry
    from notation_toolkit.variant.pieces import CompiledPiece
    from notation_toolkit.variant.rules.base import Rules

WHITE = 0
BLACK = 1

EP = 1 << 30
CASTLE = 1 << 31
DROP = 1 << 32
MAKES_EP = 1 << 33
CAPTURE = 1 << 34
NOPROMO = 1 << 35  # an optional promotion declined (text needs no suffix; kept for clarity)
# gating (rules.gating, bits 51-70): bits 51-60 the gated piece type + 1; bit 61 set: a castling
# gates on its partner's square instead of the royal piece's
GATE_SHIFT = 51
GATE_ON_PARTNER = 1 << 61
PASS = 1 << 36  # a pass: the move of a turn that leaves the board as it is (text ``pass``)
# castling written as the royal piece taking its partner (e1h1): the royal piece stays, or its
# destination is also a move of its own (bits 40-49 of a castling hold the partner's destination + 1)
CASTLE_BY_PARTNER = 1 << 50
# a piece leaving the board as its move (warp, a frozen piece's suicide): origin and target are
# its square, written e2e2
REMOVE = 1 << 71
SQ = 0x3FF

Choices = tuple[list[int], list[int]] | None
Promo = tuple[Choices, Choices, Choices, tuple[int, int], bool, bool, Choices, list[bool] | None]
"""A piece type's promotion: choices entering / leaving / inside the zone (per side), zone per
side, optional, keeps a promoted status, choices capturing onto the zone and per type whether its
capture promotes (None: any)."""


class VariantLike(Protocol):
    """What positions need of their variant (``notation_toolkit.variant.Variant`` is one): a name,
    the board, the rules, the compiled pieces and the shared ``Core`` tables."""

    @property
    def name(self) -> str: ...

    @property
    def geometry(self) -> Geometry: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def pieces(self) -> Mapping[str, CompiledPiece]: ...

    @property
    def tables(self) -> Core: ...


class Core:
    """Per-variant tables the positions share: piece types, promotion, drops, Zobrist keys."""

    def __init__(self, variant: VariantLike) -> None:
        rules = variant.rules
        g = variant.geometry
        self.variant = variant
        self.geometry = g
        self.rules = rules
        self.keys: list[str] = list(variant.pieces)
        self.index: dict[str, int] = {k: i for i, k in enumerate(self.keys)}
        self.pieces: list[CompiledPiece] = [variant.pieces[k] for k in self.keys]
        # the zones of rules such as freezer (``#I=cK``), by their prefixed key
        self.zones: Mapping[str, CompiledPiece] = getattr(variant, "zones", {})
        n = len(self.keys)
        self.n = n
        self.royal = [k in rules.royal for k in self.keys]
        self.royal_types = [i for i in range(n) if self.royal[i]]
        # castling: the pieces that castle and, per piece, its partners (rules.castling: the royal
        # pieces, {R} by default, 003:918-920; with no royal piece the piece K)
        self.castle_partners: dict[int, list[int]] = {}
        if rules.castlings:
            for k, partners in sorted(rules.castle_partners.items()):
                if k in self.index and partners:
                    self.castle_partners[self.index[k]] = sorted(
                        self.index[p] for p in partners if p in self.index
                    )
        self.castlers = sorted(self.castle_partners)
        castling_types = set(self.castlers)
        for partner_types in self.castle_partners.values():
            castling_types |= set(partner_types)
        # a dropped piece is initial again (003:280): its initial moves and castling; gating only
        # from the square a piece stood on from the start (Fairy-Stockfish's gates)
        self.unmoved_on_drop = [self.pieces[i].has_initial or i in castling_types for i in range(n)]
        self.tracks_unmoved = [self.unmoved_on_drop[i] or rules.unmoved_all for i in range(n)]
        self.simple = [p.simple for p in self.pieces]
        self.needs_types = [p.needs_types for p in self.pieces]
        self.reversible = [p.reversible and not p.needs_types for p in self.pieces]
        self.quiets = [p.tables.quiets for p in self.pieces]
        self.captures = [p.tables.captures for p in self.pieces]
        self.attack_fn = [p.tables.attacks for p in self.pieces]
        # is_attacked fast paths: static reverse tables for leapers, empty-board lines for riders
        self.rev_static: list[tuple[list[int], list[int]] | None] = []
        self.rev_lines: list[tuple[list[int], list[int]] | None] = []
        for i, p in enumerate(self.pieces):
            static = p.leaper_attacks if self.reversible[i] else None
            if static is not None:
                rev: tuple[list[int], list[int]] = ([0] * g.size, [0] * g.size)
                for side in (0, 1):
                    for x in range(g.size):
                        bb = static[side][x]
                        while bb:
                            low = bb & -bb
                            rev[side][low.bit_length() - 1] |= 1 << x
                            bb ^= low
                self.rev_static.append(rev)
                self.rev_lines.append(None)
            elif self.reversible[i] and "p" not in p.definition.split("=", 1)[-1]:
                # (hoppers reach nothing on an empty board: no quick rejection for them)
                self.rev_static.append(None)
                self.rev_lines.append(
                    tuple(  # type: ignore[arg-type]
                        [p.tables.attackers_reach(sq, side, 0) for sq in range(g.size)] for side in (0, 1)
                    )
                )
            else:
                self.rev_static.append(None)
                self.rev_lines.append(None)
        # quiet moves that make squares capturable en passant (per side, per square): the pieces
        # that are not simple only because of en passant take the fast path
        self.multi = [bool(p.tables.multi) for p in self.pieces]
        # pieces with one reach that both moves and captures (no initial moves, no en passant, no
        # capture sets): the move generator reads its tables inline
        self.plain_reach: list[Any] = [getattr(p.tables, "plain", None) for p in self.pieces]
        self.no_plain: list[Any] = [None] * n
        # pieces with one quiet reach (and one more for initial moves) and one capture reach of any
        # enemy (pawns, Shogi's and Xiangqi's soldiers): their tables read inline too, as
        # (quiet, initial quiet or None, capture) per side
        self.split_reach: list[Any] = [_split_reach(p.tables) for p in self.pieces]
        self.ep_make: list[tuple[list[int], list[int]] | None] = []
        # the squares a move passes, per (origin, target): filled below where the board's edges
        # join (a line between two squares then goes either way round; the move's own record
        # says which), else on first use from the straight line (``position._between``)
        self.between: dict[int, int] = {}
        # some move crosses a joined edge (the board wraps, or a piece is cylindrical, MBN `o`)
        self.wraps = g.wraps or any(p.wraps for p in self.pieces)
        for p in self.pieces:
            if p.makes_ep and not p.tables.multi:
                masks: tuple[list[int], list[int]] = ([0] * g.size, [0] * g.size)
                for side in (0, 1):
                    for sq in range(g.size):
                        for initial in (False, True):
                            for rec in p.moves(sq, side, 0, 0, 0, initial=initial):
                                if rec.ep_squares:
                                    masks[side][sq] |= 1 << rec.target
                                    if self.wraps:
                                        self.between[sq | rec.target << 10] = rec.ep_squares
                self.ep_make.append(masks)
            else:
                self.ep_make.append(None)
        self.takes_ep = [p.takes_ep for p in self.pieces]
        self.leaper_attacks = [p.leaper_attacks for p in self.pieces]
        self.rider_types = [i for i in range(n) if self.rev_lines[i] is not None]
        # for pieces looked at from their own square (lame, ranges, capture sets): the squares from
        # which they could attack a square on an empty board (blockers only take attacks away;
        # not for hoppers, which need a hurdle)
        self.could: list[tuple[list[int], list[int]] | None] = []
        royal_keys = [k for k in self.keys if k in rules.royal]
        for i, p in enumerate(self.pieces):
            if self.reversible[i] or "p" in p.definition.split("=", 1)[-1] or p.tables.multi:
                # (multi-leg pieces: their reach on an empty board covers most of it, no filter)
                self.could.append(None)
                continue
            could: tuple[list[int], list[int]] = ([0] * g.size, [0] * g.size)
            for side in (0, 1):
                attacks = p.tables.empty_board_attacks(side, (None, *royal_keys))
                for x in range(g.size):
                    reach = attacks[x]
                    while reach:
                        low = reach & -reach
                        could[side][low.bit_length() - 1] |= 1 << x
                        reach ^= low
            self.could.append(could)
        self.reverse = [
            p.tables.attackers_reach if self.reversible[i] else None for i, p in enumerate(self.pieces)
        ]
        # promotion: per type, the choices (type indexes) when entering, leaving, moving inside
        # the zone (None: that way does not promote), the zone per side, optional, promoted status
        self.promo: list[Promo | None] = []
        for k in self.keys:
            spec = rules.promotions.get(k)
            if spec is None:
                self.promo.append(None)
            else:
                by_side = spec.by_side or (spec.choices, spec.choices)
                of = spec.capture_of
                self.promo.append(
                    (
                        self._per_side(spec.enter, by_side),
                        self._per_side(spec.leave, by_side),
                        self._per_side(spec.move, by_side),
                        spec.zone,
                        spec.optional,
                        spec.status and rules.holding and rules.demote,
                        self._per_side(spec.capture, by_side),
                        None if of is None else [k in of for k in self.keys],
                    )
                )
        # squares from which a piece has a physical move ("dead piece" test, 003:660; drops,
        # 003:286): a move on the empty board, or for a hopper over a single hurdle
        self.can_move = [
            [self._mobile(t, side, self.pieces[t].tables.empty_board_movers(side)) for side in (0, 1)]
            for t in range(n)
        ]
        # demotion when captured into the holding (003:406-416)
        self.status_origin: dict[int, int] = {}
        for t, pspec in enumerate(self.promo):
            if pspec is not None and pspec[5]:
                ways = (*pspec[:3], pspec[6])
                for choice in (c for way in ways if way is not None for side in way for c in side):
                    self.status_origin.setdefault(choice, t)
        self.to_hand = list(range(n))
        if rules.demote:
            for t, k in enumerate(self.keys):
                if k.startswith("+") and k[1:] in self.index:
                    self.to_hand[t] = self.index[k[1:]]
        # which captured pieces the move maker stacks on a hand, and on whose (rules.holding)
        self.hand_captures = rules.holding and rules.hand_captures
        self.hand_ok = [rules.hand_types is None or k in rules.hand_types for k in self.keys]
        self.hand_zone = rules.hand_zone
        self.hand_flip = rules.hand_flip
        # a move that creates a royal piece (a promotion to one) is tested like a move of one:
        # bit t + 1 for every royal promotion choice t (the move's promotion field)
        self.royal_choices = 0
        for pspec in self.promo:
            if pspec is not None:
                for way in (*pspec[:3], pspec[6]):
                    for choice in (c for side in way or () for c in side):
                        if self.royal[choice]:
                            self.royal_choices |= 1 << (choice + 1)
        # "all pieces can be dropped, except royal pieces", unless a drop rule names them (003:282)
        self.droppable = [not self.royal[t] or k in rules.drop_named for t, k in enumerate(self.keys)]
        self.royal_drops = any(self.royal[t] and self.droppable[t] for t in range(n))
        full = g.full
        self.drop_zone: list[tuple[int, int]] = []
        self.drop_explicit: list[bool] = []
        for k in self.keys:
            zone = rules.drop_zones.get(k) or rules.drop_zones.get("*")
            self.drop_zone.append(zone if zone is not None else (full, full))
            self.drop_explicit.append(zone is not None)
        self.drop_nomate = [k in rules.drop_nomate or "*" in rules.drop_nomate for k in self.keys]
        self.drop_nocheck = [k in rules.drop_nocheck or "*" in rules.drop_nocheck for k in self.keys]
        self.drop_rules = any(self.drop_nomate) or any(self.drop_nocheck)
        self.total_limits = [
            ({self.index[x] for x in s if x in self.index}, m) for s, m in rules.total_limits
        ]
        self.file_limits = [({self.index[x] for x in s if x in self.index}, m) for s, m in rules.file_limits]
        # (king file, partner file, from unthreatened, partner types, rank per side or None,
        # partner side: +1 a higher file than the royal piece, -1 a lower one)
        self.castlings: list[tuple[int, int, bool, list[int], tuple[int, int] | None, int]] = [
            (
                c.king_file,
                c.rook_file,
                c.from_unthreatened,
                [self.index[p] for p in c.partners if p in self.index],
                None if c.rank is None else (c.rank, g.height - 1 - c.rank),
                1 if c.rook_file < c.king_file else -1,
            )
            for c in rules.castlings
        ]
        # per castling geometry (royal and partner squares and destinations): the squares that
        # must be empty and the squares the royal piece passes (filled by rules.castling)
        self.castle_paths: dict[int, tuple[int, tuple[int, ...]]] = {}
        # (royal type, side, royal square, unmoved pieces and occupancy of its rank) -> the
        # castlings whose squares between are empty (rules.castling)
        self.castle_cands: dict[tuple[int, int, int, int, int], list[tuple[int, int, int, bool]]] = {}
        # Zobrist keys (seeded: the same keys in every run)
        rnd = random.Random(0x5EED ^ (g.width << 8) ^ g.height ^ n)
        bits = 64
        self.z_piece = [[rnd.getrandbits(bits) for _ in range(g.size)] for _ in range(2 * n)]
        self.z_unmoved = [rnd.getrandbits(bits) for _ in range(g.size)]
        self.z_status = [rnd.getrandbits(bits) for _ in range(g.size)]
        self.z_ep = [rnd.getrandbits(bits) for _ in range(g.size)]
        self.z_side = rnd.getrandbits(bits)
        max_hand = g.size + 1
        self.z_hand = [[rnd.getrandbits(bits) for _ in range(max_hand)] for _ in range(2 * n)]
        self.z_checks = [[rnd.getrandbits(bits) for _ in range(64)] for _ in range(2)]
        self.file_of = [s % g.width for s in range(g.size)]
        # Fast legality: when every piece's attacks are reversible and no piece hops, a move that is
        # not a royal move, not en passant, not castling, made while not in check, from a square on
        # no attack line of any enemy piece towards the royal piece cannot expose it.
        hops = [p.tables.hops for p in self.pieces]  # from the compiled parts: exact
        self.fast_legal = (
            all(self.reversible)
            and not any(hops)
            and not any("p" in p.definition.split("=", 1)[-1] for p in self.pieces)
        )
        # Without that (lame leapers, ranges, capture sets, hoppers), the same shortcut holds with
        # every own piece as a candidate blocker, tested by removal; hoppers also need the target
        # checked: a piece put on a line between a hopper and the royal piece can be its hurdle
        # (orthogonal and diagonal hoppers only: the lines of the royal square cover them).
        import re

        hop_atoms = [re.findall(r"p[a-oq-z]*([A-Z:(])", p.definition.split("=", 1)[-1]) for p in self.pieces]
        self.has_hoppers = any(hop_atoms) or any(hops)
        # a piece that hops through a letter's expansion (no `p` in its own text) has unknown
        # lines: no fast path then
        # (where the edges join, lines go round: every own piece is a candidate blocker, and a
        # hopper's hurdles are not looked for on the plain board's lines)
        self.general_fast = (
            not self.fast_legal
            and not (self.wraps and self.has_hoppers)
            and all(set(a) <= set("WFRBQK") for a in hop_atoms)
            and all(hop_atoms[i] for i in range(n) if hops[i])
        )
        self.hopper_types = [i for i in range(n) if hop_atoms[i] or hops[i]]
        # per square, its eight rays (queen directions): a piece put on a ray can become the hurdle
        # of an enemy hopper only if one stands on that ray
        self.rays: list[list[int]] = [[] for _ in range(g.size)]
        if self.has_hoppers and self.general_fast:
            for sq in range(g.size):
                f0, r0 = sq % g.width, sq // g.width
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
                    ray, f, r = 0, f0 + dx, r0 + dy
                    while 0 <= f < g.width and 0 <= r < g.height:
                        ray |= 1 << (r * g.width + f)
                        f, r = f + dx, r + dy
                    if ray:
                        self.rays[sq].append(ray)
        self.royal_lines = [0] * g.size
        if self.has_hoppers and self.general_fast:
            for sq in range(g.size):
                f0, r0 = sq % g.width, sq // g.width
                mask = 0
                for x in range(g.size):
                    f1, r1 = x % g.width, x // g.width
                    if f1 == f0 or r1 == r0 or abs(f1 - f0) == abs(r1 - r0):
                        mask |= 1 << x
                self.royal_lines[sq] = mask
        # the closed rectangle between two squares is span_files[fa][fb] & span_ranks[ra][rb]: it
        # holds every square a lame leap, a line or a capture-set line between them passes
        self.span_files = _spans(g.file_masks)
        self.span_ranks = _spans(g.rank_masks)
        self.lines: list[list[int]] = []
        if self.fast_legal:
            for side in (0, 1):
                self.lines.append(
                    [
                        _or(self.reverse[t](sq, side, 0) for t in range(n) if self.reverse[t] is not None)  # type: ignore[misc]
                        for sq in range(g.size)
                    ]
                )
        self.names = g.square_names
        # pieces whose moves reset the half-move clock: Fairy-Stockfish's pawns (a P whose captures
        # differ from its moves; the shogi pawn and the xiangqi soldier are not its pawn type, nor is
        # the breakthrough piece, which also moves to the squares it captures on)
        self.clock_pawn = [
            k == "P"
            and any(self.pieces[t].quiets(s, 0, 0) != self.pieces[t].attacks(s, 0, 0) for s in range(g.size))
            and not any(
                self.pieces[t].quiets(s, 0, 0) & self.pieces[t].attacks(s, 0, 0) for s in range(g.size)
            )
            for t, k in enumerate(self.keys)
        ]
        self._bind_hooks()
        # moves counted in bulk by perft (Position._legal_count): pieces with one plain reach that
        # do not promote and are not royal, when legality has its shortcuts and no hopper can make
        # a target square matter; drops as square sets when a drop can only shield
        self.bulk_types = (
            [
                t
                for t in range(n)
                if self.plain_reach[t] is not None and self.promo[t] is None and not self.royal[t]
            ]
            if (self.fast_legal or self.general_fast) and not self.exact and not self.has_hoppers
            else []
        )
        # pieces with split reaches counted in bulk too, from origins where no move can promote
        self.bulk_split = (
            [t for t in range(n) if self.split_reach[t] is not None and not self.royal[t]]
            if (self.fast_legal or self.general_fast) and not self.exact and not self.has_hoppers
            else []
        )
        self.bulk_drops = bool(
            rules.holding
            and rules.hand_drops
            and not self.has_hoppers
            and not self.total_limits
            and not self.file_limits
            and not any(self.drop_nocheck)
            and not any(self.drop_nomate)
            and not self.royal_drops
        )

    def _bind_hooks(self) -> None:
        """Ask every rule component for its hooks; keep per kind the ones given, in component
        order (a rule file pays only for the components it uses)."""
        hooks = [h for h in (c.hooks(self) for c in self.rules.components) if h is not None]
        self.move_hooks = [h.moves for h in hooks if h.moves is not None and not h.drops]
        self.drop_hooks = [h.moves for h in hooks if h.moves is not None and h.drops]
        self.filters = [h.filter for h in hooks if h.filter is not None]
        self.effects = [(h.do, h.undo) for h in hooks if h.do is not None and h.undo is not None]
        self.legal_hooks = [h.legal for h in hooks if h.legal is not None]
        self.exact = any(
            h.exact or h.legal is not None or h.check is not None or h.safe is not None for h in hooks
        )
        self.check_hook = next((h.check for h in hooks if h.check is not None), None)
        self.safe_hook = next((h.safe for h in hooks if h.safe is not None), None)
        self.push_hooks = [h.pushed for h in hooks if h.pushed is not None]
        self.end_hooks = [h.end for h in hooks if h.end is not None]
        self.no_move_hooks = [h.no_moves for h in hooks if h.no_moves is not None]
        self.repeat_hooks = [h.repeated for h in hooks if h.repeated is not None]
        # the royal pieces the legality test and is_check look at: none where a rule has no check
        self.check_types = [] if any(h.unchecked for h in hooks) else self.royal_types
        # static target masks (None: every square); per side, per square: the squares reachable,
        # and the reverse, the squares from which a piece may reach a square (for is_attacked)
        masks = [h.target_mask for h in hooks if h.target_mask is not None]
        # squares no piece may enter nor pass (zone=hole): occupied by nobody
        self.walls = 0
        for h in hooks:
            self.walls |= h.walls
        self.target_mask: tuple[list[int], list[int]] | None = None
        self.attack_from: tuple[list[int], list[int]] | None = None
        if masks:
            size = self.geometry.size
            full = self.geometry.full
            reach = tuple([full] * size for _ in (0, 1))
            for mask in masks:
                for side in (0, 1):
                    for sq in range(size):
                        reach[side][sq] &= mask[side][sq]
            back: tuple[list[int], list[int]] = ([0] * size, [0] * size)
            for side in (0, 1):
                for sq in range(size):
                    for to in _bits(reach[side][sq]):
                        back[side][to] |= 1 << sq
            self.target_mask = (reach[0], reach[1])
            self.attack_from = back
        frozen = [h for h in hooks if h.frozen is not None]
        self.frozen = frozen[0].frozen if frozen else None
        self.frozen_captures = bool(frozen) and frozen[0].frozen_captures
        self.frozen_moves = bool(frozen) and frozen[0].frozen_moves
        self.frozen_check = bool(frozen) and frozen[0].frozen_check
        self.frozen_remove = bool(frozen) and frozen[0].frozen_remove
        protected = [h.protected for h in hooks if h.protected is not None]
        self.protected = protected[0] if protected else None
        if masks or frozen:
            # a mask or a frozen piece takes moves away that the fast legality paths count on
            self.exact = True
        self.expose_hooks = [h.expose for h in hooks if h.expose is not None]
        lengths = [h.turn_lengths for h in hooks if h.turn_lengths is not None]
        self.turn_lengths: tuple[int, int] | None = lengths[0] if lengths else None

    def z_turn(self, phase: int, length: int, spent: int = 0) -> int:
        """The Zobrist term of a turn state (``phase`` moves made of a turn of ``length``; the
        sides whose ``untilcapture`` moves are spent, a bit each); 0 for a variant whose turns are
        single moves. A mixing function instead of a table: the length of a turn grows without
        bound in progressive chess."""
        if self.turn_lengths is None:
            return 0
        x = (spent << 60 | phase << 32 | length) + 0x9E3779B97F4A7C15
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return x ^ (x >> 31)

    def _per_side(
        self, way: tuple[str, ...] | None, by_side: tuple[tuple[str, ...], tuple[str, ...]]
    ) -> Choices:
        """The type indexes of a way's choices, per side (colour-specific choices: ``by_side``)."""
        if way is None:
            return None
        return (
            [self.index[c] for c in way if c in by_side[0]],
            [self.index[c] for c in way if c in by_side[1]],
        )

    def _mobile(self, t: int, side: int, movers: int) -> int:
        piece = self.pieces[t]
        if not (piece.tables.hops or "p" in piece.definition.split("=", 1)[-1]):
            return movers
        g = self.geometry
        if piece.tables.multi:
            # a multi-leg piece that hops: one multi-leg search per (square, hurdle) pair is
            # quadratic in the board (minutes on 26x26), so it counts as able to move everywhere
            return g.full
        for s in range(g.size):
            if movers >> s & 1:
                continue
            # hurdles nearest first: a hopper's usual hurdle is next to it, so the search for one
            # mostly ends within a few tries instead of scanning the board from its first square
            for h in _by_distance(g.width, g.height, s):
                if piece.quiets(s, side, 1 << h) | piece.attacks(s, side, 1 << h):
                    movers |= 1 << s
                    break
        return movers


class BoardState:
    """The state of one position of a variant, without game logic (``Position`` adds it)."""

    __slots__ = (
        "bbs",
        "board",
        "checks",
        "core",
        "ep_squares",
        "ep_victim",
        "gave_check",
        "halfmove",
        "hands",
        "history",
        "key",
        "occ",
        "phase",
        "ply",
        "promoted",
        "stack",
        "styles",
        "turn",
        "turn_len",
        "turn_spent",
        "unmoved",
        "variant",
    )

    def __init__(self, variant: VariantLike) -> None:
        core: Core = variant.tables
        self.variant = variant
        self.core = core
        size = core.geometry.size
        self.board: list[int] = [-1] * size
        self.bbs: list[int] = [0] * (2 * core.n)
        self.occ: list[int] = [0, 0]
        self.turn = WHITE
        # multi-move turns: the moves made of the current turn and its length (rules.turn)
        self.phase = 0
        self.turn_len = 1
        self.turn_spent = 0  # bit per side: it captured, its `untilcapture` moves are gone
        self.unmoved = 0
        self.promoted = 0
        self.ep_squares = 0
        self.ep_victim = -1
        self.hands: list[list[int]] = [[0] * core.n, [0] * core.n]
        self.checks: list[int] = [0, 0]
        self.styles = ("C", "c")
        self.key = 0
        self.ply = 0
        self.stack: list[tuple[object, ...]] = []
        self.history: list[int] = []
        self.gave_check: list[bool] = []
        # FEN's half-move clock before the first move of the stack (Position.halfmove_clock)
        self.halfmove = 0

    def _put(self, sq: int, code: int) -> None:
        self.board[sq] = code
        self.bbs[code] |= 1 << sq
        self.occ[code & 1] |= 1 << sq

    def _rehash(self) -> None:
        c = self.core
        key = 0
        for sq, code in enumerate(self.board):
            if code >= 0:
                key ^= c.z_piece[code][sq]
        for sq in _bits(self.unmoved):
            key ^= c.z_unmoved[sq]
        for sq in _bits(self.promoted):
            key ^= c.z_status[sq]
        for sq in _bits(self.ep_squares):
            key ^= c.z_ep[sq]
        for side in (0, 1):
            for t, count in enumerate(self.hands[side]):
                key ^= c.z_hand[2 * t + side][count]
            key ^= c.z_checks[side][min(self.checks[side], 63)]
        if self.turn:
            key ^= c.z_side
        key ^= c.z_turn(self.phase, self.turn_len, self.turn_spent)
        self.key = key


def _by_distance(width: int, height: int, square: int) -> Iterator[int]:
    """The other squares of the board, ring by ring around ``square`` (Chebyshev distance 1, 2 ...)."""
    f0, r0 = square % width, square // width
    for d in range(1, max(width, height)):
        for r in range(max(0, r0 - d), min(height, r0 + d + 1)):
            edge = r in (r0 - d, r0 + d)
            for f in range(max(0, f0 - d), min(width, f0 + d + 1)) if edge else (f0 - d, f0 + d):
                if 0 <= f < width:
                    yield r * width + f


def _spans(masks: Sequence[int]) -> list[list[int]]:
    """``spans[a][b]``: the union of ``masks[a]`` to ``masks[b]`` (either order), for files or ranks."""
    spans = [[0] * len(masks) for _ in masks]
    for a in range(len(masks)):
        mask = 0
        for b in range(a, len(masks)):
            mask |= masks[b]
            spans[a][b] = spans[b][a] = mask
    return spans


def _or(values: Iterator[int]) -> int:
    out = 0
    for v in values:
        out |= v
    return out


def _bits(bb: int) -> Iterator[int]:
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def _split_reach(tables: Any) -> tuple[tuple[Any, Any, Any], tuple[Any, Any, Any]] | None:
    """Per side (quiet reaches, initial quiet reaches, capture reach) of a piece whose captures
    are one reach taking any enemy piece and whose quiet moves are a few reaches (a pawn's step
    and double step), or None (the piece tables' ``quiets``/``captures`` are called instead)."""
    if tables.multi or tables.plain is not None or tables.needs_types:
        return None
    quiet, quiet_i = tables.quiet_groups, tables.quiet_groups_i
    capture = tables.capture_groups
    if not quiet or len(quiet) + len(quiet_i) > 3 or len(capture) != 1 or tables.capture_groups_i:
        return None
    if capture[0].modality.capture_set is not None:
        return None
    return (
        (tuple(g.reach[0] for g in quiet), tuple(g.reach[0] for g in quiet_i), capture[0].reach[0]),
        (tuple(g.reach[1] for g in quiet), tuple(g.reach[1] for g in quiet_i), capture[0].reach[1]),
    )
