"""Every rule string and fragment of the FBR page parses, round-trips and formats idempotently.

Facts: tests/data/fbr/page_003.json (transcribed from specs/003_e9582e72bcca57e0.txt, one entry per
string with its line number; `<br/>` HTML artefacts transcribed as line breaks).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from notation_toolkit import fbr
from notation_toolkit.fbr import ast
from notation_toolkit.fbr.format import format_attribute, format_rule
from notation_toolkit.fbr.grammar import TRANSFORMER
from notation_toolkit.mbn import ast as mbn
from notation_toolkit.mbn.format import format_item, format_moves, format_piece_set
from notation_toolkit.mbn.parser import parse_with

DATA = Path(__file__).parent.parent / "data" / "fbr"
PAGE = json.loads((DATA / "page_003.json").read_text(encoding="utf-8"))

KINDS: dict[str, tuple[str, str, Any]] = {
    "file": ("rulefile", "rule_file", fbr.dumps),
    "rule": ("fbr", "fbr_rule", format_rule),
    "attribute": ("fbr", "attribute", format_attribute),
    "mbn": ("mbn", "mbn_item", format_item),
    "move": ("mbn", "move_sequence", format_moves),
    "piece_set": ("mbn", "piece_set", format_piece_set),
    "cardinal": ("fbr", "cardinal", str),
}


def _parse(kind: str, text: str) -> Any:
    grammar, start, _ = KINDS[kind]
    # FBR's transformer reads MBN's rules too (it extends MBN's), so one serves every kind.
    return parse_with(
        text, grammar=None, default=grammar, start=start, code="FBR101", transformer=TRANSFORMER
    )


CASES = [
    pytest.param(e["kind"], e["text"], id=f"003:{e['line']}:{e['kind']}:{i}")
    for i, e in enumerate(PAGE["strings"])
]


def test_corpus_is_complete() -> None:
    # 56 whole rule strings of the page plus the fragments quoted in its prose.
    assert sum(1 for e in PAGE["strings"] if e["kind"] == "file") == 56
    assert len(PAGE["strings"]) == 88


@pytest.mark.parametrize(("kind", "text"), CASES)
def test_page_string_parses_and_round_trips(kind: str, text: str) -> None:
    tree = _parse(kind, text)
    formatter = KINDS[kind][2]
    canonical = formatter(tree)
    assert _parse(kind, canonical) == tree
    assert formatter(_parse(kind, canonical)) == canonical


@pytest.mark.parametrize(
    "text", [e["text"] for e in PAGE["strings"] if e["kind"] == "file"], ids=lambda t: t[:30]
)
def test_page_rule_string_items_cover_the_text(text: str) -> None:
    # Every non-space character belongs to exactly one item span: nothing is dropped.
    rule_file = fbr.parse(text)
    covered = sorted((i.span.offset, i.span.end) for i in rule_file.items)  # type: ignore[attr-defined]
    rebuilt = " ".join(text[a:b] for a, b in covered)
    assert rebuilt.split() == text.split()


def test_alice_line_26_reads_as_rules_then_pieces() -> None:
    rule_file = fbr.parse("royal alice K Q=R+N R B N P +P")
    assert [r.name for r in rule_file.rules] == ["royal", "alice"]
    heads = [
        p.head.key for p in rule_file.pieces if isinstance(p, mbn.PieceDeclaration | mbn.PieceDefinition)
    ]
    assert heads == ["K", "Q", "R", "B", "N", "P", "+P"]


def test_parts_in_any_order_line_336() -> None:
    # 003:336 `freezer{S}*=(2)`: piece set before prefix; an anonymous count attribute.
    rule = fbr.parse_rule("freezer{S}*=(2)")
    assert rule.prefix is not None and rule.prefix.value == "*"
    assert rule.piece_set is not None and [m.letter.text for m in rule.piece_set.members] == ["S"]
    assert rule.attributes == (ast.Attribute(name=None, argument=ast.Count(2)),)
    assert fbr.format_rule(rule) == "freezer*{S}=(2)"
    spec = fbr.shipped_catalog().rule("freezer")
    assert fbr.resolve_attribute(rule.attributes[0], spec) == ("attackers", False)


def test_drop_range_before_set_line_288() -> None:
    rule = fbr.parse_rule("drop[1-8]{P}")
    assert rule.board_range is not None and str(rule.board_range) == "[1-8]"
    assert rule.piece_set is not None


def test_move_star_line_30_resolves_to_attribute_move_star() -> None:
    rule = fbr.parse_rule("promotion#=move*")
    attribute = rule.attributes[0]
    assert attribute.name == "move" and attribute.prefix is not None and attribute.prefix.value == "*"
    assert fbr.resolve_attribute(attribute, fbr.shipped_catalog().rule("promotion")) == ("move*", True)


def test_demote_with_prefix_is_not_a_name() -> None:
    attribute = fbr.parse_rule("holding=demote#").attributes[0]
    assert fbr.resolve_attribute(attribute, fbr.shipped_catalog().rule("holding")) == ("demote", False)


def test_direction_line_257() -> None:
    rules = fbr.parse(
        "direction<n>[1,2] direction<s>[a2,c2,e2,f2] direction<e>[c-f2] direction<w>[b-e2]"
    ).rules
    assert [r.cardinal.value for r in rules if r.cardinal] == ["n", "s", "e", "w"]
    ranges = [r.board_range for r in rules]
    assert ranges[0] is not None and [str(x.ranks) for x in ranges[0].ranges] == ["1", "2"]
    assert ranges[2] is not None and ranges[2].ranges[0].files == mbn.FileSpan("c", "f")
    assert ranges[2].ranges[0].ranks == mbn.RankSpan("2")


def test_announcement_line_78_and_82() -> None:
    rule = fbr.parse_rule("announcement{GHW}[8-9]/DragonResurrection/")
    assert rule.announcement == ast.Announcement("DragonResurrection")
    items = fbr.parse("+W==H !+W/DragonResurrection/ *W/DragonResurrection/==+D").pieces
    assert isinstance(items[1], mbn.Cancellation)
    assert isinstance(items[1].item, mbn.PieceDeclaration)
    assert items[1].item.head.condition == mbn.AnnouncementCondition("DragonResurrection")
    promotion = items[2]
    assert isinstance(promotion, mbn.PromotionRule)
    assert promotion.targets == (mbn.PromotionTarget(False, "+", mbn.PieceLetter("D")),)


def test_castling_has_two_parts_line_34() -> None:
    item = fbr.parse("O-O<*>=[*]isR[g]=isR[f]").pieces[0]
    assert isinstance(item, mbn.PieceDefinition)
    assert item.head.letter.is_castling and item.head.board == mbn.BoardId("3d", (("*",),))
    first, _second = item.moves
    partial = first.legs[0]
    assert isinstance(partial, mbn.Alternatives)
    move = partial.moves[0]
    assert move.origin is not None and move.origin.ranges[0].symbol == "*"
    assert [m.letter for m in move.modifiers] == ["i", "s"]
    assert move.destination is not None and str(move.destination) == "[g]"


def test_fire_demon_line_167_name_with_space_and_optional_legs() -> None:
    rule_file = fbr.parse("burner#={^A} :FD:|Fire Demon|=(mF4+msW4+([mK]--[mK]--K))--X #:FD:=K")
    demon = rule_file.pieces[0]
    assert isinstance(demon, mbn.PieceDefinition)
    assert demon.head.name == "Fire Demon" and demon.head.letter.is_compound
    seq = demon.moves[0]
    assert seq.links == ("--",)
    group = seq.legs[0].moves[0].units[0]  # type: ignore[index]
    assert isinstance(group, mbn.Group)
    inner = group.moves.legs[0].moves[2].units[0]  # type: ignore[index]
    assert isinstance(inner, mbn.Group)
    assert [type(leg).__name__ for leg in inner.moves.legs] == ["OptionalLeg", "OptionalLeg", "Alternatives"]


def test_steps_and_promotion_targets() -> None:
    item = fbr.parse("*Q==(wwO--:QD:)+D").pieces[0]
    assert isinstance(item, mbn.PromotionRule)
    assert isinstance(item.targets[0], mbn.MoveTarget)
    assert item.targets[1] == mbn.PromotionTarget(False, "+", mbn.PieceLetter("D"))
    drops = fbr.parse("$K==@K@w@S").pieces[0]
    assert isinstance(drops, mbn.PromotionRule)
    assert [str(t) for t in drops.targets] == ["@K", "@w", "@S"]
    pawn = fbr.parse("P=mfW+cefF+[1-2]mefW02").pieces[0]
    assert isinstance(pawn, mbn.PieceDefinition)
    steps = pawn.moves[0].legs[0].moves[2].units[0].steps  # type: ignore[union-attr,index]
    assert steps is not None and steps.exact == 2 and not steps.unlimited


def test_spans_point_inside_the_long_line_30() -> None:
    line = next(e["text"] for e in PAGE["strings"] if e["line"] == 30)
    rule_file = fbr.parse(line)
    last = rule_file.pieces[-1]
    assert last.span is not None
    assert line[last.span.offset : last.span.end] == "+#P==#Q#R#B#N"
    assert last.span.column == last.span.offset + 1
