"""Property: the canonical text (`fbr.dumps`) of any valid rule file parses back to an equal AST,
and the file's expansion checks clean.

Valid files are drawn from the catalog (every rule of the FBR page, with its mandatory parts and
attributes and optional extras) and from the piece items the page prints; a drawn file that the
checker refuses (for example two attributes that exclude each other) is discarded, so the
property speaks of valid files only.
"""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from notation_toolkit import fbr, mbn
from notation_toolkit.core.diagnostics import Severity
from notation_toolkit.core.errors import NotationError
from notation_toolkit.fbr.catalog import RuleSpec, shipped_catalog
from notation_toolkit.fbr.expand import composite_rules, expand

CATALOG = shipped_catalog()
COMPOSITE = set(composite_rules())
PAGE = json.loads((Path(__file__).parent.parent / "data" / "fbr" / "page_003.json").read_text("utf-8"))
PAGE_ITEMS = sorted({e["text"] for e in PAGE["strings"] if e["kind"] == "mbn" and "=" in e["text"]})
ARG_TEXT = {"count": "(2)", "set": "{Q}", "range": "[e4]", "values": "{Q=9}"}
PART_TEXT = {"prefix": "#", "seq_number": "<1>", "piece_set": "{Q}", "board_range": "[e4]"}
SETTINGS = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)


@st.composite
def rules(draw: st.DrawFn, name: str) -> str:
    """One rule of the catalog with its mandatory parts and some optional ones."""
    spec: RuleSpec = CATALOG.rules[name]
    text = name
    for key, value in PART_TEXT.items():
        level = spec.part(key)
        if level == "required" or (level == "optional" and draw(st.booleans())):
            text += value
    if spec.part("cardinal") == "required":
        text += "<n>"
    if spec.part("announcement") == "required":
        text += "/Name/"
    names = sorted(a for a in spec.attributes if spec.attributes[a].documented)
    chosen: list[str] = []
    if spec.one_of:
        chosen.append(draw(st.sampled_from(spec.one_of[0])))
    elif spec.attributes_required and names:
        chosen.append(draw(st.sampled_from(names)))
    extra: bool = draw(st.booleans())
    if names and extra:
        chosen.append(draw(st.sampled_from(names)))
    attributes = []
    for attr_name in dict.fromkeys(chosen):
        attr = spec.attributes[attr_name]
        required = attr.required_arg
        if attr.needs_rule_piece_set and "{" not in text:
            text += "{Q}"
        if required == "prefix":
            attributes.append(attr_name + "#")
        elif required is not None:
            attributes.append(attr_name + ARG_TEXT[required])
        else:
            optional = [k for k in attr.args if k != "prefix"]
            with_argument: bool = draw(st.booleans())
            if optional and with_argument:
                attributes.append(attr_name + ARG_TEXT[draw(st.sampled_from(optional))])
            else:
                attributes.append(attr_name)
    return text + ("=" + ",".join(attributes) if attributes else "")


@st.composite
def rule_files(draw: st.DrawFn) -> str:
    """A rule file: a few rules (at most one composite), the standard pieces, page items."""
    plain = sorted(set(CATALOG.rules) - COMPOSITE)
    names = draw(st.lists(st.sampled_from(plain), max_size=3, unique=True))
    if draw(st.booleans()):
        names.append(draw(st.sampled_from(sorted(COMPOSITE))))
    needed = [r for n in names for r in CATALOG.rules[n].requires_any_rule[:1]]
    parts = [draw(rules(n)) for n in dict.fromkeys(needed + names)]
    pieces = ["K", "Q=R+N", "R", "B", "N", "P", "+P", "#Q", "#P=mfW", "+P==QRBN"]
    pieces += draw(st.lists(st.sampled_from(PAGE_ITEMS), max_size=2))
    return " ".join(["royal", *parts, *pieces])


def _clean(text_or_ast: str | object) -> bool:
    is_text = isinstance(text_or_ast, str)
    diagnostics = fbr.check(text_or_ast) if is_text else fbr.check_rule_file(text_or_ast)  # type: ignore[arg-type]
    return not any(d.severity is Severity.ERROR for d in diagnostics)


@SETTINGS
@given(rule_files())
def test_dumps_of_a_valid_file_parses_back_equal(text: str) -> None:
    assume(_clean(text))
    tree = fbr.parse(text)
    canonical = fbr.dumps(tree)
    again = fbr.parse(canonical)
    assert again == tree
    assert fbr.dumps(again) == canonical
    assert _clean(canonical)


@SETTINGS
@given(rule_files())
def test_expansion_of_a_valid_file_checks_clean(text: str) -> None:
    assume(_clean(text))
    try:
        expanded = expand(fbr.parse(text))
    except NotationError as exc:
        # Only refusals the expander documents for valid inputs: a composite rule's attributes
        # without an expansion (FBR701) or a piece the template has no value for (FBR704).
        assert exc.code in ("FBR701", "FBR704"), exc
        return
    assert _clean(expanded), [(d.code, d.message) for d in fbr.check_rule_file(expanded) if d.is_error]
    assert fbr.parse(fbr.dumps(expanded)) == expanded


def test_page_items_are_items() -> None:
    assert PAGE_ITEMS and all(mbn.parse(t) for t in PAGE_ITEMS)
