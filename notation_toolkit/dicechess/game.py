"""``Game``: a Dice Chess game driven by rolls and UCI micro-moves, with history and results.

Phases of a turn (DFEN spec, F6): dice not rolled (pool ``-``) -> ``roll()`` -> ``play()`` micro-moves
(each legal under R8) -> end of turn (R11). With ``auto_end_turn=True`` (the default) the turn ends
by itself as soon as R10 says it is over (pool empty or no legal micro-move left, including a pass
straight after the roll); with ``False`` the caller calls ``end_turn()``. A king capture ends the
game at once, without R11 (R17); a half-move clock of 100 or more at a turn boundary draws (R16).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from notation_toolkit.core.display import repr_svg
from notation_toolkit.dicechess import dice as _dice
from notation_toolkit.dicechess.errors import IllegalMoveError
from notation_toolkit.dicechess.moves import (
    FLAG_CASTLING,
    MicroMove,
    move_cost,
    parse_uci,
    uci,
)
from notation_toolkit.dicechess.position import Position
from notation_toolkit.dicechess.tables import (
    BLACK,
    COLOR_NAMES,
    E1,
    E8,
    KING,
    PIECE_NAMES,
    ROOK,
    SQUARE_NAMES,
    WHITE,
)

EventKind = Literal["roll", "move", "pass", "end", "king-capture", "draw"]
DRAW_CLOCK = 100


@dataclass(frozen=True, slots=True)
class GameEvent:
    """One step of a game's history and the DFEN right after it."""

    kind: EventKind
    text: str
    dfen: str


class Game:
    """A Dice Chess game. ``Game(seed=1)`` starts from the initial position with a seeded RNG."""

    _repr_svg_ = repr_svg  # notebooks draw the position (notation_toolkit.svg)

    def __init__(
        self,
        dfen: str | Position | None = None,
        *,
        seed: int | None = None,
        auto_end_turn: bool = True,
    ) -> None:
        if dfen is None:
            self._pos = Position.start()
        elif isinstance(dfen, Position):
            self._pos = dfen.copy()
        else:
            self._pos = Position.from_dfen(dfen)
        self.rng = random.Random(seed)
        self.auto_end_turn = auto_end_turn
        self.history: list[GameEvent] = []
        self._start_dfen = self._pos.dfen()
        self._rolled = self._pos.pool != 0
        self._result: str | None = None
        if self._pos.is_game_over:
            self._result = self._king_result()
        elif not self._rolled and self._pos.halfmove >= DRAW_CLOCK:
            self._result = "1/2-1/2"

    # ------------------------------------------------------------------ state

    @property
    def position(self) -> Position:
        """The current position (do not mutate it; use a copy for analysis)."""
        return self._pos

    def dfen(self) -> str:
        """Canonical DFEN of the current state (any phase of the turn)."""
        return self._pos.dfen()

    @property
    def start_dfen(self) -> str:
        """DFEN the game started from."""
        return self._start_dfen

    @property
    def turn(self) -> str:
        """``"w"`` or ``"b"``: the side to move."""
        return "wb"[self._pos.turn]

    @property
    def pool(self) -> str:
        """Dice left in the pool (DFEN field 7 letters, ``-`` if none)."""
        return _dice.to_letters(self._pos.pool, black=self._pos.turn == BLACK)

    @property
    def awaiting_roll(self) -> bool:
        """True at the start of a turn, before the dice are rolled."""
        return not self._rolled and self._result is None

    @property
    def is_over(self) -> bool:
        """True after a king capture or a draw."""
        return self._result is not None

    @property
    def result(self) -> str | None:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"`` or ``None`` while the game goes on."""
        return self._result

    @property
    def winner(self) -> str | None:
        """``"w"``/``"b"`` after a king capture, else ``None``."""
        return {"1-0": "w", "0-1": "b"}.get(self._result or "")

    def legal_micro_moves(self) -> list[MicroMove]:
        """The micro-moves legal now (R8); empty before the roll and once the turn or game is over."""
        if not self._rolled or self._result is not None:
            return []
        return [MicroMove.from_int(m) for m in self._pos.legal_moves()]

    def legal_moves(self) -> list[str]:
        """UCI strings of ``legal_micro_moves()``."""
        return [m.uci() for m in self.legal_micro_moves()]

    # ------------------------------------------------------------------ actions

    def roll(self, dice: str | None = None) -> str:
        """Roll three dice with the game's RNG, or set the given ones (``"PNB"``); returns the letters.

        If no die can be used the turn is a pass (R10) and, with ``auto_end_turn``, ends at once.
        """
        self._require_running()
        if self._rolled:
            raise IllegalMoveError.because(
                f"the dice are already rolled for this turn (pool {self.pool})", code="DICE003"
            )
        if dice is None:
            pool = _dice.roll(self.rng)
        else:
            try:
                pool = _dice.from_letters(dice)
            except ValueError as exc:
                raise IllegalMoveError.because(str(exc), code="DICE004") from None
            if _dice.size(pool) != 3:
                raise IllegalMoveError.because(
                    f"a roll is exactly three dice, got {dice!r}", code="DICE004", hint="e.g. PNB"
                )
        self._pos.set_pool(pool)
        self._rolled = True
        letters = self.pool
        self._log("roll", letters)
        if self.auto_end_turn and not self._pos.legal_moves():
            self._finish_turn(passed=True)
        return letters

    def play(self, move: str) -> MicroMove:
        """Play one micro-move given in UCI (``e2e4``, ``e7e8n``, ``e1g1``); raises ``IllegalMoveError``."""
        m = self._resolve(move)
        self._pos.push(m)
        view = MicroMove.from_int(m)
        if self._pos.is_game_over:
            self._result = self._king_result()
            self._log("king-capture", view.uci())
            return view
        self._log("move", view.uci())
        if self.auto_end_turn and not self._pos.legal_moves():
            self._finish_turn(passed=False)
        return view

    def end_turn(self) -> None:
        """Apply R11 once the turn is over (R10); refuses while a legal micro-move remains."""
        self._require_running()
        if not self._rolled:
            raise IllegalMoveError.because("the dice have not been rolled this turn", code="DICE003")
        legal = self._pos.legal_moves()
        if legal:
            best = self._pos.lstar()
            raise IllegalMoveError.because(
                f"must use as many dice as possible: {best} more "
                f"{'die' if best == 1 else 'dice'} can still be used (e.g. {min(map(uci, legal))})",
                hint="play one of the legal micro-moves",
            )
        self._finish_turn(passed=not any(e.kind == "move" for e in self._this_turn()))

    # ------------------------------------------------------------------ internals

    def _require_running(self) -> None:
        if self._result is not None:
            raise IllegalMoveError.because(f"the game is over ({self._result})", code="DICE003")

    def _this_turn(self) -> list[GameEvent]:
        out: list[GameEvent] = []
        for event in reversed(self.history):
            out.append(event)
            if event.kind == "roll":
                break
        return out

    def _finish_turn(self, *, passed: bool) -> None:
        self._pos.end_turn()
        self._rolled = False
        self._log("pass" if passed else "end", "")
        if self._pos.halfmove >= DRAW_CLOCK:
            self._result = "1/2-1/2"
            self._log("draw", f"{self._pos.halfmove} micro-moves without capture or pawn move")

    def _king_result(self) -> str:
        return "0-1" if not self._pos.has_king(WHITE) else "1-0"

    def _log(self, kind: EventKind, text: str) -> None:
        self.history.append(GameEvent(kind, text, self._pos.dfen()))

    def _resolve(self, text: str) -> int:
        """Find the move int for ``text`` or raise an ``IllegalMoveError`` that says why not."""
        self._require_running()
        if not self._rolled:
            raise IllegalMoveError.because("roll the dice before moving", code="DICE003")
        parsed = parse_uci(text)
        if parsed is None:
            raise IllegalMoveError.because(
                f"{text!r} is not a UCI micro-move",
                hint="write from-square, to-square and an optional promotion letter, e.g. e2e4 or e7e8n",
            )
        frm, to, promo = parsed
        pos = self._pos
        spelled = SQUARE_NAMES[frm] + SQUARE_NAMES[to] + ("nbrq"[[2, 3, 4, 5].index(promo)] if promo else "")
        who = COLOR_NAMES[pos.turn]
        piece = pos.piece_at(frm)
        if piece is None:
            raise IllegalMoveError.because(f"there is no piece on {SQUARE_NAMES[frm]}")
        ptype, colour = piece
        if colour != pos.turn:
            raise IllegalMoveError.because(
                f"the {PIECE_NAMES[ptype]} on {SQUARE_NAMES[frm]} is {COLOR_NAMES[colour]}'s; "
                f"{who} is to move"
            )
        pool = pos.pool
        castling_shape = ptype == KING and frm in (E1, E8) and abs(to - frm) == 2
        if castling_shape:
            missing = [name for t, name in ((KING, "King"), (ROOK, "Rook")) if not _dice.count(pool, t)]
            if missing:
                raise IllegalMoveError.because(
                    f"castling needs a King die and a Rook die: no {' or '.join(missing)} die left in the "
                    f"pool ({self.pool})"
                )
        elif not _dice.count(pool, ptype):
            raise IllegalMoveError.because(
                f"no {PIECE_NAMES[ptype].capitalize()} die left in the pool ({self.pool})"
            )
        candidates = [m for m in pos.generate() if m & 0xFFF == frm | (to << 6)]
        match = [m for m in candidates if (m >> 12) & 7 == promo]
        if not match:
            if candidates and not promo:
                raise IllegalMoveError.because(
                    f"{spelled} must promote", hint=f"add q, r, b or n, e.g. {spelled}q"
                )
            if candidates and promo:
                raise IllegalMoveError.because(
                    f"{spelled} captures the king: it is written without a promotion letter",
                    hint=f"play {spelled[:4]}",
                )
            if castling_shape:
                raise IllegalMoveError.because(
                    f"{spelled} is not a legal castling move (the right, the king and rook on their "
                    "squares and empty squares between them are all needed)"
                )
            raise IllegalMoveError.because(f"{spelled} is not a legal {PIECE_NAMES[ptype]} move")
        m = match[0]
        legal = pos.legal_moves()
        if m not in legal:
            best = pos.lstar()
            pos.push(m)
            after = pos.lstar()
            pos.pop()
            used = move_cost(m) + after
            spent = "castling" if m >> 18 == FLAG_CASTLING else spelled
            names = sorted(map(uci, legal))
            raise IllegalMoveError.because(
                f"must use as many dice as possible: {spent} lets {used} of the dice be used this turn, "
                f"but {best} can be (e.g. {names[0]})",
                hint="legal now: " + " ".join(names[:12]) + (" ..." * (len(names) > 12)),
            )
        return m


__all__ = ["DRAW_CLOCK", "Game", "GameEvent"]
