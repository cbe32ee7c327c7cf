"""Colour flip and left-right mirror of DFEN text, for replaying test cases the way the C++ peer does.

* ``flip_colours``: ranks reversed, piece colours and the side to move swapped, castling rights
  ``KQ`` <-> ``kq``, en-passant targets reflected (rank 3 <-> rank 6), dice in the new mover's case.
  Every rule R1-R17 is symmetric under it, so every count and probability must be unchanged.
* ``mirror_files``: files reversed (a <-> h). Castling is not symmetric under it (the king starts on
  the e-file), so a position is only mirrored without castling rights: ``strip_castling`` removes them,
  and tests compare the stripped original with its mirror.
"""

from __future__ import annotations


def _fields(dfen: str) -> list[str]:
    fields = dfen.split()
    defaults = ["0", "1", "-"]
    return fields + defaults[len(fields) - 4 :]


def _rows(placement: str) -> list[str]:
    rows = []
    for row in placement.split("/"):
        out = ""
        for ch in row:
            out += "." * int(ch) if ch.isdigit() else ch
        rows.append(out)
    return rows


def _placement(rows: list[str]) -> str:
    out = []
    for row in rows:
        text = ""
        empty = 0
        for ch in row:
            if ch == ".":
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += ch
        if empty:
            text += str(empty)
        out.append(text)
    return "/".join(out)


def _squares(field: str) -> list[str]:
    return [] if field == "-" else [field[i : i + 2] for i in range(0, len(field), 2)]


def flip_colours(dfen: str) -> str:
    """The same position with White and Black exchanged (see the module docstring)."""
    placement, side, castling, ep, half, full, pool = _fields(dfen)
    rows = [row.swapcase() for row in reversed(_rows(placement))]
    rights = "".join(sorted(castling.swapcase(), key="KQkq".index)) if castling != "-" else "-"
    targets = sorted(sq[0] + str(9 - int(sq[1])) for sq in _squares(ep))
    new_side = "b" if side == "w" else "w"
    dice = pool if pool == "-" else (pool.lower() if new_side == "b" else pool.upper())
    return " ".join([_placement(rows), new_side, rights, "".join(targets) or "-", half, full, dice])


def strip_castling(dfen: str) -> str:
    """The same position without castling rights."""
    fields = _fields(dfen)
    fields[2] = "-"
    return " ".join(fields)


def mirror_files(dfen: str) -> str:
    """The position reflected a <-> h; it must have no castling rights (see the module docstring)."""
    placement, side, castling, ep, half, full, pool = _fields(dfen)
    if castling != "-":
        raise ValueError("mirror_files: strip the castling rights first (castling is not mirror symmetric)")
    rows = [row[::-1] for row in _rows(placement)]
    targets = sorted("abcdefgh"[7 - "abcdefgh".index(sq[0])] + sq[1] for sq in _squares(ep))
    return " ".join([_placement(rows), side, "-", "".join(targets) or "-", half, full, pool])
