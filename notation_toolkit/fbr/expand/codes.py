"""Diagnostic codes of the FBR compiler (``FBR7xx``: issue 7), registered for ``ntk explain``."""

from __future__ import annotations

from notation_toolkit.core.codes import register_code

NO_VARIANT = "FBR701"
EXCLUSIVE = "FBR702"
SET_REQUIRED = "FBR703"
NO_TABLE_ENTRY = "FBR704"
BAD_TEMPLATE = "FBR705"
BAD_PROMOTION = "FBR706"
BAD_BOARDSIZE = "FBR707"
MACRO_CLASH = "FBR708"

register_code(
    NO_VARIANT,
    "composite rule with attributes it has no expansion for",
    "A composite rule such as `alice` or `switching` is expanded by a template chosen by its "
    "attributes (003:42 `alice=3D`, 003:1056 `switching=notincheck`). The attributes given match "
    "no template. Use one of the attribute sets the message lists, or add a variant to the "
    "expansion templates (docs/fbr-expand.md).",
)
register_code(
    EXCLUSIVE,
    "attributes that cannot be combined",
    "Some attributes of a composite rule exclude each other: `switching=notincheck` and "
    "`switching=excluderoyals` (003:1062, 003:1070). Keep one of them.",
)
register_code(
    SET_REQUIRED,
    "composite rule without its mandatory piece set",
    "`cheshire` needs a piece set naming the piece used for the removed square, usually "
    '`cheshire{X}` (003:181: "The mandatory piece set following the rule name is defining the '
    'letter used for the removed square"). An empty set `cheshire{}` names no letter and is '
    "refused the same way, before any template is filled.",
)
register_code(
    NO_TABLE_ENTRY,
    "no template value for this piece",
    "The expansion of this rule looks a value up per piece letter, for instance the unit step of a "
    "spacious piece (003:1084: R steps W, B steps F). The page gives values for the standard pieces "
    "only. Add the letter to the table of the rule in the expansion templates.",
)
register_code(
    BAD_TEMPLATE,
    "broken expansion template",
    "An expansion template is not valid: unknown placeholder, unknown filter, or text that is not "
    "an FBR rule or MBN item once the placeholders are filled in. Fix the template file.",
)
register_code(
    BAD_PROMOTION,
    "promotion rule the expansion cannot rewrite",
    "Alice Chess copies every promotion rule to the second board by prefixing each choice with "
    "`#` (003:30 `+#P==#Q#R#B#N`). A choice that is a move expression or a drop cannot be prefixed.",
)
register_code(
    BAD_BOARDSIZE,
    "board size the expansion cannot read",
    'The expansion reads the files and ranks from `boardsize="FxR"` (for instance `boardsize="8x8"`): '
    "bouncing reflects on the first and last file (003:153 `[a,h]`) and the default promotion zone "
    "is the last rank (003:670).",
)
register_code(
    MACRO_CLASH,
    "two composite rules define the same macro differently",
    "Composite rules combined in one file (`alice` with `atomic`, for instance) are expanded one "
    "after the other, and each expansion may define macros (`@K=...`). A macro that only restates "
    "the default meaning of its letter (`@K`, `@K=K`) gives way to a real definition from another "
    "expansion, so the two merge into one. When two expansions define the same macro with two "
    "different moves, the file would have two meanings for one letter: the expander refuses it "
    "rather than emit both. Define the macro yourself after expanding, or expand the rules "
    "separately.",
)
