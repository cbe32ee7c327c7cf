"""Message templates of the Dice Chess codes (DICE001-DICE004, registered in ``dicechess/errors.py``).

Every Dice Chess diagnostic built from a code's template is worded here
(``info_of(code).diagnostic(template, ...)``).
"""

from __future__ import annotations

from notation_toolkit.core.codes import CodeInfo, add_templates, info_of
from notation_toolkit.dicechess import errors as _errors  # noqa: F401  (registers the codes)

#: DICE002: a DFEN the game core cannot play.
DICE002: CodeInfo = add_templates(
    "DICE002",
    messages={
        "pawn_rank": "{colour} pawn on {square}: pawns cannot stand on their first rank, nor on their last "
        "rank while the game goes on"
    },
    hints={"pawn_rank": "a pawn reaching the last rank promotes, unless it captured the king (R12)"},
)

#: DICE001: a micro-move the rules refuse; ``move`` is the micro-move as the user wrote it (or
#: spelled from its squares), ``pool`` the dice letters left.
DICE001: CodeInfo = add_templates(
    "DICE001",
    messages={
        "not_uci": "{move!r} is not a UCI micro-move",
        "empty_square": "there is no piece on {square}",
        "not_yours": "the {piece} on {square} is {owner}'s; {mover} is to move",
        "castling_dice": "castling needs a King die and a Rook die: no {missing} die left in the pool "
        "({pool})",
        "no_die": "no {die} die left in the pool ({pool})",
        "must_promote": "{move} must promote",
        "promotes_king_capture": "{move} captures the king: it is written without a promotion letter",
        "castling": "{move} is not a legal castling move (the right, the king and rook on their squares and "
        "empty squares between them are all needed)",
        "illegal": "{move} is not a legal {piece} move",
        # R8, the maximum-dice rule, refusing a micro-move and refusing to end the turn.
        "max_dice": "must use as many dice as possible: {move} lets {used} of the dice be used this turn, "
        "but {best} can be (e.g. {example})",
        "end_turn": "must use as many dice as possible: {best} more dice can still be used (e.g. {example})",
        "end_turn_one": "must use as many dice as possible: one more die can still be used (e.g. {example})",
    },
    hints={
        "not_uci": "write from-square, to-square and an optional promotion letter, e.g. e2e4 or e7e8n",
        "must_promote": "add q, r, b or n, e.g. {move}q",
        "promotes_king_capture": "play {plain}",
        "max_dice": "legal now: {legal}",
        "end_turn": "play one of the legal micro-moves",
        "end_turn_one": "play one of the legal micro-moves",
    },
)

#: DICE003: an action the phase of the game does not allow.
DICE003: CodeInfo = add_templates(
    "DICE003",
    messages={
        "rolled": "the dice are already rolled for this turn (pool {pool})",
        "not_rolled": "the dice have not been rolled this turn",
        "roll_first": "roll the dice before moving",
        "over": "the game is over ({result})",
        "no_dice": "the position has no dice to play (DFEN field 7 is '-')",
    },
    hints={
        "rolled": "play a micro-move or end the turn",
        "not_rolled": "roll the dice first",
        "no_dice": "give the dice as DFEN field 7, e.g. ... 0 1 PNB",
    },
)

#: DICE004: dice letters that are not a pool.
DICE004: CodeInfo = add_templates(
    "DICE004",
    messages={
        "letter": "{letter!r} is not a die letter",
        "three": "a roll is exactly three dice, got {dice!r}",
        "too_many": "a pool holds at most three dice, got {dice!r}",
        "face": "{face!r} is not a die face",
        "packed": "{pool!r} is not a packed pool",
    },
    hints={
        "letter": "use P, N, B, R, Q or K (1=P .. 6=K)",
        "three": "e.g. PNB",
        "too_many": "e.g. PNB",
        "face": "a die face is a piece type from 1 (Pawn) to 6 (King)",
        "packed": "build pools with dice.from_letters('PNB') or dice.from_types([1, 2, 3])",
    },
)

#: DICE005: a player spec or match setting refused (its one template, ``{detail}``, is registered in
#: ``dicechess/errors.py`` with ``PlayerSpecError``, which builds it).
DICE005: CodeInfo = info_of("DICE005")
