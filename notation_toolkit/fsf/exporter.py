"""FBR rule file -> a Fairy-Stockfish ``variants.ini`` section.

The export reads what the variant core executes (``Variant.rules`` and the compiled pieces), so it
writes the game the core plays. Pieces become Fairy-Stockfish's predefined piece types where one
moves the same way (compared on the compiled move tables), the pawn where the definition is the
chess pawn, and ``customPieceN`` Betza strings otherwise; a rule or piece Fairy-Stockfish cannot
state refuses the export with an FSF401 diagnostic naming it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.fsf import codes
from notation_toolkit.fsf.betza import betza_to_mbn, mbn_to_betza
from notation_toolkit.fsf.builtins import CUSTOM_PIECES, PIECE_TYPES
from notation_toolkit.fsf.errors import FsfError

if TYPE_CHECKING:
    from notation_toolkit.variant import Position, Variant
    from notation_toolkit.variant.pieces import CompiledPiece

# The components (``Rules.used``) whose rules this exporter states in Fairy-Stockfish's options (with
# their own refusals for what part of them it cannot state); a rule of any other component is
# refused, so a new rule component is never exported silently as a game without it.
EXPORTED_COMPONENTS = frozenset(
    {
        "royal",
        "atomic",
        "stalemate",
        "loss",
        "draw",
        "win",
        "promotion",
        "holding",
        "drop",
        "castling",
        "gating",
        "mustcapture",
        "pieces",
        "hill",
        "mirror",
        "multicapture",
    }
)

_PAWN = re.compile(r"mfW\+c(e?)fF(?:\+\[([0-9,\-]+)\]m\1fW02)?")
_FILES = "abcdefghijklmnopqrstuvwxyz"
# the order in which predefined types are tried: the chess set first
_PREFERRED = ["king", "queen", "rook", "bishop", "knight"] + [
    k for k in PIECE_TYPES if k not in ("king", "queen", "rook", "bishop", "knight", "pawn", "immobile")
]


def section_name(name: str) -> str:
    """A variant name as a ``variants.ini`` section name (lower case, letters, digits, ``-``)."""
    text = re.sub(r"[^a-z0-9-]+", "-", name.lower()).strip("-")
    return text or "variant"


def export_ini(variant: Variant | str, *, name: str | None = None) -> str:
    """The ``variants.ini`` section of a variant (a loaded ``Variant`` or rule-file text).

    Raises ``FsfError`` (FSF401 diagnostics, one per rule or piece Fairy-Stockfish cannot state).
    """
    from notation_toolkit.variant import Variant as VariantClass

    text = variant if isinstance(variant, str) else variant.text
    loaded = VariantClass.from_text(variant) if isinstance(variant, str) else variant
    exporter = _Exporter(loaded, name)
    lines = exporter.run()
    if exporter.diags:
        raise FsfError(exporter.diags, text)
    return "\n".join(lines) + "\n"


class _Exporter:
    def __init__(self, variant: Variant, name: str | None) -> None:
        self.v = variant
        self.rules = variant.rules
        self.geometry = variant.geometry
        self.files = variant.geometry.width
        self.ranks = variant.geometry.height
        self.name = section_name(name or variant.name)
        self.diags: list[Diagnostic] = []
        self.lines: list[str] = []
        self.definitions = _definitions(variant)
        self.custom = 0
        self.extra_letters: list[str] = []

    def refuse(self, what: str, why: str) -> None:
        self.diags.append(info_of(codes.NOT_EXPORTED).diagnostic(what=what, why=why))

    def opt(self, name: str, value: object) -> None:
        # a later value replaces an earlier one (a piece type first removed, then given a letter)
        self.lines = [line for line in self.lines if not line.startswith(f"{name} = ")]
        self.lines.append(f"{name} = {value}")

    def region(self, bb: int) -> str:
        g = self.geometry
        out = []
        for rank in range(self.ranks):
            row = g.rect(0, self.files - 1, rank, rank)
            if bb & row == row:
                out.append(f"*{rank + 1}")
                bb &= ~row
        out += [g.name(s) for s in range(g.size) if bb >> s & 1]
        return " ".join(out) if out else "-"

    # -----------------------------------------------------------------------------------------

    def run(self) -> list[str]:
        rules = self.rules
        self.opt("maxRank", self.ranks)
        self.opt("maxFile", _FILES[self.files - 1])
        if self.geometry.wraps:
            rule = "torus" if self.geometry.wrap_ranks else "cylindric"
            self.refuse(rule, "Fairy-Stockfish has no board whose edges join")
        # a board whose edges join is refused below, naming cylindric or torus
        wraps = self.geometry.wraps
        unknown = [c for c in rules.used if c not in EXPORTED_COMPONENTS and not (wraps and c == "wrapping")]
        for component in unknown:
            self.refuse(component, "the export states no Fairy-Stockfish option for this rule")
        if unknown:
            # such a rule may define more than pieces (a freezer's zone): nothing else is read
            return [f"[{self.name}]"]
        if rules.mirror != "vertical":
            self.refuse(f"mirror={rules.mirror}", "Fairy-Stockfish turns the board for Black")
        if rules.bare is not None:
            self.refuse(f"royal={rules.bare}", "Fairy-Stockfish has no bare-king rule")
        if "royal.range" in rules.extra:
            self.refuse("royal[range]", "Fairy-Stockfish's royal piece does not change")
        if len(rules.royal) > 1:
            self.refuse("royal{" + "".join(sorted(rules.royal)) + "}", "Fairy-Stockfish has one royal piece")
        self._pieces()
        self._atomic()
        self._double_step()
        self._start()
        self._promotion()
        self._drops()
        self._game_end()
        self._royal_rules()
        return [f"[{self.name}]", *self.lines]

    def _royal_rules(self) -> None:
        """royal=expose (003:926) and royal=taboo (003:961)."""
        rules = self.rules
        royal = rules.extra.get("royal")
        if royal is not None and royal.taboo:
            self.opt("checking", "false")
        if royal is not None and royal.expose is not None:
            self.refuse(
                "royal=expose",
                "Fairy-Stockfish's royal king is never left in check (a king that is an ordinary piece "
                "whose capture loses also castles out of check)",
            )

    # -- pieces ---------------------------------------------------------------------------------

    def _pieces(self) -> None:
        from notation_toolkit.variant.pieces import compile_piece

        royal = next(iter(self.rules.royal), None)
        self.letters: dict[str, str] = {}  # our key -> FSF piece type name
        taken: set[str] = set()
        self.opt("pawn", "-")
        for kind in ("knight", "bishop", "rook", "queen", "king"):
            self.opt(kind, "-")
        self.double_step: str | None = None
        self.ep = True
        for key, piece in self.v.pieces.items():
            if key.startswith("+"):
                continue
            text, mobility, flying = self._strip(key, self.definitions.get(key, ""), royal)
            if mobility is None:
                continue
            if flying:
                self.opt("flyingGeneral", "true")
            stripped = (
                compile_piece(f"{key}={text}", self.geometry) if text != self.definitions.get(key) else piece
            )
            found = self._kind_of(key, text, stripped, royal, taken)
            if found is None:
                continue
            kind = found
            if mobility:
                stem = kind[0].upper() + kind[1:]
                self.opt(f"mobilityRegionWhite{stem}", self.region(mobility))
                self.opt(f"mobilityRegionBlack{stem}", self.region(self.geometry.mirror_vertical(mobility)))

    def _strip(self, key: str, text: str, royal: str | None) -> tuple[str, int | None, bool]:
        """The definition without what Fairy-Stockfish states as options: a destination range
        on every part (``mobilityRegion``) and, on the royal piece, the capture of the other royal
        piece along the file (``flyingGeneral``); ``None`` as the region when the ranges differ."""
        parts = text.split("+") if text else []
        flying = False
        if royal is not None and f"c{{{royal}}}vW0" in parts:
            parts.remove(f"c{{{royal}}}vW0")
            flying = True
        ranges = {m.group(1) if m else "" for m in (re.search(r"(\[[^\]]*\])$", p) for p in parts)}
        if len(ranges) != 1 or not next(iter(ranges)) or any(p.startswith("[") for p in parts):
            return "+".join(parts), 0, flying
        rng = next(iter(ranges))
        try:
            mask = self.geometry.parse_range(rng)
        except Exception:  # a range the geometry cannot read: left in the definition (refused later)
            return "+".join(parts), 0, flying
        return "+".join(p[: -len(rng)] for p in parts), mask, flying

    def _kind_of(
        self, key: str, text: str, piece: CompiledPiece, royal: str | None, taken: set[str]
    ) -> str | None:
        from notation_toolkit.variant.pieces import compile_piece

        letter = key.lower()
        if key == royal:
            self.letters[key] = "king"
            if piece.same_moves(compile_piece("K=K", self.geometry)):
                self.opt("king", letter)
                return "king"
            betza = self._betza(key, text)
            if betza is None:
                return None
            self.opt("king", f"{letter}:{betza}")
            return "king"
        m = _PAWN.fullmatch(text)
        if m and key in self._pawn_keys():
            self.opt("pawn", letter)
            self.letters[key] = "pawn"
            self.ep = bool(m.group(1))
            self.double_step = m.group(2)
            return "pawn"
        soldier = re.fullmatch(r"fW\+\[([0-9]+)-([0-9]+)\]sW", text)
        if soldier and int(soldier.group(2)) == self.ranks and "soldier" not in taken:
            taken.add("soldier")
            self.opt("soldier", letter)
            self.opt("soldierPromotionRank", soldier.group(1))
            self.letters[key] = "soldier"
            return "soldier"
        for kind in _PREFERRED:
            if kind in taken or kind == "king":
                continue
            try:
                other = compile_piece(f"{key}={betza_to_mbn(PIECE_TYPES[kind])}", self.geometry)
            except Exception:  # a predefined type the compiler cannot execute is simply not used
                continue
            if other.same_moves(piece):
                taken.add(kind)
                self.opt(kind, letter)
                self.letters[key] = kind
                return kind
        betza = self._betza(key, text)
        if betza is None:
            return None
        self.custom += 1
        if self.custom > CUSTOM_PIECES:
            self.refuse(f"piece {key}", f"Fairy-Stockfish has at most {CUSTOM_PIECES} custom pieces")
            return None
        kind = f"customPiece{self.custom}"
        self.opt(kind, f"{letter}:{betza}")
        self.letters[key] = kind
        return kind

    def _atomic(self) -> None:
        from notation_toolkit.variant.rules.atomic import AtomicSettings

        settings: AtomicSettings | None = self.rules.extra.get("atomic")
        if settings is None:
            return
        keys = {k for k in self.v.pieces if not k.startswith("+")}
        pawns = {k for k, kind in self.letters.items() if kind == "pawn"}
        if {k for k in settings.affected if not k.startswith("+")} != keys - pawns:
            # Fairy-Stockfish's blast spares the pawn type next to the target, nothing else
            self.refuse("atomic{...}", "Fairy-Stockfish's explosion spares exactly the pawns")
        self.opt("blastOnCapture", "true")
        if not self.rules.royal:
            return
        royal = next(iter(self.rules.royal))
        letter = royal.lower()
        if f"king = {letter}" not in self.lines or any(ln.startswith("commoner = ") for ln in self.lines):
            self.refuse(f"royal{{{royal}}}", "Fairy-Stockfish's atomic king moves as a king")
            return
        if self.rules.extra.get("pieces"):
            self.refuse("pieces", "Fairy-Stockfish's atomic king is its extinction rule")
        # Fairy-Stockfish's atomic: a commoner king, pseudo-royal by extinction (its atomic built-in)
        self.opt("king", "-")
        self.opt("commoner", letter)
        self.opt("castlingKingPiece", letter)
        self.opt("extinctionValue", "loss")
        self.opt("extinctionPieceTypes", letter)
        self.opt("extinctionPseudoRoyal", "true")

    def _double_step(self) -> None:
        if "pawn" not in self.letters.values():
            return
        if self.double_step is None:
            self.opt("doubleStep", "false")
            return
        mask = self.geometry.parse_range(f"[{self.double_step}]")
        self.opt("doubleStepRegionWhite", self.region(mask))
        self.opt("doubleStepRegionBlack", self.region(self.geometry.mirror_vertical(mask)))
        if not self.ep:
            self.opt("enPassantTypes", "-")

    def _betza(self, key: str, text: str) -> str | None:
        betza = mbn_to_betza(text) if text else None
        if betza is None:
            self.refuse(f"piece {key}={text}", "its moves have no Betza form Fairy-Stockfish reads")
            return None
        if betza_to_mbn(betza) != text and mbn_to_betza(betza_to_mbn(betza)) != betza:
            self.refuse(f"piece {key}={text}", "its moves have no Betza form Fairy-Stockfish reads")
            return None
        return betza

    def _pawn_keys(self) -> set[str]:
        return set(self.rules.promotions) or {"P"}

    # -- start position -------------------------------------------------------------------------

    def _start(self) -> None:
        fen = self.fen_of(self.v.start().feen() if self.v.start_text else "")
        if fen is not None:
            self.opt("startFen", fen)

    def fen_of(self, text: str) -> str | None:
        """Fairy-Stockfish's FEN of a FEEN position of this variant."""
        fields = text.split()
        if len(fields) < 3:
            self.refuse("startposition", "it is not a FEEN position")
            return None
        rows = []
        marks: list[tuple[int, int, str]] = []  # (file, rank, letter) of '-' marked pieces
        ranks = fields[0].split("/")
        for i, row in enumerate(ranks):
            rank = self.ranks - 1 - i
            out = ""
            f = 0
            for m in re.finditer(r"[0-9]+|([+-]?)([A-Za-z])(\^?)", row):
                if m.group(0).isdigit():
                    out += m.group(0)
                    f += int(m.group(0))
                    continue
                prefix, letter = m.group(1), m.group(2)
                if prefix == "+":
                    if letter.upper() in self.rules.promotions or letter.upper() not in self._promoted_keys():
                        out += letter + "~"
                    else:
                        out += "+" + letter
                else:
                    out += letter
                if prefix == "-":
                    marks.append((f, rank, letter))
                f += 1
            rows.append(out)
        first, _, second = fields[1].partition("/")
        pocket = "".join(ch.upper() if ch.isalpha() else ch for ch in first) + second.lower()
        pocket = re.sub(r"([0-9]+)([A-Za-z])", lambda m: m.group(2) * int(m.group(1)), pocket)
        side = "w" if fields[2][:1].isupper() else "b"
        castling = self._castling_rights(marks)
        board = "/".join(rows)
        if self.rules.holding or pocket:
            board += f"[{pocket}]"
        checks = ""
        ep = "-"
        for extra in fields[3:]:
            if extra.startswith("ep:"):
                ep = extra[3:].split("@")[0].split(",")[0] or "-"
            elif extra.startswith("checks:") and self.rules.max_checks is not None:
                given = [int(n) for n in extra[7:].split("/") if n.isdigit()]
                if len(given) == 2:
                    left = [max(0, self.rules.max_checks - n) for n in given]
                    checks = f" {left[0]}+{left[1]}"
        if self.rules.max_checks is not None and not checks:
            checks = f" {self.rules.max_checks}+{self.rules.max_checks}"
        return f"{board} {side} {castling or '-'} {ep}{checks} 0 1"

    def _promoted_keys(self) -> set[str]:
        return {k[1:] for k in self.v.pieces if k.startswith("+")}

    def _castling_rights(self, marks: list[tuple[int, int, str]]) -> str:
        castlings = self.rules.castlings
        if not castlings:
            self.opt("castling", "false")
            return ""
        king_side = max(castlings, key=lambda c: c.king_file)
        queen_side = min(castlings, key=lambda c: c.king_file)
        if (
            len(castlings) != 2
            or king_side.rook_file != king_side.king_file - 1
            or (queen_side.rook_file != queen_side.king_file + 1)
        ):
            self.refuse("castling", "Fairy-Stockfish's castling puts the rook beside the king")
            return ""
        if not king_side.from_unthreatened or not queen_side.from_unthreatened:
            self.refuse("castling", "Fairy-Stockfish never castles out of check")
        self.opt("castlingKingsideFile", _FILES[king_side.king_file])
        self.opt("castlingQueensideFile", _FILES[queen_side.king_file])
        partners = sorted({p for c in castlings for p in c.partners})
        if partners != ["R"] or self.letters.get("R") != "rook":
            # Fairy-Stockfish names partners by type: a piece R that is not its rook is named too
            self.opt("castlingRookPieces", "".join(p.lower() for p in partners))
        royal = next(iter(self.rules.royal), "K")
        castlers = sorted(self.rules.castle_partners)
        if not self.rules.royal and castlers:
            # no royal piece: the piece that castles (Extinction's king) is named
            if len(castlers) != 1:
                self.refuse("castling", "Fairy-Stockfish castles one piece type")
                return ""
            royal = castlers[0]
            self.opt("castlingKingPiece", royal.lower())
        gates = ""
        if self.rules.fen_gates is not None:
            # Seirawan FEN: first-rank pieces that may gate, by file, after the castling rights
            corners = (0, self.files - 1)
            for upper, rank in ((True, 0), (False, self.ranks - 1)):
                files = sorted(
                    f
                    for f, r, letter in marks
                    if r == rank
                    and letter.isupper() == upper
                    and letter.upper() != royal
                    and f not in corners
                )
                text = "".join(_FILES[f] for f in files)
                gates += text.upper() if upper else text
            marks = [m for m in marks if m[2].upper() == royal or m[0] in corners]
        for f, r, letter in marks:
            if r not in (0, self.ranks - 1) or (letter.upper() != royal and f not in (0, self.files - 1)):
                # Fairy-Stockfish castles from the corners of the first rank unless told otherwise
                self.refuse(
                    f"castling with the piece on {self.geometry.name(self.geometry.square(f, r))}",
                    "Fairy-Stockfish's castling (without UCI_Chess960) starts from the corner rooks "
                    "of the first rank",
                )
                return ""
        rights = ""
        for upper, rank in ((True, 0), (False, self.ranks - 1)):
            king = [
                f
                for f, r, letter in marks
                if r == rank and letter.isupper() == upper and letter.upper() == royal
            ]
            if not king:
                continue
            rooks = sorted(
                f for f, r, letter in marks if r == rank and letter.isupper() == upper and f != king[0]
            )
            if rank not in (0, self.ranks - 1) or (upper and rank != 0):
                continue
            for f in reversed(rooks):
                if f > king[0]:
                    rights += "K" if upper else "k"
                    break
            for f in rooks:
                if f < king[0]:
                    rights += "Q" if upper else "q"
                    break
        if gates:
            upper_gates = "".join(c for c in gates if c.isupper())
            lower_gates = "".join(c for c in gates if c.islower())
            white = "".join(c for c in rights if c.isupper())
            black = "".join(c for c in rights if c.islower())
            rights = white + upper_gates + black + lower_gates
        return rights

    # -- rules ----------------------------------------------------------------------------------

    def _promotion(self) -> None:
        promotions = self.rules.promotions
        if not promotions:
            self.opt("promotionPieceTypes", "-")
            return
        if any(p.capture is not None for p in promotions.values()):
            self.refuse("promotion=capture", "Fairy-Stockfish promotes on entering the zone")
            return
        zones = {p.zone for p in promotions.values()}
        if len(zones) != 1:
            self.refuse("promotion", "Fairy-Stockfish has one promotion zone")
            return
        white, black = next(iter(zones))
        for rank in range(self.ranks):
            # older Fairy-Stockfish builds (Debian's 11.1) read only promotionRank: from it to the end
            if white == self.geometry.rect(0, self.files - 1, rank, self.ranks - 1):
                self.opt("promotionRank", rank + 1)
        self.opt("promotionRegionWhite", self.region(white))
        self.opt("promotionRegionBlack", self.region(black))
        chess_style = {k: p for k, p in promotions.items() if not all(c.startswith("+") for c in p.choices)}
        shogi = {k: p for k, p in promotions.items() if k not in chess_style}
        if chess_style:
            choices = {p.choices for p in chess_style.values()}
            if len(choices) != 1:
                self.refuse("promotion", "Fairy-Stockfish's pawns all promote to the same choices")
                return
            pawn_keys = sorted(chess_style)
            kinds = [self.letters.get(k) for k in pawn_keys]
            if kinds != ["pawn"]:
                self.opt("promotionPawnTypes", "".join(k.lower() for k in pawn_keys))
            p = next(iter(chess_style.values()))
            if p.by_side is None:
                self.opt("promotionPieceTypes", "".join(c.lower() for c in next(iter(choices))))
            else:
                # colour-specific choices (+P==CRNqrb)
                self.opt("promotionPieceTypesWhite", "".join(c.lower() for c in p.by_side[0]))
                self.opt("promotionPieceTypesBlack", "".join(c.lower() for c in p.by_side[1]))
            self.opt("mandatoryPawnPromotion", "false" if p.optional else "true")
            if p.leave is not None:
                self.refuse("promotion=leave", "Fairy-Stockfish's pawns promote on entering the zone")
        else:
            self.opt("promotionPieceTypes", "-")
        if shogi:
            pairs = []
            for key, p in shogi.items():
                target = p.choices[0]
                if len(p.choices) != 1:
                    self.refuse(f"promotion of {key}", "a promoted state is one piece in Fairy-Stockfish")
                pairs.append(f"{key.lower()}:{self._promoted_type(key, target)}")
            self.opt("promotedPieceType", " ".join(pairs))
            p = next(iter(shogi.values()))
            self.opt("mandatoryPiecePromotion", "false" if p.optional else "true")

    def _promoted_type(self, key: str, target: str) -> str:
        # The promoted state +X is a piece type of its own in Fairy-Stockfish (promotedPieceType):
        # a piece of the game that moves the same way, else a new type under a free letter.
        from notation_toolkit.variant.pieces import compile_piece

        promoted = self.v.pieces.get("+" + key)
        if promoted is None:
            return target.lstrip("+").lower()
        for other, piece in self.v.pieces.items():
            if not other.startswith("+") and piece.same_moves(promoted):
                return other.lower()
        used = {k.lstrip("+").lower() for k in self.v.pieces} | set(self.extra_letters)
        free = next((ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in used), None)
        if free is None:
            self.refuse(f"+{key}", "no letter is left for the promoted piece")
            return "-"
        self.extra_letters.append(free)
        for kind in _PREFERRED:
            if kind in self.letters.values() or kind == "king":
                continue
            try:
                candidate = compile_piece(f"X={betza_to_mbn(PIECE_TYPES[kind])}", self.geometry)
            except Exception:  # a predefined type the compiler cannot execute is simply not used
                continue
            if candidate.same_moves(promoted):
                self.letters[f"+{key}"] = kind
                self.opt(kind, free)
                return free
        betza = self._betza(f"+{key}", self.definitions.get(f"+{key}", ""))
        if betza is None:
            return "-"
        self.custom += 1
        self.opt(f"customPiece{self.custom}", f"{free}:{betza}")
        self.letters[f"+{key}"] = f"customPiece{self.custom}"
        return free

    def _drops(self) -> None:
        rules = self.rules
        if not rules.holding:
            return
        if rules.hand_captures and not rules.demote:
            self.refuse("holding", "Fairy-Stockfish demotes captured promoted pieces (write holding=demote)")
        if not rules.hand_flip:
            self.refuse("holding=notflip", "Fairy-Stockfish's captured pieces change side")
        if rules.hand_types is not None or rules.hand_zone is not None:
            self.refuse("holding{...}[...]", "Fairy-Stockfish puts every captured piece in hand")
        if rules.extra.get("withattack"):
            self.refuse("drop=withattack", "Fairy-Stockfish has no such drop condition")
        self._gating()
        if not rules.hand_drops:
            # the holding gating implies: pieces enter by gating only
            self.opt("pieceDrops", "false")
            self.opt("capturesToHand", "false")
            return
        self.opt("pieceDrops", "true")
        self.opt("capturesToHand", "true" if rules.hand_captures else "false")
        pawns = self._pawn_keys() & set(self.letters)
        everywhere = (1 << self.geometry.size) - 1
        first = sum(1 << self.geometry.square(f, 0) for f in range(self.files))
        white_zone = next(iter(rules.promotions.values())).zone[0] if rules.promotions else 0
        for key, (white, _black) in rules.drop_zones.items():
            if key in pawns and self.letters.get(key) == "pawn":
                if white == everywhere & ~first & ~white_zone:
                    continue
                if white == everywhere & ~first:
                    self.opt("promotionZonePawnDrops", "true")
                    continue
            if white != everywhere:
                self.refuse(f"drop{{{key}}}", "Fairy-Stockfish's drop regions hold for every piece")
        if self.letters.get("P") == "pawn" and "P" not in rules.drop_zones:
            self.opt("firstRankPawnDrops", "true")
            self.opt("promotionZonePawnDrops", "true")
        if rules.drop_nomate:
            self.opt("shogiPawnDropMateIllegal", "true")
        if rules.drop_nocheck:
            if set(rules.drop_nocheck) != {k for k in self.letters if k not in rules.royal}:
                self.refuse(
                    "drop=nocheck", "Fairy-Stockfish forbids drops with check for every piece or none"
                )
            self.opt("dropChecks", "false")
        for letters, count in rules.file_limits:
            if len(letters) != 1:
                self.refuse("pieces=file", "Fairy-Stockfish limits one piece type per file")
                continue
            self.opt("dropNoDoubled", next(iter(letters)).lower())
            if count != 1:
                self.opt("dropNoDoubledCount", count)

    def _gating(self) -> None:
        # Seirawan gating: gating = true, seirawanGating = true; Fairy-Stockfish gates onto the
        # first rank every piece in hand but pawns
        gating = self.rules.extra.get("gating")
        if gating is None:
            return
        g = self.geometry
        first = sum(1 << g.square(f, 0) for f in range(self.files))
        if gating.zone[0] != first:
            self.refuse("gating", "Fairy-Stockfish gates onto the first rank only (write gating[1])")
        pieces = {k for k in self.letters if k not in self.rules.royal and self.letters.get(k) != "pawn"}
        if gating.pieces is not None and not pieces <= gating.pieces:
            in_hand = set(self.v.start().feen().split()[1].upper()) & set(self.letters)
            if not in_hand <= gating.pieces or self.rules.hand_captures:
                self.refuse("gating{...}", "Fairy-Stockfish gates every piece in hand but pawns")
        self.opt("gating", "true")
        self.opt("seirawanGating", "true")

    def _game_end(self) -> None:
        rules = self.rules
        if rules.stalemate == "skip":
            self.opt("passOnStalemate", "true")  # stalemate=skip (003:989)
        elif rules.stalemate != "draw":
            self.opt("stalemateValue", rules.stalemate)
        losing: int | None = rules.extra.get("loss_repetition")
        if losing is not None and rules.repetition is not None:
            self.refuse("loss=repetition", "Fairy-Stockfish has one result of a repetition (write !draw)")
        elif losing is not None:
            # the player to move after the repeating move wins (FSF's value is the player to move's)
            self.opt("nFoldRule", losing)
            self.opt("nFoldValue", "win")
        elif rules.repetition is None:
            self.opt("nFoldRule", 0)
        elif rules.repetition != 3:
            self.opt("nFoldRule", rules.repetition)
        if rules.extra.get("checkmated"):
            self.opt("checkmateValue", "win")
        if rules.perpetual_check is not None:
            self.opt("perpetualCheckIllegal", "true")
        if rules.must_capture:
            if rules.extra.get("mustcapture"):
                self.refuse("mustcapture{...}", "Fairy-Stockfish's captures are compulsory for every piece")
            if rules.extra.get("compulsory"):
                self.refuse("mustcapture=compulsory", "Fairy-Stockfish answers a check first")
            self.opt("mustCapture", "true")
        if rules.max_checks is not None:
            self.opt("checkCounting", "true")
        self._hill()
        self._results()
        if rules.total_limits and not rules.promotions:
            self.refuse("pieces=total", "Fairy-Stockfish limits promotions only")
        elif rules.total_limits:
            items = []
            for letters, count in rules.total_limits:
                for letter in sorted(letters):
                    items.append(f"{letter.lower()}:{count}")
            self.opt("promotionLimit", " ".join(items))
        self.opt("nMoveRule", 0)
        # FBR: a piece must promote where it could not move again (003:744); a piece that does not
        # promote may go where it has no move left (Fox and hounds), which Fairy-Stockfish's
        # immobilityIllegal, an option for every piece, would forbid
        core = self.v.tables
        full = self.geometry.full
        stuck = [
            k
            for t, k in enumerate(core.keys)
            if core.promo[t] is None and any(core.can_move[t][side] != full for side in (0, 1))
        ]
        if not rules.promotions:
            return
        if stuck:
            self.refuse(
                f"piece {stuck[0]}",
                "Fairy-Stockfish's immobilityIllegal would hold for it too (it does not promote)",
            )
        self.opt("immobilityIllegal", "true")

    def _hill(self) -> None:
        from notation_toolkit.variant.rules.hill import HillSettings

        settings: HillSettings | None = self.rules.extra.get("hill")
        if settings is None:
            return
        if settings.balance:
            self.refuse("hill=balance", "Fairy-Stockfish's flagMove lets the second player make any move")
        if settings.fill is not None:
            if settings.zone is not None or settings.pieces is None or len(settings.pieces) != 1:
                self.refuse(
                    "hill=fill",
                    "Fairy-Stockfish fills its flag region with one flag piece type (hill{X}[R]=fill)",
                )
                return
            # hill{X}[R]=fill (003:386): as many flag pieces on the region as it has squares
            self.opt("flagPiece", next(iter(settings.pieces)).lower())
            self.opt("flagRegionWhite", self.region(settings.fill[0]))
            self.opt("flagRegionBlack", self.region(settings.fill[1]))
            self.opt("flagPieceCount", bin(settings.fill[0]).count("1"))
            return
        if settings.zone is None:
            return
        flags = sorted(settings.pieces) if settings.pieces is not None else sorted(self.rules.royal)
        if len(flags) != 1:
            self.refuse("hill", "Fairy-Stockfish has one flag piece")
            return
        self.opt("flagPiece", flags[0].lower())
        self.opt("flagRegionWhite", self.region(settings.zone[0]))
        self.opt("flagRegionBlack", self.region(settings.zone[1]))

    def _results(self) -> None:
        conditions = self.rules.extra.get("pieces", [])
        for name, *_rest in conditions[1:]:
            self.refuse(f"pieces={name}", "Fairy-Stockfish has one extinction rule")
        if not conditions:
            return
        name, keys, n, _items = conditions[0]
        every = keys == frozenset(k for k in self.v.pieces if not k.startswith("+"))
        if name in ("draw", "win"):
            self.refuse(f"pieces={name}", "Fairy-Stockfish has no such rule")
            return
        if name == "morethan" and len(keys) > 1 and not every:
            # FSF counts each type of its set on its own; morethan sums the set
            self.refuse("pieces=morethan", "Fairy-Stockfish counts each piece type on its own")
            return
        self.opt("extinctionValue", "loss")
        types = "*" if name == "morethan" and every else "".join(k.lower() for k in sorted(keys))
        self.opt("extinctionPieceTypes", types)
        if name == "morethan":
            self.opt("extinctionPieceCount", n)


def fsf_fen(position: Position, variant: Variant) -> str:
    """Fairy-Stockfish's FEN of a position of ``variant`` in the variant core."""
    from notation_toolkit.core.errors import NotationError

    try:
        return position.fen()
    except NotationError:  # the core writes FEN for chess-like boards only (VAR305)
        exporter = _Exporter(variant, None)
        exporter.run()
        fen = exporter.fen_of(position.feen())
        if fen is None:
            raise FsfError(exporter.diags) from None
        return fen


def _definitions(variant: Variant) -> dict[str, str]:
    """Piece key -> the MBN text of its definition in the rule file."""
    from notation_toolkit.mbn import ast as mbn

    out: dict[str, str] = {}
    text = variant.text or ""
    for item in variant.rule_file.pieces:
        if isinstance(item, mbn.PieceDefinition) and item.span is not None:
            source = text[item.span.offset : item.span.end]
            key, _, body = source.partition("=")
            out[key.strip()] = body.split("~")[0].strip()
    return out
