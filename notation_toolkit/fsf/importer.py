"""``variants.ini`` sections -> FBR rule files.

Each section is resolved with its parents (sections of the file, or Fairy-Stockfish built-ins,
``builtins.BUILTINS``) into one set of effective options; every option is then either written as
the FBR rule or MBN piece that states it (with a comment naming the option), noted as display or
adjudication only, or refused with a diagnostic pointing at the option in the ini. A section with
a refused option gives no rule file: never an approximate game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import ClassVar

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.fsf import codes
from notation_toolkit.fsf.betza import BetzaError, betza_to_mbn, is_left_right_symmetric
from notation_toolkit.fsf.builtins import ALIASES, BUILTINS, CHESS_PIECES, INCOMPLETE_BUILTINS, PIECE_TYPES
from notation_toolkit.fsf.ini import IniFile, Option, Section, read
from notation_toolkit.fsf.options import (
    ADJUDICATION,
    DISPLAY_ONLY,
    MAX_BOARD,
    PIECE_OPTIONS,
    Square,
    fbr_range,
    is_known,
    mirror,
    mobility_option,
    read_bool,
    read_file,
    read_int,
    read_rank,
    read_region,
    read_value,
)

MAX_DEPTH = 64


@dataclass(frozen=True, slots=True)
class SectionResult:
    """One section's import: its FBR text (``None`` when refused) and the diagnostics."""

    name: str
    parent: str | None
    fbr: str | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def converted(self) -> bool:
        """True when the section became a rule file."""
        return self.fbr is not None


@dataclass(frozen=True, slots=True)
class ImportResult:
    """Every section of a ``variants.ini``, and the problems of the file itself."""

    sections: tuple[SectionResult, ...]
    diagnostics: tuple[Diagnostic, ...]

    def rule_files(self) -> dict[str, str]:
        """Section name -> FBR text, for the sections that converted."""
        return {s.name: s.fbr for s in self.sections if s.fbr is not None}


class Refused(Exception):
    """Internal: the section cannot be written (the diagnostics say why)."""


@dataclass(slots=True)
class _Piece:
    kind: str  # piece type name (customPieceN, king, rook ...)
    letter: str  # upper case
    betza: str
    option: Option | None


@dataclass(slots=True)
class _Ctx:
    section: Section
    opts: dict[str, Option]
    builtin_of: dict[str, str]  # option name -> built-in variant it comes from
    diags: list[Diagnostic] = field(default_factory=list)
    failed: bool = False
    header: Span | None = None

    def span(self, opt: Option | None, *, value: bool = True) -> Span | None:
        if opt is None or opt.section.startswith("<"):
            return self.header
        return opt.value_span if value else opt.span

    def refuse(self, opt: Option | None, name: str, value: str, why: str, lacks: str) -> None:
        self.failed = True
        self.diags.append(
            info_of(codes.NOT_MAPPED).diagnostic(
                span=self.span(opt, value=False), name=name, value=value, why=why, lacks=lacks
            )
        )

    def bad(self, opt: Option, why: str, fix: str = "see docs/fsf.md for the option's values") -> None:
        self.failed = True
        self.diags.append(
            info_of(codes.BAD_VALUE).diagnostic(
                span=self.span(opt), name=opt.name, value=opt.value[:80], why=why, repair=fix
            )
        )

    def note(self, code: str, opt: Option | None, **params: object) -> None:
        severity = Severity.WARNING if code == codes.MEANING_DIFFERS else Severity.INFO
        self.diags.append(
            info_of(code).diagnostic_from("", params, span=self.span(opt, value=False), severity=severity)
        )


def convert(text: str) -> ImportResult:
    """Import every section of ``text`` (a ``variants.ini``): rule files and diagnostics."""
    ini = read(text)
    results = [_section(ini, section) for section in ini.sections.values()]
    return ImportResult(tuple(results), tuple(ini.diagnostics))


def import_ini(text: str) -> dict[str, str]:
    """Section name -> FBR rule-file text for each section of ``text`` that converts.

    Sections that cannot be carried over are left out (``convert`` says why, per option). Raises
    ``FsfError`` when no section converts, with every diagnostic of the file.
    """
    from notation_toolkit.fsf.errors import FsfError

    result = convert(text)
    files = result.rule_files()
    if not files:
        diags = [*result.diagnostics, *(d for s in result.sections for d in s.diagnostics)]
        errors = [d for d in diags if d.is_error] or [
            info_of(codes.INI_SYNTAX).diagnostic(span=Span(0, 0), what="the file has no section")
        ]
        raise FsfError(errors, text)
    return files


def core_status(fbr_text: str) -> str | None:
    """``None`` when the variant core plays the rule file, else the first reason it does not."""
    from notation_toolkit.core.errors import NotationError
    from notation_toolkit.variant import Variant

    try:
        Variant.from_text(fbr_text).start()
    except NotationError as exc:
        first = exc.diagnostics[0] if exc.diagnostics else None
        return f"{first.code}: {first.message}" if first else str(exc)
    return None


# --------------------------------------------------------------------------------------------
# inheritance


def _builtin_options(name: str) -> dict[str, Option]:
    import dataclasses

    text = f"[{name}]\n" + BUILTINS[name]
    options = read(text).sections[name].options
    # spans into the built-in text mean nothing to the user: the section marks them as built-in
    return {k: dataclasses.replace(o, section=f"<{name}>") for k, o in options.items()}


def _resolve(ini: IniFile, section: Section, ctx: _Ctx) -> list[tuple[str, dict[str, Option]]]:
    chain: list[tuple[str, dict[str, Option]]] = [(section.name, dict(section.options))]
    seen = [section.name]
    parent = section.parent
    while parent is not None:
        if parent in seen or len(seen) > MAX_DEPTH:
            ctx.failed = True
            ctx.diags.append(
                info_of(codes.BAD_PARENT).diagnostic(
                    "cycle", span=section.span, chain=" -> ".join([*seen, parent])
                )
            )
            raise Refused
        seen.append(parent)
        if parent in ini.sections and parent not in ini.refused:
            p = ini.sections[parent]
            chain.append((p.name, dict(p.options)))
            parent = p.parent
            continue
        if parent in ini.sections:
            ctx.failed = True
            ctx.diags.append(
                info_of(codes.BAD_PARENT).diagnostic(span=section.span, section=section.name, parent=parent)
            )
            raise Refused
        if parent in BUILTINS:
            chain.append((f"<{parent}>", _builtin_options(parent)))
            if parent in INCOMPLETE_BUILTINS:
                ctx.failed = True
                ctx.diags.append(
                    info_of(codes.NOT_MAPPED).diagnostic(
                        span=section.span,
                        name=f"[{section.name}:{parent}]",
                        value=parent,
                        why=f"the built-in {parent} is defined by {INCOMPLETE_BUILTINS[parent]}",
                        lacks=INCOMPLETE_BUILTINS[parent],
                    )
                )
                raise Refused
            break
        ctx.failed = True
        known = ", ".join(sorted(k for k in BUILTINS if k not in INCOMPLETE_BUILTINS))
        ctx.diags.append(
            info_of(codes.UNKNOWN_BUILTIN).diagnostic(span=section.span, parent=parent, known=known)
        )
        raise Refused
    chain.reverse()
    return chain


def _section(ini: IniFile, section: Section) -> SectionResult:
    ctx = _Ctx(section, {}, {}, header=section.span)
    if section.name in ini.refused:
        return SectionResult(section.name, section.parent, None, ())
    try:
        chain = _resolve(ini, section, ctx)
        for source, opts in chain:
            for name, opt in opts.items():
                if not is_known(name):
                    if source == section.name or not source.startswith("<"):
                        ctx.failed = True
                        from notation_toolkit.core.suggest import did_you_mean

                        guess = did_you_mean(name, sorted(_all_names()))
                        ctx.diags.append(
                            info_of(codes.UNKNOWN_OPTION).diagnostic(
                                "" if guess else "no_guess", span=opt.span, name=name, suggestion=guess
                            )
                        )
                    continue
                if source.startswith("<"):
                    ctx.builtin_of[name] = source[1:-1]
                else:
                    ctx.builtin_of.pop(name, None)
        fbr = _Writer(ctx, chain).write()
    except Refused:
        fbr = None
    if ctx.failed:
        fbr = None
    return SectionResult(section.name, section.parent, fbr, tuple(ctx.diags))


def _all_names() -> set[str]:
    from notation_toolkit.fsf.options import OPTIONS

    return set(OPTIONS) | set(PIECE_OPTIONS)


# --------------------------------------------------------------------------------------------
# the writer


_PER_PIECE = ("promotedPieceType", "promotionLimit")
_FEN_CELL = re.compile(r"\+?[A-Za-z]~?|[0-9]+|\*")


def _wall_safe(betza: str) -> bool:
    """True when no part of the Betza string leaps or hops along one of the eight lines: steps,
    slides, lame leaps (``nD``) and leaps off the lines (``N``, ``C``, ``Z``) only."""
    if "p" in betza or "g" in betza:
        return False
    for m in re.finditer(r"([a-z]*)([A-Z])", betza):
        mods, atom = m.groups()
        if atom in "WFKNCZRBQ" or (atom in "DA" and "n" in mods):
            continue
        return False
    return True


class _Writer:
    """Effective options -> FBR lines."""

    def __init__(self, ctx: _Ctx, chain: list[tuple[str, dict[str, Option]]]) -> None:
        self.ctx = ctx
        self.chain = chain
        self.opts: dict[str, Option] = {}
        self.pieces: dict[str, _Piece] = {}
        for kind, letter in CHESS_PIECES.items():
            self.pieces[kind] = _Piece(kind, letter.upper(), PIECE_TYPES[kind], None)
        # Fairy-Stockfish reads piece-type sets (promotionPieceTypes = qrbn) into types when their
        # section is read: the letters of a parent's option name the parent's pieces
        self.snapshots: dict[str, dict[str, str]] = {}
        self.per_piece: dict[str, list[Option]] = {}
        for source, opts in chain:
            for name, opt in opts.items():
                if name in PIECE_OPTIONS:
                    self._piece_option(opt)
                elif is_known(name):
                    self.opts[name] = opt
                    if name in _PER_PIECE:
                        # Fairy-Stockfish sets these per piece: a child adds to its parent's entries
                        self.per_piece.setdefault(name, []).append(opt)
            self.snapshots[source.strip("<>")] = {p.letter: p.kind for p in self.pieces.values()}
        ctx.opts = self.opts
        self.rules: list[str] = []
        self.defs: list[str] = []
        self.promotion_choices: dict[str, str] = {}
        self.promotion_limits: list[tuple[str, int]] = []
        self.asymmetric_regions: list[str] = []
        self.castle_marks: set[Square] = set()
        self.gate_marks: set[Square] = set()  # unmoved pieces that may gate (Seirawan FEN letters)
        self.gating = False
        self.asymmetric: list[_Piece] = []
        self.start = ""
        self.used: set[str] = set()

    # -- option access ------------------------------------------------------------------------

    def get(self, name: str) -> Option | None:
        opt = self.opts.get(name)
        if opt is not None:
            self.used.add(name)
        return opt

    def flag(self, name: str, default: bool) -> bool:
        opt = self.get(name)
        if opt is None:
            return default
        try:
            return read_bool(opt.value)
        except ValueError as exc:
            self.ctx.bad(opt, str(exc), "write true or false")
            return default

    def number(self, name: str, default: int) -> int:
        opt = self.get(name)
        if opt is None:
            return default
        try:
            return read_int(opt.value)
        except ValueError as exc:
            self.ctx.bad(opt, str(exc))
            return default

    def value(self, name: str, default: str) -> str:
        opt = self.get(name)
        if opt is None:
            return default
        try:
            return read_value(opt.value)
        except ValueError as exc:
            self.ctx.bad(opt, str(exc))
            return default

    def region(self, name: str, default: frozenset[Square] | None) -> frozenset[Square] | None:
        opt = self.get(name)
        if opt is None:
            return default
        try:
            return read_region(opt.value, self.files, self.ranks)
        except ValueError as exc:
            self.ctx.bad(opt, str(exc), "write ranks *2, files d*, squares a1, or - for none")
            return default

    def kinds(self, *kinds: str) -> str:
        """The letters of the piece types ``kinds`` that are in the game."""
        return "".join(self.pieces[k].letter for k in kinds if k in self.pieces)

    def letters(self, name: str, default: str) -> str:
        """A piece-type set option as FBR letters (``*`` = every piece)."""
        opt = self.get(name)
        if opt is None:
            return default
        text = opt.value.replace(" ", "")
        if text == "*":
            return "".join(p.letter for p in self.pieces.values())
        if text == "-":
            return ""
        out = ""
        snapshot = self.snapshots.get(opt.section.strip("<>"), {})
        inherited = opt.section != self.ctx.section.name
        for ch in text:
            if not ch.isalpha():
                self.ctx.bad(opt, f"{ch!r} is not a piece letter")
                return default
            kind = snapshot.get(ch.upper())
            if kind is None:
                self.ctx.bad(opt, f"{ch!r} is not the letter of a piece of this variant")
                return default
            piece = self.pieces.get(kind)
            if piece is None:
                continue  # a piece type a later section removed: the set keeps it, unused
            if inherited and piece.letter != ch.upper():
                pass  # the type took another letter: the set follows the type
            if piece.letter not in out:
                out += piece.letter
        return out

    def refuse(self, name: str, why: str, lacks: str) -> None:
        opt = self.opts.get(name)
        value = opt.value if opt is not None else ""
        self.ctx.refuse(opt, name, value, why, lacks)

    # -- pieces -------------------------------------------------------------------------------

    def _piece_option(self, opt: Option) -> None:
        kind = ALIASES.get(opt.name, opt.name)
        value = opt.value.strip()
        if not value or value[0] == "-":
            self.pieces.pop(kind, None)
            return
        letter = value[0]
        if not letter.isalpha() or not letter.isascii():
            self.ctx.bad(opt, f"{letter!r} is not a piece letter", "write a letter, or - to remove the piece")
            return
        betza = PIECE_TYPES.get(kind, "")
        if kind.startswith("customPiece") or kind == "king":
            if len(value) > 1:
                if value[1] != ":":
                    self.ctx.bad(
                        opt, "the letter must be followed by ':' and the Betza moves", "write x:Betza"
                    )
                    return
                betza = value[2:]
            elif kind.startswith("customPiece"):
                self.ctx.bad(opt, "a custom piece needs its Betza moves", "write x:Betza")
                return
        self.pieces.pop(kind, None)
        # as Fairy-Stockfish: a piece given the letter of another replaces it
        for other in [k for k, p in self.pieces.items() if p.letter == letter.upper()]:
            del self.pieces[other]
        self.pieces[kind] = _Piece(kind, letter.upper(), betza, opt)

    # -- the whole file -----------------------------------------------------------------------

    def write(self) -> str:
        ctx = self.ctx
        self.files = self._dimension("maxFile", 8, read_file)
        self.ranks = self._dimension("maxRank", 8, read_rank)
        if ctx.failed:
            raise Refused
        self._check_letters()
        self._refuse_unmapped()
        self._adjudication()
        self._start_position()
        self._royal()
        self._game_end()
        self._promotion()
        self._pseudo_royal_kept()
        self._drops()
        self._gating()
        self._misc()
        self._piece_defs()
        self._castling()
        for name in self.opts:
            if mobility_option(name) is not None:
                self.used.add(name)
        self._unused()
        if ctx.failed:
            raise Refused
        start = self.start
        section = ctx.section
        head = f"[{section.name}:{section.parent}]" if section.parent else f"[{section.name}]"
        lines = [
            f"~ {section.name}: imported from the Fairy-Stockfish variants.ini section {head}.",
            "~ Each line names the ini option it states (ntk fsf import; docs/fsf.md).",
            f'variant="{section.name}"',
            f'boardsize="{self.files}x{self.ranks}"  ~ maxFile, maxRank',
            f'startposition="{start}"  ~ startFen',
            "",
            *self.rules,
            "",
            *self.defs,
        ]
        return "\n".join(lines) + "\n"

    def _dimension(self, name: str, default: int, reader: object) -> int:
        opt = self.get(name)
        if opt is None:
            return default
        try:
            value = reader(opt.value) + 1  # type: ignore[operator]
        except ValueError as exc:
            self.ctx.bad(opt, str(exc))
            return default
        if not 1 <= value <= MAX_BOARD:
            self.ctx.diags.append(
                info_of(codes.TOO_LARGE).diagnostic(
                    span=self.ctx.span(opt), what=name, size=value, limit=MAX_BOARD
                )
            )
            self.ctx.failed = True
        return int(value)

    def _check_letters(self) -> None:
        seen: dict[str, str] = {}
        for p in self.pieces.values():
            if p.letter in seen:
                opt = p.option
                if opt is not None:
                    self.ctx.bad(
                        opt,
                        f"{p.kind} and {seen[p.letter]} both use the letter {p.letter.lower()}",
                        "give each piece its own letter",
                    )
                else:
                    self.ctx.failed = True
            seen[p.letter] = p.kind
        if self.ctx.failed:
            raise Refused

    def _letter_of(self, kind: str) -> str | None:
        p = self.pieces.get(ALIASES.get(kind, kind))
        return p.letter if p else None

    # -- refusals -----------------------------------------------------------------------------

    _UNMAPPED: ClassVar[dict[str, tuple[str, str]]] = {
        "chess960": ("true", "a shuffled start position; FBR's startposition is one position"),
        "twoBoards": ("true", "an executed bughouse rule (two boards sharing holdings)"),
        "petrifyOnCaptureTypes": ("", "a rule turning capturing pieces into walls"),
        "mutuallyImmuneTypes": ("", "a rule making pieces of one type immune to each other"),
        "blastImmuneTypes": ("", "an atomic rule whose explosion spares the capturing piece"),
        "petrifyBlastPieces": ("true", "a rule turning pieces into walls"),
        "wallingRule": ("", "a rule placing walls (arrows, a duck) after each move"),
        "wallOrMove": ("true", "a rule placing walls instead of moving"),
        "cambodianMoves": ("true", "special first moves of the king and the queen (Cambodian rules)"),
        "diagonalLines": ("", "board lines of diagonal movement"),
        "pass": ("true", "an executed passing move (FBR turn=optional is not executed)"),
        "passWhite": ("true", "an executed passing move (FBR turn=optional is not executed)"),
        "passBlack": ("true", "an executed passing move (FBR turn=optional is not executed)"),
        "passOnStalemateWhite": ("true", "a pass instead of a stalemate"),
        "passOnStalemateBlack": ("true", "a pass instead of a stalemate"),
        "makpongRule": ("true", "the makpong rule (the king may not move out of check)"),
        "flipEnclosedPieces": ("", "a rule flipping enclosed pieces (reversi, ataxx)"),
        "enclosingDrop": ("", "drops restricted to enclosing squares"),
        "enclosingDropStart": ("", "drops restricted to enclosing squares"),
        "dropOnTop": ("true", "drops restricted to the top of a column"),
        "mustDrop": ("true", "a rule forcing a drop while pieces are in hand"),
        "mustDropType": ("", "a rule forcing drops of one piece type"),
        "dropLoop": ("true", "drops of captured pieces back into one's own hand"),
        "dropPromoted": ("true", "drops of promoted pieces in their promoted state"),
        "dropOppositeColoredBishop": ("true", "a rule forcing bishops onto squares of both colours"),
        "sittuyinRookDrop": ("true", "the sittuyin rook-drop rule"),
        "sittuyinPromotion": ("true", "the sittuyin promotion rule (promotion in place, on a diagonal)"),
        "piecePromotionOnCapture": ("true", "promotion on capture"),
        "pieceDemotion": ("true", "demotion of promoted pieces by a move"),
        "moveRepetitionIllegal": ("true", "a rule making repeated positions illegal moves"),
        "dupleCheck": ("true", "a check rule for several royal pieces"),
        "bikjangRule": ("true", "the bikjang (facing kings) draw rule"),
        "shatarMateRule": ("true", "the shatar mate rule"),
        "stalematePieceCount": ("true", "a stalemate value by material count"),
        "oppositeCastling": ("true", "castling only to the side the opponent did not castle to"),
        "castlingWins": ("", "a win by castling"),
        "connectN": ("", "a win by connecting pieces in a line"),
        "connectNxN": ("", "a win by a square of pieces"),
        "collinearN": ("", "a win by pieces in a line"),
        "connectRegion1White": ("", "a win by connecting two regions"),
        "connectRegion1Black": ("", "a win by connecting two regions"),
    }

    def _refuse_unmapped(self) -> None:
        for name, (default_off, lacks) in self._UNMAPPED.items():
            opt = self.get(name)
            if opt is None:
                continue
            value = opt.value.strip()
            if default_off == "true" and value != "true":
                continue
            if default_off == "" and value in ("", "-", "none", "0", "false"):
                continue
            self.ctx.refuse(opt, name, value, "Fairy-Stockfish's rule has no FBR counterpart", lacks)
        cm = self.value("checkmateValue", "loss")
        if cm not in ("loss", "win"):
            self.refuse(
                "checkmateValue", "a checkmated side that does not lose", "a checkmate value other than loss"
            )
        # checking = false: a move giving check is illegal, FBR royal=taboo (003:961), written by _royal
        self.taboo = not self.flag("checking", True)
        for name in (
            "castlingKingFile",
            "castlingRookKingsideFile",
            "castlingRookQueensideFile",
        ):
            if self.get(name) is not None and name != "castlingKingFile":
                self.refuse(
                    name,
                    "castling from other squares than the corners of the first rank",
                    "castling rules with another castling rank or rook files",
                )

    def _adjudication(self) -> None:
        for name, why in ADJUDICATION.items():
            opt = self.get(name)
            if opt is None:
                continue
            value = opt.value.strip()
            if value in ("0", "none", "draw", "false"):
                continue
            if name == "nFoldValue" and self._repetition_loses():
                continue  # carried over as loss=repetition
            self.ctx.note(codes.NOT_CARRIED, opt, name=name, value=value, why=why)
        for name in DISPLAY_ONLY:
            self.get(name)

    # -- start position -----------------------------------------------------------------------

    def _start_position(self) -> None:
        opt = self.get("startFen")
        fen = opt.value if opt is not None else "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        fields = fen.split()
        if not fields:
            self._bad_fen(opt, "the start position is empty")
        board = fields[0]
        pocket: str | None = None
        m = re.fullmatch(r"(.*)\[(.*)\]", board)
        if m:
            board, pocket = m.group(1), m.group(2)
        rows = board.split("/")
        if len(rows) == self.ranks + 1:
            pocket = rows.pop()
        if len(rows) != self.ranks:
            self._bad_fen(opt, f"the placement has {len(rows)} ranks, the board {self.ranks}")
        self.grid: list[list[str | None]] = []
        walls: list[tuple[int, int]] = []  # (file, row from the top)
        for row in rows:
            cells: list[str | None] = []
            pos = 0
            for m2 in _FEN_CELL.finditer(row):
                if m2.start() != pos:
                    self._bad_fen(opt, f"{row[pos : m2.start()]!r} is not a piece or a number")
                pos = m2.end()
                token = m2.group(0)
                if token == "*":
                    # a wall: an FBR hole (zone[range]=hole, 003:1131), checked in _walls
                    walls.append((len(cells), len(self.grid)))
                    cells.append(None)
                    continue
                if token.isdigit():
                    if len(token) > 2:
                        self._bad_fen(opt, f"{token} empty squares is more than the board holds")
                    cells.extend([None] * int(token))
                else:
                    cells.append(token)
            if pos != len(row):
                self._bad_fen(opt, f"{row[pos:]!r} is not a piece or a number")
            if len(cells) != self.files:
                self._bad_fen(opt, f"rank {row!r} has {len(cells)} squares, the board {self.files} files")
            self.grid.append(cells)
        self.grid.reverse()  # grid[rank][file], rank 0 = White's first rank
        self.walls = frozenset((f, self.ranks - 1 - top) for f, top in walls)
        self.white_to_move = len(fields) < 2 or fields[1] != "b"
        self.castle_rights = ""
        self.check_counts: tuple[int, int] | None = None
        rest = fields[2:]
        if rest and re.fullmatch(r"[A-Za-z]+|-", rest[0]):
            self.castle_rights = "" if rest[0] == "-" else rest[0]
            rest = rest[1:]
            if rest and re.fullmatch(r"[a-z][0-9]+|-", rest[0]):
                if rest[0] != "-":
                    self._bad_fen(opt, "an en-passant square in the start position is not carried over")
                rest = rest[1:]
        for item in rest:
            mc = re.fullmatch(r"([0-9])\+([0-9])", item)
            if mc:
                self.check_counts = (int(mc.group(1)), int(mc.group(2)))
        known = {p.letter for p in self.pieces.values()}
        for row_cells in self.grid:
            for cell in row_cells:
                if cell is not None and cell.strip("+~").upper() not in known:
                    self._bad_fen(opt, f"{cell.strip('+~')!r} is not a piece of this variant")
        self.pocket = pocket or ""
        for ch in self.pocket:
            if ch != "-" and (not ch.isalpha() or ch.upper() not in known):
                self._bad_fen(opt, f"{ch!r} in the pocket is not a piece of this variant")

    def _bad_fen(self, opt: Option | None, why: str) -> None:
        if opt is None:
            self.ctx.failed = True
            raise Refused
        self.ctx.bad(opt, why, "write a start position of this board in Fairy-Stockfish's FEN")
        raise Refused

    def _feen(self) -> str:
        from notation_toolkit import feen

        royal = self.royal_letter
        marks = self.castle_marks | self.gate_marks
        rows = []
        for r in range(self.ranks - 1, -1, -1):
            out = ""
            empty = 0
            for f in range(self.files):
                cell = self.grid[r][f]
                if cell is None:
                    empty += 1
                    continue
                if empty:
                    out += str(empty)
                    empty = 0
                letter = cell.strip("+~")
                token = letter
                if cell.startswith("+") or cell.endswith("~"):
                    token = "+" + token
                elif (f, r) in marks:
                    token = "-" + token
                if royal and letter.upper() in (royal, self.royal_extra):
                    token += "^"
                out += token
            if empty:
                out += str(empty)
            rows.append(out)
        first = "".join(ch for ch in self.pocket if ch.isupper())
        second = "".join(ch for ch in self.pocket if ch.islower())
        style = "C/c" if self.white_to_move else "c/C"
        text = "/".join(rows) + f" {first}/{second} {style}"
        try:
            canonical, _fixes = feen.canonicalize(text)
        except Exception:  # a FEEN the reader cannot write is an import bug shown as a refusal
            return text
        return canonical

    # -- rules --------------------------------------------------------------------------------

    def _royal(self) -> None:
        king = self.pieces.get("king")
        if king is not None and not self._present(king.letter):
            # Fairy-Stockfish checks only kings on the board: without one the game has no royal piece
            king = None
        self.pseudo_royal = False
        self.royal_extra: str | None = None  # a pseudo-royal type beside the king (Maharajah's amazon)
        pseudo = self._pseudo_royal()
        if pseudo is not None and king is None:
            king = pseudo
            self.pseudo_royal = True
        elif pseudo is not None and king is not None and pseudo.letter != king.letter:
            self.royal_extra = pseudo.letter
        self.royal_letter = king.letter if king else None
        if king is None:
            if self.taboo:
                self.refuse("checking", "giving check is forbidden without a royal piece", "a royal piece")
            return
        checks = self.flag("checkCounting", False)
        royal_set = king.letter + (self.royal_extra or "")
        rule = "royal" if royal_set == "K" else f"royal{{{royal_set}}}"
        source = "extinctionPseudoRoyal" if self.pseudo_royal else "king"
        if self.royal_extra:
            source += ", extinctionPseudoRoyal"
        if self.taboo:
            if checks or self.value("checkmateValue", "loss") != "loss":
                self.refuse(
                    "checking",
                    "giving check is forbidden in a game won by checks or by being checkmated",
                    "royal=taboo together with maxchecks or checkmated",
                )
            # royal=taboo: no move may attack a royal piece (003:961), Fairy-Stockfish's checking = false
            self.rules.append(f"{rule}=taboo  ~ {source}, checking = false")
            return
        if self.value("checkmateValue", "loss") == "win":
            # the checkmated side wins: royal=checkmated (003:922-924)
            self.rules.append(f"{rule}=checkmated  ~ checkmateValue = win")
            rule = "royal" if royal_set == "K" else f"royal{{{royal_set}}}"
            if not checks:
                return
        if checks:
            counts = self.check_counts or (3, 3)
            if counts[0] != counts[1]:
                self.refuse(
                    "checkCounting",
                    "the two sides need different numbers of checks",
                    "royal=maxchecks with a count per side",
                )
            rule += f"=maxchecks({counts[0]})"
            self.rules.append(f"{rule}  ~ {source}{', checkCounting' if checks else ''}")
        else:
            self.rules.append(f"{rule}  ~ {source}")

    def _pseudo_royal(self) -> _Piece | None:
        """The piece type ``extinctionPseudoRoyal`` makes royal, where FBR royal states it.

        Fairy-Stockfish treats a side's pieces of an extinction type as royal while it has at most
        ``extinctionPieceCount + 1`` of them (a move may not leave one attacked), and then does not
        apply the extinction rule but in blast variants. With at most that many of a single type per
        side at the start (exactly that many with ``blastOnCapture``), and no way to gain one (no
        pocket holds it, nothing promotes to it: checked after the promotions are read), they are
        royal for the whole game: FBR's royal set, several royal pieces included (003:894-902).
        Anything else is refused in ``_extinction``.
        """
        if not self.flag("extinctionPseudoRoyal", False) or self.value("extinctionValue", "none") != "loss":
            return None
        if self.number("extinctionOpponentPieceCount", 0) != 0:
            return None
        types = self.get("extinctionPieceTypes")
        if types is None or types.value.strip() in ("", "*", "-"):
            return None
        named = self.letters("extinctionPieceTypes", "")
        if len(named) != 1:
            return None
        letter = named
        piece = next((p for p in self.pieces.values() if p.letter == letter), None)
        if piece is None or letter in self.pocket.upper():
            return None
        wanted = self.number("extinctionPieceCount", 0) + 1
        cells = [c.strip("+~") for row in self.grid for c in row if c is not None]
        counts = (cells.count(letter), cells.count(letter.lower()))
        blast = self.flag("blastOnCapture", False)
        if max(counts) == 0 or max(counts) > wanted or (blast and min(counts) != wanted):
            return None
        return piece

    def _repetition_loses(self) -> bool:
        """``nFoldValue = win`` (for the player to move after the repetition, not absolute): the
        player who repeats loses, FBR's loss=repetition (003:446)."""
        value = self.opts.get("nFoldValue")
        absolute = self.opts.get("nFoldValueAbsolute")
        return (
            value is not None
            and value.value.strip() == "win"
            and (absolute is None or absolute.value.strip() != "true")
            and (self.opts.get("nFoldRule") is None or self.opts["nFoldRule"].value.strip() != "0")
        )

    def _game_end(self) -> None:
        stalemate = self.value("stalemateValue", "draw")
        if self.flag("passOnStalemate", False):
            # the stalemated player passes: stalemate=skip (003:989)
            self.rules.append("stalemate=skip  ~ passOnStalemate")
        elif stalemate in ("loss", "win"):
            self.rules.append(f"stalemate={stalemate}  ~ stalemateValue")
        elif stalemate == "none":
            self.refuse("stalemateValue", "a stalemate without a value", "a stalemate rule that ends nothing")
        nfold = self.number("nFoldRule", 3)
        if self._repetition_loses():
            # the player to move after the repetition wins: the player who repeated loses (003:446)
            self.rules.append(f"loss=repetition({nfold})  ~ nFoldRule, nFoldValue = win")
        elif nfold == 0:
            self.rules.append("!draw  ~ nFoldRule = 0")
        elif nfold != 3:
            self.rules.append(f"draw=repetition({nfold})  ~ nFoldRule")
        if self.flag("perpetualCheckIllegal", False):
            self.rules.append(f"loss=perpetualcheck({nfold or 3})  ~ perpetualCheckIllegal")
        self._atomic()
        self._walls()
        self._extinction(stalemate)
        self._flag()
        if self.flag("mustCapture", False):
            self.rules.append("mustcapture  ~ mustCapture")

    def _pseudo_royal_kept(self) -> None:
        letter = self.royal_extra or (self.royal_letter if self.pseudo_royal else None)
        if letter is None:
            return
        targets = {ch.upper() for choices in self.promotion_choices.values() for ch in choices}
        targets |= set(self.promoted.values())
        if letter in targets:
            self.refuse(
                "extinctionPseudoRoyal",
                f"a promotion gives a side another {letter.lower()}, which may end its royalty",
                "royal pieces that stop being royal when a side has more of them",
            )

    def _walls(self) -> None:
        if not self.walls:
            return
        # Fairy-Stockfish's walls stop sliders and steps as FBR's holes do; a leap along a line
        # (alfil, dabbaba) or a hop jumps a wall there but not a hole (003:1131): refused
        for piece in self.pieces.values():
            if piece.betza and not _wall_safe(piece.betza):
                self.refuse(
                    "startFen",
                    f"walls (*) with the {piece.kind}, which leaps or hops along a line (over a wall in "
                    "Fairy-Stockfish, never over an FBR hole)",
                    "holes a piece may leap over",
                )
                return
        self.rules.append(f"zone{fbr_range(self.walls, self.files, self.ranks)}=hole  ~ startFen walls (*)")

    def _atomic(self) -> None:
        if not self.flag("blastOnCapture", False):
            return
        if self.flag("pieceDrops", False):
            self.refuse(
                "blastOnCapture",
                "exploded pieces would go to the hand",
                "an atomic rule with holdings (the variant core refuses atomic with holding)",
            )
        if self.royal_letter is not None and not self.pseudo_royal:
            self.refuse(
                "blastOnCapture",
                "Fairy-Stockfish refuses kings with blastOnCapture (its atomic king is a commoner)",
                "an atomic game Fairy-Stockfish plays",
            )
        # Fairy-Stockfish's blast spares the piece type pawn next to the target, not pawnTypes (003:112)
        pawn = self.kinds("pawn")
        spared = f"{{^{pawn}}}" if pawn else ""
        self.rules.append(f"atomic{spared}  ~ blastOnCapture")

    def _extinction(self, stalemate: str) -> None:
        value = self.value("extinctionValue", "none")
        if value == "none":
            for name in ("extinctionPieceTypes", "extinctionPieceCount", "extinctionOpponentPieceCount"):
                self.get(name)
            return
        if self.pseudo_royal or self.royal_extra:
            return  # royal{X} above states it: a royal piece is never captured, only mated
        if self.flag("extinctionPseudoRoyal", False):
            self.refuse(
                "extinctionPseudoRoyal",
                "pieces that are royal only while a side has few enough of them (several types, more "
                "at the start, or a way to gain one)",
                "royal pieces whose royalty depends on how many a side has",
            )
        types = self.get("extinctionPieceTypes")
        count = self.number("extinctionPieceCount", 0)
        opponent = self.number("extinctionOpponentPieceCount", 0)
        every = types is not None and types.value.strip() == "*"
        # Losing every piece leaves no move: the stalemate value decides, as extinction would.
        if every and count == 0 and opponent == 0 and value == stalemate and "king" not in self.pieces:
            return
        letters = {p.letter for p in self.pieces.values()}
        named = sorted({c.upper() for c in types.value.strip()}) if types is not None else []
        pseudo = self.flag("extinctionPseudoRoyal", False)
        if (
            value == "loss"
            and opponent == 0
            and not pseudo
            and not self.flag("pieceDrops", False)
            and (every or (named and set(named) <= letters))
        ):
            # FBR pieces=extinction (003:562): a side without a piece of every type of the set
            # loses; pieces=morethan(N) (003:590): N or fewer pieces of the set lose
            if every:
                self.rules.append(f"pieces=morethan({count})  ~ extinctionValue, extinctionPieceTypes")
                return
            if count == 0:
                self.rules.append(
                    "pieces{" + "".join(named) + "}=extinction  ~ extinctionValue, extinctionPieceTypes"
                )
                return
            if len(named) == 1:
                self.rules.append(
                    "pieces{" + named[0] + f"}}=morethan({count})  ~ extinctionValue, extinctionPieceCount"
                )
                return
        self.refuse(
            "extinctionValue",
            "the game ends when a side has lost every piece of some types",
            "an executed extinction rule (FBR pieces=extinction is not executed by the variant core)",
        )

    def _flag(self) -> None:
        for name in ("flagPiece", "flagPieceWhite", "flagPieceBlack"):
            self.get(name)
        white = self.region("flagRegionWhite", None)
        black = self.region("flagRegionBlack", None)
        generic = self.region("flagRegion", None)
        if generic is not None:
            white = black = generic
        for legacy in ("whiteFlag", "blackFlag"):
            if self.get(legacy) is not None:
                self.refuse(
                    legacy, "an old form of flagRegion", "the old flag options (write flagRegionWhite)"
                )
        if not white and not black:
            return
        name = "flagRegionWhite" if self.opts.get("flagRegionWhite") else "flagRegion"
        letters = {
            o.value.strip()[:1].upper()
            for o in (
                self.opts.get("flagPiece"),
                self.opts.get("flagPieceWhite"),
                self.opts.get("flagPieceBlack"),
            )
            if o is not None
        }
        if not letters:
            letters = {"*"}  # Fairy-Stockfish's default flag piece: any piece
        if len(letters) != 1:
            self.refuse(
                "flagPieceWhite",
                "the two sides have different flag pieces",
                "a hill rule with a piece set per side",
            )
            return
        letter = next(iter(letters))
        if letter == "*":
            hill_set = "{" + "".join(p.letter for p in self.pieces.values()) + "}"
        elif letter in {p.letter for p in self.pieces.values()}:
            hill_set = "" if letter == self.royal_letter else "{" + letter + "}"
        else:
            self.refuse("flagPiece", f"{letter.lower()} is not a piece of this variant", "a flag piece")
            return
        if self.flag("flagMove", False):
            self.refuse(
                "flagMove",
                "the other side may still answer a piece reaching the region",
                "a hill rule that lets the opponent answer",
            )
        count = self.number("flagPieceCount", 1)
        # flagPieceCount = the region's size: a side wins by filling the region, FBR hill=fill (003:386)
        fill = count > 1 and white is not None and count == len(white)
        if (
            (count != 1 and not fill)
            or self.flag("flagPieceBlockedWin", False)
            or self.flag("flagPieceSafe", False)
        ):
            self.refuse(
                name,
                "several pieces, blocked or safe pieces on the region",
                "a hill rule with counts or safety conditions",
            )
        # with a piece that is not left-right symmetric the file says mirror=vertical,horizontal
        # (_piece_defs), and the hill follows that point symmetry (003:464)
        expected = mirror(white, self.ranks) if white is not None else None
        if expected is not None and self._turns_board():
            expected = frozenset((self.files - 1 - f, r) for f, r in expected)
        if white is None or black is None or black != expected:
            self.refuse(
                name,
                "the regions of the two sides are not mirror images",
                "a hill rule with a region per side",
            )
            return
        # FBR hill{set}: the side moving a piece of the set onto the hill wins (003:380)
        self.rules.append(
            f"hill{hill_set}{fbr_range(white, self.files, self.ranks)}{'=fill' if fill else ''}"
            f"  ~ flagPiece, flagRegion{', flagPieceCount' if fill else ''}"
        )

    def _turns_board(self) -> bool:
        """True when a piece's Betza is not left-right symmetric (the import mirrors both ways)."""
        for piece in self.pieces.values():
            try:
                if piece.betza and not is_left_right_symmetric(piece.betza):
                    return True
            except BetzaError:
                continue  # refused with its piece
        return False

    def _pawn_types(self) -> str:
        pawn_letter = self.kinds("pawn")
        base = self.letters("pawnTypes", pawn_letter)
        base = self.letters("promotionPawnTypes", base)
        white = self.letters("promotionPawnTypesWhite", base)
        black = self.letters("promotionPawnTypesBlack", base)
        if white != black:
            self.refuse(
                "promotionPawnTypesWhite",
                "the two sides promote different pieces",
                "promotion rules per side",
            )
        return white

    def _promotion(self) -> None:
        # Fairy-Stockfish's defaults are the 8th rank for White and the 1st for Black, whatever the board
        self.zone = self._side_region(
            "promotionRegion",
            frozenset((f, 7) for f in range(self.files)) if self.ranks >= 8 else frozenset(),
            legacy="promotionRank",
            black_default=frozenset((f, 0) for f in range(self.files)),
        )
        choices_w = self.letters("promotionPieceTypes", self.kinds("queen", "rook", "bishop", "knight"))
        white = self.letters("promotionPieceTypesWhite", choices_w)
        black = self.letters("promotionPieceTypesBlack", choices_w)
        known = {p.letter for p in self.pieces.values()}
        choices = "".join(ch for ch in white if ch in known)
        if white != black:
            # colour-specific choices: the first player's in upper case, the second's in lower case
            choices += "".join(ch for ch in black if ch in known).lower()
        pawns = "".join(ch for ch in self._pawn_types() if ch in known)
        promoted = self._promoted_types()
        self.promoted = promoted
        mandatory = self.flag("mandatoryPawnPromotion", True)
        piece_mandatory = self.flag("mandatoryPiecePromotion", False)
        self.immobility = self.flag("immobilityIllegal", False)
        limits = self._limits()
        self.promotion_limits = limits
        self.pawn_letters = pawns
        if not self.zone or ((not pawns or not choices) and not promoted):
            return
        movers = set(pawns) | set(promoted)
        if any(self._present(letter) for letter in movers) and not self._symmetric(
            "promotionRegion", "promotionRank"
        ):
            return
        zone = fbr_range(self.zone, self.files, self.ranks)
        if promoted and pawns and choices:
            if set(pawns) & set(promoted):
                self.refuse(
                    "promotedPieceType",
                    "a pawn type promotes both by choice and to a fixed piece",
                    "one promotion rule per piece",
                )
                return
            self.refuse(
                "promotedPieceType",
                "pawns promote by choice while other pieces promote shogi-style",
                "two promotion rules with different attributes on one zone",
            )
            return
        if promoted:
            attrs = "enter,leave,move" + ("" if piece_mandatory else ",optional")
            self.rules.append(f"promotion+{zone}={attrs}  ~ promotionRegion, promotedPieceType")
        else:
            # Fairy-Stockfish promotes on every move that ends in the zone (a pawn dropped there too)
            attrs = "enter,move" if mandatory else "enter,move,optional"
            self.rules.append(f"promotion+{zone}={attrs}  ~ promotionRegion, mandatoryPawnPromotion")
            self.promotion_choices = {p: choices for p in pawns}
        for letter, total in limits:
            self.rules.append(f"pieces{{{letter}}}=total({total})  ~ promotionLimit")

    def _side_region(
        self,
        stem: str,
        default: frozenset[Square],
        legacy: str | None = None,
        black_default: frozenset[Square] | None = None,
    ) -> frozenset[Square]:
        white = self.region(stem + "White", None)
        black = self.region(stem + "Black", None)
        if black_default is None:
            black_default = mirror(default, self.ranks)
        if legacy and self.get(legacy) is not None:
            opt = self.opts[legacy]
            try:
                rank = read_rank(opt.value)
            except ValueError as exc:
                self.ctx.bad(opt, str(exc))
                return default
            zone = frozenset((f, r) for f in range(self.files) for r in range(rank, self.ranks))
            white = white if white is not None else zone
            black = black if black is not None else mirror(zone, self.ranks)
        if white is None and black is None and black_default == mirror(default, self.ranks):
            return default
        if white is None:
            white = default
        if black is None:
            black = black_default
        if black != mirror(white, self.ranks):
            self.asymmetric_regions.append(stem)
        return white

    def _present(self, letter: str) -> bool:
        """True when a piece of ``letter`` is on the start board or in a start pocket."""
        on_board = any(c is not None and c.strip("+~").upper() == letter for row in self.grid for c in row)
        return on_board or letter in self.pocket.upper()

    def _symmetric(self, stem: str, legacy: str | None = None) -> bool:
        """Refuse the section if the region ``stem`` differs between the sides (it is used)."""
        if stem not in self.asymmetric_regions:
            return True
        given = next((n for n in (stem + "White", stem + "Black", legacy) if n and self.opts.get(n)), None)
        why = "the regions of the two sides are not mirror images"
        if given is None:
            given = "maxRank"
            why = (
                f"Fairy-Stockfish's default {stem} (White's rank 2 or 8, Black's 7 or 1) is not "
                f"symmetric on a board of {self.ranks} ranks"
            )
        self.refuse(given, why, "a region per side (FBR mirrors White's region for Black)")
        return False

    def _promoted_types(self) -> dict[str, str]:
        if self.get("promotedPieceType") is None:
            return {}
        out: dict[str, str] = {}
        known = {p.letter: p for p in self.pieces.values()}
        for opt in self.per_piece.get("promotedPieceType", []):
            inherited = opt.section != self.ctx.section.name
            for item in opt.value.split():
                m = re.fullmatch(r"([A-Za-z]):([A-Za-z-])", item)
                valid = (
                    m is not None
                    and m.group(1).upper() in known
                    and (m.group(2) == "-" or m.group(2).upper() in known)
                )
                if m is None or (not valid and not inherited):
                    self.ctx.bad(
                        opt, f"{item!r} is not piece:promoted-piece of this variant", "write p:g s:g"
                    )
                    return {}
                if not valid:
                    continue  # a parent's entry for a piece this section removed
                if m.group(2) == "-":
                    out.pop(m.group(1).upper(), None)
                else:
                    out[m.group(1).upper()] = m.group(2).upper()
        return out

    def _limits(self) -> list[tuple[str, int]]:
        if self.get("promotionLimit") is None:
            return []
        out: dict[str, int] = {}
        known = {p.letter for p in self.pieces.values()}
        for opt in self.per_piece.get("promotionLimit", []):
            inherited = opt.section != self.ctx.section.name
            for item in opt.value.split():
                m = re.fullmatch(r"([A-Za-z]):([0-9]{1,4})", item)
                if m is None or (m.group(1).upper() not in known and not inherited):
                    self.ctx.bad(opt, f"{item!r} is not piece:count of this variant", "write q:1 r:2")
                    return []
                if m.group(1).upper() in known:
                    out[m.group(1).upper()] = int(m.group(2))
        return [(letter, count) for letter, count in out.items() if count > 0]

    def _drops(self) -> None:
        drops = self.flag("pieceDrops", False)
        to_hand = self.flag("capturesToHand", False)
        if to_hand:
            self.rules.append("holding=demote  ~ capturesToHand")
        elif drops:
            self.rules.append("holding=pocket  ~ pieceDrops without capturesToHand: the start pocket only")
        self.has_drops = drops
        for name in (
            "dropChecks",
            "firstRankPawnDrops",
            "promotionZonePawnDrops",
            "dropNoDoubled",
            "dropNoDoubledCount",
            "shogiPawnDropMateIllegal",
            "dropRegionWhite",
            "dropRegionBlack",
            "whiteDropRegion",
            "blackDropRegion",
        ):
            self.get(name)
        if not drops:
            return
        everywhere = frozenset((f, r) for f in range(self.files) for r in range(self.ranks))
        region = self._side_region("dropRegion", everywhere)
        self._symmetric("dropRegion")
        for legacy in ("whiteDropRegion", "blackDropRegion"):
            if self.opts.get(legacy) is not None:
                self.refuse(legacy, "an old form of dropRegion", "the old drop-region options")
        if self.promotion_limits:
            self.refuse(
                "promotionLimit",
                "promotion limits count promotions only; with drops FBR's "
                "pieces=total would also limit drops",
                "a limit on promotions alone",
            )
        royal = self.royal_letter
        if to_hand:
            droppable = [p.letter for p in self.pieces.values() if p.letter not in (royal, self.royal_extra)]
        else:
            droppable = sorted({ch.upper() for ch in self.pocket if ch.isalpha()})
        if self.flag("promotionZonePawnDrops", False) and not self.immobility:
            self.refuse(
                "promotionZonePawnDrops",
                "pawns may be dropped where they can never move",
                "drops onto squares where the piece cannot move (FBR forbids them, 003:286); "
                "set immobilityIllegal = true",
            )
        pawn_region = region
        if not self.flag("firstRankPawnDrops", False):
            pawn_region = pawn_region - {(f, 0) for f in range(self.files)}
        if not self.flag("promotionZonePawnDrops", False):
            pawn_region = pawn_region - self.zone
        attrs = [] if self.flag("dropChecks", True) else ["nocheck"]
        nomate = self.flag("shogiPawnDropMateIllegal", False)
        shogi_pawn = self._letter_of("shogiPawn") or ""
        groups: dict[tuple[frozenset[Square], tuple[str, ...]], str] = {}
        letters_kind = {p.letter: p for p in self.pieces.values()}
        for letter in droppable:
            where = pawn_region if letter in self.pawn_letters else region
            # Fairy-Stockfish drops a piece only inside its mobility region
            where = where & self._mobility_region(letters_kind[letter])
            extra = (
                (*attrs, "nomate") if nomate and letter in self.pawn_letters + shogi_pawn else tuple(attrs)
            )
            if not where:
                self.refuse(
                    "dropRegionWhite" if region != everywhere else "pieceDrops",
                    f"piece {letter} may never be dropped",
                    "a rule forbidding the drop of one piece",
                )
                continue
            groups[(where, extra)] = groups.get((where, extra), "") + letter
        for (where, extra), letters in groups.items():
            if where == everywhere and not extra:
                continue
            rng = "" if where == everywhere else fbr_range(where, self.files, self.ranks)
            tail = "=" + ",".join(extra) if extra else ""
            self.rules.append(
                f"drop{{{letters}}}{rng}{tail}  ~ pieceDrops, dropRegion, firstRankPawnDrops, "
                "promotionZonePawnDrops, dropChecks, shogiPawnDropMateIllegal"
            )
        if nomate:
            self.ctx.note(
                codes.MEANING_DIFFERS,
                self.opts.get("shogiPawnDropMateIllegal"),
                name="shogiPawnDropMateIllegal",
                why="FBR's drop=nomate makes a mating pawn drop illegal; Fairy-Stockfish lists it as a "
                "legal move that loses",
                repair="the games agree except on that move",
            )
        doubled = self.opts.get("dropNoDoubled")
        if doubled is not None and doubled.value.strip() not in ("", "-"):
            letter = doubled.value.strip()[0].upper()
            count = self.number("dropNoDoubledCount", 1)
            self.rules.append(f"pieces{{{letter}}}=file({count})  ~ dropNoDoubled")

    def _gating(self) -> None:
        # Seirawan gating (gating + seirawanGating): every piece in hand but pawns, onto the first
        # rank; the gates are the pieces the castling field names (003:364-368)
        gating = self.flag("gating", False)
        seirawan = self.flag("seirawanGating", False)
        if not gating and not seirawan:
            return
        if not seirawan:
            self.refuse("gating", "gating without seirawanGating (Musketeer-style)", "Musketeer gating")
            return
        pieces = "".join(
            p.letter
            for p in self.pieces.values()
            if p.kind not in ("pawn", "king") and p.letter not in self._pawn_types()
        )
        self.gating = True
        self.rules.append(f"gating{{{pieces}}}[1]  ~ gating, seirawanGating")

    def _misc(self) -> None:
        for name in ("doubleStepRank", "doubleStepRankMin"):
            if self.get(name) is not None:
                self.refuse(name, "an old form of doubleStepRegion", "the old double-step options")
        ep_all = frozenset((f, r) for f in range(self.files) for r in range(self.ranks))
        for stem in ("enPassantRegion", "enPassantRegionWhite", "enPassantRegionBlack"):
            region = self.region(stem, None)
            if region is not None and region != ep_all:
                self.refuse(stem, "en passant only onto some squares", "an en-passant region")
        pawn_types = self.letters("pawnTypes", self.kinds("pawn"))
        self.ep_types = self.letters("enPassantTypes", pawn_types)
        self.ep_types = self.letters("enPassantTypesWhite", self.ep_types)
        if self.letters("enPassantTypesBlack", self.ep_types) != self.ep_types:
            self.refuse(
                "enPassantTypesWhite", "different en-passant pieces per side", "en-passant rules per side"
            )
        self.double_step = self.flag("doubleStep", True)
        self.double_region = self._side_region(
            "doubleStepRegion",
            frozenset((f, 1) for f in range(self.files)) if self.ranks > 2 else frozenset(),
            black_default=frozenset((f, 6) for f in range(self.files)) if self.ranks > 6 else frozenset(),
        )
        self.triple_region = self._side_region("tripleStepRegion", frozenset())
        self.flying = self.flag("flyingGeneral", False)
        self.soldier_rank = self.number("soldierPromotionRank", 1)
        if self.flag("castlingDroppedPiece", False):
            self.refuse(
                "castlingDroppedPiece",
                "only dropped rooks may castle in Fairy-Stockfish's sense",
                "castling rights bound to dropped pieces",
            )
        self.get("immobilityIllegal")
        self.get("mandatoryPiecePromotion")

    # -- pieces -------------------------------------------------------------------------------

    def _origin(self, region: frozenset[Square]) -> str:
        return fbr_range(region, self.files, self.ranks)

    def _mbn(self, piece: _Piece) -> str | None:
        mobility = self._mobility(piece)
        if mobility is None:
            return None
        if piece.kind == "pawn":
            ep = "e" if piece.letter in self.ep_types else ""
            parts = [f"mfW{mobility}", f"c{ep}fF{mobility}"]
            present = self._present(piece.letter)
            if (
                self.double_step
                and self.double_region
                and (not present or self._symmetric("doubleStepRegion"))
            ):
                parts.append(f"{self._origin(self.double_region)}m{ep}fW02{mobility}")
            if (
                self.double_step
                and self.triple_region
                and (not present or self._symmetric("tripleStepRegion"))
            ):
                parts.append(f"{self._origin(self.triple_region)}m{ep}fW02{mobility}")
                parts.append(f"{self._origin(self.triple_region)}m{ep}fW03{mobility}")
            return "+".join(parts)
        if piece.kind == "janggiCannon":
            self.ctx.refuse(
                piece.option,
                "janggiCannon",
                piece.option.value if piece.option else "",
                "the janggi cannon may neither jump over nor capture another cannon",
                "a hopper that may not hop over or capture pieces of its own kind",
            )
            return None
        if piece.kind == "soldier" and self.soldier_rank > 1:
            lo = self.soldier_rank - 1
            region = frozenset((f, r) for f in range(self.files) for r in range(lo, self.ranks))
            return f"fW{mobility}+{self._origin(region)}sW{mobility}"
        initial = self._origin(self.double_region) if self.double_region else "i"
        if "i" in piece.betza and self._present(piece.letter) and not self._symmetric("doubleStepRegion"):
            return None
        try:
            # Fairy-Stockfish: a piece with e in its Betza (or an en-passant type) may be taken en passant
            takeable = "e" in piece.betza or piece.letter in self.ep_types
            text = betza_to_mbn(piece.betza, initial=initial, destination=mobility, initial_ep=takeable)
            symmetric = is_left_right_symmetric(piece.betza)
        except BetzaError as exc:
            self._bad_betza(piece, exc)
            return None
        if not symmetric:
            self.asymmetric.append(piece)
        if "e" in text.replace("(", "") and piece.letter not in self.ep_types:
            self.ep_types += piece.letter
        return text

    def _mobility_region(self, piece: _Piece) -> frozenset[Square]:
        stem = piece.kind[0].upper() + piece.kind[1:]
        everywhere = frozenset((f, r) for f in range(self.files) for r in range(self.ranks))
        opt = self.opts.get(f"mobilityRegionWhite{stem}")
        if opt is None:
            return everywhere
        try:
            return read_region(opt.value, self.files, self.ranks)
        except ValueError:
            return everywhere  # reported when the piece is written

    def _mobility(self, piece: _Piece) -> str | None:
        stem = piece.kind[0].upper() + piece.kind[1:]
        white = self.region(f"mobilityRegionWhite{stem}", None)
        black = self.region(f"mobilityRegionBlack{stem}", None)
        if white is None and black is None:
            return ""
        everywhere = frozenset((f, r) for f in range(self.files) for r in range(self.ranks))
        white = everywhere if white is None else white
        black = everywhere if black is None else black
        if black != mirror(white, self.ranks):
            self.refuse(
                f"mobilityRegionWhite{stem}",
                "the regions of the two sides are not mirror images",
                "a mobility region per side",
            )
            return None
        return "" if white == everywhere else fbr_range(white, self.files, self.ranks)

    def _bad_betza(self, piece: _Piece, exc: BetzaError) -> None:
        self.ctx.failed = True
        opt = piece.option
        span = None
        if opt is not None and not opt.section.startswith("<"):
            colon = opt.value.find(":")
            start = opt.value_span.offset + (colon + 1 if colon >= 0 else 0) + exc.index
            span = Span(start, 1, opt.value_span.line, opt.value_span.column + (colon + 1) + exc.index)
        self.ctx.diags.append(
            info_of(codes.BAD_BETZA).diagnostic(
                span=span or self.ctx.header, betza=piece.betza, piece=piece.kind, why=exc.why, repair=exc.fix
            )
        )

    def _piece_defs(self) -> None:
        choices = self.promotion_choices
        for piece in self.pieces.values():
            text = self._mbn(piece)
            if text is None:
                continue
            if piece.kind == "king" and self.flying:
                text += f"+c{{{piece.letter}}}vW0"
            self.defs.append(f"{piece.letter}={text}  ~ {piece.kind}")
            if piece.letter in choices:
                self.defs.append(f"+{piece.letter}=={choices[piece.letter]}  ~ promotionPieceTypes")
        by_letter = {p.letter: p for p in self.pieces.values()}
        for src, dst in self.promoted.items():
            target = by_letter[dst]
            text = self._mbn(target)
            if text is not None:
                self.defs.append(f"+{src}={text}  ~ promotedPieceType {src.lower()}:{dst.lower()}")
        if self.asymmetric:
            names = ", ".join(p.kind for p in self.asymmetric)
            self.rules.append("mirror=vertical,horizontal  ~ Fairy-Stockfish turns the board for Black")
            self.ctx.note(
                codes.MEANING_DIFFERS,
                self.asymmetric[0].option,
                name=names,
                why="Fairy-Stockfish turns the board for Black (its left is White's right); the piece is "
                "not left-right symmetric",
                repair="the rule file says mirror=vertical,horizontal",
            )
        if self.flying:
            self.used.add("flyingGeneral")

    def _castling(self) -> None:
        castling = self.flag("castling", True)
        rights = self.castle_rights if castling else ""
        king = self.pieces.get("king")
        ks = self.get("castlingKingsideFile")
        qs = self.get("castlingQueensideFile")
        try:
            kside = read_file(ks.value) if ks else 6
            qside = read_file(qs.value) if qs else 2
        except ValueError as exc:
            self.ctx.bad(ks or qs, str(exc))  # type: ignore[arg-type]
            return
        king_options = [
            self.get(n) for n in ("castlingKingPiece", "castlingKingPieceWhite", "castlingKingPieceBlack")
        ]
        king_piece = next((o for o in king_options if o is not None), None)
        rook_letters = self.letters("castlingRookPieces", self.kinds("rook"))
        rook_letters = self.letters("castlingRookPiecesWhite", rook_letters)
        if self.letters("castlingRookPiecesBlack", rook_letters) != rook_letters:
            self.refuse(
                "castlingRookPiecesWhite",
                "different castling partners per side",
                "castling partners per side",
            )
        self.get("castlingRookPiece")
        if rights and rook_letters != "R" and king is not None and rook_letters:
            # the royal king's partners: royal=castle{...} (003:918-920)
            rule = "royal" if king.letter == "K" else f"royal{{{king.letter}}}"
            self.rules.append(f"{rule}=castle{{{rook_letters}}}  ~ castlingRookPieces")
            rook_letters = "".join(sorted(set(rook_letters)))
        elif rights and rook_letters != "R":
            self.refuse(
                "castlingRookPieces" if self.opts.get("castlingRookPieces") else "castling",
                "the castling partner is not a rook written R",
                "castling partners other than R executed by the variant core (FBR royal=castle{...})",
            )
            self._finish()
            return
        if not rights:
            self._finish()
            return
        if self.gating:
            self._gates(rights)
        king_letter = king_piece.value.strip()[:1].upper() if king_piece else (king.letter if king else "")
        # without a royal piece the core castles the piece K (Extinction's commoner king)
        castler = king.letter if king is not None else "K"
        plain_k = king is None and king_letter == "K" and any(p.letter == "K" for p in self.pieces.values())
        if not plain_k and (king is None or king_letter != king.letter):
            self.refuse(
                "castlingKingPiece" if king_piece else "castling",
                "castling moves a piece that is not royal",
                "castling of a non-royal piece",
            )
            self._finish()
            return
        if self.has_drops:
            self.ctx.note(
                codes.MEANING_DIFFERS,
                self.opts.get("pieceDrops"),
                name="pieceDrops",
                why="a dropped piece is initial again in FBR (a rook dropped on its corner may castle); "
                "Fairy-Stockfish gives it no castling right",
                repair="the games agree until a rook is dropped on a castling square",
            )
        # castlingRank (White's rank, mirrored for Black): destinations with a rank castle only
        # pieces on that rank (Shako's isR[h2]=isR[g2])
        crank = self.number("castlingRank", 1) - 1
        if not 0 <= crank < self.ranks:
            self.ctx.bad(self.opts["castlingRank"], f"rank {crank + 1} is off the board")
            self._finish()
            return
        on = "" if crank == 0 else str(crank + 1)
        sides = {"first": (crank, "KQ"), "second": (self.ranks - 1 - crank, "kq")}
        for _side, (rank, letters) in sides.items():
            row = self.grid[rank]
            kings = [
                f
                for f, c in enumerate(row)
                if c is not None and c.upper() == castler and (c.isupper() == (letters == "KQ"))
            ]
            if not kings:
                continue
            kf = kings[0]
            rooks = [
                f
                for f, c in enumerate(row)
                if c is not None
                and c.strip("+~").upper() in rook_letters
                and (c.isupper() == (letters == "KQ"))
            ]
            granted = False
            for ch in rights:
                if (ch.isupper() if letters == "KQ" else ch.islower()) is False:
                    continue
                up = ch.upper()
                target: int | None = None
                if up == "K":
                    right = [f for f in rooks if f > kf]
                    target = right[-1] if right else None
                elif up == "Q":
                    left = [f for f in rooks if f < kf]
                    target = left[0] if left else None
                elif "A" <= up <= "Z" and ord(up) - ord("A") < self.files:
                    target = ord(up) - ord("A") if ord(up) - ord("A") in rooks else None
                if target is not None:
                    self.castle_marks.add((target, rank))
                    granted = True
            if granted:
                self.castle_marks.add((kf, rank))
        if self.castle_marks:
            file_name = "abcdefghijklmnopqrstuvwxyz"
            self.defs.append(
                f"O-O=[*]isR[{file_name[kside]}{on}]=isR[{file_name[kside - 1]}{on}]  ~ castling, "
                f"castlingKingsideFile{', castlingRank' if on else ''}"
            )
            self.defs.append(
                f"O-O-O=[*]isR[{file_name[qside]}{on}]=isR[{file_name[qside + 1]}{on}]  ~ castling, "
                f"castlingQueensideFile{', castlingRank' if on else ''}"
            )
        self._finish()

    def _gates(self, rights: str) -> None:
        # the first-rank pieces a Seirawan castling field names by file (K and Q name the king and
        # its rook, marked as castling pieces)
        for rank, upper in ((0, True), (self.ranks - 1, False)):
            for ch in rights:
                f = ord(ch.upper()) - ord("A")
                if ch.isupper() != upper or ch.upper() in "KQ" or not 0 <= f < self.files:
                    continue
                cell = self.grid[rank][f]
                if cell is not None and cell.isupper() == upper:
                    self.gate_marks.add((f, rank))

    def _finish(self) -> None:
        self.start = self._feen()

    def _unused(self) -> None:
        # Safety net: an option that no step above consulted would be silently dropped.
        for name, opt in self.opts.items():
            if name in self.used or name in DISPLAY_ONLY:
                continue
            self.ctx.refuse(
                opt,
                name,
                opt.value.strip(),
                "the import does not carry this option over",
                f"a rule for {name}",
            )
