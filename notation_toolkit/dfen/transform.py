"""DFEN text to AST: FEN's transformer with the ``dice`` rule, and DFEN's position builder.

``dfen.lark`` ``%import``\\ s FEN's rules (``fen__rank`` ... arrive namespaced, and reach FEN's
handlers through ``core.transform.NodeTransformer``); :class:`DfenTransformer` subclasses
:class:`~notation_toolkit.fen.transform.FenTransformer` and adds the one rule DFEN adds. The
builder reads fields 1-3, 5 and 6 exactly as FEN does (``build_shared``) and adds field 4's
several targets and field 7's dice.
"""

from __future__ import annotations

from notation_toolkit.core.diagnostics import Diagnostic, Fix, Severity
from notation_toolkit.dfen.ast import DfenPosition, DicePool, EnPassantTargets
from notation_toolkit.dfen.grammar import SYNTAX
from notation_toolkit.dfen.validate import check_dice, check_targets
from notation_toolkit.fen.transform import Extension, FenTransformer, build_shared, default_offsets, finish
from notation_toolkit.fen.validate import Findings, span_at

_DEFAULT_TAIL = ("0", "1", "-")


class DfenTransformer(FenTransformer):
    """Lark tree of ``dfen.lark`` (or of a grammar extending it) -> fields, with the dice pool."""

    field_names = SYNTAX.field_names


def build(
    text: str,
    groups: tuple[str | None, ...],
    lenient: bool,
    offsets: tuple[int, ...] | None = None,
    extension: Extension | None = None,
) -> tuple[DfenPosition, list[Diagnostic]]:
    """The DFEN position of the fields ``groups`` (``None`` for a field the text leaves out, F1)."""
    found = Findings(lenient)
    if offsets is None:
        offsets = default_offsets(groups)
    raw = extension.raw if extension is not None else {}
    shared = build_shared(groups, offsets, found, raw)
    side = shared.side.color
    ep = groups[3]
    if ep is not None:
        targets = check_targets(ep, offsets[3], side, found)
    else:
        ep_raw = raw.get("en_passant")
        targets = EnPassantTargets(
            frozenset(), None if ep_raw is None else span_at(ep_raw[1], len(ep_raw[0]))
        )
    pool = check_dice(groups[6], offsets[6], side, found)
    span = span_at(0, len(text))
    if extension is not None:
        # A user grammar decides which fields a text has: no defaults note, and a dice field in
        # its own syntax is not rolled dice as far as DFEN can tell (the node keeps the text).
        other = raw.get("dice")
        if other is not None:
            pool = DicePool(None, span_at(other[1], len(other[0])))
        nodes = extension.nodes
    else:
        nodes = ()
        if groups[6] is None:
            given = 4 + sum(g is not None for g in groups[4:6])
            tail = " " + " ".join(_DEFAULT_TAIL[given - 4 :])
            end = span_at(len(text), 0)
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
    position = DfenPosition(
        shared.board,
        shared.side,
        shared.castling,
        targets,
        shared.halfmove,
        shared.fullmove,
        pool,
        span,
        nodes,
    )
    return finish(text, position, found)
