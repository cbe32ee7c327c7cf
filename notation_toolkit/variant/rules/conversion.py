"""``conversion*``: a prefixed definition ``*Q=ccO`` converts the pieces its move reaches
(003:191-207).

"A piece prefixed with this letter is defining a conversion rule, the piece at the destination
square will flip the color" (003:195): after a move of ``Q``, the definition ``*Q`` is played from
``Q``'s destination, as the position stands after the move, and every enemy piece on a square it
could capture on changes side (``ccO``: the null leap onto the moving piece itself, a friendly piece, so
the piece that moved changes side: Andernach Chess, 003:70; ``dcK``: the enemy pieces a king
attacks). The conversion follows the capture and any promotion (003:199): the piece standing on
the destination is looked up with its promoted key (``*+P``). A piece without a ``*`` definition
converts nothing (the expansion of ``andernach`` gives royal pieces none, 003:64).

Executed: the prefix; ``capture`` (only capturing moves convert, 003:201) with its optional piece
set (only when a piece of the set is captured); ``move`` (only non-capturing moves, 003:205); both
(every move; the page is silent).
Castling and drops convert nothing: they are not moves of a piece definition (the page is silent).
A move whose conversion leaves its own royal piece attacked is illegal like any such move, so the
core plays every move before it calls it legal (``exact``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from notation_toolkit.variant.rules.andernach import flip
from notation_toolkit.variant.rules.base import (
    Attributes,
    Component,
    Hooks,
    Reading,
    contract,
    contracts,
    letters,
)
from notation_toolkit.variant.rules.zones import claim_prefix
from notation_toolkit.variant.tables import CAPTURE, CASTLE, DROP, PASS, SQ, _bits

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.mbn import ast as mbn
    from notation_toolkit.variant.position import Position
    from notation_toolkit.variant.tables import Core


class Conversion(Component):
    """The ``conversion`` rule."""

    name = "conversion"
    lines = "003:191-207"
    contract = contracts(conversion=contract("prefix", capture=",set", move=""))

    def read(self, rule: fbr_ast.FbrRule, attributes: Attributes, reading: Reading) -> None:
        prefix = claim_prefix(self.name, rule, reading)
        if prefix is None:
            return
        from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

        # ``capture`` limits conversions to captures, ``move`` to other moves; both: every move
        given = {name for name, _ in attributes}
        on_capture = "move" not in given or "capture" in given
        on_move = "capture" not in given or "move" in given
        victims: frozenset[str] = frozenset()
        for name, attribute in attributes:
            if name == "capture" and isinstance(attribute.argument, mbn.PieceSet):
                victims = letters(attribute.argument)

        # ``ccO`` (the null leap onto a friendly piece: the piece that moved) needs no move tables;
        # other definitions are compiled as zones (the squares they could capture on)
        itself = frozenset(
            item.head.letter.key
            for item in reading.rule_file.pieces
            if isinstance(item, mbn.PieceDefinition) and item.head.prefixes == prefix and _is_cc_o(item)
        )
        reading.rules.read_apart.update(prefix + key for key in itself)
        reading.rules.extra[self.name] = (prefix, on_capture, on_move, victims, itself)
        reading.rules.zone_prefixes[prefix] = self.name

    def hooks(self, core: Core) -> Hooks | None:
        settings = core.rules.extra.get(self.name)
        if settings is None:
            return None
        prefix, on_capture, on_move, victims, itself = settings
        # per piece type its conversion definition (None: the type converts nothing)
        defs = [core.zones.get(prefix + key) for key in core.keys]
        by_type = [None if d is None else d.tables.attacks for d in defs]
        self_types = [key in itself for key in core.keys]
        victim_types = {t for t, k in enumerate(core.keys) if k in victims} if victims else None

        def convert(pos: Position, m: int, base_undo: tuple[object, ...]) -> list[int]:
            if m & (CASTLE | DROP | PASS):
                return []
            if m & CAPTURE:
                if not on_capture:
                    return []
                if victim_types is not None:
                    captured = base_undo[1]
                    assert isinstance(captured, int)
                    if captured >> 1 not in victim_types:
                        return []
            elif not on_move:
                return []
            to = m >> 10 & SQ
            t = pos.board[to] >> 1
            if self_types[t]:
                flip(pos, to, pos.board[to])
                return [to]
            zone = by_type[t]
            if zone is None:
                return []
            us = 1 - pos.turn
            occ = pos.occ[0] | pos.occ[1]
            # a zone is where the definition captures: enemy pieces (``cc``, friendly ones, is the
            # ``ccO`` form above; the piece compiler refuses other doubled letters)
            flipped = list(_bits(zone(to, us, occ, None) & pos.occ[pos.turn]))
            for s in flipped:
                flip(pos, s, pos.board[s])
            return flipped

        def unconvert(pos: Position, record: object) -> None:
            assert isinstance(record, list)
            for s in record:
                flip(pos, s, pos.board[s])

        return Hooks(do=convert, undo=unconvert, exact=True)


def _is_cc_o(item: mbn.PieceDefinition) -> bool:
    """Whether the definition is ``ccO``: one leg, the null leap, capturing a friendly piece."""
    from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

    if len(item.moves) != 1 or item.moves[0].links or len(item.moves[0].legs) != 1:
        return False
    alternatives = item.moves[0].legs[0]
    if not isinstance(alternatives, mbn.Alternatives) or len(alternatives.moves) != 1:
        return False
    move = alternatives.moves[0]
    plain = mbn.PartialMove(units=(mbn.Atom(letter="O"),), modifiers=move.modifiers)
    return (
        move == plain
        and [md.letter for md in move.modifiers] == ["c", "c"]
        and all(not md.optional and md.piece_set is None and md.board_range is None for md in move.modifiers)
    )


COMPONENT = Conversion()
