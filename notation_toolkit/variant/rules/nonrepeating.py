"""``nonrepeating``: a move may not bring back an earlier position (003:528-540).

A position is the board, the hands, the state marks and the side to move, as the position key
holds them: a move is illegal when the position after it, with the opponent to move, was seen
before in the game (003:530). A side whose every move would repeat has no legal move: checkmated
when in check (003:530), else stalemated (as the ``stalemate`` rule says).

- piece set: the prohibition holds only for moves of those pieces (003:530);
- ``check``: not for a side in check (003:534);
- ``never``: the board may not repeat an earlier board whichever side is then to move (003:538).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.core.nodeclass import dataclass
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
    letters,
)
from notation_toolkit.variant.tables import DROP, SQ

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


@dataclass(frozen=True, slots=True)
class NonRepeating:
    """The settings of ``nonrepeating``: the pieces it restricts (empty: every piece), whether a
    side in check is exempt (``check``) and whether either side to move counts (``never``)."""

    pieces: frozenset[str]
    check: bool
    never: bool


class NonRepeatingRule(Component):
    """The ``nonrepeating`` rule."""

    name = "nonrepeating"
    lines = "003:528-540"
    contract = contracts(nonrepeating=contract("piece_set", check="", never=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

        names = {name for name, _ in attributes}
        piece_set = rule.piece_set if isinstance(rule.piece_set, mbn.PieceSet) else None
        reading.rules.extra[self.name] = NonRepeating(letters(piece_set), "check" in names, "never" in names)

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get(self.name)
        if not isinstance(settings, NonRepeating):
            return None
        types = [not settings.pieces or k in settings.pieces for k in core.keys]

        def keep(pos: Position, legal: list[int]) -> list[int]:
            if not pos.history or (settings.check and pos.is_check()):
                return legal
            seen = set(pos.history)
            side = pos.core.z_side
            out = []
            for m in legal:
                t = (m & SQ) if m & DROP else pos.board[m & SQ] >> 1
                if not types[t]:
                    out.append(m)
                    continue
                undo = pos._do(m)
                key = pos.key
                pos._undo(undo)
                if key in seen or (settings.never and key ^ side in seen):
                    continue
                out.append(m)
            return out

        return Hooks(filter=keep)


COMPONENT = NonRepeatingRule()
