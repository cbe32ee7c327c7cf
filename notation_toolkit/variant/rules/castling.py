"""Castling: the pseudo-pieces ``O-O=[*]isR[g]=isR[f]`` of the piece section (003:918-920 for the
partner set; the destinations and the Chess960 rule of where the partner stands).

The pieces that castle are the royal pieces, each with the partners its ``royal`` rule gives it
(``royal=castle{RC}``; ``{R}`` by default, an empty set: it does not castle, 003:918-920). A rule
file without royal pieces castles with its piece ``K`` (the page's royal letter when none is
named, 003:898), as Fairy-Stockfish's giveaway, extinction and nocheckatomic castle their
``castlingKingPiece``: the page is silent on castling without a royal piece.

A castling piece and an unmoved partner on its rank castle when the squares both pass (destinations
included) are empty but for the two of them. A royal piece, with ``[*]``, must not be in check on
its square, and no square it passes may be attacked (its destination is tested by the legality
check); a piece that is not royal cannot be in check, so nothing attacked stops it (Fairy-Stockfish:
"non-royal pieces can not be impeded from castling"). Castlings the castling piece could also reach
by a move of its own are written as that piece taking its partner (Fairy-Stockfish's UCI_Chess960
text)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules.base import (
    Castling,
    Component,
    Hooks,
    Reading,
    Rules,
    defined_keys,
    diag,
)
from notation_toolkit.variant.rules.royal import may_expose
from notation_toolkit.variant.tables import CASTLE, CASTLE_BY_PARTNER, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.mbn import ast as mbn
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class CastlingRule(Component):
    """Castling pseudo-pieces (no FBR rule of its own: read from the piece section)."""

    name = "castling"
    lines = "003:918-920"

    def finish(self, reading: Reading) -> None:
        rules = reading.rules
        castlings = tuple(_castlings(reading.rule_file, rules, reading.out))
        if not castlings:
            return
        # the partners of each castling piece: royal=castle{...} (rules.royal) or {R} (003:920)
        if rules.royal:
            for key in rules.royal:
                rules.castle_partners.setdefault(key, frozenset({"R"}))
        elif "K" in defined_keys(reading.rule_file):
            rules.castle_partners["K"] = frozenset({"R"})
        partners = frozenset(p for ps in rules.castle_partners.values() for p in ps)
        rules.castlings = tuple(replace(c, partners=partners) for c in castlings)

    def hooks(self, core: Core) -> Hooks | None:
        return Hooks(moves=castlings) if core.castlings else None


def _castlings(rule_file: fbr_ast.RuleFile, rules: Rules, out: list[Diagnostic]) -> Iterable[Castling]:
    from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

    for item in rule_file.pieces:
        if not isinstance(item, mbn.PieceDefinition) or not item.head.letter.is_castling:
            continue
        parsed = [_castling_part(seq) for seq in item.moves]
        if len(parsed) != 2 or parsed[0] is None or parsed[1] is None:
            out.append(diag(codes.BAD_CASTLING, "castling_executed_form", item.span, head=item.head))
            continue
        (k_unthreatened, k_file, k_rank), (r_unthreatened, r_file, r_rank) = parsed[0], parsed[1]
        if r_unthreatened:
            out.append(diag(codes.BAD_CASTLING, "partner_s_part", item.span))
            continue
        g = rules.geometry
        if (
            k_file >= g.width
            or r_file >= g.width
            or k_file == r_file
            or any(r is not None and r >= g.height for r in (k_rank, r_rank))
        ):
            out.append(diag(codes.BAD_CASTLING, "castling_destination_outside", item.span))
            continue
        if k_rank != r_rank and None not in (k_rank, r_rank):
            out.append(diag(codes.BAD_CASTLING, "castling_executed_form", item.span, head=item.head))
            continue
        rank = k_rank if k_rank is not None else r_rank
        # (the partners are set by finish: they belong to the castling piece, 003:918-920)
        yield Castling(item.head.letter.text, k_file, r_file, k_unthreatened, frozenset(), rank)


def _castling_part(seq: mbn.MoveSequence) -> tuple[bool, int, int | None] | None:
    from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

    if len(seq.legs) != 1 or not isinstance(seq.legs[0], mbn.Alternatives):
        return None
    moves = seq.legs[0].moves
    if len(moves) != 1:
        return None
    move = moves[0]
    if move.setup or move.transition or move.condition or move.attackers:
        return None
    letters = sorted(m.letter for m in move.modifiers)
    if letters != ["i", "s"] or any(m.optional or m.piece_set or m.board_range for m in move.modifiers):
        return None
    if len(move.units) != 1 or not isinstance(move.units[0], mbn.Atom):
        return None
    atom = move.units[0]
    if atom.letter != "R" or atom.steps is not None or atom.circular is not None:
        return None
    unthreatened = False
    if move.origin is not None:
        if move.origin.complement or [str(r) for r in move.origin.ranges] != ["*"]:
            return None
        unthreatened = True
    dest = move.destination
    if dest is None or dest.complement or len(dest.ranges) != 1:
        return None
    part = dest.ranges[0]
    if part.files is None or part.files.last is not None or part.symbol:
        return None
    rank = None
    if part.ranks is not None:
        if part.ranks.last is not None and part.ranks.last != part.ranks.first:
            return None
        rank = int(part.ranks.first) - 1
    return unthreatened, ord(part.files.first) - ord("a"), rank


def castlings(pos: Position, out: list[int]) -> None:
    """Append the castlings of the side to move."""
    # Every unmoved partner on the side a castling names is a candidate (the Chess960 rule:
    # the partner stands toward the side its destination lies from the castling piece's destination).
    core = pos.core
    us = pos.turn
    g = core.geometry
    unmoved = pos.unmoved
    occ = pos.occ[0] | pos.occ[1]
    w = g.width
    for t in core.castlers:
        kings = pos.bbs[2 * t + us] & unmoved
        if not kings:
            continue
        partners = 0
        for p in core.castle_partners[t]:
            partners |= pos.bbs[2 * p + us]
        partners &= unmoved
        if not partners:
            continue
        for ks in _bits(kings):
            rank = ks // w
            mask = g.rank_masks[rank]
            # unmoved partners of ours on the castling piece's rank
            row = partners & mask & ~(1 << ks)
            if not row:
                continue
            # the castlings whose squares between are empty depend on the rank alone
            ck = (t, us, ks, row, occ & mask)
            cands = core.castle_cands.get(ck)
            if cands is None:
                cands = _candidates(pos, t, ks, row, occ)
                if len(core.castle_cands) > 100_000:
                    core.castle_cands.clear()
                core.castle_cands[ck] = cands
            if not cands:
                continue
            found: list[int] = []
            for rs, kd, rd, unthreatened in cands:
                m = _try(pos, t, ks, rs, kd, rd, unthreatened, occ)
                if m:
                    found.append(m)
            if not found:
                continue
            # the castling piece's own moves to the same squares: those castlings are written
            # as the castling piece taking its partner (Fairy-Stockfish's UCI_Chess960 text)
            own = core.quiets[t](ks, us, occ, True)
            dests = [m >> 10 & SQ for m in found]
            for m, kd in zip(found, dests, strict=True):
                if kd == ks or own >> kd & 1 or dests.count(kd) > 1:
                    m |= CASTLE_BY_PARTNER
                out.append(m)


def _candidates(pos: Position, t: int, ks: int, row: int, occ: int) -> list[tuple[int, int, int, bool]]:
    """(partner square, royal and partner destinations, from unthreatened) of the castlings of
    the royal piece on ``ks`` whose squares between are empty."""
    core = pos.core
    us = pos.turn
    w = core.geometry.width
    rank = ks // w
    out: list[tuple[int, int, int, bool]] = []
    partners = core.castle_partners[t]
    for king_file, rook_file, unthreatened, _all_partners, ranks, side in core.castlings:
        if ranks is not None and ranks[us] != rank:
            continue
        for rs in _bits(row >> ks << ks if side > 0 else row & ((1 << ks) - 1)):
            if pos.board[rs] >> 1 in partners:
                kd, rd = rank * w + king_file, rank * w + rook_file
                if not _paths(pos, ks, rs, kd, rd)[0] & occ:
                    out.append((rs, kd, rd, unthreatened))
    return out


def _paths(pos: Position, ks: int, rs: int, kd: int, rd: int) -> tuple[int, tuple[int, ...]]:
    """The squares that must be empty (both paths, destinations included, but the two pieces)
    and the squares the royal piece passes that must not be attacked (its destination is
    tested by the legality check on the board after the move)."""
    core = pos.core
    key4 = ks | rs << 10 | kd << 20 | rd << 30
    paths = core.castle_paths.get(key4)
    if paths is None:
        span = 0
        for a, b in ((ks, kd), (rs, rd)):
            lo, hi = min(a, b), max(a, b)
            span |= (1 << (hi + 1)) - (1 << lo)
        span &= ~(1 << ks) & ~(1 << rs)
        lo, hi = min(ks, kd), max(ks, kd)
        passed = tuple(s for s in range(lo, hi + 1) if s != kd and s != ks)
        paths = core.castle_paths[key4] = (span, passed)
    return paths


def _try(pos: Position, t: int, ks: int, rs: int, kd: int, rd: int, unthreatened: bool, occ: int) -> int:
    """The castling move code, or 0 when a square the royal piece passes is attacked (the
    squares between are empty: ``_castle_candidates``)."""
    core = pos.core
    code = ks | kd << 10 | (rs + 1) << 20 | CASTLE | (rd + 1) << 40
    if not core.royal[t]:
        return code  # a piece that is not royal is never in check
    passed = _paths(pos, ks, rs, kd, rd)[1]
    if core.rules.extra.get("royal") is not None and may_expose(pos, pos.turn):
        passed = ()  # a royal piece that may be exposed crosses attacked squares (003:935)
    them = 1 - pos.turn
    key = core.keys[t]
    check = core.check_hook
    if check is not None:
        # the rules' own meaning of check (atomic: next to the enemy royal piece, no check)
        if unthreatened and check(pos, ks, them, key, occ):
            return 0
        without = occ & ~(1 << ks)
        return 0 if any(check(pos, s, them, key, without) for s in passed) else code
    if unthreatened and pos.is_attacked(ks, them, key, occ):
        return 0
    without = occ & ~(1 << ks)
    for s in passed:
        if pos.is_attacked(s, them, key, without):
            return 0
    if not core.check_types and core.royal_types:
        # a rule without check (benedict): no legality check tests the destination afterwards
        after = (without & ~(1 << rs)) | 1 << kd | 1 << rd
        if pos.is_attacked(kd, them, key, after):
            return 0
    return code


COMPONENT = CastlingRule()
