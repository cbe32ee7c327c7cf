"""Temporary stand-in for ``notation_toolkit.dfen`` (used only while that module has not landed).

Implements just the parse contract the game core consumes; no diagnostics beyond a ValueError.
"""

from __future__ import annotations

from dataclasses import dataclass

from notation_toolkit.core.errors import ParseError


@dataclass(frozen=True, slots=True)
class DfenPosition:
    squares: tuple[str | None, ...]
    turn: str
    castling: frozenset[str]
    en_passant: frozenset[int]
    halfmove_clock: int
    fullmove_number: int
    dice: tuple[str, ...] | None


def _fail(msg: str) -> ParseError:
    return ParseError.single("DFEN999", msg)  # type: ignore[return-value]


def parse(text: str, *, lenient: bool = False) -> DfenPosition:
    fields = text.split()
    if not 4 <= len(fields) <= 7:
        raise _fail("expected 4-7 fields")
    rows = fields[0].split("/")
    if len(rows) != 8:
        raise _fail("expected 8 ranks")
    squares: list[str | None] = [None] * 64
    for i, row in enumerate(rows):
        rank = 7 - i
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch in "pnbrqkPNBRQK":
                if f > 7:
                    raise _fail("rank too long")
                squares[rank * 8 + f] = ch
                f += 1
            else:
                raise _fail(f"bad char {ch!r}")
        if f != 8:
            raise _fail("rank length")
    if fields[1] not in ("w", "b"):
        raise _fail("bad side")
    castling = frozenset() if fields[2] == "-" else frozenset(fields[2])
    ep: set[int] = set()
    if fields[3] != "-":
        s = fields[3]
        if len(s) % 2:
            raise _fail("bad ep")
        for i in range(0, len(s), 2):
            name = s[i : i + 2]
            if name[0] not in "abcdefgh" or name[1] not in "36":
                raise _fail("bad ep square")
            ep.add("abcdefgh".index(name[0]) + 8 * (int(name[1]) - 1))
    half = int(fields[4]) if len(fields) > 4 else 0
    full = int(fields[5]) if len(fields) > 5 else 1
    dice: tuple[str, ...] | None = None
    if len(fields) > 6 and fields[6] != "-":
        d = fields[6]
        if len(d) > 3 or any(c.upper() not in "PNBRQK" for c in d):
            raise _fail("bad dice")
        order = "PNBRQK"
        dice = tuple(sorted((c.upper() for c in d), key=order.index))
    return DfenPosition(tuple(squares), fields[1], castling, frozenset(ep), half, full, dice)
