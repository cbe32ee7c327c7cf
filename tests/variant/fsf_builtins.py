"""Fairy-Stockfish's built-in variants written in FBR, and the comparison with Fairy-Stockfish.

    python -m tests.variant.fsf_builtins [NAME ...] [--jobs N] [--depth D] [--games G] [--json]

prints one row per name of ``pyffish.variants()`` (run from the project root; needs pyffish, the
``dev`` extra): the example rule file that writes it, and the verdict

* ``agrees``: the file loads, Fairy-Stockfish's start FEN reads as the file's start position, perft
  1 to ``--depth`` from the start and the sorted legal-move lists at every ply of ``--games`` seeded
  random games (and perft 2 at their 30th ply) equal Fairy-Stockfish's;
* ``differs``: the first difference;
* ``refused``: the core's first diagnostic (a rule the core does not execute yet);
* ``no file``: what FBR or the core lacks (``BUILTINS``, the table of docs/variants.md),

then the count "N of 118 agree". ``compare_with_fsf`` is the comparison itself, for tests.

Fairy-Stockfish lists 121 names; ``normal`` is ``chess`` and ``mini`` is ``minishogi`` under a second
name, and ``fairy`` is chess with five more piece types that its start position never places (it
exists for Fairy-Stockfish's endgame code): the count is over the other 118.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "variants"

RANDOM_START = ("fischerandom", "caparandom")
"""Built-ins whose start position is drawn at random: compared from the example file's own."""

SAME_GAME = ("normal", "mini", "fairy")
"""Names not counted: the same game as another name (see the module doc)."""


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One difference between the core and Fairy-Stockfish."""

    where: str  # "load", "start", "perft 3", "game 2 ply 14", "perft 2 game 1 ply 20"
    moves: tuple[str, ...]  # the moves from the start (Fairy-Stockfish's text)
    ours: Any
    theirs: Any

    def __str__(self) -> str:
        if isinstance(self.ours, list) and isinstance(self.theirs, list):
            extra = sorted(set(self.ours) - set(self.theirs))[:6]
            missing = sorted(set(self.theirs) - set(self.ours))[:6]
            detail = f"core only {extra}, Fairy-Stockfish only {missing}"
        else:
            detail = f"core {self.ours}, Fairy-Stockfish {self.theirs}"
        after = f" after {' '.join(self.moves)}" if self.moves else ""
        return f"{self.where}{after}: {detail}"


@dataclass(frozen=True, slots=True)
class Builtin:
    """A Fairy-Stockfish built-in: the FBR it needs and the example file that writes it (or why not)."""

    fsf: str
    fbr: str  # the FBR rules and attributes it needs, with the FBR page's lines (003:LINE)
    file: str | None = None  # examples/variants/<file>
    blocker: str = (
        ""  # without a file: "needs ..." (the core refuses it) or "not expressible in FBR: ..." (no rule)
    )
    letters: dict[str, str] = field(default_factory=dict)  # our letter -> Fairy-Stockfish's (upper)
    known: str = ""  # a difference by the FBR page's meaning (documented; the file plays the page)


def to_fsf(move: str, letters: dict[str, str]) -> str:
    """The core's move text as Fairy-Stockfish writes it (same squares; piece letters mapped)."""
    if not letters:
        return move
    if "@" in move:
        letter, _, square = move.partition("@")
        return letters.get(letter, letter) + "@" + square
    last = move[-1]
    if last.isalpha():
        return move[:-1] + letters.get(last.upper(), last.upper()).lower()
    return move


def _fen_for_core(fen: str, letters: dict[str, str]) -> str:
    """Fairy-Stockfish's FEN with its piece letters turned into ours (placement and pockets)."""
    back = {v.lower(): k.lower() for k, v in letters.items()}
    if not back:
        return fen
    board, _, rest = fen.partition(" ")
    board = "".join(back.get(c.lower(), c.lower()).upper() if c.isupper() else back.get(c, c) for c in board)
    return board + " " + rest


class _Oracle:
    """Fairy-Stockfish's legal moves from one start FEN, memoised on the move list."""

    def __init__(self, name: str, start: str, chess960: bool) -> None:
        import pyffish

        self.name, self.start, self.chess960 = name, start, chess960
        self._pyffish = pyffish
        self._memo: dict[tuple[str, ...], list[str]] = {}

    def legal(self, moves: Iterable[str]) -> list[str]:
        key = tuple(moves)
        if key not in self._memo:
            self._memo[key] = sorted(
                self._pyffish.legal_moves(self.name, self.start, list(key), self.chess960)
            )
        return self._memo[key]

    def perft(self, moves: tuple[str, ...], depth: int) -> int:
        legal = self.legal(moves)
        if depth == 1:
            return len(legal)
        return sum(self.perft((*moves, m), depth - 1) for m in legal)

    def drop_mate(self, moves: tuple[str, ...]) -> bool:
        """The last of ``moves`` mates, and Fairy-Stockfish scores it as a win for the mated side (its
        shogi rule: a mating pawn drop is a legal move that loses)."""
        if self.legal(moves):
            return False
        return bool(self._pyffish.game_result(self.name, self.start, list(moves), self.chess960) > 0)


def compare_with_fsf(
    fbr_path: str | Path,
    fsf_name: str,
    *,
    depth: int = 3,
    games: int = 4,
    plies: int = 50,
    seed: int = 1,
    letters: dict[str, str] | None = None,
    chess960: bool = False,
    own_start: bool = False,
    max_perft_calls: int = 800,
    perft_at: int = 30,
    stop_at: int = 1,
) -> list[Mismatch]:
    """Compare the rule file with Fairy-Stockfish's built-in ``fsf_name``; the differences found.

    Checks that Fairy-Stockfish's start FEN reads as the rule file's start position, perft 1 to
    ``depth`` from the start (a depth is skipped when Fairy-Stockfish would need more than
    ``max_perft_calls`` move lists), then plays ``games`` random games of at most ``plies`` plies
    in the core (seeded with ``seed``) and compares the sorted legal-move lists at every ply and
    perft 2 at ply ``perft_at`` of each game. A game stops at its first difference; the
    comparison stops after ``stop_at`` differences. ``letters`` maps the file's piece letters to
    Fairy-Stockfish's where they differ. ``chess960`` writes castling as Fairy-Stockfish's
    UCI_Chess960 does (the royal piece takes its partner); ``own_start`` starts Fairy-Stockfish
    from the rule file's start position (its FEN) instead of the built-in's (the Chess960
    built-ins). A mating pawn drop that Fairy-Stockfish lists, where the file says
    ``drop{P}=nomate`` (003:304: not a legal move), is not a difference. A rule file the core
    refuses raises its ``VariantError``.
    """
    import pyffish

    from notation_toolkit.variant import Variant, perft
    from notation_toolkit.variant.position import CASTLE, SQ

    letters = letters or {}
    variant = Variant.load(fbr_path)
    # the pieces whose mating drop the file forbids (drop{P}=nomate, 003:304)
    nomate = tuple(
        f"{letters.get(x, x)}@"
        for x in re.findall(r"drop\{(\w)\}=nomate", Path(fbr_path).read_text(encoding="utf-8"))
    )
    # a built-in with random start positions starts from the file's own (its FEN, as a setup)
    start_fen = variant.start().fen() if own_start else pyffish.start_fen(fsf_name)
    oracle = _Oracle(fsf_name, start_fen, chess960)
    found: list[Mismatch] = []

    def text_of(pos: Any, mv: Any) -> str:
        if chess960 and mv.code & CASTLE:
            # UCI_Chess960: a castling is the royal piece taking its partner
            names = pos.core.names
            return str(names[mv.code & SQ] + names[(mv.code >> 20 & SQ) - 1])
        return to_fsf(mv.text, letters)

    def ours_of(pos: Any) -> list[str]:
        return sorted(text_of(pos, m) for m in pos.legal_moves())

    def theirs_of(moves: tuple[str, ...], ours: list[str] | None = None) -> list[str]:
        legal = oracle.legal(moves)
        if nomate:
            # only the drops the core does not list can be mating pawn drops (each costs a call)
            mine = set(ours) if ours is not None else set()
            legal = [
                m for m in legal if m in mine or not (m.startswith(nomate) and oracle.drop_mate((*moves, m)))
            ]
        return legal

    try:
        same = variant.position(_fen_for_core(start_fen, letters)) == variant.start()
        theirs_start: Any = start_fen
    except Exception as exc:  # the FEN reader's diagnostic is the finding
        same, theirs_start = False, f"{start_fen} ({exc})"
    if not same:
        found.append(Mismatch("start", (), variant.start().feen(), theirs_start))
        return found

    calls = 1
    for d in range(1, depth + 1):
        if d > 1:
            calls += oracle.perft((), d - 1) if d > 2 else len(oracle.legal(()))
            if calls > max_perft_calls:
                break
        nodes, fsf_nodes = perft(variant.start(), d), oracle.perft((), d)
        if nodes != fsf_nodes:
            found.append(Mismatch(f"perft {d}", (), nodes, fsf_nodes))
            return found

    rnd = random.Random(seed)
    for game in range(games):
        pos = variant.start()
        line: tuple[str, ...] = ()
        for ply in range(plies + 1):
            ours = ours_of(pos)
            theirs = theirs_of(line, ours)
            if ours != theirs:
                found.append(Mismatch(f"game {game + 1} ply {ply}", line, ours, theirs))
                break
            if ply == perft_at:
                a, b = perft(pos, 2), sum(len(theirs_of((*line, m))) for m in theirs)
                if a != b:
                    found.append(Mismatch(f"perft 2 game {game + 1} ply {ply}", line, a, b))
                    break
            moves = pos.legal_moves()
            if not moves or pos.outcome() is not None:
                break
            mv = rnd.choice(moves)
            line = (*line, text_of(pos, mv))
            pos.push(mv)
        if len(found) >= stop_at:
            break
    return found


# The built-ins. `fbr` names what each needs (FBR page lines, 003:LINE); with a file, the verdict
# comes from running the comparison; without one, `blocker` says what is missing.
_NOT = "not expressible in FBR: "
_CHESS = "royal 003:894, promotion 003:658-708, castling `O-O` (fbr-mbn-notes 3.2)"
_HILL = "hill{set}[range] 003:376-380"
_EXT = "pieces=extinction 003:562"
_XQ = {"G": "K", "H": "N", "E": "B"}  # xiangqi.fbr's letters -> Fairy-Stockfish's
_JANGGI = _NOT + "a pass move (FBR's `null`, 003:217, belongs to board wrapping)"
_WALL = _NOT + "the mover also places a wall (a blocked square) after each move; FBR has no walling rule"

BUILTINS: dict[str, Builtin] = {
    b.fsf: b
    for b in [
        Builtin("chess", _CHESS, "chess.fbr"),
        Builtin("normal", "chess under a second name", "chess.fbr"),
        Builtin("fairy", "chess; the five extra piece types are never on the board", "chess.fbr"),
        Builtin("fischerandom", _CHESS + "; Chess960 start positions", "chess960.fbr"),
        Builtin("nocastle", "royal 003:894, promotion 003:708", "nocastle.fbr"),
        Builtin(
            "armageddon",
            _CHESS + "; a draw counts as a win for Black (no FBR rule: the file plays a draw as a draw)",
            "armageddon.fbr",
        ),
        Builtin(
            "torpedo", _CHESS + "; a pawn's double step from any rank (`mefW02` without range)", "torpedo.fbr"
        ),
        Builtin("berolina", _CHESS, "berolina.fbr"),
        Builtin("pawnsideways", _CHESS + "; pawn `mfsW`", "pawnsideways.fbr"),
        Builtin("pawnback", _CHESS + "; pawn `mbW` to ranks 2-8 (a destination range)", "pawnback.fbr"),
        Builtin(
            "legan",
            "royal 003:894, mirror=vertical,horizontal 003:462-474, promotion zone [a-d8,a5-7] 003:658",
            "legan.fbr",
        ),
        Builtin("makruk", "royal 003:894, promotion+[6-8] 003:658", "makruk.fbr"),
        Builtin(
            "makpong",
            "makruk; the king may not move while in check",
            blocker=_NOT + "no rule forbids the royal piece's own moves while in check (makpongRule)",
        ),
        Builtin(
            "cambodian",
            "makruk; the king's and the met's first moves (MBN `i`: a sideways knight's leap, two steps "
            "forward)",
            blocker=_NOT + "the king loses its first-move leap once a rook attacks it (only a rook: "
            "Fairy-Stockfish's cambodianMoves), and never leaps out of check",
        ),
        Builtin(
            "karouk",
            "cambodian; royal=maxchecks(1) 003:937",
            blocker=_NOT + "cambodian's king leap (see cambodian)",
        ),
        Builtin("asean", "royal 003:894, promotion+[8] 003:658", "asean.fbr"),
        Builtin("ai-wok", "royal 003:894, promotion+[6-8] 003:658", "ai-wok.fbr"),
        Builtin("shatranj", "royal=baremove 003:914, stalemate=loss 003:985", "shatranj.fbr"),
        Builtin("chaturanga", "royal 003:894, stalemate=loss 003:985", "chaturanga.fbr"),
        Builtin("amazon", _CHESS, "amazon.fbr"),
        Builtin("georgian", "royal 003:894, promotion 003:708 (no castling, no en passant)", "georgian.fbr"),
        Builtin("nightrider", _CHESS, "nightrider.fbr"),
        Builtin(
            "grasshopper",
            _CHESS + "; the grasshopper (Betza `gQ`: lands just beyond the hurdle)",
            blocker="needs a grasshopper move: MBN's `g` is a leaping slider (fbr-mbn-notes 5) and the "
            "piece compiler has no hop that lands just beyond its hurdle (docs/pieces.md)",
        ),
        Builtin("hoppelpoppel", _CHESS + "; `mN+cF0`, `mF0+cN`", "hoppelpoppel.fbr"),
        Builtin("newzealand", _CHESS + "; `mW0+cN`, `mN+cW0`", "newzealand.fbr"),
        Builtin("kingofthehill", "royal 003:894, hill[d4-e5] 003:376", "kingofthehill.fbr"),
        Builtin(
            "racingkings",
            "!mirror 003:466, hill[8]=balance 003:376-384, royal=taboo (no check given) 003:961",
            "racingkings.fbr",
            known="after the first king reaches the eighth rank, hill=balance lets the second player "
            "only enter it too (003:384); Fairy-Stockfish's flagMove allows any move there",
        ),
        Builtin("knightmate", _CHESS, "knightmate.fbr"),
        Builtin("misere", _CHESS + "; royal=checkmated 003:922", "misere.fbr"),
        Builtin(
            "losers",
            "royal=checkmated 003:922, stalemate=win 003:993, pieces=extinction (as a win) 003:562, "
            "mustcapture 003:502",
            blocker=_NOT + "a side left with its king alone wins: FBR's extinction and morethan make such a "
            "side lose (003:562, 003:590), pieces=win counts both sides' pieces (003:640)",
        ),
        Builtin(
            "giveaway",
            "mustcapture 003:502, stalemate=win 003:993, castling of a non-royal K",
            "giveaway.fbr",
        ),
        Builtin("antichess", "mustcapture 003:502, stalemate=win 003:993", "antichess.fbr"),
        Builtin(
            "suicide",
            "antichess; a stalemate is won by the side with fewer pieces",
            blocker=_NOT + "stalemate decided by counting pieces (stalematePieceCount)",
        ),
        Builtin(
            "codrus",
            "giveaway with pieces{K}=extinction (losing every king wins) 003:562",
            blocker=_NOT
            + "losing every king wins: FBR's pieces{K}=extinction makes that side lose (003:562)",
        ),
        Builtin("extinction", _EXT + "; castling of the king, which is not royal", "extinction.fbr"),
        Builtin(
            "kinglet", "pieces{P}=extinction 003:562; castling of the king, which is not royal", "kinglet.fbr"
        ),
        Builtin("threekings", "pieces{K}=morethan(2) 003:590 (`K` not royal)", "threekings.fbr"),
        Builtin(
            "horde", "pieces=morethan(0) 003:590 (White has no royal piece), royal for Black", "horde.fbr"
        ),
        Builtin(
            "petrified",
            "pawnsideways; pieces turn to stone after capturing",
            blocker=_NOT + "a capturing piece becomes an immobile wall (petrifyOnCaptureTypes)",
        ),
        Builtin(
            "nocheckatomic",
            "atomic{^P} 003:96-112, pieces{K}=extinction 003:562, castling of a non-royal K",
            "nocheckatomic.fbr",
        ),
        Builtin("atomic", "atomic{^P} 003:96-112, royal 003:894", "atomic.fbr"),
        Builtin(
            "atomar",
            "atomic 003:96-112; kings immune to blasts and may not capture each other",
            blocker="needs `atomic` (003:96) whose explosion spares a capturing king (blast-immune kings)",
        ),
        Builtin("isolation", "walls", blocker=_WALL),
        Builtin("isolation7x7", "walls", blocker=_WALL),
        Builtin("snailtrail", "walls", blocker=_WALL),
        Builtin("fox-and-hounds", "hill{F}[8] 003:380, stalemate=loss 003:985", "foxandhounds.fbr"),
        Builtin("duck", "a neutral duck placed after each move", blocker=_WALL.replace("a wall", "the duck")),
        Builtin("joust", "walls", blocker=_WALL),
        Builtin("3check", "royal=maxchecks(3) 003:937", "3check.fbr"),
        Builtin("5check", "royal=maxchecks(5) 003:937", "5check.fbr"),
        Builtin("crazyhouse", "holding=demote 003:396-406, drop 003:274", "crazyhouse.fbr"),
        Builtin("loop", "holding 003:396 (promoted pieces keep their promotion), drop 003:274", "loop.fbr"),
        Builtin("chessgi", "loop; pawn drops on the first rank", "chessgi.fbr"),
        Builtin(
            "bughouse",
            "bughouse 003:157",
            blocker="needs `bughouse` (003:157): two boards, the partner's captures fill the hand; the core "
            "plays one board",
        ),
        Builtin("koedem", "bughouse 003:157", blocker="needs `bughouse` (003:157), as bughouse"),
        Builtin("pocketknight", "holding=pocket 003:426, drop 003:274", "pocketknight.fbr"),
        Builtin(
            "placement",
            "holding=pocket 003:426, drop[1] 003:274, a drop must be made while the hand holds pieces",
            blocker="needs the setup phase: drops forced while the hand holds pieces, bishops on opposite "
            "colours, castling of dropped pieces",
        ),
        Builtin(
            "sittuyin",
            "placement; promotion on the diagonals, by moving to an adjacent square",
            blocker="needs the setup phase (placement) and promotion by a move of its own",
        ),
        Builtin("seirawan", _CHESS + "; gating[1] 003:364", "seirawan.fbr"),
        Builtin("shouse", "gating 003:364, holding=demote 003:406, drop 003:274", "shouse.fbr"),
        Builtin("dragon", "holding=pocket 003:426, drop{D}[1] 003:274", "dragon.fbr"),
        Builtin("paradigm", _CHESS + "; bishop `F0+nN`", "paradigm.fbr"),
        Builtin("minishogi", "shogi rules on 5x5", "minishogi.fbr"),
        Builtin("mini", "minishogi under a second name", "minishogi.fbr"),
        Builtin(
            "kyotoshogi",
            "every move flips a piece between its two forms; drops in either form",
            blocker="needs promotion=continue-like flipping (each move toggles promotion; drops choose "
            "either form, holding=either 003:418)",
        ),
        Builtin(
            "micro",
            "promotion on capture 003:680, demotion",
            blocker="needs `promotion=capture` (003:680) with demotion and holding=either",
        ),
        Builtin(
            "dobutsu",
            "hill{L}[4] that only counts when the lion is safe there 003:376",
            blocker="needs `hill{set}` (003:380) and a hill entered only when not attacked",
        ),
        Builtin("gorogoro", "shogi rules on 5x6", "gorogoro.fbr"),
        Builtin("judkins", "shogi rules on 6x6", "judkins.fbr"),
        Builtin(
            "torishogi",
            "shogi rules; mirror=vertical,horizontal 003:462-474, pieces{S}=file(2) 003:540, "
            "loss=repetition(4) 003:446",
            "torishogi.fbr",
        ),
        Builtin("euroshogi", "shogi rules on 8x8", "euroshogi.fbr"),
        Builtin("losalamos", "royal, promotion+[6] 003:658", "losalamos.fbr"),
        Builtin("gardner", "royal, promotion+[5] 003:658", "gardner.fbr"),
        Builtin("almost", _CHESS, "almost.fbr"),
        Builtin(
            "sortofalmost",
            _CHESS + "; colour-specific promotion choices (`+P==CRBNqrbn`)",
            "sortofalmost.fbr",
        ),
        Builtin("chigorin", _CHESS + "; colour-specific promotion choices (`+P==CRNqrb`)", "chigorin.fbr"),
        Builtin("perfect", _CHESS + "; royal=castle{RC} 003:918", "perfect.fbr"),
        Builtin(
            "spartan",
            "royal (two kings, duple check) 003:894, colour-specific pieces and promotions",
            blocker="needs a royal pair where only both in check counts (dupleCheck) and colour-specific "
            "promotion",
        ),
        Builtin(
            "shatar",
            "royal 003:894, bers `R+F`; a bare king draws (robado)",
            blocker=_NOT + "which piece gives the mate decides whether it wins (shatarMateRule)",
        ),
        Builtin(
            "coregal",
            "royal{KQ} 003:894 (every queen royal, losing one loses)",
            "coregal.fbr",
        ),
        Builtin("clobber", "stalemate=loss 003:985, no royal piece", "clobber.fbr"),
        Builtin("clobber10", "stalemate=loss 003:985, no royal piece", "clobber10.fbr"),
        Builtin(
            "breakthrough", "hill{P}[8] 003:380, stalemate=loss 003:985, no royal piece", "breakthrough.fbr"
        ),
        Builtin("ataxx", "drops that flip", blocker=_NOT + "pieces flip their colour (ataxx)"),
        Builtin(
            "flipersi",
            "reversi",
            blocker=_NOT + "enclosed pieces flip their colour (reversi)",
        ),
        Builtin(
            "flipello",
            "reversi",
            blocker=_NOT + "enclosed pieces flip their colour (reversi)",
        ),
        Builtin(
            "flipello10",
            "reversi",
            blocker=_NOT + "enclosed pieces flip their colour (reversi)",
        ),
        Builtin(
            "minixiangqi",
            "royal{G} 003:894, stalemate=loss 003:985, loss=perpetualcheck(3) 003:442",
            "minixiangqi.fbr",
            letters=_XQ,
        ),
        Builtin("raazuvaa", "royal, promotion 003:708 (no castling, no double step)", "raazuvaa.fbr"),
        Builtin("shogi", "drop{P}=nomate 003:304, pieces{P}=file(1), holding=demote", "shogi.fbr"),
        Builtin("checkshogi", "shogi; royal=maxchecks(1) 003:937", "checkshogi.fbr"),
        Builtin(
            "shoshogi",
            "royal{K+E}=expose(2) 003:926-933, no holding",
            "shoshogi.fbr",
            known="while a side has king and prince, expose(2) keeps one of them unattacked (003:930); "
            "Fairy-Stockfish lets both be left attacked (neither is royal until one is left)",
        ),
        Builtin("yarishogi", "shogi rules on 7x9", "yarishogi.fbr"),
        Builtin("okisakishogi", "shogi rules on 10x10", "okisakishogi.fbr"),
        Builtin("capablanca", _CHESS, "capablanca.fbr"),
        Builtin("capahouse", _CHESS + "; holding=demote, drop", "capahouse.fbr"),
        Builtin("caparandom", _CHESS + "; random start positions (Chess960 castling)", "caparandom.fbr"),
        Builtin("gothic", _CHESS, "gothic.fbr"),
        Builtin("janus", _CHESS, "janus.fbr"),
        Builtin("modern", _CHESS + " on 9x9", "modern.fbr"),
        Builtin("chancellor", _CHESS + " on 9x9", "chancellor.fbr"),
        Builtin("embassy", _CHESS, "embassy.fbr"),
        Builtin("centaur", _CHESS, "centaur.fbr"),
        Builtin("gustav3", _CHESS + "; zone[range]=hole 003:1131 (the `*` squares)", "gustav3.fbr"),
        Builtin(
            "jesonmor",
            "hill{N}[e5]=balance 003:376-384, stalemate=loss 003:985, no royal piece",
            blocker=_NOT
            + "Fairy-Stockfish's flag rule lets the second player answer a knight on e5 with any "
            "move (a capture of it included) and wins only if the knight is still there; FBR's hill=balance "
            "allows only entering the hill (003:384)",
        ),
        Builtin("courier", "royal 003:894, promotion 003:708", "courier.fbr"),
        Builtin("grand", "pieces{Q}=total(1) 003:540, promotion=optional 003:742", "grand.fbr"),
        Builtin("opulent", "grand's rules", "opulent.fbr"),
        Builtin("tencubed", _CHESS, "tencubed.fbr"),
        Builtin(
            "omicron",
            _CHESS + "; zone[range]=hole 003:1131 (the `*` squares)",
            "omicron.fbr",
            letters={"H": "C", "Z": "W"},
        ),
        Builtin(
            "troitzky", "royal 003:894, promotion 003:658-708; zone[range]=hole 003:1131", "troitzky.fbr"
        ),
        Builtin(
            "wolf",
            "royal 003:894, promotion+[10] 003:658 of two piece types",
            "wolf.fbr",
            letters={"E": "+"},
        ),
        Builtin("shako", _CHESS, "shako.fbr"),
        Builtin("amazons", "walls", blocker=_WALL),
        Builtin("xiangqi", "royal{G}, stalemate=loss, loss=perpetualcheck(3)", "xiangqi.fbr", letters=_XQ),
        Builtin("manchu", "xiangqi's rules", "manchu.fbr", letters=_XQ),
        Builtin("supply", "bughouse 003:157", blocker="needs `bughouse` (003:157), as bughouse"),
        Builtin(
            "janggi",
            "xiangqi-like pieces, palace diagonals",
            blocker=_JANGGI + ", bikjang, material counting",
        ),
        Builtin("janggitraditional", "janggi", blocker=_JANGGI + ", bikjang"),
        Builtin("janggimodern", "janggi", blocker=_JANGGI + ", repeated moves forbidden"),
        Builtin("janggicasual", "janggi", blocker=_JANGGI),
    ]
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """One row of the table."""

    fsf: str
    file: str | None
    status: str  # "agrees", "differs", "refused", "no file", "missing" (a file named but absent)
    detail: str
    seconds: float


def verdict(entry: Builtin, *, depth: int = 3, games: int = 4, seed: int = 1) -> Verdict:
    """Run the comparison for one built-in (``status`` and the first finding)."""
    from notation_toolkit.core.errors import NotationError

    began = time.perf_counter()
    if entry.file is None:
        return Verdict(entry.fsf, None, "no file", entry.blocker, 0.0)
    path = EXAMPLES / entry.file
    if not path.is_file():
        return Verdict(entry.fsf, entry.file, "missing", f"{path} does not exist", 0.0)
    try:
        found = compare_with_fsf(
            path,
            entry.fsf,
            depth=depth,
            games=games,
            seed=seed,
            letters=entry.letters,
            chess960=entry.fsf in RANDOM_START,
            own_start=entry.fsf in RANDOM_START,
        )
    except NotationError as exc:
        d = exc.diagnostics[0]
        return Verdict(entry.fsf, entry.file, "refused", f"{d.code} {d.message}", time.perf_counter() - began)
    took = time.perf_counter() - began
    if found:
        return Verdict(entry.fsf, entry.file, "differs", str(found[0]), took)
    if entry.known:
        return Verdict(entry.fsf, entry.file, "differs", "by the page: " + entry.known, took)
    return Verdict(entry.fsf, entry.file, "agrees", "", took)


def _run(args: tuple[str, int, int, int]) -> Verdict:
    name, depth, games, seed = args
    return verdict(BUILTINS[name], depth=depth, games=games, seed=seed)


def main(argv: list[str] | None = None) -> int:
    """Print the table of Fairy-Stockfish's built-ins (see the module doc); exit 0."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.variant.fsf_builtins", description=__doc__.split("\n")[0]
    )
    parser.add_argument("names", nargs="*", help="built-ins to compare (default: every name pyffish lists)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--depth", type=int, default=3, help="perft depth from the start (default 3)")
    parser.add_argument("--games", type=int, default=4, help="random games per variant (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    opts = parser.parse_args(argv)
    import pyffish

    listed = sorted(pyffish.variants())
    names = opts.names or listed
    unknown = [n for n in names if n not in BUILTINS]
    if unknown:
        print(f"not in the table (add them to BUILTINS): {', '.join(unknown)}", file=sys.stderr)
        names = [n for n in names if n in BUILTINS]
    jobs = [(n, opts.depth, opts.games, opts.seed) for n in names]
    if opts.jobs > 1:
        from multiprocessing import Pool

        with Pool(opts.jobs) as pool:
            rows = pool.map(_run, jobs, chunksize=1)
    else:
        rows = [_run(j) for j in jobs]
    counted = [r for r in rows if r.fsf not in SAME_GAME]
    agree = sum(r.status == "agrees" for r in counted)
    total = len([n for n in listed if n not in SAME_GAME]) if not opts.names else len(counted)
    if opts.json:
        print(json.dumps({"rows": [_row(r) for r in rows], "agree": agree, "of": total}, indent=1))
        return 0
    width = max(len(n) for n in names)
    for r in rows:
        file = r.file or "-"
        extra = f" ({r.seconds:.1f} s)" if r.seconds >= 0.05 else ""
        print(f"{r.fsf:<{width}}  {file:<22} {r.status:<8} {r.detail}{extra}")
    print(f"{agree} of {total} agree")
    return 0


def _row(r: Verdict) -> dict[str, Any]:
    return {
        "fsf": r.fsf,
        "file": r.file,
        "status": r.status,
        "detail": r.detail,
        "seconds": round(r.seconds, 2),
    }


if __name__ == "__main__":
    raise SystemExit(main())
