"""The DFEN reader: the FEN reader with field 4, field 7 and the field count changed.

Mirrors ``grammars/dfen.lark``: only the hooks of the fields DFEN changes are overridden.
"""

from __future__ import annotations

from typing import Any, ClassVar

import notation_toolkit.dfen.codes  # noqa: F401  (registers DFEN2xx)
from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.core.span import Span
from notation_toolkit.dfen.ast import DfenPosition, DicePool, EnPassantTargets, sort_dice
from notation_toolkit.fen.ast import (
    SQUARE_INDEX,
    SQUARE_NAMES,
    Board,
    CastlingRights,
    FullmoveNumber,
    HalfmoveClock,
    Side,
)
from notation_toolkit.fen.reader import FenReader, _Extended, _Findings, _span

# field-4 text -> (targets, canonical text); only valid texts are cached
_EP_CACHE: dict[str, tuple[frozenset[int], str]] = {"-": (frozenset(), "-")}
_CACHE_LIMIT = 8192
_DEFAULT_TAIL = ("0", "1", "-")


class DfenReader(FenReader):
    """Reads DFEN (4 to 7 fields, several en-passant targets, the dice pool)."""

    grammar: ClassVar[str] = "dfen"
    label: ClassVar[str] = "DFEN"
    field_names: ClassVar[tuple[str, ...]] = (*FenReader.field_names, "dice")
    min_fields: ClassVar[int] = 4
    field_count_code: ClassVar[str] = "DFEN201"
    syntax_codes: ClassVar[dict[str, str]] = {
        **FenReader.syntax_codes,
        "en_passant": "DFEN210",
        "dice": "DFEN220",
    }
    field_hints: ClassVar[dict[str, str]] = {
        **FenReader.field_hints,
        "en_passant": "write '-' or square names written together, such as e3 or a3c3e3",
    }

    def _precheck(self, name: str, part: str, offset: int) -> Diagnostic | None:
        if name != "en_passant":
            return super()._precheck(name, part, offset)
        if len(part) % 2 and part.isascii() and part.isalnum():
            return Diagnostic(
                "DFEN211",
                f"the en-passant field '{part}' has {len(part)} characters; it is made of 2-character "
                "squares, so its length must be even",
                _span(offset, len(part)),
                Severity.ERROR,
                "check for a cut or doubled character: squares are a file a-h and a rank 1-8, e.g. a3c3",
                None,
                name,
            )
        return None

    def _en_passant(self, text: str, offset: int, side: str, found: _Findings) -> Any:
        span = _span(offset, len(text))
        cached = _EP_CACHE.get(text)
        if cached is None:
            squares: set[int] = set()
            valid = True
            for i in range(0, len(text), 2):
                name = text[i : i + 2]
                where = _span(offset + i, 2)
                index = SQUARE_INDEX[name]
                if name[1] not in "36":
                    valid = False
                    found.error(
                        "DFEN213",
                        f"{name} cannot be an en-passant target: targets are the squares skipped by "
                        "double-pushed pawns, on rank 3 or rank 6",
                        where,
                        "en_passant",
                        hint=f"remove {name}",
                    )
                elif index in squares:
                    valid = False
                    found.error(
                        "DFEN212",
                        f"{name} is listed more than once in the en-passant field",
                        where,
                        "en_passant",
                        hint=f"remove the repeated {name}",
                    )
                squares.add(index)
            if not valid:
                return EnPassantTargets(frozenset(squares), span)
            targets = frozenset(squares)
            cached = (targets, "".join(sorted(SQUARE_NAMES[s] for s in targets)))
            if len(_EP_CACHE) >= _CACHE_LIMIT:
                _EP_CACHE.clear()
            _EP_CACHE[text] = cached
        targets, canonical = cached
        if canonical != text:
            found.note(
                "DFEN214",
                f"en-passant targets are written in lexicographic order: '{canonical}'",
                span,
                "en_passant",
                canonical,
                f"write '{canonical}'",
            )
        return EnPassantTargets(targets, span)

    def _dice(self, text: str | None, offset: int, side: str, found: _Findings) -> DicePool:
        if text is None:
            return DicePool(None)
        span = _span(offset, len(text))
        if text == "-":
            return DicePool(None, span)
        upper = text.isupper()
        if not upper and not text.islower():
            found.error(
                "DFEN222",
                f"the dice '{text}' mix upper and lower case; they are all in the case of the side to move",
                span,
                "dice",
                hint=f"write '{text.upper()}' for White to move or '{text.lower()}' for Black",
            )
        if len(text) > 3:
            found.error(
                "DFEN221",
                f"the dice pool '{text}' has {len(text)} dice; a turn rolls at most 3",
                span,
                "dice",
                hint="remove the extra dice letters",
            )
        if found.errors and found.errors[-1].field == "dice":
            return DicePool(sort_dice(text), span)
        dice = sort_dice(text)
        letters = "".join(dice)
        canonical = letters if side == "w" else letters.lower()
        if upper != (side == "w"):
            mover = "White" if side == "w" else "Black"
            case = "upper" if side == "w" else "lower"
            found.fix(
                "DFEN223",
                f"the dice '{text}' are in the wrong case: {mover} is to move, so they are written in "
                f"{case} case: '{canonical}'",
                span,
                "dice",
                canonical,
                f"write '{canonical}'",
            )
        elif canonical != text:
            found.note(
                "DFEN224",
                f"dice are sorted by value (P<N<B<R<Q<K): '{canonical}'",
                span,
                "dice",
                canonical,
                f"write '{canonical}'",
            )
        return DicePool(dice, span)

    def field_texts(self, position: Any) -> dict[str, str]:
        """The canonical text of each field of ``position`` (dice in the mover's case)."""
        texts = super().field_texts(position)
        texts["dice"] = position.pool.text(position.side.color)
        return texts

    def _ep_node(self, position: Any) -> Any:
        return position.en_passant_targets

    def _no_en_passant(self, span: Span | None) -> Any:
        return EnPassantTargets(frozenset(), span)

    def _make(
        self,
        text: str,
        groups: tuple[str | None, ...],
        offsets: tuple[int, ...],
        board: Board,
        side: Side,
        castling: CastlingRights,
        ep: Any,
        halfmove: HalfmoveClock,
        fullmove: FullmoveNumber,
        found: _Findings,
        extended: _Extended | None,
    ) -> DfenPosition:
        if extended is not None:
            # A user grammar decides which fields a text has: no defaults note, and a dice field in
            # its own syntax is not rolled dice as far as DFEN can tell (the node keeps the text).
            other = extended.raw.get("dice")
            pool = self._dice(groups[6], offsets[6], side.color, found)
            if other is not None:
                pool = DicePool(None, _span(other[1], len(other[0])))
            span = _span(0, len(text))
            return DfenPosition(board, side, castling, ep, halfmove, fullmove, pool, span, extended.nodes)
        pool = self._dice(groups[6], offsets[6], side.color, found)
        if groups[6] is None:
            given = 4 + sum(g is not None for g in groups[4:6])
            tail = " " + " ".join(_DEFAULT_TAIL[given - 4 :])
            end = _span(len(text), 0)
            found.notes.append(
                Diagnostic(
                    "DFEN202",
                    f"{given} fields given; the canonical form writes all 7 (defaults: half-move 0, "
                    "full-move 1, dice '-')",
                    end,
                    Severity.INFO,
                    None,
                    Fix("add the default fields", tail, end),
                    None,
                )
            )
        return DfenPosition(board, side, castling, ep, halfmove, fullmove, pool, _span(0, len(text)))
