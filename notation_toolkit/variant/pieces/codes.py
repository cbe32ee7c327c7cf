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

# Message templates, by code and template name; ``{detail}`` in "in_expansion" is the message of a
# diagnostic found inside an expanded letter, pointed at the letter the user wrote.
_MESSAGES: dict[str, dict[str, str]] = {
    IMPOSSIBLE: {
        "piece_compile_piece": "{kind} is not a piece: compile piece definitions (K=WF) or declarations (K)",
        "n_non_jumping": "'n' (non-jumping) cannot be combined with 'p' or 'g'",
        "leap_longer_than": "the leap ({x},{y}) is longer than any board",
        "piece_has_one": "a piece has one move part",
        "amalgamated_direction_selects": "the amalgamated direction {am} selects no move (opposite "
        "directions at once)",
        "step_count_on": "a step count on a letter whose definition already counts its steps ({atom})",
        "exactly_zero_steps": "exactly zero steps is not a move",
        "e_needs_m": "'e' needs 'm' (the move can be taken en passant) or 'c' (captures en passant)",
        "p_g_cannot": "'p' and 'g' cannot be combined",
        "in_expansion": "{detail} (in the expansion of {letter})",
    },
    NOT_EXECUTABLE: {
        "optional_first_leg": "an optional first leg is not executable yet",
        "setup_operator_executable": "the setup operator '!' is not executable yet",
        "board_transition_executable": "board transition {transition} is not executable yet",
        "condition_executable_yet": "condition {condition} is not executable yet",
        "executable_yet_fbr": "{what} not executable yet (the FBR/MBN pages give it no meaning)",
        "move_unit_from": "a move unit from an extension grammar is not executable",
        "circular_part_executable": "the circular part {circular} is not executable yet (the pages define "
        "its syntax only)",
        "null_move_o": "the null move O is not executable yet",
        "pieces_on_several": "pieces on several boards ({board}) are not executable yet",
        "announcement_condition_executable": "the announcement condition {condition} is not executable yet",
        "castling_pseudo_pieces": "castling pseudo-pieces are moves of the game core, not pieces",
        "nested_multi_leg": "nested multi-leg moves are not executable yet",
        "too_many_legs": "the multi-leg moves of this piece have {count} legs in all; the compiler runs "
        "at most {limit} per piece",
        "capture_leg_that": "capturing in a leg other than the last (a locust capture) is not executable yet",
        "group_with_direction": "groups with a direction or step count (complex riders) are not "
        "executable yet",
        "in_expansion": "{detail} (in the expansion of {letter})",
    },
    UNKNOWN_LETTER: {
        "move_letter_has": "the move letter {letter} has no meaning here",
        "declared_without_definition": "{head} is declared without a definition and is not a base letter",
        "in_expansion": "{detail} (in the expansion of {letter})",
    },
    RECURSIVE: {
        "expands_too_deeply": "{letter} expands too deeply",
        "defined_terms_itself": "{letter} is defined in terms of itself",
        "in_expansion": "{detail} (in the expansion of {letter})",
    },
    NOT_EXECUTABLE_MODIFIER: {
        "p_on_single": "'p' on the single leap {atom} is not executable yet",
        "doubled_modifier_executable": "the doubled modifier '{l}{l}' is not executable yet",
        "modifier_executable_yet": "the modifier {what} is not executable yet",
        "modifier_executable_yet_2": "the modifier '{md}' is not executable yet",
        "amalgamated_direction_executable": "the amalgamated direction {am} is not executable (two of f b "
        "l r s v)",
        "inside_letter_restricted": "'a' inside a letter restricted by m or c is not executable yet",
        "colour_sensitive_capture": "colour-sensitive capture set {c_set} is not executable yet",
        "nested_capture_sets": "nested capture sets are not executable yet",
        "e_more_than": "'e' more than twice",
        "executable_yet": "'{e_mods}' is not executable yet",
        "doubled_direction_has": "doubled direction '{l}{l}' has no MBN meaning",
        "complemented_en_passant": "complemented en-passant sets are not executable yet",
        "mee_executable_yet": "'mee' is not executable yet",
        "in_expansion": "{detail} (in the expansion of {letter})",
    },
    NOT_EXECUTABLE_RANGE: {
        "d_d_range": "3D/4D range {sr} is not executable",
        "range_symbol_depends": "the range symbol {symbol!r} depends on the position and is not executable "
        "yet",
        "in_expansion": "{detail} (in the expansion of {letter})",
        "not_static": "the board range is not static",
    },
    NOT_EXECUTABLE_STEPS: {
        "step_count_executable": "the step count {steps} is not executable",
        "in_expansion": "{detail} (in the expansion of {letter})",
    },
}

_HINTS: dict[str, dict[str, str]] = {
    IMPOSSIBLE: {
        "amalgamated_direction_selects": "for both directions write the letters apart: fbN, lrW",
    },
    UNKNOWN_LETTER: {
        "move_letter_has": "use a base letter (W F D N A ... R B Q K), an extended leap :x,y: or a defined "
        "piece",
        "declared_without_definition": "give it moves: X=W0+N",
    },
    NOT_EXECUTABLE: {
        "too_many_legs": "write the moves with fewer legs (most pieces need two or three per move)",
    },
    NOT_EXECUTABLE_MODIFIER: {
        "p_on_single": "hop along a line: pR, pB, pW0",
        "doubled_direction_has": "an oblique direction is written amalgamated: ({l}{l})",
    },
}


def _register(code: str, title: str, explanation: str) -> None:
    register_code(code, title, explanation, messages=_MESSAGES[code], hints=_HINTS.get(code))


_register(
    UNKNOWN_LETTER,
    "move letter without a meaning",
    """
A move letter must be an MBN base letter (W F D N A H C Z T O and the compounds K Q R B E I M V,
the complex letters P S, the old letters G J L), an extended leap `:x,y:`, or a piece the rule
file defines (`@X=...` macros first, then the file's own definitions). Define the letter, or
write its moves with base letters: `X=W0+N`.
""",
)
_register(
    IMPOSSIBLE,
    "impossible combination",
    """
The move parts combine into something no move can satisfy or that has no meaning, for example
`e` without `m` or `c` (en passant is either made by a quiet move or taken by a capture), a leap
larger than the biggest board (`:30,1:`), or a step count on a letter whose definition is not a
plain leaper or rider.
""",
)
_register(
    RECURSIVE,
    "piece defined in terms of itself",
    """
A macro or piece letter used as a move expands, through other definitions, back into itself
(`@X=Y @Y=X`). A piece may use its own letter only for the base meaning: `K=KX` uses the base
king inside the definition of K.
""",
)
_register(
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
_register(
    NOT_EXECUTABLE_STEPS,
    "step count not executable",
    """
Steps `n` (at most n), `0` (unlimited) and `0n` (exactly n) are executed. `0*`, `**` and `#`
have no documented meaning (fbr-mbn-notes G7) and are refused.
""",
)
_register(
    NOT_EXECUTABLE_RANGE,
    "board range not executable",
    """
Ranges of files, ranks and squares and the symbols `#` (edge) and `.` (inner) are executed. The
dynamic symbols `+` (threatened), `*` (unthreatened) and `:` (unmoved) depend on the position and
3D/4D levels on other boards; they are refused by the piece compiler.
""",
)
_register(
    NOT_EXECUTABLE,
    "MBN construct not executable yet",
    """
Valid MBN that the piece compiler does not execute yet: board transitions `<+>`, conditions
`/.../`, setup legs `!`, attacker sets before the modifiers, circular parts `N(fs)`, groups with
a direction or step count (`(WF)0`), the null move `O`. The piece is refused instead of moving
differently from its definition.
""",
)
