"""Fairy-Stockfish (pyffish) as the oracle of the variant core: names, move-text conversion,
perft and legal-move lists through ``pyffish.legal_moves`` (start FEN + the moves played).

Used by the tests (when pyffish is installed) and by ``tests/variant/record_oracle.py``, which
writes the oracle's figures to ``tests/data/variant/`` so the tests also run without pyffish.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "variants"
DATA = ROOT / "tests" / "data" / "variant"


@dataclass(frozen=True)
class Spec:
    """An example variant and its Fairy-Stockfish counterpart."""

    file: str
    fsf: str
    letters: dict[str, str]  # our piece letter -> Fairy-Stockfish's (upper case)
    depth: int  # perft depth compared with Fairy-Stockfish
    # False where Fairy-Stockfish's half-move clock follows its own piece types, not the core's
    # pawn (FEN tests then leave the clock out): its custom pawns of pawnback never reset it, those of
    # pawnsideways reset it differently, wolf's sergeant resets it too
    clock: bool = True


SPECS: dict[str, Spec] = {
    "chess": Spec("chess.fbr", "chess", {}, 3),
    "capablanca": Spec("capablanca.fbr", "capablanca", {}, 3),
    "grand": Spec("grand.fbr", "grand", {}, 3),
    "shatranj": Spec("shatranj.fbr", "shatranj", {}, 3),
    "makruk": Spec("makruk.fbr", "makruk", {}, 3),
    "courier": Spec("courier.fbr", "courier", {}, 3),
    "berolina": Spec("berolina.fbr", "berolina", {}, 3),
    "knightmate": Spec("knightmate.fbr", "knightmate", {}, 3),
    "kingofthehill": Spec("kingofthehill.fbr", "kingofthehill", {}, 3),
    "3check": Spec("3check.fbr", "3check", {}, 3),
    "antichess": Spec("antichess.fbr", "antichess", {}, 3),
    "crazyhouse": Spec("crazyhouse.fbr", "crazyhouse", {}, 3),
    "gardner": Spec("gardner.fbr", "gardner", {}, 3),
    "losalamos": Spec("losalamos.fbr", "losalamos", {}, 3),
    "minishogi": Spec("minishogi.fbr", "minishogi", {}, 3),
    "amazon": Spec("amazon.fbr", "amazon", {}, 3),
    "nightrider": Spec("nightrider.fbr", "nightrider", {}, 3),
    "shogi": Spec("shogi.fbr", "shogi", {}, 3),
    "xiangqi": Spec("xiangqi.fbr", "xiangqi", {"G": "K", "H": "N", "E": "B"}, 3),
    "janus": Spec("janus.fbr", "janus", {}, 2),
    "shako": Spec("shako.fbr", "shako", {}, 2),
    "seirawan": Spec("seirawan.fbr", "seirawan", {}, 3),
    "shouse": Spec("shouse.fbr", "shouse", {}, 2),
    "pocketknight": Spec("pocketknight.fbr", "pocketknight", {}, 3),
    "horde": Spec("horde.fbr", "horde", {}, 3),
    "threekings": Spec("threekings.fbr", "threekings", {}, 3),
    "misere": Spec("misere.fbr", "misere", {}, 3),
    "breakthrough": Spec("breakthrough.fbr", "breakthrough", {}, 3),
    "foxandhounds": Spec("foxandhounds.fbr", "fox-and-hounds", {}, 3),
    "extinction": Spec("extinction.fbr", "extinction", {}, 3),
    "kinglet": Spec("kinglet.fbr", "kinglet", {}, 3),
    "racingkings": Spec("racingkings.fbr", "racingkings", {}, 3),
    "sortofalmost": Spec("sortofalmost.fbr", "sortofalmost", {}, 3),
    "chigorin": Spec("chigorin.fbr", "chigorin", {}, 3),
    "dragon": Spec("dragon.fbr", "dragon", {}, 3),
    # Fairy-Stockfish's other built-ins that FBR writes and the core plays (tests/variant/fsf_builtins.py)
    "nocastle": Spec("nocastle.fbr", "nocastle", {}, 3),
    "armageddon": Spec("armageddon.fbr", "armageddon", {}, 3),
    "torpedo": Spec("torpedo.fbr", "torpedo", {}, 3),
    "pawnsideways": Spec("pawnsideways.fbr", "pawnsideways", {}, 3, clock=False),
    "pawnback": Spec("pawnback.fbr", "pawnback", {}, 3, clock=False),
    "georgian": Spec("georgian.fbr", "georgian", {}, 3),
    "raazuvaa": Spec("raazuvaa.fbr", "raazuvaa", {}, 3),
    "hoppelpoppel": Spec("hoppelpoppel.fbr", "hoppelpoppel", {}, 3),
    "newzealand": Spec("newzealand.fbr", "newzealand", {}, 3),
    "paradigm": Spec("paradigm.fbr", "paradigm", {}, 3),
    "almost": Spec("almost.fbr", "almost", {}, 3),
    "coregal": Spec("coregal.fbr", "coregal", {}, 3),
    "5check": Spec("5check.fbr", "5check", {}, 3),
    "asean": Spec("asean.fbr", "asean", {}, 3),
    "ai-wok": Spec("ai-wok.fbr", "ai-wok", {}, 3),
    "chaturanga": Spec("chaturanga.fbr", "chaturanga", {}, 3),
    "loop": Spec("loop.fbr", "loop", {}, 3),
    "chessgi": Spec("chessgi.fbr", "chessgi", {}, 3),
    "capahouse": Spec("capahouse.fbr", "capahouse", {}, 2),
    "gothic": Spec("gothic.fbr", "gothic", {}, 2),
    "embassy": Spec("embassy.fbr", "embassy", {}, 2),
    "centaur": Spec("centaur.fbr", "centaur", {}, 2),
    "modern": Spec("modern.fbr", "modern", {}, 2),
    "chancellor": Spec("chancellor.fbr", "chancellor", {}, 2),
    "tencubed": Spec("tencubed.fbr", "tencubed", {}, 2),
    "gorogoro": Spec("gorogoro.fbr", "gorogoro", {}, 3),
    "judkins": Spec("judkins.fbr", "judkins", {}, 3),
    "euroshogi": Spec("euroshogi.fbr", "euroshogi", {}, 3),
    "checkshogi": Spec("checkshogi.fbr", "checkshogi", {}, 3),
    "clobber": Spec("clobber.fbr", "clobber", {}, 3),
    "clobber10": Spec("clobber10.fbr", "clobber10", {}, 2),
    "minixiangqi": Spec("minixiangqi.fbr", "minixiangqi", {"G": "K", "H": "N", "E": "B"}, 3),
    "manchu": Spec("manchu.fbr", "manchu", {"G": "K", "H": "N", "E": "B"}, 2),
    "yarishogi": Spec("yarishogi.fbr", "yarishogi", {}, 3),
    "okisakishogi": Spec("okisakishogi.fbr", "okisakishogi", {}, 2),
    "opulent": Spec("opulent.fbr", "opulent", {}, 2),
    "wolf": Spec("wolf.fbr", "wolf", {"E": "+"}, 2, clock=False),
    # atomic, castling of a king that is not royal, royal=castle{RC}
    "atomic": Spec("atomic.fbr", "atomic", {}, 3),
    "nocheckatomic": Spec("nocheckatomic.fbr", "nocheckatomic", {}, 3),
    "giveaway": Spec("giveaway.fbr", "giveaway", {}, 3),
    "legan": Spec("legan.fbr", "legan", {}, 3),
    "torishogi": Spec("torishogi.fbr", "torishogi", {}, 3),
    "perfect": Spec("perfect.fbr", "perfect", {}, 3),
    # holes (zone=hole): Fairy-Stockfish's walls
    "troitzky": Spec("troitzky.fbr", "troitzky", {}, 3),
    "gustav3": Spec("gustav3.fbr", "gustav3", {}, 3),
    "omicron": Spec("omicron.fbr", "omicron", {"H": "C", "Z": "W"}, 3),
}


def to_fsf(spec: Spec, move: str) -> str:
    """Our move text -> Fairy-Stockfish UCI (same squares; piece letters mapped)."""
    if "@" in move:
        letter, _, square = move.partition("@")
        return spec.letters.get(letter, letter) + "@" + square
    last = move[-1]
    if last.isalpha():
        return move[:-1] + spec.letters.get(last.upper(), last.upper()).lower()
    return move


def fsf_legal(spec: Spec, start: str, moves: list[str]) -> list[str]:
    """Fairy-Stockfish's legal moves after ``moves`` (FSF text) from the start FEN."""
    import pyffish

    return sorted(pyffish.legal_moves(spec.fsf, start, moves))


def fsf_perft(spec: Spec, start: str, moves: list[str], depth: int) -> int:
    """Perft by Fairy-Stockfish's move lists (recursion over ``pyffish.legal_moves``)."""
    legal = fsf_legal(spec, start, moves)
    if depth == 1:
        return len(legal)
    return sum(fsf_perft(spec, start, [*moves, m], depth - 1) for m in legal)


def random_lines(spec: Spec, games: int, plies: int, seed: int) -> list[list[str]]:
    """Seeded random games in our core (our move text), stopped at the end of the game."""
    from notation_toolkit.variant import Variant

    variant = Variant.load(EXAMPLES / spec.file)
    rnd = random.Random(seed)
    lines = []
    for _ in range(games):
        pos = variant.start()
        line: list[str] = []
        for _ in range(plies):
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            # prefer captures, promotions, drops and checks now and then, to reach them sooner
            mv = rnd.choice(moves)
            line.append(mv.text)
            pos.push(mv)
        lines.append(line)
    return lines


def position_features(pos: Any) -> set[str]:
    """What a position exercises: check, a pin (a pseudo-legal non-royal move that is illegal), an
    en-passant capture, promotion, castling, drops, gating."""
    from notation_toolkit.variant.position import CASTLE, DROP, EP

    out: set[str] = set()
    if pos.is_check():
        out.add("check")
    legal = pos._legal_raw()
    for m in legal:
        if m & EP:
            out.add("ep")
        if m >> 51 & 0x3FF:
            out.add("gating")
        if m & CASTLE:
            out.add("castling")
        elif m & DROP:
            out.add("drop")
        elif m >> 20 & 0x3FF:
            out.add("promotion")
    if not pos.is_check():
        royal_sq = {
            s
            for t in pos.core.royal_types
            for s in range(pos.core.geometry.size)
            if pos.bbs[2 * t + pos.turn] >> s & 1
        }
        if any(
            m not in legal and not m & (DROP | CASTLE) and (m & 0x3FF) not in royal_sq for m in pos._pseudo()
        ):
            out.add("pin")
    return out


def _replay(variant: Any, moves: list[str]) -> Any:
    pos = variant.start()
    for mv in moves:
        pos.push(mv)
    return pos


def interesting_plies(variant: Any, line: list[str]) -> list[int]:
    """Every 5th ply, and every ply whose position has a check, a pin, an en-passant capture,
    a promotion, castling or a drop first seen in this game."""
    pos = variant.start()
    seen: set[str] = set()
    cuts = []
    for i in range(len(line) + 1):
        new = position_features(pos) - seen
        if i % 5 == 0 or new:
            cuts.append(i)
            seen |= new
        if i < len(line):
            pos.push(line[i])
    return cuts


def record(spec: Spec, name: str, games: int = 6, plies: int = 60, seed: int = 1) -> dict[str, Any]:
    """Ask Fairy-Stockfish for the figures the tests compare with (see module doc)."""
    import pyffish

    start = pyffish.start_fen(spec.fsf)
    out: dict[str, Any] = {
        "variant": name,
        "fsf": spec.fsf,
        "fsf_version": ".".join(map(str, pyffish.version())),
        "start_fen": start,
        "perft": {},
        "positions": [],
    }
    for d in range(1, spec.depth + 1):
        out["perft"][str(d)] = fsf_perft(spec, start, [], d)
    from notation_toolkit.variant import Variant

    variant = Variant.load(EXAMPLES / spec.file)
    for line in random_lines(spec, games, plies, seed):
        fsf_line = [to_fsf(spec, m) for m in line]
        for cut in interesting_plies(variant, line):
            out["positions"].append(
                {
                    "moves": line[:cut],
                    "legal": fsf_legal(spec, start, fsf_line[:cut]),
                    "perft2": fsf_perft(spec, start, fsf_line[:cut], 2) if cut % 20 == 0 else None,
                    # what the core finds in the position (not an oracle fact: a coverage record)
                    "features": sorted(position_features(_replay(variant, line[:cut]))),
                }
            )
    return out
