"""Betza (Fairy-Stockfish's reading) to MBN, and the simple MBN forms back to Betza.

Fairy-Stockfish reads a Betza string as groups: modifiers, then an atom letter, then an optional
digit (a rider limited to that many steps) or the atom doubled (an unlimited rider). MBN writes the
same groups, joined with ``+`` where a group has modifiers (``mRcpR`` -> ``mR+cpR``), with two
differences this module takes care of: a doubled atom is a rider count ``0`` (``NN`` -> ``N0``),
and a doubled direction letter on an oblique atom is an amalgam (``ffN`` -> ``(ff)N``; on the
other atoms it means the single letter). Betza ``g`` (grasshopper), ``h`` (chiral directions) and
the XBetza legs have no MBN counterpart and are refused.
"""

from __future__ import annotations

from dataclasses import dataclass

LEAPERS = "WFDNAHLCJZGK"
RIDERS = "RBQ"
ATOMS = LEAPERS + RIDERS
OBLIQUE = "NLCJZ"
VERTICAL = "fbv"
HORIZONTAL = "rls"
DIRECTIONS = VERTICAL + HORIZONTAL
MODIFIERS = "mcpnie"
XBETZA = "ajyoxzqutwk"


class BetzaError(ValueError):
    """A Betza string the conversion refuses: ``index`` is the offending character's position."""

    def __init__(self, why: str, index: int, fix: str) -> None:
        super().__init__(why)
        self.why = why
        self.index = index
        self.fix = fix


@dataclass(frozen=True, slots=True)
class Group:
    """One Betza group: modifiers (directions already in MBN form), atom, count ('' or digits)."""

    modifiers: str
    atom: str
    count: str
    initial: bool


def _directions(mods: str, start: int, atom: str) -> str:
    out = []
    i = 0
    while i < len(mods):
        c = mods[i]
        if i + 1 < len(mods):
            c2 = mods[i + 1]
            cross = (c in VERTICAL and c2 in HORIZONTAL) or (c in HORIZONTAL and c2 in VERTICAL)
            if c2 == c:
                out.append(f"({c}{c})" if atom in OBLIQUE else c)
                i += 2
                continue
            if cross:
                out.append(c + c2)
                i += 2
                continue
        out.append(c)
        i += 1
    return "".join(out)


def _group(prefix: str, start: int, atom: str, count: str) -> Group:
    both = "m" in prefix and "c" in prefix
    if "e" in prefix and "c" not in prefix and "m" not in prefix:
        raise BetzaError("e (en passant) needs m or c in MBN", start, "write ce or me")
    text = ""
    run = ""
    for ch in prefix + " ":
        if ch in DIRECTIONS:
            run += ch
            continue
        if run:
            text += _directions(run, start, atom)
            run = ""
        if ch == " " or ch == "i" or (both and ch in "mc"):
            continue
        text += ch
    return Group(text, atom, count, "i" in prefix)


def parse_groups(betza: str) -> list[Group]:
    """The groups of ``betza`` as Fairy-Stockfish reads them; ``BetzaError`` for what MBN lacks."""
    if not betza:
        raise BetzaError(
            "an empty Betza string is a piece without moves, which MBN cannot define",
            0,
            "give the piece at least one move",
        )
    groups: list[Group] = []
    prefix = ""
    mod_start = 0
    i = 0
    while i < len(betza):
        c = betza[i]
        if c == "g":
            raise BetzaError(
                "Betza g is a grasshopper (it lands just beyond the hurdle); MBN's g is a leaping slider",
                i,
                "MBN has no grasshopper",
            )
        if c == "h":
            raise BetzaError(
                "Betza h (chiral directions) has no MBN counterpart", i, "write the directions with f b l r"
            )
        if c in XBETZA:
            raise BetzaError(
                f"XBetza modifier {c!r} (multi-leg moves and the like) has no MBN counterpart here",
                i,
                "use plain Betza modifiers m c p n i e and directions",
            )
        if c in MODIFIERS or c in DIRECTIONS:
            if not prefix:
                mod_start = i
            prefix += c
            i += 1
            continue
        if c in ATOMS:
            count = ""
            j = i + 1
            if j < len(betza) and betza[j].isdigit():
                count = betza[j]
                j += 1
                if j < len(betza) and betza[j].isdigit():
                    raise BetzaError(
                        "Fairy-Stockfish reads one digit after an atom; the second digit would be ignored",
                        j,
                        "use a single digit (0 for unlimited)",
                    )
            elif j < len(betza) and betza[j] == c:
                count = "0"
                j += 1
            if c in RIDERS and count == "0":
                count = ""
            groups.append(_group(prefix, mod_start, c, count))
            prefix = ""
            i = j
            continue
        raise BetzaError(f"{c!r} is not a Betza modifier or atom Fairy-Stockfish reads", i, "remove it")
    if prefix:
        raise BetzaError("modifiers at the end of the string have no atom", mod_start, "add the atom")
    return groups


def betza_to_mbn(betza: str, *, initial: str = "i", destination: str = "", initial_ep: bool = False) -> str:
    """The MBN definition of a Fairy-Stockfish Betza string.

    ``initial`` replaces Betza ``i`` (default: MBN ``i``; the import gives the origin range of the
    double-step region, which is where Fairy-Stockfish allows ``i`` moves); ``destination`` is a
    board range appended to every group (a mobility region); ``initial_ep``: the piece may be taken
    en passant, so its quiet ``i`` moves make the squares they pass capturable (MBN ``me``).

    >>> betza_to_mbn("mRcpR"), betza_to_mbn("NN"), betza_to_mbn("ffNbsN"), betza_to_mbn("fmWfceF")
    ('mR+cpR', 'N0', '(ff)N+bsN', 'fmW+fceF')
    """
    parts: list[str] = []
    plain = ""
    for g in parse_groups(betza):
        origin = ""
        mods = g.modifiers
        atom, count = g.atom, g.count
        if g.initial:
            if initial_ep and "m" in mods and "e" not in mods:
                mods = mods.replace("m", "me", 1)
                if "n" in mods and atom in "DA" and not count:
                    # a lame double step passes one square: MBN's W02 / F02 mark it for en passant
                    mods = mods.replace("n", "", 1)
                    atom, count = ("W" if atom == "D" else "F"), "02"
            if initial.startswith("["):
                origin = initial
            else:
                mods = initial + mods
        text = origin + mods + atom + count + destination
        if mods or origin or destination:
            if plain:
                parts.append(plain)
                plain = ""
            parts.append(text)
        else:
            plain += text
    if plain:
        parts.append(plain)
    return "+".join(parts)


def is_left_right_symmetric(betza: str) -> bool:
    """True if the piece moves the same when left and right are exchanged (Fairy-Stockfish turns
    the board for Black, FBR mirrors it vertically: only these pieces need no horizontal mirror)."""
    swap = str.maketrans("lr", "rl")

    def norm(g: Group) -> tuple[str, str, str, bool]:
        return ("".join(sorted(g.modifiers)), g.atom, g.count, g.initial)

    groups = parse_groups(betza)
    mine = sorted(norm(g) for g in groups)
    swapped = sorted(norm(Group(g.modifiers.translate(swap), g.atom, g.count, g.initial)) for g in groups)
    return mine == swapped


def mbn_to_betza(mbn: str) -> str | None:
    """The Betza string of an MBN definition written in the forms Betza shares (modifiers
    ``m c p n e`` and directions, atoms, counts, amalgams ``(ff)``); ``None`` for anything else
    (ranges, multi-leg moves, piece sets, MBN-only modifiers)."""
    out = []
    for part in mbn.split("+"):
        if not part:
            return None
        i = 0
        text = ""
        while i < len(part):
            c = part[i]
            if c == "(":
                end = part.find(")", i)
                inner = part[i + 1 : end] if end > 0 else ""
                if len(inner) != 2 or any(ch not in DIRECTIONS for ch in inner):
                    return None
                text += inner
                i = end + 1
                continue
            if c in DIRECTIONS or c in "mcpne":
                text += c
                i += 1
                continue
            if c in ATOMS:
                j = i + 1
                digits = ""
                while j < len(part) and part[j].isdigit():
                    digits += part[j]
                    j += 1
                if len(digits) > 1 and digits != "0":
                    return None
                if digits == "0":
                    text += c if c in RIDERS else c + c
                else:
                    text += c + digits
                i = j
                continue
            return None
        out.append(text)
    return "".join(out)
