"""Piece-aware comparison of two FBR rule files (what ``ntk diff`` reports).

The FBR comparison (``notation_toolkit.fbr.expand.compare.diff``) matches definitions by their piece
and compares their canonical text, so ``R`` and ``R=W0`` differ there. This layer compiles both
files' pieces (``compile_rule_file``) and drops the changed definitions whose pieces move the same
way (``CompiledPiece.same_moves``: ``R`` = ``W0``, ``Q`` = ``RB`` = ``W0+F0``); a definition whose
moves really differ stays a change naming the piece. It lives here, above ``fbr``, because the
notation layer must not know what pieces mean.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from notation_toolkit.core.errors import NotationError
from notation_toolkit.fbr import ast as fbr_ast
from notation_toolkit.fbr.expand.compare import Change, DiffResult, diff
from notation_toolkit.fbr.expand.defaults import make_defaults_explicit
from notation_toolkit.fbr.expand.engine import expand_items
from notation_toolkit.fbr.expand.templates import Templates, builtin_templates
from notation_toolkit.variant.pieces.compiler import compile_rule_file
from notation_toolkit.variant.pieces.model import CompiledPiece

__all__ = ["PieceAwareDiff", "compare_rule_files"]


@dataclass(frozen=True, slots=True)
class PieceAwareDiff:
    """``result``: the differences that remain once pieces are compared by their moves (its
    ``equal`` decides); ``same_moves``: the definitions written differently that move the same;
    ``compiled``: False when a file's pieces could not be compiled (then every textual change of a
    definition stays, as the FBR comparison reports it)."""

    result: DiffResult
    same_moves: tuple[Change, ...] = field(default=())
    compiled: bool = True

    @property
    def equal(self) -> bool:
        """True when the two files mean the same variant, pieces compared by their moves."""
        return self.result.equal

    def to_dict(self) -> dict[str, object]:
        """JSON-ready form: the FBR comparison's, plus ``same_moves`` when some were merged."""
        out = self.result.to_dict()
        if self.same_moves:
            out["same_moves"] = [c.to_dict() for c in self.same_moves]
        return out


def _pieces(rule_file: fbr_ast.RuleFile, geometry: str) -> dict[str, CompiledPiece] | None:
    try:
        return compile_rule_file(rule_file, geometry, strict=False)
    except NotationError:
        return None


def compare_rule_files(
    a: fbr_ast.RuleFile,
    b: fbr_ast.RuleFile,
    *,
    expand: bool = True,
    explicit_defaults: bool = True,
    templates: Templates | None = None,
) -> PieceAwareDiff:
    """Compare two parsed rule files as ``fbr.expand.compare.diff`` does, then compare the changed
    piece definitions by their compiled moves on ``a``'s board (``boardsize``, else 8x8): a change
    between spellings of the same piece (``R`` / ``W0``; ``Q`` / ``RB`` / ``W0+F0``) is moved to
    ``same_moves``. A piece either file cannot compile keeps its textual change."""
    textual = diff(a, b, expand=expand, explicit_defaults=explicit_defaults, templates=templates)
    candidates = [c for c in textual.changes if c.kind == "definition" and c.status == "changed"]
    # the pieces as the comparison saw them: expanded (atomic's `B=mB+(cB--X)`), defaults explicit
    tpl = templates or builtin_templates()
    prepared = []
    for rf in (a, b):
        if expand:
            rf = expand_items(rf, tpl)
        if explicit_defaults:
            rf = make_defaults_explicit(rf, tpl)
        prepared.append(rf)
    size = prepared[0].metadata.get("boardsize", "8x8")
    pieces_a = _pieces(prepared[0], size)
    pieces_b = _pieces(prepared[1], size)
    if pieces_a is None or pieces_b is None:
        return PieceAwareDiff(textual, compiled=False)
    same: list[Change] = []
    kept: list[Change] = []
    for change in textual.changes:
        pa, pb = pieces_a.get(change.key), pieces_b.get(change.key)
        if (
            change in candidates
            and pa is not None
            and pb is not None
            and pa.complete
            and pb.complete
            and pa.same_moves(pb)
        ):
            same.append(change)
        else:
            kept.append(change)
    # a definition written the same in both files can still move differently: a letter it uses was
    # redefined (`Q=R+B` with another R), an @ macro or the mirror rule changed
    listed = {c.key for c in textual.changes if c.kind == "definition"}
    for key in sorted(set(pieces_a) & set(pieces_b) - listed):
        pa, pb = pieces_a[key], pieces_b[key]
        if pa.complete and pb.complete and not pa.same_moves(pb):
            kept.append(Change("moves", key, f"{key}={pa.definition}", f"{key}={pb.definition}"))
    return PieceAwareDiff(DiffResult(tuple(kept)), tuple(same))
