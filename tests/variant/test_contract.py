"""The variant core keeps its word: every rule, part, attribute and argument form the FBR validator
accepts is either executed (it changes what the core plays) or refused with a VAR2xx diagnostic
pointing into the rule.

The cases are generated from the FBR catalog (``notation_toolkit/fbr/catalog.json``, the rules of
the FBR page with their parts and attributes): a catalog entry added later is walked here too, so
it cannot be ignored silently.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from notation_toolkit import fbr
from notation_toolkit.core.diagnostics import Severity
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.fbr.catalog import PART_KEYS, RuleSpec, shipped_catalog
from notation_toolkit.variant.rules import EXECUTED, Rules, read_rules

# Orthodox chess pieces (no promotion rule: promotion+ exists by default, 003:664); castling only
# where a case needs it.
PIECES = "K=W+F Q=R+B R=W0 B=F0 N=N P=mfW+cefF+[1-2]mefW02 +P==QRBN"
CASTLING = "O-O=[*]isR[g]=isR[f]"
G8 = Geometry.of(8, 8)
PART_TEXT = {
    "prefix": "+",
    "seq_number": "<1>",
    "cardinal": "<n>",
    "piece_set": "{N}",
    "board_range": "[a-h1-2]",
    "announcement": "/Check/",
}
ARG_TEXT = {"count": "(2)", "set": "{N}", "values": "{N=1}", "range": "[a-h1-2]", "prefix": "+"}

# Executed forms that change nothing because they state what the core does anyway (the page's
# defaults), or that only restrict rules the file does not use.
DEFAULT_FORMS = {
    ("royal", ""),  # royal{K} is the default piece set (003:894); the file already has royal
    ("promotion", ""),  # promotion+ on the last rank is predefined (003:664)
    ("promotion", "prefix"),
    ("promotion", "enter"),  # enter is the default way (003:708)
    ("drop", ""),  # drop rules without attributes or zone restrict nothing (003:274-286)
    ("stalemate", "draw"),  # 003:977
    ("draw", ""),  # draw=repetition(3) is the default (003:265)
    ("draw", "repetition"),
    ("draw", "stalemate"),  # a stalemate is a draw by default (003:977)
    ("mirror", ""),  # 003:472
    ("mirror", "vertical"),
    ("multicapture", ""),  # 003:490
    ("multicapture", "completed"),
    ("loss", ""),  # loss without a condition adds none
}


@dataclass(frozen=True)
class Case:
    rule: str
    form: str  # the part or attribute (with its argument kind) the case is about
    text: str  # the rule as written


def _required_parts(spec: RuleSpec) -> str:
    return "".join(PART_TEXT[k] for k in PART_KEYS if spec.part(k) == "required")


def _with_part(spec: RuleSpec, key: str) -> str:
    return "".join(PART_TEXT[k] for k in PART_KEYS if spec.part(k) == "required" or k == key)


def cases() -> Iterator[Case]:
    """Every rule alone, with each part it may take, and with each attribute in each argument
    form the catalog gives it (negated too where the page allows ``!``)."""
    for name, spec in sorted(shipped_catalog().rules.items()):
        base = name + _required_parts(spec)
        yield Case(name, "", base)
        yield Case(name, "!", "!" + name)
        for key in PART_KEYS:
            if spec.part(key) == "optional":
                yield Case(name, key, name + _with_part(spec, key))
        if spec.anonymous_count is not None:
            yield Case(name, "anonymous count", base + "=(2)")
        if spec.anonymous_piece_set is not None:
            yield Case(name, "anonymous set", base + "={N}")
        for attr, attr_spec in sorted(spec.attributes.items()):
            head = base
            if attr_spec.needs_rule_piece_set and spec.part("piece_set") != "required":
                head = name + _with_part(spec, "piece_set")
            forms = [""] if attr_spec.required_arg is None else []
            forms += list(attr_spec.args)
            for kind in forms:
                arg = ARG_TEXT.get(kind, "")
                label = attr + (f" {kind}" if kind else "")
                yield Case(name, label, f"{head}={attr}{arg}")
                if attr_spec.negatable:
                    yield Case(name, "!" + label, f"{head}=!{attr}{arg}")


def _file(case: Case) -> tuple[str, str, int]:
    """The rule file of a case: chess pieces, the rules the case's rule needs, then the rule (its
    offset returned) and the text without it."""
    spec = shipped_catalog().rules[case.rule]
    needed = ["royal"]
    if spec.requires_any_rule:
        executed = [r for r in spec.requires_any_rule if r in EXECUTED]
        needed.append((executed or list(spec.requires_any_rule))[0])
    for attr in spec.attributes.values():
        if attr.requires_rule and f"={attr.name}" in case.text:
            needed.append(attr.requires_rule)
    head = 'boardsize="8x8" ' + " ".join(needed) + " "
    return head + case.text + " " + PIECES, head + PIECES, len(head)


ALL = list(cases())


def _outcome(case: Case) -> str:
    text, without, offset = _file(case)
    if any(d.severity is Severity.ERROR for d in fbr.check(text)):
        return "not accepted"
    rules, diagnostics = read_rules(fbr.validate(text), G8)
    refusals = [d for d in diagnostics if d.code.startswith("VAR2")]
    if refusals:
        inside = [
            d
            for d in refusals
            if d.span is not None and offset <= d.span.offset < offset + len(case.text) and d.hint
        ]
        assert inside, f"{case}: refused without a span inside the rule: {refusals}"
        return "refused"
    assert not diagnostics, f"{case}: {diagnostics}"
    base, base_diagnostics = read_rules(fbr.validate(without), G8)
    assert not base_diagnostics
    if (case.rule, case.form.split(" ")[0]) not in DEFAULT_FORMS:
        assert _comparable(rules) != _comparable(base), f"{case} loads but changes nothing the core plays"
    return "executed"


def _comparable(rules: Rules) -> tuple[object, ...]:
    return tuple(getattr(rules, f) for f in Rules.__dataclass_fields__)


def test_every_catalog_form_is_executed_or_refused() -> None:
    outcomes: dict[str, list[Case]] = {"executed": [], "refused": [], "not accepted": []}
    for case in ALL:
        outcomes[_outcome(case)].append(case)
    # the walk reaches every rule of the catalog and most of its forms are valid FBR
    assert {c.rule for c in outcomes["executed"] + outcomes["refused"]} == set(shipped_catalog().rules)
    assert len(outcomes["refused"]) > 100  # (the walk reaches refusals too; each executed form moves one out)
    executed = {(c.rule, c.form) for c in outcomes["executed"]}
    # what the core executes is exactly what its contract table says
    claimed = set()
    for case in outcomes["executed"] + outcomes["refused"]:
        contract = EXECUTED.get(case.rule)
        if contract is None:
            continue
        form = case.form
        if form == "!":
            ok = contract.negated
        elif form in PART_KEYS:
            ok = form in contract.parts
        elif form == "":
            ok = not (set(k for k in PART_KEYS if shipped_catalog().rules[case.rule].part(k) == "required"))
            ok = ok or all(
                k in contract.parts
                for k in PART_KEYS
                if shipped_catalog().rules[case.rule].part(k) == "required"
            )
        else:
            attr, _, kind = form.lstrip("!").partition(" ")
            spec = shipped_catalog().rules[case.rule]
            if form == "anonymous count" and spec.anonymous_count is not None:
                attr = spec.anonymous_count  # freezer=(2) is freezer=attackers(2) (003:336)
            forms = contract.attributes.get(attr)
            ok = not form.startswith("!") and forms is not None and (kind or "") in forms
        if ok:
            claimed.add((case.rule, case.form))
    assert executed == claimed


@pytest.mark.parametrize(
    ("text", "code", "where"),
    [
        ("promotion=stack", "VAR202", "stack"),  # 003:758: not executed
        ("promotion=!swap", "VAR202", "!swap"),
        ("royal=maxchecks", "VAR202", "maxchecks"),  # without its count
        ("holding=demote+", "VAR202", "demote+"),  # a demotion rule by prefix (003:406)
        ("promotion<1>", "VAR203", "<1>"),
        ("royal{^K}", "VAR203", "{^K}"),
        ("multicapture=immediate", "VAR202", "immediate"),
        # move* would promote both castling pieces (003:728); without castling it is move
        ("promotion=move*", "VAR202", "move*"),
    ],
)
def test_refusals_point_at_the_part(text: str, code: str, where: str) -> None:
    rule_file = f'boardsize="8x8" holding royal {text} {PIECES} {CASTLING}'
    _, diagnostics = read_rules(fbr.parse(rule_file), G8)
    found = [d for d in diagnostics if d.code == code]
    assert found, diagnostics
    span = found[0].span
    assert span is not None
    assert rule_file[span.offset : span.offset + span.length] == where


def test_the_docs_table_says_what_the_contract_says() -> None:
    """docs/variants.md lists, per executed rule, the component module that executes it, the
    attributes executed and those refused."""
    import re
    from pathlib import Path

    from notation_toolkit.variant.rules import COMPONENTS

    docs = (Path(__file__).resolve().parents[2] / "docs" / "variants.md").read_text()
    for name, contract in EXECUTED.items():
        row = re.search(rf"^\| `{name}` \| `(\w+)\.py` \| (.*?) \| (.*?) \| 003:", docs, re.M)
        assert row, name
        module, executed, refused = row.group(1), row.group(2), row.group(3)
        owner = next(c for c in COMPONENTS if name in c.contract)
        assert type(owner).__module__.rsplit(".", 1)[-1] == module, (name, module)
        for attr in contract.attributes:
            assert f"`{attr}" in executed, (name, attr)
        for attr in shipped_catalog().rules[name].attributes:
            if attr not in contract.attributes:
                assert re.search(rf"\b{re.escape(attr)}\b", refused), (name, attr)


def test_the_docs_list_every_rule_of_the_page_with_its_status() -> None:
    """docs/variants.md "Every rule of the page": one row per catalog rule, naming the component
    that executes it and how much of it, and the count of the page's 47 rules executed."""
    import re
    from pathlib import Path

    from notation_toolkit.variant.rules import COMPONENTS

    docs = (Path(__file__).resolve().parents[2] / "docs" / "variants.md").read_text()
    section = docs.split("### Every rule of the page", 1)[1].split("\n### ", 1)[0]
    rows = {m.group(1): m.group(0) for m in re.finditer(r"^\| `([\w*]+)` \|.*$", section, re.M)}
    catalog = shipped_catalog().rules
    assert set(rows) == set(catalog)
    owner = {name: type(c).__module__.rsplit(".", 1)[-1] for c in COMPONENTS for name in c.contract}
    for name, row in rows.items():
        component, status = (cell.strip() for cell in row.split("|")[2:4])
        if name not in EXECUTED:
            assert component == "" and status.startswith("refused (VAR201)"), name
            continue
        assert component == f"`{owner[name]}.py`", name
        attrs = list(catalog[name].attributes)
        done = [a for a in attrs if a in EXECUTED[name].attributes]
        expected = (
            "executed"
            if len(done) == len(attrs)
            else f"executed in part ({len(done)} of {len(attrs)} attributes)"
        )
        assert status == expected, (name, status, expected)
    page_rules = [n for n in catalog if catalog[n].documented]
    assert len(page_rules) == 47
    executed = sum(1 for n in page_rules if n in EXECUTED)
    assert f"executes **{executed} of the 47**" in section
