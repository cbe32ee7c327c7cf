"""Diagnostic codes of the FBR compiler (``FBR7xx``), registered for ``ntk explain``."""

from __future__ import annotations

from notation_toolkit.core.codes import CodeInfo, register_code

NO_VARIANT = "FBR701"
EXCLUSIVE = "FBR702"
SET_REQUIRED = "FBR703"
NO_TABLE_ENTRY = "FBR704"
BAD_TEMPLATE = "FBR705"
BAD_PROMOTION = "FBR706"
BAD_BOARDSIZE = "FBR707"
MACRO_CLASH = "FBR708"

_TEMPLATE_HINT = "see the header of expansions.toml and docs/fbr-expand.md"

# Message templates, by code: (messages, hints), each keyed by template name ("" is the code's
# main message). ``{source}`` names the template (file) at fault.
_TEMPLATES: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    NO_VARIANT: (
        {
            "": "{rule} has no expansion for {attributes}",
            "boards": "{rule} has no expansion for {attributes} with pieces on several boards",
        },
        {name: "{rule} is expanded for: {variants}" for name in ("", "boards")},
    ),
    EXCLUSIVE: (
        {"": "{rule}: the attributes {both} cannot be combined"},
        {"": "keep one of {choices}"},
    ),
    SET_REQUIRED: (
        {
            "": "{rule} needs a piece set naming its piece",
            "empty": "{rule} needs a piece set naming its piece (the set is empty)",
        },
        {name: "for instance {rule}{{X}} (003:181)" for name in ("", "empty")},
    ),
    NO_TABLE_ENTRY: (
        {"": "{source}: the table {table!r} has no value for the piece {letter}"},
        {"": 'add `{letter} = "..."` to the table {table} of this rule\'s template'},
    ),
    # A broken template file: its own mistakes (fbr/expand/templates.py), or text it produces.
    BAD_TEMPLATE: (
        {
            "strings": "{source}: {what} must be text or a list of strings",
            "variant_table": "{source}: rule.{rule}.variant entries must be tables",
            "pieces_table": "{source}: {where}: pieces must be a table",
            "letter_table": "{source}: {where}: pieces.letter must be a table of letters",
            "castling_part": "{source}: {where}: castling_part must be a string",
            "piece_class": "{source}: {where}: unknown piece class {key!r} (use {classes})",
            "tables": "{source}: {where}: tables must map names to tables of strings",
            "board_ids": "{source}: {where}: board_ids must be true or false",
            "schema": "{source}: unsupported schema {schema!r} (this version reads schema 1)",
            "rules": "{source}: [rule.NAME] tables expected",
            "rule_table": "{source}: rule.{rule} must be a table",
            "no_variant": "{source}: rule.{rule} needs at least one [[rule.{rule}.variant]]",
            "exclusive": "{source}: rule.{rule}.exclusive must be a list of lists",
            "default_kind": "{source}: [[default]] entries need a kind among {kinds}",
            "default_strings": "{source}: [[default]] entries need `rule` and `add` strings",
            "unreadable": "{source}: cannot be read ({reason})",
            "filter_letters": "{source}: filter |{filter} needs a list of letters, {{{{{name}}}}} is not one",
            "filter": "{source}: unknown filter |{filter} (use a prefix such as #, lower, upper or set)",
            "placeholder": "{source}: unknown placeholder {{{{{name}}}}} in {template!r}",
            "not_one_item": "a template produced {produced!r}, which is not one item",
            "does_not_parse": "{source}: the template produced {produced!r}, which does not parse: {reason}",
            "not_a_rule": "{source}: rules must be FBR rules, not {produced!r}",
            "loop": "more than {limit} composite rules expanded: some template adds back a composite rule",
        },
        {
            **{
                name: _TEMPLATE_HINT
                for name in (
                    "strings",
                    "variant_table",
                    "pieces_table",
                    "letter_table",
                    "castling_part",
                    "piece_class",
                    "tables",
                    "board_ids",
                    "schema",
                    "rules",
                    "rule_table",
                    "no_variant",
                    "exclusive",
                    "default_kind",
                    "default_strings",
                    "unreadable",
                    "filter_letters",
                    "filter",
                    "placeholder",
                )
            },
            "does_not_parse": "fix the template (see docs/fbr-expand.md)",
            "loop": "a template must not produce the composite rules it expands",
        },
    ),
    BAD_PROMOTION: (
        {"": "{rule} cannot rewrite the promotion rule {item}"},
        {"": "only choices that are pieces (+P==QRBN) can be copied to the other boards"},
    ),
    BAD_BOARDSIZE: (
        {"": "cannot read the board size {size!r}"},
        {"": 'write files x ranks, for instance boardsize="8x8" (at most 26 files)'},
    ),
    MACRO_CLASH: (
        {
            "": "{rule} and {others} define the macro {macro} differently: {first} and {second}; the "
            "expansion would hold both"
        },
        {"": "expand the composite rules separately, or define the macro in the file"},
    ),
}

INFO: dict[str, CodeInfo] = {}


def _register(code: str, title: str, explanation: str) -> None:
    messages, hints = _TEMPLATES[code]
    INFO[code] = register_code(code, title, explanation, messages=messages, hints=hints)


_register(
    NO_VARIANT,
    "composite rule with attributes it has no expansion for",
    "A composite rule such as `alice` or `switching` is expanded by a template chosen by its "
    "attributes (003:42 `alice=3D`, 003:1056 `switching=notincheck`). The attributes given match "
    "no template. Use one of the attribute sets the message lists, or add a variant to the "
    "expansion templates (docs/fbr-expand.md).",
)
_register(
    EXCLUSIVE,
    "attributes that cannot be combined",
    "Some attributes of a composite rule exclude each other: `switching=notincheck` and "
    "`switching=excluderoyals` (003:1062, 003:1070). Keep one of them.",
)
_register(
    SET_REQUIRED,
    "composite rule without its mandatory piece set",
    "`cheshire` needs a piece set naming the piece used for the removed square, usually "
    '`cheshire{X}` (003:181: "The mandatory piece set following the rule name is defining the '
    'letter used for the removed square"). An empty set `cheshire{}` names no letter and is '
    "refused the same way, before any template is filled.",
)
_register(
    NO_TABLE_ENTRY,
    "no template value for this piece",
    "The expansion of this rule looks a value up per piece letter, for instance the unit step of a "
    "spacious piece (003:1084: R steps W, B steps F). The page gives values for the standard pieces "
    "only. Add the letter to the table of the rule in the expansion templates.",
)
_register(
    BAD_TEMPLATE,
    "broken expansion template",
    "An expansion template is not valid: unknown placeholder, unknown filter, or text that is not "
    "an FBR rule or MBN item once the placeholders are filled in. Fix the template file.",
)
_register(
    BAD_PROMOTION,
    "promotion rule the expansion cannot rewrite",
    "Alice Chess copies every promotion rule to the second board by prefixing each choice with "
    "`#` (003:30 `+#P==#Q#R#B#N`). A choice that is a move expression or a drop cannot be prefixed.",
)
_register(
    BAD_BOARDSIZE,
    "board size the expansion cannot read",
    'The expansion reads the files and ranks from `boardsize="FxR"` (for instance `boardsize="8x8"`): '
    "bouncing reflects on the first and last file (003:153 `[a,h]`) and the default promotion zone "
    "is the last rank (003:670).",
)
_register(
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
