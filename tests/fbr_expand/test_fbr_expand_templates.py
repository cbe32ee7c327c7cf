"""Expansion templates are data: adding a composite rule needs a TOML file and no code; broken
templates and inputs the templates cannot expand give FBR7xx diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest
from fbr_expand_helpers import BEROLINA, COMPOSITE_RULES, items

from notation_toolkit.core.codes import get_code
from notation_toolkit.core.errors import GrammarError, NotationError, ValidationError
from notation_toolkit.fbr.expand import composite_rules, expand, load_templates
from notation_toolkit.fbr.expand.templates import Letters, fill, parse_templates


def test_shipped_composite_rules() -> None:
    assert composite_rules() == sorted(COMPOSITE_RULES)


def test_author_adds_a_rule_with_a_data_file(tmp_path: Path) -> None:
    path = tmp_path / "berolina.toml"
    path.write_text(BEROLINA, encoding="utf-8")
    result = expand("royal berolina K Q R B N P +P", templates=path)
    assert items(result) == items("royal K Q R B N P=S +P")
    # the shipped rules are still there
    assert items(expand("royal berolina atomic{^P} K P", templates=path)) == items("royal=expose @K K=mK P=S")


def test_fill_filters() -> None:
    values = {"nonroyal": Letters(("Q", "R")), "letter": "K"}
    assert fill("c{{nonroyal|set}}{{letter}}", values, "t") == "c{QR}K"
    assert fill("c{{nonroyal|#|set}}K", values, "t") == "c{#Q#R}K"
    assert fill("{!{{nonroyal|lower}}}", values, "t") == "{!qr}"
    assert fill("{^{{nonroyal}}}", values, "t") == "{^QR}"


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("{{nope}}", "unknown placeholder"),
        ("{{letter|set}}", "needs a list of letters"),
        ("{{nonroyal|bold}}", "unknown filter"),
    ],
)
def test_broken_placeholders(template: str, message: str) -> None:
    with pytest.raises(GrammarError) as info:
        fill(template, {"nonroyal": Letters(("Q",)), "letter": "K"}, "t")
    assert info.value.code == "FBR705"
    assert message in str(info.value)


def test_template_that_does_not_parse(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BEROLINA.replace('"{{head}}=S"', '"{{head}}=S=="'), encoding="utf-8")
    with pytest.raises(GrammarError) as info:
        expand("berolina K P", templates=path)
    assert info.value.code == "FBR705"
    assert "P=S==" in str(info.value)


def test_template_that_readds_its_rule_is_bounded(tmp_path: Path) -> None:
    path = tmp_path / "loop.toml"
    path.write_text(BEROLINA.replace('match = [""]', 'match = [""]\nrules = ["berolina"]'), encoding="utf-8")
    with pytest.raises(GrammarError) as info:
        expand("berolina K P", templates=path)
    assert info.value.code == "FBR705"


@pytest.mark.parametrize(
    "bad",
    [
        "schema = 2",
        "[rule.x]\ntitle = 'no variant'",
        "[[rule.x.variant]]\npieces = { king = ['K'] }",
        "[[default]]\nkind = 'sometimes'\nrule = 'x'\nadd = 'y'",
        "this is not toml =",
    ],
)
def test_broken_template_files(tmp_path: Path, bad: str) -> None:
    path = tmp_path / "t.toml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(GrammarError) as info:
        load_templates(path)
    assert info.value.code == "FBR705"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (None, "No such file or directory"),
        (b"\xff\xfe", "not UTF-8: byte 0xff at offset 0"),
        (b"a = = 1\n", "not TOML: Invalid value (at line 1, column 5)"),
    ],
)
def test_an_unreadable_template_file_says_why_in_words(
    tmp_path: Path, content: bytes | None, reason: str
) -> None:
    """The reason is the user's words, not Python's (``[Errno 2] ...``, ``'utf-8' codec can't ...``)."""
    path = tmp_path / "t.toml"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(GrammarError) as info:
        load_templates(path)
    (d,) = info.value.diagnostics
    assert d.message == f"{path}: cannot be read ({reason})"


def test_parse_templates_accepts_minimal_rule() -> None:
    tpl = parse_templates({"rule": {"x": {"variant": [{"rules": "royal"}]}}})
    assert tpl.rules["x"].variants[0].rules == ("royal",)


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("royal alice=5D K", "FBR701", "alice has no expansion for =5D"),
        ("royal alice=classic K<*>", "FBR701", "several boards"),
        ("royal switching=notincheck,excluderoyals K", "FBR702", "cannot be combined"),
        ("royal cheshire K", "FBR703", "needs a piece set"),
        ("royal spacious K :FD:", "FBR704", ":FD:"),
        ("royal alice K Q *Q==(wwO--:QD:)+D", "FBR706", "cannot rewrite"),
        ('boardsize="eight" royal bouncing K B', "FBR707", "board size"),
    ],
)
def test_inputs_the_templates_cannot_expand(text: str, code: str, words: str) -> None:
    with pytest.raises(NotationError) as info:
        expand(text)
    assert info.value.code == code
    assert words in str(info.value)
    assert get_code(code) is not None
    assert info.value.diagnostics[0].hint


def test_exclusive_error_points_at_the_rule() -> None:
    text = "royal switching=notincheck,excluderoyals K"
    with pytest.raises(ValidationError) as info:
        expand(text)
    span = info.value.diagnostics[0].span
    assert span is not None and text[span.offset : span.end].startswith("switching")


def test_bouncing_reads_the_board_width() -> None:
    out = items(expand('boardsize="10x8" royal bouncing K B'))
    assert out["@B=B-[([a,j]zB)0]"] == 1


def test_bouncing_custom_piece_set_and_definition() -> None:
    out = items(expand("royal bouncing{BC} K B=F0 C=F0+N"))
    assert out["@B=F0-[([a,h]zF0)0]"] == 1
    assert out["@C=(F0+N)-[([a,h]z(F0+N))0]"] == 1
    assert out["B"] == out["C"] == 1


def test_negated_composite_rule_is_left_as_written() -> None:
    assert items(expand("!alice K")) == items("!alice K")


def test_two_composite_rules_expand_in_file_order() -> None:
    out = expand("royal avalanche andernach K P")
    assert items(out) == items("royal turn<1> turn#<2>{!p}=avalanche conversion*=capture K P #P=mfW *P=ccO")
    assert "andernach" not in {r.name for r in out.rules}


def test_atomic_without_royal_rule_adds_it() -> None:
    assert items(expand("atomic K R")) == items("royal=expose @K @R K=mK R=mR+(cR--X)")


def test_comments_and_metadata_are_kept_in_place() -> None:
    out = expand('~ head\nvariant="V"\nroyal andernach\n~ pieces\nK Q')
    kinds = [type(i).__name__ for i in out.items]
    assert kinds[:3] == ["Comment", "Metadata", "FbrRule"]
    assert "Comment" in kinds[3:]
