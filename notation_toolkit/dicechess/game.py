"""``Game``: a Dice Chess game driven by rolls and UCI micro-moves, with history and results.

Phases of a turn (DFEN spec, F6): dice not rolled (pool ``-``) -> ``roll()`` -> ``play()`` micro-moves
(each legal under R8) -> end of turn (R11). With ``auto_end_turn=True`` (the default) the turn ends
by itself as soon as R10 says it is over (pool empty or no legal micro-move left, including a pass
straight after the roll); with ``False`` the caller calls ``end_turn()``. A king capture ends the
game at once, without R11 (R17); a half-move clock of 100 or more at a turn boundary draws (R16).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Literal

from notation_toolkit.core.display import repr_svg
from notation_toolkit.dicechess import dice as _dice
from notation_toolkit.dicechess.codes import DICE001, DICE003, DICE004
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
    DIE_LETTERS,
    E1,
    E8,
    KING,
    PIECE_NAMES,
    ROOK,
    SQUARE_NAMES,
    WHITE,
)

if TYPE_CHECKING:
    from dataclasses import dataclass
else:
    # @dataclass(frozen=True, slots=True) in one exec per class instead of six (core.nodeclass)
    from notation_toolkit.core.nodeclass import frozen_dataclass as dataclass

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
        if dice is not None and not isinstance(dice, str):
            raise TypeError(f"roll() takes die letters such as 'PNB' (or nothing), not {type(dice).__name__}")
        self._require_running()
        if self._rolled:
            raise DICE003.error(IllegalMoveError, "rolled", field="move", pool=self.pool)
        if dice is None:
            pool = _dice.roll(self.rng)
        else:
            pool = parse_dice(dice)
            if _dice.size(pool) != 3:
                raise DICE004.error(IllegalMoveError, "three", field="move", dice=_clip(dice))
        self._pos.set_pool(pool)
        self._rolled = True
        letters = self.pool
        self._log("roll", letters)
        if self.auto_end_turn and not self._pos.legal_moves():
            self._finish_turn(passed=True)
        return letters

    def play(self, move: str) -> MicroMove:
        """Play one micro-move given in UCI (``e2e4``, ``e7e8n``, ``e1g1``); raises ``IllegalMoveError``
        (a ``TypeError`` for anything but a string)."""
        if not isinstance(move, str):
            raise TypeError(
                f"play() takes a micro-move in UCI as a string, such as 'e2e4', not {type(move).__name__}"
            )
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
            raise DICE003.error(IllegalMoveError, "not_rolled", field="move")
        legal = self._pos.legal_moves()
        if legal:
            best = self._pos.lstar()
            template = "end_turn_one" if best == 1 else "end_turn"
            raise DICE001.error(
                IllegalMoveError, template, field="move", best=best, example=min(map(uci, legal))
            )
        self._finish_turn(passed=not any(e.kind == "move" for e in self._this_turn()))

    # ------------------------------------------------------------------ internals

    def _require_running(self) -> None:
        if self._result is not None:
            raise DICE003.error(IllegalMoveError, "over", field="move", result=self._result)

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
            raise DICE003.error(IllegalMoveError, "roll_first", field="move")
        parsed = parse_uci(text) if len(text) <= _LONGEST_MOVE else None
        if parsed is None:
            raise DICE001.error(IllegalMoveError, "not_uci", field="move", move=_clip(text))
        frm, to, promo = parsed
        pos = self._pos
        spelled = SQUARE_NAMES[frm] + SQUARE_NAMES[to] + ("nbrq"[[2, 3, 4, 5].index(promo)] if promo else "")
        who = COLOR_NAMES[pos.turn]
        piece = pos.piece_at(frm)
        if piece is None:
            raise DICE001.error(IllegalMoveError, "empty_square", field="move", square=SQUARE_NAMES[frm])
        ptype, colour = piece
        if colour != pos.turn:
            raise DICE001.error(
                IllegalMoveError,
                "not_yours",
                field="move",
                piece=PIECE_NAMES[ptype],
                square=SQUARE_NAMES[frm],
                owner=COLOR_NAMES[colour],
                mover=who,
            )
        pool = pos.pool
        castling_shape = ptype == KING and frm in (E1, E8) and abs(to - frm) == 2
        if castling_shape:
            missing = [name for t, name in ((KING, "King"), (ROOK, "Rook")) if not _dice.count(pool, t)]
            if missing:
                raise DICE001.error(
                    IllegalMoveError,
                    "castling_dice",
                    field="move",
                    missing=" or ".join(missing),
                    pool=self.pool,
                )
        elif not _dice.count(pool, ptype):
            raise DICE001.error(
                IllegalMoveError, "no_die", field="move", die=PIECE_NAMES[ptype].capitalize(), pool=self.pool
            )
        candidates = [m for m in pos.generate() if m & 0xFFF == frm | (to << 6)]
        match = [m for m in candidates if (m >> 12) & 7 == promo]
        if not match:
            if candidates and not promo:
                raise DICE001.error(IllegalMoveError, "must_promote", field="move", move=spelled)
            if candidates and promo:
                raise DICE001.error(
                    IllegalMoveError, "promotes_king_capture", field="move", move=spelled, plain=spelled[:4]
                )
            if castling_shape:
                raise DICE001.error(IllegalMoveError, "castling", field="move", move=spelled)
            raise DICE001.error(
                IllegalMoveError, "illegal", field="move", move=spelled, piece=PIECE_NAMES[ptype]
            )
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
            raise DICE001.error(
                IllegalMoveError,
                "max_dice",
                field="move",
                move=spent,
                used=used,
                best=best,
                example=names[0],
                legal=" ".join(names[:12]) + (" ..." * (len(names) > 12)),
            )
        return m


_LONGEST_MOVE = 64
"""Longer text is no micro-move (UCI with spaces around it), and is not scanned further."""


def _clip(text: str, limit: int = 40) -> str:
    """``text`` for a message: at most ``limit`` characters, then an ellipsis."""
    return text if len(text) <= limit else text[:limit] + "..."


def parse_dice(letters: str) -> _dice.Pool:
    """The pool of die letters in either case (``"PNB"``, ``"pnb"``; ``"-"`` or ``""`` is empty).

    Raises ``IllegalMoveError`` (DICE004) naming the first letter that is not a die.
    """
    # the first letters only: more than three is refused by from_letters, whatever they are
    bad = next((ch for ch in letters[: _dice.MAX_DICE + 1] if ch.upper() not in DIE_LETTERS), None)
    if bad is not None and letters != "-":
        raise DICE004.error(IllegalMoveError, "letter", field="move", letter=bad)
    return _dice.from_letters(letters)


__all__ = ["DRAW_CLOCK", "Game", "GameEvent", "parse_dice"]
