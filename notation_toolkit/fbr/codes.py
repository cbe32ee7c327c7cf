"""Diagnostic codes of FBR rule files (registered for ``ntk explain``).

FBR1xx syntax, FBR2xx a rule against the catalog, FBR24x board ranges, FBR3xx references between
rules and piece definitions, FBR4xx catalogs, FBR5xx metadata.
"""

from __future__ import annotations

from notation_toolkit.core.codes import Templates, register_codes

SYNTAX = "FBR101"
DUPLICATE_PART = "FBR102"
NUMBER_TOO_LONG = "FBR103"
UNKNOWN_RULE = "FBR201"
UNKNOWN_ATTRIBUTE = "FBR202"
MISSING_PREFIX = "FBR203"
MISSING_PIECE_SET = "FBR204"
MISSING_BOARD_RANGE = "FBR205"
MISSING_CARDINAL = "FBR206"
MISSING_ANNOUNCEMENT = "FBR207"
MISSING_ATTRIBUTES = "FBR208"
PART_NOT_ALLOWED = "FBR209"
WRONG_ARGUMENT = "FBR210"
MISSING_ARGUMENT = "FBR211"
EXCLUSIVE_ATTRIBUTES = "FBR212"
NEEDS_RULE_PIECE_SET = "FBR213"
DUPLICATE_ATTRIBUTE = "FBR214"
NOT_NEGATABLE = "FBR215"
UNDOCUMENTED = "FBR216"
REQUIRES_RULE = "FBR217"
ONE_OF_REQUIRED = "FBR218"
EMPTY_PIECE_SET = "FBR219"
EMPTY_PARENTHESES = "FBR220"
PART_ORDER = "FBR221"
RULE_AS_ATTRIBUTE = "FBR222"
REVERSED_RANGE = "FBR240"
RANK_ZERO = "FBR241"
OUTSIDE_BOARD = "FBR242"
UNDEFINED_PREFIX = "FBR301"
UNDEFINED_PIECE = "FBR302"
BAD_CATALOG = "FBR401"
BAD_BOARDSIZE = "FBR501"
DUPLICATE_METADATA = "FBR502"
START_SHAPE = "FBR503"
START_PIECE = "FBR504"
START_ROYAL = "FBR505"
START_CASTLING = "FBR506"

_C = [
    (
        SYNTAX,
        "FBR syntax error",
        """
The rule file (or rule) does not follow the FBR/MBN syntax. A rule file is a whitespace-separated
list of FBR rules (lower-case names such as `royal`, `promotion*[1-12]=capture{D}`), MBN piece
items (`K`, `Q=R+N`, `+P==QRBN`), metadata (`variant="My-Chess"`) and comments (`~` to the end of
the line). The message names what was expected at the marked place.
""",
    ),
    (
        DUPLICATE_PART,
        "rule part given twice",
        """
A rule takes at most one prefix, sequence number, cardinal direction, piece set, board range and
announcement. They may come in any order after the rule name (`freezer{S}*`, FBR page line 336),
but each only once.
""",
    ),
    (
        NUMBER_TOO_LONG,
        "number too long",
        """
A number of the rule file (a sequence number `<n>`, a count `(N)`, a piece value `{X=n}`, a rank
in a board range, a step count, a board number) has more digits than any rule needs (the limit is
100 digits; the same number in MBN text on its own is MBN102). It is refused before it is read,
so a hostile file cannot make the checker convert a number of thousands of digits.
""",
    ),
    (
        UNKNOWN_RULE,
        "unknown rule",
        """
The rule name is not in the catalog (the 47 rules of the FBR page plus names the page's examples
use). Check the spelling (the hint suggests close names), or add the rule to a catalog file of
your own (`ntk check --set catalog=my.json`, see docs/fbr.md).
""",
    ),
    (
        UNKNOWN_ATTRIBUTE,
        "unknown attribute",
        """
The rule has no attribute of this name in the catalog. The hint suggests close names among the
attributes of this rule. New attributes are added with a catalog file.
""",
    ),
    (
        MISSING_PREFIX,
        "rule needs a prefix",
        """
Rules such as `burner`, `conversion`, `freezer`, `pincher`, `protector` and `stymizer` name the
piece prefix whose pieces get the power: `freezer#` with pieces defined as `#B=...`.
""",
    ),
    (
        MISSING_PIECE_SET,
        "rule needs a piece set",
        """
The rule's piece set is mandatory (for example `antiroyal{A}`, `cheshire{X}`).
""",
    ),
    (
        MISSING_BOARD_RANGE,
        "rule needs a board range",
        """
The rule's board range is mandatory (for example `hill[d-e4-5]`, `zone[e-f4-5]=hole`,
`direction<n>[1,2]`).
""",
    ),
    (
        MISSING_CARDINAL,
        "rule needs a cardinal direction",
        """
`direction` needs a cardinal direction in angle brackets: `<n>`, `<s>`, `<e>`, `<w>`, `<nw>`,
`<ne>`, `<sw>` or `<se>` (FBR page line 255).
""",
    ),
    (
        MISSING_ANNOUNCEMENT,
        "announcement needs its name",
        """
The rule `announcement` is followed by the announcement's name between slashes:
`announcement{GHW}[8-9]/DragonResurrection/` (FBR page line 78).
""",
    ),
    (
        MISSING_ATTRIBUTES,
        "rule needs an attribute",
        """
Some rules mean nothing without an attribute: `diagonals`, `pieces`, `stalemate` and `zone`
("This rule must have at least one attribute").
""",
    ),
    (
        PART_NOT_ALLOWED,
        "part not allowed for this rule",
        """
The catalog says this rule takes no prefix / sequence number / cardinal direction / piece set /
board range / announcement. Remove the part, or extend the catalog if your variant needs it.
""",
    ),
    (
        WRONG_ARGUMENT,
        "wrong kind of attribute argument",
        """
Each attribute takes particular arguments: a count `(N)` (`expose(2)`), a piece set `{...}`
(`captured{P}`), a piece-value map (`most{M=1,K=1000}`), a board range (`virginzone[e-f1]`) or a
piece prefix (`demote#`). The message names what this attribute accepts.
""",
    ),
    (
        MISSING_ARGUMENT,
        "attribute needs an argument",
        """
The attribute's argument is mandatory, for example `maxchecks(3)`, `castle{R}`, `single{X}`.
""",
    ),
    (
        EXCLUSIVE_ATTRIBUTES,
        "attributes that exclude each other",
        """
The FBR page says these attributes cannot be combined (for example `holding=demote,either`,
`switching=notincheck,excluderoyals`, two results of `stalemate`).
""",
    ),
    (
        NEEDS_RULE_PIECE_SET,
        "attribute needs the rule's piece set",
        """
This attribute applies to the pieces of the rule's piece set, which is then mandatory:
`pieces{X}=transparent`, `pieces{Kpp}=win`, `gating{RNB}=ordered`.
""",
    ),
    (
        DUPLICATE_ATTRIBUTE,
        "attribute given twice",
        """
The same attribute appears twice in one rule; the second adds nothing.
""",
    ),
    (
        NOT_NEGATABLE,
        "attribute cannot be negated",
        """
Only some attributes can be preceded by `!` (promotion's `!capture` and `!swap`, FBR page lines
684 and 772).
""",
    ),
    (
        UNDOCUMENTED,
        "name used by the FBR page's examples but not documented",
        """
The name is used by an example of the FBR page (or C/CIF ticket #3) but has no section of its
own, so its meaning is a guess: `pieces=capture(0)` (Benedict), `turn=captureroyal` (Monster),
the rules `spacious` and `castling`, promotion's `dontstop`. It is accepted (examples win) and
reported for information.
""",
    ),
    (
        REQUIRES_RULE,
        "rule or attribute needs another rule",
        """
Some rules and attributes only make sense with another rule: `drop` needs `holding`, `bughouse`
or `gating`; promotion's `warp` needs the rule `warp`.
""",
    ),
    (
        ONE_OF_REQUIRED,
        "one of several attributes is required",
        """
The rule needs exactly one of the listed attributes (`diagonals=dark` or `diagonals=light`;
`stalemate=draw|invalid|loss|skip|win`).
""",
    ),
    (
        EMPTY_PIECE_SET,
        "mandatory piece set left empty",
        """
Where the FBR page says a piece set is mandatory and *defines* pieces, an empty set `{}` says
nothing: `antiroyal{}` ("The mandatory piece set defines the anti-royal pieces", FBR page line
94), `cheshire{}` ("the mandatory piece set ... is defining the letter used for the removed
square", line 181), `drop=captured{}` ("the piece specified in mandatory piece set", line 294),
`pieces{}=neutral` ("The pieces specified with the mandatory piece set will be declared as
neutral pieces", line 606). Name the pieces. Where the page allows an empty set it stays valid:
`royal=castle{}` means the royal piece cannot castle ("The given piece set can be empty", line
920). A complement `{^}` is not empty: it means every piece.
""",
    ),
    (
        EMPTY_PARENTHESES,
        "empty parentheses",
        """
A count in parentheses may be left out, and then "the parentheses" go with it (FBR page line
576: "It is possible to omit the number (and the parentheses)"). Empty parentheses `()` are
neither form. This holds for every `(N)` argument: write `immovable` or `immovable(3)`, not
`immovable()`; `expose` or `expose(2)` (line 932), not `expose()`. The fix removes the
parentheses. (Where the number is mandatory, `()` is FBR211.)
""",
    ),
    (
        PART_ORDER,
        "rule parts in an order the page fixes otherwise",
        """
The parts after a rule name may come in any order (`freezer{S}*=(2)`, FBR page line 336;
`drop[1-8]{P}`, line 288), except where the page fixes one: for `turn`, "a piece suffix may be
given, in this case the piece suffix must come first" (line 782, example `turn#<2>{!p}`). The
fix writes the rule in the canonical order, prefix first.
""",
    ),
    (
        RULE_AS_ATTRIBUTE,
        "a rule written as an attribute",
        """
The attribute names a rule of its own. `spacious` is listed in the page's index under `torus`,
but its section (FBR page lines 1076-1080) makes all pieces spacious on any board, not only on
a torus, and its example writes it as a rule: `royal spacious K Q R B N P +P`. So
`torus=spacious` is read as a mistake for the two rules `torus spacious`, which the fix writes.
The same holds for any rule name written after '=' where the rule has no such attribute.
""",
    ),
    (
        REVERSED_RANGE,
        "board range runs backwards",
        """
In `first-last` the first file, rank or level must not come after the last: write `[a-h]`,
not `[h-a]`; `[1-8]`, not `[8-1]`.
""",
    ),
    (
        RANK_ZERO,
        "rank 0 does not exist",
        """
Ranks are numbered from 1 (files are letters, ranks are numbers: `[a2,c2]`, `[1-12]`).
""",
    ),
    (
        OUTSIDE_BOARD,
        "board range outside the board",
        """
The file declares `boardsize="FxR"` and the range names a file or rank beyond it.
""",
    ),
    (
        UNDEFINED_PREFIX,
        "prefix used by a rule but carried by no piece",
        """
Rules such as `freezer#`, `conversion*` or `promotion*` give powers to (or define rules for) the
pieces written with that prefix, e.g. `#B=<+1>cO`, `*K=[+]cK`, `*Q==...`. No piece definition,
declaration or promotion rule of the file uses the prefix, so the rule has no effect. (Checked
only when the file defines pieces.)
""",
    ),
    (
        UNDEFINED_PIECE,
        "piece letter used by a rule but never defined",
        """
A piece set of a rule names a letter that the file neither defines nor uses (letters compare
without case: `p` is the black `P`). Defined are the letters of piece definitions,
declarations and macros, promotion heads and targets, dropped pieces (`*K==@k`, FBR page line
600) and the pieces of rules whose set defines pieces.

The page never requires a rule's set to name only pieces of the same file: a rule file may
extend a base variant whose pieces it does not list (line 20), `burner#={^A}` (line 167) and
`pincher*={^A}` (line 652) exclude an `A` they never define, and `promotion+[1-12]=capture{D}`
(line 1015) names a `D` that only the move modifiers of the file use. So:

* a single letter that the file neither defines nor uses anywhere else is a **warning** (often a
  typo; the fix offers a close defined letter);
* letters in a complement set `{^...}` and letters the file's MBN items use are not reported;
* a compound letter such as `:XY:` that the file never defines is an **error**: compound letters
  are no base letters and no base variant has them, so it stands for nothing.

(Checked only when the file defines pieces.)
""",
    ),
    (
        BAD_CATALOG,
        "invalid rule catalog",
        """
A catalog file (JSON) is malformed: see docs/fbr.md for its format. Each rule is an object with
optional keys prefix, seq_number, cardinal, piece_set, board_range, announcement (values
"none", "optional", "required"), attributes_required, exclusive, one_of, requires_any_rule and
attributes (name -> {"args": "count? set! values? range? prefix?", ...}).
""",
    ),
    (
        BAD_BOARDSIZE,
        "bad board size",
        """
`boardsize` is written files x ranks, for example `boardsize="8x8"` or `boardsize="10x8"`
(C/CIF <game> attribute, default 8x8). At most 26 files (files are letters).
""",
    ),
    (
        DUPLICATE_METADATA,
        "metadata key given twice",
        """
Each metadata key (variant, boardsize, startposition) may be given once.
""",
    ),
    (
        START_SHAPE,
        "start position does not fit the board",
        """
The placement of `startposition=` must have the board's ranks and, on every rank, the board's
files (`boardsize="WxH"`, 8x8 when not given): a position of another board cannot be played.
""",
    ),
    (
        START_PIECE,
        "start position holds a piece no item defines",
        """
Every piece of `startposition=` (on the board or in hand) must be a piece the rule file defines
(`Q=R+B`, or `+P` for a promoted state); the variant core cannot play a letter without moves.
""",
    ),
    (
        START_ROYAL,
        "royal pieces of the start position",
        """
In a FEEN start position royal pieces carry `^` (`K^`, `k^`) and only they do; the royal pieces are
those of the rule `royal` (`{K}` by default, 003:894). Each side needs a royal piece when the rule
file has `royal`: a side without one has lost before the first move, unless a `pieces` rule
(`extinction`, `morethan(N)`, `win`) says how that side loses (Horde: `pieces=morethan(0)`).
""",
    ),
    (
        START_CASTLING,
        "castling defined but impossible from the start position",
        """
The rule file defines castling (`O-O=...`), but no royal piece of the start position may castle. A
FEEN start position without any `-` mark has every piece unmoved; once it marks pieces unmoved
(`-K^`, `-R`), only those are, and a royal piece castles only when it and a rook of its rank are
marked. In FEN the castling field names the rights (`KQkq`); `-` gives none.
""",
    ),
    (
        "FBR001",
        "rewritten in canonical layout",
        """
Information from lenient formatting: the rule file was rewritten in the canonical layout (one
rule, piece item, metadata line or comment per line; rule parts in the published BNF order:
prefix, sequence number or cardinal, piece set, board range, announcement, attributes).
""",
    ),
]

_NEEDS = "the rule {rule!r} needs {part}"

_CATALOG_MESSAGES = {
    "json": "{where}: not valid JSON ({reason} at line {line})",
    "file_object": "{where}: the file must hold a JSON object",
    "object": "{where} must be an object",
    "rule_name": "{where}: rule names must be non-empty strings",
    "missing": "{where}: {key!r} is missing or has the wrong type",
    "groups": "{where}: {key!r} must be a list of lists of attribute names",
    "args": "{where}: 'args' must be a string such as \"count? set!\"",
    "arg_kind": "{where}: bad argument kind {word!r}",
    "unknown_key": "{where}: unknown key {key!r}",
    "a_rule": "{where}: {key!r} must be a rule name",
    "rules": "{where}: {key!r} must be a list of rule names",
    "number": "{where}: {key!r} must be a number",
    "string": "{where}: {key!r} must be a string",
    "an_object": "{where}: {key!r} must be an object",
    "level": "{where}: {key!r} must be one of {levels}",
    "group_attribute": "{where}: {key} names unknown attribute {name!r}",
}

# Message templates, by code: (messages, hints, fixes), each keyed by template name ("" is the
# code's main message). Every FBR diagnostic is built from them (``CODE.diagnostic(...)``).
_TEMPLATES: dict[str, Templates] = {
    # The grammar's own words (expected ..., found ...), from core.grammar.translate_lark_error;
    # the hints of MBN101 (``mbn.parser.betza_hint``) serve FBR's syntax errors too.
    SYNTAX: ({"grammar": "{detail}"}, {}, {}),
    DUPLICATE_PART: ({"": "the rule {rule} has two {parts}"}, {"": "give the {part} once"}, {}),
    NUMBER_TOO_LONG: (
        {"": "this {what} has {digits:,} digits; the limit is {limit}"},
        {"": "no board, count or step needs more than {limit} digits"},
        {},
    ),
    UNKNOWN_RULE: (
        {"": "unknown rule {rule!r}"},
        {"": "add the rule to a catalog file of your own (see docs/fbr.md)"},
        {},
    ),
    UNKNOWN_ATTRIBUTE: (
        {"": "the rule {rule!r} has no attribute {name!r}"},
        {"": "attributes of {rule}: {known}"},
        {},
    ),
    MISSING_PREFIX: ({"": _NEEDS}, {"": "write the piece prefix after the name, e.g. {rule}#"}, {}),
    MISSING_PIECE_SET: ({"": _NEEDS}, {"": "write the piece set after the name, e.g. {rule}{{X}}"}, {}),
    MISSING_BOARD_RANGE: ({"": _NEEDS}, {"": "write the board range after the name, e.g. {rule}[e4]"}, {}),
    MISSING_CARDINAL: ({"": _NEEDS}, {"": "write the direction after the name, e.g. {rule}<n>"}, {}),
    MISSING_ANNOUNCEMENT: (
        {"": _NEEDS},
        {"": "write the announcement's name between slashes, e.g. {rule}/Name/"},
        {},
    ),
    MISSING_ATTRIBUTES: (
        {"": "the rule {rule!r} needs at least one attribute"},
        {"": "add '=' and one of: {names}"},
        {},
    ),
    PART_NOT_ALLOWED: (
        {"": "the rule {rule!r} takes no {part}", "missing_seq_number": _NEEDS},
        {
            "": "remove it, or extend the catalog if your variant needs it",
            "missing_seq_number": "write the sequence number after the name, e.g. {rule}<1>",
        },
        {},
    ),
    WRONG_ARGUMENT: (
        {
            "anonymous": "the rule {rule!r} takes no attribute that is only {what}",
            "prefix": "the attribute {name!r} takes no piece prefix (it takes {accepted})",
            "kind": "the attribute {name!r} takes {accepted}, not {given}",
        },
        {
            "anonymous": "name the attribute, e.g. =attackers(2)",
            "prefix": "remove the prefix",
            "kind": "remove {argument} or use an attribute that takes it",
        },
        {},
    ),
    MISSING_ARGUMENT: (
        {
            "count": "the attribute {name!r} needs a number between the parentheses",
            "": "the attribute {name!r} needs {what}",
        },
        {"count": "write {name}(N)", "": "for example {example}"},
        {},
    ),
    EXCLUSIVE_ATTRIBUTES: (
        {"": "the attributes {present} of {rule!r} cannot be combined"},
        {"": "keep one of {choices}"},
        {},
    ),
    NEEDS_RULE_PIECE_SET: (
        {"": "the attribute {name!r} needs the piece set of the rule {rule!r}"},
        {"": "write {rule}{{...}}={name}"},
        {},
    ),
    DUPLICATE_ATTRIBUTE: ({"": "the attribute {name!r} is given twice"}, {"": "remove the second one"}, {}),
    NOT_NEGATABLE: ({"": "the attribute {name!r} cannot be preceded by '!'"}, {"": "remove the '!'"}, {}),
    UNDOCUMENTED: (
        {
            "section": "the rule {rule!r} has a section (FBR page line {line}) but is not in the page's "
            "list of rules: {summary}",
            "example": "the rule {rule!r} is used by an example but not documented: {summary}",
            "attribute": "the attribute {name!r} of {rule!r} is not documented",
            "attribute_note": "the attribute {name!r} of {rule!r} is not documented: {note}",
        },
        {},
        {},
    ),
    REQUIRES_RULE: (
        {
            "": "the rule {rule!r} needs one of the rules {rules}",
            "attribute": "the attribute {name!r} needs the rule {needed!r}",
        },
        {"": "add the rule {first}", "attribute": "add the rule {needed}"},
        {},
    ),
    ONE_OF_REQUIRED: ({"": "the rule {rule!r} needs one of: {names}"}, {"": "add ={first}"}, {}),
    EMPTY_PIECE_SET: (
        {
            "": "the piece set of {rule!r} is empty; it is mandatory and names the pieces",
            "attribute": "the piece set of {rule!r} is empty; the attribute {name!r} applies to its "
            "pieces and names them",
        },
        {name: "name the pieces, e.g. {rule}{{X}}" for name in ("", "attribute")},
        {},
    ),
    EMPTY_PARENTHESES: (
        {
            "": "empty parentheses after {name!r}: give a number or leave the parentheses out",
            "anonymous": "empty parentheses: give the number",
        },
        {
            "": "write {name} or {name}(N) (FBR page line 576)",
            "anonymous": "write {rule}=(N) or leave the attribute out (FBR page line 576)",
        },
        {"": "remove the empty parentheses"},
    ),
    PART_ORDER: (
        {"": "the prefix of {rule!r} must come first, before the {first}"},
        {"": "write {canonical} (FBR page line 782)"},
        {"": "write {canonical}"},
    ),
    RULE_AS_ATTRIBUTE: (
        {"": "{name!r} is a rule of its own, not an attribute of {rule!r}"},
        {"": "write the two rules: {text}"},
        {"": "write {text}"},
    ),
    # Board ranges are checked by MBN's code (mbn.validate.check_range) with FBR's codes.
    REVERSED_RANGE: (
        {"": "the range {written} runs backwards"},
        {"": "write {last}-{first}"},
        {"": "write {last}-{first}"},
    ),
    RANK_ZERO: ({"": "rank 0 does not exist"}, {"": "ranks start at 1"}, {}),
    OUTSIDE_BOARD: (
        {
            "rank": "{value} is outside the board (the board has {ranks} ranks)",
            "file": "{value} is outside the board (the board has files a-{last_file})",
        },
        {name: "fix the range or the boardsize" for name in ("rank", "file")},
        {},
    ),
    UNDEFINED_PREFIX: (
        {"": "no piece of this file carries the prefix {prefix!r} used by {rule!r}"},
        {"": "define the prefixed pieces, e.g. {prefix}K=..., or fix the prefix"},
        {},
    ),
    UNDEFINED_PIECE: (
        {
            "compound": "the piece {letter!r} in {rule!r} is not defined in this file (a compound letter "
            "that the file never defines stands for nothing)",
            "": "the piece {letter!r} in {rule!r} is not defined in this file (the file neither defines "
            "nor uses it)",
        },
        {name: "declare it (e.g. {key}) or use one of: {known}" for name in ("", "compound")},
        {"declare": "declare {key}"},
    ),
    # One template per problem of a catalog file; ``where`` locates it ("my.json: rule 'royal'").
    BAD_CATALOG: (
        _CATALOG_MESSAGES,
        {
            **{name: "see docs/fbr.md, section 'Catalog files'" for name in _CATALOG_MESSAGES},
            "arg_kind": "an argument is one of {kinds}, then ? (optional) or ! (required)",
        },
        {},
    ),
    BAD_BOARDSIZE: (
        {"": "bad board size {value!r}"},
        {"": 'write files x ranks, e.g. boardsize="8x8" (at most 26 files)'},
        {},
    ),
    DUPLICATE_METADATA: ({"": "{key} is given twice"}, {"": "keep one"}, {}),
    START_SHAPE: (
        {
            "": "the start position has {count} ranks, the board {height}",
            "rank": "rank {rank} of the start position has {count} squares, the board {width} files",
        },
        {
            "": "the board is {width}x{height} (files x ranks, boardsize)",
            "rank": "the board is {width}x{height}",
        },
        {},
    ),
    START_PIECE: (
        {
            "": "{token} on {square} is not a piece of this rule file",
            "hand": "{token} in hand is not a piece of this rule file",
        },
        {"": "pieces defined: {known}", "hand": "pieces defined: {known}"},
        {},
    ),
    START_ROYAL: (
        {
            "": "{token} on {square} is a royal piece: royal pieces carry '^'",
            "extra": "{token} on {square} carries '^' but is not royal ({royal})",
            "none": "the {side} side has no royal piece in the start position ({royal})",
        },
        {
            "": "write {fixed}",
            "extra": "write {fixed}, or add {key} to the royal pieces",
            "none": "place a royal piece ({royal}) of each side",
        },
        {"": "write {fixed}", "extra": "write {fixed}"},
    ),
    START_CASTLING: (
        {
            "": "castling is defined, but no royal piece of the start position is marked unmoved ('-') "
            "with an unmoved rook on its rank",
            "fen": "castling is defined, but the start position's castling field is '-'",
        },
        {
            "": "mark the pieces that may castle with '-': {fixed}",
            "fen": "name the castling rights, e.g. KQkq",
        },
        {"": "mark the royal pieces and their rooks unmoved"},
    ),
    "FBR001": (
        {"": "rewrote the rule file in canonical layout (one item per line, parts in BNF order)"},
        {},
        {"": "canonical layout"},
    ),
}

INFO = register_codes({code: (title, text) for code, title, text in _C}, _TEMPLATES)
