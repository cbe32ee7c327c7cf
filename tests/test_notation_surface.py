"""Every notation offers the same surface: a reader who knows one knows them all.

The test walks the registry (every notation declared through the ``notation_toolkit.notations``
entry points, shipped or installed) and checks, on each notation's own example:

* the registry entry: ``parse``, ``check``, ``format``/``dumps``, ``canonicalize``, ``validate``;
* round trip: the canonical text parses back to the same AST and is its own canonical form;
* bad input: ``parse`` raises a ``NotationError`` with coded diagnostics, ``check`` never raises;
* extension by grammar: a user grammar that ``%import``\\ s the shipped one (and adds nothing)
  reads the example into the same AST;
* the package API (``notation_toolkit.<package>``): ``parse``, ``check``, ``validate``, ``dumps``,
  ``canonicalize``, ``is_valid``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from notation_toolkit.core.diagnostics import Diagnostic, Severity
from notation_toolkit.core.errors import NotationError
from notation_toolkit.core.registry import Notation, declared_notations, get_notation, notation_names

PACKAGE_API = ("parse", "check", "validate", "dumps", "canonicalize", "is_valid")

# The rule a notation's parser starts at, when it is not ``start`` (for the extension grammar).
START_RULE = {"fbr": "rule_file", "mbn": "mbn_item"}

# Parts of the surface a notation may lack for a while: (notation or package, missing part).
# test_known_gaps_are_still_gaps says when an entry is stale, so the list only shrinks.
KNOWN_GAPS_TO_CLOSE: frozenset[tuple[str, str]] = frozenset()

HOSTILE = ["\x00", "", "(((((", "\u041a", " " * 3]


def _names() -> list[str]:
    # Declared notations only (shipped and installed entry points): other tests register
    # throw-away notations in this process, which are not part of the toolkit's surface.
    declared = sorted(declared_notations())
    assert set(declared) <= set(notation_names())
    return declared


def _package(name: str) -> str:
    module = declared_notations()[name].partition(":")[0]
    return module.rsplit(".", 1)[0]


def _gaps() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for name in _names():
        notation = get_notation(name)
        for part in ("parse", "check", "format", "canonicalize", "validate"):
            if not callable(getattr(notation, part, None)):
                found.add((name, f"Notation.{part}"))
        package = importlib.import_module(_package(name))
        for part in PACKAGE_API:
            if not callable(getattr(package, part, None)):
                found.add((package.__name__.rsplit(".", 1)[-1], f"package.{part}"))
    return found


def test_the_registry_holds_every_shipped_notation() -> None:
    assert {"feen", "feen-legacy", "epin", "pin", "sin", "qpi", "fen", "dfen", "fbr", "mbn"} <= set(_names())


def test_every_notation_offers_the_whole_surface() -> None:
    missing = sorted(_gaps() - KNOWN_GAPS_TO_CLOSE)
    assert not missing, f"notations lacking part of the common surface: {missing}"


def test_known_gaps_are_still_gaps() -> None:
    stale = sorted(KNOWN_GAPS_TO_CLOSE - _gaps())
    if stale:
        pytest.fail(f"these gaps are closed: remove them from KNOWN_GAPS_TO_CLOSE: {stale}")


@pytest.mark.parametrize("name", _names())
def test_the_example_round_trips(name: str) -> None:
    notation = get_notation(name)
    assert notation.example, f"{name} has no example"
    example = notation.example
    ast = notation.parse(example)
    assert not [d for d in notation.check(example) if d.severity is Severity.ERROR]
    canonical = notation.dumps(example)
    assert notation.format is notation.dumps
    assert notation.parse(canonical) == ast
    assert notation.dumps(canonical) == canonical
    if notation.canonicalize is not None:
        text, fixes = notation.canonicalize(example)
        assert text == canonical and isinstance(fixes, list)
    if notation.validate is not None:
        assert notation.validate(ast) == []


@pytest.mark.parametrize("name", _names())
def test_bad_input_gives_coded_diagnostics(name: str) -> None:
    notation = get_notation(name)
    for text in HOSTILE:
        diagnostics = notation.check(text)  # never raises for bad input
        try:
            notation.parse(text)
        except NotationError as err:
            assert err.diagnostics and all(d.code and d.message for d in err.diagnostics)
            assert [d.code for d in diagnostics if d.severity is Severity.ERROR]
        else:
            assert not [d for d in diagnostics if d.severity is Severity.ERROR], (name, text)
    # a control character is never valid anywhere
    with pytest.raises(NotationError):
        notation.parse("\x00")


@pytest.mark.parametrize("name", _names())
def test_a_user_grammar_extends_the_shipped_one(name: str, tmp_path: Path) -> None:
    notation: Notation = get_notation(name)
    if not (notation.extensible and notation.grammar and notation.example):
        pytest.skip(f"{name} takes no user grammar")
    grammar = tmp_path / "same.lark"
    # An extension that adds nothing: the shipped rules under their namespace must still reach
    # the notation's handlers, and the result must be the same AST.
    grammar.write_text(f"%import {notation.grammar} ({START_RULE.get(name, 'start')})\n", encoding="utf-8")
    assert notation.parse(notation.example, grammar=str(grammar)) == notation.parse(notation.example)
    assert notation.check("\x00", grammar=str(grammar))


@pytest.mark.parametrize("name", _names())
def test_an_unknown_option_is_refused_not_ignored(name: str) -> None:
    """``--set catalgo=x`` must not be dropped without a word (FBR and MBN used to ignore it)."""
    notation = get_notation(name)
    calls = [notation.parse, notation.format]
    if notation.canonicalize is not None:
        calls.append(notation.canonicalize)
    found: list[Diagnostic] = []
    for call in calls:
        with pytest.raises(NotationError) as info:
            call(notation.example, zzz_option="1")
        found += info.value.diagnostics
    found += notation.check(notation.example, zzz_option="1")  # check reports, never raises
    assert len(found) == len(calls) + 1
    for d in found:
        assert d.code == "NTK003", name
        assert "zzz_option" in d.message or "takes no options" in d.message
    for option in notation.options:
        misspelt = option[:-1] + "z"
        with pytest.raises(NotationError) as info:
            notation.parse(notation.example, **{misspelt: "1"})
        assert info.value.diagnostics[0].hint == f"did you mean '{option}'?"
