"""Diagnostic codes of the Fairy-Stockfish bridge (registered for ``ntk explain``).

FSF1xx reading a ``variants.ini`` (syntax, duplicates, inheritance, values), FSF2xx an option or a
piece the import cannot carry into FBR (the section is refused), FSF3xx warnings and notes of the
import, FSF4xx export (an FBR rule with no ``variants.ini`` counterpart), FSF5xx the UCI engine.
"""

from __future__ import annotations

from notation_toolkit.core.codes import register_code

INI_SYNTAX = "FSF101"
DUPLICATE_SECTION = "FSF102"
DUPLICATE_OPTION = "FSF103"
UNKNOWN_OPTION = "FSF104"
BAD_PARENT = "FSF105"
BAD_VALUE = "FSF106"
TOO_LARGE = "FSF107"
NOT_MAPPED = "FSF201"
BAD_BETZA = "FSF202"
UNKNOWN_BUILTIN = "FSF203"
MEANING_DIFFERS = "FSF301"
NOT_CARRIED = "FSF302"
NOT_EXPORTED = "FSF401"
ENGINE_ILLEGAL = "FSF501"
ENGINE_FAILED = "FSF502"

_C = [
    (
        INI_SYNTAX,
        "variants.ini line not understood",
        """
A `variants.ini` file is made of sections `[name]` or `[name:parent]`, each followed by option
lines `option = value`. Lines starting with `#` or `;` are comments. A line that is none of these
(an option before the first section, a section header without its `]`, a name with spaces) is
reported with its line and column.
""",
        {"": "{what}"},
        {"": "write [name] or [name:parent] to open a section, then option = value lines"},
    ),
    (
        DUPLICATE_SECTION,
        "section defined twice",
        """
Two sections of one `variants.ini` have the same name. Fairy-Stockfish keeps the first one and
ignores the later; so does the import, and reports the later one.
""",
        {"": "section [{name}] is defined again (first at line {first}); the later one is ignored"},
        {"": "rename one of the two sections"},
    ),
    (
        DUPLICATE_OPTION,
        "option given twice in a section",
        """
One section sets the same option twice. Fairy-Stockfish keeps the last value; so does the import,
with this warning, because the first line was probably meant to count.
""",
        {"": "option {name} is set again in [{section}] (first at line {first}); the last value counts"},
        {"": "remove one of the two lines"},
    ),
    (
        UNKNOWN_OPTION,
        "unknown option",
        """
The option is none of the options Fairy-Stockfish's variant parser reads (a typo, or an option of
another program). Fairy-Stockfish ignores it; the import refuses the section, because the author
meant something by it.
""",
        {"": "unknown option {name}", "no_guess": "unknown option {name}"},
        {"": "{suggestion}", "no_guess": "docs/fsf.md lists the options Fairy-Stockfish reads"},
    ),
    (
        BAD_PARENT,
        "parent section not found or inheritance cycle",
        """
`[name:parent]` inherits every option of `parent`: another section of the file, or a variant built
into Fairy-Stockfish. A parent that is neither, or a chain of parents that comes back to the
section itself, is reported.
""",
        {
            "": "parent {parent} of [{section}] is neither a section of this file nor a built-in variant",
            "cycle": "inheritance cycle: {chain}",
        },
        {"": "define [{parent}] or name a built-in variant such as chess", "cycle": "break the cycle"},
    ),
    (
        BAD_VALUE,
        "option value not understood",
        """
The value does not have the type the option takes: `true`/`false`, a number, a rank (1-based) or
a file (letter or number), `win`/`loss`/`draw`/`none`, a region (`*2 a1 d*`, `-` for none),
piece letters, or a piece letter followed by `:` and its Betza moves.
""",
        {"": "{name} = {value}: {why}"},
        {"": "{repair}"},
    ),
    (
        TOO_LARGE,
        "input too large",
        """
The file, a line, a number or the board is larger than the import reads (files up to 1 MB,
lines up to 4096 characters, boards up to 26 files and 26 ranks, numbers up to 6 digits): a
bound on time and memory, well beyond any real variant.
""",
        {"": "{what} is too large: {size} (at most {limit})"},
        {"": "shorten the input"},
    ),
    (
        NOT_MAPPED,
        "option has no FBR counterpart the import can write",
        """
The section sets an option whose rule FBR cannot state, or that the toolkit does not carry into
FBR. The section is refused: a rule file without the rule would be another game. The message
names the option and what FBR lacks.
""",
        {"": "{name} = {value} cannot be carried over: {why}"},
        {"": "FBR lacks {lacks}"},
    ),
    (
        BAD_BETZA,
        "Betza move not understood or without MBN counterpart",
        """
A piece's Betza string (`customPieceN = x:...`, `king = k:...`) has a character the Betza reader
does not know, or a modifier MBN cannot state: Betza `g` (grasshopper: MBN `g` is a leaping
slider), `h` (chiral), XBetza legs (`a`, `y`, `j`, `o`, `x`), or an empty move set.
""",
        {"": "Betza {betza!r} of {piece}: {why}"},
        {"": "{repair}"},
    ),
    (
        UNKNOWN_BUILTIN,
        "built-in parent not known to the importer",
        """
The section inherits from a variant built into Fairy-Stockfish whose rules the importer does not
know, so the inherited rules cannot be written. The list of known built-in parents is in
docs/fsf.md.
""",
        {"": "built-in parent {parent} is not known to the importer"},
        {"": "known built-in parents: {known}"},
    ),
    (
        MEANING_DIFFERS,
        "Fairy-Stockfish and FBR mean different things",
        """
The option is carried over to the FBR rule that states it, but Fairy-Stockfish and FBR differ in
a detail (a mating pawn drop is illegal in FBR and a losing move in Fairy-Stockfish; a dropped
rook may castle in FBR; Fairy-Stockfish turns the board for Black, so a piece that is not left-right
symmetric needs `mirror=vertical,horizontal`). The message names the option and the difference.
""",
        {"": "{name}: {why}"},
        {"": "{repair}"},
    ),
    (
        NOT_CARRIED,
        "adjudication option not carried over",
        """
The option only adjudicates a game (n-move rule, counting rules, material counting, chasing
rules): it does not change the moves. FBR has no rule for it; the import notes it and goes on.
""",
        {"": "{name} = {value} is not carried over: {why}"},
        {"": "adjudicate outside the rule file if you need it"},
    ),
    (
        NOT_EXPORTED,
        "FBR rule without a variants.ini counterpart",
        """
The export writes only what Fairy-Stockfish's options can state. A rule, attribute or piece
Fairy-Stockfish cannot express refuses the export (the message names it).
""",
        {"": "{what} cannot be exported: {why}"},
        {"": "Fairy-Stockfish has no option for it"},
    ),
    (
        ENGINE_ILLEGAL,
        "the engine played a move the core calls illegal",
        """
A move the UCI engine chose is not a legal move of the rule file in the variant core. It is
reported and not played: the engine and the rule file disagree about the game.
""",
        {"": "engine move {move} is not legal here ({why})"},
        {"": "check that the engine plays the exported variant"},
    ),
    (
        ENGINE_FAILED,
        "the UCI engine failed",
        """
The engine did not start, did not answer in time, closed its output, or refused the variant.
""",
        {"": "engine {engine}: {why}"},
        {"": "check the engine path and that it knows the variant"},
    ),
]

for _code, _title, _text, _messages, _hints in _C:
    register_code(_code, _title, _text, messages=_messages, hints=_hints)
