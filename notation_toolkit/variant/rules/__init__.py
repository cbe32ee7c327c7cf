"""The rules of the variant core: one component per FBR rule (or family of rules).

``read_rules`` reads a rule file's FBR rules into ``Rules``: each rule goes to the component that
executes it (``COMPONENTS``); a rule, attribute or rule part no component executes is refused with a
``VAR2xx`` diagnostic carrying its span: a variant either plays by its whole rule file or does not
load (never a silently different game). ``Core`` (``variant.tables``) then asks each component the
rule file uses for its hooks (``base.Hooks``); the others cost nothing.

The meaning of each executed rule is the FBR page's (``specs/003``, cited ``003:LINE`` in the
modules and in docs/variants.md); where the page is silent a component follows Fairy-Stockfish and
says so. Adding a rule: one module here with a ``Component``, its line in ``COMPONENTS``, its tests,
and its row in the rule table of docs/variants.md (docs/architecture.md, "Adding a rule").
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from notation_toolkit.core.diagnostics import Diagnostic
from notation_toolkit.core.geometry import Geometry
from notation_toolkit.variant import codes
from notation_toolkit.variant.rules import (
    andernach,
    atomic,
    benedict,
    board_rules,
    burner,
    castling,
    conversion,
    draw,
    drop,
    freezer,
    gating,
    hill,
    holding,
    holes,
    loss,
    magnetic,
    masks,
    mustcapture,
    nonrepeating,
    pieces,
    promotion,
    protector,
    royal,
    stalemate,
    turns,
    warp,
    win,
    wrapping,
)
from notation_toolkit.variant.rules.base import (
    Castling,
    Component,
    Hooks,
    Outcome,
    Promotion,
    Reading,
    RuleContract,
    Rules,
    VariantError,
    diag,
)

if TYPE_CHECKING:
    from notation_toolkit.fbr import ast as fbr_ast

__all__ = [
    "COMPONENTS",
    "EXECUTED",
    "Castling",
    "Component",
    "Hooks",
    "Outcome",
    "Promotion",
    "RuleContract",
    "Rules",
    "VariantError",
    "attribute_name",
    "read_rules",
]

_diag = diag  # the name the game module uses

COMPONENTS: tuple[Component, ...] = (
    hill.COMPONENT,
    atomic.COMPONENT,
    royal.COMPONENT,
    stalemate.COMPONENT,
    loss.COMPONENT,
    draw.COMPONENT,
    win.COMPONENT,
    promotion.COMPONENT,
    holding.COMPONENT,
    drop.COMPONENT,
    castling.COMPONENT,
    gating.COMPONENT,
    wrapping.COMPONENT,  # after castling: wrongrook mirrors the castlings found
    nonrepeating.COMPONENT,
    mustcapture.COMPONENT,
    pieces.COMPONENT,
    board_rules.MIRROR,
    board_rules.MULTICAPTURE,
    andernach.COMPONENT,
    benedict.COMPONENT,
    conversion.COMPONENT,
    masks.COMPONENT,
    holes.COMPONENT,
    freezer.COMPONENT,
    protector.COMPONENT,
    burner.COMPONENT,
    magnetic.COMPONENT,
    *turns.COMPONENTS,
    warp.COMPONENT,
)
"""Every component, in the order the core asks their hooks (game ends: hill before checks, an
explosion before the royal rule's ends; no moves: checkmate before stalemate; repetition:
perpetual check before the draw; filters: a move that repeats is gone before must-capture looks
for captures; the first ``check``/``safe`` given wins: atomic's, which follows ``royal=expose``,
before the royal rule's; the turn rules last: their ``do`` decides, after every other effect of
a move, whether the turn goes on)."""

_BY_RULE: dict[str, Component] = {name: c for c in COMPONENTS for name in c.contract}

EXECUTED: Mapping[str, RuleContract] = {name: c.contract[name] for name, c in _BY_RULE.items()}
"""Every rule, part, attribute and argument form the variant core executes; ``read_rules`` refuses
everything else the FBR validator accepts with a VAR2xx diagnostic (tests/variant/test_contract.py
walks the FBR catalog)."""


@functools.cache
def _arg_forms() -> dict[type, str]:
    # (the ASTs are imported when a rule file is read: a variant from the cache needs neither)
    from notation_toolkit.fbr import ast as fbr_ast
    from notation_toolkit.mbn import ast as mbn

    return {
        fbr_ast.Count: "count",
        mbn.PieceSet: "set",
        fbr_ast.PieceValues: "values",
        mbn.BoardRange: "range",
    }


def attribute_name(rule: fbr_ast.FbrRule, attribute: fbr_ast.Attribute) -> tuple[str | None, str]:
    """The catalog name of ``attribute`` (``move*`` is one name, G5) and its argument form."""
    from notation_toolkit.fbr.catalog import shipped_catalog
    from notation_toolkit.fbr.validate import resolve_attribute

    spec = shipped_catalog().rules.get(rule.name)
    in_name = False
    name = attribute.name
    if spec is not None:
        name, in_name = resolve_attribute(attribute, spec)
    if attribute.argument is not None:
        form = _arg_forms().get(type(attribute.argument), "?")
        if attribute.prefix is not None and not in_name:
            form = "prefix+" + form
    elif attribute.prefix is not None and not in_name:
        form = "prefix"
    else:
        form = ""
    return name, form


def _form_words(form: str) -> str:
    words = {"": "no argument", "count": "a count", "set": "a piece set", "values": "piece values"}
    words |= {"range": "a board range", "prefix": "a prefix"}
    return " and ".join(words.get(f, f) for f in form.split("+"))


def _check_parts(rule: fbr_ast.FbrRule, out: list[Diagnostic]) -> dict[int, str]:
    """VAR203 for every part and VAR202 for every attribute (or argument form) of ``rule`` that
    the core does not execute; the catalog names of the executed attributes, by index."""
    from notation_toolkit.mbn import ast as mbn  # (only when a rule file is read)

    contract = EXECUTED[rule.name]
    present = {
        "prefix": rule.prefix,
        "seq_number": rule.seq_number,
        "cardinal": rule.cardinal,
        "piece_set": rule.piece_set,
        "board_range": rule.board_range,
        "announcement": rule.announcement,
    }
    for part, value in present.items():
        if value is not None and part not in contract.parts:
            out.append(
                diag(
                    codes.PART_NOT_EXECUTED,
                    "variant_core_does",
                    getattr(value, "span", None) or rule.span,
                    name=rule.name,
                    part=part.replace("_", " "),
                    given=value,
                )
            )
    sets = [rule.piece_set] + [a.argument for a in rule.attributes]
    for piece_set in sets:
        if isinstance(piece_set, mbn.PieceSet) and piece_set.flags not in (
            "",
            "^" if contract.complement else "",
        ):
            out.append(
                diag(
                    codes.PART_NOT_EXECUTED, "plain_sets_only", piece_set.span or rule.span, given=piece_set
                ),
            )
    names: dict[int, str] = {}
    for i, attribute in enumerate(rule.attributes):
        name, form = attribute_name(rule, attribute)
        forms = contract.attributes.get(name or "")
        shown = ("!" if attribute.negated else "") + str(name if name is not None else "")
        known = ", ".join(sorted(contract.attributes)) or "none"
        if forms is None or attribute.negated or name is None:
            out.append(
                diag(
                    codes.ATTRIBUTE_NOT_EXECUTED,
                    "variant_core_does",
                    attribute.span or rule.span,
                    shown=shown or str(attribute.argument),
                    name=rule.name,
                    known=known,
                )
            )
        elif form not in forms:
            executed = " or ".join(_form_words(f) for f in sorted(forms))
            out.append(
                diag(
                    codes.ATTRIBUTE_NOT_EXECUTED,
                    "argument_form",
                    attribute.span or rule.span,
                    shown=shown,
                    name=rule.name,
                    given=_form_words(form),
                    executed=executed,
                )
            )
        else:
            names[i] = name
    return names


def read_rules(rule_file: fbr_ast.RuleFile, geometry: Geometry) -> tuple[Rules, list[Diagnostic]]:
    """Read the FBR rules of ``rule_file`` into ``Rules``; diagnostics for what is not executed."""
    rules = Rules(geometry)
    out: list[Diagnostic] = []
    reading = Reading(rule_file, geometry, rules, out)
    used: list[str] = []
    for rule in rule_file.rules:
        if rule.name == "mirror":
            # the zones of every rule follow the mirror rule, wherever it is written
            rules.mirror = board_rules.mirror_of(rule)
    for rule in rule_file.rules:
        component = _BY_RULE.get(rule.name)
        rule_contract = EXECUTED.get(rule.name)
        if component is None or rule_contract is None or (rule.negated and not rule_contract.negated):
            executed = ", ".join(sorted(EXECUTED))
            out.append(
                diag(
                    codes.RULE_NOT_EXECUTED,
                    "variant_core_does",
                    rule.name_span or rule.span,
                    negation="!" if rule.negated else "",
                    name=rule.name,
                    executed=executed,
                )
            )
            continue
        names = {} if rule.negated else _check_parts(rule, out)
        attributes = [(names[i], a) for i, a in enumerate(rule.attributes) if i in names]
        component.read(rule, attributes, reading)
        if component.name not in used:
            used.append(component.name)
    for component in COMPONENTS:
        component.finish(reading)
    rules.used = tuple(used)
    rules.components = COMPONENTS
    return rules, out
