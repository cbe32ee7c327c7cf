"""Cylinder chess and Torus chess against a second, independent move generator.

No engine plays these games and no perft figures for them are published, so this file carries its
own generator, written from the FBR page's words (003:209-211, 003:1072-1074) and the example rule
files' comments, sharing no code with the core: a mailbox of 64 squares, coordinates taken modulo
the board on the joined edges, every move made and the king's square tested against every enemy
piece. At every ply of seeded random games both must list the same legal moves, and perft of the
start positions must agree.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from fsf_oracle import EXAMPLES

from notation_toolkit.variant import Variant, perft

FILES = "abcdefgh"
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(a, b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]


@dataclass
class Reference:
    """Orthodox chess on an 8x8 board whose files wrap (and ranks too on the torus)."""

    torus: bool
    board: dict[tuple[int, int], str] = field(default_factory=dict)
    white: bool = True
    rights: set[str] = field(default_factory=set)  # "K", "Q", "k", "q"
    ep: tuple[list[tuple[int, int]], tuple[int, int]] | None = None  # capturable squares, victim
    wrong_rook: bool = False  # cylindric=wrongrook (003:213)

    @classmethod
    def start(cls, torus: bool, wrong_rook: bool = False) -> Reference:
        if torus:  # Gadsden and Roberts: pawns on ranks 1 and 3 around the pieces of rank 2
            rows = ["pppppppp", "rnbqkbnr", "pppppppp", "", "", "PPPPPPPP", "RNBQKBNR", "PPPPPPPP"]
            rights: set[str] = set()
        else:
            rows = ["rnbqkbnr", "pppppppp", "", "", "", "", "PPPPPPPP", "RNBQKBNR"]
            rights = {"K", "Q", "k", "q"}
        board = {(f, 7 - r): ch for r, row in enumerate(rows) for f, ch in enumerate(row)}
        return cls(torus, board, True, rights, wrong_rook=wrong_rook)

    @classmethod
    def from_fen(cls, fen: str, torus: bool, wrong_rook: bool = False) -> Reference:
        """A position from FEN (board, side to move, castling; no en-passant square)."""
        placement, turn, castling, *_ = fen.split()
        board: dict[tuple[int, int], str] = {}
        for r, row in enumerate(placement.split("/")):
            f = 0
            for ch in row:
                if ch.isdigit():
                    f += int(ch)
                else:
                    board[(f, 7 - r)] = ch
                    f += 1
        return cls(torus, board, turn == "w", set(castling) - {"-"}, wrong_rook=wrong_rook)

    def at(self, f: int, r: int) -> tuple[int, int] | None:
        f %= 8
        if self.torus:
            r %= 8
        return (f, r) if 0 <= r < 8 else None

    def mine(self, piece: str | None, white: bool) -> bool:
        return piece is not None and piece.isupper() == white

    def attacked(self, sq: tuple[int, int], by_white: bool) -> bool:
        for (f, r), piece in self.board.items():
            if self.mine(piece, by_white) and sq in self.reach((f, r), piece, attacks=True):
                return True
        return False

    def reach(self, frm: tuple[int, int], piece: str, attacks: bool = False) -> list[tuple[int, int]]:
        """Squares a non-pawn piece attacks, or a pawn's capture squares."""
        kind = piece.upper()
        f, r = frm
        out: list[tuple[int, int]] = []
        if kind == "P":
            dy = 1 if piece.isupper() else -1
            for dx in (-1, 1):
                t = self.at(f + dx, r + dy)
                if t is not None and t != frm:
                    out.append(t)
            return out
        if kind in "NK":
            for dx, dy in KNIGHT if kind == "N" else ROOK + BISHOP:
                t = self.at(f + dx, r + dy)
                if t is not None and t != frm and t not in out:
                    out.append(t)
            return out
        lines = {"R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[kind]
        for dx, dy in lines:
            k = 1
            while True:
                t = self.at(f + k * dx, r + k * dy)
                if t is None or t == frm:  # off the board, or round to the start: the ray ends
                    break
                if t not in out:
                    out.append(t)
                if t in self.board:
                    break
                k += 1
        return out

    def name(self, sq: tuple[int, int]) -> str:
        return FILES[sq[0]] + str(sq[1] + 1)

    def pseudo(self) -> list[tuple[str, tuple[int, int], tuple[int, int], str | None]]:
        """(text, from, to, promotion) of every pseudo-legal move."""
        out = []
        white = self.white
        for frm, piece in list(self.board.items()):
            if not self.mine(piece, white):
                continue
            if piece.upper() == "P":
                dy = 1 if white else -1
                last = 7 if white else 0
                home = 0 if white else 7  # chess.fbr: [1-2]; torus.fbr: [1] (rank 1 only)
                steps = [1]
                if self.torus:
                    if frm[1] == home:
                        steps += [2, 3]
                elif frm[1] in ((0, 1) if white else (7, 6)):
                    steps.append(2)
                for n in steps:
                    path = [self.at(frm[0], frm[1] + dy * k) for k in range(1, n + 1)]
                    if any(p is None or p in self.board for p in path):
                        continue
                    to = path[-1]
                    assert to is not None
                    out += self._with_promotion(frm, to, to[1] == last)
                for to in self.reach(frm, piece):
                    target = self.board.get(to)
                    if self.mine(target, not white) or (self.ep is not None and to in self.ep[0]):
                        out += self._with_promotion(frm, to, to[1] == last)
                continue
            for to in self.reach(frm, piece):
                if not self.mine(self.board.get(to), white):
                    out.append((self.name(frm) + self.name(to), frm, to, None))
        if not self.torus:
            out += self._castlings()
        return out

    def _with_promotion(
        self, frm: tuple[int, int], to: tuple[int, int], promotes: bool
    ) -> list[tuple[str, tuple[int, int], tuple[int, int], str | None]]:
        text = self.name(frm) + self.name(to)
        if not promotes:
            return [(text, frm, to, None)]
        return [(text + p, frm, to, p) for p in "qrbn"]

    def _castlings(self) -> list[tuple[str, tuple[int, int], tuple[int, int], str | None]]:
        out: list[tuple[str, tuple[int, int], tuple[int, int], str | None]] = []
        white = self.white
        rank = 0 if white else 7
        king = (4, rank)
        if self.board.get(king) != ("K" if white else "k") or self.attacked(king, not white):
            return out
        # (right, rook file, squares to be empty, squares the king passes, king and rook files)
        castlings = [("K", 7, [5, 6], [5], 6, 5), ("Q", 0, [1, 2, 3], [3], 2, 3)]
        if self.wrong_rook:  # the rook a1 round to f1 over h1 and g1; h1 round to d1 over a1, b1, c1
            castlings += [("Q", 0, [7, 6, 5], [5], 6, 5), ("K", 7, [0, 1, 2, 3], [3], 2, 3)]
        for right, rook_file, between, passed, to_file, rook_to in castlings:
            if (right if white else right.lower()) not in self.rights:
                continue
            if self.board.get((rook_file, rank)) != ("R" if white else "r"):
                continue
            if any((f, rank) in self.board for f in between):
                continue
            if any(self.attacked((f, rank), not white) for f in passed):
                continue
            king_to = (to_file, rank)
            out.append((self.name(king) + self.name(king_to), king, king_to, f"castle{rook_file}{rook_to}"))
        return out

    def play(self, move: tuple[str, tuple[int, int], tuple[int, int], str | None]) -> Reference:
        """The position after ``move`` (a new object)."""
        _text, frm, to, promo = move
        nxt = Reference(self.torus, dict(self.board), not self.white, set(self.rights), None, self.wrong_rook)
        piece = nxt.board.pop(frm)
        if promo is not None and promo.startswith("castle"):
            rank = frm[1]
            rook_from, rook_to = (int(promo[6]), rank), (int(promo[7]), rank)
            nxt.board[rook_to] = nxt.board.pop(rook_from)
            nxt.board[to] = piece
        else:
            if piece.upper() == "P" and self.ep is not None and to in self.ep[0] and to not in self.board:
                nxt.board.pop(self.ep[1], None)
            nxt.board[to] = piece if promo is None else (promo.upper() if self.white else promo)
            if piece.upper() == "P" and abs(to[1] - frm[1]) >= 2:
                dy = 1 if self.white else -1
                passed = [(frm[0], frm[1] + dy * k) for k in range(1, abs(to[1] - frm[1]))]
                nxt.ep = (passed, to)
        for sq, right in (
            ((4, 0), "KQ"),
            ((7, 0), "K"),
            ((0, 0), "Q"),
            ((4, 7), "kq"),
            ((7, 7), "k"),
            ((0, 7), "q"),
        ):
            if sq in (frm, to):
                nxt.rights -= set(right)
        return nxt

    def legal(self) -> dict[str, Reference]:
        out = {}
        for move in self.pseudo():
            nxt = self.play(move)
            king = next(sq for sq, p in nxt.board.items() if p == ("K" if self.white else "k"))
            if not nxt.attacked(king, not self.white):
                out[move[0]] = nxt
        return out

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        legal = self.legal()
        if depth == 1:
            return len(legal)
        return sum(nxt.perft(depth - 1) for nxt in legal.values())


@pytest.mark.parametrize(("name", "torus", "expected"), [("cylinder", False, 392), ("torus", True, 246)])
def test_perft_2_of_the_start_agrees(name: str, torus: bool, expected: int) -> None:
    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    assert perft(variant.start(), 2) == Reference.start(torus).perft(2) == expected


@pytest.mark.slow
@pytest.mark.parametrize(("name", "torus"), [("cylinder", False), ("torus", True)])
def test_perft_3_of_the_start_agrees(name: str, torus: bool) -> None:
    variant = Variant.load(EXAMPLES / f"{name}.fbr")
    assert perft(variant.start(), 3) == Reference.start(torus).perft(3)


@pytest.mark.parametrize(
    ("name", "torus", "seeds"),
    [
        ("cylinder", False, range(3)),
        ("torus", True, range(3)),
        ("cylinder=wrongrook", False, range(2)),
        pytest.param("cylinder", False, range(3, 30), marks=pytest.mark.slow),
        pytest.param("torus", True, range(3, 30), marks=pytest.mark.slow),
        pytest.param("cylinder=wrongrook", False, range(2, 30), marks=pytest.mark.slow),
    ],
)
def test_legal_moves_agree_along_random_games(name: str, torus: bool, seeds: range) -> None:
    """Special moves (castling, en passant, promotion, double steps), when there are any, are
    played half of the time, so that the games reach the positions after them."""
    file, _, attribute = name.partition("=")
    text = (EXAMPLES / f"{file}.fbr").read_text(encoding="utf-8")
    variant = Variant.from_text(
        text.replace("\ncylindric ", f"\ncylindric={attribute} ") if attribute else text
    )
    seen: set[str] = set()
    for seed in seeds:
        rng = random.Random(seed)
        pos, ref = variant.start(), Reference.start(torus, wrong_rook=attribute == "wrongrook")
        if attribute:  # one rook each: the other side's castling is the one over the edge
            fen = ("r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w Qq", "4k2r/pppppppp/8/8/8/8/PPPPPPPP/4K2R w Kk")[
                seed % 2
            ]
            pos, ref = variant.position(fen + " - 0 1"), Reference.from_fen(fen, torus, wrong_rook=True)
        for ply in range(80):
            core_moves = sorted(str(m) for m in pos.legal_moves())
            ref_moves = ref.legal()
            assert core_moves == sorted(ref_moves), (seed, ply, pos.fen())
            if not core_moves:
                seen.add("mate" if pos.is_check() else "stalemate")
                break
            special = {t: kind for t in core_moves if (kind := _kind(ref, t))}
            seen.update(special.values())
            text = rng.choice(sorted(special) if special and rng.random() < 0.5 else core_moves)
            pos.push(text)
            ref = ref_moves[text]
    if len(seeds) > 20:  # the long run reaches them all
        assert {"en passant", "promotion", "double step"} <= seen
        assert torus or "castling" in seen
        assert attribute != "wrongrook" or "castling over the edge" in seen


def _kind(ref: Reference, text: str) -> str:
    frm = (FILES.index(text[0]), int(text[1]) - 1)
    to = (FILES.index(text[2]), int(text[3]) - 1)
    piece = ref.board[frm].upper()
    if len(text) == 5:
        return "promotion"
    if piece == "K" and abs(to[0] - frm[0]) == 2:
        rook = (0 if to[0] > frm[0] else 7, frm[1])
        between = [(f, frm[1]) for f in range(min(rook[0], frm[0]) + 1, max(rook[0], frm[0]))]
        if ref.board.get(rook, "").upper() == "R" and not any(sq in ref.board for sq in between):
            return "castling over the edge"  # the rook on the far side comes round
        return "castling"
    if piece == "P" and frm[0] != to[0] and to not in ref.board:
        return "en passant"
    if piece == "P" and abs(to[1] - frm[1]) >= 2:
        return "double step"
    return ""
