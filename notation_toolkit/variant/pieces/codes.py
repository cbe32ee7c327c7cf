"""Diagnostic codes of the piece compiler (registered for ``ntk explain``)."""

from __future__ import annotations

from notation_toolkit.core.codes import register_code

UNKNOWN_LETTER = "PCE101"
IMPOSSIBLE = "PCE102"
RECURSIVE = "PCE103"
NOT_EXECUTABLE_MODIFIER = "PCE201"
NOT_EXECUTABLE_STEPS = "PCE202"
NOT_EXECUTABLE_RANGE = "PCE203"
NOT_EXECUTABLE = "PCE204"

register_code(
    UNKNOWN_LETTER,
    "move letter without a meaning",
    """
A move letter must be an MBN base letter (W F D N A H C Z T O and the compounds K Q R B E I M V,
the complex letters P S, the old letters G J L), an extended leap `:x,y:`, or a piece the rule
file defines (`@X=...` macros first, then the file's own definitions). Define the letter, or
write its moves with base letters: `X=W0+N`.
""",
)
register_code(
    IMPOSSIBLE,
    "impossible combination",
    """
The move parts combine into something no move can satisfy or that has no meaning, for example
`e` without `m` or `c` (en passant is either made by a quiet move or taken by a capture), a leap
larger than the biggest board (`:30,1:`), or a step count on a letter whose definition is not a
plain leaper or rider.
""",
)
register_code(
    RECURSIVE,
    "piece defined in terms of itself",
    """
A macro or piece letter used as a move expands, through other definitions, back into itself
(`@X=Y @Y=X`). A piece may use its own letter only for the base meaning: `K=KX` uses the base
king inside the definition of K.
""",
)
register_code(
    NOT_EXECUTABLE_MODIFIER,
    "modifier not executable yet",
    """
The piece compiler executes the MBN modifiers m c a i e (with m or c) n p g, the directions
f b l r s v d and capture piece sets `c{...}`. Other modifiers (j h k o u w x t z, doubled
letters such as cc pp gg ii ee, optional `?`, piece sets on m/p/g) are valid MBN that the
generator does not execute yet: the piece is refused instead of moving differently from its
definition. See docs/pieces.md for the list.
""",
)
register_code(
    NOT_EXECUTABLE_STEPS,
    "step count not executable",
    """
Steps `n` (at most n), `0` (unlimited) and `0n` (exactly n) are executed. `0*`, `**` and `#`
have no documented meaning (fbr-mbn-notes G7) and are refused.
""",
)
register_code(
    NOT_EXECUTABLE_RANGE,
    "board range not executable",
    """
Ranges of files, ranks and squares and the symbols `#` (edge) and `.` (inner) are executed. The
dynamic symbols `+` (threatened), `*` (unthreatened) and `:` (unmoved) depend on the position and
3D/4D levels on other boards; they are refused by the piece compiler.
""",
)
register_code(
    NOT_EXECUTABLE,
    "MBN construct not executable yet",
    """
Valid MBN that the piece compiler does not execute yet: board transitions `<+>`, conditions
`/.../`, setup legs `!`, attacker sets before the modifiers, circular parts `N(fs)`, groups with
a direction or step count (`(WF)0`), the null move `O`. The piece is refused instead of moving
differently from its definition.
""",
)
