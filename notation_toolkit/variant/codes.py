"""Diagnostic codes of the variant game core (registered for ``ntk explain``).

VAR1xx loading a rule file, VAR2xx a rule or attribute the core does not execute (the variant is
refused: it would otherwise be a silently different game), VAR3xx positions (FEEN / FEN), VAR4xx
moves, VAR5xx game records (PGN), VAR6xx players and matches.
"""

from __future__ import annotations

from notation_toolkit.core.codes import register_code

NO_BOARDSIZE = "VAR101"
NO_START = "VAR102"
PIECE_NOT_EXECUTABLE = "VAR103"
BAD_CASTLING = "VAR104"
BAD_PROMOTION = "VAR105"
NOT_A_FEEN_LETTER = "VAR106"
RULE_NOT_EXECUTED = "VAR201"
ATTRIBUTE_NOT_EXECUTED = "VAR202"
PART_NOT_EXECUTED = "VAR203"
ITEM_NOT_EXECUTED = "VAR204"
BAD_POSITION = "VAR301"
POSITION_SHAPE = "VAR302"
UNKNOWN_PIECE = "VAR303"
BAD_STATE_FIELD = "VAR304"
NO_FEN = "VAR305"
BAD_MOVE = "VAR401"
ILLEGAL_MOVE = "VAR402"
NO_MOVE_TO_UNDO = "VAR403"
PGN_SYNTAX = "VAR501"
PGN_TAG = "VAR502"
PGN_ILLEGAL = "VAR503"
PGN_AMBIGUOUS = "VAR504"
PGN_LIMIT = "VAR505"
PLAYER_SPEC = "VAR601"
PLAYER_UNAVAILABLE = "VAR602"
PLAYER_FAILED = "VAR603"

_C = [
    (
        NO_BOARDSIZE,
        "no board size",
        """
A rule file played by the variant core needs `boardsize="WxH"` (files x ranks), the C/CIF <game>
attribute; without it the board of the variant is unknown. (8x8 is C/CIF's default: the core uses it
when the file gives no size, and says so.)
""",
    ),
    (
        NO_START,
        "no start position",
        """
`variant.start()` needs `startposition="..."` in the rule file: a FEEN (or, for 8x8 and wider
boards without hands, a FEN) string.
""",
    ),
    (
        PIECE_NOT_EXECUTABLE,
        "a piece definition cannot be executed",
        """
The piece compiler (notation_toolkit.variant.pieces) cannot execute part of an MBN definition; the
variant is refused rather than played with a different piece. The diagnostic of the compiler
follows with its span.
""",
    ),
    (
        BAD_CASTLING,
        "castling definition not understood",
        """
The core executes castling written as `O-O=[*]isR[g]=isR[f]`: the royal part (optionally from an
unthreatened square `[*]`, initial `i`, sideways `s`, a rider `R`, destination file) and the
partner's part (initial, sideways, rider, destination file). Other forms are refused.
""",
    ),
    (
        BAD_PROMOTION,
        "promotion rule not understood",
        """
Promotion choices are written `+P==QRBN` (FBR page line 30) or come from a prefixed definition
`+P=...` (the promoted state). Targets with moves (`(wwO--:QD:)`), drops (`@X`) or unknown pieces
are refused.
""",
    ),
    (
        NOT_A_FEEN_LETTER,
        "piece letter cannot be written in FEEN",
        """
FEEN pieces are one letter with at most one state modifier (`+`/`-`). Compound letters (`:QD:`) and
stacked prefixes (`##K`) on board pieces cannot be written, so such variants are refused.
""",
    ),
    (
        RULE_NOT_EXECUTED,
        "rule not executed by the variant core",
        """
The variant core plays a rule file only if it executes every rule of it; this rule is not executed
(yet), so the variant does not load. `docs/variants.md` lists the rules and attributes executed.
""",
    ),
    (
        ATTRIBUTE_NOT_EXECUTED,
        "attribute not executed by the variant core",
        """
The rule is executed, but not with this attribute; the variant does not load rather than being
played by different rules. `docs/variants.md` lists the attributes executed.
""",
    ),
    (
        PART_NOT_EXECUTED,
        "rule part not executed",
        """
A piece set, board range, prefix or sequence number given to a rule changes its meaning in a way
the core does not execute (for example a `holding` restricted to some pieces).
""",
    ),
    (
        ITEM_NOT_EXECUTED,
        "MBN item not executed",
        """
Cancellations (`!item`), announcement conditions, macros of prefixed pieces and promotion targets
with moves are not executed by the variant core.
""",
    ),
    (
        BAD_POSITION,
        "position not valid for this variant",
        """
The FEEN (or FEN) is well-formed but cannot be a position of this variant: for example a board of
another size, or a piece the rule file does not define.
""",
    ),
    (
        POSITION_SHAPE,
        "board shape differs from the variant",
        """
The placement must have the variant's board size (`boardsize`, files x ranks).
""",
    ),
    (
        UNKNOWN_PIECE,
        "piece not defined by the rule file",
        """
Every piece of a position must be defined by the rule file (its letter, and `+X` for promoted
pieces; a `-` marks an unmoved piece that still has initial moves or castling).
""",
    ),
    (
        BAD_STATE_FIELD,
        "state field not understood",
        """
After the three FEEN fields the core reads optional state fields: `ep:e3@e4` (squares capturable en
passant, @ the piece that made them capturable) and `checks:1/0` (checks given by the first and the
second player, for `royal=maxchecks(N)`).
""",
    ),
    (
        NO_FEN,
        "FEN cannot hold this position",
        """
FEN (the Fairy-Stockfish dialect) holds placement, pockets, side, castling rights, en passant, check
counters and clocks. It cannot hold FEEN styles other than the variant's, nor an unmoved state its
fields cannot say (an unmoved royal piece without a castling right, a moved piece that would get
its initial moves back): use FEEN for those positions.
""",
    ),
    (
        BAD_MOVE,
        "move text not understood",
        """
Moves are written origin and target square (`e2e4`, `a10a9`), a promotion choice after them
(`e7e8q`, `c7c8+` for a prefixed state), drops as `P@e4`.
""",
    ),
    (
        ILLEGAL_MOVE,
        "illegal move",
        """
The move is well-formed but not legal in this position; the diagnostic lists a few legal moves.
""",
    ),
    (
        NO_MOVE_TO_UNDO,
        "no move to take back",
        """
`pop()` was called on a position with no move played.
""",
    ),
    (
        PGN_SYNTAX,
        "PGN text not readable",
        """
A game record (PGN) could not be read at this point: a tag pair that is not `[Name "value"]`, a
comment `{...}` or a variation `(...)` that is not closed, or a character that starts no move.
PGN for variants is read as chess PGN is (PGN standard, section 8), with moves in the SAN of the
variant (docs/pgn.md).
""",
    ),
    (
        PGN_TAG,
        "PGN set-up tag not usable",
        """
The tags of a game name its variant and start position: `[Variant "..."]`, `[FEN "..."]` or
`[FEEN "..."]`, and `[RuleFile "..."]`, the rule file it was played with. The game cannot be
replayed when the start position is not a position of the variant, when the variant named is
not the rule file's, or when no rule file is given or named (`ntk variant replay --rules
FILE.fbr`).
""",
    ),
    (
        PGN_ILLEGAL,
        "move of the game record not legal",
        """
The move, read in the variant's SAN (piece letters of the rule file, `x` for captures, `=Q` or
`+` for promotions, `@` for drops, `O-O` for castling) or in coordinates (`e2e4`), is not one of
the legal moves of the position reached. The diagnostic lists the legal moves that look most
like it.
""",
    ),
    (
        PGN_AMBIGUOUS,
        "move of the game record ambiguous",
        """
The SAN names more than one legal move: two pieces of the same kind can reach the square. Add
the file, the rank or both of the piece that moves (`Nbd2`, `R1a3`, `Qh4e1`), as SAN does.
""",
    ),
    (
        PGN_LIMIT,
        "game record too large",
        """
The PGN reader bounds its work: at most 10000 games per call, 5000 plies per game and 64 levels
of nested variations (`notation_toolkit.variant.pgn.Limits`). Split larger files.
""",
    ),
    (
        PLAYER_SPEC,
        "player not understood",
        """
A player is `random`, `greedy` (takes the most valuable piece it can), `builtin` (the engine of
`notation_toolkit.variant.engine`: `builtin:1.5s` thinks 1.5 s a move, `builtin:d3` searches 3
plies, `builtin:n20000` 20000 positions), `uci:PATH` or the path of an executable UCI engine.
""",
    ),
    (
        PLAYER_UNAVAILABLE,
        "UCI player not available",
        """
A UCI engine plays through the player registered in the entry-point group
`notation_toolkit.variant.players` under the name `uci`. No installed package registers one, so
executable files and `uci:PATH` cannot play here.
""",
    ),
    (
        PLAYER_FAILED,
        "player failed",
        """
A player returned a move that is not legal in the position, or failed while choosing one; the
game cannot go on.
""",
    ),
]

# Message templates, by code and template name ("piece_compiler" and "piece" carry the message of
# the piece compiler's own diagnostic, ``{message}``).
_MESSAGES: dict[str, dict[str, str]] = {
    PART_NOT_EXECUTED: {
        "variant_core_does": "the variant core does not execute rule '{name}' with a {part} ({given})",
        "draw_takes_no": "'!draw' takes no parts",
        "plain_sets_only": "the variant core executes plain piece sets only, not {given}",
        "hill_needs_board": "hill needs a board range (003:378)",
        "mirror_takes_no": "'!mirror' takes no parts",
        "royal_range_with": "royal with a board range together with {what} is not executed",
        "mirror_with": "{what} with mirror={mirror} is not executed (written for the vertical mirror)",
        "benedict_needs_royal": "benedict needs royal pieces: the king whose flip wins (003:135)",
        "direction_needs": "direction needs a cardinal direction and a board range (003:255)",
        "zone_needs_range": "zone needs a board range: the squares of the zone (003:1119)",
        "hole_piece_set": "a hole for some pieces only is not executed (003:1131: no piece enters one)",
        "captureonly_castling": "castling with a capture-only zone is not executed (003:1123)",
        "zone_rule_once": "the variant core executes one {name} rule per file, with a prefix of its own",
        "magnetic_plain_board": "the variant core executes magnetic on a board whose edges do not join",
        "warp_holding": "warp with holding is not executed: a warped piece dropped again is not initial "
        "(003:1097), and the hands keep counts only",
        "zone_without_piece": "'{key}' is the zone of piece '{base}', which the rule file does not define",
        "turn_with": "'{name}' together with '{other}': two definitions of a turn are not executed",
        "turn_order": "turn rules of different parts without distinct sequence numbers (moves in an "
        "arbitrary order, 003:780) are not executed",
        "turn_balance": "every part of the turn has 'balance': the first turn would have no move",
        "turn_untilcapture": "'untilcapture' is executed on the last parts of a turn only",
    },
    ATTRIBUTE_NOT_EXECUTED: {
        "variant_core_does": "the variant core does not execute attribute '{shown}' of rule '{name}'",
        "argument_form": "the variant core executes '{shown}' of rule '{name}' with {executed}, not with "
        "{given}",
        "stalemate_takes_exactly": "stalemate takes exactly one result",
        "move_star_castling": "promotion=move* in a variant with castling (both castling pieces promoting) "
        "is not executed",
        "pieces_needs_attribute": "pieces needs an attribute",
        "benedict_no_check": "royal={attribute} counts checks, and under benedict nothing is ever in check",
        "diagonals_one_of": "diagonals takes exactly one of dark and light (003:223)",
        "stalemate_twice": "{written} makes stalemate a {result}, but {earlier} already made it a {other}",
        "hill_twice": "a second hill rule (the core executes one hill, with its attributes)",
        "expose_differs": "royal pieces that may be exposed next to royal pieces that may not (or with "
        "another count) are not executed",
    },
    RULE_NOT_EXECUTED: {
        "variant_core_does": "the variant core does not execute rule '{negation}{name}'",
        "drop_gating_holding": "rule 'drop' with the holding gating implies: its pieces are gated, "
        "never dropped (003:366)",
        "atomic_holding": "the variant core does not execute atomic with a holding (where exploded "
        "pieces go)",
    },
    BAD_CASTLING: {
        "castling_executed_form": "castling '{head}' is not in the executed form",
        "partner_s_part": "the partner's part cannot have '[*]'",
        "castling_destination_outside": "castling destination outside the board",
    },
    BAD_PROMOTION: {
        "promotion_rule_executed": "promotion rule '{head}' is not executed",
        "demotion_rule_executed": "demotion rule '{head}==...' is not executed",
        "no_promotion_rule": "no promotion rule '{prefix}' for '{head}'",
        "promotion_target_executed": "promotion target '{target}' is not executed",
        "promotion_target_piece": "promotion target '{target}' is not a piece",
        "promotion_twice": "rule '{prefix}' is given twice",
        "several_promotion_rules": "{key} has promotion rules '{first}' and '{second}': promotions "
        "applied in turn are not executed",
    },
    NO_START: {
        "rule_file_has": 'the rule file of {name} has no startposition="..."',
    },
    ITEM_NOT_EXECUTED: {
        "cancellations_item_executed": "cancellations (!item) are not executed",
        "announcement_conditions_board": "'{head}': announcement conditions and board identifiers are not "
        "executed",
    },
    NOT_A_FEEN_LETTER: {
        "piece_cannot_be": "piece '{key}' cannot be written in FEEN",
    },
    PIECE_NOT_EXECUTABLE: {
        "piece_compiler": "piece compiler: {message}",
        "piece": "piece {key}: {message}",
    },
    BAD_STATE_FIELD: {
        "unknown_state_field": "unknown state field {state!r}",
        "state_field": "state field {state!r}: {message}",
    },
    POSITION_SHAPE: {
        "board_must_be": "the board must be {width}x{height} (files x ranks) for {name}",
        "board_must_have": "the board must have {height} ranks",
        "rank_has_squares": "rank {rank} has {count} squares, not {width}",
    },
    BAD_POSITION: {
        "has_no_holding": "{name} has no holding: hands must be empty",
        "fen_needs_at": "FEN needs at least a placement and a side (w or b)",
        "fen_field": "{what} {token!r}: {message}",
        "has_no_holding_2": "{name} has no holding: no [pockets]",
        "castling_right_without": "castling right {ch!r} without a royal piece on its rank",
        "castling_right_without_2": "castling right {ch!r} without a partner piece",
        "on_royal_pieces": "{token} on {square_names}: royal pieces carry '^' and only they do",
        "en_passant_square": "en passant square {ep!r} is not on the board",
        "no_promoted": "'{ch}~': no promoted {key} in {name}",
        "on_hole": "a piece on {square}, a hole of {name} (003:1131: no piece may stand there)",
        "too_many_pieces": "{in_hand} pieces in hand and {on_board} on the board: more than the {squares} "
        "squares of the board",
    },
    NO_FEN: {
        "fen_cannot_hold": "FEN cannot hold {what} ({name}): use FEEN",
    },
    UNKNOWN_PIECE: {
        "pockets_piece_drop": "{ch!r} in the pockets is not a piece to drop",
        "on_derivation_marker": "{token} on {square_names}: the derivation marker ' has no meaning in this "
        "variant",
        "on_piece": "{token} on {square_names} is not a piece of {name}",
        "hand_piece": "{token} in hand is not a piece of {name}",
        "rank_piece": "{ch!r} in rank {rank} is not a piece of {name}",
        "on_marks_unmoved": "{token} on {square_names}: '-' marks an unmoved piece with initial moves or "
        "castling, and this piece has none",
    },
    ILLEGAL_MOVE: {
        "legal_here": "{move} is not legal here",
    },
    BAD_MOVE: {
        "move": "{move!r} is not a move",
    },
    NO_MOVE_TO_UNDO: {
        "no_move_take": "no move to take back",
    },
    PGN_SYNTAX: {
        "tag": 'a tag pair is written [Name "value"]',
        "open": "{what} opened here is never closed",
        "close": "{what} closed here was never opened",
        "token": "{token!r} starts no move, move number, comment or result",
    },
    PGN_TAG: {
        "no_rules": "no rule file for this game",
        "rule_file": "cannot load the rule file {path!r}: {message}",
        "variant": "the game is {named!r}, but the rule file is {name!r}",
        "position": "{tag} is not a position of {name}: {message}",
    },
    PGN_ILLEGAL: {
        "illegal": "{move} is not legal after {before}",
        "illegal_start": "{move} is not legal in the start position",
        "over": "{move} is played after the end of the game ({result}, {reason})",
    },
    PGN_AMBIGUOUS: {
        "ambiguous": "{move} could be {candidates}",
    },
    PGN_LIMIT: {
        "games": "more than {limit} games",
        "plies": "a game of more than {limit} plies",
        "depth": "variations nested more than {limit} deep",
    },
    PLAYER_SPEC: {
        "unknown": "{spec!r} is not a player",
        "option": "{spec!r}: {option!r} is not a time (1.5s), a depth (d3) or a node budget (n20000)",
        "no_file": "{spec!r}: there is no executable file {path!r}",
    },
    PLAYER_UNAVAILABLE: {
        "uci": "{spec!r}: no UCI player is installed",
    },
    PLAYER_FAILED: {
        "illegal": "{name} played {move!r}, which is not legal in {feen}",
        "raised": "{name} failed in {feen}: {message}",
    },
}

_HINTS: dict[str, dict[str, str]] = {
    PART_NOT_EXECUTED: {
        "variant_core_does": "remove the part, or play this variant with another tool",
        "plain_sets_only": "list the pieces: {{QR}}",
        "draw_takes_no": "write '!draw' alone",
        "hill_needs_board": "give the hill squares: hill[d-e4-5]",
        "mirror_takes_no": "write '!mirror' alone",
        "royal_range_with": "remove the board range of royal, or play this variant with another tool",
        "mirror_with": "remove the mirror rule, or play this variant with another tool",
        "benedict_needs_royal": "add the rule royal (royal{{K}}: the king to flip)",
        "direction_needs": "write direction<n>[1-2]",
        "zone_needs_range": "write zone[a1,h8]=hole",
        "hole_piece_set": "write zone[d4]=hole, without a piece set",
        "captureonly_castling": "remove castling or the captureonly zone",
        "zone_rule_once": "give every piece of the rule the same prefix, one prefix per rule",
        "magnetic_plain_board": "remove cylindric or torus",
        "warp_holding": "remove holding, or play this variant with another tool",
        "zone_without_piece": "define the piece '{base}' too",
        "turn_with": "keep one of them: 'progressive' and 'monster' define their turns themselves",
        "turn_order": "number the parts: turn<1> turn<2>{{C}}",
        "turn_balance": "give 'balance' to the parts the first turn skips only",
        "turn_untilcapture": "number the parts so that the untilcapture ones come last: turn<1> "
        "turn<2>=untilcapture",
    },
    ATTRIBUTE_NOT_EXECUTED: {
        "variant_core_does": "attributes executed for '{name}': {known}",
        "argument_form": "write '{shown}' with {executed}",
        "stalemate_takes_exactly": "stalemate=draw, stalemate=loss or stalemate=win",
        "move_star_castling": "write promotion=move (castlings do not promote)",
        "pieces_needs_attribute": "pieces{{Q}}=total(1), file(N) or sum(N)",
        "benedict_no_check": "remove royal={attribute}",
        "diagonals_one_of": "write diagonals=dark or diagonals=light",
        "stalemate_twice": "give the result of a stalemate once",
        "hill_twice": "write one hill rule: hill{{Q}}[d-e4-5]=fill[a-h8]",
        "expose_differs": "give every royal rule the same expose attribute",
    },
    RULE_NOT_EXECUTED: {
        "variant_core_does": "rules executed: {executed} (docs/variants.md)",
        "drop_gating_holding": "add 'holding' for captured pieces that are dropped (S-house), or "
        "remove the drop rule",
        "atomic_holding": "remove holding, or play atomic without one",
    },
    BAD_CASTLING: {
        "castling_executed_form": "write O-O=[*]isR[g]=isR[f]",
    },
    BAD_PROMOTION: {
        "demotion_rule_executed": "holding=demote already demotes promoted pieces (003:408)",
        "promotion_twice": "give each promotion rule once, with all its attributes",
        "several_promotion_rules": "give {key} one promotion rule",
    },
    NO_START: {
        "rule_file_has": 'add startposition="<FEEN>" to the rule file',
    },
    NOT_A_FEEN_LETTER: {
        "piece_cannot_be": "use single letters, and '+' for promoted states",
    },
    BAD_STATE_FIELD: {
        "unknown_state_field": "ep:e3@e4, checks:1/0 or turn:1/2 (moves made of a turn of several moves)",
        "state_field": "ep:e3@e4, checks:1/0 or turn:1/2 (moves made of a turn of several moves)",
    },
    UNKNOWN_PIECE: {
        "on_marks_unmoved": "write {token2}",
    },
    BAD_MOVE: {
        "move": "write e2e4, e7e8q, a10a9 or P@e4",
    },
    BAD_POSITION: {
        "too_many_pieces": "captures only move pieces from the board to a hand, so a game holds at most "
        "as many pieces as the board has squares",
    },
    PGN_TAG: {
        "no_rules": 'pass --rules FILE.fbr, or add a [RuleFile "FILE.fbr"] tag',
    },
    PGN_AMBIGUOUS: {
        "ambiguous": "add the file or the rank of the piece that moves",
    },
    PLAYER_SPEC: {
        "unknown": "players: random, greedy, builtin, builtin:1.5s, builtin:d3, builtin:n20000, uci:PATH",
        "option": "write builtin:1.5s, builtin:d3 or builtin:n20000",
        "no_file": "give the path of an executable UCI engine, such as uci:/usr/games/fairy-stockfish",
    },
    PLAYER_UNAVAILABLE: {
        "uci": "install a package that registers 'uci' in the entry-point group "
        "notation_toolkit.variant.players",
    },
}

for _code, _title, _text in _C:
    register_code(_code, _title, _text, messages=_MESSAGES.get(_code), hints=_HINTS.get(_code))
