"""Generated from the catalog: for every rule of the FBR page, each mistake an author can make gives
its own code, pointed at the mistake, with a did-you-mean or a fix where one exists.

For each rule a minimal valid rule file is built from its catalog entry (mandatory parts and
attributes filled in), checked clean, then broken one way at a time: a typo in the rule name, a
typo in each attribute, each mandatory part left out, an empty mandatory set, empty parentheses
for every count, a wrong order where the page fixes one (003:782).
"""

from __future__ import annotations

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.fbr.catalog import AttributeSpec, RuleSpec, shipped_catalog

CATALOG = shipped_catalog()
RULES = sorted(CATALOG.rules)
PIECES = "K Q=R+N R B N P X +P #X *X +X"
PART_TEXT = {
    "prefix": "#",
    "seq_number": "<1>",
    "cardinal": "<n>",
    "piece_set": "{X}",
    "board_range": "[e4]",
    "announcement": "/Name/",
}
PART_CODE = {
    "prefix": "FBR203",
    "piece_set": "FBR204",
    "board_range": "FBR205",
    "cardinal": "FBR206",
    "announcement": "FBR207",
}
ARG_TEXT = {"count": "(1)", "set": "{X}", "range": "[e4]", "values": "{X=1}"}


def _attribute_text(name: str, spec: AttributeSpec) -> str:
    required = spec.required_arg
    if required == "prefix":
        return name + "#"
    return name + (ARG_TEXT[required] if required else "")


def _chosen_attribute(spec: RuleSpec) -> str | None:
    if spec.one_of:
        return spec.one_of[0][0]
    if spec.attributes_required:
        return sorted(a for a in spec.attributes if spec.attributes[a].documented)[0]
    return None


def _parts(spec: RuleSpec, attribute: str | None) -> dict[str, str]:
    parts = {k: v for k, v in PART_TEXT.items() if spec.part(k) == "required"}
    if attribute is not None and spec.attributes[attribute].needs_rule_piece_set:
        parts["piece_set"] = "{X}"
    return parts


def _rule_text(name: str, parts: dict[str, str], attributes: list[str]) -> str:
    text = name + "".join(parts[k] for k in PART_TEXT if k in parts)
    return text + ("=" + ",".join(attributes) if attributes else "")


def _context(spec: RuleSpec, attributes: list[str]) -> str:
    needed = list(spec.requires_any_rule[:1])
    for name in attributes:
        attr = spec.attributes.get(name.split("(")[0].split("{")[0].split("[")[0])
        if attr is not None and attr.requires_rule:
            needed.append(attr.requires_rule)
    return " ".join(needed)


def _file(name: str, parts: dict[str, str], attributes: list[str]) -> tuple[str, str]:
    spec = CATALOG.rules[name]
    rule = _rule_text(name, parts, attributes)
    context = _context(spec, [a for a in attributes])
    return f"{context} {rule} {PIECES}".strip(), rule


def _base(name: str) -> tuple[RuleSpec, dict[str, str], list[str]]:
    spec = CATALOG.rules[name]
    chosen = _chosen_attribute(spec)
    attributes = [_attribute_text(chosen, spec.attributes[chosen])] if chosen else []
    return spec, _parts(spec, chosen), attributes


def _errors(text: str) -> list[Diagnostic]:
    return [d for d in fbr.check(text) if d.severity is not Severity.INFO]


def _one(text: str, code: str) -> Diagnostic:
    found = [d for d in fbr.check(text) if d.code == code]
    assert found, (text, code, [(d.code, d.message) for d in fbr.check(text)])
    assert found[0].span is not None and (found[0].hint or found[0].fix)
    return found[0]


def _typo(word: str, taken: set[str]) -> str:
    # Swap two inner letters (or double the last one) so that the word stays recognisable.
    candidates = [word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1)]
    candidates += [word + word[-1], word[:-1] + ("x" if word[-1] != "x" else "y")]
    return next(c for c in candidates if c != word and c not in taken)


@pytest.mark.parametrize("name", RULES)
def test_minimal_rule_checks_clean(name: str) -> None:
    _, parts, attributes = _base(name)
    text, _ = _file(name, parts, attributes)
    assert _errors(text) == []


@pytest.mark.parametrize("name", RULES)
def test_typo_in_rule_name(name: str) -> None:
    _, parts, attributes = _base(name)
    typo = _typo(name, set(CATALOG.rules))
    text, _ = _file(name, parts, attributes)
    text = text.replace(name + parts.get("prefix", ""), typo + parts.get("prefix", ""), 1)
    d = _one(text, "FBR201")
    assert d.span is not None and text[d.span.offset : d.span.end] == typo
    assert d.fix is not None and d.fix.replacement in CATALOG.rules
    assert name in (d.hint or "")


ATTRIBUTE_CASES = [
    pytest.param(rule, attr, id=f"{rule}={attr}")
    for rule in RULES
    for attr in sorted(CATALOG.rules[rule].attributes)
    if attr.isalnum()
]


@pytest.mark.parametrize(("name", "attribute"), ATTRIBUTE_CASES)
def test_typo_in_each_attribute(name: str, attribute: str) -> None:
    spec, parts, _ = _base(name)
    attr = spec.attributes[attribute]
    if attr.needs_rule_piece_set:
        parts["piece_set"] = "{X}"
    taken = set(spec.attributes) | set(CATALOG.rules)
    typo = _typo(attribute, taken)
    text, _ = _file(name, parts, [_attribute_text(typo, attr)])
    d = _one(text, "FBR202")
    assert d.span is not None and text[d.span.offset : d.span.end] == typo
    assert attribute in (d.hint or "")
    if d.fix is not None:
        assert d.fix.replacement in spec.attributes


REQUIRED_PART_CASES = [
    pytest.param(rule, key, id=f"{rule}-{key}")
    for rule in RULES
    for key in PART_CODE
    if CATALOG.rules[rule].part(key) == "required"
]


@pytest.mark.parametrize(("name", "key"), REQUIRED_PART_CASES)
def test_each_mandatory_part_left_out(name: str, key: str) -> None:
    _, parts, attributes = _base(name)
    del parts[key]
    text, _ = _file(name, parts, attributes)
    d = _one(text, PART_CODE[key])
    assert d.severity is Severity.ERROR


def test_rules_with_mandatory_attributes_need_one() -> None:
    for name in RULES:
        spec = CATALOG.rules[name]
        if not spec.attributes_required:
            continue
        _, parts, _ = _base(name)
        text, _ = _file(name, parts, [])
        _one(text, "FBR208")


EMPTY_SET_CASES = [
    pytest.param(rule, None, id=f"{rule}{{}}")
    for rule in RULES
    if CATALOG.rules[rule].part("piece_set") == "required"
]
EMPTY_SET_CASES += [
    pytest.param(rule, attr, id=f"{rule}={attr}{{}}")
    for rule in RULES
    for attr, spec in sorted(CATALOG.rules[rule].attributes.items())
    if spec.args.get("set") == "required" or spec.needs_rule_piece_set
]


@pytest.mark.parametrize(("name", "attribute"), EMPTY_SET_CASES)
def test_empty_mandatory_set(name: str, attribute: str | None) -> None:
    spec, parts, attributes = _base(name)
    if attribute is None:
        parts["piece_set"] = "{}"
    elif spec.attributes[attribute].needs_rule_piece_set:
        parts["piece_set"] = "{}"
        attributes = [_attribute_text(attribute, spec.attributes[attribute])]
    else:
        attributes = [attribute + "{}"]
    text, _ = _file(name, parts, attributes)
    if attribute is not None and spec.attributes[attribute].empty_set:
        # 003:920: the page lets this set be empty.
        assert [d for d in fbr.check(text) if d.code == "FBR219"] == []
        return
    d = _one(text, "FBR219")
    assert d.span is not None and text[d.span.offset : d.span.end] == "{}"


COUNT_CASES = [
    pytest.param(rule, attr, id=f"{rule}={attr}()")
    for rule in RULES
    for attr, spec in sorted(CATALOG.rules[rule].attributes.items())
    if "count" in spec.args and attr.isalnum()
]


@pytest.mark.parametrize(("name", "attribute"), COUNT_CASES)
def test_empty_parentheses_for_every_count(name: str, attribute: str) -> None:
    spec, parts, _ = _base(name)
    attr = spec.attributes[attribute]
    if attr.needs_rule_piece_set:
        parts["piece_set"] = "{X}"
    text, _ = _file(name, parts, [attribute + "()"])
    if attr.args["count"] == "required":
        d = _one(text, "FBR211")
    else:
        d = _one(text, "FBR220")
        assert d.fix is not None and d.fix.replacement == ""
        assert [x for x in fbr.check(d.fix.apply(text)) if x.code == "FBR220"] == []
    assert d.span is not None and text[d.span.offset : d.span.end] == "()"


ORDER_CASES = [rule for rule in RULES if CATALOG.rules[rule].prefix_first]


def test_the_page_fixes_an_order_for_turn_only() -> None:
    assert ORDER_CASES == ["turn"]  # 003:782


@pytest.mark.parametrize("name", ORDER_CASES)
def test_wrong_order_where_the_page_fixes_one(name: str) -> None:
    for written in (f"{name}<2>{{!p}}#", f"{name}{{!p}}#<2>", f"{name}<2>#{{!p}}"):
        text = f"{name}<1> {written} {PIECES} #P=mfW"
        d = _one(text, "FBR221")
        assert d.fix is not None and d.fix.replacement == f"{name}#<2>{{!p}}"
        assert [x for x in fbr.check(d.fix.apply(text)) if x.code == "FBR221"] == []
    assert [d for d in fbr.check(f"{name}<1> {name}#<2>{{!p}} {PIECES} #P=mfW") if d.code == "FBR221"] == []


def test_other_rules_keep_any_order() -> None:
    # 003:336 `freezer{S}*=(2)`, 003:288 `drop[1-8]{P}`.
    assert _errors("freezer{S}*=(2) S=K P=mW+cF *P=cW") == []
    assert _errors("holding drop[1-8]{P} P=fW") == []
