"""``Variant``: an FBR rule file made playable (board, compiled pieces, rules, start position).

The top of the variant core: it reads the rules (``variant.rules``), compiles the pieces
(``variant.pieces``), builds the shared tables (``variant.tables.Core``) and hands out positions
(``variant.position.Position``), which know their variant only through ``tables.VariantLike``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from typing import TYPE_CHECKING

from notation_toolkit.core.codes import info_of
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant import codes
from notation_toolkit.variant.position import Position
from notation_toolkit.variant.rules import VariantError, _diag, read_rules
from notation_toolkit.variant.tables import Core

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.pieces import CompiledPiece

__all__ = ["Variant"]


class Variant:
    """A variant defined by an FBR rule file: board, pieces (compiled), rules, start position.

    >>> chess = Variant.load("examples/variants/chess.fbr")
    >>> pos = chess.start()
    >>> len(pos.legal_moves())
    20
    """

    def __init__(
        self, rule_file: fbr_ast.RuleFile, *, text: str | None = None, name: str | None = None
    ) -> None:
        self._rule_file: fbr_ast.RuleFile | None = rule_file
        self.text = text
        meta = rule_file.metadata
        self.name = name or meta.get("variant", "variant")
        size = meta.get("boardsize", "8x8")  # C/CIF's default board (fbr-mbn-notes 1.1)
        try:
            self.geometry = Geometry.parse(size)
        except NotationError as exc:
            raise VariantError(exc.diagnostics, text) from None
        self.rules, diagnostics = read_rules(rule_file, self.geometry)
        self.geometry = self.rules.geometry  # a board model rule (cylindric, torus) joins its edges
        self.pieces, piece_diagnostics = _compile(rule_file, self.geometry, self.rules.read_apart)
        diagnostics += piece_diagnostics
        self.zones, zone_diagnostics = _zones(self)
        diagnostics += zone_diagnostics
        diagnostics += _piece_checks(self)
        if diagnostics:
            raise VariantError(diagnostics, text)
        self.start_text: str | None = meta.get("startposition")
        self.tables = Core(self)
        self._start: Position | None = None  # the start position, read on first use

    @property
    def rule_file(self) -> fbr_ast.RuleFile:
        """The rule file's AST (``notation_toolkit.fbr``); a variant loaded from the cache parses
        its text again on first use."""
        if self._rule_file is None:
            from notation_toolkit import fbr

            assert self.text is not None  # only variants with a text are cached
            self._rule_file = fbr.validate(self.text)
        return self._rule_file

    def __getstate__(self) -> dict[str, object]:
        # the AST is left out of pickles (and of the cache): it is the text again, parsed on demand
        return {**self.__dict__, "_rule_file": None}

    # -- construction ------------------------------------------------------------------------------

    @classmethod
    def from_text(cls, text: str, *, name: str | None = None, cache: bool = False) -> Variant:
        """Load a variant from rule-file text; ``VariantError`` (a ``NotationError``) if it cannot
        be played as written.

        With ``cache`` the compiled variant is kept in the per-user cache directory, keyed by the
        text, and later loads of the same text read it from there instead of parsing and
        compiling it again (``notation_toolkit.variant.cache``; ``NTK_NO_CACHE=1`` turns it off).
        """
        if cache:
            from notation_toolkit.variant import cache as disk

            found = disk.load(text, name, cls)
            if found is not None:
                return found
        from notation_toolkit import fbr

        rule_file = fbr.validate(text)
        variant = cls(rule_file, text=text, name=name)
        if cache:
            with contextlib.suppress(NotationError):  # (a bad start position is reported on use)
                variant.start()  # stored with the variant
            disk.store(variant, text, name)
        return variant

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, cache: bool = False) -> Variant:
        """Load a variant from a ``.fbr`` rule file (read as ``core.textio`` reads text files: a
        leading BOM is dropped, bytes that are not UTF-8 are a ``NotationError`` NTK005, a file
        above ``NTK_MAX_TEXT`` or one that cannot be read is a ``NotationError`` too). ``cache``:
        as in ``from_text``."""
        from notation_toolkit.core.textio import read_text

        return cls.from_text(read_text(path), cache=cache)

    # -- positions ---------------------------------------------------------------------------------

    def start(self) -> Position:
        """The start position (``startposition=`` of the rule file, FEEN or FEN). A FEEN start
        position without any ``-`` (unmoved) mark has every piece unmoved: castling pieces may
        castle, as in Fairy-Stockfish's start positions (docs/variants.md)."""
        if self.start_text is None:
            raise info_of(codes.NO_START).error(VariantError, "rule_file_has", name=self.name)
        if self._start is None:
            # read once: a variant from the cache brings its start position along, so playing from
            # the start needs no FEEN reader
            pos = self.position(self.start_text)
            _unmoved_at_start(pos, self.start_text)
            self._start = pos
        return self._start.copy()

    def position(self, text: str) -> Position:
        """A position from FEEN (with optional state fields) or FEN."""
        return Position.from_text(self, text)

    def __repr__(self) -> str:
        return f"Variant({self.name!r}, {self.geometry.width}x{self.geometry.height})"


def _unmoved_at_start(pos: Position, text: str) -> None:
    # Before the first move nothing has moved; FEEN's '-' is the core's convention for "unmoved",
    # so a FEEN start position that uses none leaves the state to this rule, one that uses some
    # says exactly which pieces are unmoved. FEN start positions say it with their castling field.
    fields = text.split()
    if len(fields) >= 2 and fields[1] in ("w", "b"):
        return
    if "-" in fields[0]:
        return
    core = pos.core
    for t in range(core.n):
        if core.tracks_unmoved[t]:
            pos.unmoved |= pos.bbs[2 * t] | pos.bbs[2 * t + 1]
    pos._rehash()


def _compile(
    rule_file: fbr_ast.RuleFile, geometry: Geometry, apart: set[str]
) -> tuple[dict[str, CompiledPiece], list[Diagnostic]]:
    # (the compiler and the MBN AST are imported here: a variant read from the cache needs neither)
    from notation_toolkit.mbn import ast as mbn
    from notation_toolkit.variant.pieces import compile_rule_file

    if apart:
        kinds = mbn.PieceDefinition | mbn.PieceDeclaration
        kept = tuple(
            item
            for item in rule_file.items
            if not (isinstance(item, kinds) and item.head.prefixes + item.head.letter.key in apart)
        )
        rule_file = dataclasses.replace(rule_file, items=kept)
    try:
        compiled = compile_rule_file(rule_file, geometry)
    except NotationError as exc:
        return {}, [
            _diag(codes.PIECE_NOT_EXECUTABLE, "piece_compiler", d.span, d.hint, message=d.message)
            for d in exc.diagnostics
        ]
    pieces = {key: piece for key, piece in compiled.items() if not key.startswith("O-O") and key not in apart}
    out: list[Diagnostic] = []
    for piece in pieces.values():
        for d in piece.diagnostics:
            if d.severity is Severity.ERROR:
                out.append(
                    _diag(
                        codes.PIECE_NOT_EXECUTABLE, "piece", d.span, d.hint, key=piece.key, message=d.message
                    )
                )
    return pieces, out


def _zones(variant: Variant) -> tuple[dict[str, CompiledPiece], list[Diagnostic]]:
    """The definitions whose prefix a rule claims (``freezer#``: ``#I=cK``, the zone of the
    piece ``I``), taken out of the pieces; a diagnostic for a zone of a piece the file does not
    define (the FBR validator reports a prefix that no definition uses, FBR301)."""
    prefixes = variant.rules.zone_prefixes
    if not prefixes:
        return {}, []
    zones = {k: p for k, p in variant.pieces.items() if k[:1] in prefixes and len(k) > 1}
    for key in zones:
        del variant.pieces[key]
    out: list[Diagnostic] = []
    for key in [*zones, *sorted(variant.rules.read_apart)]:
        if key[1:] not in variant.pieces:
            out.append(_diag(codes.PART_NOT_EXECUTED, "zone_without_piece", None, key=key, base=key[1:]))
    return zones, out


def _piece_checks(variant: Variant) -> list[Diagnostic]:
    from notation_toolkit.mbn import ast as mbn

    out: list[Diagnostic] = []
    for item in variant.rule_file.pieces:
        if isinstance(item, mbn.Cancellation):
            out.append(_diag(codes.ITEM_NOT_EXECUTED, "cancellations_item_executed", item.span))
        elif isinstance(item, mbn.PieceDefinition | mbn.PieceDeclaration):
            head = item.head
            if head.condition is not None or head.board is not None:
                out.append(
                    _diag(codes.ITEM_NOT_EXECUTED, "announcement_conditions_board", item.span, head=head)
                )
    for key in variant.pieces:
        letter = key.lstrip(mbn.PREFIX_CHARS)
        prefixes = key[: len(key) - len(letter)]
        if letter.startswith(":") or len(prefixes) > 1 or prefixes not in ("", "+"):
            out.append(_diag(codes.NOT_A_FEEN_LETTER, "piece_cannot_be", None, key=key))
    return out
